//! `GET /metrics`: the server's figures in the OpenMetrics text format,
//! with the storage's health read as it is asked for.

use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;

use crate::metrics::OPENMETRICS;
use crate::state::AppState;

pub async fn serve(State(state): State<AppState>) -> impl IntoResponse {
    state.metrics.storage(&state.turn.health().current());
    ([(CONTENT_TYPE, OPENMETRICS)], state.metrics.encode())
}
