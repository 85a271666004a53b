//! The protocol's `Action` for each move, and the reading of an `Action` a
//! player sends, with a reason in words when it cannot be played. Each
//! option's notation and label are `notation.rs`'s.

use fray_protocol::{Action, ActionOption, PieceId, RejectCode, Rejection, Square};

use crate::kit::action_form::{board_square, check_parts};
use crate::kit::describe::Describe;
use crate::kit::grid::{self, push_name_on};

use super::faction_rules;
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix, Pending, Stage};
use crate::kit::compass::Compass;

/// A number of Swarmlings a move or placement names: at least one.
fn swarmlings(choice: &str) -> Result<u16, Rejection> {
    match choice.parse::<u16>() {
        Ok(count) if count > 0 => Ok(count),
        _ => Err(Rejection::new(
            RejectCode::IllegalAction,
            format!("'{choice}' Swarmlings: name how many, at least 1"),
        )),
    }
}

/// The `choice` of a Shade's move that ends haunting its square.
const HAUNT: &str = "haunt";

pub(crate) fn id(ix: Ix) -> PieceId {
    PieceId(u32::from(ix))
}

impl Describe for ActionChessFactionChess {
    type Index = Ix;

    fn push_describe(&self, out: &mut String, ix: Ix) {
        let piece = self.piece(ix);
        push_name_on(out, piece.kind.name(), piece.square);
    }
}

impl ActionChessFactionChess {
    pub(crate) fn action_of(&self, mv: Move) -> Action {
        let at = grid::to_square;
        match mv {
            Move::Go { piece, to } => Action::new("move").piece(id(piece)).to(at(to)),
            Move::Promote { piece, to, into } => Action::new("move")
                .piece(id(piece))
                .to(at(to))
                .choice(into.key()),
            Move::Via { piece, via, to } => Action::new("move")
                .piece(id(piece))
                .to(at(to))
                .choice(at(via).to_string()),
            Move::Roll { piece, toward } => {
                Action::new("roll").piece(id(piece)).choice(toward.name())
            }
            Move::Become { piece, into } => {
                Action::new("become").piece(id(piece)).choice(into.key())
            }
            Move::Place { piece, kind, to } => Action::new("place")
                .piece(id(piece))
                .to(at(to))
                .choice(kind.key()),
            Move::Merge { piece, with } => Action::new("merge").piece(id(piece)).target(id(with)),
            Move::Split { piece, to } => Action::new("split").piece(id(piece)).to(at(to)),
            Move::Build { to } => Action::new("build").to(at(to)),
            Move::Slaughter { piece, victim } => {
                Action::new("slaughter").piece(id(piece)).target(id(victim))
            }
            Move::Feast { piece, corpse, to } => Action::new("feast")
                .piece(id(piece))
                .to(at(to))
                .choice(at(corpse).to_string()),
            Move::Swarm { piece, to, count } => Action::new("move")
                .piece(id(piece))
                .to(at(to))
                .choice(count.to_string()),
            Move::Hatch { piece, to, count } => Action::new("place")
                .piece(id(piece))
                .to(at(to))
                .choice(count.to_string()),
            Move::Wall { piece, a, b } => Action::new("wall")
                .piece(id(piece))
                .to(at(a))
                .choice(at(b).to_string()),
            Move::Haunt { piece, to } => Action::new("move")
                .piece(id(piece))
                .to(at(to))
                .choice(HAUNT),
            Move::Take { piece, victim } => Action::new("take").piece(id(piece)).target(id(victim)),
            Move::Done => Action::new("done"),
        }
    }

    pub(crate) fn option_of(&self, mv: Move) -> ActionOption {
        let (notation, label) = self.notation_and_label(mv);
        ActionOption {
            action: self.action_of(mv),
            notation,
            label,
        }
    }

    /// The piece an action names, if `seat` may see it: a Shade haunting
    /// unseen is no piece to its opponent, whose refusal must not say
    /// where it is.
    fn index_seen_by(&self, seat: u8, piece: PieceId) -> Result<Ix, Rejection> {
        let ix = crate::kit::action_form::piece_index(piece, self.pieces.len(), "piece")? as Ix;
        if self.is_haunting(ix) && self.piece(ix).owner != seat {
            return Err(Rejection::new(
                RejectCode::IllegalAction,
                format!("there is no piece {piece} in this game"),
            ));
        }
        Ok(ix)
    }

    /// What a waiting decision asks, in words.
    pub(crate) fn waiting_text(&self, pending: Pending) -> String {
        match pending {
            Pending::ChainJump { piece, .. } => {
                format!("{} may take again, or stop", self.describe(piece))
            }
            Pending::Promotion { piece } => {
                format!("choose what {} becomes", self.describe(piece))
            }
            Pending::LeonineTake { piece, .. } => format!(
                "{} may take the friendly piece in its way and go on, or stop",
                self.describe(piece)
            ),
            Pending::PairedMove { piece, .. } => {
                format!("{} may move the same way, or stay", self.describe(piece))
            }
            Pending::CarryPhylactery { .. } => "place the Phylactery, or leave it".into(),
            Pending::LichReturn { .. } => {
                "return the Lich-King beside the Phylactery, or leave it".into()
            }
            Pending::Throw { piece } => {
                format!("{} may throw, or not", self.describe(piece))
            }
            Pending::SwarmAgain { piece, count } => format!(
                "{count} Swarmlings from {} may attack a piece beside them, or stop",
                grid::to_square(self.square(piece))
            ),
            Pending::Slaughter { butcher, left } => format!(
                "{} may slaughter a friend beside it ({left} at most), or stop",
                self.describe(butcher)
            ),
        }
    }
}

/// Reads an action's form and the pieces it names.
pub(super) fn parse(
    game: &ActionChessFactionChess,
    seat: u8,
    action: &Action,
) -> Result<Move, Rejection> {
    let verb = action.verb.as_str();
    let seen = |piece: Option<PieceId>| game.index_seen_by(seat, piece.expect("checked"));
    let own = |piece: Option<PieceId>| -> Result<Ix, Rejection> {
        let ix = seen(piece)?;
        if game.piece(ix).owner != seat {
            return Err(Rejection::new(
                RejectCode::NotYourPiece,
                format!("{} is not yours", game.describe(ix)),
            ));
        }
        Ok(ix)
    };
    let square = |to: Option<Square>| board_square(to.expect("checked"));
    let kind = |choice: &Option<String>| -> Result<Kind, Rejection> {
        let key = choice.as_deref().expect("checked");
        Kind::by_key(key).ok_or_else(|| {
            Rejection::new(
                RejectCode::UnknownAction,
                format!("'{key}' is not a piece of this game"),
            )
        })
    };
    match verb {
        "move" => {
            check_parts(action, true, false, true, action.choice.is_some())?;
            let piece = own(action.piece)?;
            let to = square(action.to)?;
            match action.choice.as_deref() {
                None => Ok(Move::Go { piece, to }),
                Some(HAUNT) => Ok(Move::Haunt { piece, to }),
                Some(choice) if choice.parse::<u16>().is_ok() => Ok(Move::Swarm {
                    piece,
                    to,
                    count: swarmlings(choice)?,
                }),
                Some(choice) => match choice.parse::<Square>() {
                    Ok(via) => Ok(Move::Via {
                        piece,
                        via: board_square(via)?,
                        to,
                    }),
                    Err(_) => Ok(Move::Promote {
                        piece,
                        to,
                        into: kind(&action.choice)?,
                    }),
                },
            }
        }
        "roll" => {
            check_parts(action, true, false, false, true)?;
            let piece = own(action.piece)?;
            let name = action.choice.as_deref().expect("checked");
            let toward = Compass::by_name(name).ok_or_else(|| {
                Rejection::new(
                    RejectCode::UnknownAction,
                    format!("'{name}' is not a direction: north, north-east, east, south-east, south, south-west, west or north-west"),
                )
            })?;
            Ok(Move::Roll { piece, toward })
        }
        "become" => {
            check_parts(action, true, false, false, true)?;
            Ok(Move::Become {
                piece: own(action.piece)?,
                into: kind(&action.choice)?,
            })
        }
        "place" => {
            check_parts(action, true, false, true, true)?;
            if let Some(count) = action
                .choice
                .as_deref()
                .filter(|c| c.parse::<u16>().is_ok())
            {
                return Ok(Move::Hatch {
                    piece: own(action.piece)?,
                    to: square(action.to)?,
                    count: swarmlings(count)?,
                });
            }
            Ok(Move::Place {
                piece: own(action.piece)?,
                kind: kind(&action.choice)?,
                to: square(action.to)?,
            })
        }
        "merge" => {
            check_parts(action, true, true, false, false)?;
            Ok(Move::Merge {
                piece: own(action.piece)?,
                with: own(action.target)?,
            })
        }
        "split" => {
            check_parts(action, true, false, true, false)?;
            Ok(Move::Split {
                piece: own(action.piece)?,
                to: square(action.to)?,
            })
        }
        "slaughter" => {
            check_parts(action, true, true, false, false)?;
            Ok(Move::Slaughter {
                piece: own(action.piece)?,
                victim: own(action.target)?,
            })
        }
        "feast" => {
            check_parts(action, true, false, true, true)?;
            let corpse = action.choice.as_deref().expect("checked");
            let corpse = corpse.parse::<Square>().map_err(|_| {
                Rejection::new(
                    RejectCode::UnknownAction,
                    format!("'{corpse}' is not a square: name the corpse's square, such as e5"),
                )
            })?;
            Ok(Move::Feast {
                piece: own(action.piece)?,
                corpse: board_square(corpse)?,
                to: square(action.to)?,
            })
        }
        "take" => {
            check_parts(action, true, true, false, false)?;
            Ok(Move::Take {
                piece: own(action.piece)?,
                victim: seen(action.target)?,
            })
        }
        "build" => {
            check_parts(action, false, false, true, false)?;
            Ok(Move::Build {
                to: square(action.to)?,
            })
        }
        "wall" => {
            check_parts(action, true, false, true, true)?;
            let other = action.choice.as_deref().expect("checked");
            let other = other.parse::<Square>().map_err(|_| {
                Rejection::new(
                    RejectCode::UnknownAction,
                    format!("'{other}' is not a square: name the wall's other square, such as e5"),
                )
            })?;
            let (a, b) = (square(action.to)?, board_square(other)?);
            // One form per wall, as listed.
            if a > b {
                return Err(Rejection::new(
                    RejectCode::UnknownAction,
                    "name the wall's left or lower square in `to`, the other in `choice`",
                ));
            }
            Ok(Move::Wall {
                piece: own(action.piece)?,
                a,
                b,
            })
        }
        "done" => {
            check_parts(action, false, false, false, false)?;
            Ok(Move::Done)
        }
        other => Err(Rejection::new(
            RejectCode::UnknownAction,
            format!(
                "'{other}' is not an action in Action Chess Faction Chess; the actions are \
                 move, roll, become, place, merge, split, build, slaughter, feast, wall, take and done"
            ),
        )),
    }
}

/// Why a well-formed move is not legal now.
pub(super) fn explain_illegal(game: &ActionChessFactionChess, mv: Move) -> Rejection {
    let illegal = |message: String| Rejection::new(RejectCode::IllegalAction, message);
    if let Some(ix) = mv.piece()
        && game.piece(ix).square.is_none()
    {
        return illegal(format!(
            "the {} is off the board",
            game.piece(ix).kind.name()
        ));
    }
    if let Some(decision) = game.waiting() {
        return illegal(format!(
            "first decide what follows the last move: {}",
            game.waiting_text(decision.pending)
        ));
    }
    if game.stage == Stage::Start && mv != Move::Done {
        return illegal(
            "it is the start of your turn: make its decisions or send done, then move".into(),
        );
    }
    if let Some(reason) = faction_rules::why_illegal(game, game.mover, mv) {
        return illegal(reason);
    }
    match mv {
        Move::Done => illegal("there is nothing to decline: make your move".into()),
        _ => match mv.piece() {
            Some(ix) => illegal(format!(
                "{} cannot do that now ({})",
                game.describe(ix),
                game.piece(ix).kind.text()
            )),
            None => illegal("that is not legal now".into()),
        },
    }
}

pub(super) fn not_your_turn(game: &ActionChessFactionChess, _seat: u8) -> Rejection {
    match game.stage {
        Stage::Over(_) => Rejection::new(RejectCode::GameOver, "the game is over"),
        _ => Rejection::new(
            RejectCode::NotYourTurn,
            "it is not your turn: another player decides now",
        ),
    }
}
