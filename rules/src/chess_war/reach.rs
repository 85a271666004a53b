//! Where a ChessWar! unit may go, as bit masks of squares (`grid::bit`):
//! a move is up to Move steps, each to one of the eight neighbours, never
//! onto or through an occupied square (the Liche's teleport goes "even
//! through units", so other moves may not); the Liche's teleport itself;
//! the advance after a kill; and which units are in melee, that is next to
//! an enemy, diagonally too.
//!
//! Whether an ordinary diagonal step may slip between two occupied squares
//! is for the rulings to decide: the rule book forbids it only for the
//! advance. [`Squeeze`] lets the caller say.

use crate::kit::grid::{ALL_DIRECTIONS, Sq, at, bit, distance, file, rank};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Whether a diagonal step may pass between the two squares beside it when
/// both are occupied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Squeeze {
    Allowed,
    Refused,
}

/// The squares of `squares` moved one file and one rank by `(df, dr)`, each
/// -1, 0 or 1; those that would leave the board are dropped.
fn shift(squares: u64, df: i8, dr: i8) -> u64 {
    let across = match df {
        1 => (squares << 1) & !FILE_A,
        -1 => (squares >> 1) & !FILE_H,
        _ => squares,
    };
    match dr {
        1 => across << 8,
        -1 => across >> 8,
        _ => across,
    }
}

/// Every square next to one of `squares`, diagonally too; a square of
/// `squares` is in it only when it is next to another.
pub fn touching(squares: u64) -> u64 {
    ALL_DIRECTIONS
        .iter()
        .fold(0, |next, &(df, dr)| next | shift(squares, df, dr))
}

/// The up to eight neighbours of a square.
pub fn adjacent(sq: Sq) -> u64 {
    touching(bit(sq))
}

/// The enemies a unit on `sq` is in melee with.
pub fn melee_opponents(sq: Sq, enemies: u64) -> u64 {
    adjacent(sq) & enemies
}

/// Whether a unit on `sq` is in melee: next to one of `enemies`.
pub fn in_melee(sq: Sq, enemies: u64) -> bool {
    melee_opponents(sq, enemies) != 0
}

/// The units of `units` that are in melee with one of `enemies`.
pub fn engaged(units: u64, enemies: u64) -> u64 {
    units & touching(enemies)
}

/// The squares one step from a square of `frontier`. When squeezing is
/// refused, a diagonal step is not taken between two occupied squares.
fn step(frontier: u64, occupied: u64, squeeze: Squeeze) -> u64 {
    ALL_DIRECTIONS.iter().fold(0, |next, &(df, dr)| {
        let diagonal = df != 0 && dr != 0;
        let origins = if diagonal && squeeze == Squeeze::Refused {
            // The origins whose neighbour toward the step along the rank
            // and whose neighbour toward it along the file are both occupied.
            frontier & !(shift(occupied, -df, 0) & shift(occupied, 0, -dr))
        } else {
            frontier
        };
        next | shift(origins, df, dr)
    })
}

/// The squares first reached at each step out from `from` through empty
/// squares, nearest first, until none is new: the unit's own square counts
/// as empty, as it leaves it.
fn rings(from: Sq, occupied: u64, squeeze: Squeeze) -> impl Iterator<Item = u64> {
    let occupied = occupied & !bit(from);
    let mut reached = bit(from);
    let mut frontier = reached;
    std::iter::from_fn(move || {
        frontier = step(frontier, occupied, squeeze) & !occupied & !reached;
        reached |= frontier;
        (frontier != 0).then_some(frontier)
    })
}

/// The squares a unit on `from` may end a move on with up to `moves` steps
/// through empty squares. Its own square is not among them: staying is not
/// a move.
pub fn reach(from: Sq, moves: u8, occupied: u64, squeeze: Squeeze) -> u64 {
    rings(from, occupied, squeeze)
        .take(usize::from(moves))
        .fold(0, |all, ring| all | ring)
}

/// The fewest steps through empty squares from `from` to `to`; `None` when
/// `to` is occupied or walled off. Zero when they are the same square.
pub fn steps(from: Sq, to: Sq, occupied: u64, squeeze: Squeeze) -> Option<u8> {
    if from == to {
        return Some(0);
    }
    rings(from, occupied, squeeze)
        .position(|ring| ring & bit(to) != 0)
        .map(|before| before as u8 + 1)
}

/// The Liche's teleport: every empty square within `moves` of `from`,
/// counted like a king's moves (`grid::distance`), whatever stands between.
pub fn teleport_reach(from: Sq, moves: u8, occupied: u64) -> u64 {
    let mut within = bit(from);
    for _ in 0..moves.min(7) {
        within |= touching(within);
    }
    within & !occupied & !bit(from)
}

/// Whether a unit on `from` that destroyed the defender on the neighbouring
/// square `to` may advance there: `to` is empty, and a diagonal advance does
/// not pass between two occupied squares ("Unit cannot make this advance
/// move diagonally if both adjacent squares are occupied"). False for
/// squares that are not neighbours.
pub fn may_advance(from: Sq, to: Sq, occupied: u64) -> bool {
    occupied & bit(to) == 0 && step(bit(from), occupied, Squeeze::Refused) & bit(to) != 0
}

/// The two squares a diagonal step from `from` to `to` passes between.
pub fn squares_beside(from: Sq, to: Sq) -> Option<(Sq, Sq)> {
    let diagonal = distance(from, to) == 1 && file(from) != file(to) && rank(from) != rank(to);
    diagonal.then(|| {
        let across_files = at(file(to), rank(from));
        let across_ranks = at(file(from), rank(to));
        (
            across_files.min(across_ranks),
            across_files.max(across_ranks),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::grid::{SQUARES, mask_of as mask, named as sq, neighbours, squares_of};
    use proptest::prelude::*;
    use std::collections::VecDeque;

    #[test]
    fn neighbours_stop_at_the_edges() {
        assert_eq!(adjacent(sq("a1")), mask(&["a2", "b1", "b2"]));
        assert_eq!(adjacent(sq("h8")), mask(&["g8", "g7", "h7"]));
        assert_eq!(adjacent(sq("h4")), mask(&["h3", "h5", "g3", "g4", "g5"]));
        assert_eq!(adjacent(sq("a5")), mask(&["a4", "a6", "b4", "b5", "b6"]));
        for sq in 0..SQUARES as Sq {
            assert_eq!(adjacent(sq), neighbours(sq).fold(0, |m, n| m | bit(n)));
        }
    }

    #[test]
    fn melee_is_contact_diagonally_too() {
        let enemies = mask(&["e5", "c3"]);
        assert!(in_melee(sq("d4"), enemies));
        assert_eq!(melee_opponents(sq("d4"), enemies), enemies);
        assert!(in_melee(sq("f6"), enemies));
        assert!(!in_melee(sq("g6"), enemies));
        assert!(!in_melee(sq("h1"), mask(&["a2"])));
        let units = mask(&["d4", "f6", "g6", "a8"]);
        assert_eq!(engaged(units, enemies), mask(&["d4", "f6"]));
    }

    #[test]
    fn a_move_goes_round_units_not_through_them() {
        // A wall on the b file but for b8: round it takes the long way.
        let wall = mask(&["b1", "b2", "b3", "b4", "b5", "b6", "b7"]);
        let a1 = sq("a1");
        assert_eq!(reach(a1, 2, wall, Squeeze::Allowed), mask(&["a2", "a3"]));
        assert_eq!(steps(a1, sq("c1"), wall, Squeeze::Allowed), Some(14));
        assert_eq!(steps(a1, sq("b8"), wall, Squeeze::Allowed), Some(7));
        assert_eq!(steps(a1, sq("b1"), wall, Squeeze::Allowed), None);
        assert_eq!(steps(a1, a1, wall, Squeeze::Allowed), Some(0));
        let closed = wall | bit(sq("b8"));
        assert_eq!(steps(a1, sq("h8"), closed, Squeeze::Allowed), None);
    }

    #[test]
    fn a_move_on_an_empty_board_is_a_kings_walk() {
        let d4 = sq("d4");
        let two = reach(d4, 2, bit(d4), Squeeze::Refused);
        assert_eq!(two.count_ones(), 24);
        assert!(squares_of(two).all(|s| distance(d4, s) <= 2 && s != d4));
        assert_eq!(reach(sq("h8"), 1, 0, Squeeze::Allowed), adjacent(sq("h8")));
        assert_eq!(reach(d4, 0, 0, Squeeze::Allowed), 0);
        assert_eq!(reach(sq("a1"), 7, 0, Squeeze::Allowed), !bit(sq("a1")));
    }

    #[test]
    fn squeezing_between_two_units_is_the_callers_choice() {
        let gate = mask(&["a2", "b1"]);
        let a1 = sq("a1");
        assert_eq!(
            reach(a1, 3, gate, Squeeze::Allowed) & bit(sq("b2")),
            bit(sq("b2"))
        );
        assert_eq!(reach(a1, 3, gate, Squeeze::Refused), 0);
        // With one of the two gone, the step is open either way.
        let half = bit(sq("a2"));
        assert_eq!(steps(a1, sq("b2"), half, Squeeze::Refused), Some(1));
    }

    #[test]
    fn the_teleport_ignores_what_stands_between() {
        let d4 = sq("d4");
        let ring = adjacent(d4);
        let far = teleport_reach(d4, 2, ring | bit(d4));
        assert_eq!(far.count_ones(), 16);
        assert!(squares_of(far).all(|s| distance(d4, s) == 2));
        assert_eq!(reach(d4, 2, ring, Squeeze::Allowed), 0);
        assert_eq!(teleport_reach(sq("a1"), 12, 0), !bit(sq("a1")));
        assert_eq!(
            teleport_reach(sq("a1"), 1, mask(&["b2"])),
            mask(&["a2", "b1"])
        );
    }

    #[test]
    fn the_advance_refuses_only_the_diagonal_between_two_units() {
        let (d4, e5, e4) = (sq("d4"), sq("e5"), sq("e4"));
        assert!(may_advance(d4, e5, 0));
        assert!(may_advance(d4, e5, mask(&["e4"])));
        assert!(!may_advance(d4, e5, mask(&["e4", "d5"])));
        assert!(may_advance(d4, e4, mask(&["e5", "e3", "d5", "d3"])));
        assert!(!may_advance(d4, e4, mask(&["e4"])));
        assert!(!may_advance(d4, sq("f6"), 0));
        assert!(!may_advance(d4, d4, 0));
        assert!(may_advance(sq("h8"), sq("g7"), mask(&["h7"])));
        assert!(!may_advance(sq("h8"), sq("g7"), mask(&["h7", "g8"])));
        assert!(!may_advance(sq("a2"), sq("b1"), mask(&["a1", "b2"])));
        assert_eq!(squares_beside(d4, e5), Some((e4, sq("d5"))));
        assert_eq!(squares_beside(d4, e4), None);
    }

    /// A square by square search over `(file, rank)` pairs, independent of
    /// the bit masks: the fewest steps to every square, `u8::MAX` if none.
    fn walked(from: Sq, occupied: u64, squeeze: Squeeze) -> [u8; SQUARES] {
        let full =
            |f: i8, r: i8| occupied & bit((r * 8 + f) as Sq) != 0 && (r * 8 + f) as Sq != from;
        let mut steps = [u8::MAX; SQUARES];
        steps[usize::from(from)] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(here) = queue.pop_front() {
            let (f, r) = (file(here) as i8, rank(here) as i8);
            for df in -1..=1i8 {
                for dr in -1..=1i8 {
                    let (nf, nr) = (f + df, r + dr);
                    if !(0..8).contains(&nf) || !(0..8).contains(&nr) || full(nf, nr) {
                        continue;
                    }
                    if squeeze == Squeeze::Refused
                        && df != 0
                        && dr != 0
                        && full(nf, r)
                        && full(f, nr)
                    {
                        continue;
                    }
                    let next = (nr * 8 + nf) as usize;
                    if steps[next] == u8::MAX {
                        steps[next] = steps[usize::from(here)] + 1;
                        queue.push_back(next as Sq);
                    }
                }
            }
        }
        steps
    }

    fn squeeze() -> impl Strategy<Value = Squeeze> {
        prop_oneof![Just(Squeeze::Allowed), Just(Squeeze::Refused)]
    }

    fn occupancy() -> impl Strategy<Value = u64> {
        prop_oneof![
            any::<u64>(),
            (any::<u64>(), any::<u64>()).prop_map(|(a, b)| a & b),
            (any::<u64>(), any::<u64>(), any::<u64>()).prop_map(|(a, b, c)| a & b & c),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        #[test]
        fn reach_agrees_with_a_square_by_square_search(
            from in 0..64u8,
            moves in 0..10u8,
            occupied in occupancy(),
            squeeze in squeeze(),
        ) {
            let walked = walked(from, occupied, squeeze);
            let expected = (0..SQUARES)
                .filter(|&s| s != usize::from(from) && walked[s] <= moves)
                .fold(0, |m, s| m | bit(s as Sq));
            prop_assert_eq!(reach(from, moves, occupied, squeeze), expected);
            for to in 0..SQUARES as Sq {
                let fewest = (walked[usize::from(to)] != u8::MAX).then_some(walked[usize::from(to)]);
                prop_assert_eq!(steps(from, to, occupied, squeeze), fewest);
            }
        }

        #[test]
        fn the_teleport_reaches_every_empty_square_in_range(
            from in 0..64u8,
            moves in 0..10u8,
            occupied in occupancy(),
        ) {
            let expected = (0..SQUARES as Sq)
                .filter(|&s| s != from && distance(from, s) <= moves && occupied & bit(s) == 0)
                .fold(0, |m, s| m | bit(s));
            prop_assert_eq!(teleport_reach(from, moves, occupied), expected);
        }

        #[test]
        fn an_advance_is_a_single_step_refusing_the_squeeze(
            from in 0..64u8,
            to in 0..64u8,
            occupied in occupancy(),
        ) {
            let expected = walked(from, occupied, Squeeze::Refused)[usize::from(to)] == 1;
            prop_assert_eq!(may_advance(from, to, occupied), expected);
        }
    }
}
