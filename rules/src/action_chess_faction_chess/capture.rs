//! Capture, the one way a piece is taken whatever takes it, and the plain
//! move most pieces make: onto an empty square, or onto an enemy, taking it.

use crate::effect_log::Log;
use crate::grid::Sq;

use super::faction_rules;
use super::state::{ActionChessFactionChess, Ix};

impl ActionChessFactionChess {
    /// Takes `victim` off the board as captured, with what its faction does
    /// then (the Lich-King may return).
    pub(crate) fn capture(&mut self, victim: Ix, log: &mut Log) {
        debug_assert!(
            self.piece(victim).kind.can_be_captured(),
            "a move offered the capture of a {:?}",
            self.piece(victim).kind
        );
        self.lift(victim, "captured");
        faction_rules::on_captured(self, victim, log);
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
