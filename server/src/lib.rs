//! Fray's authoritative game server: the lobby (REST), live play over
//! websockets, one actor per match, every accepted action committed to SQLite
//! before anyone hears of it, and matches rebuilt from their logs after a
//! crash. See docs/design.md for the shape.

// The one exception is the store's SQLite writer (store/log_writer.rs),
// behind a safe type.
#![deny(unsafe_code)]

pub mod auth;
pub mod config;
pub mod db;
pub mod house_bots;
pub mod http;
pub mod lobby;
pub mod metrics;
mod net;
pub mod outbox;
mod shutdown;
pub mod state;
pub mod store;
pub mod table;
pub mod text;
mod token_bucket;
pub mod tools;
pub mod ws;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use fray_protocol::SystemInfo;
use thiserror::Error;
use tokio::net::TcpListener;
use tokio::sync::watch;

pub use config::Config;
pub use http::app;
pub use net::listen;
pub use shutdown::shutdown_signal;
pub use state::AppState;

use house_bots::HouseBots;
use metrics::Metrics;
use store::Store;
use table::{TableConfig, Tables};

/// How long the store may take to write what is queued once serving stops.
const FLUSH_TIMEOUT: Duration = Duration::from_secs(30);

#[derive(Debug, Error)]
pub enum ServeError {
    #[error(transparent)]
    Db(#[from] db::DbError),
    #[error("the server stopped on an error: {0}")]
    Io(#[from] std::io::Error),
}

/// Opens the database and serves on `listener` until `shutdown` completes,
/// resuming unfinished matches meanwhile (any one at once if asked for);
/// then closes every connection, lets each match finish what it was doing,
/// and waits for the store to write it all.
pub async fn serve<F>(listener: TcpListener, config: Config, shutdown: F) -> Result<(), ServeError>
where
    F: Future<Output = ()> + Send + 'static,
{
    serve_offering(listener, config, fray_rules::systems(), shutdown).await
}

/// Serves as [`serve`] does, describing the game systems by `systems`
/// instead of the rules' own descriptions. The server does what a
/// description says (its seats, its options, whether its armies are
/// secret); tests hold it to a description no system gives yet, such as
/// secret armies, through this.
pub async fn serve_offering<F>(
    listener: TcpListener,
    config: Config,
    systems: Vec<SystemInfo>,
    shutdown: F,
) -> Result<(), ServeError>
where
    F: Future<Output = ()> + Send + 'static,
{
    let db = db::connect_writable(&config.database).await?;
    let turn = db::WriteTurn::default();
    let metrics = Arc::new(Metrics::new());
    let (store, store_thread) = Store::start(db.clone(), turn.clone(), metrics.clone())?;
    let bots = HouseBots::load(
        &db,
        &systems,
        config.bot_threads as usize,
        config.bot_budget,
        metrics.clone(),
    )
    .await?;
    let tables = Tables::new(
        db.clone(),
        store,
        Arc::new(bots),
        TableConfig {
            abandon_after: config.abandon_after(),
            join_grace: Duration::from_secs(config.join_grace_seconds),
            history: config.resume_history,
            finished_kept: config.finished_matches_kept,
        },
        metrics.clone(),
    );
    // Read before listening, so that a database that cannot be read stops
    // the start; the matches are then rebuilt while the server serves.
    let unfinished = tables.unfinished().await?;
    tracing::info!(matches = unfinished.len(), "resuming unfinished matches");
    let recovering = tokio::spawn({
        let tables = tables.clone();
        async move { tables.recover(unfinished).await }
    });

    let (stop, stopping) = watch::channel(false);
    let limits = config.connection_limits();
    let state = AppState::new(
        systems,
        db.clone(),
        turn,
        tables.clone(),
        config,
        stopping,
        metrics.clone(),
    );
    net::serve(listener, app(state), limits, metrics, async move {
        shutdown.await;
        let _ = stop.send(true);
    })
    .await;
    // A recovery still going would start actors after the table closes.
    recovering.abort();
    let _ = recovering.await;
    tables.close().await;
    drop(tables);
    if tokio::time::timeout(FLUSH_TIMEOUT, store_thread.finished())
        .await
        .is_err()
    {
        tracing::error!("the store did not finish writing in time");
    }
    db.close().await;
    Ok(())
}
