//! Matches and their seats.

use std::collections::BTreeMap;

use fray_protocol::{
    ArmyList, MatchConfig, MatchId, MatchStatus, MatchSummary, Outcome, PlayerId, PlayerRef, Seat,
    SeatSummary, SystemId, UnknownBotLevel,
};
use sqlx::{Sqlite, SqlitePool, Transaction};

use super::{DbError, from_json, to_json};

/// What the lobby filters the match list by.
#[derive(Debug, Clone, Default)]
pub struct MatchFilter {
    pub status: Option<MatchStatus>,
    pub system: Option<SystemId>,
    /// Only matches this player holds a seat in.
    pub player: Option<PlayerId>,
    pub limit: u32,
}

/// Everything needed to rebuild a started match through the engine.
#[derive(Debug, Clone)]
pub struct StartedMatch {
    pub id: MatchId,
    pub config: MatchConfig,
    pub status: MatchStatus,
    /// The fray-rules version the match was created under.
    pub rules_version: String,
    pub seed: [u8; 32],
    pub commitment: String,
    /// The player in each seat, by seat.
    pub players: Vec<PlayerId>,
    pub armies: Vec<ArmyList>,
    pub outcome: Option<Outcome>,
}

#[derive(sqlx::FromRow)]
struct StartRow {
    config: String,
    status: String,
    rules_version: String,
    seed: Option<Vec<u8>>,
    commitment: Option<String>,
    outcome: Option<String>,
}

type MatchRow = (
    i64,
    String,
    String,
    i64,
    String,
    Option<String>,
    Option<String>,
    String,
    i64,
    Option<i64>,
    Option<i64>,
);

const SUMMARY_COLUMNS: &str = "m.id, m.system, m.config, m.seat_count, m.status, m.commitment, \
     m.outcome, m.created_at, \
     COALESCE((SELECT MAX(seq) FROM events e WHERE e.match_id = m.id), 0) \
     - CASE m.status WHEN 'finished' THEN 0 \
       ELSE (SELECT COUNT(*) FROM events e WHERE e.match_id = m.id AND e.secret) END, \
     (SELECT r.id FROM matches r WHERE r.rematch_of = m.id), m.rematch_of";

pub async fn create(
    tx: &mut Transaction<'_, Sqlite>,
    config: &MatchConfig,
    seat_count: u8,
    rules_version: &str,
) -> Result<MatchId, DbError> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO matches (system, config, seat_count, status, rules_version) \
         VALUES (?, ?, ?, 'open', ?) RETURNING id",
    )
    .bind(config.system.key())
    .bind(to_json(config))
    .bind(seat_count)
    .bind(rules_version)
    .fetch_one(&mut **tx)
    .await?;
    Ok(MatchId(id))
}

/// Creates the rematch of `of`: open, with its config and seat count.
/// Fails with a unique violation when `of` has a rematch already.
pub async fn create_rematch(
    tx: &mut Transaction<'_, Sqlite>,
    of: MatchId,
    config: &MatchConfig,
    seat_count: u8,
    rules_version: &str,
) -> Result<MatchId, DbError> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO matches (system, config, seat_count, status, rules_version, rematch_of) \
         VALUES (?, ?, ?, 'open', ?, ?) RETURNING id",
    )
    .bind(config.system.key())
    .bind(to_json(config))
    .bind(seat_count)
    .bind(rules_version)
    .bind(of.0)
    .fetch_one(&mut **tx)
    .await?;
    Ok(MatchId(id))
}

/// The army list `player` played in match `id`, as it was when the seat
/// was taken.
pub async fn played_list(
    db: &SqlitePool,
    id: MatchId,
    player: PlayerId,
) -> Result<Option<ArmyList>, DbError> {
    let list: Option<String> =
        sqlx::query_scalar("SELECT army_list FROM seats WHERE match_id = ? AND player = ?")
            .bind(id.0)
            .bind(player.0)
            .fetch_optional(db)
            .await?;
    list.map(|text| from_json(&format!("match {id} army list"), &text))
        .transpose()
}

/// The players seated so far in match `id`, by seat (within `tx`, which
/// sees the seats taken in it).
pub async fn seated_players(
    tx: &mut Transaction<'_, Sqlite>,
    id: MatchId,
) -> Result<Vec<PlayerId>, DbError> {
    let rows: Vec<i64> =
        sqlx::query_scalar("SELECT player FROM seats WHERE match_id = ? ORDER BY seat")
            .bind(id.0)
            .fetch_all(&mut **tx)
            .await?;
    Ok(rows.into_iter().map(PlayerId).collect())
}

pub async fn take_seat(
    tx: &mut Transaction<'_, Sqlite>,
    id: MatchId,
    seat: Seat,
    player: PlayerId,
    army: &ArmyList,
) -> Result<(), DbError> {
    sqlx::query("INSERT INTO seats (match_id, seat, player, army_list) VALUES (?, ?, ?, ?)")
        .bind(id.0)
        .bind(seat.0)
        .bind(player.0)
        .bind(to_json(army))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Marks a full match as started with its dice seed.
pub async fn start(
    tx: &mut Transaction<'_, Sqlite>,
    id: MatchId,
    seed: &[u8; 32],
    commitment: &str,
) -> Result<(), DbError> {
    sqlx::query("UPDATE matches SET status = 'running', seed = ?, commitment = ? WHERE id = ?")
        .bind(&seed[..])
        .bind(commitment)
        .bind(id.0)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn summary(db: &SqlitePool, id: MatchId) -> Result<Option<MatchSummary>, DbError> {
    let row: Option<MatchRow> = sqlx::query_as(&format!(
        "SELECT {SUMMARY_COLUMNS} FROM matches m WHERE m.id = ?"
    ))
    .bind(id.0)
    .fetch_optional(db)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let mut seats = seat_summaries(db, &[id]).await?;
    summary_from_row(row, seats.remove(&id).unwrap_or_default()).map(Some)
}

pub async fn list(db: &SqlitePool, filter: &MatchFilter) -> Result<Vec<MatchSummary>, DbError> {
    let mut sql = format!("SELECT {SUMMARY_COLUMNS} FROM matches m WHERE 1 = 1");
    if filter.status.is_some() {
        sql.push_str(" AND m.status = ?");
    }
    if filter.system.is_some() {
        sql.push_str(" AND m.system = ?");
    }
    if filter.player.is_some() {
        sql.push_str(" AND m.id IN (SELECT match_id FROM seats WHERE player = ?)");
    }
    sql.push_str(" ORDER BY m.id DESC LIMIT ?");
    let mut query = sqlx::query_as::<_, MatchRow>(&sql);
    if let Some(status) = filter.status {
        query = query.bind(status.key());
    }
    if let Some(system) = filter.system {
        query = query.bind(system.key());
    }
    if let Some(player) = filter.player {
        query = query.bind(player.0);
    }
    let rows = query.bind(filter.limit).fetch_all(db).await?;
    let ids: Vec<MatchId> = rows.iter().map(|row| MatchId(row.0)).collect();
    let mut seats = seat_summaries(db, &ids).await?;
    rows.into_iter()
        .map(|row| {
            let id = MatchId(row.0);
            summary_from_row(row, seats.remove(&id).unwrap_or_default())
        })
        .collect()
}

/// Every running match, for recovery at start-up.
pub async fn running(db: &SqlitePool) -> Result<Vec<MatchId>, DbError> {
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM matches WHERE status = 'running' ORDER BY id")
            .fetch_all(db)
            .await?;
    Ok(ids.into_iter().map(MatchId).collect())
}

/// A started match's config, seed and armies; `None` if it does not exist or
/// has not started.
pub async fn started(db: &SqlitePool, id: MatchId) -> Result<Option<StartedMatch>, DbError> {
    let row: Option<StartRow> = sqlx::query_as(
        "SELECT config, status, rules_version, seed, commitment, outcome FROM matches WHERE id = ?",
    )
    .bind(id.0)
    .fetch_optional(db)
    .await?;
    let Some(StartRow {
        config,
        status,
        rules_version,
        seed,
        commitment,
        outcome,
    }) = row
    else {
        return Ok(None);
    };
    let (Some(seed), Some(commitment)) = (seed, commitment) else {
        return Ok(None);
    };
    let seed: [u8; 32] = seed
        .try_into()
        .map_err(|_| DbError::Corrupt(format!("match {id}: the seed is not 32 bytes")))?;
    let seats: Vec<(i64, String)> =
        sqlx::query_as("SELECT player, army_list FROM seats WHERE match_id = ? ORDER BY seat")
            .bind(id.0)
            .fetch_all(db)
            .await?;
    let mut players = Vec::with_capacity(seats.len());
    let mut armies = Vec::with_capacity(seats.len());
    for (player, army) in seats {
        players.push(PlayerId(player));
        armies.push(from_json(&format!("match {id} army list"), &army)?);
    }
    Ok(Some(StartedMatch {
        id,
        config: from_json(&format!("match {id} config"), &config)?,
        status: parse_status(&status)?,
        rules_version,
        seed,
        commitment,
        players,
        armies,
        outcome: outcome
            .map(|text| from_json(&format!("match {id} outcome"), &text))
            .transpose()?,
    }))
}

fn parse_status(text: &str) -> Result<MatchStatus, DbError> {
    text.parse().map_err(DbError::Corrupt)
}

fn summary_from_row(row: MatchRow, seats: Vec<SeatSummary>) -> Result<MatchSummary, DbError> {
    let (
        id,
        system,
        config,
        seat_count,
        status,
        commitment,
        outcome,
        created_at,
        seq,
        rematch,
        rematch_of,
    ) = row;
    let id = MatchId(id);
    let mut all_seats: Vec<SeatSummary> = (0..seat_count)
        .map(|seat| SeatSummary {
            seat: Seat(seat as u8),
            player: None,
            army: None,
            list_name: None,
            bot: None,
        })
        .collect();
    for taken in seats {
        if let Some(slot) = all_seats.get_mut(taken.seat.0 as usize) {
            *slot = taken;
        }
    }
    Ok(MatchSummary {
        id,
        system: system.parse().map_err(DbError::Corrupt)?,
        config: from_json(&format!("match {id} config"), &config)?,
        status: parse_status(&status)?,
        seats: all_seats,
        seq: seq as u64,
        commitment,
        outcome: outcome
            .map(|text| from_json(&format!("match {id} outcome"), &text))
            .transpose()?,
        created_at,
        rematch: rematch.map(MatchId),
        rematch_of: rematch_of.map(MatchId),
    })
}

async fn seat_summaries(
    db: &SqlitePool,
    ids: &[MatchId],
) -> Result<BTreeMap<MatchId, Vec<SeatSummary>>, DbError> {
    let mut seats: BTreeMap<MatchId, Vec<SeatSummary>> = BTreeMap::new();
    if ids.is_empty() {
        return Ok(seats);
    }
    let placeholders = vec!["?"; ids.len()].join(", ");
    let sql = format!(
        "SELECT s.match_id, s.seat, p.id, p.name, p.bot_level, s.army_list FROM seats s \
         JOIN players p ON p.id = s.player WHERE s.match_id IN ({placeholders}) \
         ORDER BY s.match_id, s.seat"
    );
    let mut query = sqlx::query_as::<_, (i64, i64, i64, String, Option<String>, String)>(&sql);
    for id in ids {
        query = query.bind(id.0);
    }
    for (match_id, seat, player, name, bot, army) in query.fetch_all(db).await? {
        let army: ArmyList = from_json("seat army list", &army)?;
        let bot = bot
            .map(|level| {
                level
                    .parse()
                    .map_err(|error: UnknownBotLevel| DbError::Corrupt(error.to_string()))
            })
            .transpose()?;
        seats
            .entry(MatchId(match_id))
            .or_default()
            .push(SeatSummary {
                seat: Seat(seat as u8),
                player: Some(PlayerRef {
                    id: PlayerId(player),
                    name,
                }),
                army: Some(army.army),
                list_name: Some(army.name),
                bot,
            });
    }
    Ok(seats)
}

/// The army lists of the seats taken so far, by seat.
pub async fn seated_armies(
    tx: &mut Transaction<'_, Sqlite>,
    id: MatchId,
) -> Result<Vec<ArmyList>, DbError> {
    let rows: Vec<String> =
        sqlx::query_scalar("SELECT army_list FROM seats WHERE match_id = ? ORDER BY seat")
            .bind(id.0)
            .fetch_all(&mut **tx)
            .await?;
    rows.iter()
        .map(|text| from_json(&format!("match {id} army list"), text))
        .collect()
}
