//! A seat gives up; the server's other ending, abandonment, ends a match
//! the same way.

use fray_protocol::{Effect, ErrorCode, EventKind, Outcome, Phrase, ScopedEffect, Seat, Viewer};

use crate::table::action_ids::{Deed, Earlier};
use crate::table::parts::{Broken, Parts};
use crate::table::record::{Event, record};
use crate::table::reply::{Refusal, Reply};

/// `seat` resigns; acknowledged with the `seq` of the ending event. The
/// same `id` again is acknowledged with the same `seq`.
pub async fn resign(
    parts: &mut Parts,
    reply: Reply,
    seat: Seat,
    id: Option<u64>,
) -> Result<(), Broken> {
    let own = Viewer::Seat(seat);
    if let Some(id) = id
        && let Some(earlier) = parts.action_ids.earlier(seat, id, Deed::Resignation)
    {
        match earlier {
            Earlier::Resent { seq } => {
                parts.metrics.acks.inc();
                reply.ack(parts.game.number(own, seq));
            }
            Earlier::Reused { seq } => {
                let refusal = id_reused(id, parts.game.number(own, seq));
                reply.refuse(refusal, &parts.metrics);
            }
        }
        return Ok(());
    }
    match end_by_server(parts, seat, EventKind::Resign, id).await {
        Ok(Some(seq)) => {
            parts.metrics.acks.inc();
            reply.ack(parts.game.number(own, seq));
            Ok(())
        }
        Ok(None) => {
            let message = format!("match {} is already over", parts.id());
            reply.refuse(Refusal::new(ErrorCode::GameOver, message), &parts.metrics);
            Ok(())
        }
        Err(Broken) => {
            let refusal = Refusal::new(
                ErrorCode::Unavailable,
                "the resignation could not be stored; try again",
            );
            reply.refuse(refusal, &parts.metrics);
            Err(Broken)
        }
    }
}

/// Ends the match for `seat` (resigned, or away too long): every other seat
/// shares the win. `None` if the match was already over. `id` is the
/// client's, for a resignation over the websocket.
pub async fn end_by_server(
    parts: &mut Parts,
    seat: Seat,
    kind: EventKind,
    id: Option<u64>,
) -> Result<Option<u64>, Broken> {
    if parts.game.is_over() {
        return Ok(None);
    }
    let winners: Vec<Seat> = (0..parts.game.seats() as u8)
        .map(Seat)
        .filter(|other| *other != seat)
        .collect();
    let reason = match kind {
        EventKind::Resign => Phrase::from(seat).text(" resigned"),
        _ => Phrase::from(seat).text(" abandoned the match"),
    };
    let outcome = Outcome { winners, reason };
    parts.game.end(outcome.clone());
    let event = Event {
        kind,
        seat,
        action: None,
        action_id: id,
        effects: vec![ScopedEffect::public(Effect::GameEnded { outcome })],
    };
    let seq = record(parts, event).await?;
    if let Some(id) = id {
        parts.action_ids.remember(seat, id, seq, Deed::Resignation);
    }
    Ok(Some(seq))
}

/// The refusal of an id the seat already gave another action.
pub fn id_reused(id: u64, seq: u64) -> Refusal {
    Refusal::new(
        ErrorCode::DuplicateId,
        format!(
            "id {id} was already used for another of your actions (seq {seq}); \
             give every action a new id"
        ),
    )
}
