//! `/api/matches`: create, list, show, join, resign, rematch, and the replay
//! of a finished match. Making and starting matches is the lobby's
//! ([`crate::lobby`]); this says its answers over HTTP. Every summary is
//! shown as its asker may see it ([`lobby::shown_to`]): where a system keeps
//! armies secret, a player sees only their own seat's.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use fray_protocol::{
    BotArmy, ErrorCode, JoinMatch, MatchId, MatchStatus, MatchSummary, NewMatch, PlayerId, Replay,
    SystemId,
};
use serde::Deserialize;

use super::ApiError;
use super::army_lists::owned;
use super::extract::{JsonBody, MaybePlayer, PathId, Player, QueryParams};
use super::page::PageQuery;
use crate::auth::to_hex;
use crate::db;
use crate::house_bots::army::DrawnArmy;
use crate::lobby::{self, BotArmyChoice, BotRequest};
use crate::state::AppState;
use crate::table::Command;

/// The matches one list answer holds unless asked for fewer or more.
const DEFAULT_LIST: u32 = 50;
/// The most matches one list answer holds.
const MAX_LIST: u32 = 200;

#[derive(Debug, Deserialize)]
pub struct ListQuery {
    pub status: Option<String>,
    pub system: Option<String>,
    /// A player id: only matches that player sits in.
    pub player: Option<i64>,
    pub limit: Option<u32>,
}

pub async fn list(
    State(state): State<AppState>,
    MaybePlayer(viewer): MaybePlayer,
    QueryParams(query): QueryParams<ListQuery>,
) -> Result<Json<Vec<MatchSummary>>, ApiError> {
    let filter = db::matches::MatchFilter {
        status: query
            .status
            .map(|text| text.parse::<MatchStatus>())
            .transpose()
            .map_err(ApiError::bad_request)?,
        system: query
            .system
            .map(|text| text.parse::<SystemId>())
            .transpose()
            .map_err(ApiError::bad_request)?,
        player: query.player.map(fray_protocol::PlayerId),
        limit: match query.limit {
            None => DEFAULT_LIST,
            Some(limit @ 1..=MAX_LIST) => limit,
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "limit may be 1 to {MAX_LIST}, not {other}"
                )));
            }
        },
    };
    let viewer = viewer.map(|player| player.id);
    let matches = db::matches::list(&state.db, &filter).await?;
    Ok(Json(
        matches
            .into_iter()
            .map(|summary| lobby::shown_to(&state, summary, viewer))
            .collect(),
    ))
}

pub async fn show(
    State(state): State<AppState>,
    MaybePlayer(viewer): MaybePlayer,
    PathId(id): PathId<MatchId>,
) -> Result<Json<MatchSummary>, ApiError> {
    summary_for(&state, id, viewer.map(|player| player.id))
        .await
        .map(Json)
}

pub async fn create(
    State(state): State<AppState>,
    Player(player): Player,
    JsonBody(new): JsonBody<NewMatch>,
) -> Result<(StatusCode, Json<MatchSummary>), ApiError> {
    let list = owned(&state, &player, new.army_list).await?.list;
    let mut bots = Vec::with_capacity(new.bots.len());
    for bot in &new.bots {
        bots.push(BotRequest {
            seat: bot.seat,
            level: bot.level,
            army: match &bot.army {
                BotArmy::Example { index } => BotArmyChoice::Drawn(DrawnArmy::Example(*index)),
                BotArmy::Random { army } => BotArmyChoice::Drawn(DrawnArmy::Random(army.clone())),
                BotArmy::List { army_list } => {
                    BotArmyChoice::List(owned(&state, &player, *army_list).await?.list)
                }
            },
        });
    }
    let id = lobby::create(&state, &player, list, new, &bots).await?;
    Ok((
        StatusCode::CREATED,
        Json(summary_for(&state, id, Some(player.id)).await?),
    ))
}

pub async fn join(
    State(state): State<AppState>,
    Player(player): Player,
    PathId(id): PathId<MatchId>,
    JsonBody(join): JsonBody<JoinMatch>,
) -> Result<Json<MatchSummary>, ApiError> {
    let list = owned(&state, &player, join.army_list).await?.list;
    lobby::join(&state, &player, id, &list).await?;
    Ok(Json(summary_for(&state, id, Some(player.id)).await?))
}

/// `POST /api/matches/{id}/rematch`: the caller, a player of the finished
/// match `id`, takes their seat in its rematch ([`lobby::rematch`]); 201
/// if this request made it.
pub async fn rematch(
    State(state): State<AppState>,
    Player(player): Player,
    PathId(id): PathId<MatchId>,
) -> Result<(StatusCode, Json<MatchSummary>), ApiError> {
    let rematch = lobby::rematch(&state, &player, id).await?;
    let status = if rematch.created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((
        status,
        Json(summary_for(&state, rematch.id, Some(player.id)).await?),
    ))
}

pub async fn resign(
    State(state): State<AppState>,
    Player(player): Player,
    PathId(id): PathId<MatchId>,
) -> Result<Json<MatchSummary>, ApiError> {
    let handle = state.tables.get(id).await?;
    let seat = handle
        .seat_of(player.id)
        .ok_or_else(|| ApiError::forbidden(format!("you hold no seat in match {id}")))?;
    handle
        .ask(|reply| Command::Resign {
            reply,
            seat,
            id: None,
        })
        .await?;
    Ok(Json(summary_for(&state, id, Some(player.id)).await?))
}

/// Which page of a replay.
#[derive(Debug, Deserialize)]
pub struct ReplayQuery {
    /// Only events after this `seq`: the `next` of the page before.
    pub after: Option<u64>,
    /// At most this many events on the page.
    pub limit: Option<usize>,
}

pub async fn replay(
    State(state): State<AppState>,
    PathId(id): PathId<MatchId>,
    QueryParams(query): QueryParams<ReplayQuery>,
) -> Result<Json<Replay>, ApiError> {
    // A finished match hides nothing, its armies included: the summary is
    // whole, as every viewer sees it.
    let summary = summary(&state, id).await?;
    if summary.status != MatchStatus::Finished {
        return Err(ApiError::conflict(
            ErrorCode::MatchNotRunning,
            format!(
                "match {id} is {}: its replay (and its dice seed) is published when it is over",
                summary.status
            ),
        ));
    }
    let started = db::matches::started(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::internal(format!("finished match {id} has no seed")))?;
    let events = db::events::all(&state.db, id).await?;
    let page = PageQuery {
        after: query.after,
        limit: query.limit,
    }
    .page(state.config.events_per_page, events.into_iter(), |event| {
        event.seq
    })?;
    // The lines said at the page's events: after the page before, up to
    // the next page.
    let mut chat = db::chat::recent(&state.db, id, None).await?;
    chat.retain(|line| {
        query.after.is_none_or(|after| line.seq > after)
            && page.next.is_none_or(|last| line.seq <= last)
    });
    Ok(Json(Replay {
        summary,
        armies: started.armies,
        seed: to_hex(&started.seed),
        events: page.events,
        chat,
        next: page.next,
    }))
}

/// Match `id` as `viewer` may see it.
async fn summary_for(
    state: &AppState,
    id: MatchId,
    viewer: Option<PlayerId>,
) -> Result<MatchSummary, ApiError> {
    Ok(lobby::shown_to(state, summary(state, id).await?, viewer))
}

/// Match `id` with every seat's army: what the lobby works from, and what a
/// finished match's replay shows.
async fn summary(state: &AppState, id: MatchId) -> Result<MatchSummary, ApiError> {
    db::matches::summary(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no match {id}")))
}
