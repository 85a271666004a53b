//! Shared helpers for the Summoners Chess integration tests: squares by name,
//! moves by piece and square, playing with no dice, refusals that must leave
//! the game untouched, and reading the referee's view.
#![allow(dead_code, unused_imports)]

use std::collections::BTreeSet;

pub use fray_protocol::{
    Action, ArmyEntry, ArmyList, DiceRoll, Effect, MatchConfig, OptionValue, PieceId, RejectCode,
    Rejection, ScopedEffect, Seat, Square, SystemId, View, Viewer,
};
pub use fray_rules::summoners_chess::{
    ACOLYTES, Limits, MAX_TURNS, Position, QUIET_TURNS, SECOND_UNIT, SummonersChess, Terrain,
    army_list, chart_order,
};
pub use fray_rules::{ChaChaDice, GameRules, ScriptedDice, SetupError};

/// A square by its chess name: `sq("e4")`.
pub fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("bad square in a test: {e}"))
}

pub fn squares(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|name| name.to_string()).collect()
}

pub fn step(piece: PieceId, to: &str) -> Action {
    Action::new("move").piece(piece).to(sq(to))
}

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

/// Plays an action that must be accepted, rolling no dice, and checks that its
/// effects turn the old view into the new one. Returns the effects.
pub fn play(game: &mut SummonersChess, seat: u8, action: &Action) -> Vec<ScopedEffect> {
    let mut seen = view(game);
    let mut dice = ScriptedDice::new([]);
    let effects = game
        .act(Seat(seat), action, &mut dice)
        .unwrap_or_else(|r| panic!("{action:?} by seat {seat} was refused: {r}"));
    fray_protocol::apply_all(&mut seen, effects.iter().map(|e| &e.effect));
    assert_eq!(
        seen,
        view(game),
        "the effects of {action:?} do not give the new view"
    );
    effects
}

/// Sends an action that must be refused, and checks that nothing changed.
pub fn refuse(game: &mut SummonersChess, seat: u8, action: &Action) -> Rejection {
    let before = game.clone();
    let mut dice = ScriptedDice::new([]);
    let rejection = match game.act(Seat(seat), action, &mut dice) {
        Ok(effects) => panic!("{action:?} by seat {seat} was accepted: {effects:?}"),
        Err(rejection) => rejection,
    };
    assert!(*game == before, "the refused {action:?} changed the game");
    rejection
}

pub fn view(game: &SummonersChess) -> View {
    game.view(Viewer::Referee)
}

/// The square a piece stands on; `None` once it is captured.
pub fn square_of(game: &SummonersChess, piece: PieceId) -> Option<String> {
    view(game)
        .pieces
        .get(&piece)
        .and_then(|p| p.square)
        .map(|s| s.to_string())
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

pub fn options(game: &SummonersChess, seat: u8) -> Vec<Action> {
    game.options(Seat(seat))
        .into_iter()
        .map(|option| option.action)
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

pub fn active(game: &SummonersChess) -> Vec<Seat> {
    view(game).turn.active
}

/// Counts the move sequences of `depth` plies (perft), through the fast path.
pub fn perft(game: &SummonersChess, depth: u32) -> u64 {
    if depth == 0 || game.is_over() {
        return 1;
    }
    let mut dice = ScriptedDice::new([]);
    let seat = game.to_act()[0];
    game.moves(seat)
        .into_iter()
        .map(|mv| {
            let mut next = game.clone();
            next.play_quiet(seat, mv, &mut dice);
            perft(&next, depth - 1)
        })
        .sum()
}
