//! The 8×8 chessboard every system here plays on: squares as indices 0..64
//! (rank × 8 + file) and the lines pieces move, shoot and reach along.

use fray_protocol::Square;

pub const SIZE: u8 = 8;
pub const SQUARES: usize = 64;

/// A square index, rank × 8 + file.
pub type Sq = u8;

pub const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub const ALL_DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
pub const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

pub fn file(sq: Sq) -> u8 {
    sq % SIZE
}

pub fn rank(sq: Sq) -> u8 {
    sq / SIZE
}

pub fn at(file: u8, rank: u8) -> Sq {
    rank * SIZE + file
}

pub fn bit(sq: Sq) -> u64 {
    1u64 << sq
}

/// The squares of a bit mask, lowest index first.
pub fn squares_of(mut mask: u64) -> impl Iterator<Item = Sq> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let sq = mask.trailing_zeros() as Sq;
            mask &= mask - 1;
            sq
        })
    })
}

/// The square `(df, dr)` away, if it is on the board.
pub fn offset(sq: Sq, df: i8, dr: i8) -> Option<Sq> {
    let f = file(sq) as i8 + df;
    let r = rank(sq) as i8 + dr;
    ((0..SIZE as i8).contains(&f) && (0..SIZE as i8).contains(&r)).then(|| at(f as u8, r as u8))
}

/// Squares apart along the longer axis: the range of a straight or diagonal line.
pub fn distance(a: Sq, b: Sq) -> u8 {
    file(a).abs_diff(file(b)).max(rank(a).abs_diff(rank(b)))
}

pub fn neighbours(sq: Sq) -> impl Iterator<Item = Sq> {
    ALL_DIRECTIONS
        .iter()
        .filter_map(move |&(df, dr)| offset(sq, df, dr))
}

pub fn to_square(sq: Sq) -> Square {
    Square::new(file(sq), rank(sq))
}

/// Appends a square's name ("e4"), exactly as `Square`'s `Display` writes it,
/// without going through the formatting machinery: listing the options names
/// a square several times per option, and that showed at the top of profiles.
/// Every `Sq` is on the 8×8 board, so its name is always two characters.
pub fn push_square(out: &mut String, sq: Sq) {
    debug_assert!((sq as usize) < SQUARES);
    out.push(char::from(b'a' + file(sq)));
    out.push(char::from(b'1' + rank(sq)));
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

pub fn from_square(square: Square) -> Option<Sq> {
    (square.file < SIZE && square.rank < SIZE).then(|| at(square.file, square.rank))
}

/// The square named `name` ("e4"), for tests written in a player's words.
#[cfg(test)]
pub(crate) fn named(name: &str) -> Sq {
    from_square(name.parse().expect("a square's name")).expect("a square of the 8×8 board")
}

/// The set of the squares named.
#[cfg(test)]
pub(crate) fn mask_of(names: &[&str]) -> u64 {
    names.iter().fold(0, |mask, name| mask | bit(named(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_stay_on_the_board() {
        assert_eq!(offset(at(0, 0), -1, 0), None);
        assert_eq!(offset(at(7, 7), 0, 1), None);
        assert_eq!(offset(at(3, 3), 1, 2), Some(at(4, 5)));
        assert_eq!(neighbours(at(0, 0)).count(), 3);
        assert_eq!(neighbours(at(4, 4)).count(), 8);
    }

    #[test]
    fn distance_is_counted_along_the_longer_axis() {
        assert_eq!(distance(at(0, 0), at(3, 3)), 3);
        assert_eq!(distance(at(0, 0), at(0, 2)), 2);
        assert_eq!(distance(at(2, 2), at(3, 3)), 1);
        assert_eq!(distance(at(2, 2), at(3, 1)), 1);
    }

    #[test]
    fn squares_convert_to_notation() {
        assert_eq!(to_square(at(4, 3)).to_string(), "e4");
        assert_eq!(from_square("h8".parse().unwrap()), Some(63));
        assert_eq!(from_square("i1".parse().unwrap()), None);
    }

    #[test]
    fn pushed_square_names_match_display() {
        for sq in 0..SQUARES as Sq {
            let mut name = String::new();
            push_square(&mut name, sq);
            assert_eq!(name, to_square(sq).to_string());
        }
    }
}
