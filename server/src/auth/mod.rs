//! Who a request or a connection speaks for: bearer tokens, and the player
//! a token names. HTTP and websockets both authenticate here; each says a
//! refusal in its own form.

mod token;

use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use fray_protocol::PlayerRef;
use sqlx::SqlitePool;
use thiserror::Error;

use crate::db::{self, DbError};

pub use token::{new_token, to_hex, token_hash};

/// Why a request names no player.
#[derive(Debug, Error)]
pub enum AuthError {
    #[error(
        "this needs a player's token: send 'Authorization: Bearer <token>' (POST /api/players gives one)"
    )]
    Missing,
    #[error("the Authorization header must be 'Bearer <token>'")]
    Malformed,
    #[error("the token is not one this server issued")]
    Unknown,
    #[error(transparent)]
    Db(#[from] DbError),
}

/// The player a token names, if any.
pub async fn authenticate(db: &SqlitePool, token: &str) -> Result<Option<PlayerRef>, DbError> {
    db::players::by_token_hash(db, &token_hash(token)).await
}

/// The player whose token is in `headers`' `Authorization: Bearer <token>`.
pub async fn bearer_player(db: &SqlitePool, headers: &HeaderMap) -> Result<PlayerRef, AuthError> {
    let header = headers.get(AUTHORIZATION).ok_or(AuthError::Missing)?;
    let token = header
        .to_str()
        .ok()
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim)
        .ok_or(AuthError::Malformed)?;
    authenticate(db, token).await?.ok_or(AuthError::Unknown)
}
