//! `/api/matches`: create, list, show, join, resign, and the replay of a
//! finished match.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use fray_protocol::{
    ArmyList, ErrorCode, JoinMatch, MatchConfig, MatchId, MatchStatus, MatchSummary, NewMatch,
    OptionValue, PlayerRef, Replay, Seat, SystemId,
};
use fray_rules::{ChaChaDice, Game, SetupError};
use serde::Deserialize;

use super::army_lists::owned;
use super::extract::{JsonBody, PathId, Player, QueryParams};
use super::text::{TextError, check_key};
use super::{ApiError, AppState};
use crate::auth::to_hex;
use crate::db;
use crate::db::events::NewEvent;
use crate::table::seed::{commitment, new_seed};
use crate::table::{ActionIds, MatchState};

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
    Ok(Json(db::matches::list(&state.db, &filter).await?))
}

pub async fn show(
    State(state): State<AppState>,
    PathId(id): PathId<MatchId>,
) -> Result<Json<MatchSummary>, ApiError> {
    summary(&state, id).await.map(Json)
}

pub async fn create(
    State(state): State<AppState>,
    Player(player): Player,
    JsonBody(new): JsonBody<NewMatch>,
) -> Result<(StatusCode, Json<MatchSummary>), ApiError> {
    let list = owned(&state, &player, new.army_list).await?.list;
    let info = state
        .systems
        .iter()
        .find(|info| info.id == new.config.system)
        .ok_or_else(|| {
            invalid_match(format!(
                "{} is not playable on this server",
                new.config.system
            ))
        })?;
    let seats = new.seats.unwrap_or(info.seats.min);
    if seats < info.seats.min || seats > info.seats.max {
        return Err(invalid_match(format!(
            "{} is played by {} to {} players, not {seats}",
            info.id, info.seats.min, info.seats.max
        )));
    }
    check_army_for(&new.config, &list)?;
    check_options_text(&new.config)?;
    let config = new.config.with_defaults(&info.options);
    // A trial set-up with the creator's list in every seat checks the
    // options, and the list against them (its points against the match's),
    // now rather than when the last player joins.
    let trial: Vec<ArmyList> = vec![list.clone(); seats as usize];
    Game::setup(&config, &trial, &mut ChaChaDice::from_u64(0)).map_err(setup_refused)?;

    let mut tx = state.write().await?;
    let id = db::matches::create(&mut tx, &config, seats, fray_rules_version()).await?;
    db::matches::take_seat(&mut tx, id, Seat(0), player.id, &list).await?;
    tx.commit().await?;
    tracing::info!(match_id = %id, system = %config.system, player = %player.id, "match created");
    Ok((StatusCode::CREATED, Json(summary(&state, id).await?)))
}

pub async fn join(
    State(state): State<AppState>,
    Player(player): Player,
    PathId(id): PathId<MatchId>,
    JsonBody(join): JsonBody<JoinMatch>,
) -> Result<Json<MatchSummary>, ApiError> {
    let list = owned(&state, &player, join.army_list).await?.list;
    // No lock is held across joins: under load, joins queued on one lock
    // for seconds each (docs/PERFORMANCE.md, "The lobby under load"). The
    // seats' keys (one player per seat, one seat per player) referee two
    // joins at once; the one that loses a seat looks again.
    let mut lost = 0;
    loop {
        let before = summary(&state, id).await?;
        if before.status != MatchStatus::Open {
            return Err(ApiError::conflict(
                ErrorCode::MatchFull,
                format!("match {id} is {}: every seat is taken", before.status),
            ));
        }
        if before.seat_of(player.id).is_some() {
            return Err(ApiError::conflict(
                ErrorCode::AlreadySeated,
                format!("you already hold a seat in match {id}"),
            ));
        }
        if let Some(of) = before.rematch_of {
            return Err(ApiError::forbidden(format!(
                "match {id} is the rematch of match {of}: its seats are kept for that \
                 match's players, who take them with POST /api/matches/{of}/rematch"
            )));
        }
        check_army_for(&before.config, &list)?;
        // The list was checked for no match in particular when it was
        // stored; what depends on this match (Chessboard Confrontation's
        // points) is checked now, before a seat is taken.
        let seat = before
            .seats
            .iter()
            .find(|seat| seat.player.is_none())
            .map_or(Seat(0), |seat| seat.seat);
        fray_rules::validate_army_for(&before.config, seat, &list).map_err(setup_refused)?;
        match take_free_seat(&state, &before, &player, &list).await {
            Ok(started) => {
                if let Some(match_state) = started {
                    state.tables.start(match_state).await;
                    tracing::info!(match_id = %id, "match started");
                }
                return Ok(Json(summary(&state, id).await?));
            }
            // Each seat lost went to another join, so the match fills
            // before this runs out: the next look says it is full.
            Err(SeatRefused::Taken) if lost < before.seats.len() => lost += 1,
            Err(SeatRefused::Taken) => {
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    ErrorCode::Unavailable,
                    format!("the seats of match {id} were taken while you joined; try again"),
                ));
            }
            Err(SeatRefused::Failed(error)) => return Err(error),
        }
    }
}

/// Why a seat was not taken.
enum SeatRefused {
    /// Another join took it first.
    Taken,
    Failed(ApiError),
}

impl From<db::DbError> for SeatRefused {
    fn from(error: db::DbError) -> Self {
        if error.is_unique_violation() {
            SeatRefused::Taken
        } else {
            SeatRefused::Failed(error.into())
        }
    }
}

impl From<ApiError> for SeatRefused {
    fn from(error: ApiError) -> Self {
        SeatRefused::Failed(error)
    }
}

/// Takes the first seat free in `before` for `player`, and if it was the
/// last, starts the match: the state its actor begins with.
async fn take_free_seat(
    state: &AppState,
    before: &MatchSummary,
    player: &PlayerRef,
    list: &ArmyList,
) -> Result<Option<MatchState>, SeatRefused> {
    let id = before.id;
    // The summary reads the match, then its seats: a join that took the
    // last seat in between leaves an open match with none free.
    let seat = before
        .seats
        .iter()
        .find(|seat| seat.player.is_none())
        .map(|seat| seat.seat)
        .ok_or(SeatRefused::Taken)?;
    // Seats are taken in order and never given back, so the joiner of the
    // last one is the only one who can find the match full.
    let full = seat.0 as usize + 1 == before.seats.len();

    let mut tx = state.write().await?;
    db::matches::take_seat(&mut tx, id, seat, player.id, list).await?;
    let started = if full {
        Some(set_up(&mut tx, id, &before.config).await?)
    } else {
        None
    };
    tx.commit().await?;
    Ok(started)
}

/// Sets up match `id`, whose seats are all taken in `tx`: rolls its seed,
/// stores its start and set-up event; the state its actor begins with.
async fn set_up(
    tx: &mut db::WriteTx,
    id: MatchId,
    config: &MatchConfig,
) -> Result<MatchState, ApiError> {
    let armies = db::matches::seated_armies(tx, id).await?;
    let players = db::matches::seated_players(tx, id).await?;
    let seed = new_seed();
    let mut dice = ChaChaDice::from_seed(seed);
    let (game, effects) = Game::setup(config, &armies, &mut dice).map_err(setup_refused)?;
    let commitment = commitment(&seed);
    db::matches::start(tx, id, &seed, &commitment).await?;
    db::events::insert_all(tx, &[&NewEvent::setup(id, effects)]).await?;
    Ok(MatchState {
        id,
        game,
        dice,
        seq: 0,
        commitment,
        players,
        ended: None,
        action_ids: ActionIds::default(),
        chat: Vec::new(),
    })
}

/// `POST /api/matches/{id}/rematch`: the caller, a player of the finished
/// match `id`, takes their seat in its rematch, made now if no one asked
/// before. The rematch has the same system, options and seats; each
/// player moves one seat on (two players swap), with the army list they
/// played; the seats are kept for them, and the match starts when the last
/// of them has asked.
pub async fn rematch(
    State(state): State<AppState>,
    Player(player): Player,
    PathId(id): PathId<MatchId>,
) -> Result<(StatusCode, Json<MatchSummary>), ApiError> {
    let old = summary(&state, id).await?;
    let old_seat = old.seat_of(player.id).ok_or_else(|| {
        ApiError::forbidden(format!(
            "you held no seat in match {id}; only its players may ask for its rematch"
        ))
    })?;
    if old.status != MatchStatus::Finished {
        return Err(ApiError::conflict(
            ErrorCode::MatchNotOver,
            format!(
                "match {id} is {}: a rematch follows a finished match",
                old.status
            ),
        ));
    }
    // The list as it was played, not as stored now: a list edited or
    // deleted since changes no rematch, as it changed no match.
    let list = db::matches::played_list(&state.db, id, player.id)
        .await?
        .ok_or_else(|| ApiError::internal(format!("match {id} has no list for your seat")))?;
    let seats = old.seats.len();
    let seat = Seat(((old_seat.0 as usize + 1) % seats) as u8);
    // Two players asking at once may both find no rematch yet; the unique
    // index lets one make it, and the other looks again.
    for _ in 0..2 {
        let known = summary(&state, id).await?.rematch;
        let mut tx = state.write().await?;
        let (rematch, created) = match known {
            Some(rematch) => (rematch, false),
            None => {
                match db::matches::create_rematch(
                    &mut tx,
                    id,
                    &old.config,
                    seats as u8,
                    fray_rules_version(),
                )
                .await
                {
                    Ok(rematch) => (rematch, true),
                    Err(error) if error.is_unique_violation() => continue,
                    Err(error) => return Err(error.into()),
                }
            }
        };
        match db::matches::take_seat(&mut tx, rematch, seat, player.id, &list).await {
            Ok(()) => {}
            // The seat is kept for this player alone: they hold it already.
            Err(error) if error.is_unique_violation() => {
                drop(tx);
                return Ok((StatusCode::OK, Json(summary(&state, rematch).await?)));
            }
            Err(error) => return Err(error.into()),
        }
        let full = db::matches::seated_players(&mut tx, rematch).await?.len() == seats;
        let started = if full {
            Some(set_up(&mut tx, rematch, &old.config).await?)
        } else {
            None
        };
        tx.commit().await?;
        if let Some(match_state) = started {
            state.tables.start(match_state).await;
            tracing::info!(match_id = %rematch, of = %id, "rematch started");
        }
        let status = if created {
            StatusCode::CREATED
        } else {
            StatusCode::OK
        };
        return Ok((status, Json(summary(&state, rematch).await?)));
    }
    Err(ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        ErrorCode::Unavailable,
        format!("the rematch of match {id} was being made while you asked; try again"),
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
        .resign(seat, None)
        .await
        .map_err(|(code, message)| match code {
            ErrorCode::Unavailable => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, code, message),
            _ => ApiError::conflict(code, message),
        })?;
    Ok(Json(summary(&state, id).await?))
}

pub async fn replay(
    State(state): State<AppState>,
    PathId(id): PathId<MatchId>,
) -> Result<Json<Replay>, ApiError> {
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
    let chat = db::chat::recent(&state.db, id, None).await?;
    Ok(Json(Replay {
        summary,
        armies: started.armies,
        seed: to_hex(&started.seed),
        events,
        chat,
    }))
}

async fn summary(state: &AppState, id: MatchId) -> Result<MatchSummary, ApiError> {
    db::matches::summary(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no match {id}")))
}

fn check_army_for(config: &MatchConfig, list: &ArmyList) -> Result<(), ApiError> {
    if list.system != config.system {
        return Err(invalid_match(format!(
            "this match plays {}, but the army list is for {}",
            config.system, list.system
        )));
    }
    Ok(())
}

/// The options' keys and text values, before the rules read (and may quote)
/// them: the rules refuse any they do not know, so none is stored.
fn check_options_text(config: &MatchConfig) -> Result<(), TextError> {
    for (key, value) in &config.options {
        check_key("option key", key)?;
        if let OptionValue::Text(text) = value {
            check_key("option value", text)?;
        }
    }
    Ok(())
}

fn invalid_match(message: String) -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        ErrorCode::InvalidMatch,
        message,
    )
}

fn setup_refused(error: SetupError) -> ApiError {
    match error {
        SetupError::InvalidArmy { reasons, .. } => ApiError::invalid_army(reasons),
        other => invalid_match(other.to_string()),
    }
}

/// The release that started a match, stored with it for people to read
/// (`fray-server verify` prints it). A log is re-run by today's rules, which
/// accept the forms earlier releases stored (`fray_rules::agrees_as_made_earlier`,
/// `Game::setup_as_made_earlier`).
pub fn fray_rules_version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
