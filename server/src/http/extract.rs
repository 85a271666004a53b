//! Request extractors that fail with the API's JSON errors: a JSON body, and
//! the player a bearer token names (or may name).

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use fray_protocol::PlayerRef;
use serde::de::DeserializeOwned;

use super::ApiError;
use crate::auth;
use crate::state::AppState;

/// A JSON request body; a body that is not JSON, or not this type, is a 400
/// that says what is wrong with it.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(request, state).await {
            Ok(axum::Json(value)) => Ok(JsonBody(value)),
            Err(rejection) => Err(ApiError::bad_request(rejection.body_text())),
        }
    }
}

/// The player whose token came with the request.
pub struct Player(pub PlayerRef);

impl FromRequestParts<AppState> for Player {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        player_of(&parts.headers, state).await.map(Player)
    }
}

/// The player whose token came with the request, or `None` when none came:
/// for reads anyone may make, that show a player more of what is theirs
/// (the army list of their own seat, where armies are secret). A token that
/// came but is malformed or unknown is refused as anywhere else, so that a
/// stale login is told so rather than shown less.
pub struct MaybePlayer(pub Option<PlayerRef>);

impl FromRequestParts<AppState> for MaybePlayer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        match auth::bearer_player(&state.db, &parts.headers).await {
            Ok(player) => Ok(MaybePlayer(Some(player))),
            Err(auth::AuthError::Missing) => Ok(MaybePlayer(None)),
            Err(error) => Err(error.into()),
        }
    }
}

/// The player whose token is in `headers`; a 401 that says why when there is
/// none or it is not one this server issued.
pub async fn player_of(headers: &HeaderMap, state: &AppState) -> Result<PlayerRef, ApiError> {
    Ok(auth::bearer_player(&state.db, headers).await?)
}

/// An id from the path; anything else is a 400 that says so.
pub struct PathId<T>(pub T);

impl<T> FromRequestParts<AppState> for PathId<T>
where
    T: DeserializeOwned + Send,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(id)) => Ok(PathId(id)),
            Err(rejection) => Err(ApiError::bad_request(rejection.body_text())),
        }
    }
}

/// Query parameters; ones that do not parse are a 400 that says which.
pub struct QueryParams<T>(pub T);

impl<T, S> FromRequestParts<S> for QueryParams<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(query)) => Ok(QueryParams(query)),
            Err(rejection) => Err(ApiError::bad_request(rejection.body_text())),
        }
    }
}
