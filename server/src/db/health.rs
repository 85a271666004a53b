//! Whether the database can be written now. Every writer reports what it
//! found: the store's group commits and checkpoints, the lobby's write
//! transactions and the probe ([`super::probe`]). A failure of the storage
//! itself (a full disk, a failed write, a read-only file) marks it failing,
//! with the error and since when; a later success of the same kind of work
//! clears it. `/healthz` says `degraded` meanwhile.
//!
//! Writes and checkpoints are kept apart because on a full disk they fail
//! apart: a commit that fits in the space the write-ahead log already has
//! succeeds while copying the log into the database file, which must grow,
//! fails every second. Taken as one, the health would flap with each.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::SystemTime;

use super::{DbError, StorageFault};

/// The kinds of work that can fail apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// Commits: the store's group commits, the lobby's writes, the probe.
    Writes,
    /// Copying the write-ahead log back into the database file.
    Checkpoints,
}

impl Work {
    pub fn as_str(self) -> &'static str {
        match self {
            Work::Writes => "writes",
            Work::Checkpoints => "checkpoints",
        }
    }
}

/// A kind of work failing: since when, and the last error it met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    pub since: SystemTime,
    /// SQLite's words, e.g. "database or disk is full".
    pub error: String,
}

/// What is failing now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Faults {
    pub writes: Option<Fault>,
    pub checkpoints: Option<Fault>,
}

impl Faults {
    pub fn is_empty(&self) -> bool {
        self.writes.is_none() && self.checkpoints.is_none()
    }

    /// Each kind of work that is failing, with its fault.
    pub fn iter(&self) -> impl Iterator<Item = (Work, &Fault)> {
        let writes = self.writes.as_ref().map(|fault| (Work::Writes, fault));
        let checkpoints = (self.checkpoints.as_ref()).map(|fault| (Work::Checkpoints, fault));
        writes.into_iter().chain(checkpoints)
    }

    fn of(&mut self, work: Work) -> &mut Option<Fault> {
        match work {
            Work::Writes => &mut self.writes,
            Work::Checkpoints => &mut self.checkpoints,
        }
    }
}

/// The storage's health, shared by every writer. Cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct StorageHealth(Arc<Shared>);

#[derive(Debug, Default)]
struct Shared {
    /// Whether `faults` holds any: every commit reports its success, and
    /// while nothing fails that costs one load, not a lock.
    failing: AtomicBool,
    faults: Mutex<Faults>,
}

impl StorageHealth {
    /// Takes the outcome of a piece of `work`.
    pub fn report<T>(&self, work: Work, outcome: &Result<T, DbError>) {
        match outcome {
            Ok(_) => self.worked(work),
            Err(error) => {
                self.failed(work, error);
            }
        }
    }

    /// `work` succeeded: it is not failing any more.
    pub fn worked(&self, work: Work) {
        if !self.0.failing.load(Ordering::Acquire) {
            return;
        }
        let mut faults = self.faults();
        let Some(fault) = faults.of(work).take() else {
            return;
        };
        self.0.failing.store(!faults.is_empty(), Ordering::Release);
        let seconds = fault.since.elapsed().unwrap_or_default().as_secs();
        tracing::info!(
            work = work.as_str(),
            seconds,
            "storage works again: {} succeed",
            work.as_str()
        );
    }

    /// `work` failed with `error`. True if that is a fault of the storage,
    /// now marked and logged when it began; false for an error of the work
    /// itself (a row a constraint refused, a bad query), which says nothing
    /// about the disk and is left to the caller.
    pub fn failed(&self, work: Work, error: &DbError) -> bool {
        let Some(StorageFault { message, .. }) = error.storage_fault() else {
            return false;
        };
        let mut faults = self.faults();
        match faults.of(work) {
            Some(fault) => fault.error = message,
            none => {
                tracing::error!(
                    work = work.as_str(),
                    error = %message,
                    "storage is failing: {} fail; /healthz says degraded until they succeed again",
                    work.as_str()
                );
                *none = Some(Fault {
                    since: SystemTime::now(),
                    error: message,
                });
            }
        }
        self.0.failing.store(true, Ordering::Release);
        true
    }

    pub fn is_failing(&self) -> bool {
        self.0.failing.load(Ordering::Acquire)
    }

    /// What is failing now.
    pub fn current(&self) -> Faults {
        if self.is_failing() {
            self.faults().clone()
        } else {
            Faults::default()
        }
    }

    fn faults(&self) -> MutexGuard<'_, Faults> {
        // A panic while holding the lock leaves the faults whole: each
        // change is one assignment.
        self.0
            .faults
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full_disk() -> DbError {
        DbError::Sqlite {
            code: libsqlite3_sys::SQLITE_FULL,
            message: "database or disk is full".into(),
        }
    }

    fn io_error() -> DbError {
        DbError::Sqlite {
            code: libsqlite3_sys::SQLITE_IOERR_WRITE,
            message: "disk I/O error".into(),
        }
    }

    #[test]
    fn a_failure_is_kept_with_when_it_began_and_its_last_error_until_a_success() {
        let health = StorageHealth::default();
        assert!(!health.is_failing());

        let before = SystemTime::now();
        assert!(health.failed(Work::Writes, &full_disk()));
        let first = health.current().writes.expect("writes are failing");
        assert!(first.since >= before);
        assert!(health.failed(Work::Writes, &io_error()));
        let now = health.current();
        assert_eq!(
            now.writes,
            Some(Fault {
                since: first.since,
                error: "disk I/O error".into()
            })
        );
        assert!(now.checkpoints.is_none());

        health.report(Work::Writes, &Ok::<(), DbError>(()));
        assert!(!health.is_failing());
        assert_eq!(health.current(), Faults::default());
    }

    /// On a full disk a small commit can succeed while checkpoints keep
    /// failing; one does not clear the other.
    #[test]
    fn writes_and_checkpoints_fail_and_heal_apart() {
        let health = StorageHealth::default();
        health.failed(Work::Checkpoints, &full_disk());
        health.failed(Work::Writes, &full_disk());

        health.worked(Work::Writes);
        assert!(health.is_failing());
        let now = health.current();
        assert!(now.writes.is_none());
        assert!(now.checkpoints.is_some());

        health.worked(Work::Checkpoints);
        assert!(!health.is_failing());
    }

    #[test]
    fn an_error_of_the_work_itself_says_nothing_about_the_disk() {
        let health = StorageHealth::default();
        let constraint = DbError::Sqlite {
            code: libsqlite3_sys::SQLITE_CONSTRAINT_UNIQUE,
            message: "UNIQUE constraint failed: events.match_id, events.seq".into(),
        };
        assert!(!health.failed(Work::Writes, &constraint));
        assert!(!health.failed(Work::Writes, &DbError::Corrupt("a bad row".into())));
        assert!(!health.is_failing());
    }
}
