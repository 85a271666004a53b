//! A live subscription to one match over the server's websocket, kept alive
//! across drops: a background thread connects, says hello, subscribes (with
//! `since` = the last seq seen after a drop), and hands everything the server
//! says to the caller as [`LiveEvent`]s. The caller never blocks on the socket.
//!
//! `tui` and `line` both drive a match through exactly these items.

mod connection;
mod socket;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

use fray_protocol::{Action, Batch, ChatLine, ErrorCode, History, MatchId, Role, Seat, Snapshot};

use crate::api::Server;
use crate::fail::{Exit, Failure};

/// What the connection tells its owner.
// A snapshot is much larger than the other events, but each event is moved
// once through a channel and taken apart: boxing it would only cost an
// allocation (and change the interface the screens share).
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum LiveEvent {
    /// A fresh state: the first answer to subscribe, or after a reconnect
    /// that could not resume. Replace the game state with it.
    Snapshot(Snapshot),
    /// What led to the last snapshot, as the server stored it (or why it
    /// could not be read); it comes right after each snapshot. Rebuild the
    /// log from it.
    History(Result<History, String>),
    /// The next batch; apply it.
    Batch(Batch),
    /// An action or resignation this client sent was accepted as `seq`.
    Ack {
        id: u64,
        seq: u64,
    },
    /// Something this client sent was refused; nothing changed.
    Refused {
        id: Option<u64>,
        code: ErrorCode,
        message: String,
    },
    /// A seat's player is away; it loses unless back within `seconds`.
    SeatAway {
        seat: Seat,
        seconds: u64,
    },
    SeatBack {
        seat: Seat,
    },
    /// A player said something at the table (each line once, even when the
    /// server sends it again after a resume).
    Chat(ChatLine),
    /// A draw offer by `seat` stands; `accepted` have agreed so far.
    DrawOffered {
        seat: Seat,
        accepted: Vec<Seat>,
    },
    /// The draw offer is off: `seat` declined (or, the offerer, withdrew) it.
    DrawDeclined {
        seat: Seat,
    },
    /// The connection dropped; trying again (attempt n, why it dropped).
    Reconnecting {
        attempt: u32,
        reason: String,
    },
    /// Connected (again) and subscribed.
    Connected,
    /// The connection is gone for good (token refused, match unknown, gave up
    /// retrying); the owner should stop and show `failure`.
    Closed {
        failure: Failure,
    },
}

/// What the owner asks the connection thread to send.
#[derive(Debug)]
enum Request {
    Act { id: u64, action: Action },
    Resign { id: u64 },
    Chat { text: String },
    OfferDraw,
    AnswerDraw { accept: bool },
}

/// One match, followed live.
pub struct LiveMatch {
    events: Receiver<LiveEvent>,
    requests: Option<Sender<Request>>,
    /// The last seq the owner applied, plus one; 0 while nothing is applied.
    applied: Arc<AtomicU64>,
    next_id: AtomicU64,
    thread: Option<JoinHandle<()>>,
}

impl LiveMatch {
    /// Connects to `base` (http://host:port; the socket is ws://host:port/ws),
    /// says hello with `token`, subscribes to `match_id` as `role`.
    /// Returns once the thread is started; the first event is `Connected` or
    /// `Closed`, then a `Snapshot`.
    pub fn open(
        base: &str,
        token: Option<String>,
        match_id: MatchId,
        role: Role,
    ) -> Result<LiveMatch, Failure> {
        let target = socket::Target::from_base(base).map_err(|reason| {
            Failure::usage(format!(
                "cannot use '{base}' as the server's address: {reason}"
            ))
        })?;
        let lobby = Server::new(base)
            .map_err(|error| Failure::usage(error.to_string()))?
            .with_token(token.clone());
        let (event_tx, events) = mpsc::channel();
        let (requests, request_rx) = mpsc::channel();
        let applied = Arc::new(AtomicU64::new(0));
        let plan = connection::Plan {
            target,
            lobby,
            token,
            match_id,
            role,
            applied: applied.clone(),
        };
        let thread = std::thread::Builder::new()
            .name(format!("fray-live-{match_id}"))
            .spawn(move || connection::run(plan, event_tx, request_rx))
            .map_err(|error| {
                Failure::new(
                    Exit::Other,
                    format!("cannot start the connection thread: {error}"),
                )
            })?;
        Ok(LiveMatch {
            events,
            requests: Some(requests),
            applied,
            next_id: AtomicU64::new(first_action_id()),
            thread: Some(thread),
        })
    }

    /// The events, in the order the server sent them.
    pub fn events(&self) -> &Receiver<LiveEvent> {
        &self.events
    }

    /// Sends an action (one of the options, unchanged); returns its client id,
    /// answered by `Ack` or `Refused` with that id.
    pub fn act(&self, action: Action) -> u64 {
        let id = self.next_id();
        self.request(Request::Act { id, action });
        id
    }

    /// Gives up the match; returns the request's id.
    pub fn resign(&self) -> u64 {
        let id = self.next_id();
        self.request(Request::Resign { id });
        id
    }

    /// Says `text` at the table; answered by a `Chat` event, or `Refused`
    /// with no id.
    pub fn say(&self, text: String) {
        self.request(Request::Chat { text });
    }

    /// Offers the other seats a draw; answered by `DrawOffered`, or
    /// `Refused` with no id.
    pub fn offer_draw(&self) {
        self.request(Request::OfferDraw);
    }

    /// Accepts or declines the draw offer that stands (the offerer's
    /// decline withdraws it).
    pub fn answer_draw(&self, accept: bool) {
        self.request(Request::AnswerDraw { accept });
    }

    /// Tells the thread the last seq the owner applied, so a reconnect
    /// resumes from there. (Call after applying each batch or snapshot.)
    pub fn applied(&self, seq: u64) {
        self.applied.store(seq + 1, Ordering::Relaxed);
    }

    fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// A request the thread can no longer take is answered by the `Closed`
    /// event it already sent, so a failed send needs no word of its own.
    fn request(&self, request: Request) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(request);
        }
    }
}

/// Where this run's action ids start. The server takes an id a seat used
/// before in the match as a resend of that action, so ids must not repeat
/// across runs of `fray` for the same seat: they start at the time in
/// microseconds, past every id an earlier run (one action at a time, each
/// taking far longer than a microsecond) could have used.
fn first_action_id() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |since| since.as_micros() as u64)
}

impl Drop for LiveMatch {
    /// Hangs up: the thread sees its requests channel close, sends a close
    /// frame and ends.
    fn drop(&mut self) {
        self.requests.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
