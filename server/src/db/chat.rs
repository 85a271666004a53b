//! What the players said in each match.

use fray_protocol::{ChatLine, MatchId, PlayerId, Seat};
use sqlx::{SqliteConnection, SqlitePool};

use super::DbError;

/// Stores one line said at `seq` by `seat`'s `player`; its id.
pub async fn insert(
    db: &mut SqliteConnection,
    match_id: MatchId,
    seq: u64,
    seat: Seat,
    player: PlayerId,
    text: &str,
) -> Result<u64, DbError> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO chat (match_id, seq, seat, player, text) VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(match_id.0)
    .bind(seq as i64)
    .bind(i64::from(seat.0))
    .bind(player.0)
    .bind(text)
    .fetch_one(&mut *db)
    .await?;
    Ok(id as u64)
}

type ChatRow = (i64, i64, i64, String, String);

/// The match's last `at_most` lines (all with `None`), oldest first.
pub async fn recent(
    db: &SqlitePool,
    match_id: MatchId,
    at_most: Option<usize>,
) -> Result<Vec<ChatLine>, DbError> {
    let limit = at_most.map_or(-1, |n| n as i64);
    let rows: Vec<ChatRow> = sqlx::query_as(
        "SELECT id, seq, seat, name, text FROM ( \
             SELECT c.id, c.seq, c.seat, p.name, c.text FROM chat c \
             JOIN players p ON p.id = c.player \
             WHERE c.match_id = ? ORDER BY c.id DESC LIMIT ? \
         ) ORDER BY id",
    )
    .bind(match_id.0)
    .bind(limit)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, seq, seat, name, text)| ChatLine {
            id: id as u64,
            seq: seq as u64,
            seat: Seat(seat as u8),
            name,
            text,
        })
        .collect())
}
