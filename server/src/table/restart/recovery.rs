//! Bringing unfinished matches back after a restart, while the server already
//! serves. A match someone asks for is rebuilt then and there
//! ([`Tables::get`]); the rest are rebuilt behind, a few at a time, so that
//! each match's clocks run again even if no one comes back to it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use fray_protocol::MatchId;
use futures_util::StreamExt;
use serde::Serialize;

use crate::db::{self, DbError};
use crate::table::Tables;

/// How often a long recovery says how far it has come.
const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// Shared between the recovery and whoever reports on it (`/healthz`).
#[derive(Debug)]
pub(in crate::table) struct Recovery {
    matches: AtomicUsize,
    recovered: AtomicUsize,
    failed: AtomicUsize,
    done: AtomicBool,
}

impl Default for Recovery {
    /// Nothing to recover: a server that has not looked is not held up.
    fn default() -> Self {
        Recovery {
            matches: AtomicUsize::new(0),
            recovered: AtomicUsize::new(0),
            failed: AtomicUsize::new(0),
            done: AtomicBool::new(true),
        }
    }
}

/// How far the recovery has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RecoveryProgress {
    /// Unfinished matches found at start-up.
    pub matches: usize,
    /// Of those, rebuilt and running again. Named `resumed` in `/healthz`,
    /// whose words operators' checks already read.
    #[serde(rename = "resumed")]
    pub recovered: usize,
    /// Of those, not rebuilt (each reported in the log, left as stored).
    pub failed: usize,
    /// Every match has been tried.
    #[serde(skip)]
    pub done: bool,
}

impl Tables {
    /// Reads which matches were running when the server last stopped; they are
    /// then [`Tables::recover`]ed.
    pub async fn unfinished(&self) -> Result<Vec<MatchId>, DbError> {
        let running = db::matches::running(&self.db).await?;
        self.memory
            .recovery
            .matches
            .store(running.len(), Ordering::Relaxed);
        self.memory.recovery.recovered.store(0, Ordering::Relaxed);
        self.memory.recovery.failed.store(0, Ordering::Relaxed);
        self.memory
            .recovery
            .done
            .store(running.is_empty(), Ordering::Release);
        Ok(running)
    }

    /// Rebuilds each of `unfinished`, checking each against its stored
    /// effects, as many at a time as the table rebuilds at once (so that a
    /// match asked for waits behind a few at most). Returns how many
    /// were recovered; a match that cannot be rebuilt is reported and left as it is
    /// stored.
    pub async fn recover(&self, unfinished: Vec<MatchId>) -> usize {
        let at_once = crate::table::rebuilds_at_once();
        let started = Instant::now();
        let mut said = started;
        futures_util::stream::iter(unfinished)
            .map(|id| async move {
                let rebuilt = self.get(id).await;
                if let Err(error) = &rebuilt {
                    tracing::error!(match_id = %id, %error, "cannot recover match");
                }
                rebuilt.is_ok()
            })
            .buffer_unordered(at_once)
            .for_each(|recovered| {
                let counter = match recovered {
                    true => &self.memory.recovery.recovered,
                    false => &self.memory.recovery.failed,
                };
                counter.fetch_add(1, Ordering::Relaxed);
                if said.elapsed() >= PROGRESS_EVERY {
                    said = Instant::now();
                    let progress = self.recovery();
                    tracing::info!(
                        recovered = progress.recovered,
                        failed = progress.failed,
                        of = progress.matches,
                        "recovering unfinished matches"
                    );
                }
                std::future::ready(())
            })
            .await;
        self.memory.recovery.done.store(true, Ordering::Release);
        let progress = self.recovery();
        tracing::info!(
            recovered = progress.recovered,
            failed = progress.failed,
            seconds = started.elapsed().as_secs_f64(),
            "unfinished matches recovered"
        );
        progress.recovered
    }

    /// How far the recovery of unfinished matches has come.
    pub fn recovery(&self) -> RecoveryProgress {
        let recovery = &self.memory.recovery;
        // Read `done` first: counts read after it are at least as new.
        let done = recovery.done.load(Ordering::Acquire);
        RecoveryProgress {
            matches: recovery.matches.load(Ordering::Relaxed),
            recovered: recovery.recovered.load(Ordering::Relaxed),
            failed: recovery.failed.load(Ordering::Relaxed),
            done,
        }
    }
}
