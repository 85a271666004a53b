//! What every HTTP handler and websocket connection shares: the database,
//! the matches' table, the settings and the metrics.

use std::sync::Arc;

use fray_protocol::SystemInfo;
use sqlx::SqlitePool;
use tokio::sync::watch;

use crate::config::Config;
use crate::db::{DbError, WriteTurn, WriteTx};
use crate::metrics::Metrics;
use crate::table::Tables;

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
