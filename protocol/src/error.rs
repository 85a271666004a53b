//! Errors as every client hears them, over REST and over the socket: a stable
//! code a program can act on, and a message a person can read.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::RejectCode;

/// A refusal's stable code: what a program acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    // The request itself.
    /// Not valid JSON, not a message or body of this protocol, or a request
    /// that makes no sense (a second `hello`, a binary frame, a bad query).
    BadRequest,
    /// The client speaks a protocol version the server does not.
    UnsupportedVersion,
    /// A frame larger than the server's limit.
    FrameTooLarge,
    /// More websocket messages per second than the server's limit, or more
    /// lobby writes from one address (REST `429`, with `Retry-After`).
    RateLimited,
    // Who is asking.
    /// No token was given where one is needed, or a websocket message came
    /// before `hello`.
    NotAuthenticated,
    /// The token is not one the server issued.
    BadToken,
    /// The token is good, but the thing asked for belongs to someone else.
    Forbidden,
    // What is asked for.
    /// No such match, army list, or path (another player's army list too).
    NotFound,
    /// The path exists but does not take this HTTP method.
    MethodNotAllowed,
    /// The army list breaks its system's rules; `reasons` lists them.
    InvalidArmy,
    /// The match options or seats are not valid for the system.
    InvalidMatch,
    /// Every seat of the match is taken.
    MatchFull,
    /// The player already holds a seat in this match.
    AlreadySeated,
    /// Another player holds this name, in the same or another case.
    NameTaken,
    /// The match is not being played (still open, or over).
    MatchNotRunning,
    /// An action for a match this connection has not subscribed to as a player.
    NotSubscribed,
    /// A subscription past the most matches one connection may follow at
    /// once: unsubscribe from one first.
    TooManySubscriptions,
    /// A spectator, or a player acting for a seat that is not theirs.
    NotYourSeat,
    /// The seat already used this action id in this match for another
    /// action (the same action again is a resend, answered with its ack).
    DuplicateId,
    /// A rematch asked for while the match is still open or being played.
    MatchNotOver,
    // Draw offers.
    /// An answer to a draw offer when none stands.
    NoDrawOffer,
    /// A draw offered while one stands, or an offer accepted twice.
    DrawOfferStanding,
    /// The offerer accepting its own draw offer.
    OwnDrawOffer,
    /// A draw offered again before the next batch by a seat whose last offer
    /// was declined.
    OfferTooSoon,
    // The rules' answers.
    /// The game is over; it takes no more actions.
    GameOver,
    /// This seat does not decide now.
    NotYourTurn,
    /// The action names a piece the seat does not command.
    NotYourPiece,
    /// The verb or its parts make no sense in this game.
    UnknownAction,
    /// A well-formed action the rules do not allow now.
    IllegalAction,
    // The server.
    /// The server is stopping or overloaded; try again shortly.
    Unavailable,
    /// The server failed; the failure is logged on its side.
    Internal,
}

impl ErrorCode {
    pub fn key(self) -> &'static str {
        match self {
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::UnsupportedVersion => "unsupported_version",
            ErrorCode::FrameTooLarge => "frame_too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::NotAuthenticated => "not_authenticated",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::Forbidden => "forbidden",
            ErrorCode::NotFound => "not_found",
            ErrorCode::MethodNotAllowed => "method_not_allowed",
            ErrorCode::InvalidArmy => "invalid_army",
            ErrorCode::InvalidMatch => "invalid_match",
            ErrorCode::MatchFull => "match_full",
            ErrorCode::AlreadySeated => "already_seated",
            ErrorCode::NameTaken => "name_taken",
            ErrorCode::MatchNotRunning => "match_not_running",
            ErrorCode::NotSubscribed => "not_subscribed",
            ErrorCode::TooManySubscriptions => "too_many_subscriptions",
            ErrorCode::NotYourSeat => "not_your_seat",
            ErrorCode::DuplicateId => "duplicate_id",
            ErrorCode::MatchNotOver => "match_not_over",
            ErrorCode::NoDrawOffer => "no_draw_offer",
            ErrorCode::DrawOfferStanding => "draw_offer_standing",
            ErrorCode::OwnDrawOffer => "own_draw_offer",
            ErrorCode::OfferTooSoon => "offer_too_soon",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::NotYourPiece => "not_your_piece",
            ErrorCode::UnknownAction => "unknown_action",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::Internal => "internal",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl From<RejectCode> for ErrorCode {
    fn from(code: RejectCode) -> Self {
        match code {
            RejectCode::GameOver => ErrorCode::GameOver,
            RejectCode::NotYourTurn => ErrorCode::NotYourTurn,
            RejectCode::NotYourPiece => ErrorCode::NotYourPiece,
            RejectCode::UnknownAction => ErrorCode::UnknownAction,
            RejectCode::IllegalAction => ErrorCode::IllegalAction,
        }
    }
}

/// The body of every REST error: `{"error": {"code", "message", "reasons"}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

/// What went wrong: a code for a program, a message for a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ErrorDetail {
    pub code: ErrorCode,
    /// What went wrong, in words a person understands.
    pub message: String,
    /// The reasons, where there can be several (an invalid army list): at
    /// most 20, then one entry that counts the rest ("and 7 more").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<String>,
}
