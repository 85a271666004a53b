//! ChessWar!'s line of sight, read exactly from the rule book: "Visibility
//! is determined from center of firer's square to center of target's square;
//! any square that is crossed by this line blocks the visibility if any unit
//! is in that square. If this line crosses exactly between two squares,
//! firer is free to choose which one of these two squares is crossed."
//!
//! Which squares count, in whole numbers: coordinates are doubled, so square
//! centres are odd and square edges even.
//!
//! - A square is *crossed* when the segment between the two centres passes
//!   through its inside. Touching an edge or a corner is not crossing.
//!   Where the line passes through the middle of the edge two squares share
//!   (a knight's offset, a1→b3 through the edge of a2 and b2), it runs
//!   through the inside of both: both are crossed, and either blocks.
//! - The line never runs along an edge: a line through two centres parallel
//!   to an axis lies on odd coordinates, edges on even ones. So the one place
//!   it goes "exactly between two squares" is a *corner* where four squares
//!   meet: it passes from one of them into the diagonally opposite one, and
//!   the other two, touched only at that point, are the pair the firer
//!   chooses from. That corner blocks only when both of its pair are
//!   occupied, as the firer always chooses an empty one when there is one.
//!   Corners occur where the offset, reduced by its common divisor, is odd
//!   along both axes: diagonals (1:1), a1→d2 (3:1), a1→h2 (7:1), b1→g4 (5:3).
//! - Squares next to each other always see each other, diagonally too:
//!   no square lies between them, and units in contact fight each other
//!   across a diagonal whatever stands beside them, so they see each other.
//!
//! The firer's and the target's own squares never block.

use std::sync::LazyLock;

use crate::kit::grid::{SQUARES, Sq, at, bit, distance, file, rank};

/// A line meets at most one corner on each file boundary between its ends,
/// and a line on the board has at most seven such boundaries.
const MOST_CORNERS: usize = 7;

/// The squares between a firer and a target that decide whether the target
/// is seen: those the line crosses, and a pair per corner it passes exactly
/// through, of which the firer picks one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SightLine {
    crossed: u64,
    corner_pairs: [(Sq, Sq); MOST_CORNERS],
    corners: u8,
}

impl SightLine {
    const NOTHING_BETWEEN: SightLine = SightLine {
        crossed: 0,
        corner_pairs: [(0, 0); MOST_CORNERS],
        corners: 0,
    };

    /// The squares the line passes through the inside of: any unit on one
    /// blocks the line.
    pub fn crossed(&self) -> u64 {
        self.crossed
    }

    /// For each corner the line passes exactly through, in order from the
    /// firer, the two squares beside it (lower square index first): the line
    /// counts as crossing the one the firer chooses.
    pub fn corner_pairs(&self) -> &[(Sq, Sq)] {
        &self.corner_pairs[..usize::from(self.corners)]
    }

    /// Whether the target is seen past the units on `occupied`: no crossed
    /// square is occupied and every corner has an empty square to choose.
    pub fn is_clear(&self, occupied: u64) -> bool {
        self.crossed & occupied == 0
            && self
                .corner_pairs()
                .iter()
                .all(|&(a, b)| occupied & bit(a) == 0 || occupied & bit(b) == 0)
    }

    fn add_corner_pair(&mut self, pair: (Sq, Sq)) {
        self.corner_pairs[usize::from(self.corners)] = pair;
        self.corners += 1;
    }
}

/// Whether a unit on `from` sees the square `to` past the units on
/// `occupied` (see the module's rules; units on `from` and `to` themselves
/// do not count).
pub fn line_of_sight(from: Sq, to: Sq, occupied: u64) -> bool {
    sight_line(from, to).is_clear(occupied)
}

/// The squares between `from` and `to` that the line of sight depends on.
/// The same squares either way: from `to` to `from`, only the order of the
/// corner pairs is reversed.
///
/// Every line is worked out once, the first time any is asked for: the
/// options of a firing phase ask for thousands, and a bot's playouts ask
/// for them again each time (docs/PERFORMANCE.md).
pub fn sight_line(from: Sq, to: Sq) -> SightLine {
    static LINES: LazyLock<Vec<SightLine>> = LazyLock::new(|| {
        (0..SQUARES * SQUARES)
            .map(|pair| line_between((pair / SQUARES) as Sq, (pair % SQUARES) as Sq))
            .collect()
    });
    LINES[usize::from(from) * SQUARES + usize::from(to)]
}

fn line_between(from: Sq, to: Sq) -> SightLine {
    let mut line = SightLine::NOTHING_BETWEEN;
    if distance(from, to) <= 1 {
        return line;
    }
    let (from_x, from_y) = centre(from);
    let (to_x, to_y) = centre(to);
    let (dx, dy) = (to_x - from_x, to_y - from_y);
    // Positive on one side of the line, negative on the other, zero on it.
    let side = |x: i32, y: i32| dx * (y - from_y) - dy * (x - from_x);

    // A square's inside meets the line when its corners lie strictly on both
    // sides; past either centre the line only leaves the rectangle the two
    // squares span, so the squares of that rectangle are all there is to test.
    for r in rank(from).min(rank(to))..=rank(from).max(rank(to)) {
        for f in file(from).min(file(to))..=file(from).max(file(to)) {
            let sq = at(f, r);
            if sq == from || sq == to {
                continue;
            }
            let (x, y) = (2 * i32::from(f), 2 * i32::from(r));
            let sides = [
                side(x, y),
                side(x + 2, y),
                side(x, y + 2),
                side(x + 2, y + 2),
            ];
            if sides.iter().any(|&s| s > 0) && sides.iter().any(|&s| s < 0) {
                line.crossed |= bit(sq);
            }
        }
    }

    // A corner lies on a file boundary, so walking the boundaries from the
    // firer finds every corner once, in order.
    let step = dx.signum();
    for boundary in 0..i32::from(file(from).abs_diff(file(to))) {
        let x = from_x + step * (2 * boundary + 1);
        let rise = dy * (x - from_x);
        if rise % dx != 0 {
            continue;
        }
        let y = from_y + rise / dx;
        if y % 2 != 0 {
            continue;
        }
        // The four squares meeting there have files cf - 1, cf and ranks
        // cr - 1, cr; the line joins two opposite ones, the pair is the
        // other two.
        let (cf, cr) = ((x / 2) as u8, (y / 2) as u8);
        let pair = if (dx > 0) == (dy > 0) {
            (at(cf, cr - 1), at(cf - 1, cr))
        } else {
            (at(cf - 1, cr - 1), at(cf, cr))
        };
        line.add_corner_pair(pair);
    }
    line
}

/// The centre of a square in doubled coordinates: odd on both axes.
fn centre(sq: Sq) -> (i32, i32) {
    (2 * i32::from(file(sq)) + 1, 2 * i32::from(rank(sq)) + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::grid::{mask_of as mask, named as sq, squares_of};
    use proptest::prelude::*;

    fn pairs(names: &[(&str, &str)]) -> Vec<(Sq, Sq)> {
        names.iter().map(|&(a, b)| (sq(a), sq(b))).collect()
    }

    fn assert_line(from: &str, to: &str, crossed: &[&str], corner_pairs: &[(&str, &str)]) {
        let line = sight_line(sq(from), sq(to));
        assert_eq!(line.crossed(), mask(crossed), "{from}→{to} crossed");
        assert_eq!(
            line.corner_pairs(),
            pairs(corner_pairs),
            "{from}→{to} corners"
        );
    }

    #[test]
    fn every_line_looked_up_is_the_line_worked_out() {
        for from in 0..SQUARES as Sq {
            for to in 0..SQUARES as Sq {
                assert_eq!(sight_line(from, to), line_between(from, to));
            }
        }
    }

    #[test]
    fn straight_lines_cross_the_squares_between() {
        assert_line("a1", "a4", &["a2", "a3"], &[]);
        assert_line("a1", "h1", &["b1", "c1", "d1", "e1", "f1", "g1"], &[]);
        assert_line("d5", "d3", &["d4"], &[]);
    }

    #[test]
    fn diagonals_cross_the_centres_and_pass_corners() {
        assert_line("a1", "c3", &["b2"], &[("b1", "a2"), ("c2", "b3")]);
        assert_line(
            "a1",
            "d4",
            &["b2", "c3"],
            &[("b1", "a2"), ("c2", "b3"), ("d3", "c4")],
        );
        assert_line("h1", "f3", &["g2"], &[("g1", "h2"), ("f2", "g3")]);
    }

    #[test]
    fn a_knights_offset_crosses_both_squares_it_passes_between() {
        // Through the middle of the edge a2 and b2 share: inside both.
        assert_line("a1", "b3", &["a2", "b2"], &[]);
        assert_line("a1", "c2", &["b1", "b2"], &[]);
        assert!(!line_of_sight(sq("a1"), sq("c2"), mask(&["b1"])));
        assert!(!line_of_sight(sq("a1"), sq("c2"), mask(&["b2"])));
    }

    #[test]
    fn shallow_lines_pass_a_corner_when_both_offsets_are_odd() {
        assert_line("a1", "d2", &["b1", "c2"], &[("c1", "b2")]);
        // 7:1 turns a corner half way, between d1–e2 with d2 and e1 beside.
        assert_line(
            "a1",
            "h2",
            &["b1", "c1", "d1", "e2", "f2", "g2"],
            &[("e1", "d2")],
        );
        // 7:2 has no corner: it cuts into c2 and f3 before the boundaries.
        assert_line(
            "a1",
            "h3",
            &["b1", "c1", "c2", "d2", "e2", "f2", "f3", "g3"],
            &[],
        );
        // 5:3 turns its corner half way too, from d2 into e3.
        assert_line(
            "b1",
            "g4",
            &["c1", "c2", "d2", "e3", "f3", "f4"],
            &[("e2", "d3")],
        );
    }

    #[test]
    fn the_firer_chooses_the_empty_square_at_a_corner() {
        let (a1, c3) = (sq("a1"), sq("c3"));
        assert!(line_of_sight(a1, c3, mask(&["b1"])));
        assert!(line_of_sight(a1, c3, mask(&["b1", "b3"])));
        assert!(!line_of_sight(a1, c3, mask(&["b1", "a2"])));
        assert!(!line_of_sight(a1, c3, mask(&["b2"])));
        let (a1, h2) = (sq("a1"), sq("h2"));
        assert!(line_of_sight(a1, h2, mask(&["d2", "h1", "a2"])));
        assert!(!line_of_sight(a1, h2, mask(&["d2", "e1"])));
    }

    #[test]
    fn neighbours_always_see_each_other() {
        let all = u64::MAX;
        assert!(line_of_sight(sq("a1"), sq("b2"), all));
        assert!(line_of_sight(sq("e4"), sq("e5"), all));
        assert!(line_of_sight(sq("e4"), sq("e4"), all));
        assert!(!line_of_sight(sq("e4"), sq("e6"), all));
    }

    #[test]
    fn every_line_is_the_same_both_ways() {
        for from in 0..SQUARES as Sq {
            for to in 0..SQUARES as Sq {
                let there = sight_line(from, to);
                let back = sight_line(to, from);
                assert_eq!(there.crossed(), back.crossed());
                let mut reversed = back.corner_pairs().to_vec();
                reversed.reverse();
                assert_eq!(there.corner_pairs(), reversed);
            }
        }
    }

    /// The squares the segment is inside of, found by sampling it at exact
    /// fractions of the way: it enters or leaves a square only at a multiple
    /// of `1/n` of the way (where a doubled coordinate turns even), so the
    /// middle of every `1/n` stretch finds each square it passes through, and
    /// the points `j/n` with both coordinates even are the corners. A
    /// corner's pair is the two of its four squares the samples on either
    /// side of it are not in.
    fn sampled_line(from: Sq, to: Sq) -> (u64, Vec<(Sq, Sq)>) {
        if distance(from, to) <= 1 {
            return (0, Vec::new());
        }
        let (fx, fy) = centre(from);
        let (tx, ty) = centre(to);
        let (dx, dy) = (tx - fx, ty - fy);
        let n = dx.abs().max(1) * dy.abs().max(1);
        // The square at (fx + dx·k/d, fy + dy·k/d), away from any edge.
        let square_at = |k: i32, d: i32| {
            let (x, y) = (fx * d + dx * k, fy * d + dy * k);
            assert!(x % (2 * d) != 0 && y % (2 * d) != 0, "sampled on an edge");
            at((x / (2 * d)) as u8, (y / (2 * d)) as u8)
        };
        let mut crossed = 0;
        for k in 0..n {
            crossed |= bit(square_at(2 * k + 1, 2 * n));
        }
        crossed &= !(bit(from) | bit(to));
        let mut corners = Vec::new();
        for j in 1..n {
            let (x, y) = (fx * n + dx * j, fy * n + dy * j);
            if x % (2 * n) == 0 && y % (2 * n) == 0 {
                let (cf, cr) = ((x / (2 * n)) as u8, (y / (2 * n)) as u8);
                let around = bit(at(cf - 1, cr - 1))
                    | bit(at(cf, cr - 1))
                    | bit(at(cf - 1, cr))
                    | bit(at(cf, cr));
                let before = bit(square_at(2 * j - 1, 2 * n));
                let after = bit(square_at(2 * j + 1, 2 * n));
                let beside: Vec<Sq> = squares_of(around & !before & !after).collect();
                corners.push((beside[0], beside[1]));
            }
        }
        (crossed, corners)
    }

    #[test]
    fn every_line_agrees_with_sampling_it_at_exact_fractions() {
        for from in 0..SQUARES as Sq {
            for to in 0..SQUARES as Sq {
                let line = sight_line(from, to);
                let (crossed, corners) = sampled_line(from, to);
                assert_eq!(line.crossed(), crossed, "{from}→{to}");
                assert_eq!(line.corner_pairs(), corners, "{from}→{to}");
            }
        }
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
        fn the_ends_own_squares_never_block(from in 0..64u8, to in 0..64u8, occupied in occupancy()) {
            let ends = bit(from) | bit(to);
            let seen = line_of_sight(from, to, occupied);
            prop_assert_eq!(seen, line_of_sight(from, to, occupied | ends));
            prop_assert_eq!(seen, line_of_sight(from, to, occupied & !ends));
            prop_assert_eq!(seen, line_of_sight(to, from, occupied));
        }

        #[test]
        fn sight_agrees_with_the_sampled_line(from in 0..64u8, to in 0..64u8, occupied in occupancy()) {
            let (crossed, corners) = sampled_line(from, to);
            let empty = |s: Sq| occupied & bit(s) == 0;
            let expected = squares_of(crossed).all(empty)
                && corners.iter().all(|&(a, b)| empty(a) || empty(b));
            prop_assert_eq!(line_of_sight(from, to, occupied), expected);
        }
    }
}
