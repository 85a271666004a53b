//! The contract every game system keeps (docs/design.md, "The rules engine
//! contract").

use fray_protocol::{
    Action, ActionOption, ArmyList, MatchConfig, Outcome, Rejection, ScopedEffect, Seat, View,
    Viewer,
};
use thiserror::Error;

use crate::dice::Dice;

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

/// A game system's referee. Implementations are pure and deterministic: all
/// chance comes from the [`Dice`] handed in, so the same seed and actions give
/// the same effects byte for byte.
pub trait GameRules: Clone + Send + Sync + 'static {
    /// Validates the armies and options and makes the start position.
    fn setup(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Result<(Self, Vec<ScopedEffect>), SetupError>;

    /// The seats that must decide now; empty once the game is over.
    fn to_act(&self) -> Vec<Seat>;

    /// Every legal action for `seat` now; empty if the seat does not decide.
    fn options(&self, seat: Seat) -> Vec<ActionOption>;

    /// Plays an action. On `Err` nothing changed and the rejection says why.
    fn act(
        &mut self,
        seat: Seat,
        action: &Action,
        dice: &mut dyn Dice,
    ) -> Result<Vec<ScopedEffect>, Rejection>;

    /// What `viewer` may see now.
    fn view(&self, viewer: Viewer) -> View;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
}
