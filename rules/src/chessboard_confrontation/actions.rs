//! The protocol's `Action` for each move, its notation and label, and the
//! reading of an `Action` a player sends, with a reason in words when it
//! cannot be played.

use std::fmt::Write;

use fray_protocol::{Action, ActionOption, PieceId, RejectCode, Rejection};

use super::board;
use super::large::{Reach, footprint};
use super::moves::Move;
use super::state::{ChessboardConfrontation, Kind, Mode, Pending, Phase};
use crate::kit::action_form::check_parts;
use crate::kit::describe::Describe;
use crate::kit::match_options::Choice;

/// Room for nearly every notation ("Eb2xMc3:ranged-poison") and label
/// ("place the Elite Troops on b2, b3, c2 and c3, with its main space on b2")
/// without growing.
const NOTATION_CAPACITY: usize = 24;
const LABEL_CAPACITY: usize = 64;

fn id(index: u8) -> PieceId {
    PieceId(u32::from(index))
}

fn attack_choice(kind: Kind, mode: Mode) -> String {
    match mode {
        Mode::Regular => kind.key().to_string(),
        _ => format!("{}-{}", kind.key(), mode.key()),
    }
}

fn parse_attack_choice(text: &str) -> Option<(Kind, Mode)> {
    let (kind, mode) = match text.split_once('-') {
        Some((kind, "poison")) => (kind, Mode::Poison),
        Some((kind, "stun")) => (kind, Mode::Stun),
        Some(_) => return None,
        None => (text, Mode::Regular),
    };
    Kind::ALL
        .into_iter()
        .find(|k| k.key() == kind)
        .map(|k| (k, mode))
}

impl ChessboardConfrontation {
    pub(crate) fn to_action(&self, mv: Move) -> Action {
        let sq = board::to_square;
        match mv {
            Move::Place { piece, to, reach } => {
                let place = Action::new("place").piece(id(piece)).to(sq(to));
                match reach {
                    Some(reach) => place.choice(reach.key()),
                    None => place,
                }
            }
            Move::Activate { piece } => Action::new("activate").piece(id(piece)),
            Move::Pass => Action::new("pass"),
            Move::Step { piece, to } => Action::new("move").piece(id(piece)).to(sq(to)),
            Move::Attack {
                piece,
                target,
                kind,
                mode,
            } => Action::new("attack")
                .piece(id(piece))
                .target(id(target))
                .choice(attack_choice(kind, mode)),
            Move::Summon { piece, ally, to } => Action::new("summon")
                .piece(id(piece))
                .target(id(ally))
                .to(sq(to)),
            Move::PickUp { piece } => Action::new("pick-up").piece(id(piece)),
            Move::Drop { piece, to } => Action::new("drop").piece(id(piece)).to(sq(to)),
            Move::Support { piece, ally } => {
                Action::new("support").piece(id(piece)).target(id(ally))
            }
            Move::End => Action::new("end"),
            Move::Reroll { support } => {
                Action::new("reroll").choice(if support { "support" } else { "lucky" })
            }
            Move::Heal { healer } => Action::new("heal").piece(id(healer)),
            Move::Accept => Action::new("accept"),
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

    /// Appends "Rb1", or "R#3" for a miniature off the board.
    fn push_short(&self, out: &mut String, index: u8) {
        let mini = self.mini(index);
        out.push_str(mini.troop.glyph());
        match mini.square() {
            Some(sq) => board::push_square(out, sq),
            // Writing to a String cannot fail.
            None => {
                let _ = write!(out, "#{index}");
            }
        }
    }

    // The server lists every option after every action, so each option's two
    // strings are built in place, one allocation apiece, rather than from
    // `format!`ed pieces; the text must stay exactly as stored logs have it.
    fn notation_and_label(&self, mv: Move) -> (String, String) {
        let mut n = String::with_capacity(NOTATION_CAPACITY);
        let mut l = String::with_capacity(LABEL_CAPACITY);
        match mv {
            Move::Place {
                piece,
                to,
                reach: None,
            } => {
                self.push_short(&mut n, piece);
                n.push('@');
                board::push_square(&mut n, to);
                l.push_str("place the ");
                self.push_describe(&mut l, piece);
                l.push_str(" on ");
                board::push_square(&mut l, to);
            }
            Move::Place {
                piece,
                to,
                reach: Some(reach),
            } => {
                let mut covers =
                    footprint(self.board, true, reach, to).expect("a listed placement fits");
                covers.sort_unstable();
                let [a, b, c, d] = covers;
                self.push_short(&mut n, piece);
                n.push('@');
                board::push_square(&mut n, to);
                n.push(':');
                n.push_str(reach.key());
                l.push_str("place the ");
                self.push_describe(&mut l, piece);
                l.push_str(" on ");
                board::push_square(&mut l, a);
                l.push_str(", ");
                board::push_square(&mut l, b);
                l.push_str(", ");
                board::push_square(&mut l, c);
                l.push_str(" and ");
                board::push_square(&mut l, d);
                l.push_str(", with its main space on ");
                board::push_square(&mut l, to);
            }
            Move::Activate { piece } => {
                n.push_str("go ");
                self.push_short(&mut n, piece);
                l.push_str("discard a token: the ");
                self.push_describe(&mut l, piece);
                l.push_str(" takes a turn");
            }
            Move::Pass => return ("pass".into(), "discard a token without acting".into()),
            Move::Step { piece, to } => {
                self.push_short(&mut n, piece);
                n.push('-');
                board::push_square(&mut n, to);
                l.push_str("move the ");
                self.push_describe(&mut l, piece);
                l.push_str(" to ");
                board::push_square(&mut l, to);
            }
            Move::Attack {
                piece,
                target,
                kind,
                mode,
            } => {
                self.push_short(&mut n, piece);
                n.push('x');
                self.push_short(&mut n, target);
                n.push(':');
                n.push_str(kind.key());
                if mode != Mode::Regular {
                    n.push('-');
                    n.push_str(mode.key());
                }
                l.push_str(kind.name());
                l.push_str(match mode {
                    Mode::Regular => " attack on the ",
                    Mode::Poison => " attack to poison on the ",
                    Mode::Stun => " attack to stun on the ",
                });
                self.push_describe(&mut l, target);
            }
            Move::Summon { piece, ally, to } => {
                self.push_short(&mut n, piece);
                n.push_str(" summons ");
                self.push_short(&mut n, ally);
                n.push('>');
                board::push_square(&mut n, to);
                l.push_str("summon the ");
                self.push_describe(&mut l, ally);
                l.push_str(" to ");
                board::push_square(&mut l, to);
                l.push_str(if self.settings.rulings.summon_takes_skill_roll() {
                    " (Skill roll; no attack this turn)"
                } else {
                    " (no attack this turn)"
                });
            }
            Move::PickUp { piece } => {
                self.push_short(&mut n, piece);
                n.push_str(" pick-up");
                l.push_str("try to pick up the objective (Skill roll)");
            }
            Move::Drop { piece, to } => {
                self.push_short(&mut n, piece);
                n.push_str(" drop>");
                board::push_square(&mut n, to);
                l.push_str("drop the objective on ");
                board::push_square(&mut l, to);
            }
            Move::Support { piece, ally } => {
                self.push_short(&mut n, piece);
                n.push_str(" supports ");
                self.push_short(&mut n, ally);
                l.push_str("give the Support marker to the ");
                self.push_describe(&mut l, ally);
            }
            Move::End => return ("end".into(), "end this miniature's turn".into()),
            Move::Reroll { support } => {
                return if support {
                    (
                        "reroll support".into(),
                        "reroll the failed roll with the Support marker".into(),
                    )
                } else {
                    (
                        "reroll lucky".into(),
                        "reroll the failed roll with Lucky".into(),
                    )
                };
            }
            Move::Heal { healer } => {
                n.push_str("heal ");
                self.push_short(&mut n, healer);
                l.push_str("spend the Heal marker of the ");
                self.push_describe(&mut l, healer);
                l.push_str(" to reroll the Defense roll");
            }
            Move::Accept => {
                return match self.pending {
                    Some(Pending::Support { supporter }) => {
                        l.push_str("keep the Support marker on the ");
                        self.push_describe(&mut l, supporter);
                        l.push_str(" as it is attacked");
                        ("accept".into(), l)
                    }
                    _ => ("accept".into(), "let the roll stand".into()),
                };
            }
        }
        (n, l)
    }

    fn square_on_board(&self, square: fray_protocol::Square) -> Result<board::Sq, Rejection> {
        self.board.address(square).ok_or_else(|| {
            Rejection::new(
                RejectCode::UnknownAction,
                format!(
                    "{square} is not on the {}×{} board",
                    self.board.width(),
                    self.board.height()
                ),
            )
        })
    }

    fn index_of(&self, piece: PieceId) -> Result<u8, Rejection> {
        crate::kit::action_form::piece_index(piece, self.minis.len(), "miniature")
            .map(|ix| ix as u8)
    }
}

/// Reads an action sent by `seat`; checks its form and the pieces it names.
pub(super) fn parse(
    game: &ChessboardConfrontation,
    seat: u8,
    action: &Action,
) -> Result<Move, Rejection> {
    let unknown = |message: String| Rejection::new(RejectCode::UnknownAction, message);
    let verb = action.verb.as_str();
    let uses = |piece, target, to, choice| check_parts(action, piece, target, to, choice);
    let own_piece = || -> Result<u8, Rejection> {
        let index = game.index_of(action.piece.expect("checked by uses"))?;
        if game.mini(index).owner != seat {
            return Err(Rejection::new(
                RejectCode::NotYourPiece,
                format!("the {} is not yours", game.describe(index)),
            ));
        }
        Ok(index)
    };
    let target = || game.index_of(action.target.expect("checked by uses"));
    let square = || game.square_on_board(action.to.expect("checked by uses"));
    match verb {
        "place" => {
            // A Large miniature's placement also says which way its body reaches.
            uses(true, false, true, action.choice.is_some())?;
            let piece = own_piece()?;
            let large = game.mini(piece).traits.large();
            let reach = match (action.choice.as_deref(), large) {
                (None, false) => None,
                (Some(key), true) => Some(Reach::from_key(key).ok_or_else(|| {
                    unknown(format!(
                        "'{key}' is not a way to lie: write ne, nw, se or sw for the \
                         direction the body reaches from its main space"
                    ))
                })?),
                (None, true) => {
                    return Err(unknown(format!(
                        "the {} is Large: say which way its body reaches from its main \
                         space with the choice ne, nw, se or sw",
                        game.describe(piece)
                    )));
                }
                (Some(_), false) => {
                    return Err(unknown(format!(
                        "'place' takes a choice only for a Large miniature, and the {} is not",
                        game.describe(piece)
                    )));
                }
            };
            Ok(Move::Place {
                piece,
                to: square()?,
                reach,
            })
        }
        "activate" => {
            uses(true, false, false, false)?;
            Ok(Move::Activate {
                piece: own_piece()?,
            })
        }
        "pass" => {
            uses(false, false, false, false)?;
            Ok(Move::Pass)
        }
        "move" => {
            uses(true, false, true, false)?;
            Ok(Move::Step {
                piece: own_piece()?,
                to: square()?,
            })
        }
        "attack" => {
            uses(true, true, false, true)?;
            let text = action.choice.as_deref().expect("checked by uses");
            let (kind, mode) = parse_attack_choice(text).ok_or_else(|| {
                unknown(format!(
                    "'{text}' is not an attack: write melee, lesser, greater or area, \
                     with -poison or -stun to poison or stun"
                ))
            })?;
            Ok(Move::Attack {
                piece: own_piece()?,
                target: target()?,
                kind,
                mode,
            })
        }
        "summon" => {
            uses(true, true, true, false)?;
            Ok(Move::Summon {
                piece: own_piece()?,
                ally: target()?,
                to: square()?,
            })
        }
        "pick-up" => {
            uses(true, false, false, false)?;
            Ok(Move::PickUp {
                piece: own_piece()?,
            })
        }
        "drop" => {
            uses(true, false, true, false)?;
            Ok(Move::Drop {
                piece: own_piece()?,
                to: square()?,
            })
        }
        "support" => {
            uses(true, true, false, false)?;
            Ok(Move::Support {
                piece: own_piece()?,
                ally: target()?,
            })
        }
        "end" => {
            uses(false, false, false, false)?;
            Ok(Move::End)
        }
        "reroll" => {
            uses(false, false, false, true)?;
            match action.choice.as_deref() {
                Some("lucky") => Ok(Move::Reroll { support: false }),
                Some("support") => Ok(Move::Reroll { support: true }),
                _ => Err(unknown(
                    "'reroll' takes the choice 'lucky' or 'support'".into(),
                )),
            }
        }
        "heal" => {
            uses(true, false, false, false)?;
            Ok(Move::Heal {
                healer: own_piece()?,
            })
        }
        "accept" => {
            uses(false, false, false, false)?;
            Ok(Move::Accept)
        }
        other => Err(unknown(format!(
            "'{other}' is not an action in Chessboard Confrontation; the actions are \
             place, activate, pass, move, attack, summon, pick-up, drop, support, end, \
             reroll, heal and accept"
        ))),
    }
}

/// Why a well-formed move is not legal now.
pub(super) fn explain_illegal(game: &ChessboardConfrontation, mv: Move) -> Rejection {
    let illegal = |message: String| Rejection::new(RejectCode::IllegalAction, message);
    let now = match (game.pending, game.phase) {
        (Some(Pending::Heal { .. }), _) => "decide whether to spend a Heal marker",
        (Some(Pending::Support { .. }), _) => {
            "decide whether to give the Support marker away before the attack"
        }
        (Some(Pending::Reroll(_)), _) => "decide whether to reroll the failed roll",
        (_, Phase::Place { .. }) | (_, Phase::Arrive { .. }) => "place a miniature",
        (_, Phase::Battle { .. }) if game.activation.is_none() => {
            "choose a miniature to take a turn, or pass"
        }
        _ => "act with the miniature taking its turn, or end its turn",
    };
    let detail = match mv {
        Move::Place { piece, to, reach } => format!(
            "the {} cannot be placed on {}{}",
            game.describe(piece),
            board::to_square(to),
            reach.map_or(String::new(), |r| format!(" reaching {}", r.name()))
        ),
        Move::Drop { piece, to } => format!(
            "the {} cannot drop the objective on {} (only on its space or one next to it, \
             not an obstacle, once a turn)",
            game.describe(piece),
            board::to_square(to)
        ),
        Move::Activate { piece } => format!(
            "the {} cannot take a turn now (every miniature takes a turn before any takes another)",
            game.describe(piece)
        ),
        Move::Step { piece, to } => format!(
            "the {} cannot move to {}",
            game.describe(piece),
            board::to_square(to)
        ),
        Move::Attack {
            piece,
            target,
            kind,
            ..
        } => format!(
            "the {} cannot make that {} attack on the {}",
            game.describe(piece),
            kind.name(),
            game.describe(target)
        ),
        Move::Summon { piece, .. } => {
            format!("the {} cannot summon that now", game.describe(piece))
        }
        Move::Support { piece, .. } => {
            format!(
                "the {} cannot give Support to that miniature now",
                game.describe(piece)
            )
        }
        Move::Heal { healer } => format!(
            "the {} has no Heal marker within reach of the defender",
            game.describe(healer)
        ),
        Move::Reroll { support } => format!(
            "there is no {} reroll to use",
            if support { "Support" } else { "Lucky" }
        ),
        _ => "that cannot be done now".into(),
    };
    illegal(format!("{detail}: it is time to {now}"))
}

pub(super) fn not_your_turn(game: &ChessboardConfrontation) -> Rejection {
    match game.seat_to_act() {
        // The rejected seat sees who decides in its view; a seat number
        // here would be one it cannot put a name to.
        Some(_) => Rejection::new(
            RejectCode::NotYourTurn,
            "it is not your turn: another player decides now",
        ),
        None => Rejection::new(RejectCode::GameOver, "the game is over"),
    }
}
