//! The match option `rulings`: which reading of the book a match plays where
//! Fray once read it otherwise. `book` is the reading the rulings table
//! (docs/rules/chessboard-confrontation.md) defends; `fray-2026` and
//! `fray-2025` are the ones Fray used before, each kept so that matches
//! stored then play on unchanged, and for groups who prefer them. The
//! readings are ordered, oldest first: each later one keeps every point an
//! earlier one changed. Each point where they differ is one method here, so
//! the rules ask about the point, never about the option.

use super::state::Kind;
use crate::kit::match_options::Choice;

/// Declared oldest first, so that a later reading compares greater.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rulings {
    Fray2025,
    Fray2026,
    Book,
}

impl Choice for Rulings {
    const ALL: &'static [Self] = &[Rulings::Book, Rulings::Fray2026, Rulings::Fray2025];

    fn key(self) -> &'static str {
        match self {
            Rulings::Book => "book",
            Rulings::Fray2026 => "fray-2026",
            Rulings::Fray2025 => "fray-2025",
        }
    }
}

impl Rulings {
    /// Whether this reading keeps the points read anew since `fray-2026`.
    fn book(self) -> bool {
        self == Rulings::Book
    }

    /// Whether this reading keeps the points Fray read anew in 2026.
    fn fray_2026_or_later(self) -> bool {
        self >= Rulings::Fray2026
    }

    /// Summon is "something other than attack", so the summoner makes a
    /// Skill roll for it (R12).
    pub fn summon_takes_skill_roll(self) -> bool {
        self.fray_2026_or_later()
    }

    /// Infiltrate's two miniatures must stand on the same opponent's side
    /// ("that side of the board at the same time"), not one on each of two (R21).
    pub fn infiltrators_share_one_side(self) -> bool {
        self.fray_2026_or_later()
    }

    /// A failed Fear roll against the miniature an Area Effect is aimed at
    /// spends the whole attack action, as against any other target (R20).
    pub fn fear_of_the_aim_spends_the_blast(self) -> bool {
        self.fray_2026_or_later()
    }

    /// Whether Assault's two attacks `first` and `second` are of one type.
    /// An Area Effect is "a Lesser Ranged attack", and the book names only
    /// three types (R27).
    pub fn same_attack_type(self, first: Kind, second: Kind) -> bool {
        let book_type = |kind| match kind {
            Kind::Area => Kind::Lesser,
            other => other,
        };
        if self.fray_2026_or_later() {
            book_type(first) == book_type(second)
        } else {
            first == second
        }
    }

    /// Poison and Stun replace defeat by a marker for enemies only: an ally
    /// caught in the blast takes the attack as any attack (R28).
    pub fn poison_and_stun_mark_only_enemies(self) -> bool {
        self.fray_2026_or_later()
    }

    /// Poison's −1 comes off the die's result, before a Lesser Ranged or
    /// Area Effect roll is halved (R29).
    pub fn poison_before_halving(self) -> bool {
        self.fray_2026_or_later()
    }

    /// The battle map's fixed layout covers about half of it, as the variant
    /// asks of its obstacles (B5).
    pub fn fixed_map_covers_half(self) -> bool {
        self.book()
    }

    /// On the battle map moves and ranges are measured in inches, diagonal
    /// steps counting one and two alternately, not one each (B2).
    pub fn diagonal_inches_alternate(self) -> bool {
        self.book()
    }

    /// Last-standing and Survival count the miniatures "still on the
    /// board": those waiting to enter do not count (R23).
    pub fn only_miniatures_on_the_board_count(self) -> bool {
        self.book()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a reading says on each point Fray read anew in 2026.
    fn points_read_in_2026(rulings: Rulings) -> [bool; 7] {
        [
            rulings.summon_takes_skill_roll(),
            rulings.infiltrators_share_one_side(),
            rulings.fear_of_the_aim_spends_the_blast(),
            rulings.same_attack_type(Kind::Area, Kind::Lesser),
            rulings.same_attack_type(Kind::Lesser, Kind::Area),
            rulings.poison_and_stun_mark_only_enemies(),
            rulings.poison_before_halving(),
        ]
    }

    /// What a reading says on each point read anew since `fray-2026`.
    fn points_read_since_2026(rulings: Rulings) -> [bool; 3] {
        [
            rulings.diagonal_inches_alternate(),
            rulings.fixed_map_covers_half(),
            rulings.only_miniatures_on_the_board_count(),
        ]
    }

    #[test]
    fn only_the_book_keeps_the_points_read_since_2026() {
        assert_eq!(points_read_since_2026(Rulings::Book), [true; 3]);
        assert_eq!(points_read_since_2026(Rulings::Fray2026), [false; 3]);
        assert_eq!(points_read_since_2026(Rulings::Fray2025), [false; 3]);
    }

    #[test]
    fn fray_2026_and_the_book_keep_every_point_read_in_2026_and_fray_2025_none() {
        assert_eq!(points_read_in_2026(Rulings::Book), [true; 7]);
        assert_eq!(points_read_in_2026(Rulings::Fray2026), [true; 7]);
        assert_eq!(points_read_in_2026(Rulings::Fray2025), [false; 7]);
    }

    #[test]
    fn the_readings_are_ordered_oldest_first() {
        assert!(Rulings::Fray2025 < Rulings::Fray2026);
        assert!(Rulings::Fray2026 < Rulings::Book);
    }
}
