//! The HTTP API: the router, its errors, one file per resource. The state
//! it shares with the websockets is [`crate::state`]; who a request speaks
//! for, [`crate::auth`].

mod army_lists;
mod error;
mod extract;
mod health;
mod history;
mod limiter;
mod matches;
mod metrics;
mod page;
mod players;
mod suggestion;
mod systems;
mod throttle;
mod web;

use axum::Router;
use axum::middleware;
use axum::routing::{get, post};

use crate::state::AppState;

pub use error::ApiError;

/// The router: every route, and JSON errors for the rest; the lobby's
/// writes limited per client address.
pub fn app(state: AppState) -> Router {
    let throttle = throttle::Throttle::new(&state.config);
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/metrics", get(metrics::serve))
        .route("/api/systems", get(systems::list))
        .route("/api/players", post(players::create))
        .route("/api/players/me", get(players::me))
        .route(
            "/api/army-lists",
            get(army_lists::list).post(army_lists::create),
        )
        .route("/api/army-lists/check", post(army_lists::check))
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
        .route("/api/matches/{id}/suggestion", post(suggestion::suggest))
        .route("/api/matches/{id}/replay", get(matches::replay))
        .route("/api/matches/{id}/history", get(history::history))
        .route("/ws", get(crate::ws::upgrade))
        .route("/", get(web::index))
        .route("/web/{file}", get(web::asset))
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
