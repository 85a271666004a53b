//! Who follows a match, and the recent batches a returning client may have
//! missed. Every frame the match sends its followers goes out from here.

use std::collections::VecDeque;

use axum::extract::ws::Utf8Bytes;
use fray_protocol::{ScopedEffect, Seat, ServerMessage, Viewer};

use super::game::MatchGame;
use crate::outbox::{ConnId, Delivery, Outbox, encode};

struct Follower {
    outbox: Outbox,
    viewer: Viewer,
}

pub struct Crowd {
    followers: Vec<Follower>,
    /// The last few events, every effect with its audience, for resumes.
    recent: VecDeque<(u64, Vec<ScopedEffect>)>,
    /// How many recent events are kept.
    kept: usize,
}

impl Crowd {
    /// A crowd keeping the last `kept` events for returning clients.
    pub fn new(kept: usize) -> Crowd {
        Crowd {
            followers: Vec::new(),
            recent: VecDeque::new(),
            kept,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.followers.is_empty()
    }

    /// Whether a connection plays `seat` now.
    pub fn present(&self, seat: Seat) -> bool {
        self.followers
            .iter()
            .any(|follower| follower.viewer == Viewer::Seat(seat))
    }

    /// `outbox`'s connection follows the match as `viewer` from now on (a
    /// connection follows it once, as the viewer it last asked to be).
    pub fn join(&mut self, outbox: Outbox, viewer: Viewer) {
        self.leave(outbox.id);
        self.followers.push(Follower { outbox, viewer });
    }

    pub fn leave(&mut self, conn: ConnId) {
        self.followers.retain(|follower| follower.outbox.id != conn);
    }

    /// Keeps event `seq`'s effects for returning clients, then sends each
    /// follower the batch it may see of it. False when a follower could not
    /// take its batch and was dropped.
    pub fn tell_event(&mut self, game: &MatchGame, seq: u64, effects: Vec<ScopedEffect>) -> bool {
        self.recent.push_back((seq, effects));
        while self.recent.len() > self.kept {
            self.recent.pop_front();
        }
        let Some((seq, effects)) = self.recent.back() else {
            return true;
        };
        let gone = self.send_each(|viewer| {
            game.knows(viewer, *seq)
                .then(|| ServerMessage::Batch(game.batch_for(viewer, *seq, effects)))
        });
        self.followers
            .retain(|follower| !gone.contains(&follower.outbox.id));
        gone.is_empty()
    }

    /// The batches after `since` (in `viewer`'s numbering) as `viewer` sees
    /// them, if they are all still kept and there is at least one;
    /// otherwise a snapshot is better.
    pub fn missed_since(
        &self,
        game: &MatchGame,
        since: u64,
        viewer: Viewer,
    ) -> Option<Vec<Utf8Bytes>> {
        if since >= game.number_now(viewer) {
            return None;
        }
        let first_kept = self.recent.front()?.0;
        if game.number(viewer, first_kept.saturating_sub(1)) > since {
            return None;
        }
        Some(
            self.recent
                .iter()
                .filter(|(seq, _)| game.knows(viewer, *seq))
                .filter(|(seq, _)| game.number(viewer, *seq) > since)
                .map(|(seq, effects)| {
                    encode(&ServerMessage::Batch(game.batch_for(viewer, *seq, effects)))
                })
                .collect(),
        )
    }

    /// Sends every follower what `message_for` gives its viewer (nothing
    /// where it gives none), encoded once per viewer; the connections that
    /// could not take it.
    pub fn send_each(&self, message_for: impl Fn(Viewer) -> Option<ServerMessage>) -> Vec<ConnId> {
        let mut encoded: Vec<(Viewer, Option<Utf8Bytes>)> = Vec::new();
        let mut gone = Vec::new();
        for follower in &self.followers {
            let viewer = follower.viewer;
            let frame = match encoded.iter().find(|(told, _)| *told == viewer) {
                Some((_, frame)) => frame.clone(),
                None => {
                    let frame = message_for(viewer).map(|message| encode(&message));
                    encoded.push((viewer, frame.clone()));
                    frame
                }
            };
            if let Some(frame) = frame
                && follower.outbox.send_frame(frame) != Delivery::Queued
            {
                gone.push(follower.outbox.id);
            }
        }
        gone
    }

    /// Sends every follower the same message.
    pub fn tell_all(&self, message: &ServerMessage) {
        let frame = encode(message);
        for follower in &self.followers {
            follower.outbox.send_frame(frame.clone());
        }
    }

    /// Drops every follower: each comes back with its last `seq`.
    pub fn kick_all(&mut self) {
        for follower in self.followers.drain(..) {
            follower.outbox.kick();
        }
    }
}
