//! The protocol's `Action` for each move, its notation ("Nb1-c3", "Nc3>d5",
//! "Pd4!", "xd5") and its label in words that name units and squares
//! ("Knights on b1 charge c3"); the reading of an `Action` sent by a player,
//! and why a well-formed one is refused.

use fray_protocol::{Action, ActionOption, PieceId, RejectCode, Rejection};

use super::board::{zone, zone_name};
use super::firing::Target;
use super::moves::Move;
use super::state::{ChessWar, Pending, Phase, Place, Step};
use super::units::{Special, profile, unit_by_key};
use crate::kit::action_form::{board_square, check_parts};
use crate::kit::describe::Describe;
use crate::kit::grid::{bit, push_square, to_square};

fn illegal(message: String) -> Rejection {
    Rejection::new(RejectCode::IllegalAction, message)
}

fn unknown(message: String) -> Rejection {
    Rejection::new(RejectCode::UnknownAction, message)
}

impl ChessWar {
    pub(crate) fn option_of(&self, mv: Move) -> ActionOption {
        ActionOption {
            action: self.action_of(mv),
            notation: self.notation(mv),
            label: self.label(mv),
        }
    }

    fn action_of(&self, mv: Move) -> Action {
        let id = |index: u8| self.unit(index).id;
        match mv {
            Move::Place { unit, to } => Action::new("place")
                .choice(profile(unit).key)
                .to(to_square(to)),
            Move::Move { piece, to } => Action::new("move").piece(id(piece)).to(to_square(to)),
            Move::Charge { piece, to } => Action::new("charge").piece(id(piece)).to(to_square(to)),
            Move::Fire {
                piece,
                target: Target::Unit(target),
            } => Action::new("fire").piece(id(piece)).target(id(target)),
            Move::Fire {
                piece,
                target: Target::Square(to),
            } => Action::new("fire").piece(id(piece)).to(to_square(to)),
            Move::Cast(casting) => self.cast_action(casting),
            Move::Attack { piece } => Action::new("attack").piece(id(piece)),
            Move::Choose { target } => Action::new("choose").target(id(target)),
            Move::Advance { piece, to } => {
                Action::new("advance").piece(id(piece)).to(to_square(to))
            }
            Move::EndPhase => Action::new("end-phase"),
            Move::Pass => Action::new("pass"),
        }
    }

    /// The glyph and square of a unit: "Nb1".
    fn push_piece(&self, out: &mut String, index: u8) {
        let unit = self.unit(index);
        out.push_str(unit.profile().piece.glyph());
        if let Some(sq) = unit.square() {
            push_square(out, sq);
        }
    }

    fn notation(&self, mv: Move) -> String {
        let mut out = String::with_capacity(8);
        match mv {
            Move::Place { unit, to } => {
                out.push_str(profile(unit).piece.glyph());
                push_square(&mut out, to);
            }
            Move::Move { piece, to } | Move::Advance { piece, to } => {
                self.push_piece(&mut out, piece);
                out.push('-');
                push_square(&mut out, to);
            }
            Move::Charge { piece, to } => {
                self.push_piece(&mut out, piece);
                out.push('>');
                push_square(&mut out, to);
            }
            Move::Fire { piece, target } => {
                self.push_piece(&mut out, piece);
                match target {
                    Target::Unit(index) => {
                        out.push('x');
                        push_square(&mut out, self.unit(index).square().expect("on the board"));
                    }
                    Target::Square(sq) => {
                        out.push('@');
                        push_square(&mut out, sq);
                    }
                }
            }
            Move::Cast(casting) => self.push_cast_notation(&mut out, casting),
            Move::Attack { piece } => {
                self.push_piece(&mut out, piece);
                out.push('!');
            }
            Move::Choose { target } => {
                out.push('x');
                push_square(&mut out, self.unit(target).square().expect("on the board"));
            }
            Move::EndPhase => out.push_str("end"),
            Move::Pass => out.push_str("pass"),
        }
        out
    }

    fn label(&self, mv: Move) -> String {
        match mv {
            Move::Place { unit, to } => {
                format!("Place {} on {}", profile(unit).name, to_square(to))
            }
            Move::Move { piece, to } => {
                let verb = if self.unit(piece).profile().has(Special::Teleport) {
                    "teleport"
                } else {
                    "move"
                };
                format!("{} {verb} to {}", self.describe(piece), to_square(to))
            }
            Move::Charge { piece, to } => {
                format!("{} charge {}", self.describe(piece), to_square(to))
            }
            Move::Fire { piece, target } => self.fire_label(piece, target),
            Move::Cast(casting) => self.cast_label(casting),
            Move::Attack { piece } => {
                let targets: Vec<String> = self.targets(piece).map(|t| self.describe(t)).collect();
                match targets.as_slice() {
                    [one] => format!("{} attack {one}", self.describe(piece)),
                    many => format!(
                        "{} attack: your opponent chooses which of {} is attacked",
                        self.describe(piece),
                        many.join(", ")
                    ),
                }
            }
            Move::Choose { target } => {
                let attacker = match self.phase {
                    Phase::Turn {
                        pending: Some(Pending::Target { attacker }),
                        ..
                    } => self.describe(attacker),
                    _ => "the attacker".into(),
                };
                format!("{attacker} attack your {}", self.describe(target))
            }
            Move::Advance { piece, to } => {
                format!("{} advance to {}", self.describe(piece), to_square(to))
            }
            Move::Pass if self.reaction.is_some() => "Cast nothing now".into(),
            Move::Pass => "Do not advance".into(),
            Move::EndPhase => match self.phase {
                Phase::Turn {
                    step: Step::Closing,
                    ..
                } => "End the turn".into(),
                Phase::Turn { step, .. } => format!("End the {} phase", step.name()),
                _ => "End".into(),
            },
        }
    }

    /// The index of `seat`'s unit `id`, on the board or waiting.
    pub(crate) fn own_piece(&self, seat: u8, id: PieceId) -> Result<u8, Rejection> {
        let index = self
            .index_of(id)
            .filter(|&index| self.unit(index).place != Place::Destroyed)
            .ok_or_else(|| illegal(format!("there is no unit {id} on the board")))?;
        if self.unit(index).owner != seat {
            return Err(Rejection::new(
                RejectCode::NotYourPiece,
                format!("{} is not yours", self.describe(index)),
            ));
        }
        Ok(index)
    }

    /// The index of unit `id`, of either side, standing on the board.
    pub(crate) fn standing_piece(&self, id: PieceId) -> Result<u8, Rejection> {
        self.index_of(id)
            .filter(|&index| self.unit(index).square().is_some())
            .ok_or_else(|| illegal(format!("there is no unit {id} on the board")))
    }
}

/// Reads an action as a move, checking its form and the pieces it names;
/// whether it is legal is decided by the move list.
pub(super) fn parse(game: &ChessWar, seat: u8, action: &Action) -> Result<Move, Rejection> {
    let verb = action.verb.as_str();
    if game.phase == Phase::Placing && verb != "place" {
        // Before the reveal nothing but placing is asked, and a piece
        // named here must not tell whether the other side has it.
        return Err(illegal(
            "the armies are being placed: place your units first".into(),
        ));
    }
    match verb {
        "place" => {
            check_parts(action, false, false, true, true)?;
            let key = action.choice.as_deref().expect("checked");
            let to = board_square(action.to.expect("checked"))?;
            let unit = unit_by_key(game.race(seat), key).ok_or_else(|| {
                unknown(format!(
                    "'{key}' is not a unit of the {} army",
                    game.race(seat).name()
                ))
            })?;
            Ok(Move::Place { unit, to })
        }
        "move" | "charge" | "advance" => {
            check_parts(action, true, false, true, false)?;
            let piece = game.own_piece(seat, action.piece.expect("checked"))?;
            let to = board_square(action.to.expect("checked"))?;
            Ok(match verb {
                "move" => Move::Move { piece, to },
                "charge" => Move::Charge { piece, to },
                _ => Move::Advance { piece, to },
            })
        }
        "attack" => {
            check_parts(action, true, false, false, false)?;
            let piece = game.own_piece(seat, action.piece.expect("checked"))?;
            Ok(Move::Attack { piece })
        }
        "choose" => {
            check_parts(action, false, true, false, false)?;
            let target = game.own_piece(seat, action.target.expect("checked"))?;
            Ok(Move::Choose { target })
        }
        "end-phase" | "pass" => {
            check_parts(action, false, false, false, false)?;
            Ok(if verb == "pass" {
                Move::Pass
            } else {
                Move::EndPhase
            })
        }
        "fire" => {
            check_parts(
                action,
                true,
                action.target.is_some(),
                action.to.is_some(),
                false,
            )?;
            let piece = game.own_piece(seat, action.piece.expect("checked"))?;
            let target = match (action.target, action.to) {
                (Some(id), None) => Target::Unit(game.standing_piece(id)?),
                (None, Some(square)) => Target::Square(board_square(square)?),
                _ => {
                    return Err(unknown(
                        "'fire' names either a target unit or a target square".into(),
                    ));
                }
            };
            Ok(Move::Fire { piece, target })
        }
        "cast" => game.parse_cast(seat, action),
        other => Err(unknown(format!(
            "'{other}' is not an action in ChessWar!; the actions are place, move, charge, \
             fire, cast, attack, choose, advance, end-phase and pass"
        ))),
    }
}

/// Why a well-formed move is not among `seat`'s legal moves.
pub(super) fn explain_illegal(game: &ChessWar, seat: u8, mv: Move) -> Rejection {
    let Phase::Turn { step, pending, .. } = game.phase else {
        return match mv {
            Move::Place { to, .. } if zone(seat) & bit(to) == 0 => illegal(format!(
                "{} is not in your deployment zone ({})",
                to_square(to),
                zone_name(seat)
            )),
            Move::Place { to, .. } if game.squares_of_seat(seat) & bit(to) != 0 => {
                illegal(format!("{} is taken", to_square(to)))
            }
            Move::Place { unit, .. } => illegal(format!(
                "every {} of your list is already placed",
                profile(unit).name
            )),
            _ => illegal("the armies are being placed: place your units first".into()),
        };
    };
    if let Some(window) = game.reaction {
        return game.explain_window(window, mv);
    }
    if let Some(pending) = pending {
        return illegal(match pending {
            Pending::Target { attacker } => format!(
                "choose which of your units {} attack, among its neighbours",
                game.describe(attacker)
            ),
            Pending::Advance { square } => format!(
                "advance a unit that was next to {} and is next to no enemy now, or pass",
                to_square(square)
            ),
        });
    }
    let wrong_phase = |wanted: Step| {
        illegal(format!(
            "that is done in the {} phase; this is the {} phase",
            wanted.name(),
            step.name()
        ))
    };
    match mv {
        Move::Place { .. } => illegal("the armies are already placed".into()),
        Move::Move { .. } | Move::Charge { .. } if step != Step::Movement => {
            wrong_phase(Step::Movement)
        }
        Move::Move { piece, to } => match game.move_bar(piece) {
            Some(bar) => illegal(format!("{} {}", game.describe(piece), bar.text())),
            None => illegal(format!(
                "{} cannot reach {}: a move goes up to Move {} steps through empty \
                 squares, never onto a square next to an enemy (charge for that)",
                game.describe(piece),
                to_square(to),
                game.unit(piece).profile().movement
            )),
        },
        Move::Charge { piece, to } => match game.charge_bar(piece) {
            Some(bar) => illegal(format!("{} {}", game.describe(piece), bar.text())),
            None => illegal(format!(
                "{} cannot charge {}: a charge is one step onto an empty square next to \
                 an enemy",
                game.describe(piece),
                to_square(to)
            )),
        },
        Move::Fire { .. } if step != Step::Firing => wrong_phase(Step::Firing),
        Move::Fire { piece, target } => match game.fire_bar(piece) {
            Some(bar) => illegal(format!("{} {}", game.describe(piece), bar.text())),
            None => game.explain_unreachable_target(piece, target),
        },
        Move::Cast(casting) => game.explain_cast(step, casting),
        Move::Attack { .. } if step != Step::Melee => wrong_phase(Step::Melee),
        Move::Attack { piece } if game.unit(piece).marks.attacked => illegal(format!(
            "{} has already attacked this turn",
            game.describe(piece)
        )),
        Move::Attack { piece } => illegal(format!(
            "{} is not in melee: no enemy stands next to it",
            game.describe(piece)
        )),
        Move::EndPhase => {
            let waiting: Vec<String> = game
                .must_attack(seat)
                .map(|index| game.describe(index))
                .collect();
            illegal(format!(
                "every unit in melee must attack first: {}",
                waiting.join(", ")
            ))
        }
        Move::Choose { .. } => illegal("no attacker is waiting for a target".into()),
        Move::Advance { .. } | Move::Pass => {
            illegal("there is no advance to make: nothing was just destroyed".into())
        }
    }
}

pub(super) fn not_your_turn(game: &ChessWar) -> Rejection {
    let message = match game.phase {
        Phase::Placing => "you have placed your whole army: the other side is still placing",
        Phase::Turn { .. } if game.reaction.is_some() => {
            "your opponent is deciding whether to cast an instant spell"
        }
        Phase::Turn {
            pending: Some(Pending::Target { .. }),
            ..
        } => "your opponent is choosing which of its units your attacker attacks",
        Phase::Turn { .. } => "it is not your turn",
        Phase::Over(_) => {
            return Rejection::new(RejectCode::GameOver, "the game is over");
        }
    };
    Rejection::new(RejectCode::NotYourTurn, message)
}
