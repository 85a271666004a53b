//! The protocol's `Action` for each move, its notation and label, and the
//! reading of an `Action` a player sends, with a reason in words when it
//! cannot be played.

use fray_protocol::{Action, ActionOption, PieceId, RejectCode, Rejection, Seat};

use super::board::{self, Sq};
use super::large::{Reach, footprint};
use super::moves::Move;
use super::state::{ChessboardConfrontation, Kind, Mode, Pending, Phase};
use crate::action_form::{board_square, check_parts};

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

    /// "Rb1", or "R#3" for a miniature off the board.
    fn short(&self, index: u8) -> String {
        let mini = self.mini(index);
        match mini.square() {
            Some(sq) => format!("{}{}", mini.troop.glyph(), board::to_square(sq)),
            None => format!("{}#{index}", mini.troop.glyph()),
        }
    }

    fn notation_and_label(&self, mv: Move) -> (String, String) {
        let sq = |s: Sq| board::to_square(s).to_string();
        match mv {
            Move::Place {
                piece,
                to,
                reach: None,
            } => (
                format!("{}@{}", self.short(piece), sq(to)),
                format!("place the {} on {}", self.describe(piece), sq(to)),
            ),
            Move::Place {
                piece,
                to,
                reach: Some(reach),
            } => {
                let mut covers = footprint(true, reach, to).expect("a listed placement fits");
                covers.sort_unstable();
                let [a, b, c, d] = covers.map(sq);
                (
                    format!("{}@{}:{}", self.short(piece), sq(to), reach.key()),
                    format!(
                        "place the {} on {a}, {b}, {c} and {d}, with its main space on {}",
                        self.describe(piece),
                        sq(to)
                    ),
                )
            }
            Move::Activate { piece } => (
                format!("go {}", self.short(piece)),
                format!("discard a token: the {} takes a turn", self.describe(piece)),
            ),
            Move::Pass => ("pass".into(), "discard a token without acting".into()),
            Move::Step { piece, to } => (
                format!("{}-{}", self.short(piece), sq(to)),
                format!("move the {} to {}", self.describe(piece), sq(to)),
            ),
            Move::Attack {
                piece,
                target,
                kind,
                mode,
            } => (
                format!(
                    "{}x{}:{}",
                    self.short(piece),
                    self.short(target),
                    attack_choice(kind, mode)
                ),
                format!(
                    "{} attack{} on the {}",
                    kind.name(),
                    match mode {
                        Mode::Regular => "",
                        Mode::Poison => " to poison",
                        Mode::Stun => " to stun",
                    },
                    self.describe(target)
                ),
            ),
            Move::Summon { piece, ally, to } => (
                format!(
                    "{} summons {}>{}",
                    self.short(piece),
                    self.short(ally),
                    sq(to)
                ),
                format!(
                    "summon the {} to {} (no attack this turn)",
                    self.describe(ally),
                    sq(to)
                ),
            ),
            Move::PickUp { piece } => (
                format!("{} pick-up", self.short(piece)),
                "try to pick up the objective (Skill roll)".into(),
            ),
            Move::Drop { piece, to } => (
                format!("{} drop>{}", self.short(piece), sq(to)),
                format!("drop the objective on {}", sq(to)),
            ),
            Move::Support { piece, ally } => (
                format!("{} supports {}", self.short(piece), self.short(ally)),
                format!("give the Support marker to the {}", self.describe(ally)),
            ),
            Move::End => ("end".into(), "end this miniature's turn".into()),
            Move::Reroll { support } => {
                let with = if support { "support" } else { "lucky" };
                (
                    format!("reroll {with}"),
                    format!(
                        "reroll the failed roll with {}",
                        if support {
                            "the Support marker"
                        } else {
                            "Lucky"
                        }
                    ),
                )
            }
            Move::Heal { healer } => (
                format!("heal {}", self.short(healer)),
                format!(
                    "spend the Heal marker of the {} to reroll the Defense roll",
                    self.describe(healer)
                ),
            ),
            Move::Accept => match self.pending {
                Some(Pending::Support { supporter }) => (
                    "accept".into(),
                    format!(
                        "keep the Support marker on the {} as it is attacked",
                        self.describe(supporter)
                    ),
                ),
                _ => ("accept".into(), "let the roll stand".into()),
            },
        }
    }

    /// Reads an action sent by `seat`; checks its form and the pieces it names.
    pub(crate) fn parse(&self, seat: u8, action: &Action) -> Result<Move, Rejection> {
        let unknown = |message: String| Rejection::new(RejectCode::UnknownAction, message);
        let verb = action.verb.as_str();
        let uses = |piece, target, to, choice| check_parts(action, piece, target, to, choice);
        let own_piece = || -> Result<u8, Rejection> {
            let index = self.index_of(action.piece.expect("checked by uses"))?;
            if self.mini(index).owner != seat {
                return Err(Rejection::new(
                    RejectCode::NotYourPiece,
                    format!("the {} is not yours", self.describe(index)),
                ));
            }
            Ok(index)
        };
        let target = || self.index_of(action.target.expect("checked by uses"));
        let square = || board_square(action.to.expect("checked by uses"));
        match verb {
            "place" => {
                // A Large miniature's placement also says which way its body reaches.
                uses(true, false, true, action.choice.is_some())?;
                let piece = own_piece()?;
                let large = self.mini(piece).traits.large();
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
                            self.describe(piece)
                        )));
                    }
                    (Some(_), false) => {
                        return Err(unknown(format!(
                            "'place' takes a choice only for a Large miniature, and the {} is not",
                            self.describe(piece)
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

    fn index_of(&self, piece: PieceId) -> Result<u8, Rejection> {
        if (piece.0 as usize) < self.minis.len() {
            Ok(piece.0 as u8)
        } else {
            Err(Rejection::new(
                RejectCode::IllegalAction,
                format!("there is no miniature {piece} in this game"),
            ))
        }
    }

    /// Why a well-formed move is not legal now.
    pub(crate) fn explain_illegal(&self, mv: Move) -> Rejection {
        let illegal = |message: String| Rejection::new(RejectCode::IllegalAction, message);
        let now = match (self.pending, self.phase) {
            (Some(Pending::Heal { .. }), _) => "decide whether to spend a Heal marker",
            (Some(Pending::Support { .. }), _) => {
                "decide whether to give the Support marker away before the attack"
            }
            (Some(Pending::Reroll(_)), _) => "decide whether to reroll the failed roll",
            (_, Phase::Place { .. }) | (_, Phase::Arrive { .. }) => "place a miniature",
            (_, Phase::Battle { .. }) if self.activation.is_none() => {
                "choose a miniature to take a turn, or pass"
            }
            _ => "act with the miniature taking its turn, or end its turn",
        };
        let detail = match mv {
            Move::Place { piece, to, reach } => format!(
                "the {} cannot be placed on {}{}",
                self.describe(piece),
                board::to_square(to),
                reach.map_or(String::new(), |r| format!(" reaching {}", r.name()))
            ),
            Move::Drop { piece, to } => format!(
                "the {} cannot drop the objective on {} (only on its space or one next to it, \
                 not an obstacle, once a turn)",
                self.describe(piece),
                board::to_square(to)
            ),
            Move::Activate { piece } => format!(
                "the {} cannot take a turn now (every miniature takes a turn before any takes another)",
                self.describe(piece)
            ),
            Move::Step { piece, to } => format!(
                "the {} cannot move to {}",
                self.describe(piece),
                board::to_square(to)
            ),
            Move::Attack {
                piece,
                target,
                kind,
                ..
            } => format!(
                "the {} cannot make that {} attack on the {}",
                self.describe(piece),
                kind.name(),
                self.describe(target)
            ),
            Move::Summon { piece, .. } => {
                format!("the {} cannot summon that now", self.describe(piece))
            }
            Move::Support { piece, .. } => {
                format!(
                    "the {} cannot give Support to that miniature now",
                    self.describe(piece)
                )
            }
            Move::Heal { healer } => format!(
                "the {} has no Heal marker within reach of the defender",
                self.describe(healer)
            ),
            Move::Reroll { support } => format!(
                "there is no {} reroll to use",
                if support { "Support" } else { "Lucky" }
            ),
            _ => "that cannot be done now".into(),
        };
        illegal(format!("{detail}: it is time to {now}"))
    }

    pub(crate) fn not_your_turn(&self) -> Rejection {
        match self.deciding_seat() {
            Some(deciding) => Rejection::new(
                RejectCode::NotYourTurn,
                format!("it is not your turn: {} decides now", Seat(deciding)),
            ),
            None => Rejection::new(RejectCode::GameOver, "the game is over"),
        }
    }
}
