//! Setting a position without playing up to it, for tests of a single rule:
//! two races, default options, seat 0 in the movement phase of turn 1, and
//! no unit on the board until the position places it.

use fray_protocol::{PieceId, Square};

use super::MatchOptions;
use super::rulings::Rulings;
use super::state::{ChessWar, Marks, Phase, Place, SpellSlots, Step, Unit};
use super::units::{Race, unit_by_key};
use crate::kit::grid::from_square;

pub struct Position {
    game: ChessWar,
}

impl Position {
    pub fn new(races: [Race; 2]) -> Self {
        let mut game =
            ChessWar::with_units(races, &[Vec::new(), Vec::new()], MatchOptions::default());
        game.turn = 1;
        game.phase = Phase::Turn {
            seat: 0,
            step: Step::Movement,
            pending: None,
        };
        Position { game }
    }

    pub fn options(mut self, options: MatchOptions) -> Self {
        self.game.options = options;
        self
    }

    /// Which reading of the book the position plays (the match option
    /// `rulings`).
    pub fn rulings(mut self, rulings: Rulings) -> Self {
        self.game.options.rulings = rulings;
        self
    }

    /// Puts a unit of the seat's race on a square ("e4"). Panics on a unit
    /// the race does not have or a square that is taken: a test set up
    /// wrongly.
    pub fn place(&mut self, seat: u8, unit: &str, square: &str) -> PieceId {
        let square: Square = square.parse().expect("a square such as e4");
        let sq = from_square(square).expect("a square on the board");
        assert!(self.game.unit_at(sq).is_none(), "{square} is taken");
        let (id, index) = self.add(seat, unit);
        self.game.put(index, sq);
        id
    }

    /// Adds a unit of the seat's race that was destroyed before the position.
    pub fn fallen(&mut self, seat: u8, unit: &str) -> PieceId {
        let (id, index) = self.add(seat, unit);
        self.game.unit_mut(index).place = Place::Destroyed;
        id
    }

    /// Adds a unit off the board, keeping the units in id order; returns its
    /// id and index.
    fn add(&mut self, seat: u8, unit: &str) -> (PieceId, u8) {
        let race = self.game.race(seat);
        let unit = unit_by_key(race, unit)
            .unwrap_or_else(|| panic!("{unit} is not in the {} army", race.name()));
        let number = self.game.units.iter().filter(|u| u.owner == seat).count() as u32;
        let added = Unit::unplaced(seat, number, unit);
        let id = added.id;
        let at = self
            .game
            .units
            .iter()
            .position(|u| u.id > id)
            .unwrap_or(self.game.units.len());
        self.game.units.insert(at, added);
        // The indices after the new unit moved up by one.
        self.game.index_board();
        (id, at as u8)
    }

    /// Sets a unit's markers, as if earlier actions had left them.
    pub fn marks(&mut self, piece: PieceId, change: impl FnOnce(&mut Marks)) {
        let index = self.game.index_of(piece).expect("a placed piece");
        change(&mut self.game.unit_mut(index).marks);
    }

    /// The seat whose turn it is, the phase, and the turn's number.
    pub fn turn(mut self, seat: u8, step: Step, number: u32) -> Self {
        self.game.turn = number;
        self.game.phase = Phase::Turn {
            seat,
            step,
            pending: None,
        };
        self
    }

    /// Sets a wizard's spells, as if earlier turns had spent them.
    pub fn spells(&mut self, piece: PieceId, change: impl FnOnce(&mut SpellSlots)) {
        let index = self.game.index_of(piece).expect("a placed piece");
        change(&mut self.game.unit_mut(index).spells);
    }

    /// The game, with the wizards of the seat whose turn it is holding that
    /// turn's spell unless [`Position::spells`] said otherwise: the turn has
    /// just begun.
    pub fn build(mut self) -> ChessWar {
        if let Some(seat) = self.game.mover() {
            for unit in &mut self.game.units {
                if unit.owner == seat && unit.spells == SpellSlots::default() {
                    unit.spells.current_spent = false;
                }
            }
        }
        self.game
    }
}
