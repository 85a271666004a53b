//! Shared helpers for the Action Chess Faction Chess integration tests:
//! squares by name, actions by piece and square, playing with scripted
//! dice (every die must be used), refusals that must leave the game
//! untouched, and reading the referee's view.
#![allow(dead_code, unused_imports)]

use std::collections::BTreeSet;

pub use fray_protocol::{
    Action, ArmyList, DiceRoll, Effect, MatchConfig, OptionValue, PieceId, RejectCode, Rejection,
    ScopedEffect, Seat, Square, SystemId, View, Viewer,
};
pub use fray_rules::action_chess_faction_chess::{
    ActionChessFactionChess, Faction, Kind, Limits, MAX_TURNS, Position, QUIET_TURNS, Rules,
    Rulings, army_list,
};
pub use fray_rules::{ChaChaDice, GameRules, ScriptedDice, SetupError};

pub type Game = ActionChessFactionChess;

/// A square by its chess name: `sq("e4")`.
pub fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("bad square in a test: {e}"))
}

pub fn names(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|name| name.to_string()).collect()
}

/// `move` a piece to a square.
pub fn go(piece: PieceId, to: &str) -> Action {
    Action::new("move").piece(piece).to(sq(to))
}

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

/// Plays an action that must be accepted, rolling exactly `faces`, and
/// checks that its effects turn the old view into the new one. Returns the
/// effects.
pub fn play_rolling(game: &mut Game, seat: u8, action: &Action, faces: &[u8]) -> Vec<ScopedEffect> {
    let mut seen = view(game);
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let effects = game
        .act(Seat(seat), action, &mut dice)
        .unwrap_or_else(|r| panic!("{action:?} by seat {seat} was refused: {r}"));
    assert_eq!(dice.remaining(), 0, "a scripted die was not rolled");
    fray_protocol::apply_all(&mut seen, effects.iter().map(|e| &e.effect));
    assert_eq!(
        seen,
        view(game),
        "the effects of {action:?} do not give the new view"
    );
    effects
}

/// Plays an action that must be accepted and rolls no dice.
pub fn play(game: &mut Game, seat: u8, action: &Action) -> Vec<ScopedEffect> {
    play_rolling(game, seat, action, &[])
}

/// Sends an action that must be refused, and checks that nothing changed.
pub fn refuse(game: &mut Game, seat: u8, action: &Action) -> Rejection {
    let before = game.clone();
    let mut dice = ScriptedDice::new([]);
    let rejection = match game.act(Seat(seat), action, &mut dice) {
        Ok(effects) => panic!("{action:?} by seat {seat} was accepted: {effects:?}"),
        Err(rejection) => rejection,
    };
    assert!(*game == before, "the refused {action:?} changed the game");
    rejection
}

pub fn view(game: &Game) -> View {
    game.view(Viewer::Referee)
}

/// The square a piece stands on; `None` once it is off the board.
pub fn square_of(game: &Game, piece: PieceId) -> Option<String> {
    view(game)
        .pieces
        .get(&piece)
        .and_then(|p| p.square)
        .map(|s| s.to_string())
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

pub fn options(game: &Game, seat: u8) -> Vec<Action> {
    game.options(Seat(seat))
        .into_iter()
        .map(|option| option.action)
        .collect()
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

/// The number of legal moves of the player to move, summed over every
/// line of play `depth` moves deep: perft. Only for positions that roll no
/// dice.
pub fn perft(game: &Game, depth: u32) -> u64 {
    let Some(&seat) = game.to_act().first() else {
        return 0;
    };
    let moves = game.moves(seat);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = game.clone();
            next.play_quiet(seat, mv, &mut ScriptedDice::new([]));
            perft(&next, depth - 1)
        })
        .sum()
}
