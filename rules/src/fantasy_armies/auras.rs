//! A piece's strength at this moment: its profile, the permanent changes it
//! carries, the spells it is under, and the auras of its neighbours (the king
//! pieces' and the Dwarf Lord's +1 HTH, the Cleric's +1 D).

use super::hth::Hth;
use super::state::{FantasyArmies, Lasting, Place};
use super::units::Role;

/// A save never gets better than 2+: a 1 always fails.
pub const BEST_SAVE: u8 = 2;
/// Armour and Armour of Thorns set the Defence to 4+.
pub const ARMOUR_SAVE: u8 = 4;
/// Smash! gives +2 HTH.
pub const SMASH_BONUS: i32 = 2;

impl FantasyArmies {
    /// The piece's own HTH, before auras, read as the match reads modifiers;
    /// `None` for the book's "-".
    pub(crate) fn own_hth(&self, index: u8) -> Option<Hth> {
        let piece = self.piece(index);
        let printed = piece.profile().hth?;
        let smash = if piece.lasting == Some(Lasting::Smash) {
            SMASH_BONUS
        } else {
            0
        };
        Some(
            self.hth_modifiers
                .own(printed, i32::from(piece.hth_change), smash),
        )
    }

    /// HTH in a contest now, with the auras of its neighbours.
    pub(crate) fn contest_hth(&self, index: u8) -> Option<Hth> {
        let own = self.own_hth(index)?;
        Some(self.hth_modifiers.with_aura(own, self.hth_aura(index)))
    }

    /// +1 for a friendly king piece adjacent, +1 for a friendly Dwarf Lord adjacent.
    pub(crate) fn hth_aura(&self, index: u8) -> i32 {
        let piece = self.piece(index);
        let Place::Board(sq) = piece.place else {
            return 0;
        };
        let mut aura = 0;
        if self.has_role_adjacent(sq, piece.owner, Role::King) {
            aura += 1;
        }
        if self.has_role_adjacent(sq, piece.owner, Role::DwarfLord) {
            aura += 1;
        }
        aura
    }

    /// The Defence save the piece carries itself: its profile, or 4+ under Armour.
    pub(crate) fn own_defence(&self, index: u8) -> u8 {
        self.defence_armoured_or_not(index, self.is_armoured(index))
    }

    /// [`Self::own_defence`] for a caller that already knows whether the
    /// piece is under Armour (finding out scans every piece for Thorns).
    pub(crate) fn defence_armoured_or_not(&self, index: u8, armoured: bool) -> u8 {
        let base = self.piece(index).profile().defence;
        if armoured {
            base.min(ARMOUR_SAVE)
        } else {
            base
        }
    }

    /// The Defence save now: Armour, then a friendly Cleric adjacent improves it by one.
    pub(crate) fn defence(&self, index: u8) -> u8 {
        let own = self.own_defence(index);
        let piece = self.piece(index);
        let blessed = match piece.place {
            Place::Board(sq) => self.has_role_adjacent(sq, piece.owner, Role::Cleric),
            _ => false,
        };
        if blessed {
            own.saturating_sub(1).max(BEST_SAVE)
        } else {
            own
        }
    }

    /// Under the caster's own Armour, or a Druid's Armour of Thorns.
    pub(crate) fn is_armoured(&self, index: u8) -> bool {
        let own = self.piece(index).lasting == Some(Lasting::Armour);
        own || self.thorns_on(index)
    }

    pub(crate) fn thorns_on(&self, index: u8) -> bool {
        self.pieces
            .iter()
            .any(|caster| caster.lasting == Some(Lasting::ArmourOfThorns { target: index }))
    }
}
