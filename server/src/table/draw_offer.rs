//! A match's draw offer. Kept in memory only, so a restart of the server (or
//! of the match's actor) withdraws it.

use fray_protocol::{MatchId, Seat, ServerMessage};

/// A draw offer that stands.
pub struct DrawOffer {
    pub by: Seat,
    /// The other seats that accepted so far.
    pub accepted: Vec<Seat>,
}

impl DrawOffer {
    /// The offer as every follower is told it.
    pub fn told(&self, match_id: MatchId) -> ServerMessage {
        ServerMessage::DrawOffered {
            match_id,
            seat: self.by,
            accepted: self.accepted.clone(),
        }
    }
}

#[derive(Default)]
pub struct DrawOffers {
    pub standing: Option<DrawOffer>,
    /// Seats whose draw offer was declined since the last event: they may
    /// not offer again until the game moves on, so no one is pestered.
    pub declined: Vec<Seat>,
}

impl DrawOffers {
    /// An event moved the game on: the offer lapses, and every seat may
    /// offer again.
    pub fn lapse(&mut self) {
        self.standing = None;
        self.declined.clear();
    }
}
