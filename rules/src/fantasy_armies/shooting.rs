//! Shooting instead of moving: a straight or diagonal line with no piece in
//! between, within range; any 5 or 6 hits. Hits and Defence saves for every
//! cause live here too, and the removal of pieces.

use super::board::{self, Sq};
use super::moves::Move;
use super::state::{FantasyArmies, Lasting, Place};
use super::units::Role;
use crate::Dice;
use crate::kit::describe::Describe;
use crate::kit::effect_log::{Log, roll_d6s, roll_for, single};

/// A shooting die hits on this or more.
pub const SHOT_HITS_ON: u8 = 5;
/// A Cannon whose dice show this many 1s is removed.
pub const CANNON_MISFIRE_ONES: usize = 2;

impl FantasyArmies {
    /// Enemy pieces in line of sight within `range` of `from`: the first piece
    /// along each straight and diagonal line, if it is an enemy.
    pub(crate) fn targets_in_sight(
        &self,
        from: Sq,
        owner: u8,
        range: u8,
        mut found: impl FnMut(u8),
    ) {
        for (df, dr) in board::ALL_DIRECTIONS {
            let mut at = from;
            for _ in 0..range {
                let Some(next) = board::offset(at, df, dr) else {
                    break;
                };
                if let Some(index) = self.piece_at(next) {
                    if self.piece(index).owner != owner {
                        found(index);
                    }
                    break;
                }
                at = next;
            }
        }
    }

    pub(crate) fn shoot_moves(&self, index: u8, out: &mut Vec<Move>) {
        let piece = self.piece(index);
        let (Some(ranged), Place::Board(from)) = (piece.profile().ranged, piece.place) else {
            return;
        };
        self.targets_in_sight(from, piece.owner, ranged.range, |target| {
            out.push(Move::Shoot {
                piece: index,
                target,
            })
        });
    }

    pub(crate) fn shoot(&mut self, shooter: u8, target: u8, dice: &mut dyn Dice, log: &mut Log) {
        let profile = self.piece(shooter).profile();
        let ranged = profile.ranged.expect("only pieces with RA shoot");
        let shot = roll_d6s(dice, ranged.dice);
        let hit = shot.any(|face| face >= SHOT_HITS_ON);
        let ones = shot.count(1);
        let misfire = match profile.role {
            Role::Cannon => ones >= CANNON_MISFIRE_ONES,
            Role::Gunner => ones >= 1,
            _ => false,
        };
        log.roll(|| {
            roll_for(
                self.piece(shooter).owner,
                Some(shooter),
                format!(
                    "{} shoots at {} (hits on 5+)",
                    self.describe(shooter),
                    self.describe(target)
                ),
                shot.dice(),
                0,
                match (hit, misfire) {
                    (true, false) => "hit".into(),
                    (false, false) => "miss".into(),
                    (true, true) => "hit, and a misfire".into(),
                    (false, true) => "miss, and a misfire".into(),
                },
            )
        });
        if hit {
            self.take_hit(target, dice, log, "shot");
        }
        if misfire {
            match profile.role {
                Role::Cannon => {
                    log.say(|| format!("{} explodes: two or more 1s", self.describe(shooter)));
                    self.remove(shooter, "misfired");
                }
                _ => {
                    log.say(|| format!("{} misfires: a 1 was rolled", self.describe(shooter)));
                    self.take_hit(shooter, dice, log, "misfired");
                }
            }
        }
    }

    /// A hit: the piece rolls a D6 and must equal or beat its Defence, or it
    /// is removed. Returns whether it was removed.
    pub(crate) fn take_hit(
        &mut self,
        index: u8,
        dice: &mut dyn Dice,
        log: &mut Log,
        cause: &'static str,
    ) -> bool {
        let need = self.defence(index);
        let face = dice.roll(6);
        let saved = face >= need;
        log.roll(|| {
            roll_for(
                self.piece(index).owner,
                Some(index),
                format!("{} saves ({need}+)", self.describe(index)),
                single(face),
                0,
                if saved {
                    "saved".into()
                } else {
                    "failed: removed".into()
                },
            )
        });
        if !saved {
            self.remove(index, cause);
        }
        !saved
    }

    /// Takes a piece off the board. Spells it kept up, or that were kept up on
    /// it, end with it.
    /// The removal itself is told by the view's change, with its `cause`.
    pub(crate) fn remove(&mut self, index: u8, cause: &'static str) {
        let Place::Board(sq) = self.piece(index).place else {
            return;
        };
        self.board[sq as usize] = super::state::EMPTY;
        let order = self.removals;
        self.removals += 1;
        let piece = self.piece_mut(index);
        piece.place = Place::Removed { order, cause };
        piece.lasting = None;
        piece.entangled = false;
        for caster in &mut self.pieces {
            if caster.lasting == Some(Lasting::ArmourOfThorns { target: index }) {
                caster.lasting = None;
            }
        }
        if self.piece(index).profile().is_king() {
            let winner = 1 - self.piece(index).owner;
            self.king_removed = Some(winner);
        }
    }
}
