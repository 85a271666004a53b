//! A database made by an older server keeps every stored event when a newer
//! server migrates it.

use std::path::Path;

use fray_protocol::{EventKind, MatchId, Seat};
use fray_server::db::{self, events};
use serde_json::json;
use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{ConnectOptions, Connection};

const MIGRATIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations");

/// Makes `url` a database at the schema of the first migration only, as the
/// first released server left it.
async fn database_at_first_schema(dir: &Path, url: &str) {
    let mut connection = database_before(dir, url, "0002").await;
    let setup_effects = format!(
        r#"[{{"audience":{{"kind":"everyone"}},"effect":{{"type":"narration","text":"{}"}}}}]"#,
        "x".repeat(10_000)
    );
    sqlx::query(
        "INSERT INTO matches (id, system, config, seat_count, status, rules_version) \
         VALUES (7, 'fantasy-armies', '{}', 2, 'running', 'old')",
    )
    .execute(&mut connection)
    .await
    .unwrap();
    // Written out of order, as several matches' group commits interleave.
    for (seq, kind, seat, action, effects) in [
        (2, "action", Some(1), Some(r#"{"verb":"pass"}"#), "[]"),
        (0, "setup", None, None, setup_effects.as_str()),
        (1, "action", Some(0), Some(r#"{"verb":"pass"}"#), "[]"),
    ] {
        sqlx::query(
            "INSERT INTO events (match_id, seq, kind, seat, action, effects) \
             VALUES (7, ?, ?, ?, ?, ?)",
        )
        .bind(seq)
        .bind(kind)
        .bind(seat)
        .bind(action)
        .bind(effects)
        .execute(&mut connection)
        .await
        .unwrap();
    }
    connection.close().await.unwrap();
}

/// Makes `url` a database at the schema of every migration numbered before
/// `first_left_out`, and hands back a connection to it.
async fn database_before(dir: &Path, url: &str, first_left_out: &str) -> SqliteConnection {
    let earlier = dir.join(format!("before-{first_left_out}"));
    std::fs::create_dir(&earlier).unwrap();
    for entry in std::fs::read_dir(MIGRATIONS).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if name.ends_with(".sql") && name.as_str() < first_left_out {
            std::fs::copy(&path, earlier.join(&name)).unwrap();
        }
    }
    let mut connection = url
        .parse::<SqliteConnectOptions>()
        .unwrap()
        .create_if_missing(true)
        .connect()
        .await
        .unwrap();
    Migrator::new(earlier.as_path())
        .await
        .unwrap()
        .run(&mut connection)
        .await
        .unwrap();
    connection
}

#[tokio::test]
async fn migrating_an_old_database_keeps_every_event_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("fray.db").display());
    database_at_first_schema(dir.path(), &url).await;

    let pool = db::connect(&url)
        .await
        .expect("the newer server migrates it");

    let log = events::all(&pool, MatchId(7)).await.unwrap();
    let seqs: Vec<u64> = log.iter().map(|event| event.seq).collect();
    assert_eq!(seqs, [0, 1, 2]);
    assert_eq!(log[0].kind, EventKind::Setup);
    assert_eq!(log[0].effects.len(), 1, "the 10 KB set-up row came across");
    assert_eq!(log[2].seat, Some(Seat(1)));
    assert_eq!(log[2].kind, EventKind::Action);

    let duplicate = sqlx::query(
        "INSERT INTO events (match_id, seq, kind, effects) VALUES (7, 2, 'action', '[]')",
    )
    .execute(&pool)
    .await;
    assert!(
        duplicate.is_err(),
        "(match_id, seq) is still unique after the migration"
    );
}

/// A migration is a write: an old database that cannot be written is refused
/// as any other, with why, before anything is served.
#[tokio::test]
async fn an_old_database_that_cannot_be_written_is_refused_rather_than_half_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("fray.db").display());
    database_at_first_schema(dir.path(), &url).await;

    let read_only = format!("{url}?mode=ro");
    match db::connect_writable(&read_only).await {
        Err(error @ db::DbError::NotWritable { .. }) => {
            let message = error.to_string();
            assert!(
                message.starts_with(&format!(
                    "the database {read_only} cannot be written (attempt to write a readonly database)"
                )),
                "{message}"
            );
        }
        Err(other) => panic!("refused for another reason: {other}"),
        Ok(_) => panic!("a read-only database was taken to serve from"),
    }

    let pool = db::connect_writable(&url)
        .await
        .expect("writable, it migrates");
    let log = events::all(&pool, MatchId(7)).await.unwrap();
    assert_eq!(log.len(), 3);
}

/// Players registered before names were unique may share a name in any case:
/// the migration keeps them all, the oldest keeps the name, later ones are
/// renamed with a number, and no name can be taken twice after it.
#[tokio::test]
async fn old_players_sharing_a_name_are_kept_and_the_later_ones_renamed() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("fray.db").display());
    database_at_first_schema(dir.path(), &url).await;
    {
        let mut connection = url
            .parse::<SqliteConnectOptions>()
            .unwrap()
            .connect()
            .await
            .unwrap();
        for (id, name) in [
            (1, "ada"),
            (2, "Bo"),
            (3, "ADA"),
            (4, "Émile"),
            (5, "ada"),
            (6, "éMILE"),
        ] {
            sqlx::query("INSERT INTO players (id, name, token_hash) VALUES (?, ?, ?)")
                .bind(id)
                .bind(name)
                .bind(vec![id as u8])
                .execute(&mut connection)
                .await
                .unwrap();
        }
        connection.close().await.unwrap();
    }

    let pool = db::connect(&url)
        .await
        .expect("duplicates do not stop the migration");
    let names: Vec<(i64, String)> = sqlx::query_as("SELECT id, name FROM players ORDER BY id")
        .fetch_all(&pool)
        .await
        .unwrap();
    let names: Vec<(i64, &str)> = names
        .iter()
        .map(|(id, name)| (*id, name.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            (1, "ada"),
            (2, "Bo"),
            (3, "ADA (2)"),
            (4, "Émile"),
            (5, "ada (3)"),
            (6, "éMILE (2)")
        ]
    );

    let mut tx = pool.begin().await.unwrap();
    let again = db::players::create(&mut tx, "Ada", &[99])
        .await
        .unwrap_err();
    assert!(again.is_unique_violation(), "{again}");
    drop(tx);

    let unkeyed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM players WHERE name_key IS NULL")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(unkeyed, 0, "every old name has its key");
}

/// 0006 makes the event log again to let it hold agreed draws: every row
/// comes across with the action id a client gave it, and the new kind is
/// taken while an unknown one still is not.
#[tokio::test]
async fn the_log_made_again_for_draws_keeps_each_events_action_id() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("fray.db").display());
    let mut connection = database_before(dir.path(), &url, "0006").await;
    sqlx::query(
        "INSERT INTO matches (id, system, config, seat_count, status, rules_version) \
         VALUES (7, 'fantasy-armies', '{}', 2, 'running', 'old')",
    )
    .execute(&mut connection)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO events (match_id, seq, kind, seat, action, action_id, effects) VALUES \
         (7, 0, 'setup', NULL, NULL, NULL, '[]'), \
         (7, 1, 'action', 0, '{\"verb\":\"pass\"}', 42, '[]')",
    )
    .execute(&mut connection)
    .await
    .unwrap();
    connection.close().await.unwrap();

    let pool = db::connect(&url)
        .await
        .expect("the newer server migrates it");

    let ids = events::recent_action_ids(&pool, MatchId(7), 32)
        .await
        .unwrap();
    assert_eq!(ids.len(), 1);
    assert_eq!((ids[0].action_id, ids[0].seq), (42, 1));
    sqlx::query(
        "INSERT INTO events (match_id, seq, kind, seat, effects) VALUES (7, 2, 'draw', 1, '[]')",
    )
    .execute(&pool)
    .await
    .expect("a draw is an event kind now");
    let unknown = sqlx::query(
        "INSERT INTO events (match_id, seq, kind, effects) VALUES (7, 3, 'truce', '[]')",
    )
    .execute(&pool)
    .await;
    assert!(unknown.is_err(), "the kinds are still checked");
    let log = events::all(&pool, MatchId(7)).await.unwrap();
    assert_eq!(log.last().unwrap().kind, EventKind::Draw);
}

/// 0007 gives every match played before it the options that keep the
/// readings it was played with (the HTH modifiers' extra dice, fixed Acolytes,
/// the earlier Chessboard Confrontation rulings), leaves the options a match
/// set as they were, lets a match still open take today's readings, and
/// writes every other option at this release's default.
#[tokio::test]
async fn matches_stored_before_the_book_readings_keep_the_readings_they_were_played_with() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("fray.db").display());
    let mut connection = database_before(dir.path(), &url, "0007").await;
    for (id, system, status, config) in [
        (1, "fantasy-armies", "running", r#"{}"#),
        (
            2,
            "fantasy-armies",
            "finished",
            r#"{"system":"fantasy-armies","options":{"max-turns":50}}"#,
        ),
        (
            3,
            "summoners-chess",
            "running",
            r#"{"system":"summoners-chess","options":{}}"#,
        ),
        (
            4,
            "chessboard-confrontation",
            "running",
            r#"{"system":"chessboard-confrontation","options":{"scenario":"retrieve"}}"#,
        ),
        (
            5,
            "fantasy-armies",
            "running",
            r#"{"system":"fantasy-armies","options":{"hth-modifiers":"add-to-roll"}}"#,
        ),
        (
            6,
            "summoners-chess",
            "open",
            r#"{"system":"summoners-chess","options":{"max-turns":60}}"#,
        ),
    ] {
        sqlx::query(
            "INSERT INTO matches (id, system, config, seat_count, status, rules_version) \
             VALUES (?, ?, ?, 2, ?, 'old')",
        )
        .bind(id)
        .bind(system)
        .bind(config)
        .bind(status)
        .execute(&mut connection)
        .await
        .unwrap();
    }
    connection.close().await.unwrap();

    let pool = db::connect(&url)
        .await
        .expect("the newer server migrates it");
    let configs: Vec<(i64, String)> = sqlx::query_as("SELECT id, config FROM matches ORDER BY id")
        .fetch_all(&pool)
        .await
        .unwrap();
    let options: Vec<(i64, serde_json::Value)> = configs
        .into_iter()
        .map(|(id, config)| {
            let config: serde_json::Value = serde_json::from_str(&config).unwrap();
            (id, config["options"].clone())
        })
        .collect();
    let cc_defaults = |rulings: &str, scenario: &str| {
        json!({
            "map": "board", "max-rounds": 30, "obstacles": "random", "points": 50,
            "rounds-without-defeat": 6, "rulings": rulings, "scenario": scenario,
            "survival-count": "miniatures",
        })
    };
    assert_eq!(
        options,
        [
            (
                1,
                json!({"hth-modifiers": "extra-dice", "max-turns": 500, "turns-without-removal": 100})
            ),
            (
                2,
                json!({"hth-modifiers": "extra-dice", "max-turns": 50, "turns-without-removal": 100})
            ),
            (
                3,
                json!({"acolytes": "fixed", "max-turns": 1000, "quiet-turns": 100, "second-unit": false})
            ),
            (4, cc_defaults("fray-2025", "retrieve")),
            (
                5,
                json!({"hth-modifiers": "add-to-roll", "max-turns": 500, "turns-without-removal": 100})
            ),
            (
                6,
                json!({"acolytes": "chosen", "max-turns": 60, "quiet-turns": 100, "second-unit": false})
            ),
        ]
    );
}

/// 0008 marks the events no spectator can tell happened (a placement told
/// only to its placer), read from their effects' audiences, so that the
/// lobby counts only a spectator's events; and gives the matches played
/// before the rules audit the readings they were played with.
#[tokio::test]
async fn secret_events_are_marked_and_matches_keep_the_readings_of_before_the_audit() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("fray.db").display());
    let mut connection = database_before(dir.path(), &url, "0008").await;
    for (id, system, status, options) in [
        (1, "chess-war", "running", r#"{"points":50}"#),
        (2, "chess-war", "open", r#"{"points":50}"#),
        (
            3,
            "action-chess-faction-chess",
            "finished",
            r#"{"max-turns":500}"#,
        ),
        (
            4,
            "chessboard-confrontation",
            "running",
            r#"{"rulings":"book"}"#,
        ),
        (
            5,
            "chessboard-confrontation",
            "finished",
            r#"{"rulings":"fray-2025"}"#,
        ),
        (
            6,
            "chessboard-confrontation",
            "open",
            r#"{"rulings":"book"}"#,
        ),
    ] {
        let config = format!(r#"{{"system":"{system}","options":{options}}}"#);
        sqlx::query(
            "INSERT INTO matches (id, system, config, seat_count, status, rules_version) \
             VALUES (?, ?, ?, 2, ?, 'old')",
        )
        .bind(id)
        .bind(system)
        .bind(config)
        .bind(status)
        .execute(&mut connection)
        .await
        .unwrap();
    }
    let told = |audience: &str| {
        format!(r#"{{"audience":{audience},"effect":{{"type":"narration","text":"x"}}}}"#)
    };
    let only_seat_0 = format!("[{}]", told(r#"{"kind":"seats","seats":[0]}"#));
    let referee_and_seat_0 = format!(
        "[{},{}]",
        told(r#"{"kind":"referee"}"#),
        told(r#"{"kind":"seats","seats":[0]}"#)
    );
    let everyone = format!("[{}]", told(r#"{"kind":"everyone"}"#));
    let spectators_too = format!(
        "[{}]",
        told(r#"{"kind":"viewers","seats":[{"kind":"seat","seat":1},{"kind":"spectator"}]}"#)
    );
    let seat_1_alone = format!(
        "[{}]",
        told(r#"{"kind":"viewers","seats":[{"kind":"seat","seat":1}]}"#)
    );
    for (seq, seat, effects) in [
        (0, None, "[]"),
        (1, Some(0), only_seat_0.as_str()),
        (2, Some(0), referee_and_seat_0.as_str()),
        (3, Some(1), everyone.as_str()),
        (4, Some(0), spectators_too.as_str()),
        (5, Some(0), seat_1_alone.as_str()),
        (6, Some(1), "[]"),
    ] {
        let kind = if seat.is_some() { "action" } else { "setup" };
        sqlx::query(
            "INSERT INTO events (match_id, seq, kind, seat, action, effects) \
             VALUES (1, ?, ?, ?, NULL, ?)",
        )
        .bind(seq)
        .bind(kind)
        .bind(seat)
        .bind(effects)
        .execute(&mut connection)
        .await
        .unwrap();
    }
    connection.close().await.unwrap();

    let pool = db::connect(&url)
        .await
        .expect("the newer server migrates it");
    let secret: Vec<(i64, i64)> =
        sqlx::query_as("SELECT seq, secret FROM events WHERE match_id = 1 ORDER BY seq")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(
        secret,
        [(0, 0), (1, 1), (2, 1), (3, 0), (4, 0), (5, 1), (6, 1)]
    );
    let log = events::all(&pool, MatchId(1)).await.unwrap();
    let by_the_protocols_rule: Vec<(i64, i64)> = log
        .iter()
        .map(|event| {
            let secret = fray_protocol::is_secret(event.seat, &event.effects);
            (event.seq as i64, i64::from(secret))
        })
        .collect();
    assert_eq!(
        secret, by_the_protocols_rule,
        "the migration reads as the server does"
    );
    let rulings: Vec<(i64, Option<String>)> = sqlx::query_as(
        "SELECT id, json_extract(config, '$.options.rulings') FROM matches ORDER BY id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let rulings: Vec<(i64, Option<&str>)> = rulings
        .iter()
        .map(|(id, value)| (*id, value.as_deref()))
        .collect();
    assert_eq!(
        rulings,
        [
            (1, Some("fray-2026")),
            (2, Some("book")),
            (3, Some("fray-2026")),
            (4, Some("fray-2026")),
            (5, Some("fray-2025")),
            (6, Some("book")),
        ]
    );
    let summary = db::matches::summary(&pool, MatchId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(summary.seq, 2, "a spectator knows of events 3 and 4 alone");
}
