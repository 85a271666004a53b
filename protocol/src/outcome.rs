use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Phrase, Seat};

/// How a game ended. No winners is a draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Outcome {
    /// The winning seats; several share a win, none is a draw.
    pub winners: Vec<Seat>,
    /// Why the game ended, in words that may name seats.
    pub reason: Phrase,
}

impl Outcome {
    pub fn win(seat: Seat, reason: impl Into<Phrase>) -> Self {
        Outcome {
            winners: vec![seat],
            reason: reason.into(),
        }
    }

    pub fn draw(reason: impl Into<Phrase>) -> Self {
        Outcome {
            winners: Vec::new(),
            reason: reason.into(),
        }
    }

    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }
}
