//! The store's writes, made through SQLite's C interface on the store's own
//! thread.
//!
//! Through sqlx every statement is a round trip to the connection's worker
//! thread: the store queues it, the worker wakes, runs it and wakes the store
//! again. Under load each of those wake-ups waits for a core, two of them
//! for every group commit besides its own. The store therefore takes
//! its connection's handle away from the worker for its whole life (sqlx's
//! `lock_handle`; the worker sleeps on the lock meanwhile) and runs its
//! prepared statements itself.
//!
//! Every `unsafe` block of the store is in this file. What keeps them sound:
//! the handle is locked away from sqlx's worker for as long as a
//! [`LogWriter`] lives, so no other thread touches the connection; the
//! statements belong to the writer and are finalized before the handle is
//! given back; and each statement is reset after every step, so none is left
//! running (a running statement would hold a read transaction open, and the
//! write-ahead log could not start over).

use std::ffi::{CStr, c_char, c_int};
use std::ptr::{self, NonNull};

use fray_protocol::{MatchId, Outcome};
use libsqlite3_sys as ffi;
use sqlx::SqliteConnection;
use sqlx::sqlite::LockedSqliteHandle;

use super::events::{INSERT_INTO, NewEvent};
use crate::db::{DbError, to_json};

/// The event log's writer: the store's connection, locked for direct use,
/// with its statements prepared once.
pub struct LogWriter<'c> {
    // Statements drop (finalize) before the handle goes back to sqlx: fields
    // drop in the order they are declared.
    insert_event: Statement,
    finish_match: Statement,
    begin: Statement,
    commit: Statement,
    rollback: Statement,
    db: NonNull<ffi::sqlite3>,
    _locked: LockedSqliteHandle<'c>,
}

impl<'c> LogWriter<'c> {
    /// Locks `connection`'s handle away from sqlx's worker thread and
    /// prepares the store's statements on it.
    pub async fn lock(connection: &'c mut SqliteConnection) -> Result<Self, DbError> {
        let mut locked = connection.lock_handle().await?;
        let db = locked.as_raw_handle();
        let prepare = |sql: &str| Statement::prepare(db, sql);
        Ok(LogWriter {
            insert_event: prepare(&format!(
                "{INSERT_INTO}VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
            ))?,
            finish_match: prepare(
                "UPDATE matches SET status = 'finished', outcome = ?1, \
                 finished_at = datetime('now') WHERE id = ?2",
            )?,
            // IMMEDIATE takes the write lock at once, waiting (busy_timeout)
            // for another writer to finish, rather than failing at the first
            // INSERT.
            begin: prepare("BEGIN IMMEDIATE")?,
            commit: prepare("COMMIT")?,
            rollback: prepare("ROLLBACK")?,
            db,
            _locked: locked,
        })
    }

    /// Runs `work` in one transaction: committed if it succeeds, rolled back
    /// (nothing of it stored) if it or the commit fails.
    pub fn transaction(
        &mut self,
        work: impl FnOnce(&mut Self) -> Result<(), DbError>,
    ) -> Result<(), DbError> {
        self.begin.run()?;
        let result = work(self).and_then(|()| self.commit.run());
        if result.is_err() && self.in_transaction() {
            // What failed is the error to report; a rollback that fails too
            // leaves nothing worse (SQLite rolls back what it cannot commit).
            if let Err(error) = self.rollback.run() {
                tracing::warn!(%error, "cannot roll back a failed group commit");
            }
        }
        result
    }

    /// Adds `event` to the log.
    pub fn insert(&mut self, event: &NewEvent) -> Result<(), DbError> {
        let stored = event.stored();
        let statement = &self.insert_event;
        statement.bind_int(1, Some(stored.match_id))?;
        statement.bind_int(2, Some(stored.seq))?;
        statement.bind_text(3, Some(stored.kind))?;
        statement.bind_int(4, stored.seat)?;
        statement.bind_text(5, stored.action.as_deref())?;
        statement.bind_int(6, stored.action_id)?;
        statement.bind_text(7, Some(&stored.effects))?;
        statement.bind_int(8, Some(stored.secret))?;
        statement.run()
    }

    /// Marks match `id` finished with `outcome`.
    pub fn finish(&mut self, id: MatchId, outcome: &Outcome) -> Result<(), DbError> {
        let statement = &self.finish_match;
        statement.bind_text(1, Some(&to_json(outcome)))?;
        statement.bind_int(2, Some(id.0))?;
        statement.run()
    }

    /// Copies into the database every frame of the write-ahead log that no
    /// reader still needs, without waiting for anyone; returns the frames
    /// in the log.
    pub fn passive_checkpoint(&mut self) -> Result<i64, DbError> {
        let (mut frames, mut copied) = (0, 0);
        // SAFETY: the handle is ours while `self` lives (see the module's
        // doc); a null schema name means every attached database.
        let code = unsafe {
            ffi::sqlite3_wal_checkpoint_v2(
                self.db.as_ptr(),
                ptr::null(),
                ffi::SQLITE_CHECKPOINT_PASSIVE,
                &mut frames,
                &mut copied,
            )
        };
        check(self.db, code)?;
        Ok(i64::from(frames))
    }

    fn in_transaction(&self) -> bool {
        // SAFETY: the handle is ours while `self` lives.
        unsafe { ffi::sqlite3_get_autocommit(self.db.as_ptr()) == 0 }
    }
}

/// A statement prepared once on the writer's handle, and finalized with it.
struct Statement {
    statement: NonNull<ffi::sqlite3_stmt>,
    /// The handle it was prepared on, for its error messages.
    db: NonNull<ffi::sqlite3>,
}

impl Statement {
    fn prepare(db: NonNull<ffi::sqlite3>, sql: &str) -> Result<Statement, DbError> {
        let mut statement = ptr::null_mut();
        let length = c_int::try_from(sql.len()).expect("the store's statements are short");
        // SAFETY: `sql` is valid for `length` bytes (no terminating NUL is
        // needed when the length is given); the handle is locked for us.
        let code = unsafe {
            ffi::sqlite3_prepare_v3(
                db.as_ptr(),
                sql.as_ptr().cast::<c_char>(),
                length,
                ffi::SQLITE_PREPARE_PERSISTENT,
                &mut statement,
                ptr::null_mut(),
            )
        };
        check(db, code)?;
        match NonNull::new(statement) {
            Some(statement) => Ok(Statement { statement, db }),
            None => Err(DbError::Sqlite {
                code: ffi::SQLITE_MISUSE,
                message: format!("'{sql}' holds no statement"),
            }),
        }
    }

    /// Binds `value`, or NULL for `None`.
    fn bind_int(&self, index: c_int, value: Option<i64>) -> Result<(), DbError> {
        // SAFETY: the statement is live (finalized only on drop).
        let code = unsafe {
            match value {
                Some(value) => ffi::sqlite3_bind_int64(self.statement.as_ptr(), index, value),
                None => ffi::sqlite3_bind_null(self.statement.as_ptr(), index),
            }
        };
        check(self.db, code)
    }

    /// Binds `text`, or NULL for `None`.
    fn bind_text(&self, index: c_int, text: Option<&str>) -> Result<(), DbError> {
        let code = match text {
            // SAFETY: the statement is live.
            None => unsafe { ffi::sqlite3_bind_null(self.statement.as_ptr(), index) },
            Some(text) => {
                let length = c_int::try_from(text.len()).map_err(|_| DbError::Sqlite {
                    code: ffi::SQLITE_TOOBIG,
                    message: format!("a text of {} bytes is too big for SQLite", text.len()),
                })?;
                // SAFETY: the statement is live; `text` is valid for `length`
                // bytes of UTF-8, and SQLITE_TRANSIENT makes SQLite copy it
                // before this call returns, so it may be dropped after.
                unsafe {
                    ffi::sqlite3_bind_text(
                        self.statement.as_ptr(),
                        index,
                        text.as_ptr().cast::<c_char>(),
                        length,
                        ffi::SQLITE_TRANSIENT(),
                    )
                }
            }
        };
        check(self.db, code)
    }

    /// Runs the statement to its end (the store's statements return no
    /// rows), then resets it and clears its parameters for the next use,
    /// whether it succeeded or not.
    fn run(&self) -> Result<(), DbError> {
        // SAFETY: the statement is live and its parameters are bound (or
        // NULL, SQLite's default for an unbound one).
        let code = unsafe { ffi::sqlite3_step(self.statement.as_ptr()) };
        let result = match code {
            ffi::SQLITE_DONE => Ok(()),
            ffi::SQLITE_ROW => Err(DbError::Sqlite {
                code,
                message: "a store statement returned a row".into(),
            }),
            _ => Err(sqlite_error(self.db, code)),
        };
        // SAFETY: the statement is live. reset only repeats the step's
        // error, already taken above.
        unsafe {
            ffi::sqlite3_reset(self.statement.as_ptr());
            ffi::sqlite3_clear_bindings(self.statement.as_ptr());
        }
        result
    }
}

impl Drop for Statement {
    fn drop(&mut self) {
        // SAFETY: the statement is live and used by nothing else; the writer
        // drops it before it gives the handle back.
        unsafe { ffi::sqlite3_finalize(self.statement.as_ptr()) };
    }
}

/// `Ok` for SQLITE_OK, else the connection's error message.
fn check(db: NonNull<ffi::sqlite3>, code: c_int) -> Result<(), DbError> {
    if code == ffi::SQLITE_OK {
        Ok(())
    } else {
        Err(sqlite_error(db, code))
    }
}

fn sqlite_error(db: NonNull<ffi::sqlite3>, code: c_int) -> DbError {
    // SAFETY: the handle is locked for us; sqlite3_errmsg returns a
    // NUL-terminated string owned by SQLite, valid until the next call on
    // the handle, and it is copied at once.
    let message = unsafe { CStr::from_ptr(ffi::sqlite3_errmsg(db.as_ptr())) }
        .to_string_lossy()
        .into_owned();
    DbError::Sqlite { code, message }
}
