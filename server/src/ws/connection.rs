//! One websocket connection: hello, subscriptions, actions, keepalive and
//! limits. Everything the client gets goes through its outbox, in order.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use fray_protocol::{
    ClientMessage, ErrorCode, MatchId, PROTOCOL_VERSION, PlayerRef, Role, Seat, ServerMessage,
    Viewer,
};
use futures_util::future::Either;
use futures_util::stream::SplitSink;
use futures_util::{FutureExt, SinkExt, StreamExt};
use tokio::sync::oneshot;
use tokio::time::{MissedTickBehavior, Sleep};

use super::rate::{OverLimit, RateLimit};
use crate::auth::authenticate;
use crate::metrics::{Dropped, Metrics, Open};
use crate::outbox::{Delivery, Inbox, Outbox, outbox};
use crate::state::AppState;
use crate::table::{Command, MatchHandle, Refusal, Reply, tell_refusal};

/// Close codes the client may act on (4000–4999 are the application's).
/// Come back with your last `seq`: too slow, or the match is being
/// rebuilt from the database.
const CLOSE_RESUME: u16 = 4000;
const CLOSE_IDLE: u16 = 4001;
const CLOSE_GOING_AWAY: u16 = 1001;
const TOO_SLOW: &str = "too far behind: reconnect and subscribe with your last seq";
const RESUME: &str =
    "the match is being restored from the database: reconnect and subscribe with your last seq";

struct Subscription {
    handle: MatchHandle,
    /// The seat played; none for a spectator.
    seat: Option<Seat>,
}

struct Connection {
    state: AppState,
    outbox: Outbox,
    greeted: bool,
    player: Option<PlayerRef>,
    subscriptions: HashMap<MatchId, Subscription>,
    rate: RateLimit,
    over_limit: OverLimit,
}

pub async fn run(socket: WebSocket, state: AppState) {
    let _open = Open::new(&state.metrics.websockets);
    let (sink, mut stream) = socket.split();
    let (outbox, inbox) = outbox(state.config.outbox_frames, state.config.outbox_bytes);
    let idle = Duration::from_secs(state.config.idle_seconds.max(1));
    let mut stopping = state.stopping.clone();
    let (hang_up, reader_done) = oneshot::channel();
    let mut writer = tokio::spawn(write(
        sink,
        inbox,
        idle / 3,
        reader_done,
        state.metrics.clone(),
    ));
    let mut writer_gone = false;
    let mut connection = Connection {
        rate: RateLimit::new(state.config.messages_per_second),
        over_limit: OverLimit::default(),
        state,
        outbox,
        greeted: false,
        player: None,
        subscriptions: HashMap::new(),
    };
    // One timer for the connection, pushed back as frames arrive (a later
    // deadline costs tokio no lock), rather than a new timeout per frame.
    let silent_too_long = tokio::time::sleep(idle);
    tokio::pin!(silent_too_long);
    // Made only while messages dropped over the rate limit are untold: a
    // timer held for the connection's life would make every idle
    // connection's task larger.
    let mut over_limit_due: Option<Pin<Box<Sleep>>> = None;
    let close = loop {
        match (connection.over_limit.due(), over_limit_due.as_mut()) {
            (Some(due), Some(timer)) if timer.deadline() != due => timer.as_mut().reset(due),
            (Some(due), None) => over_limit_due = Some(Box::pin(tokio::time::sleep_until(due))),
            // Told by a drop meanwhile: a timer left armed would tell of none.
            (None, Some(_)) => over_limit_due = None,
            _ => {}
        }
        tokio::select! {
            frame = stream.next() => {
                let Some(Ok(frame)) = frame else { break None };
                silent_too_long.as_mut().reset(tokio::time::Instant::now() + idle);
                match frame {
                    // Boxed, so that the task of an idle connection holds
                    // only what waiting takes: handling one message needs
                    // ~750 bytes more (handing an action to its match), for
                    // as long as it runs, not for the connection's life.
                    Message::Text(text) => {
                        if connection.within_rate() {
                            Box::pin(connection.receive(&text)).await;
                        }
                    }
                    Message::Binary(_) => {
                        if connection.within_rate() {
                            connection.refuse(
                                None,
                                None,
                                ErrorCode::BadRequest,
                                "send JSON text frames, not binary ones".into(),
                            );
                        }
                    }
                    Message::Close(_) => break None,
                    Message::Ping(_) | Message::Pong(_) => {}
                }
            }
            () = until(&mut over_limit_due), if over_limit_due.is_some() => {
                over_limit_due = None;
                if let Some(untold) = connection.over_limit.tell(tokio::time::Instant::now()) {
                    connection.refuse_over_limit(untold);
                }
            }
            () = &mut silent_too_long => break Some((CLOSE_IDLE, "idle too long")),
            _ = stopping.changed() => break Some((CLOSE_GOING_AWAY, "the server is stopping")),
            _ = &mut writer => {
                writer_gone = true;
                break None;
            }
        }
    };
    // Boxed for the same reason as a message: the task is as large as its
    // largest step, and leaving holds one unsubscribe in flight.
    Box::pin(connection.leave_all()).await;
    if !writer_gone {
        let _ = hang_up.send(close);
        let _ = writer.await;
    }
}

/// Waits for `timer`, forever if there is none.
async fn until(timer: &mut Option<Pin<Box<Sleep>>>) {
    match timer {
        Some(timer) => timer.as_mut().await,
        None => std::future::pending().await,
    }
}

/// Why the reader stopped: a close code and reason to send, or none.
type Hangup = Option<(u16, &'static str)>;

/// Writes what the match actors and the reader queue, pings every
/// `ping_every`, and closes the socket when told. A socket that cannot take
/// a frame while the queue overflows is dropped mid-write: the client
/// resumes from its last `seq`.
async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    inbox: Inbox,
    ping_every: Duration,
    mut reader_done: oneshot::Receiver<Hangup>,
    metrics: Arc<Metrics>,
) {
    let mut keepalive = tokio::time::interval(ping_every);
    keepalive.set_missed_tick_behavior(MissedTickBehavior::Delay);
    keepalive.tick().await;
    let close = loop {
        let message = tokio::select! {
            biased;
            why = inbox.told_to_go() => {
                metrics.dropped(why);
                let reason = match why {
                    Dropped::TooSlow => TOO_SLOW,
                    Dropped::Resume => RESUME,
                };
                break Some((CLOSE_RESUME, reason));
            }
            hangup = &mut reader_done => break hangup.unwrap_or(None),
            frame = inbox.recv() => Message::Text(frame),
            _ = keepalive.tick() => Message::Ping(Default::default()),
        };
        tokio::select! {
            biased;
            why = inbox.told_to_go() => {
                metrics.dropped(why);
                tracing::debug!("a connection too slow to take its frames was dropped");
                return;
            }
            // A frame that can be written goes first: the close frame then
            // follows it. Checked before the hang-up, or a hang-up landing
            // while a ping was being written dropped the socket unclosed.
            sent = send_with_queued(&mut sink, message, &inbox) => if sent.is_err() { return },
            // The reader is gone (or the server stopping) while this frame
            // cannot be written: a half-written frame cannot be followed by
            // a close frame, so the socket is just dropped.
            _ = &mut reader_done => return,
        }
    };
    if let Some((code, reason)) = close {
        let frame = CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        };
        let _ = tokio::time::timeout(ping_every, sink.send(Message::Close(Some(frame)))).await;
    }
}

/// The most frames written with one flush: enough to take an action's batch
/// and ack, or a resume, in one system call; few enough that a ping or a
/// kick is not kept waiting behind a long queue.
const FRAMES_PER_FLUSH: usize = 32;

/// Writes `first` and whatever else is already queued, then flushes once:
/// a batch and its ack (or a burst of batches) leave in one `send`.
async fn send_with_queued(
    sink: &mut SplitSink<WebSocket, Message>,
    first: Message,
    inbox: &Inbox,
) -> Result<(), axum::Error> {
    sink.feed(first).await?;
    for _ in 1..FRAMES_PER_FLUSH {
        match inbox.try_recv() {
            Some(frame) => sink.feed(Message::Text(frame)).await?,
            None => break,
        }
    }
    sink.flush().await
}

impl Connection {
    /// Takes a message's token; false, and the drop counted (and told of
    /// when a notice is due), when there is none. Every message takes one,
    /// binary and oversized ones too: otherwise a burst of them would be
    /// answered one error each, without limit.
    fn within_rate(&mut self) -> bool {
        if self.rate.allow() {
            return true;
        }
        if let Some(untold) = self.over_limit.dropped() {
            self.refuse_over_limit(untold);
        }
        false
    }

    async fn receive(&mut self, text: &str) {
        if text.len() > self.state.config.max_frame_bytes as usize {
            let limit = self.state.config.max_frame_bytes;
            return self.refuse(
                None,
                None,
                ErrorCode::FrameTooLarge,
                format!(
                    "a message may be at most {limit} bytes; this one was {}",
                    text.len()
                ),
            );
        }
        let message = match serde_json::from_str::<ClientMessage>(text) {
            Ok(message) => message,
            Err(error) => {
                return self.refuse(
                    None,
                    None,
                    ErrorCode::BadRequest,
                    format!("not a message of this protocol: {error}"),
                );
            }
        };
        // Saying hello (a token looked up) and subscribing (a match perhaps
        // rebuilt from its log) take futures of 2–3 KiB; boxed apart, they
        // do not make every message's box that large.
        match message {
            ClientMessage::Hello { version, token } => Box::pin(self.hello(version, token)).await,
            ClientMessage::Ping { nonce } => self.send(&ServerMessage::Pong { nonce }),
            _ if !self.greeted => self.refuse(
                None,
                None,
                ErrorCode::NotAuthenticated,
                "the first message must be hello".into(),
            ),
            ClientMessage::Subscribe {
                match_id,
                role,
                since,
            } => Box::pin(self.subscribe(match_id, role, since)).await,
            ClientMessage::Unsubscribe { match_id } => {
                if let Some(subscription) = self.subscriptions.remove(&match_id) {
                    subscription.handle.unsubscribe(self.outbox.id).await;
                }
            }
            ClientMessage::Act {
                match_id,
                id,
                action,
            } => {
                self.to_match(match_id, Some(id), |reply, seat, _| Command::Act {
                    reply,
                    seat,
                    id,
                    action,
                })
                .await
            }
            ClientMessage::Resign { match_id, id } => {
                self.to_match(match_id, Some(id), |reply, seat, _| Command::Resign {
                    reply,
                    seat,
                    id: Some(id),
                })
                .await
            }
            ClientMessage::Chat { match_id, text } => {
                self.to_match(match_id, None, |reply, seat, player| Command::Chat {
                    reply,
                    seat,
                    player,
                    text,
                })
                .await
            }
            ClientMessage::OfferDraw { match_id } => {
                self.to_match(match_id, None, |reply, seat, _| Command::Draw {
                    reply,
                    seat,
                    answer: None,
                })
                .await
            }
            ClientMessage::AnswerDraw { match_id, accept } => {
                self.to_match(match_id, None, |reply, seat, _| Command::Draw {
                    reply,
                    seat,
                    answer: Some(accept),
                })
                .await
            }
        }
    }

    async fn hello(&mut self, version: u32, token: Option<String>) {
        if self.greeted {
            return self.refuse(
                None,
                None,
                ErrorCode::BadRequest,
                "hello was already said".into(),
            );
        }
        if version != PROTOCOL_VERSION {
            return self.refuse(
                None,
                None,
                ErrorCode::UnsupportedVersion,
                format!("this server speaks protocol version {PROTOCOL_VERSION}, not {version}"),
            );
        }
        if let Some(token) = token {
            match authenticate(&self.state.db, &token).await {
                Ok(Some(player)) => self.player = Some(player),
                Ok(None) => {
                    return self.refuse(
                        None,
                        None,
                        ErrorCode::BadToken,
                        "the token is not one this server issued".into(),
                    );
                }
                Err(error) => {
                    tracing::error!(%error, "request failed");
                    return self.refuse(
                        None,
                        None,
                        ErrorCode::Internal,
                        "the server failed to answer; it has been logged".into(),
                    );
                }
            }
        }
        self.greeted = true;
        self.send(&ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            player: self.player.clone(),
            limits: self.state.config.limits(),
        });
    }

    /// Where the answer to a message about `match_id` goes.
    fn reply(&self, match_id: MatchId, id: Option<u64>) -> Reply {
        Reply::Socket {
            outbox: self.outbox.clone(),
            match_id,
            id,
        }
    }

    async fn subscribe(&mut self, match_id: MatchId, role: Role, since: Option<u64>) {
        let reply = self.reply(match_id, None);
        let metrics = &self.state.metrics;
        // Checked before the match is asked for: a refused subscription
        // costs no rebuild.
        let most = self.state.config.max_subscriptions_per_connection as usize;
        if !self.subscriptions.contains_key(&match_id) && self.subscriptions.len() >= most {
            let refusal = Refusal::new(
                ErrorCode::TooManySubscriptions,
                format!(
                    "a connection may follow at most {most} matches at once; \
                     unsubscribe from one first"
                ),
            );
            return reply.refuse(refusal, metrics);
        }
        let handle = match self.state.tables.get(match_id).await {
            Ok(handle) => handle,
            Err(error) => return reply.refuse(error.into(), metrics),
        };
        let seat = match role {
            Role::Spectator => None,
            Role::Player => match self.seat_in(&handle, match_id) {
                Ok(seat) => Some(seat),
                Err(refusal) => return reply.refuse(refusal, metrics),
            },
        };
        let viewer = seat.map_or(Viewer::Spectator, Viewer::Seat);
        let subscribe = Command::Subscribe {
            outbox: self.outbox.clone(),
            viewer,
            since,
        };
        if !handle.send(subscribe).await {
            return reply.refuse(Refusal::restarting(), metrics);
        }
        self.subscriptions
            .insert(match_id, Subscription { handle, seat });
    }

    /// The seat this connection's player holds in `handle`'s match.
    fn seat_in(&self, handle: &MatchHandle, match_id: MatchId) -> Result<Seat, Refusal> {
        let Some(player) = &self.player else {
            return Err(Refusal::new(
                ErrorCode::NotAuthenticated,
                "say hello with your token to play",
            ));
        };
        handle.seat_of(player.id).ok_or_else(|| {
            Refusal::new(
                ErrorCode::NotYourSeat,
                format!("you hold no seat in match {match_id}; subscribe as a spectator"),
            )
        })
    }

    /// Sends the command `made` makes for the seat this connection plays in
    /// `match_id`; the match answers it, to the message's `id` if it has
    /// one. Only what is the socket's own is checked here: that the
    /// connection follows the match, as a player. Its future is the sending
    /// alone: awaited where it is made, it is held once in the message's
    /// future (an `async fn` would hold its arguments beside it).
    fn to_match(
        &self,
        match_id: MatchId,
        id: Option<u64>,
        made: impl FnOnce(Reply, Seat, PlayerRef) -> Command,
    ) -> impl Future<Output = ()> + '_ {
        let reply = self.reply(match_id, id);
        let refusal = match self.subscriptions.get(&match_id) {
            None => Refusal::new(
                ErrorCode::NotSubscribed,
                format!("subscribe to match {match_id} as a player before acting in it"),
            ),
            // A seat is followed only by a player who said hello with a
            // token.
            Some(subscription) => match (subscription.seat, &self.player) {
                (Some(seat), Some(player)) => {
                    let command = made(reply, seat, player.clone());
                    return Either::Left(subscription.handle.send(command).map(drop));
                }
                _ => Refusal::new(ErrorCode::NotYourSeat, "spectators watch; they do not act"),
            },
        };
        reply.refuse(refusal, &self.state.metrics);
        Either::Right(std::future::ready(()))
    }

    /// Answers a message the client got wrong ([`tell_refusal`]).
    fn refuse(&self, match_id: Option<MatchId>, id: Option<u64>, code: ErrorCode, message: String) {
        self.refuse_many(match_id, id, code, message, 1);
    }

    /// Counts and answers `count` messages refused with one error.
    fn refuse_many(
        &self,
        match_id: Option<MatchId>,
        id: Option<u64>,
        code: ErrorCode,
        message: String,
        count: u64,
    ) {
        let refusal = Refusal { code, message };
        tell_refusal(
            &self.outbox,
            &self.state.metrics,
            match_id,
            id,
            refusal,
            count,
        );
    }

    /// Tells the client of `count` messages dropped over the rate limit.
    fn refuse_over_limit(&self, count: u64) {
        let limit = self.state.config.messages_per_second;
        let dropped = match count {
            1 => "1 message was dropped".to_owned(),
            n => format!("{n} messages were dropped"),
        };
        self.refuse_many(
            None,
            None,
            ErrorCode::RateLimited,
            format!("more than {limit} messages a second: {dropped}"),
            count,
        );
    }

    fn send(&self, message: &ServerMessage) {
        if self.outbox.send(message) == Delivery::TooSlow {
            tracing::debug!(conn = self.outbox.id.0, "outbox full; closing");
        }
    }

    async fn leave_all(&mut self) {
        for (_, subscription) in self.subscriptions.drain() {
            subscription.handle.unsubscribe(self.outbox.id).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The size of what a function's future holds, without a socket to call
    /// it with.
    fn future_size<A, B, F: Future>(_: impl FnOnce(A, B) -> F) -> usize {
        std::mem::size_of::<F>()
    }

    /// A task is allocated once at the size of its largest step and holds it
    /// for the connection's life, so growth here is memory per idle
    /// connection (target: 8 KiB in all; docs/PERFORMANCE.md, "An idle
    /// connection"). Handling a message inline, not boxed, breaks it.
    #[test]
    fn a_connection_task_holds_little_while_it_waits() {
        let size = future_size(run);
        assert!(
            size <= 1536,
            "a connection's task takes {size} bytes: box what one message needs \
             rather than hold it in the task"
        );
    }

    /// A message's future is boxed for as long as it is handled: with
    /// thousands of actions a second it is memory, allocated and freed, per
    /// message. A match command is answered by the match, not awaited here,
    /// so handling one holds little more than the command being queued.
    #[test]
    fn a_message_holds_little_while_it_is_handled() {
        let size = future_size(Connection::receive);
        assert!(
            size <= 704,
            "handling a message takes {size} bytes: do not hold a match's answer, \
             or an argument beside the future it was moved into"
        );
    }
}
