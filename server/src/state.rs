//! What every HTTP handler and websocket connection shares: the database,
//! the matches' table, the settings and the metrics.

use std::sync::Arc;

use fray_protocol::{SystemId, SystemInfo};
use sqlx::SqlitePool;
use tokio::sync::watch;

use crate::config::Config;
use crate::db::{DbError, WriteTurn, WriteTx};
use crate::house_bots::HouseBots;
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
    /// The house bots, as the table knows them.
    pub bots: Arc<HouseBots>,
    pub config: Arc<Config>,
    /// Turns true when the server begins to stop; connections close then.
    pub stopping: watch::Receiver<bool>,
    pub metrics: Arc<Metrics>,
}

impl AppState {
    /// The state of a server that offers `systems`: the rules' own
    /// descriptions ([`fray_rules::systems`]), or in tests one changed.
    pub fn new(
        systems: Vec<SystemInfo>,
        db: SqlitePool,
        turn: WriteTurn,
        tables: Tables,
        config: Config,
        stopping: watch::Receiver<bool>,
        metrics: Arc<Metrics>,
    ) -> AppState {
        AppState {
            systems: systems.into(),
            db,
            turn,
            bots: tables.house_bots().clone(),
            tables,
            config: Arc::new(config),
            stopping,
            metrics,
        }
    }

    /// Whether `system` keeps each army secret from all but its player
    /// until its game reveals it, as the system's description says: the one
    /// place the server reads it. A system this server does not offer has
    /// no match here, and no secret.
    pub fn armies_secret(&self, system: SystemId) -> bool {
        self.systems
            .iter()
            .any(|info| info.id == system && info.secret_armies)
    }

    /// A transaction for the lobby's writes, begun in its turn.
    pub async fn write(&self) -> Result<WriteTx, DbError> {
        WriteTx::begin(&self.db, &self.turn).await
    }
}
