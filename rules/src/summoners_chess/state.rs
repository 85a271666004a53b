//! The game state: `Copy` pieces in a fixed array, an index board and the
//! terrain, so a whole position is one `Copy` value (clone = memcpy, no
//! allocation) and a move never allocates.

use crate::kit::kept_view::KeptView;
use fray_protocol::Seat;

use super::board::{SQUARES, Sq};
use super::placement::{AcolyteSetup, Placement};
use super::units::{ACOLYTE, COPIES, Chart, Profile, TERRAINS, Terrain, UnitId, profile};

/// Eight Acolytes and at most one unit of each of the 32 chart rows.
pub const MAX_PIECES: usize = 8 + 2 * TERRAINS;
pub const EMPTY: u8 = u8::MAX;

/// Where a piece is. A captured piece keeps its slot (and so its id).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Board(Sq),
    Captured,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub unit: UnitId,
    pub owner: u8,
    pub place: Place,
}

impl Piece {
    /// Fills the unused slots of the piece array; never on the board.
    const UNUSED: Piece = Piece {
        unit: ACOLYTE,
        owner: 0,
        place: Place::Captured,
    };

    pub fn profile(&self) -> &'static Profile {
        profile(self.unit)
    }

    pub fn square(&self) -> Option<Sq> {
        match self.place {
            Place::Board(sq) => Some(sq),
            Place::Captured => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Both players choose where their Acolytes stand, at once and unseen
    /// by each other: each choice is kept here until the last is made (R1,
    /// R18).
    Placing {
        chosen: [Option<Placement>; 2],
    },
    Play {
        seat: u8,
    },
    Over(Ending),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The loser lost all four Acolytes, or was left with two pieces or
    /// fewer, or both (R9).
    Won {
        winner: u8,
        no_acolytes: bool,
        pieces_left: u8,
    },
    QuietTurns,
    TurnLimit,
}

/// The caps that end a game that would never finish (R13); 0 is no cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Turns in all.
    pub max_turns: u32,
    /// Turns in a row with no capture and no summons.
    pub quiet_turns: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_turns: 1_000,
            quiet_turns: 100,
        }
    }
}

/// What the match was set up with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rules {
    pub limits: Limits,
    /// The second unit variant: the Second Tile Unit Chart is in play.
    pub second_unit: bool,
    /// Whether the players choose their Acolytes' squares.
    pub acolytes: AcolyteSetup,
}

/// A game of Summoners Chess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SummonersChess {
    pub(crate) pieces: [Piece; MAX_PIECES],
    /// Slots used in `pieces`; a summoned unit takes the next one.
    pub(crate) count: u8,
    /// Piece index per square, or [`EMPTY`].
    pub(crate) board: [u8; SQUARES],
    pub(crate) terrain: [Terrain; SQUARES],
    /// The four squares of each terrain.
    pub(crate) tiles: [[Sq; COPIES]; TERRAINS],
    pub(crate) phase: Phase,
    /// Who won the coin flip and moved first.
    pub(crate) first_player: u8,
    /// Turns begun.
    pub(crate) turn: u32,
    /// Turns in a row without a capture or a summons.
    pub(crate) quiet_turns: u32,
    /// Terrains whose unit each seat has summoned, by chart: `[chart][seat]`.
    pub(crate) summoned: [[u16; 2]; 2],
    pub(crate) rules: Rules,
    pub(crate) kept_view: KeptView<SummonersChess>,
}

impl SummonersChess {
    /// A game with no pieces, on a given layout, seat 0 to move on turn 1.
    pub(crate) fn empty(terrain: [Terrain; SQUARES], rules: Rules) -> Self {
        SummonersChess {
            pieces: [Piece::UNUSED; MAX_PIECES],
            count: 0,
            board: [EMPTY; SQUARES],
            terrain,
            tiles: super::terrain::tiles_by_terrain(&terrain),
            phase: Phase::Play { seat: 0 },
            first_player: 0,
            turn: 1,
            quiet_turns: 0,
            summoned: [[0; 2]; 2],
            kept_view: KeptView::default(),
            rules,
        }
    }

    /// Puts a new piece on an empty square; returns its index.
    pub(crate) fn add_piece(&mut self, unit: UnitId, owner: u8, sq: Sq) -> u8 {
        let index = self.count;
        debug_assert!(self.is_empty(sq));
        self.pieces[index as usize] = Piece {
            unit,
            owner,
            place: Place::Board(sq),
        };
        self.board[sq as usize] = index;
        self.count += 1;
        index
    }

    pub(crate) fn piece_at(&self, sq: Sq) -> Option<u8> {
        let index = self.board[sq as usize];
        (index != EMPTY).then_some(index)
    }

    pub(crate) fn is_empty(&self, sq: Sq) -> bool {
        self.board[sq as usize] == EMPTY
    }

    /// Whether `seat` has a piece on `sq`.
    pub(crate) fn holds(&self, seat: u8, sq: Sq) -> bool {
        self.piece_at(sq)
            .is_some_and(|index| self.piece(index).owner == seat)
    }

    pub(crate) fn piece(&self, index: u8) -> &Piece {
        &self.pieces[index as usize]
    }

    /// The pieces ever in the game (on the board or captured), with their indices.
    pub(crate) fn all_pieces(&self) -> impl Iterator<Item = (u8, &Piece)> {
        self.pieces[..self.count as usize]
            .iter()
            .enumerate()
            .map(|(index, piece)| (index as u8, piece))
    }

    pub(crate) fn on_board(&self) -> impl Iterator<Item = (u8, &Piece)> {
        self.all_pieces()
            .filter(|(_, piece)| matches!(piece.place, Place::Board(_)))
    }

    /// Whether the unit of `terrain` from `chart` has been summoned, by anyone.
    pub(crate) fn is_summoned(&self, terrain: Terrain, chart: Chart) -> bool {
        let [a, b] = self.summoned[chart as usize];
        (a | b) & terrain.bit() != 0
    }

    /// Whether `seat` summoned the unit of `terrain` from `chart`.
    pub(crate) fn summoned_by(&self, seat: u8, terrain: Terrain, chart: Chart) -> bool {
        self.summoned[chart as usize][seat as usize] & terrain.bit() != 0
    }

    /// The terrain of a square.
    pub fn terrain_at(&self, square: fray_protocol::Square) -> Option<Terrain> {
        super::board::from_square(square).map(|sq| self.terrain[sq as usize])
    }

    /// The seat that won the coin flip and moved first.
    pub fn first_player(&self) -> Seat {
        Seat(self.first_player)
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }
}
