//! `GET /healthz`: the server is up, which version it is, whether it is
//! still resuming the matches a restart interrupted, and whether its storage
//! is failing.

use std::time::{SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;

use crate::db::health::Faults;
use crate::state::AppState;
use crate::table::RecoveryProgress;

#[derive(Debug, Serialize)]
pub struct Health {
    /// `ok`; `resuming` while unfinished matches are still being rebuilt
    /// after a restart (the server serves meanwhile: a match asked for is
    /// rebuilt at once); `degraded` while storage is failing, which wins
    /// over `resuming`: a match being resumed is on its way, one whose
    /// actions cannot be stored is not.
    pub status: &'static str,
    pub version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resuming: Option<RecoveryProgress>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub storage: Option<StorageFailing>,
}

/// Why the server is degraded.
#[derive(Debug, Serialize)]
pub struct StorageFailing {
    /// `writes` (nothing can be committed: actions are refused, lobby
    /// writes answer 500) and/or `checkpoints` (the write-ahead log cannot
    /// be copied back into the database and grows).
    pub failing: Vec<&'static str>,
    /// When the first of them began to fail, in UTC (RFC 3339).
    pub failing_since: String,
    /// SQLite's words for the last failure, e.g. "database or disk is full";
    /// that of writes when they fail.
    pub error: String,
}

impl StorageFailing {
    fn from_faults(faults: &Faults) -> Option<StorageFailing> {
        let since = faults.iter().map(|(_, fault)| fault.since).min()?;
        let (_, shown) = faults.iter().next()?;
        Some(StorageFailing {
            failing: faults.iter().map(|(work, _)| work.as_str()).collect(),
            failing_since: rfc3339(since),
            error: shown.error.clone(),
        })
    }
}

/// 200 while the server can do its work (`ok`, `resuming`); 503 while it is
/// `degraded`, for monitors that look only at the status.
pub async fn healthz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let recovery = state.tables.recovery();
    let resuming = (!recovery.done).then_some(recovery);
    let storage = StorageFailing::from_faults(&state.turn.health().current());
    let (code, status) = match (&storage, &resuming) {
        (Some(_), _) => (StatusCode::SERVICE_UNAVAILABLE, "degraded"),
        (None, Some(_)) => (StatusCode::OK, "resuming"),
        (None, None) => (StatusCode::OK, "ok"),
    };
    let health = Health {
        status,
        version: env!("CARGO_PKG_VERSION"),
        resuming,
        storage,
    };
    (code, Json(health))
}

/// `time` as `YYYY-MM-DDThh:mm:ssZ`, to the second.
fn rfc3339(time: SystemTime) -> String {
    let seconds = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let (days, second_of_day) = ((seconds / 86_400) as i64, seconds % 86_400);
    // Howard Hinnant's civil_from_days: the proleptic Gregorian date of a
    // day counted from 1970-01-01, through 400-year eras from 0000-03-01.
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        second_of_day / 3_600,
        second_of_day / 60 % 60,
        second_of_day % 60
    )
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::sync::watch;

    use super::*;
    use crate::Config;
    use crate::db::DbError;
    use crate::db::health::Work;
    use crate::table::Tables;
    use crate::table::testing::{database, stored_match, tables};

    async fn health(state: &AppState) -> (u16, serde_json::Value) {
        let (status, Json(health)) = healthz(State(state.clone())).await;
        (status.as_u16(), serde_json::to_value(health).unwrap())
    }

    fn full_disk() -> DbError {
        DbError::Sqlite {
            code: libsqlite3_sys::SQLITE_FULL,
            message: "database or disk is full".into(),
        }
    }

    /// The state a server with `tables` serves with.
    fn app_state(dir: &tempfile::TempDir, tables: &Tables) -> AppState {
        let (_stop, stopping) = watch::channel(false);
        let config = Config::with_database(format!("sqlite://{}", dir.path().display()));
        AppState::new(
            fray_rules::systems(),
            database(tables),
            Default::default(),
            tables.clone(),
            config,
            stopping,
            Default::default(),
        )
    }

    #[tokio::test]
    async fn says_resuming_with_its_progress_until_every_unfinished_match_is_back() {
        let (dir, tables) = tables().await;
        stored_match(&tables, "a").await;
        stored_match(&tables, "b").await;
        let state = app_state(&dir, &tables);

        let unfinished = tables.unfinished().await.unwrap();
        let version = env!("CARGO_PKG_VERSION");
        assert_eq!(
            health(&state).await,
            (
                200,
                serde_json::json!({
                    "status": "resuming",
                    "version": version,
                    "resuming": {"matches": 2, "resumed": 0, "failed": 0},
                })
            )
        );

        tables.recover(unfinished).await;
        assert_eq!(
            health(&state).await,
            (200, serde_json::json!({"status": "ok", "version": version}))
        );
    }

    /// Degraded wins over resuming, and answers 503; the storage's health
    /// clearing brings back what holds without it.
    #[tokio::test]
    async fn says_degraded_with_what_fails_since_when_and_why_while_storage_fails() {
        let (dir, tables) = tables().await;
        stored_match(&tables, "a").await;
        let state = app_state(&dir, &tables);
        let storage = state.turn.health();
        let _unfinished = tables.unfinished().await.unwrap();

        storage.failed(Work::Checkpoints, &full_disk());
        storage.failed(Work::Writes, &full_disk());
        let first = storage.current().checkpoints.unwrap().since;
        let (status, body) = health(&state).await;
        assert_eq!(status, 503, "{body}");
        assert_eq!(
            body,
            serde_json::json!({
                "status": "degraded",
                "version": env!("CARGO_PKG_VERSION"),
                "resuming": {"matches": 1, "resumed": 0, "failed": 0},
                "storage": {
                    "failing": ["writes", "checkpoints"],
                    "failing_since": rfc3339(first),
                    "error": "database or disk is full",
                },
            })
        );

        storage.worked(Work::Writes);
        storage.worked(Work::Checkpoints);
        let (status, body) = health(&state).await;
        assert_eq!((status, &body["status"]), (200, &"resuming".into()));
        assert!(body.get("storage").is_none(), "{body}");
    }

    #[test]
    fn times_are_written_in_utc_to_the_second() {
        let at = |seconds| rfc3339(UNIX_EPOCH + Duration::from_secs(seconds));
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        assert_eq!(at(946_684_799), "1999-12-31T23:59:59Z");
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(at(1_709_210_096), "2024-02-29T12:34:56Z");
    }
}
