//! One match's actor: the only owner of its game, one task per match. Its
//! loop takes the match's commands one at a time, lending them the match's
//! parts (`parts.rs`), lets the abandonment clocks fall, and carries out
//! its house bots' thoughts as they come.

use std::sync::Arc;

use fray_protocol::EventKind;
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::commands::{Command, bot_turn, carry_out, end_by_server};
use super::parts::{Broken, MatchState, Parts};
use super::{TableConfig, TableMemory};
use crate::metrics::Metrics;
use crate::store::Store;

/// Runs a match until nothing can reach it any more (or, once it is over
/// and the table no longer keeps it, until its last follower leaves).
pub async fn run(
    state: MatchState,
    store: Store,
    config: Arc<TableConfig>,
    memory: Arc<TableMemory>,
    metrics: Arc<Metrics>,
    mut commands: mpsc::Receiver<Command>,
) {
    let mut parts = Parts::new(state, store, &config, memory, metrics);
    parts.update_clocks();
    loop {
        parts.ask_bots();
        let deadline = parts.clocks.next_deadline();
        let thinking = parts.bots.is_thinking();
        let retire = parts.retire.clone();
        let command = tokio::select! {
            command = commands.recv() => command,
            () = sleep_until(deadline) => {
                if abandon_due(&mut parts).await.is_err() {
                    break;
                }
                continue;
            }
            turn = parts.bots.thought(), if thinking => {
                if let Some(turn) = turn
                    && bot_turn(&mut parts, turn).await.is_err()
                {
                    break;
                }
                continue;
            }
            () = retire.notified(), if parts.game.is_over() && !parts.retiring => {
                parts.retiring = true;
                if parts.crowd.is_empty() {
                    break;
                }
                continue;
            }
        };
        let Some(command) = command else { break };
        if carry_out(&mut parts, command).await.is_err() {
            break;
        }
        if parts.may_stop() {
            break;
        }
    }
    parts.memory.finished.forget(parts.id(), &parts.retire);
    tracing::debug!(match_id = %parts.id(), "match actor stopped");
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}

/// A seat whose abandonment clock has fallen loses the match.
async fn abandon_due(parts: &mut Parts) -> Result<(), Broken> {
    match parts.clocks.take_fallen(Instant::now()) {
        Some(seat) => end_by_server(parts, seat, EventKind::Abandon, None)
            .await
            .map(|_| ()),
        None => Ok(()),
    }
}
