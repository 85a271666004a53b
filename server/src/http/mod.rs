//! The HTTP API: the router, its shared state, its errors, one file per
//! handler.

mod error;
mod health;
mod systems;

use std::sync::Arc;

use axum::Router;
use axum::routing::get;
use fray_protocol::SystemInfo;

pub use error::ApiError;

/// What every handler may read. Cheap to clone.
#[derive(Debug, Clone)]
pub struct AppState {
    /// The game systems, as the rules describe them; fixed for the life of
    /// the process.
    pub systems: Arc<[SystemInfo]>,
}

impl AppState {
    pub fn new() -> AppState {
        AppState {
            systems: fray_rules::systems().into(),
        }
    }
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new()
    }
}

/// The router: every route, and JSON errors for the rest.
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/api/systems", get(systems::list))
        .fallback(error::not_found)
        .method_not_allowed_fallback(error::method_not_allowed)
        .with_state(state)
}
