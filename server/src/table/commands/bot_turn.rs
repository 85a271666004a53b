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
        // A resignation ends a match for every seat (the rules cannot take
        // one army off and play on), so a bot resigns only against one
        // opponent: with three or four, it plays on for the others' sake.
        Thought::Act(Some(decision)) if decision.resigns(level) && parts.game.seats() == 2 => {
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

#[cfg(test)]
mod tests {
    use fray_bots::Decision;
    use fray_protocol::{BotLevel, Seat, Viewer};

    use super::*;
    use crate::table::draw_offer::DrawOffer;
    use crate::table::testing::{stored_match, tables};

    /// A stored Fantasy Armies match's parts, as its actor holds them, and
    /// the seat to act, which the tests let a bot play.
    async fn parts() -> (tempfile::TempDir, Parts, Seat) {
        let (dir, tables) = tables().await;
        let id = stored_match(&tables, "p").await;
        let state = tables.load(id).await.unwrap();
        let parts = Parts::new(
            state,
            tables.store.clone(),
            &tables.config,
            tables.memory.clone(),
            Default::default(),
        );
        let seat = parts.game.to_act()[0];
        (dir, parts, seat)
    }

    fn decision(parts: &Parts, seat: Seat, value: f64) -> Thought {
        let options = parts.game.snapshot(Viewer::Seat(seat)).options;
        Thought::Act(Some(Decision {
            action: options[0].action.clone(),
            value: Some(value),
        }))
    }

    fn turn(parts: &Parts, seat: Seat, level: BotLevel, thought: Thought) -> BotTurn {
        BotTurn {
            seat,
            level,
            seq: parts.game.seq(),
            thought,
        }
    }

    #[tokio::test]
    async fn a_decision_is_acted_and_a_stale_one_dropped() {
        let (_dir, mut parts, seat) = parts().await;
        let stale = turn(&parts, seat, BotLevel::Club, decision(&parts, seat, 0.5));
        let fresh = turn(&parts, seat, BotLevel::Club, decision(&parts, seat, 0.5));
        bot_turn(&mut parts, fresh).await.ok().unwrap();
        assert_eq!(
            parts.game.seq(),
            1,
            "the bot's action is the log's next event"
        );
        bot_turn(&mut parts, stale).await.ok().unwrap();
        assert_eq!(
            parts.game.seq(),
            1,
            "a thought about seq 0 is dropped at seq 1"
        );
    }

    #[tokio::test]
    async fn a_hopeless_club_bot_resigns_where_an_easy_one_plays_on() {
        let (_dir, mut parts, seat) = parts().await;
        let easy = turn(&parts, seat, BotLevel::Easy, decision(&parts, seat, 0.0));
        bot_turn(&mut parts, easy).await.ok().unwrap();
        assert!(!parts.game.is_over(), "easy plays every game out");
        assert_eq!(parts.game.seq(), 1);

        let seat = parts.game.to_act()[0];
        let club = turn(&parts, seat, BotLevel::Club, decision(&parts, seat, 0.01));
        bot_turn(&mut parts, club).await.ok().unwrap();
        let outcome = parts.game.outcome().expect("the club bot resigned");
        assert!(!outcome.winners.contains(&seat));
        assert_eq!(outcome.winners.len(), 1);
    }

    #[tokio::test]
    async fn a_bot_accepts_a_draw_only_when_it_expects_less_than_one() {
        let (_dir, mut parts, seat) = parts().await;
        let other = Seat(1 - seat.0);
        let offer = || DrawOffer {
            by: other,
            accepted: Vec::new(),
        };

        parts.draw.standing = Some(offer());
        let even = turn(&parts, seat, BotLevel::Expert, Thought::Value(Some(0.45)));
        bot_turn(&mut parts, even).await.ok().unwrap();
        assert!(parts.draw.standing.is_none(), "declined: the offer is gone");
        assert!(!parts.game.is_over());

        parts.draw.declined.clear();
        parts.draw.standing = Some(offer());
        let random = turn(&parts, seat, BotLevel::Random, Thought::Value(None));
        bot_turn(&mut parts, random).await.ok().unwrap();
        assert!(!parts.game.is_over(), "random values nothing, and plays on");

        parts.draw.declined.clear();
        parts.draw.standing = Some(offer());
        let behind = turn(&parts, seat, BotLevel::Expert, Thought::Value(Some(0.2)));
        bot_turn(&mut parts, behind).await.ok().unwrap();
        let outcome = parts.game.outcome().expect("drawn by agreement");
        assert!(outcome.is_draw());
    }
}
