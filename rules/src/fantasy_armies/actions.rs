//! The protocol's `Action` for each move, its notation and label, and the
//! reading of an `Action` sent by a player, with a reason in words when it
//! cannot be played.

use std::fmt::Write;

use fray_protocol::{Action, ActionOption, PieceId, RejectCode, Rejection};

use super::board;
use super::moves::{Move, NONE, Spell};
use super::state::{FantasyArmies, Phase, Place};
use super::units::Role;
use crate::kit::action_form::{board_square, check_parts};
use crate::kit::describe::Describe;
use crate::kit::match_options::Choice;

/// Room for nearly every notation ("Pb2 teleport c3>h5") and label
/// ("Man-at-Arms on b2 attacks Skeleton on c3") without growing.
const NOTATION_CAPACITY: usize = 24;
const LABEL_CAPACITY: usize = 64;

fn id(index: u8) -> PieceId {
    PieceId(u32::from(index))
}

impl Spell {
    fn takes_target(self) -> bool {
        !matches!(
            self,
            Spell::Armour | Spell::Charge | Spell::Smash | Spell::DarkRitual | Spell::RainOfBlood
        )
    }

    fn takes_square(self) -> bool {
        matches!(
            self,
            Spell::Teleport | Spell::RaiseDeadZombie | Spell::RaiseDeadSkeleton
        )
    }
}

impl FantasyArmies {
    pub(crate) fn to_action(&self, mv: Move) -> Action {
        match mv {
            Move::Deploy { piece, to } => Action::new("deploy")
                .piece(id(piece))
                .to(board::to_square(to)),
            Move::GoFirst { me } => {
                Action::new("go-first").choice(if me { "me" } else { "opponent" })
            }
            Move::Step { piece, to } => Action::new("move")
                .piece(id(piece))
                .to(board::to_square(to)),
            Move::Shoot { piece, target } => {
                Action::new("shoot").piece(id(piece)).target(id(target))
            }
            Move::Cast {
                piece,
                spell,
                target,
                to,
            } => {
                let mut action = Action::new("cast").piece(id(piece)).choice(spell.key());
                if target != NONE {
                    action = action.target(id(target));
                }
                if to != NONE {
                    action = action.to(board::to_square(to));
                }
                action
            }
            Move::Tunnel { piece, to } => Action::new("tunnel")
                .piece(id(piece))
                .to(board::to_square(to)),
            Move::Pass => Action::new("pass"),
        }
    }

    pub(crate) fn to_option(&self, mv: Move) -> ActionOption {
        let (notation, label) = self.notation_and_label(mv);
        ActionOption {
            action: self.to_action(mv),
            notation,
            label,
        }
    }

    /// Appends "Nb1" for a piece on the board, "N" for one waiting to deploy.
    fn push_short(&self, out: &mut String, index: u8) {
        let piece = self.piece(index);
        out.push_str(piece.profile().movement.glyph());
        if let Some(sq) = piece.square() {
            board::push_square(out, sq);
        }
    }

    /// Appends the square a target stands on, or "?" if it is off the board.
    fn push_target_square(&self, out: &mut String, index: u8) {
        match self.piece(index).square() {
            Some(sq) => board::push_square(out, sq),
            None => out.push('?'),
        }
    }

    // The server lists every option after every action, so each option's two
    // strings are built in place, one allocation apiece, rather than from
    // `format!`ed pieces; the text must stay exactly as stored logs have it.
    fn notation_and_label(&self, mv: Move) -> (String, String) {
        let mut n = String::with_capacity(NOTATION_CAPACITY);
        let mut l = String::with_capacity(LABEL_CAPACITY);
        match mv {
            // Units share glyphs (Archer and Man-at-Arms are both P): name the unit.
            Move::Deploy { piece, to } => {
                let profile = self.piece(piece).profile();
                n.push_str(profile.key);
                n.push('@');
                board::push_square(&mut n, to);
                l.push_str("Deploy ");
                l.push_str(profile.name);
                l.push_str(" on ");
                board::push_square(&mut l, to);
            }
            Move::GoFirst { me } => {
                return if me {
                    ("first:me".into(), "Take the first turn yourself".into())
                } else {
                    (
                        "first:opponent".into(),
                        "Give the first turn to your opponent".into(),
                    )
                };
            }
            Move::Step { piece, to } => {
                self.push_short(&mut n, piece);
                self.push_describe(&mut l, piece);
                match self.piece_at(to) {
                    Some(defender) => {
                        n.push('x');
                        l.push_str(" attacks ");
                        self.push_describe(&mut l, defender);
                    }
                    None => {
                        n.push('-');
                        l.push_str(" moves to ");
                        board::push_square(&mut l, to);
                    }
                }
                board::push_square(&mut n, to);
            }
            Move::Shoot { piece, target } => {
                self.push_short(&mut n, piece);
                n.push('*');
                self.push_target_square(&mut n, target);
                self.push_describe(&mut l, piece);
                l.push_str(" shoots at ");
                self.push_describe(&mut l, target);
            }
            Move::Cast {
                piece,
                spell,
                target,
                to,
            } => {
                self.push_short(&mut n, piece);
                n.push(' ');
                n.push_str(spell.key());
                self.push_describe(&mut l, piece);
                l.push_str(" casts ");
                l.push_str(spell.name());
                // Writing to a String cannot fail.
                let _ = write!(l, " ({}+)", spell.casting_value());
                match (target != NONE, to != NONE) {
                    (true, true) if matches!(spell, Spell::Teleport) => {
                        n.push(' ');
                        self.push_target_square(&mut n, target);
                        n.push('>');
                        board::push_square(&mut n, to);
                        l.push_str(": ");
                        self.push_describe(&mut l, target);
                        l.push_str(" to ");
                        board::push_square(&mut l, to);
                    }
                    (_, true) => {
                        n.push(' ');
                        board::push_square(&mut n, to);
                        l.push_str(" on ");
                        board::push_square(&mut l, to);
                    }
                    (true, false) => {
                        n.push(' ');
                        self.push_target_square(&mut n, target);
                        l.push_str(" on ");
                        self.push_describe(&mut l, target);
                    }
                    (false, false) => {}
                }
            }
            Move::Tunnel { piece, to } => {
                self.push_short(&mut n, piece);
                n.push('~');
                board::push_square(&mut n, to);
                self.push_describe(&mut l, piece);
                l.push_str(" tunnels to ");
                board::push_square(&mut l, to);
                l.push_str(" (5+)");
            }
            Move::Pass => return ("pass".into(), "Pass: no legal action".into()),
        }
        (n, l)
    }

    fn index_of(&self, piece: PieceId) -> Result<u8, Rejection> {
        crate::kit::action_form::piece_index(piece, self.pieces.len(), "piece").map(|ix| ix as u8)
    }
}

/// Reads an action as a move of this game, checking its form and that it
/// names the seat's own piece; legality is checked against the move list.
pub(super) fn parse(game: &FantasyArmies, seat: u8, action: &Action) -> Result<Move, Rejection> {
    let unknown = |message: String| Rejection::new(RejectCode::UnknownAction, message);
    let verb = action.verb.as_str();
    let uses = |piece, target, to, choice| check_parts(action, piece, target, to, choice);
    let own_piece = || -> Result<u8, Rejection> {
        let piece = action.piece.expect("checked by uses");
        let index = game.index_of(piece)?;
        if game.piece(index).owner != seat {
            return Err(Rejection::new(
                RejectCode::NotYourPiece,
                format!("{} is not yours", game.describe(index)),
            ));
        }
        Ok(index)
    };
    let target = || game.index_of(action.target.expect("checked by uses"));
    let square = || board_square(action.to.expect("checked by uses"));
    match verb {
        "deploy" => {
            uses(true, false, true, false)?;
            Ok(Move::Deploy {
                piece: own_piece()?,
                to: square()?,
            })
        }
        "go-first" => {
            uses(false, false, false, true)?;
            match action.choice.as_deref() {
                Some("me") => Ok(Move::GoFirst { me: true }),
                Some("opponent") => Ok(Move::GoFirst { me: false }),
                _ => Err(unknown(
                    "'go-first' takes the choice 'me' or 'opponent'".into(),
                )),
            }
        }
        "move" => {
            uses(true, false, true, false)?;
            Ok(Move::Step {
                piece: own_piece()?,
                to: square()?,
            })
        }
        "shoot" => {
            uses(true, true, false, false)?;
            Ok(Move::Shoot {
                piece: own_piece()?,
                target: target()?,
            })
        }
        "tunnel" => {
            uses(true, false, true, false)?;
            Ok(Move::Tunnel {
                piece: own_piece()?,
                to: square()?,
            })
        }
        "cast" => {
            let key = action.choice.as_deref().unwrap_or_default();
            let spell = Spell::from_key(key)
                .ok_or_else(|| unknown(format!("'{key}' is not a Fantasy Armies spell")))?;
            uses(true, spell.takes_target(), spell.takes_square(), true)?;
            Ok(Move::Cast {
                piece: own_piece()?,
                spell,
                target: if spell.takes_target() {
                    target()?
                } else {
                    NONE
                },
                to: if spell.takes_square() {
                    square()?
                } else {
                    NONE
                },
            })
        }
        "pass" => {
            uses(false, false, false, false)?;
            Ok(Move::Pass)
        }
        other => Err(unknown(format!(
            "'{other}' is not an action in Fantasy Armies; the actions are deploy, go-first, move, shoot, cast, tunnel and pass"
        ))),
    }
}

/// Why a well-formed move of the seat's own piece is not legal now.
pub(super) fn explain_illegal(game: &FantasyArmies, mv: Move) -> Rejection {
    let illegal = |message: String| Rejection::new(RejectCode::IllegalAction, message);
    let phase_needs = match game.phase {
        Phase::Deploy { .. } => "deploy a piece",
        Phase::ChooseFirst { .. } => "choose who moves first",
        _ => "act with one piece",
    };
    let in_phase = matches!(
        (mv, game.phase),
        (Move::Deploy { .. }, Phase::Deploy { .. })
            | (Move::GoFirst { .. }, Phase::ChooseFirst { .. })
            | (
                Move::Step { .. }
                    | Move::Shoot { .. }
                    | Move::Cast { .. }
                    | Move::Tunnel { .. }
                    | Move::Pass,
                Phase::Battle { .. }
            )
    );
    if !in_phase {
        return illegal(format!(
            "that cannot be done now: it is time to {phase_needs}"
        ));
    }
    let on_board = |index: u8| matches!(game.piece(index).place, Place::Board(_));
    match mv {
        Move::Deploy { piece, to } => {
            let p = game.piece(piece);
            if p.place != Place::Reserve {
                illegal(format!("{} is already deployed", game.describe(piece)))
            } else if !game.is_empty(to) {
                illegal(format!("{} is occupied", board::to_square(to)))
            } else if !board::deployment_ranks(p.owner, p.profile().role == Role::Ranger)
                .contains(&board::rank(to))
            {
                illegal(format!(
                    "{} is outside {}'s deployment area",
                    board::to_square(to),
                    p.profile().name
                ))
            } else {
                illegal(format!(
                    "deploy identical pieces in order: another {} waits before this one",
                    p.profile().name
                ))
            }
        }
        Move::Step { piece, to } if on_board(piece) => {
            if game.piece(piece).profile().hth.is_none() && game.piece_at(to).is_some() {
                illegal(format!(
                    "{} has HTH - and cannot contest a square",
                    game.describe(piece)
                ))
            } else {
                illegal(format!(
                    "{} cannot move to {}",
                    game.describe(piece),
                    board::to_square(to)
                ))
            }
        }
        Move::Shoot { piece, target } if on_board(piece) => {
            match game.piece(piece).profile().ranged {
                None => illegal(format!("{} has no ranged attack", game.describe(piece))),
                Some(ranged) => illegal(format!(
                    "{} is not an enemy in line of sight within {} squares of {}",
                    game.describe(target),
                    ranged.range,
                    game.describe(piece)
                )),
            }
        }
        Move::Cast { piece, spell, .. } if on_board(piece) => {
            if game.piece(piece).profile().role != Role::Caster(spell.caster()) {
                illegal(format!(
                    "{} cannot cast {}",
                    game.describe(piece),
                    spell.name()
                ))
            } else {
                illegal(format!(
                    "{} cannot be cast on that target or square now",
                    spell.name()
                ))
            }
        }
        Move::Tunnel { piece, .. } if !on_board(piece) => {
            illegal(format!("{} is not on the board", game.describe(piece)))
        }
        Move::Tunnel { piece, .. } if game.piece(piece).profile().role != Role::Miner => illegal(
            format!("only a Miner tunnels, not {}", game.describe(piece)),
        ),
        Move::Tunnel { to, .. } => {
            illegal(format!("{} is not a vacant square", board::to_square(to)))
        }
        Move::Pass => illegal("you may pass only when you have no other legal action".into()),
        Move::Step { piece, .. } | Move::Shoot { piece, .. } | Move::Cast { piece, .. } => {
            illegal(format!("{} is not on the board", game.describe(piece)))
        }
        Move::GoFirst { .. } => illegal("that cannot be done now".into()),
    }
}

pub(super) fn not_your_turn(game: &FantasyArmies) -> Rejection {
    let message: String = match game.seat_to_act() {
        // The rejected seat sees who decides in its view; a seat
        // number here would be one it cannot put a name to.
        Some(_) => "it is not your turn: another player decides now".into(),
        None => "the game is over".into(),
    };
    let code = if game.seat_to_act().is_some() {
        RejectCode::NotYourTurn
    } else {
        RejectCode::GameOver
    };
    Rejection::new(code, message)
}
