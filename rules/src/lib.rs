//! Fray's referee: pure, synchronous, deterministic game logic for every game
//! system. No IO, no clocks, no async; chance comes only from [`Dice`].
//!
//! Each system is one folder (`fantasy_armies/`, …) implementing
//! [`MoveRules`] and [`GameSystem`], registered by one line in `game.rs`;
//! [`Game`] dispatches over them so a server need not care which system a
//! match plays. `rules/README.md` tells how to add one.

#![forbid(unsafe_code)]

pub mod action_chess_faction_chess;
pub mod action_form;
mod army_check;
pub mod chess_war;
pub mod chessboard_confrontation;
pub mod dice;
pub mod effect_log;
pub mod engine;
pub mod fantasy_armies;
mod game;
pub mod grid;
pub mod kept_view;
pub mod match_options;
pub mod move_rules;
pub mod summoners_chess;
pub mod system;

pub use dice::{ChaChaDice, Dice, ScriptedDice};
pub use engine::{GameRules, SetupError};
pub use game::{
    EveryView, Game, agrees_as_made_earlier, agrees_in_substance, example_armies, registered,
    systems, validate_army, validate_army_for, with_system,
};
pub use match_options::Choice;
pub use move_rules::{MoveRules, Seats};
pub use system::{GameSystem, Pick, SystemVisitor};
