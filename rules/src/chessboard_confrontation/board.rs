//! The board a match is played on, the 8×8 chessboard or the 24×24 battle
//! map, as a [`Board`] value; squares as addresses (rank × 24 + file, the
//! same on either board, so a square's address never depends on the board),
//! square sets as [`Squares`], the starting sides, and the lines ranged
//! attacks follow.

use std::sync::OnceLock;

use fray_protocol::Square;

use crate::kit::compass::Compass;

pub use super::squares::Squares;

/// The widest and tallest board: the battle map, 24 inches a side.
pub const MAX_SIDE: u8 = 24;
/// Square addresses: every square of the largest board.
pub const ADDRESSES: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// A square's address, rank × 24 + file.
pub type Sq = u16;

#[inline]
pub fn file(sq: Sq) -> u8 {
    (sq % Sq::from(MAX_SIDE)) as u8
}

#[inline]
pub fn rank(sq: Sq) -> u8 {
    (sq / Sq::from(MAX_SIDE)) as u8
}

#[inline]
pub fn at(file: u8, rank: u8) -> Sq {
    Sq::from(rank) * Sq::from(MAX_SIDE) + Sq::from(file)
}

/// The set of one square.
#[inline]
pub fn bit(sq: Sq) -> Squares {
    Squares::of(sq)
}

/// The squares of a set, lowest address first.
pub fn squares_of(set: Squares) -> impl Iterator<Item = Sq> {
    set.iter()
}

/// How moves and ranges are counted: in spaces, a diagonal step one like a
/// straight one; or in inches on the battle map, diagonal steps one and two
/// alternately (B2). Either way the eight squares around are one away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    Spaces,
    AlternateDiagonals,
}

impl Measure {
    /// How far `b` is from `a` by the shortest way with nothing in it.
    pub fn distance(self, a: Sq, b: Sq) -> u8 {
        let (files, ranks) = (file(a).abs_diff(file(b)), rank(a).abs_diff(rank(b)));
        let (long, short) = (files.max(ranks), files.min(ranks));
        match self {
            Measure::Spaces => long,
            Measure::AlternateDiagonals => long + short / 2,
        }
    }

    /// What one step costs, given whether the diagonal steps taken before
    /// it are odd in number, and whether they are odd with it.
    #[inline]
    pub fn step(self, diagonal: bool, odd_diagonals: bool) -> (u8, bool) {
        match self {
            Measure::Spaces => (1, false),
            Measure::AlternateDiagonals if diagonal => {
                (if odd_diagonals { 2 } else { 1 }, !odd_diagonals)
            }
            Measure::AlternateDiagonals => (1, odd_diagonals),
        }
    }
}

/// Whether the step from `from` to its neighbour `to` is diagonal.
#[inline]
pub fn is_diagonal(from: Sq, to: Sq) -> bool {
    file(from) != file(to) && rank(from) != rank(to)
}

pub fn to_square(sq: Sq) -> Square {
    Square::new(file(sq), rank(sq))
}

/// Appends a square's name ("e4", "x24"), exactly as `Square`'s `Display`
/// writes it, without going through the formatting machinery: listing the
/// options names a square several times per option.
pub fn push_square(out: &mut String, sq: Sq) {
    out.push(char::from(b'a' + file(sq)));
    let number = rank(sq) + 1;
    if number >= 10 {
        out.push(char::from(b'0' + number / 10));
    }
    out.push(char::from(b'0' + number % 10));
}

/// Appends how labels name a piece: "Knight on e4", or just "Knight" when
/// it is off the board.
pub fn push_name_on(out: &mut String, name: &str, sq: Option<Sq>) {
    out.push_str(name);
    if let Some(sq) = sq {
        out.push_str(" on ");
        push_square(out, sq);
    }
}

/// The geometry of the board a match is played on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
}

impl Board {
    /// The book's board.
    pub const CHESSBOARD: Board = Board {
        width: 8,
        height: 8,
    };
    /// The battle-map variant: 24 inches a side, one square per inch.
    pub const BATTLE_MAP: Board = Board {
        width: MAX_SIDE,
        height: MAX_SIDE,
    };

    pub fn width(self) -> u8 {
        self.width
    }

    pub fn height(self) -> u8 {
        self.height
    }

    /// The square `(df, dr)` away, if it is on the board.
    #[inline]
    pub fn offset(self, sq: Sq, df: i8, dr: i8) -> Option<Sq> {
        let f = file(sq) as i8 + df;
        let r = rank(sq) as i8 + dr;
        ((0..self.width as i8).contains(&f) && (0..self.height as i8).contains(&r))
            .then(|| at(f as u8, r as u8))
    }

    /// The eight neighbours on the board, clockwise from straight up. The
    /// square's file and rank are worked out once, not once per direction:
    /// movement asks for neighbours more than for anything else.
    #[inline]
    pub fn neighbours(self, sq: Sq) -> impl Iterator<Item = Sq> {
        let (f, r) = (file(sq) as i8, rank(sq) as i8);
        let (width, height) = (self.width as i8, self.height as i8);
        Compass::STEPS.into_iter().filter_map(move |(df, dr)| {
            let (nf, nr) = (f + df, r + dr);
            ((0..width).contains(&nf) && (0..height).contains(&nr))
                .then(|| (sq as i16 + i16::from(dr) * i16::from(MAX_SIDE) + i16::from(df)) as Sq)
        })
    }

    pub fn neighbour_mask(self, sq: Sq) -> Squares {
        self.neighbours(sq).collect()
    }

    /// Every square of the board; kept, as obstacle layouts ask for it at
    /// every try.
    pub fn squares(self) -> Squares {
        static CHESSBOARD: OnceLock<Squares> = OnceLock::new();
        static BATTLE_MAP: OnceLock<Squares> = OnceLock::new();
        let all = || {
            (0..self.height)
                .flat_map(|r| (0..self.width).map(move |f| at(f, r)))
                .collect()
        };
        match self {
            Board::CHESSBOARD => *CHESSBOARD.get_or_init(all),
            Board::BATTLE_MAP => *BATTLE_MAP.get_or_init(all),
            _ => all(),
        }
    }

    /// The address of a square of the protocol, if it is on this board.
    pub fn address(self, square: Square) -> Option<Sq> {
        (square.file < self.width && square.rank < self.height)
            .then(|| at(square.file, square.rank))
    }

    pub fn is_corner(self, sq: Sq) -> bool {
        (file(sq) == 0 || file(sq) == self.width - 1)
            && (rank(sq) == 0 || rank(sq) == self.height - 1)
    }

    /// A seat's starting side without its two corners: seat 0 the first
    /// rank, seat 1 the last, seat 2 file a, seat 3 the last file.
    pub fn side(self, seat: u8) -> Squares {
        let (last_file, last_rank) = (self.width - 1, self.height - 1);
        let along = if seat < 2 { self.width } else { self.height };
        (0..along)
            .map(|i| match seat {
                0 => at(i, 0),
                1 => at(i, last_rank),
                2 => at(0, i),
                _ => at(last_file, i),
            })
            .filter(|&sq| !self.is_corner(sq))
            .collect()
    }

    /// The two corners of a seat's starting side.
    pub fn corners(self, seat: u8) -> [Sq; 2] {
        let (last_file, last_rank) = (self.width - 1, self.height - 1);
        match seat {
            0 => [at(0, 0), at(last_file, 0)],
            1 => [at(0, last_rank), at(last_file, last_rank)],
            2 => [at(0, 0), at(0, last_rank)],
            _ => [at(last_file, 0), at(last_file, last_rank)],
        }
    }

    /// The four centre squares, lowest address first: d4, e4, d5, e5 on the
    /// chessboard.
    pub fn centre(self) -> [Sq; 4] {
        let (f, r) = (self.width / 2 - 1, self.height / 2 - 1);
        [at(f, r), at(f + 1, r), at(f, r + 1), at(f + 1, r + 1)]
    }
}

/// A step from `from` to the neighbour `to` that squeezes between two
/// obstacles meeting only at a corner.
#[inline]
pub fn squeezes(from: Sq, to: Sq, obstacles: Squares) -> bool {
    if !is_diagonal(from, to) {
        return false;
    }
    obstacles.contains(at(file(to), rank(from))) && obstacles.contains(at(file(from), rank(to)))
}

/// The squares whose inside the line from the centre of `a` to the centre of
/// `b` crosses, without `a` and `b`. A line that only touches a square's edge
/// or corner does not cross it. Lines between squares of the chessboard come
/// from a table, as ranged attacks there look them up often.
pub fn between(a: Sq, b: Sq) -> Squares {
    const SIDE: u8 = 8;
    static CHESSBOARD: OnceLock<Vec<Squares>> = OnceLock::new();
    let on_chessboard = |sq: Sq| file(sq) < SIDE && rank(sq) < SIDE;
    if !(on_chessboard(a) && on_chessboard(b)) {
        return compute_between(a, b);
    }
    let index = |sq: Sq| usize::from(rank(sq)) * usize::from(SIDE) + usize::from(file(sq));
    let cells = usize::from(SIDE) * usize::from(SIDE);
    CHESSBOARD.get_or_init(|| {
        let squares: Vec<Sq> = (0..SIDE)
            .flat_map(|r| (0..SIDE).map(move |f| at(f, r)))
            .collect();
        let mut table = vec![Squares::EMPTY; cells * cells];
        for &a in &squares {
            for &b in &squares {
                table[index(a) * cells + index(b)] = compute_between(a, b);
            }
        }
        table
    })[index(a) * cells + index(b)]
}

/// The line can only cross squares inside the rectangle its two ends span.
fn compute_between(a: Sq, b: Sq) -> Squares {
    // Doubled coordinates: centres are odd, square edges even.
    let (ax, ay) = (2.0 * file(a) as f64 + 1.0, 2.0 * rank(a) as f64 + 1.0);
    let (dx, dy) = (
        2.0 * file(b) as f64 + 1.0 - ax,
        2.0 * rank(b) as f64 + 1.0 - ay,
    );
    let mut set = Squares::EMPTY;
    let files = file(a).min(file(b))..=file(a).max(file(b));
    for r in rank(a).min(rank(b))..=rank(a).max(rank(b)) {
        for f in files.clone() {
            let s = at(f, r);
            if s == a || s == b {
                continue;
            }
            let (lo_x, lo_y) = (2.0 * f as f64, 2.0 * r as f64);
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
                set.insert(s);
            }
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Sq {
        Board::BATTLE_MAP.address(name.parse().unwrap()).unwrap()
    }

    fn set(names: &[&str]) -> Squares {
        names.iter().map(|n| sq(n)).collect()
    }

    #[test]
    fn lines_cross_the_squares_between() {
        assert_eq!(between(sq("a1"), sq("a4")), set(&["a2", "a3"]));
        assert_eq!(between(sq("a1"), sq("c3")), set(&["b2"]));
        // A knight's line crosses the two squares it passes between.
        assert_eq!(between(sq("a1"), sq("b3")), set(&["a2", "b2"]));
        assert_eq!(between(sq("a1"), sq("b2")), Squares::EMPTY);
        assert_eq!(between(sq("a1"), sq("a2")), Squares::EMPTY);
        // a1 to c2 runs half a square up over two files: it crosses b1 and b2.
        assert_eq!(between(sq("a1"), sq("c2")), set(&["b1", "b2"]));
        // Off the chessboard the same geometry is computed, not looked up.
        assert_eq!(
            between(sq("a1"), sq("i9")),
            set(&["b2", "c3", "d4", "e5", "f6", "g7", "h8"])
        );
        assert_eq!(between(sq("j1"), sq("l2")), set(&["k1", "k2"]));
    }

    #[test]
    fn sides_leave_out_the_corners() {
        let chessboard = Board::CHESSBOARD;
        assert_eq!(chessboard.side(0).len(), 6);
        assert!(!chessboard.side(0).contains(sq("a1")));
        assert!(chessboard.side(3).contains(sq("h4")));
        assert!(squeezes(sq("a1"), sq("b2"), set(&["a2", "b1"])));
        assert!(!squeezes(sq("a1"), sq("b2"), set(&["a2"])));
        let map = Board::BATTLE_MAP;
        assert_eq!(map.side(1).len(), 22);
        assert!(map.side(1).contains(sq("b24")));
        assert!(map.side(3).contains(sq("x12")));
        assert_eq!(map.corners(3), [sq("x1"), sq("x24")]);
    }

    #[test]
    fn inches_count_every_second_diagonal_as_two() {
        let inches = Measure::AlternateDiagonals;
        assert_eq!(inches.distance(sq("l12"), sq("l15")), 3);
        assert_eq!(inches.distance(sq("l12"), sq("n14")), 3);
        assert_eq!(inches.distance(sq("l12"), sq("o14")), 4);
        assert_eq!(inches.distance(sq("l12"), sq("o15")), 4);
        assert_eq!(inches.distance(sq("o15"), sq("l12")), 4);
        assert_eq!(Measure::Spaces.distance(sq("l12"), sq("o15")), 3);
        for measure in [Measure::Spaces, Measure::AlternateDiagonals] {
            for n in Board::BATTLE_MAP.neighbours(sq("l12")) {
                assert_eq!(measure.distance(sq("l12"), n), 1, "{measure:?}");
            }
        }
        // Three diagonal steps: 1, 2, 1 inches.
        let (first, odd) = inches.step(true, false);
        let (second, even) = inches.step(true, odd);
        let (third, _) = inches.step(true, even);
        assert_eq!([first, second, third], [1, 2, 1]);
        assert_eq!(inches.step(false, true), (1, true));
        assert_eq!(Measure::Spaces.step(true, false), (1, false));
    }

    #[test]
    fn the_centre_is_the_four_middle_squares() {
        assert_eq!(
            Board::CHESSBOARD.centre(),
            [sq("d4"), sq("e4"), sq("d5"), sq("e5")]
        );
        assert_eq!(
            Board::BATTLE_MAP.centre(),
            [sq("l12"), sq("m12"), sq("l13"), sq("m13")]
        );
    }

    #[test]
    fn offsets_stay_on_the_board() {
        let chessboard = Board::CHESSBOARD;
        assert_eq!(chessboard.offset(sq("h4"), 1, 0), None);
        assert_eq!(Board::BATTLE_MAP.offset(sq("h4"), 1, 0), Some(sq("i4")));
        assert_eq!(chessboard.neighbours(sq("a1")).count(), 3);
        assert_eq!(chessboard.neighbours(sq("h8")).count(), 3);
        assert_eq!(Board::BATTLE_MAP.neighbours(sq("h8")).count(), 8);
    }

    #[test]
    fn pushed_square_names_match_display() {
        for sq in squares_of(Board::BATTLE_MAP.squares()) {
            let mut name = String::new();
            push_square(&mut name, sq);
            assert_eq!(name, to_square(sq).to_string());
        }
    }
}
