//! The Action Chess Faction Chess tests' own helpers, besides the shared kit
//! (`tests/kit/`, re-exported here): its actions by piece and square, a
//! match of two factions, and reading the board's layout.
// Every test file is its own binary and uses only some of these.
#![allow(dead_code, unused_imports)]

use std::collections::BTreeSet;

pub use crate::kit::*;
pub use fray_rules::action_chess_faction_chess::{
    ActionChessFactionChess, Faction, Kind, Limits, MAX_TURNS, Position, QUIET_TURNS, Rules,
    Rulings, army_list,
};

pub type Game = ActionChessFactionChess;

/// `move` a piece to a square, promoting it into `kind` ("queen").
pub fn promote(piece: PieceId, to: &str, kind: &str) -> Action {
    Action::new("move").piece(piece).to(sq(to)).choice(kind)
}

/// `move` a piece to a square by way of another.
pub fn via(piece: PieceId, via: &str, to: &str) -> Action {
    Action::new("move").piece(piece).to(sq(to)).choice(via)
}

/// `roll` a piece's distance toward a direction ("north", "ne").
pub fn roll(piece: PieceId, toward: &str) -> Action {
    Action::new("roll").piece(piece).choice(toward)
}

pub fn done() -> Action {
    Action::new("done")
}

/// A match of two factions, seat 0's first.
pub fn setup(factions: [Faction; 2], faces: &[u8]) -> (Game, Vec<ScopedEffect>) {
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let lists = factions.map(army_list);
    let result = Game::setup(
        &MatchConfig::new(SystemId::ActionChessFactionChess),
        &lists,
        &mut dice,
    )
    .expect("setup");
    assert_eq!(dice.remaining(), 0, "a scripted die was not rolled");
    result
}

/// The kind of the piece on a square, and its owner, if any.
pub fn occupant(game: &Game, square: &str) -> Option<(String, u8)> {
    view(game)
        .pieces_at(sq(square))
        .next()
        .map(|p| (p.kind.clone(), p.owner.0))
}

/// The id of the piece on a square.
pub fn piece_on(game: &Game, square: &str) -> PieceId {
    view(game)
        .pieces_at(sq(square))
        .next()
        .unwrap_or_else(|| panic!("no piece on {square}"))
        .id
}

/// A square's name mirrored by rank: where Black stands for White's "b2".
pub fn mirrored(square: &str) -> String {
    let (file, rank) = square.split_at(1);
    let rank: u8 = rank.parse().expect("a square such as b2");
    format!("{file}{}", 9 - rank)
}

/// Checks that the board holds exactly a faction's layout on both sides:
/// each kind on its `white_squares` for White and on those squares
/// mirrored by rank for Black (G2), and nothing else.
pub fn assert_layout(game: &Game, white_squares: &[(&str, &[&str])]) {
    let white = game.white().0;
    let expected: BTreeSet<(u8, String, String)> = white_squares
        .iter()
        .flat_map(|&(kind, squares)| {
            squares.iter().flat_map(move |&square| {
                [
                    (white, kind.to_string(), square.to_string()),
                    (1 - white, kind.to_string(), mirrored(square)),
                ]
            })
        })
        .collect();
    let found: BTreeSet<(u8, String, String)> = view(game)
        .pieces
        .values()
        .filter_map(|p| Some((p.owner.0, p.kind.clone(), p.square?.to_string())))
        .collect();
    assert_eq!(found, expected);
}

/// The squares a piece is offered a plain `move` to (no choice part).
pub fn destinations(game: &Game, piece: PieceId) -> BTreeSet<String> {
    let owner = view(game).pieces[&piece].owner;
    options(game, owner.0)
        .into_iter()
        .filter(|a| a.verb == "move" && a.piece == Some(piece) && a.choice.is_none())
        .map(|a| a.to.expect("a move names a square").to_string())
        .collect()
}
