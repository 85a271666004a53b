//! Following a match: a newcomer gets a snapshot, a returning client the
//! batches it missed since its last `seq` (a resume) when they are still
//! kept; then the chat, the draw offer and the clocks as they stand.

use fray_protocol::{ServerMessage, Viewer};

use crate::outbox::{ConnId, Delivery, Outbox};
use crate::table::parts::Parts;

pub fn subscribe(parts: &mut Parts, outbox: Outbox, viewer: Viewer, since: Option<u64>) {
    parts.crowd.leave(outbox.id);
    let game = &parts.game;
    // Resending more batches (or bytes) than the connection may queue
    // would only get it dropped: a snapshot is cheaper then.
    let now = game.number_now(viewer);
    let resumed = since
        .filter(|since| now.saturating_sub(*since) as usize <= outbox.capacity() / 2)
        .and_then(|since| parts.crowd.missed_since(game, since, viewer))
        .filter(|batches| {
            batches.iter().map(|batch| batch.len()).sum::<usize>() <= outbox.max_bytes() / 2
        });
    let resumed_any = resumed.is_some();
    let delivery = match resumed {
        Some(batches) => batches
            .into_iter()
            .map(|batch| outbox.send_frame(batch))
            .find(|delivery| *delivery != Delivery::Queued)
            .unwrap_or(Delivery::Queued),
        None => outbox.send(&ServerMessage::Snapshot(game.snapshot(viewer))),
    };
    if delivery != Delivery::Queued {
        return;
    }
    // The chat the newcomer may have missed: all that is kept after a
    // snapshot; after resumed batches, what was said from `since` on (the
    // client knows a line it has by its id).
    let chat_since = if resumed_any { since.unwrap_or(0) } else { 0 };
    for line in parts.chat.lines_for(game, viewer) {
        if line.seq >= chat_since {
            outbox.send(&ServerMessage::Chat {
                match_id: game.id,
                chat: line,
            });
        }
    }
    if let Some(offer) = &parts.draw.standing {
        outbox.send(&offer.told(game.id));
    }
    if let Viewer::Seat(seat) = viewer {
        parts.clocks.arrived(seat);
    }
    parts.crowd.join(outbox.clone(), viewer);
    if parts.game.is_over() {
        parts.keep();
    }
    let already_told = parts.update_clocks();
    // A newcomer also learns of the clocks that were already running.
    for (seat, seconds) in parts.clocks.running() {
        if !already_told.contains(&seat) {
            outbox.send(&ServerMessage::SeatAway {
                match_id: parts.id(),
                seat,
                seconds,
            });
        }
    }
}

pub fn unsubscribe(parts: &mut Parts, conn: ConnId) {
    parts.crowd.leave(conn);
    parts.update_clocks();
}
