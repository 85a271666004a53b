//! Draw offers: a seat offers, the others accept or decline; the last
//! acceptance ends the match drawn. Refusals are plain text, which no client
//! can rename: they name no seat (the outcome and the offer are in the
//! client's view).

use fray_protocol::{Effect, ErrorCode, EventKind, Outcome, ScopedEffect, Seat, ServerMessage};

use crate::table::draw_offer::DrawOffer;
use crate::table::parts::{Broken, Parts};
use crate::table::record::{Event, record};
use crate::table::reply::{Refusal, Reply};

/// `seat` offers a draw (`answer` none), or accepts or declines the offer
/// that stands. `Broken` if the draw that ends the match could not be
/// stored.
pub async fn draw(
    parts: &mut Parts,
    reply: Reply,
    seat: Seat,
    answer: Option<bool>,
) -> Result<(), Broken> {
    let answered = match answer {
        None => offer(parts, seat),
        Some(accept) => answer_offer(parts, seat, accept).await?,
    };
    match answered {
        Ok(()) => reply.done(),
        Err(refusal) => reply.refuse(refusal, &parts.metrics),
    }
    Ok(())
}

fn offer(parts: &mut Parts, seat: Seat) -> Result<(), Refusal> {
    if parts.game.is_over() {
        return Err(over());
    }
    if parts.draw.standing.is_some() {
        return Err(Refusal::new(
            ErrorCode::DrawOfferStanding,
            "a draw offer stands already; answer that offer first",
        ));
    }
    if parts.draw.declined.contains(&seat) {
        return Err(Refusal::new(
            ErrorCode::OfferTooSoon,
            "your draw offer was declined; you may offer again after the next move",
        ));
    }
    let offer = DrawOffer {
        by: seat,
        accepted: Vec::new(),
    };
    parts.crowd.tell_all(&offer.told(parts.id()));
    parts.draw.standing = Some(offer);
    Ok(())
}

async fn answer_offer(
    parts: &mut Parts,
    seat: Seat,
    accept: bool,
) -> Result<Result<(), Refusal>, Broken> {
    if parts.game.is_over() {
        return Ok(Err(over()));
    }
    let match_id = parts.id();
    let Some(offer) = &mut parts.draw.standing else {
        return Ok(Err(Refusal::new(
            ErrorCode::NoDrawOffer,
            "no draw offer stands in this match",
        )));
    };
    if !accept {
        let by = offer.by;
        parts.draw.standing = None;
        // A withdrawn offer waits for a move too, or offering and
        // withdrawing could pester the table without end.
        parts.draw.declined.push(by);
        parts
            .crowd
            .tell_all(&ServerMessage::DrawDeclined { match_id, seat });
        return Ok(Ok(()));
    }
    if seat == offer.by {
        return Ok(Err(Refusal::new(
            ErrorCode::OwnDrawOffer,
            "you cannot accept your own draw offer: the other players answer it",
        )));
    }
    if offer.accepted.contains(&seat) {
        return Ok(Err(Refusal::new(
            ErrorCode::DrawOfferStanding,
            "you have accepted this draw offer already",
        )));
    }
    offer.accepted.push(seat);
    if offer.accepted.len() + 1 < parts.game.seats() {
        parts.crowd.tell_all(&offer.told(match_id));
        return Ok(Ok(()));
    }
    let outcome = Outcome::draw("drawn by agreement");
    parts.game.end(outcome.clone());
    let event = Event {
        kind: EventKind::Draw,
        seat,
        action: None,
        action_id: None,
        effects: vec![ScopedEffect::public(Effect::GameEnded { outcome })],
    };
    record(parts, event).await?;
    Ok(Ok(()))
}

fn over() -> Refusal {
    Refusal::new(
        ErrorCode::GameOver,
        "the match is over: there is no draw to offer or answer",
    )
}
