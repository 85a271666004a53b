//! A match's parts, each in its own file, owned by its actor's loop and
//! lent to the commands (`commands/`): the game, the crowd following it,
//! its clocks, the store its record is written to, its draw offer and its
//! chat room.

use std::sync::Arc;

use fray_protocol::{ChatLine, MatchId, PlayerId, Seat};
use tokio::sync::Notify;

use super::action_ids::ActionIds;
use super::bot_seats::BotSeats;
use super::chat_room::ChatRoom;
use super::clocks::Clocks;
use super::crowd::Crowd;
use super::draw_offer::DrawOffers;
use super::game::MatchGame;
use super::{TableConfig, TableMemory};
use crate::metrics::{Metrics, RunningMatch};
use crate::store::Store;

/// What a match's actor starts from: a game set up or rebuilt, and what
/// only the log remembers beside it.
pub struct MatchState {
    pub game: MatchGame,
    /// The ids of each seat's recent actions, to know a resend.
    pub action_ids: ActionIds,
    /// The last lines said, oldest first, for those who follow.
    pub chat: Vec<ChatLine>,
    /// Per seat: whether its player has come to the match (see [`Clocks`]).
    pub arrived: Vec<bool>,
}

impl MatchState {
    /// A match that has just been set up: nothing said, no one arrived.
    pub fn new(game: MatchGame) -> MatchState {
        MatchState {
            action_ids: ActionIds::default(),
            chat: Vec::new(),
            arrived: vec![false; game.seats()],
            game,
        }
    }

    pub fn id(&self) -> MatchId {
        self.game.id
    }

    pub fn players(&self) -> &[PlayerId] {
        self.game.players()
    }
}

pub struct Parts {
    pub game: MatchGame,
    pub action_ids: ActionIds,
    pub crowd: Crowd,
    pub clocks: Clocks,
    pub store: Store,
    pub draw: DrawOffers,
    pub chat: ChatRoom,
    /// The seats house bots hold, and the thought awaited from one.
    pub bots: BotSeats,
    /// What outlives this actor: how fast each seat may go on chatting,
    /// and the finished matches the table keeps (this one among them once
    /// it is over, until told through `retire` to give its place up).
    pub memory: Arc<TableMemory>,
    pub retire: Arc<Notify>,
    /// Over and no longer kept: the actor stops when its last follower
    /// leaves.
    pub retiring: bool,
    pub metrics: Arc<Metrics>,
    pub running: RunningMatch,
}

impl Parts {
    pub fn new(
        state: MatchState,
        store: Store,
        config: &TableConfig,
        memory: Arc<TableMemory>,
        metrics: Arc<Metrics>,
    ) -> Parts {
        let over = state.game.is_over();
        let bots = BotSeats::new(state.game.players(), memory.bots.clone());
        let house: Vec<bool> = (0..state.game.seats())
            .map(|seat| bots.holds(Seat(seat as u8)))
            .collect();
        let mut parts = Parts {
            crowd: Crowd::new(config.history),
            clocks: Clocks::new(
                state.arrived,
                house,
                config.abandon_after,
                config.join_grace,
            ),
            bots,
            chat: ChatRoom::new(state.chat),
            action_ids: state.action_ids,
            game: state.game,
            store,
            draw: DrawOffers::default(),
            memory,
            retire: Arc::default(),
            retiring: false,
            running: RunningMatch::new(metrics.clone(), over),
            metrics,
        };
        if over {
            parts.keep();
        }
        parts
    }

    pub fn id(&self) -> MatchId {
        self.game.id
    }

    /// Has the table keep this finished match, as its most recently
    /// followed one; without room there, it stops once nobody follows it.
    pub fn keep(&mut self) {
        if !self.retiring {
            self.retiring = !self.memory.finished.keep(self.id(), &self.retire);
        }
    }

    /// Starts and stops the seats' clocks as the crowd now stands (none run
    /// once the match is over); the seats whose clocks it started, of which
    /// every follower was told.
    pub fn update_clocks(&mut self) -> Vec<Seat> {
        if self.game.is_over() {
            return Vec::new();
        }
        self.clocks.update(&self.crowd, self.id())
    }

    /// Has a house bot think if one has something to do now.
    pub fn ask_bots(&mut self) {
        self.bots.ask(&self.game, &self.draw);
    }

    /// Whether the actor may stop: over, no longer kept, and followed by
    /// no one.
    pub fn may_stop(&self) -> bool {
        self.retiring && self.game.is_over() && self.crowd.is_empty()
    }
}

/// The store failed: the actor stops so that the match is rebuilt from what
/// is durable, never carried on from what is not.
pub struct Broken;
