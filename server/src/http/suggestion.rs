//! `POST /api/matches/{id}/suggestion`: what a house bot of the level
//! asked for would do in the asker's own seat, decided as a bot seat's
//! decisions are (from what that seat may see, on the bots' threads).
//! `fray bot` plays a seat at any level by asking this. One question per
//! player at a time.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use fray_protocol::{ErrorCode, MatchId, Suggestion, SuggestionRequest};
use tokio::sync::oneshot;

use super::ApiError;
use super::extract::{JsonBody, PathId, Player};
use crate::house_bots::Thought;
use crate::state::AppState;
use crate::table::{Command, Refusal};

pub async fn suggest(
    State(state): State<AppState>,
    Player(player): Player,
    PathId(id): PathId<MatchId>,
    JsonBody(request): JsonBody<SuggestionRequest>,
) -> Result<Json<Suggestion>, ApiError> {
    let handle = state.tables.get(id).await?;
    let seat = handle
        .seat_of(player.id)
        .ok_or_else(|| ApiError::forbidden(format!("you hold no seat in match {id}")))?;
    let _asked = state.bots.asking.ask(player.id).ok_or_else(|| {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::RateLimited,
            "a suggestion you asked for is still being thought; one at a time",
        )
    })?;
    let (answer, position) = oneshot::channel();
    handle.send(Command::Position { seat, answer }).await;
    let position = position.await.map_err(|_| Refusal::restarting())?;
    if position.over {
        return Err(ApiError::conflict(
            ErrorCode::GameOver,
            format!("match {id} is over: there is nothing to suggest"),
        ));
    }
    let seed = position.seq ^ (player.id.0 as u64).rotate_left(32);
    let thought = state
        .bots
        .thinking
        .decide(position.game, seat, request.level, seed)
        .await
        .map_err(|_| ApiError::internal("the house bots' threads are gone"))?;
    let action = match thought {
        Thought::Act(decision) => decision.map(|decision| decision.action),
        Thought::Value(_) => None,
    };
    Ok(Json(Suggestion {
        seq: position.seq,
        action,
    }))
}
