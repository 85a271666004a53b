//! What a match's actor is asked to do: one file per command, each a free
//! function over the match's parts, answering through the command's
//! [`Reply`].

mod act;
mod bot_turn;
mod chat;
mod draw;
mod resign;
mod subscribe;

pub use bot_turn::bot_turn;
pub use resign::end_by_server;

use fray_protocol::{Action, PlayerRef, Seat, Viewer};
use fray_rules::Game;
use tokio::sync::oneshot;

use super::parts::{Broken, Parts};
use super::reply::Reply;
use crate::outbox::{ConnId, Outbox};

/// A request to a match's actor.
pub enum Command {
    /// A connection follows the match as `viewer`; from `since` (in that
    /// viewer's numbering) when it is coming back. Answered with what it
    /// missed, or a snapshot.
    Subscribe {
        outbox: Outbox,
        viewer: Viewer,
        since: Option<u64>,
    },
    Unsubscribe {
        conn: ConnId,
    },
    /// A seat acts; `id` is the client's number for it.
    Act {
        reply: Reply,
        seat: Seat,
        id: u64,
        action: Action,
    },
    /// A seat gives up. `id` is the client's, over the websocket (REST
    /// resignations have none).
    Resign {
        reply: Reply,
        seat: Seat,
        id: Option<u64>,
    },
    /// A seat offers a draw (`answer` none), or answers the offer.
    Draw {
        reply: Reply,
        seat: Seat,
        answer: Option<bool>,
    },
    /// A seat's player says something at the table.
    Chat {
        reply: Reply,
        seat: Seat,
        player: PlayerRef,
        text: String,
    },
    /// A copy of the game as it stands, for a house bot to suggest `seat`'s
    /// action from (`POST /api/matches/{id}/suggestion`).
    Position {
        seat: Seat,
        answer: oneshot::Sender<Position>,
    },
}

/// The game as it stood for a suggestion.
pub struct Position {
    /// The match's event, in the seat's numbering.
    pub seq: u64,
    /// Whether the match is over.
    pub over: bool,
    pub game: Game,
}

impl Command {
    /// Where the command's answer would go, for a command that never
    /// reached its match.
    pub fn into_reply(self) -> Option<Reply> {
        match self {
            Command::Subscribe { .. } | Command::Unsubscribe { .. } | Command::Position { .. } => {
                None
            }
            Command::Act { reply, .. }
            | Command::Resign { reply, .. }
            | Command::Draw { reply, .. }
            | Command::Chat { reply, .. } => Some(reply),
        }
    }
}

/// Carries `command` out on the match's parts.
pub async fn carry_out(parts: &mut Parts, command: Command) -> Result<(), Broken> {
    match command {
        Command::Subscribe {
            outbox,
            viewer,
            since,
        } => {
            subscribe::subscribe(parts, outbox, viewer, since);
            Ok(())
        }
        Command::Unsubscribe { conn } => {
            subscribe::unsubscribe(parts, conn);
            Ok(())
        }
        Command::Act {
            reply,
            seat,
            id,
            action,
        } => act::act(parts, reply, seat, id, action).await,
        Command::Resign { reply, seat, id } => resign::resign(parts, reply, seat, id).await,
        Command::Draw {
            reply,
            seat,
            answer,
        } => draw::draw(parts, reply, seat, answer).await,
        Command::Chat {
            reply,
            seat,
            player,
            text,
        } => {
            chat::chat(parts, reply, seat, player, text).await;
            Ok(())
        }
        Command::Position { seat, answer } => {
            let _ = answer.send(Position {
                seq: parts.game.number_now(Viewer::Seat(seat)),
                over: parts.game.is_over(),
                game: parts.game.rules_game().clone(),
            });
            Ok(())
        }
    }
}
