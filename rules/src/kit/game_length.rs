//! The caps that end a game that would otherwise go on for ever
//! (docs/design.md, "Every game ends"): a match option caps a game's length
//! in turns or rounds, in all or in a row without progress. The cap in all
//! has the same key and label in every system, and a drawn game says so in
//! the same words; each system gives its own range, default and help.

use fray_protocol::{OptionSpec, Outcome};

use super::match_options::int_option;

/// What a system counts a game's length in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// Each player's turn counts once.
    Turns,
    /// A round, in which every player has a turn, counts once.
    Rounds,
}

impl Counted {
    /// The key of the match option that caps a game's length in all.
    pub const fn limit_key(self) -> &'static str {
        match self {
            Counted::Turns => "max-turns",
            Counted::Rounds => "max-rounds",
        }
    }

    /// The spec of the match option that caps a game's length in all.
    pub fn limit_option(self, range: (i64, i64), default: u32, help: &str) -> OptionSpec {
        let label = match self {
            Counted::Turns => "Turn limit",
            Counted::Rounds => "Round limit",
        };
        int_option(self.limit_key(), label, range, default, help)
    }

    /// A game drawn at its cap of `cap` turns or rounds in all.
    pub fn limit_reached(self, cap: u32) -> Outcome {
        Outcome::draw(format!("the limit of {cap} {} was reached", self.plural()))
    }

    /// A game drawn after `cap` turns or rounds in a row `without` progress
    /// ("a capture or a summons").
    pub fn passed_without(self, cap: u32, without: &str) -> Outcome {
        Outcome::draw(format!("{cap} {} passed without {without}", self.plural()))
    }

    fn plural(self) -> &'static str {
        match self {
            Counted::Turns => "turns",
            Counted::Rounds => "rounds",
        }
    }
}

/// Whether `count` reached `cap`; a cap of 0 is none.
pub fn reached(count: u32, cap: u32) -> bool {
    cap > 0 && count >= cap
}
