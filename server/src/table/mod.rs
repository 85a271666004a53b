//! The table: every live match's actor, found by id, started when a match
//! fills, rebuilt from its log when asked for after a restart.

mod action_ids;
mod actor;
mod bot_seats;
mod chat_rate;
mod chat_room;
mod clocks;
mod commands;
mod crowd;
mod draw_offer;
mod game;
mod handle;
mod kept_finished;
mod parts;
mod record;
mod reply;
pub mod restart;
mod sequences;
#[cfg(test)]
pub(crate) mod testing;

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use fray_protocol::MatchId;
use sqlx::SqlitePool;
use thiserror::Error;
use tokio::sync::{Mutex, Semaphore, mpsc};

pub use action_ids::ActionIds;
use chat_rate::ChatRates;
pub use chat_room::RECENT_CHAT;
pub use commands::{Command, Position};
pub use game::MatchGame;
pub use handle::MatchHandle;
use kept_finished::KeptFinished;
pub use parts::MatchState;
pub use reply::{Refusal, Reply, tell_refusal};
use restart::rebuild::RebuildError;
pub use restart::recovery::RecoveryProgress;

use crate::db::DbError;
use crate::house_bots::HouseBots;
use crate::metrics::Metrics;
use crate::store::Store;

/// How a table runs its matches.
#[derive(Debug, Clone)]
pub struct TableConfig {
    /// How long a seat may be away while another is present before it loses.
    pub abandon_after: Duration,
    /// The same, for a seat whose player has not yet come to the match: a
    /// grace of its own for a player who has just joined.
    pub join_grace: Duration,
    /// How many recent batches a match keeps for returning clients.
    pub history: usize,
    /// How many finished matches keep their actors once nobody follows
    /// them (see `kept_finished`).
    pub finished_kept: usize,
}

/// Commands a match's actor queues before senders wait.
const COMMAND_QUEUE: usize = 256;

/// As many rebuilds as keep every core busy while one waits on the
/// database: reading one match's log and replaying another's overlap.
fn rebuilds_at_once() -> usize {
    std::thread::available_parallelism().map_or(2, |cores| cores.get() * 2)
}

/// Why a match could not be reached.
#[derive(Debug, Error)]
pub enum TableError {
    #[error("no match {0}")]
    NotFound(MatchId),
    #[error("match {0} has not started: it is waiting for players")]
    NotStarted(MatchId),
    #[error("match {id} cannot be rebuilt from its log: {source}")]
    Rebuild { id: MatchId, source: RebuildError },
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("the server is stopping")]
    Stopping,
}

/// One match's place in the table. Whoever rebuilds the match holds its
/// lock meanwhile, so that two callers never start two actors (two writers)
/// for one match, while callers for other matches go on.
type Slot = Arc<Mutex<Option<MatchHandle>>>;

/// What the table keeps beyond any one match's actor.
#[derive(Debug)]
pub struct TableMemory {
    recovery: restart::recovery::Recovery,
    /// Every seat's chat limit: a finished match's actor stops and is made
    /// again, and a limit kept in it would come back full.
    chat_rates: ChatRates,
    /// The finished matches whose actors stay while nobody follows them.
    finished: KeptFinished,
    /// Who of a match's players are house bots, and where they think.
    bots: Arc<HouseBots>,
}

/// Every live match.
#[derive(Clone)]
pub struct Tables {
    /// Held only to find or place a slot, never across an `await`.
    slots: Arc<std::sync::Mutex<HashMap<MatchId, Slot>>>,
    db: SqlitePool,
    store: Store,
    config: Arc<TableConfig>,
    /// What outlives any one actor. One `Arc` for all of it: every
    /// connection's task holds a copy of the table for its life.
    memory: Arc<TableMemory>,
    /// Rebuilds under way at once. After a restart every player asks for
    /// their match together; unbounded, a thousand replays on as many
    /// blocking threads would take the cores from the matches already back
    /// and hold every log in memory at once (docs/PERFORMANCE.md, "Serving
    /// while recovering").
    rebuilds: Arc<Semaphore>,
    metrics: Arc<Metrics>,
}

impl Tables {
    pub fn new(
        db: SqlitePool,
        store: Store,
        bots: Arc<HouseBots>,
        config: TableConfig,
        metrics: Arc<Metrics>,
    ) -> Tables {
        Tables {
            slots: Arc::default(),
            db,
            store,
            memory: Arc::new(TableMemory {
                recovery: restart::recovery::Recovery::default(),
                chat_rates: ChatRates::default(),
                finished: KeptFinished::new(config.finished_kept),
                bots,
            }),
            config: Arc::new(config),
            rebuilds: Arc::new(Semaphore::new(rebuilds_at_once())),
            metrics,
        }
    }

    /// The house bots, as this table knows them.
    pub fn house_bots(&self) -> &Arc<HouseBots> {
        &self.memory.bots
    }

    /// Starts the actor of a match that has just been set up. Once the set-up
    /// is committed anyone may ask for the match, and a caller who came first
    /// has rebuilt it from the same log: that actor is kept, not a second.
    pub async fn start(&self, state: MatchState) -> MatchHandle {
        let Ok(handle) = self
            .live_or_started(state.id(), async { Ok::<_, Infallible>(state) })
            .await;
        handle
    }

    /// The match's actor, rebuilding the match from its log if it is not live.
    pub async fn get(&self, id: MatchId) -> Result<MatchHandle, TableError> {
        self.live_or_started(id, self.load(id)).await
    }

    /// The match's live actor, or else a new one on the state `made` gives
    /// (awaited only then, with the match's slot held).
    async fn live_or_started<E>(
        &self,
        id: MatchId,
        made: impl Future<Output = Result<MatchState, E>>,
    ) -> Result<MatchHandle, E> {
        let slot = self.slot(id);
        let mut held = slot.lock().await;
        if let Some(handle) = held.as_ref().filter(|handle| handle.is_alive()) {
            return Ok(handle.clone());
        }
        match made.await {
            Ok(state) => {
                let handle = self.spawn(state);
                *held = Some(handle.clone());
                Ok(handle)
            }
            Err(error) => {
                drop(held);
                self.forget_if_unused(id, &slot);
                Err(error)
            }
        }
    }

    /// Match `id`'s slot, made empty if it has none.
    fn slot(&self, id: MatchId) -> Slot {
        self.slots().entry(id).or_default().clone()
    }

    /// Drops the empty slot a failed rebuild made (a wrong id must not leave
    /// anything behind), unless another caller holds it and may yet fill it.
    fn forget_if_unused(&self, id: MatchId, slot: &Slot) {
        let mut slots = self.slots();
        // Clones are made only under this lock: two (the map's and ours)
        // means no one else has it, nor can get it.
        let unused = slots
            .get(&id)
            .is_some_and(|placed| Arc::ptr_eq(placed, slot) && Arc::strong_count(slot) == 2);
        if unused {
            slots.remove(&id);
        }
    }

    /// Stops taking commands: each actor ends once its queue is drained, and
    /// with the last of them the store's handles go. A rebuild still waiting
    /// for its turn is answered "stopping" rather than started.
    pub async fn close(&self) {
        self.rebuilds.close();
        self.slots().clear();
    }

    fn slots(&self) -> std::sync::MutexGuard<'_, HashMap<MatchId, Slot>> {
        // A panic while the map was held cannot leave it half-changed: each
        // use is one insert, lookup or removal.
        self.slots
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn spawn(&self, state: MatchState) -> MatchHandle {
        let (commands, queue) = mpsc::channel(COMMAND_QUEUE);
        let handle = MatchHandle::new(commands, state.players(), self.metrics.clone());
        tokio::spawn(actor::run(
            state,
            self.store.clone(),
            self.config.clone(),
            self.memory.clone(),
            self.metrics.clone(),
            queue,
        ));
        handle
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::testing::{stored_match, tables};
    use super::*;

    #[tokio::test]
    async fn callers_who_ask_for_a_match_at_once_share_one_actor() {
        let (_dir, tables) = tables().await;
        let id = stored_match(&tables, "p").await;

        let handles = futures_util::future::join_all((0..8).map(|_| tables.get(id))).await;

        let first = handles[0].as_ref().unwrap();
        for handle in &handles[1..] {
            let handle = handle.as_ref().unwrap();
            assert!(
                handle.commands.same_channel(&first.commands),
                "a second actor was started for match {id}"
            );
        }
    }

    /// Between the set-up's commit and `start`, a subscriber may already
    /// have asked for the match and rebuilt it.
    #[tokio::test]
    async fn a_match_asked_for_before_it_is_started_keeps_one_actor() {
        let (_dir, tables) = tables().await;
        let id = stored_match(&tables, "early").await;
        let asked_first = tables.get(id).await.unwrap();

        let state = tables.load(id).await.unwrap();
        let started = tables.start(state).await;

        assert!(started.commands.same_channel(&asked_first.commands));
        let again = tables.get(id).await.unwrap();
        assert!(again.commands.same_channel(&asked_first.commands));
    }

    #[tokio::test]
    async fn a_match_being_rebuilt_keeps_callers_for_other_matches_going() {
        let (_dir, tables) = tables().await;
        let slow = stored_match(&tables, "slow").await;
        let other = stored_match(&tables, "other").await;
        // As a rebuild holds it: the slot is taken until the guard goes.
        let rebuilding = tables.slot(slow).lock_owned().await;

        let got = tokio::time::timeout(Duration::from_secs(20), tables.get(other)).await;
        assert!(matches!(got, Ok(Ok(_))), "match {other} waited on {slow}");
        let waiting = tokio::time::timeout(Duration::from_millis(50), tables.get(slow)).await;
        assert!(
            waiting.is_err(),
            "match {slow} was reached while it was being rebuilt"
        );

        drop(rebuilding);
        tables.get(slow).await.unwrap();
    }

    #[tokio::test]
    async fn asking_for_a_match_that_is_not_there_leaves_nothing_behind() {
        let (_dir, tables) = tables().await;

        let missing = tables.get(MatchId(404)).await;

        assert!(matches!(missing, Err(TableError::NotFound(MatchId(404)))));
        assert!(tables.slots().is_empty());
    }

    #[tokio::test]
    async fn every_running_match_is_recovered_at_start_up() {
        let (_dir, tables) = tables().await;
        let mut stored = Vec::new();
        for name in ["a", "b", "c", "d", "e", "f", "g"] {
            stored.push(stored_match(&tables, name).await);
        }

        let unfinished = tables.unfinished().await.unwrap();
        assert_eq!(unfinished, stored);
        assert_eq!(tables.recover(unfinished).await, stored.len());

        assert_eq!(
            tables.recovery(),
            RecoveryProgress {
                matches: stored.len(),
                recovered: stored.len(),
                failed: 0,
                done: true
            }
        );
        let live = tables.slots();
        for id in &stored {
            let slot = live[id].try_lock().unwrap();
            assert!(
                slot.as_ref().is_some_and(MatchHandle::is_alive),
                "match {id} has no actor"
            );
        }
    }

    /// The server serves while it recovers: a match asked for is rebuilt at
    /// once, whatever the recovery is doing, and the progress says so.
    #[tokio::test]
    async fn a_match_is_served_while_the_recovery_is_held_up_on_another() {
        let (_dir, tables) = tables().await;
        let slow = stored_match(&tables, "slow").await;
        let asked_for = stored_match(&tables, "asked").await;
        // As a rebuild holds it: the recovery cannot finish `slow` meanwhile.
        let rebuilding = tables.slot(slow).lock_owned().await;

        let unfinished = tables.unfinished().await.unwrap();
        let recovering = tokio::spawn({
            let tables = tables.clone();
            async move { tables.recover(unfinished).await }
        });
        let got = tokio::time::timeout(Duration::from_secs(20), tables.get(asked_for)).await;
        assert!(
            matches!(got, Ok(Ok(_))),
            "match {asked_for} waited on the recovery"
        );
        let progress = tables.recovery();
        assert!(!progress.done, "the recovery finished with {slow} held");
        assert_eq!((progress.matches, progress.failed), (2, 0));

        drop(rebuilding);
        let recovered = tokio::time::timeout(Duration::from_secs(20), recovering)
            .await
            .expect("the recovery finishes once the match is free")
            .unwrap();
        assert_eq!(recovered, 2);
        assert_eq!(
            tables.recovery(),
            RecoveryProgress {
                matches: 2,
                recovered: 2,
                failed: 0,
                done: true
            }
        );
    }

    #[tokio::test]
    async fn a_match_that_cannot_be_rebuilt_is_counted_and_the_rest_recover() {
        let (_dir, tables) = tables().await;
        let broken = stored_match(&tables, "broken").await;
        let sound = stored_match(&tables, "sound").await;
        sqlx::query("UPDATE events SET effects = '[]' WHERE match_id = ?")
            .bind(broken.0)
            .execute(&tables.db)
            .await
            .unwrap();

        let unfinished = tables.unfinished().await.unwrap();
        assert_eq!(tables.recover(unfinished).await, 1);

        assert_eq!(
            tables.recovery(),
            RecoveryProgress {
                matches: 2,
                recovered: 1,
                failed: 1,
                done: true
            }
        );
        assert!(tables.get(sound).await.is_ok());
        assert!(matches!(
            tables.get(broken).await,
            Err(TableError::Rebuild { .. })
        ));
    }

    #[tokio::test]
    async fn a_server_with_nothing_to_recover_is_not_recovering() {
        let (_dir, tables) = tables().await;
        assert!(tables.recovery().done, "a new table waits on no recovery");

        assert!(tables.unfinished().await.unwrap().is_empty());

        assert!(tables.recovery().done);
    }

    /// Takes every rebuild turn, as that many rebuilds under way would.
    async fn every_rebuild_turn(tables: &Tables) -> tokio::sync::OwnedSemaphorePermit {
        let all = rebuilds_at_once() as u32;
        tables
            .rebuilds
            .clone()
            .acquire_many_owned(all)
            .await
            .unwrap()
    }

    /// After a restart every player asks at once; the rebuilds take turns.
    #[tokio::test]
    async fn a_rebuild_waits_while_as_many_as_allowed_are_under_way() {
        let (_dir, tables) = tables().await;
        let id = stored_match(&tables, "queued").await;
        let busy = every_rebuild_turn(&tables).await;

        let waiting = tokio::time::timeout(Duration::from_millis(100), tables.get(id)).await;
        assert!(waiting.is_err(), "match {id} was rebuilt past the limit");

        drop(busy);
        let got = tokio::time::timeout(Duration::from_secs(20), tables.get(id)).await;
        assert!(
            matches!(got, Ok(Ok(_))),
            "match {id} was not rebuilt in its turn"
        );
    }

    #[tokio::test]
    async fn a_rebuild_still_waiting_when_the_table_closes_is_told_it_is_stopping() {
        let (_dir, tables) = tables().await;
        let id = stored_match(&tables, "too late").await;
        let _busy = every_rebuild_turn(&tables).await;
        let waiting = {
            let tables = tables.clone();
            tokio::spawn(async move { tables.get(id).await.map(|_| ()) })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;

        tables.close().await;

        let answer = tokio::time::timeout(Duration::from_secs(20), waiting)
            .await
            .expect("the waiting rebuild was answered")
            .unwrap();
        assert!(
            matches!(answer, Err(TableError::Stopping)),
            "got {answer:?}"
        );
    }
}
