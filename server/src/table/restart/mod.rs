//! Everything a restart does, in the words the code and docs use: a match
//! is *rebuilt* from its log (`rebuild.rs`) when it is asked for and not
//! live; at start-up the server *recovers* every unfinished match
//! (`recovery.rs`); a client coming back *resumes* from its last `seq`
//! (the crowd's recent batches, `crowd.rs`), which is not a restart.

pub mod rebuild;
pub mod recovery;

use fray_protocol::MatchId;

use super::action_ids::{ActionIds, REMEMBERED_PER_SEAT};
use super::chat_room::RECENT_CHAT;
use super::parts::MatchState;
use super::{TableError, Tables};
use crate::db;
use rebuild::rebuild;

impl Tables {
    /// Rebuilds match `id` from its log, with what only the log remembers
    /// beside the game: the seats' recent action ids, the chat, and which
    /// seats' players have come.
    pub(super) async fn load(&self, id: MatchId) -> Result<MatchState, TableError> {
        let _rebuilding = self
            .rebuilds
            .acquire()
            .await
            .map_err(|_| TableError::Stopping)?;
        let started = match db::matches::started(&self.db, id).await? {
            Some(started) => started,
            None => {
                return Err(match db::matches::summary(&self.db, id).await? {
                    Some(_) => TableError::NotStarted(id),
                    None => TableError::NotFound(id),
                });
            }
        };
        let events = db::events::all(&self.db, id).await?;
        // A seat that acted has come to the match; one that only watched
        // before the restart has its grace for joining again, which loses
        // no one a game.
        let mut arrived = vec![false; started.players.len()];
        for seat in events.iter().filter_map(|event| event.seat) {
            if let Some(arrived) = arrived.get_mut(seat.0 as usize) {
                *arrived = true;
            }
        }
        let action_ids = db::events::recent_action_ids(&self.db, id, REMEMBERED_PER_SEAT).await?;
        let chat = db::chat::recent(&self.db, id, Some(RECENT_CHAT)).await?;
        let game = tokio::task::spawn_blocking(move || rebuild(&started, &events))
            .await
            .map_err(|_| TableError::Stopping)?
            .map_err(|source| TableError::Rebuild { id, source })?;
        self.metrics.match_rebuilds.inc();
        Ok(MatchState {
            game,
            action_ids: ActionIds::from_log(&action_ids),
            chat,
            arrived,
        })
    }
}
