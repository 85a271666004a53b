//! Seating house bots in a match as it is made, and in its rematch: which
//! bot of a level holds which seat, with which list.

use fray_protocol::{ArmyList, BotLevel, MatchConfig, PlayerId, Seat, SystemInfo};
use sqlx::{Sqlite, Transaction};

use super::LobbyError;
use crate::db;
use crate::house_bots::HouseBots;
use crate::house_bots::army::{DrawnArmy, draw};

/// A house bot asked for in a new match.
#[derive(Debug, Clone)]
pub struct BotRequest {
    pub seat: Seat,
    pub level: BotLevel,
    pub army: BotArmyChoice,
}

/// The army a requested bot brings.
#[derive(Debug, Clone)]
pub enum BotArmyChoice {
    Drawn(DrawnArmy),
    /// One of the creator's lists, already looked up.
    List(ArmyList),
}

/// A bot to seat: who, where, with what.
pub struct SeatedBot {
    pub seat: Seat,
    pub player: PlayerId,
    pub list: ArmyList,
}

/// The bots `requests` ask for in a match of `info`'s system with
/// `config` and `seats` seats, whose creator sits in `creator`: each in a
/// seat of its own that is not the creator's, its list drawn and checked
/// for its seat.
pub fn choose(
    bots: &HouseBots,
    info: &SystemInfo,
    config: &MatchConfig,
    seats: u8,
    creator: Seat,
    requests: &[BotRequest],
) -> Result<Vec<SeatedBot>, LobbyError> {
    let mut chosen: Vec<SeatedBot> = Vec::new();
    for request in requests {
        let seat = request.seat;
        if seat.0 >= seats {
            return Err(LobbyError::InvalidMatch(format!(
                "this match has seats 0 to {}: a bot cannot sit in seat {}",
                seats - 1,
                seat.0
            )));
        }
        if seat == creator {
            return Err(LobbyError::InvalidMatch(format!(
                "seat {} is yours: a bot takes another",
                seat.0
            )));
        }
        if chosen.iter().any(|bot| bot.seat == seat) {
            return Err(LobbyError::InvalidMatch(format!(
                "two bots were asked for seat {}: one seat holds one",
                seat.0
            )));
        }
        let seated: Vec<PlayerId> = chosen.iter().map(|bot| bot.player).collect();
        let player = bots.free(request.level, &seated).ok_or_else(|| {
            LobbyError::InvalidMatch(format!(
                "this server has no more {} bots for one match",
                request.level
            ))
        })?;
        let list = match &request.army {
            BotArmyChoice::Drawn(drawn) => draw(info, config, seat, drawn)?,
            BotArmyChoice::List(list) => list.clone(),
        };
        if list.system != config.system {
            return Err(LobbyError::InvalidMatch(format!(
                "this match plays {}, but the bot's army list is for {}",
                config.system, list.system
            )));
        }
        fray_rules::validate_army_for(config, seat, &list)?;
        chosen.push(SeatedBot { seat, player, list });
    }
    Ok(chosen)
}

/// Seats `bots` in match `id`.
pub async fn seat(
    tx: &mut Transaction<'_, Sqlite>,
    id: fray_protocol::MatchId,
    bots: &[SeatedBot],
) -> Result<(), LobbyError> {
    for bot in bots {
        db::matches::take_seat(tx, id, bot.seat, bot.player, &bot.list).await?;
    }
    Ok(())
}
