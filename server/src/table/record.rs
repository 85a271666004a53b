//! A match's record: the only place that writes its event log. An event is
//! committed by the store before anyone hears of it, then every follower
//! is sent the batch it may see.

use fray_protocol::{Action, EventKind, ScopedEffect, Seat};

use super::parts::{Broken, Parts};
use crate::store::{Commit, NewEvent};

/// One event of a match, as a command makes it.
pub struct Event {
    pub kind: EventKind,
    pub seat: Seat,
    pub action: Option<Action>,
    /// The client's id for the message that made it, if it had one.
    pub action_id: Option<u64>,
    pub effects: Vec<ScopedEffect>,
}

/// Commits `event` as the match's next, then tells every follower; its
/// `seq` in the log. The game must already be as the event leaves it (an
/// ending the server's, too): the commit says whether it finishes the
/// match. `Broken` if it could not be stored: every follower is dropped, to
/// come back to the match rebuilt from what is durable.
pub async fn record(parts: &mut Parts, event: Event) -> Result<u64, Broken> {
    let seq = parts.game.seq() + 1;
    let commit = Commit {
        event: NewEvent {
            match_id: parts.id(),
            seq,
            kind: event.kind,
            seat: Some(event.seat),
            action: event.action,
            action_id: event.action_id,
            effects: event.effects,
        },
        finishes: parts.game.outcome(),
    };
    let Commit { event, .. } = match parts.store.commit(commit).await {
        Ok(commit) => commit,
        Err(error) => {
            tracing::error!(match_id = %parts.id(), %error, "an accepted action could not be stored; the match will be rebuilt from its log");
            parts.crowd.kick_all();
            return Err(Broken);
        }
    };
    parts.game.logged(seq, event.seat, &event.effects);
    parts.draw.lapse();
    if !parts.crowd.tell_event(&parts.game, seq, event.effects) {
        parts.update_clocks();
    }
    if parts.game.is_over() {
        parts.clocks.stop_all();
        parts.running.over();
        parts.keep();
    }
    Ok(seq)
}
