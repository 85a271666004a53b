//! Following a live match for the line screens and the bot: events applied
//! to the game state, with what a person should be told.

use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

use fray_protocol::{ActionOption, ErrorCode, Seat};

use crate::fail::Failure;
use crate::game_state::GameState;
use crate::live::{LiveEvent, LiveMatch};
use crate::shown::chat_line;

use super::board::who;

/// What one event changed, for the screen.
#[derive(Debug)]
pub enum Update {
    /// The state moved on (a batch or a fresh snapshot): the log may have
    /// new lines, and this seat may have to decide.
    Changed,
    /// A line to show as it is.
    Note(String),
    /// This client's action or resignation was accepted as event `seq`.
    Accepted { seq: u64 },
    /// This client's action or resignation was refused; it may choose again.
    Refused { code: ErrorCode, message: String },
    /// Connected again after a drop.
    Reconnected,
    /// Nothing worth a word.
    Quiet,
}

/// A live match and the state it has reached.
pub struct Follower {
    pub live: LiveMatch,
    pub state: GameState,
    /// The id of this client's action or resignation awaiting its answer.
    pub pending: Option<u64>,
    /// False between a drop and the next `Connected`.
    pub connected: bool,
    /// The player typed `resign` and is asked to confirm it.
    pub resign_asked: bool,
    /// How many log lines were shown already.
    shown: usize,
}

impl Follower {
    /// `state` is the one built from the first snapshot; its log counts as
    /// shown.
    pub fn new(live: LiveMatch, state: GameState) -> Follower {
        let shown = state.log.len();
        Follower {
            live,
            state,
            pending: None,
            connected: true,
            resign_asked: false,
            shown,
        }
    }

    /// True when this seat must decide now and nothing is in flight.
    pub fn may_decide(&self) -> bool {
        self.connected && self.pending.is_none() && self.state.my_turn() && !self.is_over()
    }

    pub fn is_over(&self) -> bool {
        self.state.view.outcome.is_some()
    }

    /// Plays one of the current options.
    pub fn choose(&mut self, option: &ActionOption) {
        self.pending = Some(self.live.act(option.action.clone()));
    }

    pub fn resign(&mut self) {
        self.pending = Some(self.live.resign());
    }

    /// The log lines not shown yet.
    pub fn new_log_lines(&mut self) -> Vec<String> {
        let lines = self.state.log[self.shown.min(self.state.log.len())..]
            .iter()
            .map(|entry| entry.text.clone())
            .collect();
        self.shown = self.state.log.len();
        lines
    }

    /// Waits up to `wait` for the next event and applies it; `Err` when the
    /// connection is gone for good.
    pub fn next(&mut self, wait: Duration) -> Result<Option<Update>, Failure> {
        let event = match self.live.events().recv_timeout(wait) {
            Ok(event) => event,
            Err(RecvTimeoutError::Timeout) => return Ok(None),
            Err(RecvTimeoutError::Disconnected) => {
                return Err(Failure::other("the connection to the server stopped"));
            }
        };
        Ok(Some(self.take(event)?))
    }

    fn take(&mut self, event: LiveEvent) -> Result<Update, Failure> {
        Ok(match event {
            LiveEvent::Snapshot(snapshot) => {
                self.state.reset(snapshot);
                self.live.applied(self.state.seq);
                self.pending = None;
                Update::Changed
            }
            LiveEvent::Batch(batch) => {
                if !self.state.apply_batch(&batch) {
                    return Ok(Update::Quiet);
                }
                self.live.applied(batch.seq);
                Update::Changed
            }
            LiveEvent::Ack { id, seq } => {
                if self.pending != Some(id) {
                    return Ok(Update::Quiet);
                }
                self.pending = None;
                Update::Accepted { seq }
            }
            LiveEvent::Refused { id, code, message } => {
                if id.is_some() && id == self.pending {
                    self.pending = None;
                    Update::Refused { code, message }
                } else {
                    Update::Note(format!("The server says: {message}"))
                }
            }
            LiveEvent::SeatAway { seat, seconds } if self.state.me == Some(seat) => {
                Update::Note(format!(
                    "The server counts you away: you lose unless back within {seconds} seconds."
                ))
            }
            LiveEvent::SeatAway { seat, seconds } => Update::Note(format!(
                "{} is away: they lose unless back within {seconds} seconds.",
                who(&self.state, seat)
            )),
            LiveEvent::SeatBack { seat } if self.state.me == Some(seat) => Update::Quiet,
            LiveEvent::SeatBack { seat } => {
                Update::Note(format!("{} is back.", who(&self.state, seat)))
            }
            LiveEvent::Chat(line) => Update::Note(chat_line(&line)),
            LiveEvent::DrawOffered { seat, accepted } => {
                let by = who(&self.state, seat);
                let mine = self.state.me == Some(seat);
                let answered = self.state.me.is_some_and(|me| accepted.contains(&me));
                let mut text = if mine {
                    "You offer a draw; the others may accept or decline it.".to_owned()
                } else {
                    format!("{by} offers a draw.")
                };
                if !accepted.is_empty() {
                    let names: Vec<String> =
                        accepted.iter().map(|s| who(&self.state, *s)).collect();
                    text.push_str(&format!(" Accepted so far by {}.", names.join(", ")));
                }
                if self.state.me.is_some() && !mine && !answered {
                    text.push_str(" Type `accept` or `decline`.");
                }
                Update::Note(text)
            }
            LiveEvent::DrawDeclined { seat } => Update::Note(format!(
                "{} declined the draw; play on.",
                who(&self.state, seat)
            )),
            LiveEvent::Reconnecting { attempt, reason } => {
                self.connected = false;
                // Whatever was in flight may never be answered; the state
                // after the reconnect says what happened to it.
                self.pending = None;
                Update::Note(format!(
                    "Connection lost ({reason}); reconnecting (attempt {attempt})…"
                ))
            }
            LiveEvent::Connected => {
                let was_down = !self.connected;
                self.connected = true;
                if was_down {
                    Update::Reconnected
                } else {
                    Update::Quiet
                }
            }
            LiveEvent::Closed { failure } => return Err(failure),
        })
    }
}

/// Waits for the first snapshot of a newly opened match: the state to
/// start from, with `names` filled in.
pub fn first_state(
    live: &LiveMatch,
    names: Vec<(Seat, String)>,
    mut note: impl FnMut(&str) -> Result<(), Failure>,
) -> Result<GameState, Failure> {
    loop {
        let event = live
            .events()
            .recv()
            .map_err(|_| Failure::other("the connection to the server stopped"))?;
        match event {
            LiveEvent::Snapshot(snapshot) => {
                let mut state = GameState::from_snapshot(snapshot);
                live.applied(state.seq);
                state.names = names;
                return Ok(state);
            }
            LiveEvent::Closed { failure } => return Err(failure),
            LiveEvent::Reconnecting { attempt, reason } => note(&format!(
                "Connection lost ({reason}); reconnecting (attempt {attempt})…\n"
            ))?,
            // A resumed subscription starts with batches, but a first one
            // never resumes; the rest can wait for the state.
            _ => {}
        }
    }
}
