//! Fray's house bots: an opponent for a player who comes alone, in every
//! game system, at levels (`random`, `easy`, `club`, `expert`).
//!
//! A bot is an opponent, not a referee: it lives beside the rules and only
//! asks them what any seat may ask (its options, and how a move it imagines
//! would play out). Above `random` it searches: Monte Carlo tree search over
//! the rules' fast path (`legal_moves`, `play_quiet`), open-loop over the
//! dice (its playouts roll dice of its own, never the match's), with
//! progressive widening where the option lists are long, and a value for
//! positions where a playout stops before the game ends.
//!
//! The same game, seat, level, budget and seed give the same choice, so a
//! test can pin one.

#![forbid(unsafe_code)]

mod chance;
mod level;
mod search;
mod value;

pub use level::{resigns, search_at};
pub use search::Search;

use fray_protocol::{Action, BotLevel, Seat};
use fray_rules::{Game, GameSystem, GameVisitor};

use chance::Chance;

/// `level`'s choice among `seat`'s legal moves in `game`, with its search
/// scaled by `budget` (1 is the level's default), from `seed`. `None` when
/// `seat` has nothing to decide.
///
/// The search never reads what `game` hides from `seat`: each playout
/// starts from a game with all of that drawn anew
/// ([`GameSystem::with_hidden_drawn`]). Where the system cannot yet draw
/// what it hides, the bot does not search: it chooses as `random` does.
pub fn choose<G: GameSystem>(
    game: &G,
    seat: Seat,
    level: BotLevel,
    budget: f64,
    seed: u64,
) -> Option<G::Move> {
    decide_move(game, seat, level, budget, seed).map(|(mv, _)| mv)
}

/// A bot's decision in a match: the action it takes, and what it expects
/// of the game (its mean reward, 0 to 1) where it searched.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    pub action: Action,
    pub value: Option<f64>,
}

impl Decision {
    /// Whether a bot of `level` gives the game up rather than take this
    /// action ([`resigns`]).
    pub fn resigns(&self, level: BotLevel) -> bool {
        self.value.is_some_and(|value| resigns(level, value))
    }
}

/// [`choose`] for a match's game of any system, as the action `seat` would
/// send; `None` when `seat` has nothing to decide.
pub fn decide(
    game: &Game,
    seat: Seat,
    level: BotLevel,
    budget: f64,
    seed: u64,
) -> Option<Decision> {
    struct Decide(Seat, BotLevel, f64, u64);
    impl GameVisitor for Decide {
        type Output = Option<Decision>;
        fn visit<S: GameSystem>(self, game: &S) -> Option<Decision> {
            let Decide(seat, level, budget, seed) = self;
            let (mv, value) = decide_move(game, seat, level, budget, seed)?;
            Some(Decision {
                action: game.option_for(seat, mv).action,
                value,
            })
        }
    }
    game.visit(Decide(seat, level, budget, seed))
}

/// What a bot of `level` expects of `game` for `seat` (its mean reward
/// over playouts, 0 to 1, a draw being half), whether or not `seat` is to
/// move; `None` for `random`, which values nothing, or where the system
/// cannot draw what it hides from `seat`.
pub fn evaluate(game: &Game, seat: Seat, level: BotLevel, budget: f64, seed: u64) -> Option<f64> {
    struct Evaluate(Seat, BotLevel, f64, u64);
    impl GameVisitor for Evaluate {
        type Output = Option<f64>;
        fn visit<S: GameSystem>(self, game: &S) -> Option<f64> {
            let Evaluate(seat, level, budget, seed) = self;
            // A value needs fewer playouts than a choice among many moves.
            let search = search_at(S::ID, level, budget / 4.0)?;
            search.value(game, seat, &mut Chance::from_seed(seed))
        }
    }
    game.visit(Evaluate(seat, level, budget, seed))
}

fn decide_move<G: GameSystem>(
    game: &G,
    seat: Seat,
    level: BotLevel,
    budget: f64,
    seed: u64,
) -> Option<(G::Move, Option<f64>)> {
    let mut moves = Vec::new();
    game.legal_moves(seat, &mut moves);
    let mut chance = Chance::from_seed(seed);
    match moves.len() {
        0 => None,
        1 => Some((moves[0], None)),
        n => search_at(G::ID, level, budget)
            .and_then(|search| search.best_move(game, seat, &mut chance))
            .map(|(mv, value)| (mv, Some(value)))
            .or_else(|| Some((moves[chance.index(n)], None))),
    }
}
