//! `GET /healthz`: the server is up, which version it is, and whether it is
//! still resuming the matches a restart interrupted.

use axum::Json;
use axum::extract::State;
use serde::Serialize;

use super::AppState;
use crate::table::RecoveryProgress;

#[derive(Debug, Serialize)]
pub struct Health {
    /// `ok`, or `resuming` while unfinished matches are still being rebuilt
    /// after a restart (the server serves meanwhile: a match asked for is
    /// rebuilt at once).
    pub status: &'static str,
    pub version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resuming: Option<RecoveryProgress>,
}

pub async fn healthz(State(state): State<AppState>) -> Json<Health> {
    let recovery = state.tables.recovery();
    let resuming = (!recovery.done).then_some(recovery);
    Json(Health {
        status: if resuming.is_some() { "resuming" } else { "ok" },
        version: env!("CARGO_PKG_VERSION"),
        resuming,
    })
}

#[cfg(test)]
mod tests {
    use tokio::sync::watch;

    use super::*;
    use crate::Config;
    use crate::table::testing::{database, stored_match, tables};

    async fn health(state: &AppState) -> serde_json::Value {
        let Json(health) = healthz(State(state.clone())).await;
        serde_json::to_value(health).unwrap()
    }

    #[tokio::test]
    async fn says_resuming_with_its_progress_until_every_unfinished_match_is_back() {
        let (dir, tables) = tables().await;
        stored_match(&tables, "a").await;
        stored_match(&tables, "b").await;
        let (_stop, stopping) = watch::channel(false);
        let db = database(&tables);
        let config = Config::with_database(format!("sqlite://{}", dir.path().display()));
        let state = AppState::new(
            db,
            Default::default(),
            tables.clone(),
            config,
            stopping,
            Default::default(),
        );

        let unfinished = tables.unfinished().await.unwrap();
        let version = env!("CARGO_PKG_VERSION");
        assert_eq!(
            health(&state).await,
            serde_json::json!({
                "status": "resuming",
                "version": version,
                "resuming": {"matches": 2, "resumed": 0, "failed": 0},
            })
        );

        tables.recover(unfinished).await;
        assert_eq!(
            health(&state).await,
            serde_json::json!({"status": "ok", "version": version})
        );
    }
}
