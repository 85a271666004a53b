//! The match option `rulings`: which reading of the book a match plays where
//! Fray once read it otherwise. `book` is the reading the rulings of
//! docs/rules/action-chess-faction-chess.md defend; `fray-2026` is the one
//! Fray played before the rules audit of issue 35, kept so that matches
//! stored then play on unchanged, and for groups who prefer it. Each point
//! where they differ is one method here, so the rules ask about the point,
//! never about the option.

use crate::match_options::Choice;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rulings {
    #[default]
    Book,
    Fray2026,
}

impl Choice for Rulings {
    const ALL: &'static [Self] = &[Rulings::Book, Rulings::Fray2026];

    fn key(self) -> &'static str {
        match self {
            Rulings::Book => "book",
            Rulings::Fray2026 => "fray-2026",
        }
    }
}

impl Rulings {
    fn book(self) -> bool {
        self == Rulings::Book
    }
}

/// Where a Ghost's Spirit pins a piece (D3) and another faction's rule
/// would move it anyway, or ask about it.
impl Rulings {
    /// A pinned Mutant cannot take, so the Mutants' duty binds only while
    /// a Mutant free to move could take (A14).
    pub fn pinned_mutants_owe_no_take(self) -> bool {
        self.book()
    }

    /// A Wallmaster whose Minions are all pinned passes, never stalemated
    /// (W9).
    pub fn pinned_minions_pass(self) -> bool {
        self.book()
    }

    /// Castling moves the Rook too: never a pinned one (C12).
    pub fn castling_spares_a_pinned_rook(self) -> bool {
        self.book()
    }

    /// A Zombie's two-square move pushes no pinned Zombie (U15).
    pub fn zombie_push_spares_pinned_zombies(self) -> bool {
        self.book()
    }

    /// A decision whose only answer would be `done` is not asked: the
    /// other Grave Guard or the Phylactery pinned, Swarmlings joined to a
    /// pinned stack (G13).
    pub fn never_asks_only_done(self) -> bool {
        self.book()
    }
}
