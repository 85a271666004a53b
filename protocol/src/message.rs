//! The live-play exchange over `GET /ws`: JSON text frames, one message per
//! frame, tagged by `type`. See `docs/protocol.md` for the flow.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Action, ActionOption, Effect, ErrorCode, MatchId, MatchStatus, PlayerRef, Seat, View};

/// The protocol version this crate speaks. A client says it in `hello`; the
/// server refuses a version it does not speak.
pub const PROTOCOL_VERSION: u32 = 3;

/// What a client sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message: the protocol version and, to play, the player's
    /// token (spectators may leave it out).
    Hello {
        /// The protocol version the client speaks ([`PROTOCOL_VERSION`]).
        version: u32,
        /// The token `POST /api/players` gave; needed to play a seat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// Follow a match: as a player (the seat the token holds) or a spectator.
    /// `since` is the last `seq` the client has; it then gets the batches it
    /// missed, or a snapshot.
    Subscribe {
        match_id: MatchId,
        role: Role,
        /// The last `seq` the client holds of this match, when it resumes.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        since: Option<u64>,
    },
    /// Stop following a match. Not answered.
    Unsubscribe { match_id: MatchId },
    /// Play an action. `id` is the client's own number for it, answered in
    /// the `ack` or the `error`.
    Act {
        match_id: MatchId,
        /// The client's own number for this action, new for every action of
        /// the seat in the match: the same id and action again is a resend,
        /// answered with the first `ack`.
        id: u64,
        /// One of the `options` the server sent, unchanged.
        action: Action,
    },
    /// Give up the match.
    Resign {
        match_id: MatchId,
        /// The client's own number for this request, answered in the `ack`
        /// or the `error`.
        id: u64,
    },
    /// Say something to the match's table: every subscriber, spectators
    /// too, gets it as a `chat` message. Players only.
    Chat {
        match_id: MatchId,
        /// 1 to 280 characters that show something, none of them a control
        /// or reordering character (the rules of player names).
        text: String,
    },
    /// Offer the other seats a draw. Answered by a `draw_offered` to every
    /// subscriber, the offerer too.
    OfferDraw { match_id: MatchId },
    /// Answer the draw offer that stands: accept it, or decline it (the
    /// offerer declining withdraws it).
    AnswerDraw { match_id: MatchId, accept: bool },
    /// Keepalive; answered with `pong`.
    Ping {
        /// Any number; the `pong` carries it back.
        nonce: u64,
    },
}

/// How a connection follows a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Plays the seat the connection's player holds; gets its options.
    Player,
    /// Watches what everyone may see.
    Spectator,
}

/// What the server sends.
// A snapshot is much larger than the other messages, but each message is
// built, encoded once and dropped: boxing it would only cost an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`.
    Welcome {
        /// The protocol version the server speaks.
        version: u32,
        /// The player the token names; none for an anonymous spectator.
        player: Option<PlayerRef>,
        limits: Limits,
    },
    /// A match as this viewer may see it now.
    Snapshot(Snapshot),
    /// One accepted action (or the server ending the match): the effects
    /// this viewer may see (possibly none), with the match's next `seq`.
    /// Every viewer gets every `seq`.
    Batch(Batch),
    /// An action (or resignation) was accepted, stored, and its batch sent.
    Ack {
        match_id: MatchId,
        /// The `id` the client gave the action or resignation.
        id: u64,
        /// The `seq` of the batch the action made.
        seq: u64,
    },
    /// Something the client sent was refused; nothing changed.
    Error {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        match_id: Option<MatchId>,
        /// The `id` of the refused action, when it was one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        /// What went wrong, for a program.
        code: ErrorCode,
        /// What went wrong, for a person.
        message: String,
        /// How many messages this error refuses, when more than one:
        /// messages over the rate limit are refused together, at most one
        /// `rate_limited` error a second.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<u64>,
    },
    /// A seat's player is away: unless back within `seconds`, the seat loses
    /// by abandonment.
    SeatAway {
        match_id: MatchId,
        seat: Seat,
        /// Seconds left on the seat's abandonment clock.
        seconds: u64,
    },
    /// The away seat's player is back; the clock stopped.
    SeatBack { match_id: MatchId, seat: Seat },
    /// A seat's player said something at the table.
    Chat { match_id: MatchId, chat: ChatLine },
    /// A draw offer stands: `seat` offered it, `accepted` have agreed so far
    /// (in a match of three or four seats every other seat must).
    DrawOffered {
        match_id: MatchId,
        seat: Seat,
        accepted: Vec<Seat>,
    },
    /// The draw offer is off: `seat` declined it, or withdrew it when it is
    /// the offerer. An offer also lapses, untold, with the next batch.
    DrawDeclined { match_id: MatchId, seat: Seat },
    /// The answer to `ping`.
    Pong {
        /// The `ping`'s nonce.
        nonce: u64,
    },
}

/// One thing a player said in a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ChatLine {
    /// Grows with every line of every match: a client that is sent a line it
    /// shows already (after a resume) knows it by its id.
    pub id: u64,
    /// The match's `seq` when it was said: it follows that event.
    pub seq: u64,
    pub seat: Seat,
    /// The name of the seat's player.
    pub name: String,
    /// As the player wrote it; escape it before printing it (`text::escape`).
    pub text: String,
}

/// A match as one viewer may see it now: the answer to `subscribe`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Snapshot {
    pub match_id: MatchId,
    /// The last accepted action's sequence number (0: the set-up); the
    /// next batch has `seq + 1`.
    pub seq: u64,
    pub status: MatchStatus,
    /// The seat this connection plays, none for a spectator.
    pub seat: Option<Seat>,
    pub view: View,
    /// Who must decide now.
    pub to_act: Vec<Seat>,
    /// This seat's options when it must decide, otherwise empty.
    pub options: Vec<ActionOption>,
    /// SHA-256 of the dice seed, hex.
    pub commitment: String,
}

/// One event of the match (an accepted action, a resignation, an
/// abandonment) as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Batch {
    pub match_id: MatchId,
    /// The match's sequence number after this action: one more than the
    /// last batch's.
    pub seq: u64,
    /// The effects this viewer may see, in order; apply them to the view.
    pub effects: Vec<Effect>,
    /// Who must decide now. Empty in a batch resent to a client resuming
    /// with `since`, except the last one.
    pub to_act: Vec<Seat>,
    /// This seat's options when it must decide, otherwise empty.
    pub options: Vec<ActionOption>,
}

/// The limits a connection is held to, told in `welcome`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Limits {
    /// The largest frame the server reads, in bytes.
    pub max_frame_bytes: u32,
    /// Messages per second a connection may send, averaged over a second.
    pub messages_per_second: u32,
    /// A connection that sends nothing (not even a ping) this long is closed.
    pub idle_seconds: u64,
    /// How long a player may be away from a running match before losing it.
    pub abandon_seconds: u64,
}
