//! Saves (W24): a d6 that must equal or beat the unit's Save after
//! modifiers; a 1 always fails and a 6 always passes.

use fray_protocol::Phrase;

use super::spells::PROTECTION_BONUS;
use super::state::ChessWar;
use crate::Dice;
use crate::kit::describe::Describe;
use crate::kit::effect_log::{Log, roll_for, single};

/// Whether a save of `face` with `modifier` (added to the roll) passes a
/// Save of `needed`.
pub fn passes(face: u8, modifier: i8, needed: u8) -> bool {
    match face {
        1 => false,
        6 => true,
        _ => i16::from(face) + i16::from(modifier) >= i16::from(needed),
    }
}

impl ChessWar {
    /// Rolls a save for unit `index`, telling it as `purpose`; true when it
    /// passes.
    pub(crate) fn save(
        &self,
        index: u8,
        modifier: i8,
        purpose: &str,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> bool {
        let unit = self.unit(index);
        let needed = unit.profile().save;
        let modifier = if unit.marks.protected {
            modifier + PROTECTION_BONUS
        } else {
            modifier
        };
        let face = dice.roll(6);
        let passed = passes(face, modifier, needed);
        log.roll(|| {
            roll_for(
                unit.owner,
                Some(unit.id.0 as u8),
                format!("{} saves {purpose} ({needed}+)", self.describe(index)),
                single(face),
                i32::from(modifier),
                if passed { "saved" } else { "failed" }.into(),
            )
        });
        passed
    }

    /// Tells everyone `text` about unit `index`: "Knights on b1 …".
    pub(crate) fn tell_of(&self, index: u8, text: &str, log: &mut Log) {
        log.tell(|| Phrase::new().text(format!("{} {text}", self.describe(index))));
    }
}

#[cfg(test)]
mod tests {
    use super::passes;

    #[test]
    fn one_always_fails_and_six_always_passes() {
        assert!(!passes(1, 5, 1));
        assert!(passes(6, -5, 6));
        assert!(passes(4, 0, 4));
        assert!(!passes(3, 0, 4));
        assert!(passes(3, 1, 4));
        assert!(!passes(5, -1, 5));
    }
}
