//! Why a match could not be set up.

use thiserror::Error;

/// Why a match could not be set up. Nothing was created.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("this match is for {expected}, but a {found} army list was given")]
    WrongSystem { expected: String, found: String },
    #[error("{system} is played by {min} to {max} players, not {got}")]
    WrongSeatCount {
        system: String,
        min: u8,
        max: u8,
        got: usize,
    },
    #[error("the army list for seat {seat} is invalid: {}", .reasons.join("; "))]
    InvalidArmy { seat: u8, reasons: Vec<String> },
    #[error("match option '{key}': {reason}")]
    BadOption { key: String, reason: String },
    #[error("{0} is not playable yet")]
    NotImplemented(String),
}
