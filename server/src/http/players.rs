//! `POST /api/players`: register a player; the answer holds its token, shown
//! this once.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use fray_protocol::{NewPlayer, PlayerCreated};

use super::extract::JsonBody;
use super::{ApiError, AppState};
use crate::auth::{new_token, token_hash};
use crate::db;

/// Names are shown to other players; keep them short enough for a table.
const MAX_NAME_CHARS: usize = 32;

pub async fn create(
    State(state): State<AppState>,
    JsonBody(new): JsonBody<NewPlayer>,
) -> Result<(StatusCode, Json<PlayerCreated>), ApiError> {
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::bad_request(format!(
            "a player's name has 1 to {MAX_NAME_CHARS} characters"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "a player's name cannot hold control characters",
        ));
    }
    let token = new_token();
    let mut tx = state.write().await?;
    let id = db::players::create(&mut tx, name, &token_hash(&token)).await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(PlayerCreated {
            id,
            name: name.to_owned(),
            token,
        }),
    ))
}
