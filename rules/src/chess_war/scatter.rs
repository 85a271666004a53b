//! How far a ChessWar! shot reaches and where a catapult's shot lands.
//!
//! Range is counted like a king's moves, the Chebyshev distance
//! (`grid::distance`): the number of squares along the longer axis, so a
//! bow's "within 4 squares" reaches as far diagonally as straight, just as a
//! unit's Move does.
//!
//! A catapult's shot scatters from the target square by a d6 read from the
//! firer's side of the table: 1 one square up (toward the enemy), 2 one
//! square right, 3 one square down (toward the firer), 4 one square left,
//! 5–6 right on target. A shot scattered off the board is lost.

use crate::kit::grid::{Sq, distance, offset};

/// Which way a seat faces across the board: seat 0 sets up on rank 1 and
/// looks up the ranks, seat 1 on rank 8 and looks down them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    FacingUp,
    FacingDown,
}

impl Side {
    pub fn of_seat(seat: u8) -> Side {
        if seat == 0 {
            Side::FacingUp
        } else {
            Side::FacingDown
        }
    }

    /// The rank step toward the enemy.
    fn up(self) -> i8 {
        match self {
            Side::FacingUp => 1,
            Side::FacingDown => -1,
        }
    }

    /// The file step to the firer's right: toward h for seat 0, toward a for
    /// seat 1, who looks at the board from the other end.
    fn right(self) -> i8 {
        match self {
            Side::FacingUp => 1,
            Side::FacingDown => -1,
        }
    }
}

/// How far apart two squares are for a weapon's range.
pub fn range(from: Sq, to: Sq) -> u8 {
    distance(from, to)
}

/// Whether `to` is within `max` squares of `from`.
pub fn within_range(from: Sq, to: Sq, max: u8) -> bool {
    range(from, to) <= max
}

/// Where a catapult's shot at `target` lands after one scatter roll (1–6) by
/// a firer on `firer`'s side; `None` when it scatters off the board.
pub fn scatter(target: Sq, roll: u8, firer: Side) -> Option<Sq> {
    debug_assert!((1..=6).contains(&roll), "a scatter roll is a d6: {roll}");
    let (df, dr) = match roll {
        1 => (0, firer.up()),
        2 => (firer.right(), 0),
        3 => (0, -firer.up()),
        4 => (-firer.right(), 0),
        _ => (0, 0),
    };
    offset(target, df, dr)
}

/// Where a shot lands after several scatter rolls, each moving it on from
/// where the one before left it; lost as soon as one takes it off the board.
pub fn scatter_in_turn(target: Sq, rolls: &[u8], firer: Side) -> Option<Sq> {
    rolls
        .iter()
        .try_fold(target, |landing, &roll| scatter(landing, roll, firer))
}

/// How many scatter rolls a catapult's shot makes, each applied in turn:
/// "If the catapult was fired indirectly, reroll scatter twice" is two rolls
/// in all (ruling W20).
pub fn scatter_rolls(indirect: bool) -> usize {
    if indirect { 2 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::grid::named as sq;

    fn landing(target: &str, roll: u8, seat: u8) -> Option<Sq> {
        scatter(sq(target), roll, Side::of_seat(seat))
    }

    #[test]
    fn range_is_counted_like_a_kings_moves() {
        assert_eq!(range(sq("a1"), sq("e5")), 4);
        assert_eq!(range(sq("a1"), sq("b5")), 4);
        assert!(within_range(sq("d4"), sq("h8"), 4));
        assert!(!within_range(sq("d4"), sq("d8"), 3));
    }

    #[test]
    fn seat_0_scatters_up_the_ranks_and_right_toward_h() {
        assert_eq!(landing("d4", 1, 0), Some(sq("d5")));
        assert_eq!(landing("d4", 2, 0), Some(sq("e4")));
        assert_eq!(landing("d4", 3, 0), Some(sq("d3")));
        assert_eq!(landing("d4", 4, 0), Some(sq("c4")));
        assert_eq!(landing("d4", 5, 0), Some(sq("d4")));
        assert_eq!(landing("d4", 6, 0), Some(sq("d4")));
    }

    #[test]
    fn seat_1_scatters_down_the_ranks_and_right_toward_a() {
        assert_eq!(landing("d4", 1, 1), Some(sq("d3")));
        assert_eq!(landing("d4", 2, 1), Some(sq("c4")));
        assert_eq!(landing("d4", 3, 1), Some(sq("d5")));
        assert_eq!(landing("d4", 4, 1), Some(sq("e4")));
        assert_eq!(landing("d4", 5, 1), Some(sq("d4")));
        assert_eq!(landing("d4", 6, 1), Some(sq("d4")));
    }

    #[test]
    fn a_shot_scattered_off_the_board_is_lost() {
        assert_eq!(landing("c8", 1, 0), None);
        assert_eq!(landing("h3", 2, 0), None);
        assert_eq!(landing("c1", 3, 0), None);
        assert_eq!(landing("a3", 4, 0), None);
        assert_eq!(landing("c1", 1, 1), None);
        assert_eq!(landing("a3", 2, 1), None);
        assert_eq!(landing("c8", 3, 1), None);
        assert_eq!(landing("h3", 4, 1), None);
        assert_eq!(landing("h8", 5, 0), Some(sq("h8")));
        assert_eq!(landing("a1", 6, 1), Some(sq("a1")));
    }

    #[test]
    fn rolls_in_turn_move_the_shot_on_from_where_it_landed() {
        let seat_0 = Side::of_seat(0);
        assert_eq!(
            scatter_in_turn(sq("d4"), &[1, 2, 2], seat_0),
            Some(sq("f5"))
        );
        assert_eq!(
            scatter_in_turn(sq("d4"), &[1, 3, 6], seat_0),
            Some(sq("d4"))
        );
        assert_eq!(scatter_in_turn(sq("d4"), &[], seat_0), Some(sq("d4")));
        // Once off the board it does not come back.
        assert_eq!(scatter_in_turn(sq("d8"), &[1, 3, 5], seat_0), None);
        assert_eq!(
            scatter_in_turn(sq("b2"), &[4, 4], Side::of_seat(1)),
            Some(sq("d2"))
        );
        assert_eq!(scatter_rolls(false), 1);
        assert_eq!(scatter_rolls(true), 2);
    }
}
