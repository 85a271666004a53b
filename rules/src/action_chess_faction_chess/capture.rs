//! Capture, the one way a piece is taken whatever takes it, and the plain
//! move most pieces make: onto an empty square, or onto an enemy, taking it.

use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::Sq;

use super::butcher;
use super::faction_rules;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix};
use super::swarm;

/// Why a capturer that Swarmlings repelled left the board (Q5).
pub(crate) const REPELLED: &str = "removed by the Swarmlings it attacked";

impl ActionChessFactionChess {
    /// The acting piece's capture of `victim`: a Swarmling stack defends
    /// first on a d20, and may remove the capturer (Q5). Returns false when
    /// the capturer is off the board for it: nothing is taken, and its
    /// move goes no further (`move_piece` leaves it off the board).
    pub(crate) fn capture(&mut self, victim: Ix, dice: &mut dyn Dice, log: &mut Log) -> bool {
        if self.capturer_repelled() {
            return false;
        }
        if let Some(capturer) = self.acting
            && swarm::defence_holds(self, capturer, victim, dice, log)
        {
            self.lift(capturer, REPELLED);
            return false;
        }
        self.capture_undefended(victim, log);
        true
    }

    /// Whether the acting piece was removed by Swarmlings it attacked: a
    /// Halfling's two-leg move or a Peasant's chain stops there.
    pub(crate) fn capturer_repelled(&self) -> bool {
        self.acting
            .is_some_and(|ix| self.piece(ix).removed == REPELLED)
    }

    /// Takes `victim` off the board as captured, with what its faction does
    /// then (the Lich-King may return), unless it escapes (an Auroch steps
    /// away from its enemy). No Swarmling defends: what takes here does not
    /// move into its square (a throw, a Reaper's sweep), or has rolled
    /// already (a Swarm's attack).
    pub(crate) fn capture_undefended(&mut self, victim: Ix, log: &mut Log) {
        if self.capture_quietly(victim) {
            faction_rules::on_captured(self, victim, log);
        }
    }

    /// A capture without the decisions it calls for: what a test of the
    /// position after a move needs (is the King left in check?). Returns
    /// whether `victim` was taken: an Auroch may step away instead (K5),
    /// and a Butcher piece leaves its corpse (K9).
    pub(crate) fn capture_quietly(&mut self, victim: Ix) -> bool {
        debug_assert!(
            self.piece(victim).kind.can_be_captured(),
            "a move offered the capture of a {:?}",
            self.piece(victim).kind
        );
        // A pinned Auroch cannot step away (D3).
        if !self.pinned(victim) && butcher::flees(self, victim) {
            return false;
        }
        let square = self.piece(victim).square.expect("a victim on the board");
        self.catch_in_trap(victim);
        self.lift(victim, "captured");
        butcher::leave_corpse(self, victim, square, false);
        self.capture_spirit_left(square);
        true
    }

    /// When `victim` is a Trap the acting piece, its enemy, captures, that
    /// piece is caught: it leaves the board once its move is done (W6).
    pub(crate) fn catch_in_trap(&mut self, victim: Ix) {
        if self.piece(victim).kind == Kind::Trap {
            self.trapped = self
                .acting
                .filter(|&by| self.piece(by).owner != self.piece(victim).owner);
        }
    }

    /// A piece whose move ends on a square it captured on takes every
    /// enemy there: the Ghost's Spirits that shared the square with the
    /// piece taken go too (D4). The capturer's own Spirit stays, and shares
    /// the square with it.
    fn capture_spirit_left(&mut self, square: Sq) {
        let Some(capturer) = self.acting.filter(|_| self.acting_to == Some(square)) else {
            return;
        };
        let owner = self.piece(capturer).owner;
        let enemy_spirits: Vec<Ix> = self
            .occupants(square)
            .filter(|&spirit| {
                spirit != capturer
                    && self.piece(spirit).kind == Kind::Spirit
                    && self.piece(spirit).owner != owner
            })
            .collect();
        for spirit in enemy_spirits {
            self.lift(spirit, "captured");
        }
    }

    /// Moves `ix` to `to`, capturing the enemy standing there. Returns
    /// false when Swarmlings there removed it instead (Q5).
    pub(crate) fn go(&mut self, ix: Ix, to: Sq, dice: &mut dyn Dice, log: &mut Log) -> bool {
        if let Some(victim) = self.at(to)
            && victim != ix
        {
            debug_assert_ne!(self.piece(victim).owner, self.piece(ix).owner);
            if !self.capture(victim, dice, log) {
                return false;
            }
        }
        self.move_piece(ix, to);
        true
    }
}
