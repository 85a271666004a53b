//! The protocol's `Action` for each move, its notation and label, and the
//! reading of an `Action` sent by a player, with a reason in words when it
//! cannot be played.

use fray_protocol::{Action, ActionOption, PieceId, RejectCode, Rejection};

use super::board;
use super::moves::Move;
use super::placement::Placement;
use super::state::{Phase, Place, SummonersChess};
use crate::kit::action_form::{board_square, check_parts};
use crate::kit::describe::Describe;
use crate::kit::effect_log::Log;
use crate::kit::match_options::Choice;

fn id(index: u8) -> PieceId {
    PieceId(u32::from(index))
}

impl SummonersChess {
    pub(crate) fn action_of(&self, mv: Move) -> Action {
        match mv {
            Move::Step { piece, to } => Action::new("move")
                .piece(id(piece))
                .to(board::to_square(to)),
            Move::Pass => Action::new("pass"),
            Move::Place(placement) => Action::new("place").choice(placement.key()),
        }
    }

    pub(crate) fn option_of(&self, seat: u8, mv: Move) -> ActionOption {
        let (notation, label) = self.notation_and_label(seat, mv);
        ActionOption {
            action: self.action_of(mv),
            notation,
            label,
        }
    }

    /// "Ae1-e2" for a move, "Ae1xe2" for a capture: the glyph and the square
    /// the piece stands on name it without doubt. The label also tells what
    /// the move would set off (summons, the end of the game), since that
    /// follows from the position alone.
    fn notation_and_label(&self, seat: u8, mv: Move) -> (String, String) {
        let (piece, to) = match mv {
            Move::Step { piece, to } => (piece, to),
            Move::Pass => return ("pass".into(), "Pass: no piece can move".into()),
            Move::Place(placement) => return self.placement_notation_and_label(seat, placement),
        };
        let p = self.piece(piece);
        let from = p.square().expect("a listed move's piece is on the board");
        // Built in place, one allocation apiece, as the server lists every
        // option after every action; the text must stay as stored logs have it.
        let mut notation = String::with_capacity(8);
        let mut label = String::with_capacity(64);
        notation.push_str(p.profile().movement.glyph());
        board::push_square(&mut notation, from);
        self.push_describe(&mut label, piece);
        match self.piece_at(to) {
            Some(victim) => {
                notation.push('x');
                label.push_str(" captures ");
                self.push_describe(&mut label, victim);
            }
            None => {
                notation.push('-');
                label.push_str(" moves to ");
                board::push_square(&mut label, to);
            }
        }
        board::push_square(&mut notation, to);
        let mut after = self.clone();
        super::turn::play(&mut after, mv, &mut Log::silent());
        let mover = p.owner;
        for index in self.count..after.count {
            let summoned = after.piece(index);
            if summoned.owner == mover {
                label.push_str(", summoning ");
            } else {
                // Only the mover reads its options: the other seat is its
                // opponent.
                label.push_str(", and your opponent summons ");
            }
            after.push_describe(&mut label, index);
        }
        if let Some(outcome) = super::winning::outcome(&after) {
            label.push_str(": ");
            let reason = outcome.reason.render(|seat| {
                if seat.0 == mover {
                    "you"
                } else {
                    "your opponent"
                }
            });
            label.push_str(&reason);
        }
        (notation, label)
    }

    /// "Aa1,c1,e1,g1" and "Place your Acolytes on a1, c1, e1 and g1": the
    /// squares themselves, as `seat` will see them on its row.
    fn placement_notation_and_label(&self, seat: u8, placement: Placement) -> (String, String) {
        let mut notation = String::from("A");
        for (at, sq) in placement.squares(seat).into_iter().enumerate() {
            if at > 0 {
                notation.push(',');
            }
            board::push_square(&mut notation, sq);
        }
        let label = format!("Place your Acolytes on {}", placement.squares_named(seat));
        (notation, label)
    }

    fn index_of(&self, piece: PieceId) -> Result<u8, Rejection> {
        crate::kit::action_form::piece_index(piece, usize::from(self.count), "piece")
            .map(|ix| ix as u8)
    }
}

/// Reads an action as a move of this game, checking its form and that it
/// names the seat's own piece; legality is checked against the move list.
pub(super) fn parse(game: &SummonersChess, seat: u8, action: &Action) -> Result<Move, Rejection> {
    let unknown = |message: String| Rejection::new(RejectCode::UnknownAction, message);
    let verb = action.verb.as_str();
    if verb == "place" {
        check_parts(action, false, false, false, true)?;
        let key = action.choice.as_deref().expect("checked by check_parts");
        return Placement::from_key(key).map(Move::Place).ok_or_else(|| {
            unknown(format!(
                "'{key}' is not a placement: the Acolytes stand on files {} or {}",
                Placement::Aceg.key(),
                Placement::Bdfh.key()
            ))
        });
    }
    let extra = |what: &str| unknown(format!("'{verb}' does not take {what}"));
    if action.target.is_some() {
        return Err(extra("a target"));
    }
    if action.choice.is_some() {
        return Err(extra("a choice"));
    }
    match verb {
        "move" => {
            let (Some(piece), Some(to)) = (action.piece, action.to) else {
                return Err(unknown("'move' needs a piece and a square".into()));
            };
            let to = board_square(to)?;
            let piece = game.index_of(piece)?;
            if game.piece(piece).owner != seat {
                return Err(Rejection::new(
                    RejectCode::NotYourPiece,
                    format!("{} is not yours", game.describe(piece)),
                ));
            }
            Ok(Move::Step { piece, to })
        }
        "pass" => {
            if action.piece.is_some() {
                return Err(extra("a piece"));
            }
            if action.to.is_some() {
                return Err(extra("a square"));
            }
            Ok(Move::Pass)
        }
        other => Err(unknown(format!(
            "'{other}' is not an action in Summoners Chess; the actions are place (at the \
             set-up), move and pass"
        ))),
    }
}

/// Why a well-formed move of the seat's own piece is not legal now.
pub(super) fn explain_illegal(game: &SummonersChess, mv: Move) -> Rejection {
    let illegal = |message: String| Rejection::new(RejectCode::IllegalAction, message);
    let placing = matches!(game.phase, Phase::Placing { .. });
    match mv {
        Move::Place(_) => {
            illegal("the Acolytes are placed at the set-up, before the first move".into())
        }
        _ if placing => illegal(format!(
            "place your Acolytes first, on files {} or {}",
            Placement::Aceg.key(),
            Placement::Bdfh.key()
        )),
        Move::Pass => illegal("you may pass only when none of your pieces can move".into()),
        Move::Step { piece, .. } if game.piece(piece).place == Place::Captured => {
            illegal(format!("{} has been captured", game.describe(piece)))
        }
        Move::Step { piece, to } if game.holds(game.piece(piece).owner, to) => illegal(format!(
            "{} cannot capture a piece of its own side",
            game.describe(piece)
        )),
        Move::Step { piece, to } => illegal(format!(
            "{} moves as a {} and cannot reach {}",
            game.describe(piece),
            game.piece(piece).profile().movement.name(),
            board::to_square(to)
        )),
    }
}

pub(super) fn not_your_turn(game: &SummonersChess, seat: u8) -> Rejection {
    match game.phase {
        Phase::Placing { chosen } if chosen.get(seat as usize).is_some_and(Option::is_some) => {
            Rejection::new(
                RejectCode::NotYourTurn,
                "you have chosen where your Acolytes stand: the other player is still choosing",
            )
        }
        // The rejected seat sees who decides in its view; a seat number
        // here would be one it cannot put a name to.
        Phase::Placing { .. } | Phase::Play { .. } => Rejection::new(
            RejectCode::NotYourTurn,
            "it is not your turn: another player decides now",
        ),
        Phase::Over(_) => Rejection::new(RejectCode::GameOver, "the game is over"),
    }
}
