//! ChessWar! (Kalle Marjola, 1991–97): a battle on the chessboard where every
//! unit may move, fire and fight each turn. The map of the folder:
//!
//! - `sight.rs`: which squares a shot's line crosses, and whether it is clear
//! - `reach.rs`: where a unit may move, teleport or advance; who is in melee
//! - `scatter.rs`: range, and where a catapult's shot lands

pub mod reach;
pub mod scatter;
pub mod sight;
