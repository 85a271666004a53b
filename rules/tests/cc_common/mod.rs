//! The Chessboard Confrontation tests' own helpers, besides the shared kit
//! (`tests/kit/`, re-exported here): its actions by verb, squads, the options
//! offered a miniature, and the battle map's open squares.
// Every test file is its own binary and uses only some of these.
#![allow(dead_code, unused_imports)]

use std::collections::BTreeSet;

pub use crate::kit::*;
pub use fray_rules::chessboard_confrontation::{
    ChessboardConfrontation, Position, Rulings, Scenario, Settings, Tally,
};
use fray_rules::kit::compass::Compass;

pub type Game = ChessboardConfrontation;

pub fn activate(piece: PieceId) -> Action {
    Action::new("activate").piece(piece)
}

pub fn attack(piece: PieceId, target: PieceId, choice: &str) -> Action {
    Action::new("attack")
        .piece(piece)
        .target(target)
        .choice(choice)
}

pub fn end() -> Action {
    Action::new("end")
}

pub fn accept() -> Action {
    Action::new("accept")
}

pub fn reroll(with: &str) -> Action {
    Action::new("reroll").choice(with)
}

pub fn heal(healer: PieceId) -> Action {
    Action::new("heal").piece(healer)
}

pub fn support(giver: PieceId, ally: PieceId) -> Action {
    Action::new("support").piece(giver).target(ally)
}

pub fn place(piece: PieceId, to: &str) -> Action {
    Action::new("place").piece(piece).to(sq(to))
}

/// Places a Large miniature with its main space on `to`, its body reaching `reach` ("sw").
pub fn place_large(piece: PieceId, to: &str, reach: &str) -> Action {
    place(piece, to).choice(reach)
}

pub fn summon(summoner: PieceId, ally: PieceId, to: &str) -> Action {
    Action::new("summon")
        .piece(summoner)
        .target(ally)
        .to(sq(to))
}

pub fn drop_on(piece: PieceId, to: &str) -> Action {
    Action::new("drop").piece(piece).to(sq(to))
}

/// A stat of a piece in the view ("reach", "size").
pub fn stat(game: &Game, piece: PieceId, key: &str) -> Option<String> {
    view(game).pieces[&piece]
        .stats
        .iter()
        .find(|s| s.key == key)
        .map(|s| s.value.clone())
}

pub fn phase(game: &Game) -> String {
    view(game).turn.phase
}

pub fn verbs_of(game: &Game, seat: u8, piece: PieceId, verb: &str) -> Vec<Action> {
    options(game, seat)
        .into_iter()
        .filter(|a| a.verb == verb && a.piece == Some(piece))
        .collect()
}

pub fn destinations(game: &Game, seat: u8, piece: PieceId) -> BTreeSet<String> {
    verbs_of(game, seat, piece, "move")
        .iter()
        .map(|a| a.to.unwrap().to_string())
        .collect()
}

/// The (target, choice) attacks a piece is offered.
pub fn attacks(game: &Game, seat: u8, piece: PieceId) -> BTreeSet<(PieceId, String)> {
    verbs_of(game, seat, piece, "attack")
        .iter()
        .map(|a| (a.target.unwrap(), a.choice.clone().unwrap()))
        .collect()
}

pub fn targets(game: &Game, seat: u8, piece: PieceId, choice: &str) -> BTreeSet<PieceId> {
    attacks(game, seat, piece)
        .into_iter()
        .filter(|(_, c)| c == choice)
        .map(|(t, _)| t)
        .collect()
}

pub fn entry(troop: &str, count: u32, traits: &[&str]) -> ArmyEntry {
    ArmyEntry {
        unit: troop.into(),
        count,
        traits: traits.iter().map(|t| t.to_string()).collect(),
    }
}

pub fn squad(entries: Vec<ArmyEntry>) -> ArmyList {
    ArmyList {
        system: SystemId::ChessboardConfrontation,
        army: "squad".into(),
        name: "test squad".into(),
        units: entries,
    }
}

pub fn config() -> MatchConfig {
    MatchConfig::new(SystemId::ChessboardConfrontation)
}

/// Whether every open square of a 24×24 view is reached from the first by
/// the movement rules (never between two obstacles meeting at a corner),
/// read from the view alone.
pub fn open_squares_connected(seen: &View) -> bool {
    let blocked = |f: i32, r: i32| {
        !(0..24).contains(&f)
            || !(0..24).contains(&r)
            || seen
                .terrain
                .get(&Square::new(f as u8, r as u8))
                .map(String::as_str)
                == Some("obstacle")
    };
    let open: Vec<(i32, i32)> = (0..24)
        .flat_map(|r| (0..24).map(move |f| (f, r)))
        .filter(|&(f, r)| !blocked(f, r))
        .collect();
    let mut reached = std::collections::BTreeSet::from([open[0]]);
    let mut queue = std::collections::VecDeque::from([open[0]]);
    while let Some((f, r)) = queue.pop_front() {
        for (df, dr) in Compass::STEPS.map(|(df, dr)| (i32::from(df), i32::from(dr))) {
            let to = (f + df, r + dr);
            let squeezed = df != 0 && dr != 0 && blocked(f + df, r) && blocked(f, r + dr);
            if !blocked(to.0, to.1) && !squeezed && reached.insert(to) {
                queue.push_back(to);
            }
        }
    }
    reached.len() == open.len()
}
