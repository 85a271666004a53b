//! Each match's event log: one row per `seq`.

use fray_protocol::{Action, EventKind, MatchId, ReplayEvent, ScopedEffect, Seat};
use sqlx::{QueryBuilder, Sqlite, SqliteConnection, SqlitePool};

use super::{DbError, from_json, to_json};

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
    "INSERT INTO events (match_id, seq, kind, seat, action, action_id, effects) ";

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
        }
    }
}

/// SQLite takes at most 32,766 parameters in one statement; seven per row.
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
                .push_bind(stored.effects);
        });
        insert.build().execute(&mut *db).await?;
    }
    Ok(())
}

#[derive(sqlx::FromRow)]
struct EventRow {
    seq: i64,
    kind: String,
    seat: Option<i64>,
    action: Option<String>,
    effects: String,
}

/// A match's whole log, in `seq` order.
pub async fn all(db: &SqlitePool, id: MatchId) -> Result<Vec<ReplayEvent>, DbError> {
    up_to(db, id, u64::MAX).await
}

/// A match's log up to and including `seq`, in `seq` order.
pub async fn up_to(db: &SqlitePool, id: MatchId, seq: u64) -> Result<Vec<ReplayEvent>, DbError> {
    let rows: Vec<EventRow> = sqlx::query_as(
        "SELECT seq, kind, seat, action, effects FROM events \
         WHERE match_id = ? AND seq <= ? ORDER BY seq",
    )
    .bind(id.0)
    .bind(i64::try_from(seq).unwrap_or(i64::MAX))
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(
            |EventRow {
                 seq,
                 kind,
                 seat,
                 action,
                 effects,
             }| {
                let what = format!("match {id} event {seq}");
                Ok(ReplayEvent {
                    seq: seq as u64,
                    seat: seat.map(|seat| Seat(seat as u8)),
                    kind: kind.parse().map_err(DbError::Corrupt)?,
                    action: action.map(|text| from_json(&what, &text)).transpose()?,
                    effects: from_json::<Vec<ScopedEffect>>(&what, &effects)?,
                })
            },
        )
        .collect()
}

/// One of a seat's recent actions, by the id its client gave it.
#[derive(Debug, Clone, PartialEq)]
pub struct IdentifiedEvent {
    pub seat: Seat,
    pub action_id: u64,
    pub seq: u64,
    /// The action; none for a resignation.
    pub action: Option<Action>,
}

/// The last `per_seat` events of each seat of match `id` that came with an
/// action id, oldest first.
pub async fn recent_action_ids(
    db: &SqlitePool,
    id: MatchId,
    per_seat: usize,
) -> Result<Vec<IdentifiedEvent>, DbError> {
    let rows: Vec<(i64, i64, i64, Option<String>)> = sqlx::query_as(
        "SELECT seat, action_id, seq, action FROM ( \
             SELECT seat, action_id, seq, action, \
                    ROW_NUMBER() OVER (PARTITION BY seat ORDER BY seq DESC) AS recent \
             FROM events WHERE match_id = ? AND action_id IS NOT NULL AND seat IS NOT NULL \
         ) WHERE recent <= ? ORDER BY seq",
    )
    .bind(id.0)
    .bind(per_seat as i64)
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|(seat, action_id, seq, action)| {
            let what = format!("match {id} event {seq}");
            Ok(IdentifiedEvent {
                seat: Seat(seat as u8),
                action_id: action_id as u64,
                seq: seq as u64,
                action: action.map(|text| from_json(&what, &text)).transpose()?,
            })
        })
        .collect()
}
