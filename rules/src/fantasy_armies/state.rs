//! The game state: small, `Copy` pieces in a vector and an index board, so a
//! position clones in one allocation and steps without any.

use fray_protocol::Seat;

use super::board::{SQUARES, Sq};
use super::hth::HthModifiers;
use super::units::{Army, Profile, Role, UnitId, profile};
use crate::kit::kept_view::KeptView;

pub const EMPTY: u8 = u8::MAX;

/// Where a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Not yet deployed.
    Reserve,
    Board(Sq),
    /// Removed from play; `order` counts removals, so the earliest can be
    /// found; `cause` is told with the removal ("lost a contest").
    Removed {
        order: u16,
        cause: &'static str,
    },
}

/// A spell a caster keeps up until it moves or casts again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lasting {
    /// Wizard: its own Defence is 4+.
    Armour,
    /// Druid: the target's (its own or a neighbour's) Defence is 4+.
    ArmourOfThorns { target: u8 },
    /// Shaman: +2 HTH until it casts again.
    Smash,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub unit: UnitId,
    pub owner: u8,
    pub place: Place,
    /// Permanent HTH gained or lost: Drain Life, Vampire and Ghoul kills.
    pub hth_change: i8,
    /// Has moved since it was deployed or raised; pawns double-step only before.
    pub moved: bool,
    /// Entangle: the next move attempt must first pass a D6 roll of 4+.
    pub entangled: bool,
    pub lasting: Option<Lasting>,
}

impl Piece {
    pub fn profile(&self) -> &'static Profile {
        profile(self.unit)
    }

    pub fn square(&self) -> Option<Sq> {
        match self.place {
            Place::Board(sq) => Some(sq),
            _ => None,
        }
    }
}

/// The phases of a game. The roll-off happens inside setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Deploy { seat: u8 },
    ChooseFirst { seat: u8 },
    Battle { seat: u8 },
    Over(Ending),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    KingRemoved { winner: u8 },
    TurnsWithoutRemoval,
    TurnLimit,
}

/// The caps that end a game that would never finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_turns: u32,
    pub turns_without_removal: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_turns: 500,
            turns_without_removal: 100,
        }
    }
}

/// A game of Fantasy Armies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FantasyArmies {
    pub(crate) pieces: Vec<Piece>,
    /// Piece index per square, or [`EMPTY`].
    pub(crate) board: [u8; SQUARES],
    pub(crate) armies: [Army; 2],
    pub(crate) phase: Phase,
    pub(crate) first_deployer: u8,
    /// Battle turns begun.
    pub(crate) turn: u32,
    pub(crate) turns_since_removal: u32,
    pub(crate) removals: u16,
    /// Charge!: turns a player takes before the other moves again.
    pub(crate) extra_turns: [u8; 2],
    /// Dark Ritual: +1 on the player's next casting roll.
    pub(crate) ritual_bonus: [bool; 2],
    /// Set when a king piece is removed: the winner, once the action resolves.
    pub(crate) king_removed: Option<u8>,
    pub(crate) limits: Limits,
    pub(crate) hth_modifiers: HthModifiers,
    pub(crate) kept_view: KeptView<FantasyArmies>,
}

/// What a match's options set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchOptions {
    pub limits: Limits,
    pub hth_modifiers: HthModifiers,
}

impl FantasyArmies {
    pub(crate) fn piece_at(&self, sq: Sq) -> Option<u8> {
        let index = self.board[sq as usize];
        (index != EMPTY).then_some(index)
    }

    pub(crate) fn is_empty(&self, sq: Sq) -> bool {
        self.board[sq as usize] == EMPTY
    }

    pub(crate) fn enemy_at(&self, sq: Sq, owner: u8) -> Option<u8> {
        self.piece_at(sq)
            .filter(|&index| self.pieces[index as usize].owner != owner)
    }

    pub(crate) fn piece(&self, index: u8) -> &Piece {
        &self.pieces[index as usize]
    }

    pub(crate) fn piece_mut(&mut self, index: u8) -> &mut Piece {
        &mut self.pieces[index as usize]
    }

    /// Indices of the pieces on the board.
    pub(crate) fn on_board(&self) -> impl Iterator<Item = (u8, &Piece)> {
        self.pieces
            .iter()
            .enumerate()
            .filter(|(_, piece)| matches!(piece.place, Place::Board(_)))
            .map(|(index, piece)| (index as u8, piece))
    }

    pub(crate) fn has_role_adjacent(&self, sq: Sq, owner: u8, role: Role) -> bool {
        super::board::neighbours(sq).any(|n| {
            self.piece_at(n).is_some_and(|index| {
                let piece = self.piece(index);
                piece.owner == owner && piece.profile().role == role
            })
        })
    }

    pub fn army(&self, seat: Seat) -> Option<Army> {
        self.armies.get(seat.0 as usize).copied()
    }
}
