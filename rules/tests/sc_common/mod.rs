//! The Summoners Chess tests' own helpers, besides the shared kit
//! (`tests/kit/`, re-exported here): its matches' options and lists, set-up
//! with exactly these dice, and reading summons and moves.
// Every test file is its own binary and uses only some of these.
#![allow(dead_code, unused_imports)]

use std::collections::BTreeSet;

pub use crate::kit::*;
pub use fray_rules::summoners_chess::{
    ACOLYTES, Limits, MAX_TURNS, Position, QUIET_TURNS, SECOND_UNIT, SummonersChess, Terrain,
    army_list, chart_order,
};

/// A match with the Acolytes on fixed squares (a1 c1 e1 g1 against h8 f8 d8
/// b8), so a test starts at the first move; the players' own placement is
/// [`config_chosen`]'s, tested in `sc_placement.rs`.
pub fn config() -> MatchConfig {
    MatchConfig::new(SystemId::SummonersChess).with(ACOLYTES, OptionValue::Text("fixed".into()))
}

/// A match as the book has it: each player places their own Acolytes.
pub fn config_chosen() -> MatchConfig {
    MatchConfig::new(SystemId::SummonersChess)
}

pub fn lists() -> [ArmyList; 2] {
    [army_list(), army_list()]
}

/// Faces for a shuffle that never swaps a tile (each die shows its highest
/// face), so the tiles stay in chart order; then the coin.
pub fn chart_order_shuffle(coin: u8) -> Vec<u8> {
    let mut faces: Vec<u8> = (2..=64u8).rev().collect();
    faces.push(coin);
    faces
}

/// Sets a game up with exactly these dice.
pub fn setup_with(config: &MatchConfig, faces: &[u8]) -> (SummonersChess, Vec<ScopedEffect>) {
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let result = SummonersChess::setup(config, &lists(), &mut dice).expect("setup");
    assert_eq!(dice.remaining(), 0);
    result
}

/// The kind of the piece on a square, and its owner, if any.
pub fn occupant(game: &SummonersChess, square: &str) -> Option<(String, Seat)> {
    view(game)
        .pieces_at(sq(square))
        .next()
        .map(|p| (p.kind.clone(), p.owner))
}

/// The pieces placed (summoned) by some effects: kind, owner and square.
pub fn summoned(effects: &[ScopedEffect]) -> Vec<(String, Seat, String)> {
    effects
        .iter()
        .filter_map(|e| match &e.effect {
            Effect::PiecePlaced { piece } => Some((
                piece.kind.clone(),
                piece.owner,
                piece.square.expect("placed on a square").to_string(),
            )),
            _ => None,
        })
        .collect()
}

/// The squares a piece is offered to move to.
pub fn destinations(game: &SummonersChess, piece: PieceId) -> BTreeSet<String> {
    let owner = view(game).pieces[&piece].owner;
    let moves: Vec<Action> = options(game, owner.0)
        .into_iter()
        .filter(|a| a.piece == Some(piece))
        .collect();
    let set: BTreeSet<String> = moves
        .iter()
        .map(|a| a.to.expect("a move names a square").to_string())
        .collect();
    assert_eq!(set.len(), moves.len(), "a move is offered twice");
    set
}
