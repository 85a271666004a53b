//! The connection thread: hello, subscribe, then read, send and ping until
//! the owner hangs up; after a drop, reconnect with backoff and resume from
//! the last seq the owner applied.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::{Duration, Instant};

use fray_protocol::{
    ClientMessage, ErrorCode, Limits, MatchId, PROTOCOL_VERSION, Role, ServerMessage,
};

use super::socket::{Heard, Socket, Target};
use super::{LiveEvent, Request};
use crate::api::Server;
use crate::fail::{Exit, Failure};

/// The first wait before reconnecting; it doubles up to [`MOST_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(200);
const MOST_BACKOFF: Duration = Duration::from_secs(5);
/// How long the server may stay out of reach before the thread gives up.
const GIVE_UP_AFTER: Duration = Duration::from_secs(120);
/// How long the server may take to answer hello or subscribe.
const ANSWER_WITHIN: Duration = Duration::from_secs(15);

/// What to connect to, and what to follow.
pub struct Plan {
    pub target: Target,
    /// The same server's lobby, for the history that goes with a snapshot.
    pub lobby: Server,
    pub token: Option<String>,
    pub match_id: MatchId,
    pub role: Role,
    /// The last seq the owner applied, plus one (0: none yet).
    pub applied: Arc<AtomicU64>,
}

/// How one connection ended.
enum End {
    /// The owner dropped its `LiveMatch` or its events.
    OwnerGone,
    /// Nothing to retry: the server said no.
    Fatal(Failure),
    /// The connection was lost; worth trying again.
    Dropped(String),
}

/// The owner stopped listening.
struct Gone;

impl From<Gone> for End {
    fn from(_: Gone) -> End {
        End::OwnerGone
    }
}

struct Link {
    plan: Plan,
    events: Sender<LiveEvent>,
    requests: Receiver<Request>,
    /// The last seq handed to the owner, so that batches resent after a
    /// resume are not handed over twice.
    last_seq: Option<u64>,
    /// Set once a subscription was answered on the current connection.
    subscribed: bool,
    /// The last line of chat handed over: after a resume the server sends
    /// again the lines said since, some of which the owner has.
    last_chat: Option<u64>,
}

pub fn run(plan: Plan, events: Sender<LiveEvent>, requests: Receiver<Request>) {
    let mut link = Link {
        plan,
        events,
        requests,
        last_seq: None,
        subscribed: false,
        last_chat: None,
    };
    let mut ever_subscribed = false;
    let mut attempt = 0;
    let mut down_since = Instant::now();
    loop {
        link.subscribed = false;
        let end = link.connection();
        if link.subscribed {
            ever_subscribed = true;
            attempt = 0;
            down_since = Instant::now();
        }
        let reason = match end {
            End::OwnerGone => return,
            End::Fatal(failure) => return link.close(failure),
            End::Dropped(reason) => reason,
        };
        if !ever_subscribed {
            // Never connected at all: the server is not there, and waiting
            // two minutes to say so helps no one.
            let base = &link.plan.target.base;
            return link.close(Failure::new(
                Exit::Unreachable,
                format!(
                    "cannot reach the Fray server's websocket at {base} ({reason}); is it running?"
                ),
            ));
        }
        if down_since.elapsed() >= GIVE_UP_AFTER {
            let base = &link.plan.target.base;
            return link.close(Failure::new(
                Exit::Unreachable,
                format!(
                    "lost the connection to {base} ({reason}) and could not get it back within \
                     {} seconds; the match goes on: run the command again to rejoin it",
                    GIVE_UP_AFTER.as_secs()
                ),
            ));
        }
        attempt += 1;
        if link
            .tell(LiveEvent::Reconnecting { attempt, reason })
            .is_err()
        {
            return;
        }
        if link.wait(backoff(attempt)).is_err() {
            return;
        }
    }
}

/// 200 ms, 400 ms, … up to 5 s.
fn backoff(attempt: u32) -> Duration {
    let factor = 1u32 << attempt.saturating_sub(1).min(8);
    (FIRST_BACKOFF * factor).min(MOST_BACKOFF)
}

impl Link {
    fn tell(&self, event: LiveEvent) -> Result<(), Gone> {
        self.events.send(event).map_err(|_| Gone)
    }

    fn close(&self, failure: Failure) {
        let _ = self.tell(LiveEvent::Closed { failure });
    }

    /// Waits `pause`, refusing what the owner asks meanwhile.
    fn wait(&self, pause: Duration) -> Result<(), Gone> {
        let until = Instant::now() + pause;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(());
            }
            match self.requests.recv_timeout(left) {
                Ok(request) => self.refuse_offline(&request)?,
                Err(RecvTimeoutError::Timeout) => return Ok(()),
                Err(RecvTimeoutError::Disconnected) => return Err(Gone),
            }
        }
    }

    /// Requests made while not subscribed are refused rather than queued:
    /// they were made against a state that may be stale by the time the
    /// connection is back, and the owner re-decides after `Connected`.
    fn refuse_offline(&self, request: &Request) -> Result<(), Gone> {
        let id = match request {
            Request::Act { id, .. } | Request::Resign { id } => Some(*id),
            Request::Chat { .. } | Request::OfferDraw | Request::AnswerDraw { .. } => None,
        };
        self.tell(LiveEvent::Refused {
            id,
            code: ErrorCode::Unavailable,
            message: "not connected to the server just now; choose again once it is back".into(),
        })
    }

    /// Refuses what the owner asked while the connection is being set up.
    fn drain_offline(&self) -> Result<(), Gone> {
        loop {
            match self.requests.try_recv() {
                Ok(request) => self.refuse_offline(&request)?,
                Err(TryRecvError::Empty) => return Ok(()),
                Err(TryRecvError::Disconnected) => return Err(Gone),
            }
        }
    }

    /// One connection, from connecting to its end.
    fn connection(&mut self) -> End {
        let mut socket = match Socket::connect(&self.plan.target) {
            Ok(socket) => socket,
            Err(reason) => return End::Dropped(reason),
        };
        let end = self.follow(&mut socket);
        if matches!(end, End::OwnerGone | End::Fatal(_)) {
            socket.close();
        }
        end
    }

    fn follow(&mut self, socket: &mut Socket) -> End {
        let limits = match self.hello(socket) {
            Ok(limits) => limits,
            Err(end) => return end,
        };
        if let Err(end) = self.subscribe(socket) {
            return end;
        }
        let idle = Duration::from_secs(limits.idle_seconds.max(1));
        let ping_every = idle / 3;
        // The server pings every third of `idle`: hearing nothing for
        // longer than `idle` means the connection died quietly.
        let silence_limit = idle + Duration::from_secs(5);
        let mut last_heard = Instant::now();
        let mut last_sent = Instant::now();
        let mut nonce = 0;
        loop {
            loop {
                let request = match self.requests.try_recv() {
                    Ok(request) => request,
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => return End::OwnerGone,
                };
                let match_id = self.plan.match_id;
                let message = match request {
                    Request::Act { id, action } => ClientMessage::Act {
                        match_id,
                        id,
                        action,
                    },
                    Request::Resign { id } => ClientMessage::Resign { match_id, id },
                    Request::Chat { text } => ClientMessage::Chat { match_id, text },
                    Request::OfferDraw => ClientMessage::OfferDraw { match_id },
                    Request::AnswerDraw { accept } => {
                        ClientMessage::AnswerDraw { match_id, accept }
                    }
                };
                if let Err(reason) = socket.send(&message) {
                    return End::Dropped(reason);
                }
                last_sent = Instant::now();
            }
            if last_sent.elapsed() >= ping_every {
                nonce += 1;
                if let Err(reason) = socket.send(&ClientMessage::Ping { nonce }) {
                    return End::Dropped(reason);
                }
                last_sent = Instant::now();
            }
            match socket.receive() {
                Ok(Heard::Nothing) => {
                    if last_heard.elapsed() > silence_limit {
                        return End::Dropped("the server went silent".into());
                    }
                }
                Ok(Heard::Life) => last_heard = Instant::now(),
                Ok(Heard::Message(message)) => {
                    last_heard = Instant::now();
                    if let Err(end) = self.pass_on(*message) {
                        return end;
                    }
                }
                Err(reason) => return End::Dropped(reason),
            }
        }
    }

    /// Says hello; the limits the server holds this connection to.
    fn hello(&mut self, socket: &mut Socket) -> Result<Limits, End> {
        let hello = ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            token: self.plan.token.clone(),
        };
        socket.send(&hello).map_err(End::Dropped)?;
        let deadline = Instant::now() + ANSWER_WITHIN;
        loop {
            match self.answer(socket, deadline)? {
                ServerMessage::Welcome { limits, .. } => return Ok(limits),
                ServerMessage::Error { code, message, .. } => {
                    return Err(End::Fatal(self.hello_refused(code, message)));
                }
                _ => {}
            }
        }
    }

    fn hello_refused(&self, code: ErrorCode, message: String) -> Failure {
        let base = &self.plan.target.base;
        match code {
            ErrorCode::BadToken | ErrorCode::NotAuthenticated => Failure::new(
                Exit::Auth,
                format!(
                    "the server at {base} refused your token ({message}); log in again with \
                     `fray login --server {base} --name NAME`"
                ),
            ),
            ErrorCode::UnsupportedVersion => Failure::new(
                Exit::Other,
                format!(
                    "the server at {base} speaks another version of the protocol ({message}); \
                     use a fray of the server's version"
                ),
            ),
            _ => Failure::new(
                Exit::Other,
                format!("the server at {base} refused the connection: {message}"),
            ),
        }
    }

    /// Subscribes and waits for the answer: the first snapshot or batch
    /// goes to the owner after `Connected`.
    fn subscribe(&mut self, socket: &mut Socket) -> Result<(), End> {
        let match_id = self.plan.match_id;
        let applied = self.plan.applied.load(Ordering::Relaxed);
        let subscribe = ClientMessage::Subscribe {
            match_id,
            role: self.plan.role,
            since: applied.checked_sub(1),
        };
        socket.send(&subscribe).map_err(End::Dropped)?;
        let deadline = Instant::now() + ANSWER_WITHIN;
        loop {
            match self.answer(socket, deadline)? {
                message @ (ServerMessage::Snapshot(_) | ServerMessage::Batch(_))
                    if about(&message) == Some(match_id) =>
                {
                    self.subscribed = true;
                    self.tell(LiveEvent::Connected)?;
                    return self.pass_on(message);
                }
                ServerMessage::Error {
                    match_id: Some(refused),
                    id: None,
                    code,
                    message,
                    ..
                } if refused == match_id => return Err(self.subscribe_refused(code, message)),
                _ => {}
            }
        }
    }

    fn subscribe_refused(&self, code: ErrorCode, message: String) -> End {
        let id = self.plan.match_id;
        let base = &self.plan.target.base;
        let failure = match code {
            ErrorCode::NotFound => {
                Failure::new(Exit::NotFound, format!("there is no match {id} on {base}"))
            }
            ErrorCode::NotYourSeat => Failure::new(
                Exit::NotFound,
                format!("you hold no seat in match {id}; watch it with `fray watch {id}`"),
            ),
            ErrorCode::MatchNotRunning => Failure::new(
                Exit::Conflict,
                format!("match {id} has not started: it is waiting for players"),
            ),
            ErrorCode::NotAuthenticated | ErrorCode::BadToken => Failure::new(
                Exit::Auth,
                format!(
                    "to play, log in first: `fray login --server {base} --name NAME` ({message})"
                ),
            ),
            // The match is being rebuilt or the server is stopping: both
            // pass, so this is a drop like any other.
            ErrorCode::Unavailable => return End::Dropped(message),
            _ => Failure::new(
                Exit::Other,
                format!("the server refused to show match {id}: {message}"),
            ),
        };
        End::Fatal(failure)
    }

    /// The next message before `deadline`, refusing the owner's requests
    /// meanwhile.
    fn answer(&self, socket: &mut Socket, deadline: Instant) -> Result<ServerMessage, End> {
        loop {
            self.drain_offline()?;
            match socket.receive().map_err(End::Dropped)? {
                Heard::Message(message) => return Ok(*message),
                Heard::Life | Heard::Nothing if Instant::now() >= deadline => {
                    return Err(End::Dropped("the server did not answer".into()));
                }
                Heard::Life | Heard::Nothing => {}
            }
        }
    }

    /// Hands one message of the subscription to the owner.
    fn pass_on(&mut self, message: ServerMessage) -> Result<(), End> {
        if about(&message).is_some_and(|id| id != self.plan.match_id) {
            return Ok(());
        }
        let event = match message {
            ServerMessage::Snapshot(snapshot) => {
                self.last_seq = Some(snapshot.seq);
                let seq = snapshot.seq;
                self.tell(LiveEvent::Snapshot(snapshot))?;
                // Read before the next message, so that the history reaches
                // the owner before any batch after the snapshot.
                let history = self
                    .plan
                    .lobby
                    .history(self.plan.match_id, self.plan.role, seq)
                    .map_err(|error| error.to_string());
                LiveEvent::History(history)
            }
            ServerMessage::Batch(batch) => {
                match self.last_seq {
                    Some(last) if batch.seq <= last => return Ok(()),
                    Some(last) if batch.seq > last + 1 => {
                        return Err(End::Dropped(format!(
                            "batches {} to {} went missing",
                            last + 1,
                            batch.seq - 1
                        )));
                    }
                    _ => {}
                }
                self.last_seq = Some(batch.seq);
                LiveEvent::Batch(batch)
            }
            ServerMessage::Ack { id, seq, .. } => LiveEvent::Ack { id, seq },
            ServerMessage::Error {
                id, code, message, ..
            } => LiveEvent::Refused { id, code, message },
            ServerMessage::SeatAway { seat, seconds, .. } => LiveEvent::SeatAway { seat, seconds },
            ServerMessage::SeatBack { seat, .. } => LiveEvent::SeatBack { seat },
            ServerMessage::Chat { chat, .. } => {
                if self.last_chat.is_some_and(|last| chat.id <= last) {
                    return Ok(());
                }
                self.last_chat = Some(chat.id);
                LiveEvent::Chat(chat)
            }
            ServerMessage::DrawOffered { seat, accepted, .. } => {
                LiveEvent::DrawOffered { seat, accepted }
            }
            ServerMessage::DrawDeclined { seat, .. } => LiveEvent::DrawDeclined { seat },
            ServerMessage::Welcome { .. } | ServerMessage::Pong { .. } => return Ok(()),
        };
        self.tell(event)?;
        Ok(())
    }
}

/// The match a message is about, when it names one.
fn about(message: &ServerMessage) -> Option<MatchId> {
    match message {
        ServerMessage::Snapshot(snapshot) => Some(snapshot.match_id),
        ServerMessage::Batch(batch) => Some(batch.match_id),
        ServerMessage::Ack { match_id, .. }
        | ServerMessage::SeatAway { match_id, .. }
        | ServerMessage::SeatBack { match_id, .. }
        | ServerMessage::Chat { match_id, .. }
        | ServerMessage::DrawOffered { match_id, .. }
        | ServerMessage::DrawDeclined { match_id, .. } => Some(*match_id),
        ServerMessage::Error { match_id, .. } => *match_id,
        ServerMessage::Welcome { .. } | ServerMessage::Pong { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_200_ms_to_5_s() {
        let waits: Vec<u128> = (1..=7).map(|n| backoff(n).as_millis()).collect();
        assert_eq!(waits, [200, 400, 800, 1600, 3200, 5000, 5000]);
        assert_eq!(backoff(100), MOST_BACKOFF);
    }
}
