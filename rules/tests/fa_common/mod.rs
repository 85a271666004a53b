//! Shared helpers for the Fantasy Armies integration tests: squares by name,
//! actions by verb, playing with exactly the scripted dice, refusals that must
//! leave the game untouched, and reading the referee's view.
#![allow(dead_code, unused_imports)]

use std::collections::BTreeSet;

pub use fray_protocol::{
    Action, ArmyEntry, ArmyList, DiceRoll, Effect, MatchConfig, OptionValue, PieceId, RejectCode,
    Rejection, ScopedEffect, Seat, Square, SystemId, View, Viewer,
};
pub use fray_rules::fantasy_armies::{Army, FantasyArmies, HthModifiers, Limits, Position};
pub use fray_rules::{ChaChaDice, GameRules, ScriptedDice};

/// A square by its chess name: `sq("e4")`.
pub fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("bad square in a test: {e}"))
}

/// A set of square names, for comparing with [`destinations`].
pub fn squares(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|name| name.to_string()).collect()
}

pub fn step(piece: PieceId, to: &str) -> Action {
    Action::new("move").piece(piece).to(sq(to))
}

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

/// Plays an action that must be accepted, with exactly these dice (the
/// scripted dice panic if the engine asks for more, and the check below fails
/// if it asks for fewer), and checks that its effects turn the old view into
/// the new one. Returns the dice rolls the action told.
pub fn play(game: &mut FantasyArmies, seat: u8, action: &Action, faces: &[u8]) -> Vec<DiceRoll> {
    rolls(&play_effects(game, seat, action, faces))
}

/// [`play`], returning every effect.
pub fn play_effects(
    game: &mut FantasyArmies,
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

/// Sends an action that must be refused, and checks that the game did not
/// change at all and no die was rolled.
pub fn refuse(game: &mut FantasyArmies, seat: u8, action: &Action) -> Rejection {
    let before = game.clone();
    let mut dice = ScriptedDice::new([]);
    let result = game.act(Seat(seat), action, &mut dice);
    let rejection = match result {
        Ok(effects) => panic!("{action:?} by seat {seat} was accepted: {effects:?}"),
        Err(rejection) => rejection,
    };
    assert!(*game == before, "the refused {action:?} changed the game");
    rejection
}

pub fn view(game: &FantasyArmies) -> View {
    game.view(Viewer::Referee)
}

/// The square a piece stands on; `None` once it is removed (or not deployed).
pub fn square_of(game: &FantasyArmies, piece: PieceId) -> Option<String> {
    view(game)
        .pieces
        .get(&piece)
        .and_then(|p| p.square)
        .map(|s| s.to_string())
}

pub fn at(game: &FantasyArmies, piece: PieceId, square: &str) -> bool {
    square_of(game, piece).as_deref() == Some(square)
}

/// Removed pieces are absent from the view.
pub fn is_removed(game: &FantasyArmies, piece: PieceId) -> bool {
    !view(game).pieces.contains_key(&piece)
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

pub fn has_marker(game: &FantasyArmies, piece: PieceId, key: &str) -> bool {
    view(game).pieces[&piece]
        .markers
        .iter()
        .any(|m| m.key == key)
}

pub fn active(game: &FantasyArmies) -> Vec<Seat> {
    view(game).turn.active
}

pub fn turn_number(game: &FantasyArmies) -> u32 {
    view(game).turn.number
}

pub fn resource(game: &FantasyArmies, seat: u8, key: &str) -> Option<i64> {
    view(game).players[seat as usize]
        .resources
        .get(key)
        .copied()
}

/// The actions the seat is offered now.
pub fn options(game: &FantasyArmies, seat: u8) -> Vec<Action> {
    game.options(Seat(seat))
        .into_iter()
        .map(|option| option.action)
        .collect()
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

pub fn ids(pieces: &[PieceId]) -> BTreeSet<PieceId> {
    pieces.iter().copied().collect()
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
