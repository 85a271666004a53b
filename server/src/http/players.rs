//! `POST /api/players`: register a player under a name nobody holds (in any
//! case); the answer holds its token, shown this once. `GET
//! /api/players/me`: the player a token names, for a client logging in with
//! a token it was given.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use fray_protocol::{ErrorCode, NewPlayer, PlayerCreated, PlayerRef};

use super::ApiError;
use super::extract::{JsonBody, Player};
use crate::auth::{new_token, token_hash};
use crate::db;
use crate::state::AppState;
use crate::text::PLAYER_NAME;

pub async fn create(
    State(state): State<AppState>,
    JsonBody(new): JsonBody<NewPlayer>,
) -> Result<(StatusCode, Json<PlayerCreated>), ApiError> {
    let name = new.name.trim();
    PLAYER_NAME.check(name)?;
    if db::players::is_house_bot_name(name) {
        return Err(ApiError::conflict(
            ErrorCode::NameTaken,
            format!(
                "the name '{name}' is kept for the house bots: names beginning \"Fray bot\" are theirs; choose another"
            ),
        ));
    }
    let token = new_token();
    let mut tx = state.write().await?;
    let id = db::players::create(&mut tx, name, &token_hash(&token))
        .await
        .map_err(|error| {
            if error.is_unique_violation() {
                ApiError::conflict(
                    ErrorCode::NameTaken,
                    format!(
                        "the name '{name}' is taken: another player holds it (in this or \
                         another case); choose another"
                    ),
                )
            } else {
                error.into()
            }
        })?;
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

/// `GET /api/players/me`: whose token this is (a `401` says why when it is
/// no one's).
pub async fn me(Player(player): Player) -> Json<PlayerRef> {
    Json(player)
}
