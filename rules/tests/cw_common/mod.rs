//! The ChessWar! tests' own helpers, besides the shared kit (`tests/kit/`,
//! re-exported here): its actions by piece and square, acting with exactly
//! the scripted dice while checking that every viewer's effects give its new
//! view (its armies are secret), its phases and reaction windows, and the
//! rolls told with their purposes.
// Every test file is its own binary and uses only some of these.
#![allow(dead_code, unused_imports)]

pub use crate::kit::*;
pub use fray_protocol::{ActionOption, Outcome, apply_all};
pub use fray_rules::chess_war::{
    ChessWar, LENGTHENED, MAX_ROUNDS, Marks, MatchOptions, POINTS, Position, RULINGS, Race,
    Rulings, Step, example,
};

/// A small deterministic stream for picking options, apart from the dice:
/// the one stored matches were played with, so it must not change.
pub struct Picks(pub u64);

impl Picks {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

pub const VIEWERS: [Viewer; 4] = [
    Viewer::Referee,
    Viewer::Seat(Seat(0)),
    Viewer::Seat(Seat(1)),
    Viewer::Spectator,
];

pub fn config() -> MatchConfig {
    MatchConfig::new(SystemId::ChessWar)
}

pub fn place(unit: &str, to: &str) -> Action {
    Action::new("place").choice(unit).to(sq(to))
}

pub fn charge(piece: PieceId, to: &str) -> Action {
    Action::new("charge").piece(piece).to(sq(to))
}

pub fn attack(piece: PieceId) -> Action {
    Action::new("attack").piece(piece)
}

pub fn choose(target: PieceId) -> Action {
    Action::new("choose").target(target)
}

pub fn advance(piece: PieceId, to: &str) -> Action {
    Action::new("advance").piece(piece).to(sq(to))
}

pub fn end_phase() -> Action {
    Action::new("end-phase")
}

/// Plays an action that must be accepted with exactly `faces`, checking
/// that each viewer's effects turn its old view into its new one.
pub fn act(game: &mut ChessWar, seat: u8, action: &Action, faces: &[u8]) -> Vec<ScopedEffect> {
    let before: Vec<View> = VIEWERS.iter().map(|&v| game.view(v)).collect();
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let effects = game
        .act(Seat(seat), action, &mut dice)
        .unwrap_or_else(|r| panic!("{action:?} by seat {seat} was refused: {r}"));
    assert_eq!(dice.remaining(), 0, "rolls left over");
    for (&viewer, before) in VIEWERS.iter().zip(before) {
        let mut seen = before;
        apply_all(&mut seen, &ScopedEffect::for_viewer(&effects, viewer));
        assert_eq!(
            seen,
            game.view(viewer),
            "{viewer:?}: the effects give the view"
        );
    }
    effects
}

/// An action that must be refused, leaving the game as it was.
pub fn refused(game: &mut ChessWar, seat: u8, action: &Action) -> Rejection {
    let before = game.view(Viewer::Referee);
    let rejection = game
        .act(Seat(seat), action, &mut ScriptedDice::new([]))
        .expect_err("the action must be refused");
    assert_eq!(
        before,
        game.view(Viewer::Referee),
        "a refusal changed the game"
    );
    rejection
}

/// Ends phases, whoever's they are, until it is `seat`'s `wanted` step.
/// Reaction windows that open on the way are passed.
pub fn end_until(game: &mut ChessWar, seat: u8, wanted: Step) {
    loop {
        settle(game);
        if (game.mover(), game.step()) == (Some(seat), Some(wanted)) {
            return;
        }
        let mover = game.mover().expect("a turn is on");
        act(game, mover, &end_phase(), &[]);
    }
}

/// Whether a reaction window is open.
pub fn in_window(game: &ChessWar) -> bool {
    game.view(Viewer::Referee).turn.phase == "reaction"
}

/// Passes every reaction window open now.
pub fn settle(game: &mut ChessWar) {
    while in_window(game) {
        let seat = game.to_act()[0].0;
        act(game, seat, &pass(), &[]);
    }
}

/// A spell at a unit: Zap!, Protection, Strike.
pub fn cast_at(caster: PieceId, spell: &str, target: PieceId) -> Action {
    Action::new("cast")
        .piece(caster)
        .choice(spell)
        .target(target)
}

/// A spell on the area around a square: Storm, Fear, Plague.
pub fn cast_on(caster: PieceId, spell: &str, centre: &str) -> Action {
    Action::new("cast")
        .piece(caster)
        .choice(spell)
        .to(sq(centre))
}

/// A spell answering the open window: Dispel, Healing, Raise Dead.
pub fn cast_answer(caster: PieceId, spell: &str) -> Action {
    Action::new("cast").piece(caster).choice(spell)
}

/// Flight: `target` flies to `to`.
pub fn fly(caster: PieceId, target: PieceId, to: &str) -> Action {
    Action::new("cast")
        .piece(caster)
        .choice("flight")
        .target(target)
        .to(sq(to))
}

/// A stat of a piece in the referee's view.
pub fn stat(game: &ChessWar, piece: PieceId, key: &str) -> Option<String> {
    game.view(Viewer::Referee).pieces[&piece]
        .stats
        .iter()
        .find(|s| s.key == key)
        .map(|s| s.value.clone())
}

/// The modifiers of the rolls told, in order.
pub fn modifiers(effects: &[ScopedEffect]) -> Vec<i32> {
    effects
        .iter()
        .filter_map(|e| match &e.effect {
            Effect::DiceRolled { roll } => Some(roll.modifier),
            _ => None,
        })
        .collect()
}

pub fn markers(game: &ChessWar, piece: PieceId) -> Vec<String> {
    game.view(Viewer::Referee).pieces[&piece]
        .markers
        .iter()
        .map(|m| m.key.clone())
        .collect()
}

/// The notations of a seat's options.
pub fn notations(game: &ChessWar, seat: u8) -> Vec<String> {
    game.options(Seat(seat))
        .into_iter()
        .map(|o| o.notation)
        .collect()
}

/// The destination squares of a piece's options with verb `verb`.
pub fn destinations(game: &ChessWar, seat: u8, verb: &str, piece: PieceId) -> Vec<String> {
    let mut out: Vec<String> = game
        .options(Seat(seat))
        .into_iter()
        .filter(|o| o.action.verb == verb && o.action.piece == Some(piece))
        .map(|o| o.action.to.expect("a square").to_string())
        .collect();
    out.sort();
    out
}

/// The rolls told, as (purpose, faces, result).
pub fn rolls_told(effects: &[ScopedEffect]) -> Vec<(String, Vec<u8>, String)> {
    effects
        .iter()
        .filter_map(|s| match &s.effect {
            Effect::DiceRolled { roll } => Some((
                roll.purpose.render(|seat| format!("seat {}", seat.0)),
                roll.dice.iter().map(|d| d.face).collect(),
                roll.result.render(|seat| format!("seat {}", seat.0)),
            )),
            _ => None,
        })
        .collect()
}

pub fn options(lengthened: bool, max_rounds: u32) -> MatchOptions {
    MatchOptions {
        lengthened,
        max_rounds,
        ..MatchOptions::default()
    }
}

/// A shot at a unit.
pub fn shoot(piece: PieceId, target: PieceId) -> Action {
    Action::new("fire").piece(piece).target(target)
}

/// A shot at a square.
pub fn shoot_at(piece: PieceId, to: &str) -> Action {
    Action::new("fire").piece(piece).to(sq(to))
}

/// The options of a seat whose verb is `verb`, by notation, sorted.
pub fn notations_of(game: &ChessWar, seat: u8, verb: &str) -> Vec<String> {
    let mut out: Vec<String> = game
        .options(Seat(seat))
        .into_iter()
        .filter(|o| o.action.verb == verb)
        .map(|o| o.notation)
        .collect();
    out.sort();
    out
}

/// The results of the rolls told.
pub fn results(effects: &[ScopedEffect]) -> Vec<String> {
    rolls_told(effects).into_iter().map(|(_, _, r)| r).collect()
}
