//! The HTTP API: the router, its shared state, its errors, one file per
//! resource.

mod army_lists;
mod error;
mod extract;
mod health;
mod history;
mod limiter;
mod matches;
mod players;
mod systems;
pub(crate) mod text;
mod throttle;

use std::sync::Arc;

use axum::Router;
use axum::middleware;
use axum::routing::{get, post};
use fray_protocol::SystemInfo;
use sqlx::SqlitePool;
use tokio::sync::watch;

use crate::config::Config;
use crate::db::{DbError, WriteTurn, WriteTx};
use crate::metrics::{self, Metrics};
use crate::table::Tables;

pub use error::ApiError;
pub use extract::authenticate;
pub use matches::fray_rules_version;

/// What every handler may read. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    /// The game systems, as the rules describe them; fixed for the life of
    /// the process.
    pub systems: Arc<[SystemInfo]>,
    /// For reading; writes go through [`AppState::write`].
    pub db: SqlitePool,
    /// Shared with the store: SQLite has one writer at a time. Each reports
    /// to its health whether storage works ([`WriteTurn::health`]).
    pub turn: WriteTurn,
    pub tables: Tables,
    pub config: Arc<Config>,
    /// Turns true when the server begins to stop; connections close then.
    pub stopping: watch::Receiver<bool>,
    pub metrics: Arc<Metrics>,
}

impl AppState {
    pub fn new(
        db: SqlitePool,
        turn: WriteTurn,
        tables: Tables,
        config: Config,
        stopping: watch::Receiver<bool>,
        metrics: Arc<Metrics>,
    ) -> AppState {
        AppState {
            systems: fray_rules::systems().into(),
            db,
            turn,
            tables,
            config: Arc::new(config),
            stopping,
            metrics,
        }
    }

    /// A transaction for the lobby's writes, begun in its turn.
    pub async fn write(&self) -> Result<WriteTx, DbError> {
        WriteTx::begin(&self.db, &self.turn).await
    }
}

/// The router: every route, and JSON errors for the rest; the lobby's
/// writes limited per client address.
pub fn app(state: AppState) -> Router {
    let throttle = throttle::Throttle::new(&state.config);
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/metrics", get(metrics::serve))
        .route("/api/systems", get(systems::list))
        .route("/api/players", post(players::create))
        .route(
            "/api/army-lists",
            get(army_lists::list).post(army_lists::create),
        )
        .route(
            "/api/army-lists/{id}",
            get(army_lists::show)
                .put(army_lists::replace)
                .delete(army_lists::delete),
        )
        .route("/api/matches", get(matches::list).post(matches::create))
        .route("/api/matches/{id}", get(matches::show))
        .route("/api/matches/{id}/join", post(matches::join))
        .route("/api/matches/{id}/resign", post(matches::resign))
        .route("/api/matches/{id}/rematch", post(matches::rematch))
        .route("/api/matches/{id}/replay", get(matches::replay))
        .route("/api/matches/{id}/history", get(history::history))
        .route("/ws", get(crate::ws::upgrade))
        .fallback(error::not_found)
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(middleware::from_fn_with_state(throttle, throttle::limit))
        // Outermost, so that it counts the limit's refusals too.
        .layer(middleware::from_fn_with_state(
            state.clone(),
            error::count_refusals,
        ))
        .with_state(state)
}
