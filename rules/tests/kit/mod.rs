//! What every system's rules tests share: squares by name, the actions every
//! system names alike, playing an action with exactly the scripted dice
//! (checking that its effects give the new view), refusals that must leave
//! the game untouched, reading the referee's view, perft, and a chooser for
//! random play. Each system's common (`fa_common`, …) adds only what is its
//! own, and re-exports this kit.
// Every test file is its own binary and uses only some of these.
#![allow(dead_code, unused_imports)]

mod chooser;

use std::collections::BTreeSet;

pub use chooser::Chooser;
pub use fray_protocol::{
    Action, ArmyEntry, ArmyList, DiceRoll, Effect, MatchConfig, OptionValue, PieceId, RejectCode,
    Rejection, ScopedEffect, Seat, Square, SystemId, View, Viewer,
};
pub use fray_rules::{ChaChaDice, GameRules, ScriptedDice, SetupError};

/// A square by its chess name: `sq("e4")`.
pub fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("bad square in a test: {e}"))
}

/// A set of names (squares, kinds), for comparing with what a view or the
/// options give.
pub fn squares(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|name| name.to_string()).collect()
}

pub fn ids(pieces: &[PieceId]) -> BTreeSet<PieceId> {
    pieces.iter().copied().collect()
}

/// `move` a piece to a square.
pub fn step(piece: PieceId, to: &str) -> Action {
    Action::new("move").piece(piece).to(sq(to))
}

pub fn pass() -> Action {
    Action::new("pass")
}

/// The dice rolls among some effects, in order.
pub fn rolls(effects: &[ScopedEffect]) -> Vec<DiceRoll> {
    effects
        .iter()
        .filter_map(|scoped| match &scoped.effect {
            Effect::DiceRolled { roll } => Some(roll.clone()),
            _ => None,
        })
        .collect()
}

/// The piece an effect names, if any.
pub fn named(effect: &Effect) -> Option<PieceId> {
    match effect {
        Effect::PiecePlaced { piece } => Some(piece.id),
        Effect::PieceMoved { piece, .. }
        | Effect::PieceRemoved { piece, .. }
        | Effect::PieceChanged { piece, .. } => Some(*piece),
        Effect::DiceRolled { roll } => roll.piece,
        _ => None,
    }
}

/// Plays an action that must be accepted, with exactly these dice (the
/// scripted dice panic if the rules ask for more, and the check below fails
/// if they ask for fewer), and checks that its effects turn the old view
/// into the new one. Returns the effects.
pub fn play_rolling<G: GameRules>(
    game: &mut G,
    seat: u8,
    action: &Action,
    faces: &[u8],
) -> Vec<ScopedEffect> {
    let mut seen = view(game);
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let effects = game
        .act(Seat(seat), action, &mut dice)
        .unwrap_or_else(|r| panic!("{action:?} by seat {seat} was refused: {r}"));
    assert_eq!(
        dice.remaining(),
        0,
        "{action:?} made {} of the {} scripted rolls {faces:?}",
        dice.used(),
        faces.len()
    );
    // A client that applies the effects to what it saw sees the new position.
    fray_protocol::apply_all(&mut seen, effects.iter().map(|e| &e.effect));
    assert_eq!(
        seen,
        view(game),
        "the effects of {action:?} do not give the new view"
    );
    effects
}

/// [`play_rolling`] for an action that rolls no dice.
pub fn play<G: GameRules>(game: &mut G, seat: u8, action: &Action) -> Vec<ScopedEffect> {
    play_rolling(game, seat, action, &[])
}

/// Sends an action that must be refused, and checks that the game did not
/// change at all and no die was rolled.
pub fn refuse<G: GameRules + PartialEq>(game: &mut G, seat: u8, action: &Action) -> Rejection {
    let before = game.clone();
    let mut dice = ScriptedDice::new([]);
    let rejection = match game.act(Seat(seat), action, &mut dice) {
        Ok(effects) => panic!("{action:?} by seat {seat} was accepted: {effects:?}"),
        Err(rejection) => rejection,
    };
    assert!(*game == before, "the refused {action:?} changed the game");
    rejection
}

/// The referee's view.
pub fn view<G: GameRules>(game: &G) -> View {
    game.view(Viewer::Referee)
}

/// The square a piece stands on; `None` once it is off the board.
pub fn square_of<G: GameRules>(game: &G, piece: PieceId) -> Option<String> {
    view(game)
        .pieces
        .get(&piece)
        .and_then(|p| p.square)
        .map(|s| s.to_string())
}

/// Removed pieces are absent from the view.
pub fn is_removed<G: GameRules>(game: &G, piece: PieceId) -> bool {
    !view(game).pieces.contains_key(&piece)
}

pub fn has_marker<G: GameRules>(game: &G, piece: PieceId, key: &str) -> bool {
    view(game).pieces[&piece]
        .markers
        .iter()
        .any(|m| m.key == key)
}

pub fn resource<G: GameRules>(game: &G, seat: u8, key: &str) -> Option<i64> {
    view(game).players[seat as usize]
        .resources
        .get(key)
        .copied()
}

/// The seats the view says decide now.
pub fn active<G: GameRules>(game: &G) -> Vec<Seat> {
    view(game).turn.active
}

/// The actions the seat is offered now.
pub fn options<G: GameRules>(game: &G, seat: u8) -> Vec<Action> {
    game.options(Seat(seat))
        .into_iter()
        .map(|option| option.action)
        .collect()
}

/// The number of legal moves of the player to move, summed over every line
/// of play `depth` moves deep (perft), through the fast path: a line that
/// ends the game sooner counts nothing. Only for positions that roll no
/// dice.
pub fn perft<G: GameRules>(game: &G, depth: u32) -> u64 {
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
