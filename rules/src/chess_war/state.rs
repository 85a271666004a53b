//! The game state: every unit of both armies in one list (placed, waiting
//! to be placed, or destroyed), an index board, the turn and its phase, and
//! the little each unit remembers of the turn (its markers).

use fray_protocol::PieceId;

use std::collections::VecDeque;

use super::MatchOptions;
use super::reactions::Window;
use super::resolution::Task;
use super::units::{Profile, Race, UnitId, profile};
use crate::kit::grid::{SQUARES, Sq, bit};
use crate::kit::kept_view::KeptView;

pub const EMPTY: u8 = u8::MAX;

/// A seat's piece ids start here, so that the ids of one side never tell
/// how many units the other brought (W7).
pub const IDS_PER_SEAT: u32 = 100;

/// Where a unit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Still behind the screen at the set-up.
    Unplaced,
    Board(Sq),
    Destroyed,
}

/// What a unit remembers: the turn's doings, cleared when a turn begins,
/// and fear, which lasts as long as its melee with a fear-causer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Marks {
    pub moved: bool,
    pub charged: bool,
    pub attacked: bool,
    /// Failed its stupidity test: no move, charge or shot this turn (W30).
    pub stupid: bool,
    /// Passed its stupidity test: free until the turn ends (W30).
    pub tested: bool,
    /// Failed the fear save when charging: its movement is over and it may
    /// not enter melee this turn (W15).
    pub halted: bool,
    /// Failed a fear save: −1 Melee while in melee with a fear-causer (W16).
    pub scared: bool,
    /// Passed a fear save: no new fear saves while that melee lasts (W16).
    pub steadfast: bool,
    /// Has fired, or cast an attack spell, this turn (W10).
    pub fired: bool,
    /// Protection: +2 to its saves until the end of the turn (W44).
    pub protected: bool,
    /// Strike: +2 to its attack roll this phase (W50).
    pub struck: bool,
    /// Failed its save against the Fear spell: scared until the start of
    /// the caster's next turn, whoever it fights (W48).
    pub terrified: bool,
}

impl Marks {
    /// The markers that last beyond the turn they were earned in.
    pub fn at_turn_start(self) -> Marks {
        Marks {
            scared: self.scared,
            steadfast: self.steadfast,
            terrified: self.terrified,
            ..Marks::default()
        }
    }

    /// Scared by a fear-causer or by the Fear spell: −1 Melee, and no
    /// defensive kill (W16, W48).
    pub fn afraid(self) -> bool {
        self.scared || self.terrified
    }
}

/// A wizard's spells (W38): one for each of its own turns. `current` is the
/// spell of its present own turn, or on the opponent's turn of its last one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpellSlots {
    pub current_spent: bool,
    /// The next own turn's spell, spent on an instant in the opponent's turn.
    pub next_spent: bool,
    /// Cast an instant in the opponent's present turn: no second (W38).
    pub instant_in_opponent_turn: bool,
}

impl Default for SpellSlots {
    /// Before its first own turn a wizard has only that turn's spell.
    fn default() -> Self {
        SpellSlots {
            current_spent: true,
            next_spent: false,
            instant_in_opponent_turn: false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unit {
    pub id: PieceId,
    pub unit: UnitId,
    pub owner: u8,
    pub place: Place,
    pub marks: Marks,
    pub spells: SpellSlots,
}

impl Unit {
    /// `owner`'s unit number `number` (counted from 0 along its side), not
    /// yet on the board: its id is within its seat's hundred.
    pub(crate) fn unplaced(owner: u8, number: u32, unit: UnitId) -> Unit {
        Unit {
            id: PieceId(u32::from(owner) * IDS_PER_SEAT + number),
            unit,
            owner,
            place: Place::Unplaced,
            marks: Marks::default(),
            spells: SpellSlots::default(),
        }
    }

    pub fn profile(&self) -> &'static Profile {
        profile(self.unit)
    }

    pub fn square(&self) -> Option<Sq> {
        match self.place {
            Place::Board(sq) => Some(sq),
            Place::Unplaced | Place::Destroyed => None,
        }
    }
}

/// The parts of a turn (W10), each ended by the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Movement,
    Firing,
    Melee,
    /// After melee: the player ends the turn.
    Closing,
}

impl Step {
    pub fn name(self) -> &'static str {
        match self {
            Step::Movement => "movement",
            Step::Firing => "firing",
            Step::Melee => "melee",
            Step::Closing => "closing",
        }
    }
}

/// A decision the melee phase waits for before it goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// The defending seat picks which of its units `attacker` (an index into
    /// the units) attacks (W25).
    Target { attacker: u8 },
    /// The attacking player may move one eligible unit onto `square`, where
    /// a defender was just destroyed (W27).
    Advance { square: Sq },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Both sides place their units at once behind the screen (W8).
    Placing,
    Turn {
        seat: u8,
        step: Step,
        pending: Option<Pending>,
    },
    Over(Ending),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The loser's general fell (general hunt).
    GeneralSlain { winner: u8 },
    /// Both generals fell in one action (W37).
    BothGenerals,
    /// Lengthened game: only the winner's army is left (W35).
    Annihilation { winner: u8 },
    /// The round limit: a draw in the general hunt, the survivors' points
    /// in the lengthened game (W36).
    RoundLimit {
        winner: Option<u8>,
        points: [u32; 2],
    },
}

/// A game of ChessWar!.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChessWar {
    /// Seat 0's units, then seat 1's, each side in its list's order: ids
    /// rise along the list.
    pub(crate) units: Vec<Unit>,
    /// Index into `units` per square, or [`EMPTY`].
    pub(crate) board: [u8; SQUARES],
    pub(crate) races: [Race; 2],
    pub(crate) options: MatchOptions,
    pub(crate) phase: Phase,
    /// Turns begun; 0 during the set-up.
    pub(crate) turn: u32,
    /// The seat that took the first turn.
    pub(crate) first: u8,
    /// Trolls destroyed this turn, in the order they fell, with the square
    /// each may regenerate on (W31).
    pub(crate) fallen_trolls: Vec<(u8, Sq)>,
    /// The owner of the unit removed last, which wins the lengthened game
    /// if both armies vanish in one action (W35).
    pub(crate) last_removed: Option<u8>,
    /// What the action being played still has to resolve, in order (a
    /// reaction window pauses it).
    pub(crate) queue: VecDeque<Task>,
    /// The reaction window open now, if any: its seat decides (W40).
    pub(crate) reaction: Option<Window>,
    pub(crate) kept_view: KeptView<ChessWar>,
}

impl ChessWar {
    pub(crate) fn unit(&self, index: u8) -> &Unit {
        &self.units[usize::from(index)]
    }

    pub(crate) fn unit_mut(&mut self, index: u8) -> &mut Unit {
        &mut self.units[usize::from(index)]
    }

    pub(crate) fn unit_at(&self, sq: Sq) -> Option<u8> {
        let index = self.board[usize::from(sq)];
        (index != EMPTY).then_some(index)
    }

    pub(crate) fn index_of(&self, id: PieceId) -> Option<u8> {
        self.units
            .iter()
            .position(|unit| unit.id == id)
            .map(|index| index as u8)
    }

    /// Every unit with its index.
    pub(crate) fn indexed(&self) -> impl Iterator<Item = (u8, &Unit)> {
        self.units
            .iter()
            .enumerate()
            .map(|(index, unit)| (index as u8, unit))
    }

    /// The units standing on the board, with their indices and squares.
    pub(crate) fn on_board(&self) -> impl Iterator<Item = (u8, &Unit, Sq)> {
        self.indexed()
            .filter_map(|(index, unit)| unit.square().map(|sq| (index, unit, sq)))
    }

    pub(crate) fn occupied(&self) -> u64 {
        self.on_board().fold(0, |mask, (_, _, sq)| mask | bit(sq))
    }

    /// The squares of `seat`'s units on the board.
    pub(crate) fn squares_of_seat(&self, seat: u8) -> u64 {
        self.on_board()
            .filter(|(_, unit, _)| unit.owner == seat)
            .fold(0, |mask, (_, _, sq)| mask | bit(sq))
    }

    /// The squares of the units `seat` fights.
    pub(crate) fn enemies_of(&self, seat: u8) -> u64 {
        self.squares_of_seat(1 - seat)
    }

    /// Writes the board again from the units' places, after the units'
    /// indices changed.
    pub(crate) fn index_board(&mut self) {
        self.board = [EMPTY; SQUARES];
        for (index, unit) in self.units.iter().enumerate() {
            if let Some(sq) = unit.square() {
                self.board[usize::from(sq)] = index as u8;
            }
        }
    }

    /// Puts a unit on an empty square.
    pub(crate) fn put(&mut self, index: u8, sq: Sq) {
        debug_assert_eq!(self.board[usize::from(sq)], EMPTY, "the square is taken");
        if let Some(from) = self.unit(index).square() {
            self.board[usize::from(from)] = EMPTY;
        }
        self.board[usize::from(sq)] = index;
        self.unit_mut(index).place = Place::Board(sq);
    }

    /// The seat whose turn it is, if the battle is on.
    pub fn mover(&self) -> Option<u8> {
        match self.phase {
            Phase::Turn { seat, .. } => Some(seat),
            Phase::Placing | Phase::Over(_) => None,
        }
    }

    /// The round of the current turn: two turns, the starter's and the
    /// other's.
    pub(crate) fn round(&self) -> u32 {
        self.turn.div_ceil(2)
    }

    pub fn race(&self, seat: u8) -> Race {
        self.races[usize::from(seat)]
    }

    pub fn match_options(&self) -> MatchOptions {
        self.options
    }

    /// The seat that took the first turn.
    pub fn first_seat(&self) -> u8 {
        self.first
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }
}
