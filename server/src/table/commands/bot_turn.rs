//! A house bot's thought carried out: its decision acted as a player's
//! action is (stored, acknowledged to no one, batched to everyone), its
//! resignation recorded as a player's is, its answer to a draw offer given
//! as a player gives one. A thought about a game that has moved on since
//! the bot looked is dropped; the bot is asked again.

use fray_protocol::EventKind;

use super::{act, draw, end_by_server};
use crate::house_bots::Thought;
use crate::table::bot_seats::BotTurn;
use crate::table::parts::{Broken, Parts};
use crate::table::reply::Reply;

/// Below this value a bot accepts a draw: it expects to do worse playing
/// on than the half a draw gives. The margin under a half leaves a bot
/// that stands even playing on, as a player would.
const ACCEPTS_DRAW_BELOW: f64 = 0.4;

pub async fn bot_turn(parts: &mut Parts, turn: BotTurn) -> Result<(), Broken> {
    let BotTurn {
        seat,
        level,
        seq,
        thought,
    } = turn;
    if seq != parts.game.seq() || parts.game.is_over() {
        return Ok(());
    }
    match thought {
        Thought::Act(None) => Ok(()),
        Thought::Act(Some(decision)) if decision.resigns(level) => {
            tracing::info!(match_id = %parts.id(), %seat, %level, "a house bot resigns: it sees no hope");
            end_by_server(parts, seat, EventKind::Resign, None)
                .await
                .map(|_| ())
        }
        Thought::Act(Some(decision)) => {
            act::act(
                parts,
                Reply::HouseBot,
                seat,
                action_id(seq),
                decision.action,
            )
            .await
        }
        Thought::Value(value) => {
            let accept = value.is_some_and(|value| value < ACCEPTS_DRAW_BELOW);
            draw::draw(parts, Reply::HouseBot, seat, Some(accept)).await
        }
    }
}

/// A bot's id for its action at log event `seq`: one action per event, so
/// never one an earlier action of its seat used.
fn action_id(seq: u64) -> u64 {
    seq + 1
}
