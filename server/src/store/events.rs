//! The rows of the event log, and their writes made inside a lobby
//! transaction (a match's set-up, stored with its start). Every other
//! write of the log is the store's group commit ([`super::Store`]); both
//! are here or in [`super::log_writer`], so the log has one writer.

use fray_protocol::{Action, EventKind, MatchId, ScopedEffect, Seat, is_secret};
use sqlx::{QueryBuilder, Sqlite, SqliteConnection};

use crate::db::{DbError, to_json};

/// One log row, ready to write.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub match_id: MatchId,
    pub seq: u64,
    pub kind: EventKind,
    pub seat: Option<Seat>,
    pub action: Option<Action>,
    /// The id the seat's client gave the action (or resignation), so that a
    /// resend is known after a restart too.
    pub action_id: Option<u64>,
    pub effects: Vec<ScopedEffect>,
}

/// The start of an insert of log rows; the values follow in the order of
/// [`StoredEvent`]'s fields.
pub(crate) const INSERT_INTO: &str =
    "INSERT INTO events (match_id, seq, kind, seat, action, action_id, effects, secret) ";

/// A log row's column values, as stored.
pub(crate) struct StoredEvent {
    pub match_id: i64,
    pub seq: i64,
    pub kind: &'static str,
    pub seat: Option<i64>,
    pub action: Option<String>,
    /// The client's u64, stored bit for bit in SQLite's i64.
    pub action_id: Option<i64>,
    pub effects: String,
    /// 1 when spectators cannot tell the event happened
    /// ([`fray_protocol::is_secret`]), so that a match's summary counts only
    /// the events in a spectator's sequence.
    pub secret: i64,
}

impl NewEvent {
    /// A match's set-up: event 0, by no seat, with no action.
    pub fn setup(match_id: MatchId, effects: Vec<ScopedEffect>) -> NewEvent {
        NewEvent {
            match_id,
            seq: 0,
            kind: EventKind::Setup,
            seat: None,
            action: None,
            action_id: None,
            effects,
        }
    }

    /// The row's values, JSON columns encoded.
    pub(crate) fn stored(&self) -> StoredEvent {
        StoredEvent {
            match_id: self.match_id.0,
            seq: self.seq as i64,
            kind: self.kind.key(),
            seat: self.seat.map(|seat| i64::from(seat.0)),
            action: self.action.as_ref().map(to_json),
            action_id: self.action_id.map(|id| id as i64),
            effects: to_json(&self.effects),
            secret: i64::from(is_secret(self.seat, &self.effects)),
        }
    }
}

/// SQLite takes at most 32,766 parameters in one statement; eight per row.
const ROWS_PER_INSERT: usize = 500;

/// Writes `events` with as few statements as the parameter limit allows:
/// one up to [`ROWS_PER_INSERT`] rows. Several are atomic together only
/// inside a transaction.
pub async fn insert_all(db: &mut SqliteConnection, events: &[&NewEvent]) -> Result<(), DbError> {
    for chunk in events.chunks(ROWS_PER_INSERT) {
        let mut insert: QueryBuilder<Sqlite> = QueryBuilder::new(INSERT_INTO);
        insert.push_values(chunk, |mut row, event| {
            let stored = event.stored();
            row.push_bind(stored.match_id)
                .push_bind(stored.seq)
                .push_bind(stored.kind)
                .push_bind(stored.seat)
                .push_bind(stored.action)
                .push_bind(stored.action_id)
                .push_bind(stored.effects)
                .push_bind(stored.secret);
        });
        insert.build().execute(&mut *db).await?;
    }
    Ok(())
}
