//! One match's actor: the only owner of its game. It judges actions through
//! the engine, has them committed by the store before anyone hears of them,
//! then sends each subscriber the batch it may see. It never waits on a
//! socket.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use fray_protocol::{
    Action, Batch, ChatLine, Effect, ErrorCode, EventKind, MatchId, MatchStatus, Outcome, Phrase,
    PlayerId, PlayerRef, ScopedEffect, Seat, ServerMessage, Snapshot, View, Viewer, apply,
};
use fray_rules::{ChaChaDice, Game};
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::time::Instant;

use super::TableMemory;
use super::action_ids::{ActionIds, Deed, Earlier};
use super::chat_rate::{CHAT_BURST, CHAT_EVERY_SECONDS};
use super::sequences::Sequences;
use crate::metrics::{Metrics, RunningMatch, Via};
use crate::outbox::{ConnId, Delivery, Outbox, encode};
use crate::store::NewEvent;
use crate::store::{Commit, Store};

/// How a table runs its matches.
#[derive(Debug, Clone)]
pub struct TableConfig {
    /// How long a seat may be away while another is present before it loses.
    pub abandon_after: Duration,
    /// The same, for a seat whose player has not yet come to the match: a
    /// grace of its own for a player who has just joined.
    pub join_grace: Duration,
    /// How many recent batches a match keeps for reconnecting clients.
    pub history: usize,
    /// How many finished matches keep their actors once nobody follows
    /// them (see `kept_finished`).
    pub finished_kept: usize,
}

/// A request to a match's actor.
pub enum Command {
    Subscribe {
        outbox: Outbox,
        viewer: Viewer,
        since: Option<u64>,
    },
    Unsubscribe {
        conn: ConnId,
    },
    Act {
        outbox: Outbox,
        seat: Seat,
        id: u64,
        action: Action,
    },
    /// A seat's player says something at the table.
    Chat {
        seat: Seat,
        player: PlayerRef,
        text: String,
        done: oneshot::Sender<Result<(), (ErrorCode, String)>>,
    },
    /// A seat offers a draw (`answer` none), or answers the offer.
    Draw {
        seat: Seat,
        answer: Option<bool>,
        done: oneshot::Sender<Result<(), (ErrorCode, String)>>,
    },
    /// A seat gives up; answered with the `seq` of the ending event. `id`
    /// is the client's, over the websocket (REST resignations have none).
    Resign {
        seat: Seat,
        id: Option<u64>,
        done: oneshot::Sender<Result<u64, (ErrorCode, String)>>,
    },
}

/// What the actor starts from: a set-up or rebuilt game.
pub struct MatchState {
    pub id: MatchId,
    pub game: Game,
    pub dice: ChaChaDice,
    pub seq: u64,
    pub commitment: String,
    pub players: Vec<PlayerId>,
    /// Set when the match ended by resignation or abandonment.
    pub ended: Option<Outcome>,
    /// The ids of each seat's recent actions, to know a resend.
    pub action_ids: ActionIds,
    /// The last lines said, oldest first, for those who subscribe.
    pub chat: Vec<ChatLine>,
    /// Each viewer's numbering of the log's events.
    pub sequences: Sequences,
    /// Per seat: whether its player has come to the match (subscribed as
    /// that seat since the actor started, or acted in it), and so is held
    /// to the abandonment clock rather than the grace for joining.
    pub arrived: Vec<bool>,
}

impl MatchState {
    /// The state of match `id` at event `seq`, its game and dice as they
    /// stand then: what a set-up makes (at 0) and a rebuild starts from,
    /// before it adds what only the log remembers (an ending that was the
    /// server's, the seats' recent action ids, the chat).
    pub fn new(
        id: MatchId,
        game: Game,
        dice: ChaChaDice,
        seq: u64,
        commitment: String,
        players: Vec<PlayerId>,
    ) -> MatchState {
        MatchState {
            id,
            game,
            dice,
            seq,
            commitment,
            ended: None,
            action_ids: ActionIds::default(),
            chat: Vec::new(),
            sequences: Sequences::default(),
            arrived: vec![false; players.len()],
            players,
        }
    }
}

/// How many recent lines of chat a subscriber is sent after its snapshot.
pub const RECENT_CHAT: usize = 20;

/// A draw offer that stands: kept in memory only, so a restart of the
/// server (or of the match's actor) withdraws it.
struct DrawOffer {
    by: Seat,
    /// The other seats that accepted so far.
    accepted: Vec<Seat>,
}

struct Subscriber {
    outbox: Outbox,
    viewer: Viewer,
}

struct MatchActor {
    state: MatchState,
    store: Store,
    config: Arc<TableConfig>,
    subscribers: Vec<Subscriber>,
    /// The last few batches, every effect with its audience, for resumes.
    recent: VecDeque<(u64, Vec<ScopedEffect>)>,
    /// Per seat: when it loses by abandonment, while its clock runs.
    away_until: Vec<Option<Instant>>,
    /// The last [`RECENT_CHAT`] lines said.
    chat: VecDeque<ChatLine>,
    /// What outlives this actor: how fast each seat may go on chatting,
    /// and the finished matches the table keeps (this one among them once
    /// it is over, until told through `retire` to give its place up).
    memory: Arc<TableMemory>,
    retire: Arc<Notify>,
    /// Over and no longer kept: the actor stops when its last follower
    /// leaves.
    retiring: bool,
    draw: Option<DrawOffer>,
    /// Seats whose draw offer was declined since the last event: they may
    /// not offer again until the game moves on, so no one is pestered.
    declined: Vec<Seat>,
    metrics: Arc<Metrics>,
    running: RunningMatch,
}

/// Runs a match until nothing can reach it any more (or, once it is over
/// and the table no longer keeps it, until its last subscriber leaves).
pub async fn run(
    mut state: MatchState,
    store: Store,
    config: Arc<TableConfig>,
    memory: Arc<TableMemory>,
    metrics: Arc<Metrics>,
    mut commands: mpsc::Receiver<Command>,
) {
    let seats = state.players.len();
    let over = state.ended.is_some() || state.game.outcome().is_some();
    let chat = std::mem::take(&mut state.chat).into();
    let mut actor = MatchActor {
        chat,
        memory,
        retire: Arc::default(),
        retiring: false,
        draw: None,
        declined: Vec::new(),
        state,
        store,
        config,
        subscribers: Vec::new(),
        recent: VecDeque::new(),
        away_until: vec![None; seats],
        running: RunningMatch::new(metrics.clone(), over),
        metrics,
    };
    actor.update_clocks();
    if over {
        actor.keep();
    }
    loop {
        let deadline = actor.next_deadline();
        let retire = actor.retire.clone();
        let command = tokio::select! {
            command = commands.recv() => command,
            () = sleep_until(deadline) => {
                if actor.abandon_due().await.is_err() {
                    break;
                }
                continue;
            }
            () = retire.notified(), if actor.is_over() && !actor.retiring => {
                actor.retiring = true;
                if actor.subscribers.is_empty() {
                    break;
                }
                continue;
            }
        };
        let Some(command) = command else { break };
        if actor.handle(command).await.is_err() {
            break;
        }
        if actor.retiring && actor.is_over() && actor.subscribers.is_empty() {
            break;
        }
    }
    actor.memory.finished.forget(actor.id(), &actor.retire);
    tracing::debug!(match_id = %actor.state.id, "match actor stopped");
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}

/// The store failed: the actor stops so that the match is rebuilt from what
/// is durable, never carried on from what is not.
struct Broken;

impl MatchActor {
    fn id(&self) -> MatchId {
        self.state.id
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state
            .ended
            .clone()
            .or_else(|| self.state.game.outcome())
    }

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Has the table keep this finished match, as its most recently
    /// followed one; without room there, it stops once nobody follows it.
    fn keep(&mut self) {
        if !self.retiring {
            self.retiring = !self.memory.finished.keep(self.id(), &self.retire);
        }
    }

    fn status(&self) -> MatchStatus {
        if self.is_over() {
            MatchStatus::Finished
        } else {
            MatchStatus::Running
        }
    }

    async fn handle(&mut self, command: Command) -> Result<(), Broken> {
        match command {
            Command::Subscribe {
                outbox,
                viewer,
                since,
            } => {
                self.subscribe(outbox, viewer, since);
                Ok(())
            }
            Command::Unsubscribe { conn } => {
                self.subscribers.retain(|s| s.outbox.id != conn);
                self.update_clocks();
                Ok(())
            }
            Command::Act {
                outbox,
                seat,
                id,
                action,
            } => self.act(outbox, seat, id, action).await,
            Command::Chat {
                seat,
                player,
                text,
                done,
            } => {
                let _ = done.send(self.chat(seat, player, text).await);
                Ok(())
            }
            Command::Draw { seat, answer, done } => {
                let answered = self.draw(seat, answer).await?;
                let _ = done.send(answered);
                Ok(())
            }
            Command::Resign { seat, id, done } => {
                if let Some(id) = id
                    && let Some(earlier) =
                        self.state.action_ids.earlier(seat, id, Deed::Resignation)
                {
                    let own = Viewer::Seat(seat);
                    let _ = done.send(match earlier {
                        Earlier::Resent { seq } => {
                            self.metrics.acks.inc();
                            Ok(self.number(own, seq))
                        }
                        Earlier::Reused { seq } => Err(id_reused(id, self.number(own, seq))),
                    });
                    return Ok(());
                }
                let result = self.end_by_server(seat, EventKind::Resign, id).await;
                let answer = match &result {
                    Ok(Some(seq)) => {
                        self.metrics.acks.inc();
                        Ok(self.number(Viewer::Seat(seat), *seq))
                    }
                    Ok(None) => Err((
                        ErrorCode::GameOver,
                        format!("match {} is already over", self.id()),
                    )),
                    Err(Broken) => Err((
                        ErrorCode::Unavailable,
                        "the resignation could not be stored; try again".to_owned(),
                    )),
                };
                let _ = done.send(answer);
                result.map(|_| ())
            }
        }
    }

    fn subscribe(&mut self, outbox: Outbox, viewer: Viewer, since: Option<u64>) {
        self.subscribers.retain(|s| s.outbox.id != outbox.id);
        // Resending more batches (or bytes) than the connection may queue
        // would only get it dropped: a snapshot is cheaper then.
        let now = self.number(viewer, self.state.seq);
        let resumed = since
            .filter(|since| now.saturating_sub(*since) as usize <= outbox.capacity() / 2)
            .and_then(|since| self.missed_since(since, viewer))
            .filter(|batches| {
                batches.iter().map(|batch| batch.len()).sum::<usize>() <= outbox.max_bytes() / 2
            });
        let resumed_any = resumed.is_some();
        let delivery = match resumed {
            Some(batches) => batches
                .iter()
                .map(|batch| outbox.send_frame(batch.clone()))
                .find(|delivery| *delivery != Delivery::Queued)
                .unwrap_or(Delivery::Queued),
            None => outbox.send(&ServerMessage::Snapshot(self.snapshot(viewer))),
        };
        if delivery != Delivery::Queued {
            return;
        }
        // The chat the newcomer may have missed: all that is kept after a
        // snapshot; after resumed batches, what was said from `since` on
        // (the client knows a line it has by its id).
        let chat_since = if resumed_any { since.unwrap_or(0) } else { 0 };
        for line in &self.chat {
            let line = self.chat_for(viewer, line);
            if line.seq >= chat_since {
                outbox.send(&ServerMessage::Chat {
                    match_id: self.id(),
                    chat: line,
                });
            }
        }
        if let Some(offer) = &self.draw {
            outbox.send(&ServerMessage::DrawOffered {
                match_id: self.id(),
                seat: offer.by,
                accepted: offer.accepted.clone(),
            });
        }
        if let Viewer::Seat(seat) = viewer
            && let Some(arrived) = self.state.arrived.get_mut(seat.0 as usize)
        {
            *arrived = true;
        }
        self.subscribers.push(Subscriber {
            outbox: outbox.clone(),
            viewer,
        });
        if self.is_over() {
            self.keep();
        }
        let already_told = self.update_clocks();
        // A newcomer also learns of the clocks that were already running.
        for (seat, until) in self.away_until.iter().enumerate() {
            let seat = Seat(seat as u8);
            if let Some(until) = until
                && !already_told.contains(&seat)
            {
                outbox.send(&ServerMessage::SeatAway {
                    match_id: self.id(),
                    seat,
                    seconds: until.saturating_duration_since(Instant::now()).as_secs(),
                });
            }
        }
    }

    /// The batches after `since` (in `viewer`'s numbering) as `viewer`
    /// sees them, if they are all still kept and there is at least one;
    /// otherwise a snapshot is better.
    fn missed_since(&self, since: u64, viewer: Viewer) -> Option<Vec<Utf8Bytes>> {
        let sequences = &self.state.sequences;
        if since >= sequences.number(viewer, self.state.seq) {
            return None;
        }
        let first_kept = self.recent.front()?.0;
        if sequences.number(viewer, first_kept.saturating_sub(1)) > since {
            return None;
        }
        let last = self.state.seq;
        Some(
            self.recent
                .iter()
                .filter(|(seq, _)| sequences.knows(viewer, *seq))
                .filter(|(seq, _)| sequences.number(viewer, *seq) > since)
                .map(|(seq, effects)| {
                    let options_now = *seq == last;
                    encode(&ServerMessage::Batch(self.batch_for(
                        viewer,
                        *seq,
                        effects,
                        options_now,
                    )))
                })
                .collect(),
        )
    }

    /// `viewer`'s number for the match as it stood after log event `seq`.
    fn number(&self, viewer: Viewer, seq: u64) -> u64 {
        self.state.sequences.number(viewer, seq)
    }

    /// A line of chat as `viewer` is told it: after its own number of the
    /// event the line follows.
    fn chat_for(&self, viewer: Viewer, line: &ChatLine) -> ChatLine {
        ChatLine {
            seq: self.number(viewer, line.seq),
            ..line.clone()
        }
    }

    pub fn snapshot(&self, viewer: Viewer) -> Snapshot {
        let (to_act, options) = self.to_act_and_options(viewer);
        Snapshot {
            match_id: self.id(),
            seq: self.number(viewer, self.state.seq),
            status: self.status(),
            seat: viewer.seat(),
            view: self.view(viewer),
            to_act,
            options,
            commitment: self.state.commitment.clone(),
        }
    }

    /// The game as `viewer` sees it. The rules do not know of an ending
    /// that was the server's (a resignation, an abandonment): it is applied
    /// as its batch applied it, so a snapshot agrees with the batches.
    fn view(&self, viewer: Viewer) -> View {
        let mut view = self.state.game.view(viewer);
        if let Some(outcome) = &self.state.ended {
            apply(
                &mut view,
                &Effect::GameEnded {
                    outcome: outcome.clone(),
                },
            );
        }
        view
    }

    /// The rules' `to_act`, and `viewer`'s options if it is one of them;
    /// neither once the match has ended, by the rules or by the server.
    fn to_act_and_options(&self, viewer: Viewer) -> (Vec<Seat>, Vec<fray_protocol::ActionOption>) {
        if self.state.ended.is_some() {
            return (Vec::new(), Vec::new());
        }
        let to_act = self.state.game.to_act();
        let options = match viewer.seat() {
            Some(seat) if to_act.contains(&seat) => self.state.game.options(seat),
            _ => Vec::new(),
        };
        (to_act, options)
    }

    /// The batch of log event `seq` as `viewer` is sent it, numbered in
    /// its own sequence.
    fn batch_for(
        &self,
        viewer: Viewer,
        seq: u64,
        effects: &[ScopedEffect],
        with_options: bool,
    ) -> Batch {
        let (to_act, options) = if with_options {
            self.to_act_and_options(viewer)
        } else {
            (Vec::new(), Vec::new())
        };
        Batch {
            match_id: self.id(),
            seq: self.number(viewer, seq),
            effects: effects
                .iter()
                .filter(|scoped| scoped.audience.includes(viewer))
                .map(|scoped| scoped.effect.clone())
                .collect(),
            to_act,
            options,
        }
    }

    async fn act(
        &mut self,
        outbox: Outbox,
        seat: Seat,
        id: u64,
        action: Action,
    ) -> Result<(), Broken> {
        let match_id = self.id();
        let metrics = &self.metrics;
        // Like every answer to what a client got wrong, a refusal never
        // fills the outbox (`Outbox::send_spare`).
        let refuse = |code: ErrorCode, message: String| {
            metrics.refused(code, Via::Websocket, 1);
            let error = ServerMessage::Error {
                match_id: Some(match_id),
                id: Some(id),
                code,
                message,
                count: None,
            };
            if outbox.send_spare(&error) == Delivery::Skipped {
                metrics.refusals_skipped.inc();
            }
        };
        let deed = Deed::action(&action);
        let own = Viewer::Seat(seat);
        match self.state.action_ids.earlier(seat, id, deed) {
            Some(Earlier::Resent { seq }) => {
                self.metrics.acks.inc();
                let seq = self.number(own, seq);
                outbox.send(&ServerMessage::Ack { match_id, id, seq });
                return Ok(());
            }
            Some(Earlier::Reused { seq }) => {
                let (code, message) = id_reused(id, self.number(own, seq));
                refuse(code, message);
                return Ok(());
            }
            None => {}
        }
        if self.outcome().is_some() {
            // Without the reason: it names seats, and this message goes out
            // as plain words; the seat's view holds the outcome to show.
            refuse(ErrorCode::GameOver, "the match is over".to_string());
            return Ok(());
        }
        let effects = match self.state.game.act(seat, &action, &mut self.state.dice) {
            Ok(effects) => effects,
            Err(rejection) => {
                refuse(rejection.code.into(), rejection.message);
                return Ok(());
            }
        };
        let seq = self
            .record(EventKind::Action, seat, Some(action), Some(id), effects)
            .await?;
        self.state.action_ids.remember(seat, id, seq, deed);
        self.metrics.acks.inc();
        outbox.send(&ServerMessage::Ack {
            match_id: self.id(),
            id,
            seq: self.number(own, seq),
        });
        Ok(())
    }

    /// Stores a line of chat, then tells every subscriber. Said at the
    /// match's current `seq`; allowed after the game ends too (a "good
    /// game"), for as long as the match is followed.
    async fn chat(
        &mut self,
        seat: Seat,
        player: PlayerRef,
        text: String,
    ) -> Result<(), (ErrorCode, String)> {
        if !self.memory.chat_rates.allow(self.id(), seat) {
            return Err((
                ErrorCode::RateLimited,
                format!(
                    "at most {CHAT_BURST} messages at once, then one every \
                     {CHAT_EVERY_SECONDS} seconds: this one was not sent"
                ),
            ));
        }
        let seq = self.state.seq;
        let id = match self.store.say(self.id(), seq, seat, player.id, &text).await {
            Ok(id) => id,
            Err(error) => {
                tracing::error!(match_id = %self.id(), %error, "a line of chat could not be stored");
                return Err((
                    ErrorCode::Unavailable,
                    "the message could not be stored; try again".to_owned(),
                ));
            }
        };
        let line = ChatLine {
            id,
            seq,
            seat,
            name: player.name,
            text,
        };
        self.tell_chat(&line);
        self.chat.push_back(line);
        while self.chat.len() > RECENT_CHAT {
            self.chat.pop_front();
        }
        Ok(())
    }

    /// A draw offered (`answer` none), accepted or declined by `seat`. The
    /// refusal to send, if it is one; `Broken` if the draw that ends the
    /// match could not be stored.
    async fn draw(
        &mut self,
        seat: Seat,
        answer: Option<bool>,
    ) -> Result<Result<(), (ErrorCode, String)>, Broken> {
        // Refusals are plain text, which no client can rename: they name
        // no seat (the outcome and the offer are in the client's view).
        if self.outcome().is_some() {
            return Ok(Err((
                ErrorCode::GameOver,
                "the match is over: there is no draw to offer or answer".to_owned(),
            )));
        }
        let match_id = self.id();
        let Some(accept) = answer else {
            if self.draw.is_some() {
                return Ok(Err((
                    ErrorCode::DrawOfferStanding,
                    "a draw offer stands already; answer that offer first".to_owned(),
                )));
            }
            if self.declined.contains(&seat) {
                return Ok(Err((
                    ErrorCode::OfferTooSoon,
                    "your draw offer was declined; you may offer again after the next move"
                        .to_owned(),
                )));
            }
            self.draw = Some(DrawOffer {
                by: seat,
                accepted: Vec::new(),
            });
            self.tell_all(&ServerMessage::DrawOffered {
                match_id,
                seat,
                accepted: Vec::new(),
            });
            return Ok(Ok(()));
        };
        let Some(offer) = &mut self.draw else {
            return Ok(Err((
                ErrorCode::NoDrawOffer,
                "no draw offer stands in this match".to_owned(),
            )));
        };
        if !accept {
            let by = offer.by;
            self.draw = None;
            // A withdrawn offer waits for a move too, or offering and
            // withdrawing could pester the table without end.
            self.declined.push(by);
            self.tell_all(&ServerMessage::DrawDeclined { match_id, seat });
            return Ok(Ok(()));
        }
        if seat == offer.by {
            return Ok(Err((
                ErrorCode::OwnDrawOffer,
                "you cannot accept your own draw offer: the other players answer it".to_owned(),
            )));
        }
        if offer.accepted.contains(&seat) {
            return Ok(Err((
                ErrorCode::DrawOfferStanding,
                "you have accepted this draw offer already".to_owned(),
            )));
        }
        offer.accepted.push(seat);
        let (by, accepted) = (offer.by, offer.accepted.clone());
        if accepted.len() + 1 < self.state.players.len() {
            self.tell_all(&ServerMessage::DrawOffered {
                match_id,
                seat: by,
                accepted,
            });
            return Ok(Ok(()));
        }
        let outcome = Outcome::draw("drawn by agreement");
        self.state.ended = Some(outcome.clone());
        let effects = vec![ScopedEffect::public(Effect::GameEnded { outcome })];
        self.record(EventKind::Draw, seat, None, None, effects)
            .await?;
        Ok(Ok(()))
    }

    /// Commits one event, then sends its batch to every subscriber.
    async fn record(
        &mut self,
        kind: EventKind,
        seat: Seat,
        action: Option<Action>,
        action_id: Option<u64>,
        effects: Vec<ScopedEffect>,
    ) -> Result<u64, Broken> {
        let seq = self.state.seq + 1;
        let commit = Commit {
            event: NewEvent {
                match_id: self.id(),
                seq,
                kind,
                seat: Some(seat),
                action,
                action_id,
                effects,
            },
            finishes: self.outcome(),
        };
        let Commit { event, .. } = match self.store.commit(commit).await {
            Ok(commit) => commit,
            Err(error) => {
                tracing::error!(match_id = %self.id(), %error, "an accepted action could not be stored; the match will be rebuilt from its log");
                self.kick_all();
                return Err(Broken);
            }
        };
        self.state.seq = seq;
        self.state
            .sequences
            .note(seq, Some(seat), &event.effects, self.state.players.len());
        // Any event moves the game on: a draw offer lapses with it.
        self.draw = None;
        self.declined.clear();
        self.recent.push_back((seq, event.effects));
        while self.recent.len() > self.config.history {
            self.recent.pop_front();
        }
        self.broadcast_latest();
        if self.is_over() {
            self.away_until.iter_mut().for_each(|until| *until = None);
            self.running.over();
            self.keep();
        }
        Ok(seq)
    }

    fn broadcast_latest(&mut self) {
        let Some((seq, effects)) = self.recent.back() else {
            return;
        };
        let gone = self.send_each(|viewer| {
            self.state
                .sequences
                .knows(viewer, *seq)
                .then(|| ServerMessage::Batch(self.batch_for(viewer, *seq, effects, true)))
        });
        if !gone.is_empty() {
            self.subscribers.retain(|s| !gone.contains(&s.outbox.id));
            self.update_clocks();
        }
    }

    /// Sends every subscriber what `message_for` gives its viewer (nothing
    /// where it gives none), encoded once per viewer; the connections that
    /// could not take it.
    fn send_each(&self, message_for: impl Fn(Viewer) -> Option<ServerMessage>) -> Vec<ConnId> {
        let mut encoded: Vec<(Viewer, Option<Utf8Bytes>)> = Vec::new();
        let mut gone = Vec::new();
        for subscriber in &self.subscribers {
            let viewer = subscriber.viewer;
            let frame = match encoded.iter().find(|(told, _)| *told == viewer) {
                Some((_, frame)) => frame.clone(),
                None => {
                    let frame = message_for(viewer).map(|message| encode(&message));
                    encoded.push((viewer, frame.clone()));
                    frame
                }
            };
            if let Some(frame) = frame
                && subscriber.outbox.send_frame(frame) != Delivery::Queued
            {
                gone.push(subscriber.outbox.id);
            }
        }
        gone
    }

    fn kick_all(&mut self) {
        for subscriber in self.subscribers.drain(..) {
            subscriber.outbox.kick();
        }
    }

    /// Ends the match for `seat` (resigned or away too long): every other
    /// seat shares the win. `None` if the match was already over. `id` is
    /// the client's for a resignation over the websocket.
    async fn end_by_server(
        &mut self,
        seat: Seat,
        kind: EventKind,
        id: Option<u64>,
    ) -> Result<Option<u64>, Broken> {
        if self.is_over() {
            return Ok(None);
        }
        let winners: Vec<Seat> = (0..self.state.players.len() as u8)
            .map(Seat)
            .filter(|other| *other != seat)
            .collect();
        let reason = match kind {
            EventKind::Resign => Phrase::from(seat).text(" resigned"),
            _ => Phrase::from(seat).text(" abandoned the match"),
        };
        let outcome = Outcome { winners, reason };
        self.state.ended = Some(outcome.clone());
        let effects = vec![ScopedEffect::public(Effect::GameEnded { outcome })];
        let seq = self.record(kind, seat, None, id, effects).await?;
        if let Some(id) = id {
            self.state
                .action_ids
                .remember(seat, id, seq, Deed::Resignation);
        }
        Ok(Some(seq))
    }

    // The abandonment clocks.

    fn next_deadline(&self) -> Option<Instant> {
        self.away_until.iter().flatten().min().copied()
    }

    async fn abandon_due(&mut self) -> Result<(), Broken> {
        let now = Instant::now();
        let due = self
            .away_until
            .iter()
            .position(|until| until.is_some_and(|until| until <= now));
        match due {
            Some(seat) => {
                self.away_until[seat] = None;
                self.end_by_server(Seat(seat as u8), EventKind::Abandon, None)
                    .await
                    .map(|_| ())
            }
            None => Ok(()),
        }
    }

    /// A seat's clock runs while no connection plays it and another seat's
    /// player is present: there is someone waiting. With no one present the
    /// clocks stop, so a server restart or a quiet night loses no one a game.
    /// Returns the seats whose clocks it started (everyone was told).
    fn update_clocks(&mut self) -> Vec<Seat> {
        let mut started = Vec::new();
        if self.is_over() {
            return started;
        }
        let seats = self.state.players.len();
        let present: Vec<bool> = (0..seats)
            .map(|seat| {
                self.subscribers
                    .iter()
                    .any(|s| s.viewer == Viewer::Seat(Seat(seat as u8)))
            })
            .collect();
        let anyone = present.iter().any(|here| *here);
        for (seat, here) in present.into_iter().enumerate() {
            let should_run = !here && anyone;
            let running = self.away_until[seat].is_some();
            if should_run && !running {
                // A seat that has never come has its grace for joining: the
                // other cannot win by waiting out the clock before it can.
                let after = match self.state.arrived.get(seat) {
                    Some(true) => self.config.abandon_after,
                    _ => self.config.join_grace,
                };
                self.away_until[seat] = Some(Instant::now() + after);
                started.push(Seat(seat as u8));
                self.tell_all(&ServerMessage::SeatAway {
                    match_id: self.id(),
                    seat: Seat(seat as u8),
                    seconds: after.as_secs(),
                });
            } else if !should_run && running {
                self.away_until[seat] = None;
                if here {
                    self.tell_all(&ServerMessage::SeatBack {
                        match_id: self.id(),
                        seat: Seat(seat as u8),
                    });
                }
            }
        }
        started
    }

    /// Tells every subscriber a line of chat, in its own numbering.
    fn tell_chat(&self, line: &ChatLine) {
        self.send_each(|viewer| {
            Some(ServerMessage::Chat {
                match_id: self.id(),
                chat: self.chat_for(viewer, line),
            })
        });
    }

    fn tell_all(&self, message: &ServerMessage) {
        let frame = encode(message);
        for subscriber in &self.subscribers {
            subscriber.outbox.send_frame(frame.clone());
        }
    }
}

/// The refusal of an id the seat already gave another action.
fn id_reused(id: u64, seq: u64) -> (ErrorCode, String) {
    (
        ErrorCode::DuplicateId,
        format!(
            "id {id} was already used for another of your actions (seq {seq}); \
             give every action a new id"
        ),
    )
}
