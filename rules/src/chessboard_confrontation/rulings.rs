//! The match option `rulings`: which reading of the book a match plays where
//! Fray once read it otherwise. `book` is the reading the rulings table
//! (docs/rules/chessboard-confrontation.md) defends; `fray-2025` is the one
//! Fray used before, kept so that matches stored then play on unchanged, and
//! for groups who prefer it. Each point where they differ is one method here,
//! so the rules ask about the point, never about the option.

use super::state::Kind;
use crate::match_options::Choice;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rulings {
    Book,
    Fray2025,
}

impl Choice for Rulings {
    const ALL: &'static [Self] = &[Rulings::Book, Rulings::Fray2025];

    fn key(self) -> &'static str {
        match self {
            Rulings::Book => "book",
            Rulings::Fray2025 => "fray-2025",
        }
    }
}

impl Rulings {
    fn book(self) -> bool {
        self == Rulings::Book
    }

    /// Summon is "something other than attack", so the summoner makes a
    /// Skill roll for it (R12).
    pub fn summon_takes_skill_roll(self) -> bool {
        self.book()
    }

    /// Infiltrate's two miniatures must stand on the same opponent's side
    /// ("that side of the board at the same time"), not one on each of two (R21).
    pub fn infiltrators_share_one_side(self) -> bool {
        self.book()
    }

    /// A failed Fear roll against the miniature an Area Effect is aimed at
    /// spends the whole attack action, as against any other target (R20).
    pub fn fear_of_the_aim_spends_the_blast(self) -> bool {
        self.book()
    }

    /// Whether Assault's two attacks `first` and `second` are of one type.
    /// An Area Effect is "a Lesser Ranged attack", and the book names only
    /// three types (R27).
    pub fn same_attack_type(self, first: Kind, second: Kind) -> bool {
        let book_type = |kind| match kind {
            Kind::Area => Kind::Lesser,
            other => other,
        };
        if self.book() {
            book_type(first) == book_type(second)
        } else {
            first == second
        }
    }

    /// Poison and Stun replace defeat by a marker for enemies only: an ally
    /// caught in the blast takes the attack as any attack (R28).
    pub fn poison_and_stun_mark_only_enemies(self) -> bool {
        self.book()
    }

    /// Poison's −1 comes off the die's result, before a Lesser Ranged or
    /// Area Effect roll is halved (R29).
    pub fn poison_before_halving(self) -> bool {
        self.book()
    }
}
