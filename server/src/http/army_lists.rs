//! `/api/army-lists`: a player's own army lists. The rules validate every
//! write; an invalid list is refused with its reasons.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use fray_protocol::{ArmyCheck, ArmyList, ArmyListId, PlayerRef, StoredArmyList, SystemId};
use serde::Deserialize;

use super::ApiError;
use super::error::shown_reasons;
use super::extract::{JsonBody, PathId, Player, QueryParams};
use crate::db;
use crate::lobby::army_lists;
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct ListQuery {
    pub system: Option<String>,
}

pub async fn create(
    State(state): State<AppState>,
    Player(player): Player,
    JsonBody(list): JsonBody<ArmyList>,
) -> Result<(StatusCode, Json<StoredArmyList>), ApiError> {
    army_lists::judge(&list)?;
    let mut tx = state.write().await?;
    let id = db::army_lists::create(&mut tx, player.id, &list).await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(StoredArmyList {
            id,
            owner: player.id,
            list,
        }),
    ))
}

/// What storing `list` would say, storing nothing: the same checks, a key
/// or name refused as storing refuses it, and the rules' reasons answered as
/// a verdict instead of an error. The token is asked for as the other paths
/// ask: a builder is a player's, and an anonymous caller has nothing to build.
pub async fn check(
    State(state): State<AppState>,
    Player(_player): Player,
    JsonBody(list): JsonBody<ArmyList>,
) -> Result<Json<ArmyCheck>, ApiError> {
    army_lists::check_text(&list)?;
    let (valid, reasons) = match fray_rules::validate_army(&list) {
        Ok(()) => (true, Vec::new()),
        Err(reasons) => (false, reasons),
    };
    let system = state.systems.iter().find(|info| info.id == list.system);
    let tally = list.tally(system);
    Ok(Json(ArmyCheck {
        valid,
        reasons: shown_reasons(reasons),
        points: tally.points,
        pieces: tally.pieces,
        limits: system.map(|info| info.limits.clone()).unwrap_or_default(),
    }))
}

pub async fn list(
    State(state): State<AppState>,
    Player(player): Player,
    QueryParams(query): QueryParams<ListQuery>,
) -> Result<Json<Vec<StoredArmyList>>, ApiError> {
    let system = query
        .system
        .map(|text| text.parse::<SystemId>())
        .transpose()
        .map_err(ApiError::bad_request)?;
    Ok(Json(
        db::army_lists::list(&state.db, player.id, system).await?,
    ))
}

pub async fn show(
    State(state): State<AppState>,
    Player(player): Player,
    PathId(id): PathId<ArmyListId>,
) -> Result<Json<StoredArmyList>, ApiError> {
    owned(&state, &player, id).await.map(Json)
}

pub async fn replace(
    State(state): State<AppState>,
    Player(player): Player,
    PathId(id): PathId<ArmyListId>,
    JsonBody(list): JsonBody<ArmyList>,
) -> Result<Json<StoredArmyList>, ApiError> {
    owned(&state, &player, id).await?;
    army_lists::judge(&list)?;
    let mut tx = state.write().await?;
    db::army_lists::replace(&mut tx, id, &list).await?;
    tx.commit().await?;
    Ok(Json(StoredArmyList {
        id,
        owner: player.id,
        list,
    }))
}

pub async fn delete(
    State(state): State<AppState>,
    Player(player): Player,
    PathId(id): PathId<ArmyListId>,
) -> Result<StatusCode, ApiError> {
    owned(&state, &player, id).await?;
    let mut tx = state.write().await?;
    db::army_lists::delete(&mut tx, id).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The list's name, which others read, and its keys, which the rules quote
/// back when they do not know them.
/// The list, if it exists and `player` owns it. Another player's list is
/// reported as missing: its existence is none of their business.
pub async fn owned(
    state: &AppState,
    player: &PlayerRef,
    id: ArmyListId,
) -> Result<StoredArmyList, ApiError> {
    match db::army_lists::get(&state.db, id).await? {
        Some(stored) if stored.owner == player.id => Ok(stored),
        _ => Err(ApiError::not_found(format!("you have no army list {id}"))),
    }
}
