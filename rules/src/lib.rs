//! Fray's referee: pure, synchronous, deterministic game logic for every game
//! system. No IO, no clocks, no async; chance comes only from [`Dice`].
//!
//! Each system is one folder (`fantasy_armies/`, …) implementing
//! [`GameRules`] and [`GameSystem`], registered by one line in
//! `contract/registry.rs`; [`Game`] dispatches over them so a server need
//! not care which system a match plays. What every system builds its rules
//! from is in [`kit`]. `rules/README.md` tells how to add a system.

#![forbid(unsafe_code)]

pub mod action_chess_faction_chess;
pub mod chess_war;
pub mod chessboard_confrontation;
pub mod contract;
pub mod fantasy_armies;
pub mod kit;
pub mod summoners_chess;

pub use contract::{
    EveryView, Game, GameRules, GameSystem, GameVisitor, Pick, Seats, SetupError, SystemVisitor,
    agrees_as_made_earlier, agrees_in_substance, example_armies, random_army, registered, systems,
    validate_army, validate_army_for, with_system,
};
pub use kit::dice::{ChaChaDice, Dice, ScriptedDice};
pub use kit::match_options::Choice;
