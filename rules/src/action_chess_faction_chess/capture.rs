//! Capture, the one way a piece is taken whatever takes it, and the plain
//! move most pieces make: onto an empty square, or onto an enemy, taking it.

use crate::effect_log::Log;
use crate::grid::Sq;

use super::butcher;
use super::faction_rules;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix};

impl ActionChessFactionChess {
    /// Takes `victim` off the board as captured, with what its faction does
    /// then (the Lich-King may return), unless it escapes (an Auroch steps
    /// away from its enemy).
    pub(crate) fn capture(&mut self, victim: Ix, log: &mut Log) {
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
        if butcher::flees(self, victim) {
            return false;
        }
        let square = self.piece(victim).square.expect("a victim on the board");
        if self.piece(victim).kind == Kind::Trap {
            self.trapped = self
                .acting
                .filter(|&by| self.piece(by).owner != self.piece(victim).owner);
        }
        self.lift(victim, "captured");
        butcher::leave_corpse(self, victim, square, false);
        true
    }

    /// Moves `ix` to `to`, capturing the enemy standing there.
    pub(crate) fn go(&mut self, ix: Ix, to: Sq, log: &mut Log) {
        if let Some(victim) = self.at(to)
            && victim != ix
        {
            debug_assert_ne!(self.piece(victim).owner, self.piece(ix).owner);
            self.capture(victim, log);
        }
        self.move_piece(ix, to);
    }
}
