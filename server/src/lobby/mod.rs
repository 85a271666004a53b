//! Making matches and starting them: a match created with its first seat,
//! joined seat by seat, and a finished match's rematch. The last seat taken
//! starts the match in [`start_in`], the one place a match starts: its seed
//! is rolled, its set-up stored with its start, and its state handed to the
//! table. The HTTP handlers call this; the store writes every later event.
//! What of a match's seats each viewer is shown is decided here too
//! ([`shown_to`]): armies a system keeps secret stay secret in the lobby.

pub mod army_lists;
mod error;
mod house_bots;
mod secret_armies;
pub mod seed;

use fray_protocol::{
    ArmyList, MatchConfig, MatchId, MatchStatus, MatchSummary, NewMatch, OptionValue, PlayerId,
    PlayerRef, Seat,
};
use fray_rules::{ChaChaDice, Game};
use sqlx::{Sqlite, Transaction};

use crate::db::{self, WriteTx};
use crate::state::AppState;
use crate::store::events::{self, NewEvent};
use crate::table::{MatchGame, MatchState};
use crate::text::{TextError, check_key};
use secret_armies::summary_shown_to;
use seed::{commitment, new_seed};

pub use error::LobbyError;
pub use house_bots::{BotArmyChoice, BotRequest};

/// `summary` as `viewer` (the player whose token came with the request, if
/// any) may see it, by what its system says of its armies: every match
/// summary the server shows goes through here.
pub fn shown_to(state: &AppState, summary: MatchSummary, viewer: Option<PlayerId>) -> MatchSummary {
    let secret = state.armies_secret(summary.system);
    summary_shown_to(summary, viewer, secret)
}

/// Creates a match of `new`'s system and options with `player` in the
/// seat `new` names (seat 0 by default), playing `list`, and the house bots
/// of `bots` in theirs; its id. A match whose every seat is then taken
/// starts at once.
pub async fn create(
    state: &AppState,
    player: &PlayerRef,
    list: ArmyList,
    new: NewMatch,
    bots: &[BotRequest],
) -> Result<MatchId, LobbyError> {
    let info = state
        .systems
        .iter()
        .find(|info| info.id == new.config.system)
        .ok_or_else(|| {
            LobbyError::InvalidMatch(format!(
                "{} is not playable on this server",
                new.config.system
            ))
        })?;
    let seats = new.seats.unwrap_or(info.seats.min);
    if seats < info.seats.min || seats > info.seats.max {
        return Err(LobbyError::InvalidMatch(format!(
            "{} is played by {} to {} players, not {seats}",
            info.id, info.seats.min, info.seats.max
        )));
    }
    let creator = new.seat.unwrap_or(Seat(0));
    if creator.0 >= seats {
        return Err(LobbyError::InvalidMatch(format!(
            "this match has seats 0 to {}, not {}",
            seats - 1,
            creator.0
        )));
    }
    check_army_for(&new.config, &list)?;
    check_options_text(&new.config)?;
    let config = new.config.with_defaults(&info.options);
    // A trial set-up with the creator's list in every seat checks the
    // options, and the list against them (its points against the match's),
    // now rather than when the last player joins.
    let trial: Vec<ArmyList> = vec![list.clone(); seats as usize];
    Game::setup(&config, &trial, &mut ChaChaDice::from_u64(0))?;
    let bots = house_bots::choose(&state.bots, info, &config, seats, creator, bots)?;

    let mut tx = state.write().await?;
    let id = db::matches::create(&mut tx, &config, seats, fray_rules_version()).await?;
    house_bots::seat(&mut tx, id, &bots).await?;
    let taking = Taking {
        id,
        config: &config,
        seats: usize::from(seats),
        seat: creator,
    };
    let started = match take_seat_then_start(state, tx, taking, player, &list).await {
        Ok(started) => started,
        // A match this request has just made has no one else in it.
        Err(SeatRefused::Taken) => return Err(LobbyError::SeatsTaken(id)),
        Err(SeatRefused::Failed(error)) => return Err(error),
    };
    tracing::info!(match_id = %id, system = %config.system, player = %player.id, bots = bots.len(), "match created");
    if started {
        tracing::info!(match_id = %id, "match started");
    }
    Ok(id)
}

/// Seats `player`, playing `list`, in the first free seat of open match
/// `id`; if that was the last, starts the match.
pub async fn join(
    state: &AppState,
    player: &PlayerRef,
    id: MatchId,
    list: &ArmyList,
) -> Result<(), LobbyError> {
    // No lock is held across joins: under load, joins queued on one lock
    // for seconds each (docs/PERFORMANCE.md, "The lobby under load"). The
    // seats' keys (one player per seat, one seat per player) referee two
    // joins at once; the one that loses a seat looks again.
    let mut lost = 0;
    loop {
        let before = summary(state, id).await?;
        if before.status != MatchStatus::Open {
            return Err(LobbyError::Full {
                id,
                status: before.status,
            });
        }
        if before.seat_of(player.id).is_some() {
            return Err(LobbyError::AlreadySeated(id));
        }
        if let Some(of) = before.rematch_of {
            return Err(LobbyError::KeptForRematch { id, of });
        }
        check_army_for(&before.config, list)?;
        // The list was checked for no match in particular when it was
        // stored; what depends on this match (Chessboard Confrontation's
        // points) is checked now, before a seat is taken.
        let seat = before
            .seats
            .iter()
            .find(|seat| seat.player.is_none())
            .map_or(Seat(0), |seat| seat.seat);
        fray_rules::validate_army_for(&before.config, seat, list)?;
        match take_free_seat(state, &before, player, list).await {
            Ok(started) => {
                if started {
                    tracing::info!(match_id = %id, "match started");
                }
                return Ok(());
            }
            // Each seat lost went to another join, so the match fills
            // before this runs out: the next look says it is full.
            Err(SeatRefused::Taken) if lost < before.seats.len() => lost += 1,
            Err(SeatRefused::Taken) => return Err(LobbyError::SeatsTaken(id)),
            Err(SeatRefused::Failed(error)) => return Err(error),
        }
    }
}

/// Why a seat was not taken.
enum SeatRefused {
    /// Another join took it first.
    Taken,
    Failed(LobbyError),
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

impl From<LobbyError> for SeatRefused {
    fn from(error: LobbyError) -> Self {
        SeatRefused::Failed(error)
    }
}

/// Takes the first seat free in `before` for `player`, and if it was the
/// last, starts the match; whether it did.
async fn take_free_seat(
    state: &AppState,
    before: &MatchSummary,
    player: &PlayerRef,
    list: &ArmyList,
) -> Result<bool, SeatRefused> {
    // The summary reads the match, then its seats: a join that took the
    // last seat in between leaves an open match with none free.
    let seat = before
        .seats
        .iter()
        .find(|seat| seat.player.is_none())
        .map(|seat| seat.seat)
        .ok_or(SeatRefused::Taken)?;
    let tx = state.write().await?;
    let taking = Taking {
        id: before.id,
        config: &before.config,
        seats: before.seats.len(),
        seat,
    };
    take_seat_then_start(state, tx, taking, player, list).await
}

/// A seat to take in a match.
struct Taking<'a> {
    id: MatchId,
    config: &'a MatchConfig,
    /// How many seats the match has.
    seats: usize,
    seat: Seat,
}

/// Takes `taking.seat` for `player` with `list` in `tx`; if every seat is
/// then taken, starts the match there. Commits, then hands a started
/// match to the table; whether it started. Joining and a rematch both
/// seat their players here.
async fn take_seat_then_start(
    state: &AppState,
    mut tx: WriteTx,
    taking: Taking<'_>,
    player: &PlayerRef,
    list: &ArmyList,
) -> Result<bool, SeatRefused> {
    let Taking {
        id,
        config,
        seats,
        seat,
    } = taking;
    db::matches::take_seat(&mut tx, id, seat, player.id, list).await?;
    let full = db::matches::seated_players(&mut tx, id).await?.len() == seats;
    let started = if full {
        Some(start_in(&mut tx, id, config, new_seed()).await?)
    } else {
        None
    };
    tx.commit().await?;
    Ok(match started {
        Some(match_state) => {
            state.tables.start(match_state).await;
            true
        }
        None => false,
    })
}

/// A rematch asked for: the match, and whether this request made it.
#[derive(Debug, Clone, Copy)]
pub struct Rematch {
    pub id: MatchId,
    pub created: bool,
}

/// Seats `player`, a player of the finished match `id`, in its rematch,
/// made now if no one asked before. The rematch has the same system,
/// options and seats; each player moves one seat on (two players swap),
/// with the army list they played; the seats are kept for them, and the
/// match starts when the last of them has asked.
pub async fn rematch(
    state: &AppState,
    player: &PlayerRef,
    id: MatchId,
) -> Result<Rematch, LobbyError> {
    let old = summary(state, id).await?;
    let old_seat = old.seat_of(player.id).ok_or(LobbyError::NotAPlayer(id))?;
    if old.status != MatchStatus::Finished {
        return Err(LobbyError::NotOver {
            id,
            status: old.status,
        });
    }
    // The list as it was played, not as stored now: a list edited or
    // deleted since changes no rematch, as it changed no match.
    let list = db::matches::played_list(&state.db, id, player.id)
        .await?
        .ok_or(LobbyError::NoPlayedList(id))?;
    let seats = old.seats.len();
    let seat = seat_on(old_seat, seats);
    // Two players asking at once may both find no rematch yet; the unique
    // index lets one make it, and the other looks again.
    for _ in 0..2 {
        let known = summary(state, id).await?.rematch;
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
                    Ok(rematch) => {
                        seat_bots_again(state, &mut tx, &old, rematch).await?;
                        (rematch, true)
                    }
                    Err(error) if error.is_unique_violation() => continue,
                    Err(error) => return Err(error.into()),
                }
            }
        };
        let taking = Taking {
            id: rematch,
            config: &old.config,
            seats,
            seat,
        };
        let created = match take_seat_then_start(state, tx, taking, player, &list).await {
            Ok(started) => {
                if started {
                    tracing::info!(match_id = %rematch, of = %id, "rematch started");
                }
                created
            }
            // The seat is kept for this player alone: they hold it already.
            Err(SeatRefused::Taken) => false,
            Err(SeatRefused::Failed(error)) => return Err(error),
        };
        return Ok(Rematch {
            id: rematch,
            created,
        });
    }
    Err(LobbyError::RematchBusy(id))
}

/// The seat a rematch gives whoever held `seat` of a match of `seats`
/// seats: the next, the last going round to seat 0.
fn seat_on(seat: Seat, seats: usize) -> Seat {
    Seat(((usize::from(seat.0) + 1) % seats) as u8)
}

/// Seats the house bots of finished match `old` in its rematch `rematch`,
/// each one seat on with the list it played, as its players move: a bot
/// never asks for a rematch, it is there when its opponent does.
async fn seat_bots_again(
    state: &AppState,
    tx: &mut Transaction<'_, Sqlite>,
    old: &MatchSummary,
    rematch: MatchId,
) -> Result<(), LobbyError> {
    let seats = old.seats.len();
    for held in &old.seats {
        let (Some(player), Some(_)) = (&held.player, held.bot) else {
            continue;
        };
        let list = db::matches::played_list(&state.db, old.id, player.id)
            .await?
            .ok_or(LobbyError::NoPlayedList(old.id))?;
        let seat = seat_on(held.seat, seats);
        db::matches::take_seat(tx, rematch, seat, player.id, &list).await?;
    }
    Ok(())
}

/// Starts match `id`, whose seats are all taken in `tx`, with dice from
/// `seed`: stores its start and its set-up event, and makes the state its
/// actor begins with. Every new match starts here.
pub(crate) async fn start_in(
    tx: &mut Transaction<'_, Sqlite>,
    id: MatchId,
    config: &MatchConfig,
    seed: [u8; 32],
) -> Result<MatchState, LobbyError> {
    let armies = db::matches::seated_armies(tx, id).await?;
    let players = db::matches::seated_players(tx, id).await?;
    let mut dice = ChaChaDice::from_seed(seed);
    let (game, effects) = Game::setup(config, &armies, &mut dice)?;
    let commitment = commitment(&seed);
    db::matches::start(tx, id, &seed, &commitment).await?;
    events::insert_all(tx, &[&NewEvent::setup(id, effects)]).await?;
    let game = MatchGame::new(id, game, dice, 0, commitment, players);
    Ok(MatchState::new(game))
}

async fn summary(state: &AppState, id: MatchId) -> Result<MatchSummary, LobbyError> {
    db::matches::summary(&state.db, id)
        .await?
        .ok_or(LobbyError::NoMatch(id))
}

fn check_army_for(config: &MatchConfig, list: &ArmyList) -> Result<(), LobbyError> {
    if list.system != config.system {
        return Err(LobbyError::InvalidMatch(format!(
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

/// The release that started a match, stored with it for people to read
/// (`fray-server verify` prints it). A log is re-run by today's rules, which
/// accept the forms earlier releases stored (`fray_rules::agrees_as_made_earlier`,
/// `Game::setup_as_made_earlier`).
pub fn fray_rules_version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
