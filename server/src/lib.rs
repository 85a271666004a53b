//! Fray's authoritative game server.
//!
//! This release is the lobby's first room: a health check and the list of
//! game systems, served over HTTP. Matches, websocket play and storage
//! (issue 4) arrive in later releases; see `DESIGN.md` for the shape.

pub mod config;
pub mod http;
mod shutdown;

use std::future::Future;
use std::io;

use tokio::net::TcpListener;

pub use config::Config;
pub use http::{AppState, app};
pub use shutdown::shutdown_signal;

/// Serves the HTTP API on `listener` until `shutdown` completes, then stops
/// taking connections and waits for those in flight to finish.
pub async fn serve<F>(listener: TcpListener, shutdown: F) -> io::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    let router = app(AppState::new());
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown)
        .await
}
