//! The store: the one writer of the event log. Match actors hand it their
//! accepted actions and wait; it commits whatever has queued up, from every
//! match, in one transaction (group commit), so durability costs one fsync per
//! batch rather than one per action.
//!
//! The store runs on a thread of its own, with its own small runtime: as one
//! task among thousands of match and connection tasks it would wait behind
//! them for a core at every statement, while the actions wait on the commit
//! (docs/PERFORMANCE.md, "Second round").
//!
//! The store writes through a connection of its own, held for its whole life.
//! SQLite drops a connection's page cache whenever another connection has
//! written since it last looked, so a writer on whichever pooled connection
//! is free would re-read the log's index pages on almost every commit. It
//! runs its statements itself, on SQLite's C interface ([`log_writer`]),
//! instead of sending each to sqlx's worker thread for the connection.
//!
//! Every write of the event log is made here: the group commit through
//! [`log_writer`], and a match's set-up, which the lobby stores with the
//! match's start in one transaction, through [`events::insert_all`].
//!
//! Checkpoints copy the write-ahead log back into the database in two steps.
//! A task on a pooled connection copies the bulk once a second, beside the
//! commits. SQLite starts the log over only when a write begins with the
//! whole log copied, and under steady load a commit always lands while that
//! copy runs, so the log would grow without end (docs/PERFORMANCE.md,
//! "Fourth round"). So after each pass the store itself copies the few frames
//! committed meanwhile, between two of its commits, and its next commit
//! starts the log from the beginning.
//!
//! Every commit and checkpoint reports its outcome to the storage's health
//! ([`crate::db::health`]). While storage is failing the store also probes
//! it every few seconds ([`crate::db::probe`]), so that the health clears
//! once the disk works again even if nothing else writes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fray_protocol::{MatchId, Outcome, PlayerId, Seat};
use sqlx::{Connection, SqlitePool};
use tokio::sync::{mpsc, oneshot};

use crate::db::health::{StorageHealth, Work};
use crate::db::probe::probe_while_failing;
use crate::db::{DbError, WriteTurn, WriteTx};
use crate::metrics::Metrics;
use log_writer::LogWriter;

// The only unsafe code in the server: SQLite's C interface, behind the safe
// `LogWriter` (each block says why it is sound).
#[allow(unsafe_code)]
mod log_writer;

pub mod events;

pub use events::NewEvent;

/// The most events one transaction takes; more wait for the next.
const MAX_BATCH: usize = 4096;

/// How often the write-ahead log is copied back into the database file.
/// The bulk pass never waits for the writer, nor makes it wait; the store's
/// catch-up after it holds the commits for a few milliseconds.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// A log row to commit, and the outcome it ends the match with, if it does.
#[derive(Debug)]
pub struct Commit {
    pub event: NewEvent,
    pub finishes: Option<Outcome>,
}

struct Job {
    commit: Commit,
    done: oneshot::Sender<Result<Commit, Arc<DbError>>>,
}

/// A handle to the store. Cheap to clone; the store stops, after writing
/// what it has, once every handle is dropped.
#[derive(Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    /// Chat is written apart from the log, in its turn like a lobby write:
    /// a line is rare beside actions and changes no game. Behind one
    /// pointer, as every connection's task holds a handle.
    chat: Arc<(SqlitePool, WriteTurn)>,
}

/// Why a commit did not happen.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the store is stopping")]
    Stopped,
    #[error(transparent)]
    Db(Arc<DbError>),
}

/// The store's thread; [`StoreThread::finished`] waits for it to have
/// written everything and stopped.
pub struct StoreThread {
    stopped: oneshot::Receiver<()>,
}

impl StoreThread {
    /// Completes once the store has stopped, after every handle was dropped
    /// and what was queued is written (or the thread died).
    pub async fn finished(self) {
        let _ = self.stopped.await;
    }
}

impl Store {
    /// Starts the store on `db`, on a thread of its own. Each group commit
    /// waits for its `turn` among the database's writers.
    pub fn start(
        db: SqlitePool,
        turn: WriteTurn,
        metrics: Arc<Metrics>,
    ) -> std::io::Result<(Store, StoreThread)> {
        let (jobs, queue) = mpsc::channel(MAX_BATCH * 2);
        let store = Store {
            jobs,
            chat: Arc::new((db.clone(), turn.clone())),
        };
        let (stopped_tx, stopped) = oneshot::channel();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        std::thread::Builder::new()
            .name("fray-store".into())
            .spawn(move || {
                runtime.block_on(run(db, turn, metrics, queue));
                let _ = stopped_tx.send(());
            })?;
        Ok((store, StoreThread { stopped }))
    }

    /// Commits `commit`; returns it once it is durable.
    pub async fn commit(&self, commit: Commit) -> Result<Commit, StoreError> {
        let (done, committed) = oneshot::channel();
        self.jobs
            .send(Job { commit, done })
            .await
            .map_err(|_| StoreError::Stopped)?;
        match committed.await {
            Ok(Ok(commit)) => Ok(commit),
            Ok(Err(error)) => Err(StoreError::Db(error)),
            Err(_) => Err(StoreError::Stopped),
        }
    }
}

impl Store {
    /// Stores a line of chat; its id once it is durable.
    pub async fn say(
        &self,
        match_id: MatchId,
        seq: u64,
        seat: Seat,
        player: PlayerId,
        text: &str,
    ) -> Result<u64, DbError> {
        let (db, turn) = &*self.chat;
        let mut tx = WriteTx::begin(db, turn).await?;
        let id = crate::db::chat::insert(&mut tx, match_id, seq, seat, player, text).await?;
        tx.commit().await?;
        Ok(id)
    }
}

async fn run(db: SqlitePool, turn: WriteTurn, metrics: Arc<Metrics>, queue: mpsc::Receiver<Job>) {
    let mut connection = match db.acquire().await {
        Ok(connection) => connection.detach(),
        Err(error) => {
            tracing::error!(%error, "the store cannot open its database connection");
            fail_everything(queue, DbError::from(error)).await;
            return;
        }
    };
    match LogWriter::lock(&mut connection).await {
        Ok(log) => commit_until_stopped(db, turn, &metrics, log, queue).await,
        Err(error) => {
            tracing::error!(%error, "the store cannot prepare its statements");
            fail_everything(queue, error).await;
        }
    }
    // The log is whole without it; this only leaves a short WAL behind.
    if let Err(error) = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&mut connection)
        .await
    {
        tracing::warn!(%error, "cannot checkpoint the write-ahead log at stop");
    }
    if let Err(error) = connection.close().await {
        tracing::warn!(%error, "cannot close the store's database connection");
    }
    tracing::debug!("store stopped");
}

/// Commits what has queued, batch after batch, until every handle is
/// dropped and the queue is empty.
async fn commit_until_stopped(
    db: SqlitePool,
    turn: WriteTurn,
    metrics: &Metrics,
    mut log: LogWriter<'_>,
    mut queue: mpsc::Receiver<Job>,
) {
    let health = turn.health().clone();
    let bulk_copied = Arc::new(AtomicBool::new(false));
    let checkpoints = tokio::spawn(checkpoint_forever(
        db.clone(),
        health.clone(),
        bulk_copied.clone(),
    ));
    let probe = tokio::spawn(probe_while_failing(db, turn.clone()));
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let our_turn = turn.take().await;
        let started = Instant::now();
        let result = write(&mut log, &batch);
        drop(our_turn);
        metrics.commit_took(started.elapsed());
        health.report(Work::Writes, &result);
        let result = result.map_err(Arc::new);
        tracing::debug!(
            events = batch.len(),
            micros = started.elapsed().as_micros() as u64,
            "group commit"
        );
        if let Err(error) = &result {
            tracing::error!(%error, events = batch.len(), "cannot commit the event log");
        }
        for job in batch.drain(..) {
            let _ = job.done.send(result.clone().map(|()| job.commit));
        }
        if bulk_copied.swap(false, Ordering::AcqRel) {
            catch_up(&mut log, &health);
        }
    }
    checkpoints.abort();
    probe.abort();
}

/// Without a connection nothing can be made durable: every commit asked for
/// is refused, until the last handle is dropped.
async fn fail_everything(mut queue: mpsc::Receiver<Job>, error: DbError) {
    let error = Arc::new(error);
    while let Some(job) = queue.recv().await {
        let _ = job.done.send(Err(error.clone()));
    }
}

/// Copies the bulk of the write-ahead log into the database once every
/// [`CHECKPOINT_EVERY`], beside the commits, and tells the store each time.
async fn checkpoint_forever(db: SqlitePool, health: StorageHealth, bulk_copied: Arc<AtomicBool>) {
    let mut every = tokio::time::interval(CHECKPOINT_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        // After a failed pass the store is not asked to catch up: it would
        // copy the bulk itself while every commit waited.
        if passive_checkpoint(&db, &health, "bulk").await {
            bulk_copied.store(true, Ordering::Release);
        }
    }
}

/// Copies what the last bulk pass left (what was committed while it ran),
/// from the store's own connection between two commits, so that nothing is
/// committed meanwhile and its next commit starts the log over.
fn catch_up(log: &mut LogWriter<'_>, health: &StorageHealth) {
    let started = Instant::now();
    log_checkpoint(health, "catch-up", started, log.passive_checkpoint());
}

/// Copies into the database every frame of the log no reader still needs,
/// without waiting for anyone, on a pooled connection; false if it failed.
async fn passive_checkpoint(db: &SqlitePool, health: &StorageHealth, pass: &'static str) -> bool {
    let started = Instant::now();
    let checkpoint = sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(db)
        .await
        .map(|(_busy, frames, _copied)| frames)
        .map_err(DbError::from);
    log_checkpoint(health, pass, started, checkpoint)
}

/// Logs a checkpoint `pass` with the frames in the log and its time, and
/// tells the health; false if it failed.
fn log_checkpoint(
    health: &StorageHealth,
    pass: &'static str,
    started: Instant,
    frames: Result<i64, DbError>,
) -> bool {
    match frames {
        Ok(frames) => {
            health.worked(Work::Checkpoints);
            tracing::debug!(
                pass,
                frames,
                micros = started.elapsed().as_micros() as u64,
                "checkpoint"
            );
            true
        }
        Err(error) => {
            // A failing disk is logged by the health when checkpoints begin
            // to fail and when they work again, not at every pass.
            if health.failed(Work::Checkpoints, &error) {
                tracing::debug!(pass, %error, "cannot checkpoint the write-ahead log");
            } else {
                tracing::warn!(pass, %error, "cannot checkpoint the write-ahead log");
            }
            false
        }
    }
}

/// Stores the batch's events, and marks the matches they finish finished,
/// all or nothing.
fn write(log: &mut LogWriter<'_>, batch: &[Job]) -> Result<(), DbError> {
    log.transaction(|log| {
        for Job { commit, .. } in batch {
            log.insert(&commit.event)?;
            if let Some(outcome) = &commit.finishes {
                log.finish(commit.event.match_id, outcome)?;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use fray_protocol::{
        Action, Effect, EventKind, MatchConfig, MatchId, MatchStatus, Phrase, ReplayEvent,
        ScopedEffect, Seat, SystemId,
    };
    use sqlx::SqliteConnection;

    use super::*;
    use crate::db::{events, matches};

    fn event(match_id: MatchId, seq: u64) -> NewEvent {
        NewEvent {
            match_id,
            seq,
            kind: EventKind::Action,
            seat: Some(Seat(0)),
            action: None,
            action_id: None,
            effects: vec![ScopedEffect::public(Effect::Narration {
                text: format!("event {seq}").into(),
            })],
        }
    }

    fn job(event: NewEvent, finishes: Option<Outcome>) -> Job {
        let (done, _) = oneshot::channel();
        Job {
            commit: Commit { event, finishes },
            done,
        }
    }

    /// A database with one running match, and the store's own connection.
    async fn running_match() -> (tempfile::TempDir, SqlitePool, SqliteConnection, MatchId) {
        let (dir, db) = crate::db::scratch().await;
        let mut tx = db.begin().await.unwrap();
        let config = MatchConfig::new(SystemId::FantasyArmies);
        let id = matches::create(&mut tx, &config, 2, "test").await.unwrap();
        matches::start(&mut tx, id, &[0; 32], "commitment")
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let connection = db.acquire().await.unwrap().detach();
        (dir, db, connection, id)
    }

    async fn stored_seqs(db: &SqlitePool, id: MatchId) -> Vec<u64> {
        events::all(db, id)
            .await
            .unwrap()
            .iter()
            .map(|event| event.seq)
            .collect()
    }

    #[tokio::test]
    async fn a_batch_with_one_bad_event_stores_none_of_it_and_the_next_batch_commits() {
        let (_dir, db, mut connection, id) = running_match().await;
        let mut log = LogWriter::lock(&mut connection).await.unwrap();
        write(&mut log, &[job(event(id, 1), None)]).unwrap();

        // seq 1 again breaks UNIQUE (match_id, seq): the whole batch goes,
        // the good rows before and after the bad one too.
        let bad = [
            job(event(id, 2), None),
            job(event(id, 1), None),
            job(event(id, 3), None),
        ];
        let error = write(&mut log, &bad).unwrap_err();
        assert!(
            error.to_string().contains("UNIQUE constraint failed"),
            "{error}"
        );
        assert_eq!(stored_seqs(&db, id).await, vec![1]);

        // The failed batch left no transaction open on the connection.
        let next = [job(event(id, 2), None), job(event(id, 3), None)];
        write(&mut log, &next).unwrap();
        assert_eq!(stored_seqs(&db, id).await, vec![1, 2, 3]);
    }

    /// A lobby request writing in its turn holds the group commits back
    /// until it is done, rather than making them poll SQLite's lock.
    #[tokio::test]
    async fn a_group_commit_waits_for_the_writer_whose_turn_it_is() {
        let (_dir, db, connection, id) = running_match().await;
        drop(connection);
        let turn = WriteTurn::default();
        let (store, _thread) = Store::start(db.clone(), turn.clone(), Default::default()).unwrap();

        let lobby_write = turn.take().await;
        let mut commit = tokio::spawn(async move {
            store
                .commit(Commit {
                    event: event(id, 1),
                    finishes: None,
                })
                .await
        });
        let early = tokio::time::timeout(Duration::from_millis(50), &mut commit).await;
        assert!(
            early.is_err(),
            "the store committed in another writer's turn"
        );
        assert_eq!(stored_seqs(&db, id).await, Vec::<u64>::new());

        drop(lobby_write);
        commit.await.unwrap().unwrap();
        assert_eq!(stored_seqs(&db, id).await, vec![1]);
    }

    /// Each column goes through its own bind call: a value in the wrong
    /// place, or a NULL where there is none, would show here.
    #[tokio::test]
    async fn every_column_of_an_event_is_stored_as_written() {
        let (_dir, db, mut connection, id) = running_match().await;
        let mut log = LogWriter::lock(&mut connection).await.unwrap();
        let resign = NewEvent {
            kind: EventKind::Resign,
            seat: Some(Seat(1)),
            action: Some(Action::new("pass").choice("it's \"quoted\"")),
            // The largest id a client may give, past i64's range.
            action_id: Some(u64::MAX),
            ..event(id, 7)
        };
        let setup = NewEvent {
            kind: EventKind::Setup,
            seat: None,
            ..event(id, 8)
        };
        write(
            &mut log,
            &[job(resign.clone(), None), job(setup.clone(), None)],
        )
        .unwrap();

        let expected = |event: NewEvent| ReplayEvent {
            seq: event.seq,
            seat: event.seat,
            kind: event.kind,
            action: event.action,
            effects: event.effects,
        };
        assert_eq!(
            events::all(&db, id).await.unwrap(),
            vec![expected(resign.clone()), expected(setup)]
        );
        assert_eq!(
            events::recent_action_ids(&db, id, 8).await.unwrap(),
            vec![events::IdentifiedEvent {
                seat: Seat(1),
                action_id: u64::MAX,
                seq: 7,
                action: resign.action,
            }]
        );
    }

    /// Under steady load the bulk pass never finds the log whole (a commit
    /// lands while it copies), and the log grew without end; the store's
    /// catch-up between two commits is what lets it start over.
    #[tokio::test]
    async fn once_the_store_has_caught_up_its_next_commit_starts_the_log_over() {
        let (dir, db, mut connection, id) = running_match().await;
        let mut log = LogWriter::lock(&mut connection).await.unwrap();
        let log_size = || {
            std::fs::metadata(dir.path().join("fray.db-wal"))
                .unwrap()
                .len()
        };
        let first: Vec<Job> = (1..=50).map(|seq| job(event(id, seq), None)).collect();
        write(&mut log, &first).unwrap();
        let grown = log_size();

        catch_up(&mut log, &StorageHealth::default());
        write(&mut log, &[job(event(id, 51), None)]).unwrap();

        // Written over the start of the log, not after its end.
        assert_eq!(log_size(), grown);
        assert_eq!(stored_seqs(&db, id).await, (1..=51).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn a_finishing_event_marks_its_match_finished_in_the_same_commit() {
        let (_dir, db, mut connection, id) = running_match().await;
        let mut log = LogWriter::lock(&mut connection).await.unwrap();
        let outcome = Outcome {
            winners: vec![Seat(1)],
            reason: Phrase::from(Seat(0)).text(" resigned"),
        };
        write(&mut log, &[job(event(id, 1), Some(outcome.clone()))]).unwrap();
        let summary = matches::summary(&db, id).await.unwrap().unwrap();
        assert_eq!(summary.status, MatchStatus::Finished);
        assert_eq!(summary.outcome, Some(outcome));
        assert_eq!(stored_seqs(&db, id).await, vec![1]);
    }

    /// The store stops with a checkpoint through sqlx on the same
    /// connection, once its writer has let go of it.
    #[tokio::test]
    async fn once_the_writer_lets_go_sqlx_uses_the_connection_again() {
        let (_dir, _db, mut connection, id) = running_match().await;
        let mut log = LogWriter::lock(&mut connection).await.unwrap();
        write(&mut log, &[job(event(id, 1), None)]).unwrap();
        drop(log);

        let (stored,): (i64,) = sqlx::query_as("SELECT count(*) FROM events")
            .fetch_one(&mut connection)
            .await
            .unwrap();
        assert_eq!(stored, 1);
    }
}
