//! The match option `rulings`: which reading of the book a match plays where
//! Fray once read it otherwise. `book` is the reading the rulings of
//! docs/rules/action-chess-faction-chess.md defend; `fray-2026` is the one
//! Fray played before the rules audit of issue 35, kept so that matches
//! stored then play on unchanged, and for groups who prefer it. Each point
//! where they differ is one method here, so the rules ask about the point,
//! never about the option.

use super::pieces::Kind;
use crate::kit::match_options::Choice;

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

    // ---- Moves: the Bull, the flights, the threats a throw makes, castling
    // against walks, the Spirit's squares, repetition (issue 35, 16–21) ----

    /// Whether a Bull may charge through "any one piece that is not a Bull
    /// or an Auroch", an enemy as well as a friend, where one piece stands
    /// alone (K3); `fray-2026` passed friends only, a Spirit sharing the
    /// friend's square too.
    pub fn bull_charges_through_any_one_piece(self) -> bool {
        self.book()
    }

    /// Whether a Sprite's or Titania's flight takes an enemy where it ends,
    /// as any move of the book does unless it says otherwise (F3, F13);
    /// `fray-2026` read the flight as an escape onto empty squares.
    pub fn flights_capture(self) -> bool {
        self.book()
    }

    /// Whether a thrown bomb, grenade or explosive counts as a threat where
    /// the book asks whether an enemy "could capture" a piece (a Sprite's
    /// and Titania's flight) or whether it is "threatened" (the Mayor's
    /// freedom) (G4). Check against the Classique King never counts it
    /// (A12).
    pub fn throws_count_as_threats_outside_check(self) -> bool {
        self.book()
    }

    /// Whether a castling King's squares are each judged with the King
    /// standing there: the square it crosses "through check" only where a
    /// step there would leave it threatened (C8). `fray-2026` judged all
    /// three with the King at home, where a walk or a jump may pass the
    /// square only because the King is not on it.
    pub fn castling_judges_each_square_with_the_king_there(self) -> bool {
        self.book()
    }

    /// Whether a Spirit may step onto any square that holds no friendly
    /// Spirit, two pieces already there included, so that a square may
    /// hold three (D2); `fray-2026` held a square of two pieces full.
    pub fn spirit_enters_any_square_without_a_friendly_spirit(self) -> bool {
        self.book()
    }

    /// Whether threefold repetition tells a piece of `kind` that has moved
    /// from one that has not: each whose first move is its own (a pawn's,
    /// Villager's or Student's double step, a Sprite's diagonal), besides
    /// castling's King and Rook (G7).
    pub fn repetition_tells_moved(self, kind: Kind) -> bool {
        match kind {
            Kind::King | Kind::Rook => true,
            Kind::Pawn | Kind::Villager | Kind::Student | Kind::Sprite => self.book(),
            _ => false,
        }
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
