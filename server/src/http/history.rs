//! `GET /api/matches/{id}/history`: a match's log as one viewer was told
//! it, so a client that joins late or comes back shows everything from the
//! set-up on, rebuilt from what the server stored rather than what it kept.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use fray_protocol::{ErrorCode, History, HistoryEvent, MatchId, MatchStatus, Role, Viewer};
use serde::Deserialize;

use super::ApiError;
use super::extract::{PathId, QueryParams, player_of};
use super::page::PageQuery;
use crate::db;
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct HistoryQuery {
    /// Whose view: `player` (the token's seat) or `spectator` (the default).
    pub role: Option<Role>,
    /// Only events up to this `seq` (of the viewer's own sequence): the one
    /// a snapshot was taken at.
    pub upto: Option<u64>,
    /// Only events after this `seq` (of the viewer's own sequence): the
    /// `next` of the page before.
    pub after: Option<u64>,
    /// At most this many events on the page.
    pub limit: Option<usize>,
}

pub async fn history(
    State(state): State<AppState>,
    PathId(id): PathId<MatchId>,
    headers: HeaderMap,
    QueryParams(query): QueryParams<HistoryQuery>,
) -> Result<Json<History>, ApiError> {
    let summary = db::matches::summary(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no match {id}")))?;
    if summary.status == MatchStatus::Open {
        return Err(ApiError::conflict(
            ErrorCode::MatchNotRunning,
            format!("match {id} has not started: its history begins when the last seat is taken"),
        ));
    }
    let viewer = match query.role.unwrap_or(Role::Spectator) {
        Role::Spectator => Viewer::Spectator,
        Role::Player => {
            let player = player_of(&headers, &state).await?;
            let seat = summary.seat_of(player.id).ok_or_else(|| {
                ApiError::forbidden(format!(
                    "you hold no seat in match {id}; ask for role=spectator"
                ))
            })?;
            Viewer::Seat(seat)
        }
    };
    let events = db::events::all(&state.db, id).await?;
    let upto = query.upto.unwrap_or(u64::MAX);
    let page = PageQuery {
        after: query.after,
        limit: query.limit,
    }
    .page(
        state.config.events_per_page,
        HistoryEvent::sequence_of(&events, viewer).take_while(|event| event.seq <= upto),
        |event| event.seq,
    )?;
    Ok(Json(History {
        match_id: id,
        seat: viewer.seat(),
        events: page.events,
        next: page.next,
    }))
}
