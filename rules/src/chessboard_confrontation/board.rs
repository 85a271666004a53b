//! The 8×8 board: squares as indices 0..64 (rank × 8 + file), square sets as
//! `u64` bit masks, the starting sides, and the lines ranged attacks follow.
//! The shared geometry is [`crate::grid`]; this adds what only this game uses.

use std::sync::OnceLock;

pub use crate::grid::{
    SIZE, SQUARES, Sq, at, bit, distance, file, from_square, offset, push_square, rank, squares_of,
    to_square,
};

pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The eight neighbours, clockwise from straight up the board.
pub fn neighbours(sq: Sq) -> impl Iterator<Item = Sq> {
    DIRECTIONS
        .into_iter()
        .filter_map(move |(df, dr)| offset(sq, df, dr))
}

pub fn neighbour_mask(sq: Sq) -> u64 {
    neighbours(sq).fold(0, |mask, n| mask | bit(n))
}

pub fn is_corner(sq: Sq) -> bool {
    matches!(file(sq), 0 | 7) && matches!(rank(sq), 0 | 7)
}

/// A seat's starting side without its two corners: seat 0 rank 1, seat 1
/// rank 8, seat 2 file a, seat 3 file h.
pub fn side(seat: u8) -> u64 {
    (0..SIZE)
        .map(|i| match seat {
            0 => at(i, 0),
            1 => at(i, 7),
            2 => at(0, i),
            _ => at(7, i),
        })
        .filter(|&sq| !is_corner(sq))
        .fold(0, |mask, sq| mask | bit(sq))
}

/// The two corners of a seat's starting side.
pub fn corners(seat: u8) -> [Sq; 2] {
    match seat {
        0 => [at(0, 0), at(7, 0)],
        1 => [at(0, 7), at(7, 7)],
        2 => [at(0, 0), at(0, 7)],
        _ => [at(7, 0), at(7, 7)],
    }
}

/// The four centre squares d4, e4, d5, e5.
pub const CENTRE: [Sq; 4] = [27, 28, 35, 36];

/// A step from `from` to the neighbour `to` that squeezes between two
/// obstacles meeting only at a corner.
pub fn squeezes(from: Sq, to: Sq, obstacles: u64) -> bool {
    if file(from) == file(to) || rank(from) == rank(to) {
        return false;
    }
    let a = at(file(to), rank(from));
    let b = at(file(from), rank(to));
    obstacles & bit(a) != 0 && obstacles & bit(b) != 0
}

/// The squares whose inside the line from the centre of `a` to the centre of
/// `b` crosses, without `a` and `b`. A line that only touches a square's edge
/// or corner does not cross it.
pub fn between(a: Sq, b: Sq) -> u64 {
    static TABLE: OnceLock<Vec<u64>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0u64; SQUARES * SQUARES];
        for a in 0..SQUARES as Sq {
            for b in 0..SQUARES as Sq {
                table[a as usize * SQUARES + b as usize] = compute_between(a, b);
            }
        }
        table
    })[a as usize * SQUARES + b as usize]
}

fn compute_between(a: Sq, b: Sq) -> u64 {
    // Doubled coordinates: centres are odd, square edges even.
    let (ax, ay) = (2.0 * file(a) as f64 + 1.0, 2.0 * rank(a) as f64 + 1.0);
    let (dx, dy) = (
        2.0 * file(b) as f64 + 1.0 - ax,
        2.0 * rank(b) as f64 + 1.0 - ay,
    );
    let mut mask = 0;
    for s in 0..SQUARES as Sq {
        if s == a || s == b {
            continue;
        }
        let (lo_x, lo_y) = (2.0 * file(s) as f64, 2.0 * rank(s) as f64);
        let mut t_min: f64 = 0.0;
        let mut t_max: f64 = 1.0;
        let mut inside = true;
        for (p, d, lo) in [(ax, dx, lo_x), (ay, dy, lo_y)] {
            if d == 0.0 {
                if !(lo < p && p < lo + 2.0) {
                    inside = false;
                }
            } else {
                let (t1, t2) = ((lo - p) / d, (lo + 2.0 - p) / d);
                t_min = t_min.max(t1.min(t2));
                t_max = t_max.min(t1.max(t2));
            }
        }
        if inside && t_min < t_max {
            mask |= bit(s);
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Sq {
        from_square(name.parse().unwrap()).unwrap()
    }

    #[test]
    fn lines_cross_the_squares_between() {
        assert_eq!(between(sq("a1"), sq("a4")), bit(sq("a2")) | bit(sq("a3")));
        assert_eq!(between(sq("a1"), sq("c3")), bit(sq("b2")));
        // A knight's line crosses the two squares it passes between.
        assert_eq!(between(sq("a1"), sq("b3")), bit(sq("a2")) | bit(sq("b2")));
        assert_eq!(between(sq("a1"), sq("b2")), 0);
        assert_eq!(between(sq("a1"), sq("a2")), 0);
        // a1 to c2 runs half a square up over two files: it crosses b1 and b2.
        assert_eq!(between(sq("a1"), sq("c2")), bit(sq("b1")) | bit(sq("b2")));
    }

    #[test]
    fn sides_leave_out_the_corners() {
        assert_eq!(side(0).count_ones(), 6);
        assert_eq!(side(0) & bit(sq("a1")), 0);
        assert_ne!(side(3) & bit(sq("h4")), 0);
        assert!(squeezes(sq("a1"), sq("b2"), bit(sq("a2")) | bit(sq("b1"))));
        assert!(!squeezes(sq("a1"), sq("b2"), bit(sq("a2"))));
    }
}
