//! Players, their token hashes, and their names, unique in any case.

use fray_protocol::text::is_invisible;
use fray_protocol::{BotLevel, PlayerId, PlayerRef};
use sqlx::{SqliteConnection, SqlitePool};

use super::DbError;

/// The most characters a name has (the server's text rule for names); a
/// name renamed for a duplicate is cut to fit it with its number.
const MAX_NAME_CHARS: usize = 32;

/// What makes two names the same name: what they show, in Unicode's lower
/// case. "Ada", "ADA" and "ada" are one, and "Émile" and "émile" too
/// (SQLite's NOCASE folds ASCII only); characters that show nothing
/// (a zero-width space, a joiner, a variation selector) are left out and
/// any run of spaces counts as one, so "ada\u{200b}" and " ada " are "ada"
/// too. Not full case folding nor compatibility forms: "ß" and "ss", or a
/// Cyrillic "а" and a Latin "a", stay two names.
pub fn name_key(name: &str) -> String {
    let shown: String = name
        .chars()
        .filter(|&c| c.is_whitespace() || !is_invisible(c))
        .collect();
    shown
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A new player; a name another player holds, in any case, is refused as a
/// unique violation ([`DbError::is_unique_violation`]).
pub async fn create(
    db: &mut SqliteConnection,
    name: &str,
    token_hash: &[u8],
) -> Result<PlayerId, DbError> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO players (name, name_key, token_hash) VALUES (?, ?, ?) RETURNING id",
    )
    .bind(name)
    .bind(name_key(name))
    .bind(token_hash)
    .fetch_one(db)
    .await?;
    Ok(PlayerId(id))
}

/// A player renamed because an older one held the name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Renamed {
    pub id: PlayerId,
    pub from: String,
    pub to: String,
}

/// Keys the names of players registered before names were unique (their
/// `name_key` is NULL), oldest first: the oldest holder of a name keeps it,
/// and each later one is renamed `name (2)`, `name (3)`, … to the first that
/// is free. Nothing to do, and nothing written, once every row has its key.
pub async fn key_old_names(db: &SqlitePool) -> Result<Vec<Renamed>, DbError> {
    let unkeyed: Vec<(i64, String)> =
        sqlx::query_as("SELECT id, name FROM players WHERE name_key IS NULL ORDER BY id")
            .fetch_all(db)
            .await?;
    if unkeyed.is_empty() {
        return Ok(Vec::new());
    }
    let mut tx = db.begin().await?;
    let mut renamed = Vec::new();
    for (id, name) in unkeyed {
        let candidate = first_free(&mut tx, &name, 1).await?;
        rename(&mut tx, id, &candidate).await?;
        if candidate != name {
            renamed.push(Renamed {
                id: PlayerId(id),
                from: name,
                to: candidate,
            });
        }
    }
    tx.commit().await?;
    Ok(renamed)
}

/// `name` (from `first` 1) or `name (2)`, `name (3)`, … (from `first`
/// 2 or more): the first whose key no player holds.
async fn first_free(db: &mut SqliteConnection, name: &str, first: u32) -> Result<String, DbError> {
    let mut number = first.max(1);
    loop {
        let candidate = match number {
            1 => name.to_owned(),
            n => numbered(name, n),
        };
        if !key_taken(db, &name_key(&candidate)).await? {
            return Ok(candidate);
        }
        number += 1;
    }
}

/// Gives player `id` the name `name`, with its key.
async fn rename(db: &mut SqliteConnection, id: i64, name: &str) -> Result<(), DbError> {
    sqlx::query("UPDATE players SET name = ?, name_key = ? WHERE id = ?")
        .bind(name)
        .bind(name_key(name))
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

async fn key_taken(db: &mut SqliteConnection, key: &str) -> Result<bool, DbError> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM players WHERE name_key = ?")
        .bind(key)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// `name (n)`, the name cut short enough that the whole fits a name's limit.
fn numbered(name: &str, number: u32) -> String {
    let suffix = format!(" ({number})");
    let room = MAX_NAME_CHARS.saturating_sub(suffix.chars().count());
    let base: String = name.chars().take(room).collect();
    format!("{}{suffix}", base.trim_end())
}

/// The house bots of `level` (see [`crate::house_bots`]), oldest first,
/// made now up to `count` where fewer are stored. A human who registered
/// a bot's name before it was made keeps their account under the name
/// with a number, as [`key_old_names`] renames; the rename is returned.
pub async fn house_bots(
    db: &SqlitePool,
    level: BotLevel,
    count: usize,
) -> Result<(Vec<PlayerId>, Vec<Renamed>), DbError> {
    let mut tx = db.begin().await?;
    let mut ids: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM players WHERE bot_level = ? ORDER BY id")
            .bind(level.key())
            .fetch_all(&mut *tx)
            .await?;
    let mut renamed = Vec::new();
    while ids.len() < count {
        let name = house_bot_name(level, ids.len() + 1);
        let key = name_key(&name);
        let holder: Option<(i64, String)> =
            sqlx::query_as("SELECT id, name FROM players WHERE name_key = ?")
                .bind(&key)
                .fetch_optional(&mut *tx)
                .await?;
        if let Some((id, held)) = holder {
            let to = first_free(&mut tx, &held, 2).await?;
            rename(&mut tx, id, &to).await?;
            renamed.push(Renamed {
                id: PlayerId(id),
                from: held,
                to,
            });
        }
        // No token hashes to random bytes: no one can act as a bot.
        let token_hash = crate::lobby::seed::new_seed();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO players (name, name_key, token_hash, bot_level) VALUES (?, ?, ?, ?) \
             RETURNING id",
        )
        .bind(&name)
        .bind(&key)
        .bind(&token_hash[..])
        .bind(level.key())
        .fetch_one(&mut *tx)
        .await?;
        ids.push(id);
    }
    tx.commit().await?;
    Ok((ids.into_iter().map(PlayerId).collect(), renamed))
}

/// The name of the `instance`th house bot of `level` (from 1): the first
/// plays under the level's name alone, the others with their number.
pub fn house_bot_name(level: BotLevel, instance: usize) -> String {
    match instance {
        0 | 1 => level.player_name(),
        n => format!("{} {n}", level.player_name()),
    }
}

/// Whether `name` is one the house bots keep for themselves: every name
/// that reads as "Fray bot…" in any case.
pub fn is_house_bot_name(name: &str) -> bool {
    name_key(name).starts_with("fray bot")
}

pub async fn by_token_hash(
    db: &SqlitePool,
    token_hash: &[u8],
) -> Result<Option<PlayerRef>, DbError> {
    let row: Option<(i64, String)> =
        sqlx::query_as("SELECT id, name FROM players WHERE token_hash = ?")
            .bind(token_hash)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(id, name)| PlayerRef {
        id: PlayerId(id),
        name,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_one_in_any_case_and_script() {
        assert_eq!(name_key("Ada"), name_key("ADA"));
        assert_eq!(name_key("Émile"), name_key("éMILE"));
        assert_eq!(name_key("ΣΩΚΡΑΤΗΣ"), name_key("σωκρατης"));
        assert_eq!(
            name_key("ada"),
            name_key(" ada  "),
            "spaces around show nothing"
        );
        assert_eq!(
            name_key("ada"),
            name_key("a\u{200b}da\u{fe0f}"),
            "nor do these"
        );
        assert_eq!(name_key("ada lovelace"), name_key("Ada\u{3000}  Lovelace"));
        assert_ne!(name_key("ada"), name_key("ad a"));
        assert_ne!(
            name_key("ada"),
            name_key("\u{430}da"),
            "a Cyrillic а is its own"
        );
    }

    #[test]
    fn a_numbered_name_fits_the_limit() {
        assert_eq!(numbered("ada", 2), "ada (2)");
        let long = "x".repeat(32);
        let renamed = numbered(&long, 12);
        assert_eq!(renamed.chars().count(), 32);
        assert!(renamed.ends_with("x (12)"), "{renamed}");
    }

    #[tokio::test]
    async fn house_bots_are_made_once_and_a_player_holding_a_bots_name_is_renamed() {
        let (_dir, db) = crate::db::scratch().await;
        let mut conn = db.acquire().await.unwrap();
        let held = create(&mut conn, "Fray bot (easy)", b"held").await.unwrap();
        drop(conn);

        let (bots, renamed) = house_bots(&db, BotLevel::Easy, 2).await.unwrap();
        assert_eq!(bots.len(), 2);
        assert_eq!(
            renamed,
            vec![Renamed {
                id: held,
                from: "Fray bot (easy)".into(),
                to: "Fray bot (easy) (2)".into(),
            }]
        );
        let names: Vec<String> =
            sqlx::query_scalar("SELECT name FROM players WHERE bot_level = 'easy' ORDER BY id")
                .fetch_all(&db)
                .await
                .unwrap();
        assert_eq!(names, ["Fray bot (easy)", "Fray bot (easy) 2"]);

        let (again, renamed) = house_bots(&db, BotLevel::Easy, 2).await.unwrap();
        assert_eq!(again, bots, "made once: the same players at the next start");
        assert!(renamed.is_empty());
        assert!(is_house_bot_name(" fray BOT (expert) "));
        assert!(!is_house_bot_name("Fray"));
    }
}
