//! A set of squares on any board this game is played on, up to the 24×24
//! battle map: one bit per square address (see [`super::board::at`]),
//! combined with `|`, `&` and `!` like bit masks. `!` also sets squares
//! beyond a smaller board's edge, so a complement is always combined with a
//! set of squares on the board before it is read.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use super::board::{ADDRESSES, Sq};

const WORDS: usize = ADDRESSES.div_ceil(64);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Squares([u64; WORDS]);

impl Squares {
    pub const EMPTY: Squares = Squares([0; WORDS]);

    /// The set of one square.
    #[inline]
    pub fn of(sq: Sq) -> Squares {
        let mut words = [0; WORDS];
        words[usize::from(sq) / 64] = 1u64 << (sq % 64);
        Squares(words)
    }

    #[inline]
    pub fn contains(&self, sq: Sq) -> bool {
        self.0[usize::from(sq) / 64] & (1u64 << (sq % 64)) != 0
    }

    #[inline]
    pub fn insert(&mut self, sq: Sq) {
        self.0[usize::from(sq) / 64] |= 1u64 << (sq % 64);
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn meets(&self, other: Squares) -> bool {
        !(*self & other).is_empty()
    }

    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest square in the set.
    pub fn first(&self) -> Option<Sq> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| (i * 64) as Sq + w.trailing_zeros() as Sq)
    }

    /// The squares, lowest address first: rank by rank from the first, file
    /// by file within a rank.
    pub fn iter(self) -> SquaresIter {
        SquaresIter {
            words: self.0,
            word: 0,
        }
    }
}

/// The squares of a set, lowest address first.
pub struct SquaresIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for SquaresIter {
    type Item = Sq;

    #[inline]
    fn next(&mut self) -> Option<Sq> {
        while self.word < WORDS {
            let bits = &mut self.words[self.word];
            if *bits != 0 {
                let bit = bits.trailing_zeros() as Sq;
                *bits &= *bits - 1;
                return Some((self.word * 64) as Sq + bit);
            }
            self.word += 1;
        }
        None
    }
}

impl FromIterator<Sq> for Squares {
    fn from_iter<I: IntoIterator<Item = Sq>>(squares: I) -> Self {
        let mut set = Squares::EMPTY;
        for sq in squares {
            set.insert(sq);
        }
        set
    }
}

impl BitOr for Squares {
    type Output = Squares;
    #[inline]
    fn bitor(mut self, other: Squares) -> Squares {
        self |= other;
        self
    }
}

impl BitOrAssign for Squares {
    #[inline]
    fn bitor_assign(&mut self, other: Squares) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

impl BitAnd for Squares {
    type Output = Squares;
    #[inline]
    fn bitand(mut self, other: Squares) -> Squares {
        self &= other;
        self
    }
}

impl BitAndAssign for Squares {
    #[inline]
    fn bitand_assign(&mut self, other: Squares) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= b;
        }
    }
}

impl Not for Squares {
    type Output = Squares;
    #[inline]
    fn not(self) -> Squares {
        Squares(self.0.map(|w| !w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chessboard_confrontation::board::at;

    #[test]
    fn sets_combine_and_list_their_squares_in_address_order() {
        let a = Squares::of(at(23, 23)) | Squares::of(at(0, 0)) | Squares::of(at(5, 2));
        assert_eq!(
            a.iter().collect::<Vec<_>>(),
            vec![at(0, 0), at(5, 2), at(23, 23)]
        );
        assert_eq!(a.len(), 3);
        assert!(a.contains(at(23, 23)));
        assert!(!(a & !Squares::of(at(0, 0))).contains(at(0, 0)));
        assert_eq!((a & Squares::of(at(1, 1))), Squares::EMPTY);
        assert_eq!(a.first(), Some(at(0, 0)));
        assert_eq!(Squares::EMPTY.first(), None);
    }

    /// The words meet at addresses 64, 128, …, 512: squares on either side of
    /// each boundary are kept apart, counted, listed in order and complemented.
    #[test]
    fn squares_either_side_of_a_word_boundary_are_kept_apart() {
        let edges: Vec<Sq> = vec![0, 63, 64, 127, 128, 511, 512, 575];
        let set: Squares = edges.iter().copied().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), edges);
        assert_eq!(set.len(), 8);
        for (at, &sq) in edges.iter().enumerate() {
            assert!(set.contains(sq), "{sq}");
            let next = sq + 1;
            if usize::from(next) < ADDRESSES && !edges.contains(&next) {
                assert!(!set.contains(next), "{next}");
            }
            let rest: Squares = edges[at..].iter().copied().collect();
            assert_eq!(rest.first(), Some(sq));
        }
        let others = !set;
        assert_eq!(others.len(), ADDRESSES as u32 - 8);
        assert!(!others.meets(set));
        assert_eq!((others | set).len(), ADDRESSES as u32);
        assert_eq!(others.first(), Some(1));
        assert_eq!(Squares::of(575).first(), Some(575));
    }
}
