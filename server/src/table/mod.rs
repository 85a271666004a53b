//! The table: every live match's actor, found by id, started when a match
//! fills, rebuilt from its log when asked for after a restart.

mod actor;
mod batch_json;
pub mod outbox;
pub mod rebuild;
pub mod seed;

use std::collections::HashMap;
use std::sync::Arc;

use fray_protocol::{Action, ErrorCode, MatchId, PlayerId, Seat, Viewer};
use sqlx::SqlitePool;
use thiserror::Error;
use tokio::sync::{Mutex, mpsc, oneshot};

use actor::Command;
pub use actor::{MatchState, TableConfig};
use outbox::{ConnId, Outbox};
use rebuild::{RebuildError, rebuild};

use crate::db::{self, DbError};
use crate::store::Store;

/// Commands a match's actor queues before senders wait.
const COMMAND_QUEUE: usize = 256;

/// Why a match could not be reached.
#[derive(Debug, Error)]
pub enum TableError {
    #[error("no match {0}")]
    NotFound(MatchId),
    #[error("match {0} has not started: it is waiting for players")]
    NotStarted(MatchId),
    #[error("match {id} cannot be rebuilt from its log: {source}")]
    Rebuild { id: MatchId, source: RebuildError },
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("the server is stopping")]
    Stopping,
}

/// A live match: its actor's queue, and who holds each seat.
#[derive(Clone)]
pub struct MatchHandle {
    commands: mpsc::Sender<Command>,
    players: Arc<[PlayerId]>,
}

impl MatchHandle {
    /// The seat `player` holds in this match, if any.
    pub fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        self.players
            .iter()
            .position(|held| *held == player)
            .map(|seat| Seat(seat as u8))
    }

    pub async fn subscribe(&self, outbox: Outbox, viewer: Viewer, since: Option<u64>) -> bool {
        self.commands
            .send(Command::Subscribe {
                outbox,
                viewer,
                since,
            })
            .await
            .is_ok()
    }

    pub async fn unsubscribe(&self, conn: ConnId) {
        let _ = self.commands.send(Command::Unsubscribe { conn }).await;
    }

    pub async fn act(&self, outbox: Outbox, seat: Seat, id: u64, action: Action) -> bool {
        self.commands
            .send(Command::Act {
                outbox,
                seat,
                id,
                action,
            })
            .await
            .is_ok()
    }

    /// Resigns `seat`; the `seq` of the ending event.
    pub async fn resign(&self, seat: Seat) -> Result<u64, (ErrorCode, String)> {
        let (done, answer) = oneshot::channel();
        let unavailable = || {
            (
                ErrorCode::Unavailable,
                "the match is restarting; try again".to_owned(),
            )
        };
        self.commands
            .send(Command::Resign { seat, done })
            .await
            .map_err(|_| unavailable())?;
        answer.await.map_err(|_| unavailable())?
    }

    fn is_alive(&self) -> bool {
        !self.commands.is_closed()
    }
}

/// Every live match.
#[derive(Clone)]
pub struct Tables {
    live: Arc<Mutex<HashMap<MatchId, MatchHandle>>>,
    db: SqlitePool,
    store: Store,
    config: Arc<TableConfig>,
}

impl Tables {
    pub fn new(db: SqlitePool, store: Store, config: TableConfig) -> Tables {
        Tables {
            live: Arc::new(Mutex::new(HashMap::new())),
            db,
            store,
            config: Arc::new(config),
        }
    }

    /// Starts the actor of a match that has just been set up.
    pub async fn start(&self, state: MatchState) -> MatchHandle {
        let id = state.id;
        let handle = self.spawn(state);
        self.live.lock().await.insert(id, handle.clone());
        handle
    }

    /// The match's actor, rebuilding the match from its log if it is not live.
    pub async fn get(&self, id: MatchId) -> Result<MatchHandle, TableError> {
        let mut live = self.live.lock().await;
        if let Some(handle) = live.get(&id).filter(|handle| handle.is_alive()) {
            return Ok(handle.clone());
        }
        let state = self.load(id).await?;
        let handle = self.spawn(state);
        live.insert(id, handle.clone());
        Ok(handle)
    }

    /// Rebuilds every running match at start-up, checking each against its
    /// stored effects. Returns how many resumed; a match that cannot be
    /// rebuilt is reported and left as it is stored.
    pub async fn recover(&self) -> Result<usize, DbError> {
        let running = db::matches::running(&self.db).await?;
        let mut resumed = 0;
        for id in running {
            match self.get(id).await {
                Ok(_) => resumed += 1,
                Err(error) => tracing::error!(match_id = %id, %error, "cannot resume match"),
            }
        }
        Ok(resumed)
    }

    /// Stops taking commands: each actor ends once its queue is drained, and
    /// with the last of them the store's handles go.
    pub async fn close(&self) {
        self.live.lock().await.clear();
    }

    async fn load(&self, id: MatchId) -> Result<MatchState, TableError> {
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
        let rebuilt = tokio::task::spawn_blocking(move || {
            rebuild(&started, &events).map(|rebuilt| (started, rebuilt))
        })
        .await
        .map_err(|_| TableError::Stopping)?;
        let (started, rebuilt) = rebuilt.map_err(|source| TableError::Rebuild { id, source })?;
        // The rules know their own endings; a resignation or abandonment is
        // the server's, and only the log remembers it.
        let ended = match rebuilt.game.outcome() {
            Some(_) => None,
            None => rebuilt.outcome,
        };
        Ok(MatchState {
            id,
            game: rebuilt.game,
            dice: rebuilt.dice,
            seq: rebuilt.seq,
            commitment: started.commitment,
            players: started.players,
            ended,
        })
    }

    fn spawn(&self, state: MatchState) -> MatchHandle {
        let (commands, queue) = mpsc::channel(COMMAND_QUEUE);
        let handle = MatchHandle {
            commands,
            players: state.players.clone().into(),
        };
        tokio::spawn(actor::run(
            state,
            self.store.clone(),
            self.config.clone(),
            queue,
        ));
        handle
    }
}
