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

pub use level::{Level, UnknownLevel};
pub use search::Search;

use fray_protocol::Seat;
use fray_rules::GameSystem;

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
    level: Level,
    budget: f64,
    seed: u64,
) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(seat, &mut moves);
    let mut chance = Chance::from_seed(seed);
    match moves.len() {
        0 => None,
        1 => Some(moves[0]),
        n => level
            .search(budget)
            .and_then(|search| search.best_move(game, seat, &mut chance))
            .or_else(|| Some(moves[chance.index(n)])),
    }
}
