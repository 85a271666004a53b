use serde::{Deserialize, Serialize};

use crate::Seat;

/// How a game ended. No winners is a draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<Seat>,
    pub reason: String,
}

impl Outcome {
    pub fn win(seat: Seat, reason: impl Into<String>) -> Self {
        Outcome {
            winners: vec![seat],
            reason: reason.into(),
        }
    }

    pub fn draw(reason: impl Into<String>) -> Self {
        Outcome {
            winners: Vec::new(),
            reason: reason.into(),
        }
    }

    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }
}
