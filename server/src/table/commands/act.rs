//! A seat acts: a resend is acknowledged again, an id used for another
//! action refused; the rules judge the rest, and an accepted action is
//! recorded before it is acknowledged.

use fray_protocol::{Action, ErrorCode, EventKind, Seat, Viewer};

use super::resign::id_reused;
use crate::table::action_ids::{Deed, Earlier};
use crate::table::parts::{Broken, Parts};
use crate::table::record::{Event, record};
use crate::table::reply::{Refusal, Reply};

pub async fn act(
    parts: &mut Parts,
    reply: Reply,
    seat: Seat,
    id: u64,
    action: Action,
) -> Result<(), Broken> {
    let deed = Deed::action(&action);
    let own = Viewer::Seat(seat);
    match parts.action_ids.earlier(seat, id, deed) {
        Some(Earlier::Resent { seq }) => {
            parts.metrics.acks.inc();
            reply.ack(parts.game.number(own, seq));
            return Ok(());
        }
        Some(Earlier::Reused { seq }) => {
            let refusal = id_reused(id, parts.game.number(own, seq));
            reply.refuse(refusal, &parts.metrics);
            return Ok(());
        }
        None => {}
    }
    if parts.game.is_over() {
        // Without the reason: it names seats, and this message goes out as
        // plain words; the seat's view holds the outcome to show.
        reply.refuse(
            Refusal::new(ErrorCode::GameOver, "the match is over"),
            &parts.metrics,
        );
        return Ok(());
    }
    let effects = match parts.game.act(seat, &action) {
        Ok(effects) => effects,
        Err(rejection) => {
            let refusal = Refusal::new(rejection.code.into(), rejection.message);
            reply.refuse(refusal, &parts.metrics);
            return Ok(());
        }
    };
    let event = Event {
        kind: EventKind::Action,
        seat,
        action: Some(action),
        action_id: Some(id),
        effects,
    };
    let seq = record(parts, event).await?;
    parts.action_ids.remember(seat, id, seq, deed);
    parts.metrics.acks.inc();
    reply.ack(parts.game.number(own, seq));
    Ok(())
}
