//! `GET /api/systems`: every game system with its options, armies and unit
//! profiles, as the rules describe them.

use axum::Json;
use axum::extract::State;
use fray_protocol::SystemInfo;

use crate::state::AppState;

pub async fn list(State(state): State<AppState>) -> Json<Vec<SystemInfo>> {
    Json(state.systems.to_vec())
}
