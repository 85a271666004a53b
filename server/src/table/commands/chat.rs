//! A seat's player says a line at the table. Allowed after the game ends
//! too (a "good game"), for as long as the match is followed.

use fray_protocol::{ChatLine, ErrorCode, PlayerRef, Seat, ServerMessage};

use crate::table::chat_rate::{CHAT_BURST, CHAT_EVERY_SECONDS};
use crate::table::chat_room::line_for;
use crate::table::parts::Parts;
use crate::table::reply::{Refusal, Reply};
use crate::text::CHAT_TEXT;

/// Checks the line, stores it (said at the match's current `seq`), then
/// tells every follower in its own numbering. A line refused as text takes
/// no chat token, so a typo costs nothing.
pub async fn chat(parts: &mut Parts, reply: Reply, seat: Seat, player: PlayerRef, text: String) {
    match say(parts, seat, player, text).await {
        Ok(()) => reply.done(),
        Err(refusal) => reply.refuse(refusal, &parts.metrics),
    }
}

async fn say(
    parts: &mut Parts,
    seat: Seat,
    player: PlayerRef,
    text: String,
) -> Result<(), Refusal> {
    CHAT_TEXT
        .check(&text)
        .map_err(|error| Refusal::new(ErrorCode::BadRequest, error.to_string()))?;
    if !parts.memory.chat_rates.allow(parts.id(), seat) {
        return Err(Refusal::new(
            ErrorCode::RateLimited,
            format!(
                "at most {CHAT_BURST} messages at once, then one every \
                 {CHAT_EVERY_SECONDS} seconds: this one was not sent"
            ),
        ));
    }
    let seq = parts.game.seq();
    let id = parts
        .store
        .say(parts.id(), seq, seat, player.id, &text)
        .await
        .map_err(|error| {
            tracing::error!(match_id = %parts.id(), %error, "a line of chat could not be stored");
            Refusal::new(
                ErrorCode::Unavailable,
                "the message could not be stored; try again",
            )
        })?;
    let line = ChatLine {
        id,
        seq,
        seat,
        name: player.name,
        text,
    };
    let game = &parts.game;
    parts.crowd.send_each(|viewer| {
        Some(ServerMessage::Chat {
            match_id: game.id,
            chat: line_for(game, viewer, &line),
        })
    });
    parts.chat.said(line);
    Ok(())
}
