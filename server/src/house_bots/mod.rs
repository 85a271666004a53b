//! The house bots: players the server seats for a player who comes alone
//! (issue 38; docs/bots.md). Each is a player in the database, marked with
//! its level, that holds its seats as anyone does; one per level and seat
//! a match may give bots, since one player holds one seat of a match. They
//! think on a pool of threads of their own ([`Thinking`]), apart from the
//! tables; a match's actor asks when one of its bots must decide
//! (`table/bot_seats.rs`).

pub mod army;
mod asking;
mod thinking;

use std::collections::BTreeMap;
use std::sync::Arc;

use fray_protocol::{BotLevel, PlayerId, SystemInfo};
use sqlx::SqlitePool;

use crate::db::{self, DbError};
use crate::metrics::Metrics;

pub use asking::{Asked, Asking};
pub use thinking::{Thinking, Thought};

/// The house bots of this server, and where they think.
#[derive(Debug)]
pub struct HouseBots {
    /// Per level, its bot players, the one named by the level alone first.
    roster: BTreeMap<BotLevel, Vec<PlayerId>>,
    pub thinking: Thinking,
    /// The players waiting for a suggestion.
    pub asking: Asking,
}

impl HouseBots {
    /// The house bots stored in `db`, made now where missing: of each
    /// level, as many as the largest match of `systems` can seat beside
    /// its creator. They think on `threads` threads, each decision scaled
    /// by `budget`.
    pub async fn load(
        db: &SqlitePool,
        systems: &[SystemInfo],
        threads: usize,
        budget: f64,
        metrics: Arc<Metrics>,
    ) -> Result<HouseBots, DbError> {
        let most = systems
            .iter()
            .map(|info| usize::from(info.seats.max))
            .max()
            .unwrap_or(2);
        let mut roster = BTreeMap::new();
        for level in BotLevel::ALL {
            let (players, renamed) = db::players::house_bots(db, level, most - 1).await?;
            for renamed in renamed {
                tracing::warn!(
                    player = %renamed.id,
                    from = %renamed.from.escape_debug(),
                    to = %renamed.to.escape_debug(),
                    "a player held a house bot's name: renamed"
                );
            }
            roster.insert(level, players);
        }
        Ok(HouseBots {
            roster,
            thinking: Thinking::start(threads, budget, metrics),
            asking: Asking::default(),
        })
    }

    /// No house bots: for a table tested without a database of players.
    pub fn none() -> HouseBots {
        HouseBots {
            roster: BTreeMap::new(),
            thinking: Thinking::start(1, 1.0, Arc::default()),
            asking: Asking::default(),
        }
    }

    /// The level of the house bot `player` is, if it is one.
    pub fn level_of(&self, player: PlayerId) -> Option<BotLevel> {
        self.roster
            .iter()
            .find(|(_, players)| players.contains(&player))
            .map(|(level, _)| *level)
    }

    /// A house bot of `level` that is none of `seated`; none when every
    /// one is.
    pub fn free(&self, level: BotLevel, seated: &[PlayerId]) -> Option<PlayerId> {
        self.roster
            .get(&level)?
            .iter()
            .copied()
            .find(|player| !seated.contains(player))
    }
}
