//! A finished match replayed in plain lines: one event at a time on
//! command, or, when standard input ends (`</dev/null`), every remaining
//! event to the end, so a script gets the whole game.

use std::io::BufRead;

use fray_protocol::{EventKind, Outcome, Replay, Seat};

use crate::fail::Failure;
use crate::game_state::seat_name;
use crate::print;
use crate::replay_state::ReplayState;
use crate::shown::chat_line;

use super::board::{board, outcome_line, status};
use super::seat_names;

const COMMANDS: &str = "Commands: Enter or n for the next event, p the previous one, \
                        j N to jump to event N, q to quit.";

/// Who made each event, kept beside the replay's state for the headings.
struct Step {
    seat: Option<Seat>,
    kind: EventKind,
}

/// Builds the replay screen's state: the `ReplayState` and what the
/// headings and the last lines need from the replay itself.
pub fn prepare(replay: Replay) -> (ReplayState, ReplayInfo) {
    let info = ReplayInfo {
        steps: replay
            .events
            .iter()
            .map(|event| Step {
                seat: event.seat,
                kind: event.kind,
            })
            .collect(),
        names: seat_names(&replay.summary),
        outcome: replay.summary.outcome.clone(),
        title: format!(
            "Replay of match {}, {}: {} events.",
            replay.summary.id,
            replay.summary.system,
            replay.events.len()
        ),
    };
    (ReplayState::new(replay), info)
}

/// What the line replay shows besides the state.
pub struct ReplayInfo {
    steps: Vec<Step>,
    names: Vec<(Seat, String)>,
    outcome: Option<Outcome>,
    title: String,
}

struct Replayer {
    replay: ReplayState,
    info: ReplayInfo,
}

/// Replays in lines, `info` from [`prepare`].
pub fn run(replay: ReplayState, info: ReplayInfo, input: impl BufRead) -> Result<(), Failure> {
    Replayer { replay, info }.run(input)
}

impl Replayer {
    fn run(mut self, input: impl BufRead) -> Result<(), Failure> {
        print(&format!("{}\n{COMMANDS}\n", self.info.title))?;
        self.show()?;
        let mut lines = input.lines();
        loop {
            print("Replay [n, p, j N, q]: ")?;
            let Some(Ok(line)) = lines.next() else {
                // The end of input: the rest of the game, then the check.
                print("\n")?;
                while self.replay.step_forward() {
                    self.show()?;
                }
                return self.ending();
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [] | ["n"] => {
                    if self.replay.step_forward() {
                        self.show()?;
                        if self.at_end() {
                            self.ending()?;
                        }
                    } else {
                        print("That was the last event.\n")?;
                    }
                }
                ["p"] => {
                    if self.replay.step_back() {
                        self.show()?;
                    } else {
                        print("This is the set-up, the first event.\n")?;
                    }
                }
                ["j", number] => match number.parse::<usize>() {
                    Ok(index) => {
                        self.replay.jump(index);
                        self.show()?;
                    }
                    Err(_) => print(&format!("'{number}' is not an event number.\n"))?,
                },
                ["q"] => return Ok(()),
                _ => print(&format!("{COMMANDS}\n"))?,
            }
        }
    }

    fn at_end(&self) -> bool {
        let (index, count) = self.replay.position();
        index + 1 >= count
    }

    /// The current event: who made it, what happened, the board after it.
    fn show(&self) -> Result<(), Failure> {
        let (index, count) = self.replay.position();
        let state = self.replay.state();
        let what = match self.info.steps.get(index) {
            None => String::new(),
            Some(step) => {
                let who = step.seat.map_or_else(String::new, |seat| self.name(seat));
                match step.kind {
                    EventKind::Setup => "the set-up".into(),
                    EventKind::Action => format!("{who} acts"),
                    EventKind::Resign => format!("{who} resigns"),
                    EventKind::Abandon => format!("{who} abandoned the match"),
                    EventKind::Draw => format!("{who} accepts the draw"),
                }
            }
        };
        let mut out = format!("\nEvent {index} of {}: {what}\n", count.saturating_sub(1));
        for entry in state.log.iter().filter(|entry| entry.seq == state.seq) {
            out.push_str(&format!("  {}\n", entry.text));
        }
        out.push_str(&board(state));
        out.push_str(&status(state));
        for line in self.replay.chat() {
            out.push_str(&format!("  {}\n", chat_line(line)));
        }
        print(&out)
    }

    /// The last two lines: the outcome and the seed's check.
    fn ending(&self) -> Result<(), Failure> {
        let outcome = self
            .info
            .outcome
            .as_ref()
            .or(self.replay.state().view.outcome.as_ref());
        let mut out = String::from("\n");
        if let Some(outcome) = outcome {
            out.push_str(&outcome_line(outcome, |seat| self.name(seat)));
            out.push('\n');
        }
        out.push_str(&self.replay.seed_check_line());
        out.push('\n');
        print(&out)
    }

    fn name(&self, seat: Seat) -> String {
        seat_name(&self.info.names, seat)
    }
}
