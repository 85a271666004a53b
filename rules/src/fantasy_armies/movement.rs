//! Movement as the chess counterparts: pawns one forward (two on their first
//! move) and contesting diagonally forward, sliders blocked by any piece,
//! knights jumping, kings one square. Moving onto an enemy starts a contest.
//! The Dwarf Miner's tunnelling, its way of moving, is here too.

use super::board::{self, Sq};
use super::moves::Move;
use super::state::{FantasyArmies, Lasting, Place};
use super::units::Movement;
use crate::Dice;
use crate::kit::describe::Describe;
use crate::kit::effect_log::{Log, roll_for, single};

/// Entangle: a move attempt goes ahead on a D6 of 4+.
pub const ENTANGLE_ESCAPE: u8 = 4;

impl FantasyArmies {
    pub(crate) fn step_moves(&self, index: u8, out: &mut Vec<Move>) {
        let piece = self.piece(index);
        let Place::Board(from) = piece.place else {
            return;
        };
        let owner = piece.owner;
        // A piece with HTH "-" cannot fight, so it cannot move onto an enemy.
        let can_contest = piece.profile().hth.is_some();
        let land = |to: Sq, out: &mut Vec<Move>| -> bool {
            match self.piece_at(to) {
                None => {
                    out.push(Move::Step { piece: index, to });
                    true
                }
                Some(other) => {
                    if can_contest && self.piece(other).owner != owner {
                        out.push(Move::Step { piece: index, to });
                    }
                    false
                }
            }
        };
        match piece.profile().movement {
            Movement::Pawn => {
                let dir = board::forward(owner);
                if let Some(one) = board::offset(from, 0, dir)
                    && self.is_empty(one)
                {
                    out.push(Move::Step {
                        piece: index,
                        to: one,
                    });
                    if !piece.moved
                        && let Some(two) = board::offset(one, 0, dir)
                        && self.is_empty(two)
                    {
                        out.push(Move::Step {
                            piece: index,
                            to: two,
                        });
                    }
                }
                if can_contest {
                    for df in [-1, 1] {
                        if let Some(to) = board::offset(from, df, dir)
                            && self.enemy_at(to, owner).is_some()
                        {
                            out.push(Move::Step { piece: index, to });
                        }
                    }
                }
            }
            Movement::Knight => {
                for (df, dr) in board::KNIGHT_JUMPS {
                    if let Some(to) = board::offset(from, df, dr) {
                        land(to, out);
                    }
                }
            }
            Movement::King => {
                for (df, dr) in board::ALL_DIRECTIONS {
                    if let Some(to) = board::offset(from, df, dr) {
                        land(to, out);
                    }
                }
            }
            Movement::Rook | Movement::Bishop | Movement::Queen => {
                let directions: &[(i8, i8)] = match piece.profile().movement {
                    Movement::Rook => &board::ORTHOGONAL,
                    Movement::Bishop => &board::DIAGONAL,
                    _ => &board::ALL_DIRECTIONS,
                };
                for &(df, dr) in directions {
                    let mut at = from;
                    while let Some(to) = board::offset(at, df, dr) {
                        if !land(to, out) {
                            break;
                        }
                        at = to;
                    }
                }
            }
        }
    }

    /// Plays a move onto an empty square or into a contest, after an entangled
    /// piece's escape roll.
    pub(crate) fn step(&mut self, index: u8, to: Sq, dice: &mut dyn Dice, log: &mut Log) {
        if self.piece(index).entangled {
            self.piece_mut(index).entangled = false;
            let face = dice.roll(6);
            let escaped = face >= ENTANGLE_ESCAPE;
            let owner = self.piece(index).owner;
            log.roll(|| {
                roll_for(
                    owner,
                    Some(index),
                    format!("{} breaks free of Entangle (4+)", self.describe(index)),
                    single(face),
                    0,
                    if escaped {
                        "breaks free and moves".into()
                    } else {
                        "stays entangled: the turn is wasted".into()
                    },
                )
            });
            if !escaped {
                return;
            }
        }
        match self.enemy_at(to, self.piece(index).owner) {
            Some(defender) => self.contest(index, defender, dice, log),
            None => self.relocate(index, to),
        }
    }

    /// Puts a piece on another square of the board (a move, a Teleport, a
    /// tunnel). A caster that leaves its square drops its Armour spells.
    pub(crate) fn relocate(&mut self, index: u8, to: Sq) {
        debug_assert!(self.is_empty(to));
        let piece = self.piece_mut(index);
        let Place::Board(from) = piece.place else {
            unreachable!("only pieces on the board relocate");
        };
        piece.place = Place::Board(to);
        piece.moved = true;
        if matches!(
            piece.lasting,
            Some(Lasting::Armour | Lasting::ArmourOfThorns { .. })
        ) {
            piece.lasting = None;
        }
        self.board[from as usize] = super::state::EMPTY;
        self.board[to as usize] = index;
    }
}

/// Dwarf Miner: on this or more it is placed on the square it chose.
pub const MINER_SUCCEEDS_ON: u8 = 5;

impl FantasyArmies {
    /// Dwarfs c: instead of moving, a Miner rolls a D6; on 5+ it goes to the
    /// vacant square it declared.
    pub(crate) fn tunnel(&mut self, index: u8, to: Sq, dice: &mut dyn Dice, log: &mut Log) {
        let face = dice.roll(6);
        let success = face >= MINER_SUCCEEDS_ON;
        log.roll(|| {
            roll_for(
                self.piece(index).owner,
                Some(index),
                format!(
                    "{} tunnels to {} (5+)",
                    self.describe(index),
                    board::to_square(to)
                ),
                single(face),
                0,
                if success {
                    "breaks through".into()
                } else {
                    "finds only rock: the turn is spent".into()
                },
            )
        });
        if success {
            self.relocate(index, to);
        }
    }
}
