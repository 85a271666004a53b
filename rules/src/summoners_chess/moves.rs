//! Every decision a player can make, and the list of those legal now: chess
//! movement and capture by displacement for every piece (Acolytes as kings,
//! Pages one square orthogonally, Squires one square diagonally), no check,
//! no castling, no pawns. Listing and acting share this one generator, so the
//! options a player is offered are exactly the actions the game accepts.
//! Before the first move, the set-up decision: where the Acolytes stand.

use super::board::{self, ALL_DIRECTIONS, DIAGONAL, KNIGHT_JUMPS, ORTHOGONAL, Sq};
use super::placement::Placement;
use super::state::{Phase, SummonersChess};
use super::units::Movement;
use crate::contract::Seats;
use crate::kit::match_options::Choice;
use fray_protocol::Seat;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Move a piece; onto an enemy piece it captures it.
    Step { piece: u8, to: Sq },
    /// Only when no piece can move (R12).
    Pass,
    /// At the set-up: put the four Acolytes down one space apart (R1).
    Place(Placement),
}

impl SummonersChess {
    /// The seats that decide now: both while placing, until each has
    /// chosen; the mover in play.
    pub(crate) fn seats_to_act(&self) -> Seats {
        match self.phase {
            Phase::Placing { chosen } => (0..2u8)
                .filter(|&seat| chosen[seat as usize].is_none())
                .map(Seat)
                .collect(),
            Phase::Play { seat } => Seats::one(Seat(seat)),
            Phase::Over(_) => Seats::NONE,
        }
    }

    fn piece_moves(&self, piece: u8, from: Sq, movement: Movement, out: &mut Vec<Move>) {
        match movement {
            Movement::King => self.steps(piece, from, &ALL_DIRECTIONS, out),
            Movement::Page => self.steps(piece, from, &ORTHOGONAL, out),
            Movement::Squire => self.steps(piece, from, &DIAGONAL, out),
            Movement::Knight => self.steps(piece, from, &KNIGHT_JUMPS, out),
            Movement::Bishop => self.slides(piece, from, &DIAGONAL, out),
            Movement::Rook => self.slides(piece, from, &ORTHOGONAL, out),
            Movement::Queen => self.slides(piece, from, &ALL_DIRECTIONS, out),
        }
    }

    /// A square reached in one step or jump: empty, or an enemy to capture.
    fn steps(&self, piece: u8, from: Sq, steps: &[(i8, i8)], out: &mut Vec<Move>) {
        let owner = self.piece(piece).owner;
        for &(df, dr) in steps {
            if let Some(to) = board::offset(from, df, dr)
                && !self.holds(owner, to)
            {
                out.push(Move::Step { piece, to });
            }
        }
    }

    /// Along each line until a piece: empty squares, then an enemy to capture.
    fn slides(&self, piece: u8, from: Sq, lines: &[(i8, i8)], out: &mut Vec<Move>) {
        let owner = self.piece(piece).owner;
        for &(df, dr) in lines {
            let mut at = from;
            while let Some(to) = board::offset(at, df, dr) {
                match self.piece_at(to) {
                    None => out.push(Move::Step { piece, to }),
                    Some(other) => {
                        if self.piece(other).owner != owner {
                            out.push(Move::Step { piece, to });
                        }
                        break;
                    }
                }
                at = to;
            }
        }
    }
}

/// Every legal move for `seat` now, appended to `out`: none unless it
/// decides now.
pub(super) fn legal_moves(game: &SummonersChess, seat: u8, out: &mut Vec<Move>) {
    match game.phase {
        Phase::Placing { chosen } => {
            if chosen.get(seat as usize).is_some_and(Option::is_none) {
                out.extend(Placement::ALL.iter().copied().map(Move::Place));
            }
            return;
        }
        Phase::Play { seat: mover } if mover == seat => {}
        Phase::Play { .. } | Phase::Over(_) => return,
    }
    let before = out.len();
    for (index, piece) in game.on_board() {
        if piece.owner == seat {
            let from = piece.square().expect("on the board");
            game.piece_moves(index, from, piece.profile().movement, out);
        }
    }
    if out.len() == before {
        out.push(Move::Pass);
    }
}
