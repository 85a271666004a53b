//! A live match as its askers hold it: its actor's queue, and who holds
//! each seat.

use std::sync::Arc;

use fray_protocol::{PlayerId, Seat};
use futures_util::FutureExt;
use tokio::sync::mpsc;

use super::commands::Command;
use super::reply::{Refusal, Reply};
use crate::metrics::Metrics;
use crate::outbox::ConnId;

#[derive(Clone)]
pub struct MatchHandle {
    pub(super) commands: mpsc::Sender<Command>,
    players: Arc<[PlayerId]>,
    metrics: Arc<Metrics>,
}

impl MatchHandle {
    pub(super) fn new(
        commands: mpsc::Sender<Command>,
        players: &[PlayerId],
        metrics: Arc<Metrics>,
    ) -> MatchHandle {
        MatchHandle {
            commands,
            players: players.into(),
            metrics,
        }
    }

    /// The seat `player` holds in this match, if any.
    pub fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        self.players
            .iter()
            .position(|held| *held == player)
            .map(|seat| Seat(seat as u8))
    }

    /// Queues `command` for the match's actor; false when the actor has
    /// stopped (the match is being rebuilt), and the command's reply has
    /// been told so. Not an `async fn` (nor an `async` block around the
    /// sending): either would hold the sending future twice, once waited on
    /// and once as a moved-from capture, and every connection's message
    /// future holds this one.
    pub fn send(&self, command: Command) -> impl Future<Output = bool> + '_ {
        self.commands.send(command).map(|sent| match sent {
            Ok(()) => true,
            Err(unsent) => {
                if let Some(reply) = unsent.0.into_reply() {
                    reply.refuse(Refusal::restarting(), &self.metrics);
                }
                false
            }
        })
    }

    /// The connection `conn` no longer follows the match.
    pub async fn unsubscribe(&self, conn: ConnId) {
        let _ = self.commands.send(Command::Unsubscribe { conn }).await;
    }

    /// Sends the command `made` makes with a REST reply and awaits its
    /// answer.
    pub async fn ask(&self, made: impl FnOnce(Reply) -> Command) -> Result<(), Refusal> {
        let (reply, answer) = Reply::rest();
        self.send(made(reply)).await;
        answer.await.unwrap_or_else(|_| Err(Refusal::restarting()))
    }

    pub(super) fn is_alive(&self) -> bool {
        !self.commands.is_closed()
    }
}
