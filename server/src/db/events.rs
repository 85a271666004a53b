//! Reads of each match's event log: one row per `seq`. Only the store
//! writes it ([`crate::store::events`]).

use fray_protocol::{Action, MatchId, ReplayEvent, ScopedEffect, Seat};
use sqlx::SqlitePool;

use super::{DbError, from_json};

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
    let rows: Vec<EventRow> = sqlx::query_as(
        "SELECT seq, kind, seat, action, effects FROM events \
         WHERE match_id = ? ORDER BY seq",
    )
    .bind(id.0)
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

/// Each event's `seq` and whether it is marked secret (no spectator can
/// tell it happened), in `seq` order.
pub async fn secret_marks(db: &SqlitePool, id: MatchId) -> Result<Vec<(u64, bool)>, DbError> {
    let rows: Vec<(i64, bool)> =
        sqlx::query_as("SELECT seq, secret FROM events WHERE match_id = ? ORDER BY seq")
            .bind(id.0)
            .fetch_all(db)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(seq, secret)| (seq as u64, secret))
        .collect())
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
