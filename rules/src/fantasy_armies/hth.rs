//! How a piece's HTH is read in a contest: the dice it rolls and a number
//! added to their total. The book writes a modified HTH as "1+1", "roll 1D6
//! and add 1 to the roll", and that is the default (`add-to-roll`); a match
//! may instead turn every +1 into one more die (`extra-dice`). Ruling R4.

use std::fmt;

use crate::kit::match_options::Choice;

/// The match option that chooses the reading.
pub const HTH_MODIFIERS: &str = "hth-modifiers";

/// What a "+1 HTH" (an aura, Smash!, Drain Life, a Vampire's gain) does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HthModifiers {
    /// The book's "1+1": the piece rolls its printed dice and the modifier is
    /// added to (or taken from) their total.
    #[default]
    AddToRoll,
    /// Each +1 is one more die and each −1 one die fewer, never below none.
    ExtraDice,
}

impl Choice for HthModifiers {
    const ALL: &'static [Self] = &[HthModifiers::AddToRoll, HthModifiers::ExtraDice];

    fn key(self) -> &'static str {
        match self {
            HthModifiers::AddToRoll => "add-to-roll",
            HthModifiers::ExtraDice => "extra-dice",
        }
    }
}

impl HthModifiers {
    /// A piece's HTH: its printed dice with its lasting changes (Drain Life,
    /// Vampire and Ghoul gains, which can be negative) and its spell bonus
    /// (Smash!, never negative).
    pub(crate) fn own(self, printed: u8, lasting_change: i32, spell_bonus: i32) -> Hth {
        let printed = i32::from(printed);
        match self {
            HthModifiers::AddToRoll => Hth {
                dice: printed,
                modifier: lasting_change + spell_bonus,
            },
            // A drained piece cannot roll fewer than no dice; Smash! then adds to that.
            HthModifiers::ExtraDice => Hth {
                dice: (printed + lasting_change).max(0) + spell_bonus,
                modifier: 0,
            },
        }
    }

    /// `hth` with the +1s of neighbouring auras.
    pub(crate) fn with_aura(self, hth: Hth, aura: i32) -> Hth {
        match self {
            HthModifiers::AddToRoll => Hth {
                modifier: hth.modifier + aura,
                ..hth
            },
            HthModifiers::ExtraDice => Hth {
                dice: hth.dice + aura,
                ..hth
            },
        }
    }
}

/// A piece's HTH as the book writes it: `dice` D6 rolled, `modifier` added
/// to their total ("1+2" is one die and +2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hth {
    pub dice: i32,
    pub modifier: i32,
}

impl fmt::Display for Hth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.modifier {
            0 => write!(f, "{}", self.dice),
            m if m > 0 => write!(f, "{}+{m}", self.dice),
            m => write!(f, "{}{m}", self.dice),
        }
    }
}

/// The HTH column's text: "-" for a piece with no HTH.
pub fn hth_text(hth: Option<Hth>) -> String {
    hth.map_or_else(|| "-".to_string(), |hth| hth.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hth_is_written_as_the_book_writes_it() {
        let hth = |dice, modifier| Hth { dice, modifier }.to_string();
        assert_eq!(hth(2, 0), "2");
        assert_eq!(hth(1, 1), "1+1");
        assert_eq!(hth(1, 2), "1+2");
        assert_eq!(hth(1, -1), "1-1");
        assert_eq!(hth(2, -3), "2-3");
        assert_eq!(hth_text(None), "-");
    }

    #[test]
    fn every_reading_has_a_key_that_reads_back() {
        for &reading in HthModifiers::ALL {
            assert_eq!(HthModifiers::from_key(reading.key()), Some(reading));
        }
        assert_eq!(HthModifiers::from_key("more-dice"), None);
    }

    #[test]
    fn the_readings_differ_only_in_where_a_modifier_goes() {
        let add = HthModifiers::AddToRoll;
        let extra = HthModifiers::ExtraDice;
        // A Shaman (1) under Smash! (+2) beside its Chieftain (+1).
        assert_eq!(
            add.with_aura(add.own(1, 0, 2), 1),
            Hth {
                dice: 1,
                modifier: 3
            }
        );
        assert_eq!(
            extra.with_aura(extra.own(1, 0, 2), 1),
            Hth {
                dice: 4,
                modifier: 0
            }
        );
        // A Warrior (1) drained twice.
        assert_eq!(
            add.own(1, -2, 0),
            Hth {
                dice: 1,
                modifier: -2
            }
        );
        assert_eq!(
            extra.own(1, -2, 0),
            Hth {
                dice: 0,
                modifier: 0
            }
        );
    }
}
