//! Large miniatures: a 2×2 body, one of whose four spaces its player chooses
//! as the "main" space it moves and attacks from. The choice is made when it
//! is placed, as the way the body reaches from the main space (its
//! [`Reach`]), and kept from then on: the book lets a player choose the main
//! space but never says a miniature turns (R3).

use super::board::{Board, Sq, Squares};
use crate::kit::match_options::Choice;

/// The way a Large miniature's body reaches from its main space: towards
/// higher or lower files (east or west) and ranks (north or south).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reach {
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

impl Reach {
    /// The reach a miniature has until its player chooses one: forward from
    /// its owner's side and along it to higher files or ranks.
    pub fn default_for(owner: u8) -> Reach {
        match owner {
            0 | 2 => Reach::NorthEast,
            1 => Reach::SouthEast,
            _ => Reach::NorthWest,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Reach::NorthEast => "north-east",
            Reach::NorthWest => "north-west",
            Reach::SouthEast => "south-east",
            Reach::SouthWest => "south-west",
        }
    }

    /// Steps in files and ranks from the main space to the far corner.
    #[inline]
    fn steps(self) -> (i8, i8) {
        match self {
            Reach::NorthEast => (1, 1),
            Reach::NorthWest => (-1, 1),
            Reach::SouthEast => (1, -1),
            Reach::SouthWest => (-1, -1),
        }
    }
}

impl Choice for Reach {
    const ALL: &'static [Self] = &[
        Reach::NorthEast,
        Reach::NorthWest,
        Reach::SouthEast,
        Reach::SouthWest,
    ];

    /// The choice in a `place` action.
    fn key(self) -> &'static str {
        match self {
            Reach::NorthEast => "ne",
            Reach::NorthWest => "nw",
            Reach::SouthEast => "se",
            Reach::SouthWest => "sw",
        }
    }
}

/// The spaces a miniature covers with its main space on `main`: one, or for
/// a Large miniature the two by two reaching from it. `None` if it would not
/// fit on the board. Inlined: `covers` calls it for every miniature in the
/// masks that movement and lines of sight are checked against.
#[inline]
pub fn footprint(board: Board, large: bool, reach: Reach, main: Sq) -> Option<[Sq; 4]> {
    if !large {
        return Some([main; 4]);
    }
    let (df, dr) = reach.steps();
    let beside = board.offset(main, df, 0)?;
    let ahead = board.offset(main, 0, dr)?;
    let far = board.offset(main, df, dr)?;
    Some([main, beside, ahead, far])
}

/// [`footprint`] as a set; empty if it would not fit on the board.
#[inline]
pub fn footprint_mask(board: Board, large: bool, reach: Reach, main: Sq) -> Squares {
    let mut mask = Squares::EMPTY;
    if let Some(squares) = footprint(board, large, reach, main) {
        for sq in squares {
            mask.insert(sq);
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Sq {
        Board::CHESSBOARD.address(name.parse().unwrap()).unwrap()
    }

    #[test]
    fn the_body_reaches_from_the_main_space() {
        let mask = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<Squares>();
        assert_eq!(
            footprint_mask(Board::CHESSBOARD, true, Reach::SouthWest, sq("c2")),
            mask(&["b1", "c1", "b2", "c2"])
        );
        assert_eq!(
            footprint_mask(Board::CHESSBOARD, true, Reach::NorthEast, sq("b1")),
            mask(&["b1", "c1", "b2", "c2"])
        );
        assert_eq!(
            footprint(Board::CHESSBOARD, true, Reach::SouthEast, sq("b1")),
            None
        );
        assert_eq!(
            footprint_mask(Board::CHESSBOARD, false, Reach::SouthWest, sq("a1")),
            mask(&["a1"])
        );
    }

    #[test]
    fn the_default_reach_is_forward_and_along_the_side() {
        // Seat 0 on rank 1, seat 1 on rank 8, seat 2 on file a, seat 3 on file h.
        assert_eq!(Reach::default_for(0), Reach::NorthEast);
        assert_eq!(Reach::default_for(1), Reach::SouthEast);
        assert_eq!(Reach::default_for(2), Reach::NorthEast);
        assert_eq!(Reach::default_for(3), Reach::NorthWest);
    }
}
