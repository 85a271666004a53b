//! Fray's referee: pure, synchronous, deterministic game logic for every game
//! system. No IO, no clocks, no async; chance comes only from [`Dice`].
//!
//! Each system is one folder (`fantasy_armies/`, …) implementing
//! [`GameRules`]; [`Game`] dispatches over them so a server need not care
//! which system a match plays.

pub mod action_form;
pub mod chessboard_confrontation;
pub mod dice;
pub mod effect_log;
pub mod engine;
pub mod fantasy_armies;
mod game;
pub mod grid;
pub mod match_options;
pub mod move_rules;
pub mod summoners_chess;

pub use dice::{ChaChaDice, Dice, ScriptedDice};
pub use engine::{GameRules, SetupError};
pub use game::{
    Game, agrees_as_made_earlier, agrees_in_substance, example_armies, systems, validate_army,
    validate_army_for,
};
pub use move_rules::{MoveRules, Seats};
