//! Following a live match for the line screens and the bot: events applied
//! to the game state, with what a person should be told.

use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

use fray_protocol::{ActionOption, ErrorCode, History, Seat};

use crate::fail::Failure;
use crate::game_state::{GameState, LogEntry};
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
    /// The `seq` whose log lines were the last shown; none before any.
    shown_through: Option<u64>,
    /// How many of the lines not shown yet are left out, once, on joining.
    left_out: usize,
}

/// How many lines of the log before joining a person is shown at once: the
/// set-up of a match just begun, the last moves of one rejoined.
const RECENT_LINES: usize = 12;

impl Follower {
    /// `state` is the one built from the first snapshot; its log counts as
    /// shown.
    pub fn new(live: LiveMatch, state: GameState) -> Follower {
        let shown_through = state.log.last().map(|entry| entry.seq);
        Follower {
            live,
            state,
            pending: None,
            connected: true,
            resign_asked: false,
            shown_through,
            left_out: 0,
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
        let shown_through = self.shown_through;
        let left_out = std::mem::take(&mut self.left_out);
        let mut lines: Vec<String> = Vec::new();
        if left_out > 0 {
            lines.push(format!("… {left_out} earlier lines left out"));
        }
        lines.extend(
            self.state
                .log
                .iter()
                .filter(|entry| shown_through.is_none_or(|seq| entry.seq > seq))
                .skip(left_out)
                .map(|entry| entry.text.clone()),
        );
        self.shown_through = self
            .state
            .log
            .last()
            .map(|entry| entry.seq)
            .or(shown_through);
        lines
    }

    /// Rebuilds the log from the server's history. Before anything was
    /// shown, only the last [`RECENT_LINES`] (whole events) are left to show,
    /// and only the last of those lines if one event has very many.
    fn restore_log(&mut self, history: &History) {
        self.state.restore_log(history);
        if self.shown_through.is_some() {
            return;
        }
        self.shown_through = all_but_recent(&self.state.log);
        self.left_out = lines_left_out(&self.state.log, self.shown_through);
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
            LiveEvent::History(Ok(history)) => {
                self.restore_log(&history);
                Update::Changed
            }
            LiveEvent::History(Err(reason)) => Update::Note(format!(
                "The log before this point could not be read from the server: {reason}"
            )),
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

/// The `seq` through which `log` counts as shown when only its last
/// [`RECENT_LINES`] are left to show, widened to whole events.
fn all_but_recent(log: &[LogEntry]) -> Option<u64> {
    let first = log.len().checked_sub(RECENT_LINES)?;
    let from = log[first].seq;
    log.iter()
        .map(|entry| entry.seq)
        .filter(|&seq| seq < from)
        .max()
}

/// How many of the lines after `shown_through` to leave out on joining: the
/// first of them in the oldest event to show, when that one event alone has
/// more than twice [`RECENT_LINES`] (a battle map's set-up rolls for about a
/// hundred obstacles), down to its last [`RECENT_LINES`]; otherwise none, so
/// that events are shown whole.
fn lines_left_out(log: &[LogEntry], shown_through: Option<u64>) -> usize {
    let mut unshown = log
        .iter()
        .filter(|entry| shown_through.is_none_or(|seq| entry.seq > seq));
    let Some(oldest) = unshown.next().map(|entry| entry.seq) else {
        return 0;
    };
    let oldest_lines = 1 + unshown.take_while(|entry| entry.seq == oldest).count();
    if oldest_lines > 2 * RECENT_LINES {
        oldest_lines - RECENT_LINES
    } else {
        0
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

#[cfg(test)]
mod tests {
    use super::*;

    fn log(seqs: &[u64]) -> Vec<LogEntry> {
        seqs.iter()
            .map(|&seq| LogEntry {
                seq,
                text: format!("line of {seq}"),
            })
            .collect()
    }

    #[test]
    fn a_short_log_is_shown_whole() {
        assert_eq!(all_but_recent(&log(&[0, 0, 1, 2])), None);
    }

    #[test]
    fn a_set_up_of_many_lines_is_shown_whole() {
        assert_eq!(all_but_recent(&log(&[0; 20])), None);
    }

    #[test]
    fn a_set_up_of_very_many_lines_shows_its_last_lines() {
        assert_eq!(lines_left_out(&log(&[0; 24]), None), 0);
        assert_eq!(lines_left_out(&log(&[0; 100]), None), 88);
        let mut seqs: Vec<u64> = (0..5).collect();
        seqs.extend([5; 30]);
        assert_eq!(all_but_recent(&log(&seqs)), Some(4));
        assert_eq!(lines_left_out(&log(&seqs), Some(4)), 18);
        // A set-up of 20 lines and ten moves since: every event whole.
        let mut seqs = vec![0; 20];
        seqs.extend(1..=10);
        assert_eq!(all_but_recent(&log(&seqs)), None);
        assert_eq!(lines_left_out(&log(&seqs), None), 0);
        // A set-up of 100 lines and ten moves: its last dozen, then the moves.
        let mut seqs = vec![0; 100];
        seqs.extend(1..=10);
        assert_eq!(lines_left_out(&log(&seqs), None), 88);
    }

    #[test]
    fn a_long_log_shows_its_last_events_whole() {
        let mut seqs: Vec<u64> = (0..20).collect();
        seqs.extend([20, 20, 20]);
        // The last twelve lines start inside event 11 (lines 11..=19 and
        // event 20's three), so everything before event 11 counts as shown.
        assert_eq!(all_but_recent(&log(&seqs)), Some(10));
        let mut split = vec![0, 1, 2, 3];
        split.extend([4; 12]);
        assert_eq!(all_but_recent(&log(&split)), Some(3));
        let mut inside = vec![0, 1, 2];
        inside.extend([3; 5]);
        inside.extend(4..12);
        assert_eq!(
            all_but_recent(&log(&inside)),
            Some(2),
            "event 3 is shown whole"
        );
    }
}
