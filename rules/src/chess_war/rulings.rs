//! The match option `rulings`: which reading of the book a match plays where
//! Fray once read it otherwise. `book` is the reading the rulings table
//! (docs/rules/chess-war.md) defends; `fray-2026` is the one Fray used
//! before, kept so that matches stored then play on unchanged, and for
//! groups who prefer it. Each point where they differ is one method here,
//! so the rules ask about the point, never about the option.

use crate::kit::match_options::Choice;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rulings {
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

    /// A charger stopped by fear stays where it stood without having moved
    /// for it, so that Crossbows "may fire normally" (W15, W55).
    pub fn halted_charger_stays_unmoved(self) -> bool {
        self.book()
    }

    /// A summon's moment in the firing or melee phase passes with the
    /// phase's first shot or attack, even if the unit that made it has
    /// fallen since (W39, W65).
    pub fn fallen_units_close_the_summon_moment(self) -> bool {
        self.book()
    }

    /// A unit in melee with a fear-causing enemy "does not roll new fear
    /// save", not even against the Fear spell (W16, W66).
    pub fn fear_spell_spares_units_in_melee_with_fear(self) -> bool {
        self.book()
    }

    /// The advance after a kill is a move ("this advance move"), so a
    /// Stupid unit tests before it as before any move (W27, W30).
    pub fn stupid_units_test_before_advancing(self) -> bool {
        self.book()
    }

    /// Catapults and rocks fire "at enemy": no square a unit of the firer's
    /// own side holds is a target (W17, W68).
    pub fn catapults_spare_their_own_side(self) -> bool {
        self.book()
    }
}
