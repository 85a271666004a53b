//! The Fantasy Armies tests' own helpers, besides the shared kit
//! (`tests/kit/`, re-exported here): its actions by verb, the rolls an action
//! told, and reading its pieces, spells and lists.
// Every test file is its own binary and uses only some of these.
#![allow(dead_code, unused_imports)]

use std::collections::BTreeSet;

pub use crate::kit::*;
pub use fray_rules::fantasy_armies::{Army, FantasyArmies, HthModifiers, Limits, Position};

pub fn shoot(piece: PieceId, target: PieceId) -> Action {
    Action::new("shoot").piece(piece).target(target)
}

/// A spell with no target and no square (Armour, Charge!, Smash!, Dark Ritual, Rain of Blood).
pub fn cast(caster: PieceId, spell: &str) -> Action {
    Action::new("cast").piece(caster).choice(spell)
}

/// A spell aimed at one piece.
pub fn cast_at(caster: PieceId, spell: &str, target: PieceId) -> Action {
    cast(caster, spell).target(target)
}

/// A spell that names a piece and a square (Teleport, Raise Dead).
pub fn cast_to(caster: PieceId, spell: &str, target: PieceId, to: &str) -> Action {
    cast(caster, spell).target(target).to(sq(to))
}

pub fn tunnel(miner: PieceId, to: &str) -> Action {
    Action::new("tunnel").piece(miner).to(sq(to))
}

/// What each roll added to its dice (an HTH modifier read as the book's "1+1").
pub fn modifiers(rolls: &[DiceRoll]) -> Vec<i32> {
    rolls.iter().map(|roll| roll.modifier).collect()
}

/// The faces of one roll.
pub fn faces(roll: &DiceRoll) -> Vec<u8> {
    roll.dice.iter().map(|die| die.face).collect()
}

/// How many dice each roll used.
pub fn dice_counts(rolls: &[DiceRoll]) -> Vec<usize> {
    rolls.iter().map(|roll| roll.dice.len()).collect()
}

/// [`play_rolling`], for the dice rolls the action told.
pub fn play_for_rolls(
    game: &mut FantasyArmies,
    seat: u8,
    action: &Action,
    faces: &[u8],
) -> Vec<DiceRoll> {
    rolls(&play_rolling(game, seat, action, faces))
}

pub fn at(game: &FantasyArmies, piece: PieceId, square: &str) -> bool {
    square_of(game, piece).as_deref() == Some(square)
}

/// A stat as the view shows it ("HTH", "D", "M", "RA", "PV").
pub fn stat(game: &FantasyArmies, piece: PieceId, key: &str) -> String {
    let view = view(game);
    let piece_view = view
        .pieces
        .get(&piece)
        .unwrap_or_else(|| panic!("{piece} is not in the view"));
    piece_view
        .stats
        .iter()
        .find(|s| s.key == key)
        .unwrap_or_else(|| panic!("{piece} has no stat {key}"))
        .value
        .clone()
}

pub fn kind(game: &FantasyArmies, piece: PieceId) -> String {
    view(game).pieces[&piece].kind.clone()
}

pub fn turn_number(game: &FantasyArmies) -> u32 {
    view(game).turn.number
}

/// The owner of a piece, read from the view.
pub fn owner(game: &FantasyArmies, piece: PieceId) -> Seat {
    view(game).pieces[&piece].owner
}

/// Options of one verb for one piece, for the seat that owns it.
pub fn options_of(game: &FantasyArmies, piece: PieceId, verb: &str) -> Vec<Action> {
    let seat = owner(game, piece).0;
    options(game, seat)
        .into_iter()
        .filter(|a| a.verb == verb && a.piece == Some(piece))
        .collect()
}

/// The squares a piece is offered to move to (empty squares and contests).
pub fn destinations(game: &FantasyArmies, piece: PieceId) -> BTreeSet<String> {
    let moves = options_of(game, piece, "move");
    let set: BTreeSet<String> = moves
        .iter()
        .map(|a| a.to.expect("a move names a square").to_string())
        .collect();
    assert_eq!(set.len(), moves.len(), "a move is offered twice");
    set
}

/// The pieces a piece is offered to shoot at.
pub fn shoot_targets(game: &FantasyArmies, piece: PieceId) -> BTreeSet<PieceId> {
    options_of(game, piece, "shoot")
        .iter()
        .map(|a| a.target.expect("a shot names a target"))
        .collect()
}

/// The cast options of one spell for one caster.
pub fn spell_options(game: &FantasyArmies, caster: PieceId, spell: &str) -> Vec<Action> {
    options_of(game, caster, "cast")
        .into_iter()
        .filter(|a| a.choice.as_deref() == Some(spell))
        .collect()
}

/// The pieces a spell is offered on.
pub fn spell_targets(game: &FantasyArmies, caster: PieceId, spell: &str) -> BTreeSet<PieceId> {
    spell_options(game, caster, spell)
        .iter()
        .map(|a| a.target.expect("the spell names a target"))
        .collect()
}

/// An army list of the given units, for setup.
pub fn list(army: &str, units: &[(&str, u32)]) -> ArmyList {
    ArmyList {
        system: SystemId::FantasyArmies,
        army: army.into(),
        name: format!("{army} test list"),
        units: units
            .iter()
            .map(|&(unit, count)| ArmyEntry::new(unit, count))
            .collect(),
    }
}
