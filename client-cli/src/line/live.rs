//! Playing and watching a live match in plain lines: the board when this
//! seat must decide (after every batch when watching), the log as it grows,
//! the options numbered, one line of input per choice.

use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;

use crate::fail::Failure;
use crate::game_state::GameState;
use crate::live::LiveMatch;
use crate::print;
use crate::shown::shown;

use super::board::{board, ending_lines, status, who};
use super::choice::{self, Choice, HELP};
use super::follow::{Follower, Update};
use super::options_text;

/// How long to wait for the server before looking at standard input again.
const TICK: Duration = Duration::from_millis(20);

/// Plays this client's seat until the game ends (exit 0), the player quits
/// or standard input ends (exit 0: the match goes on).
pub fn play(
    live: LiveMatch,
    state: GameState,
    input: Receiver<Option<String>>,
) -> Result<(), Failure> {
    let mut follower = Follower::new(live, state);
    let mut screen = Screen::default();
    print(&introduction(&follower.state))?;
    if !follower.may_decide() {
        // Otherwise the decision shows the board at once.
        print(&board_and_status(&follower.state))?;
    }
    loop {
        if follower.is_over() {
            return finish(&follower.state);
        }
        if follower.may_decide() && screen.prompted_at != Some(follower.state.seq) {
            print(&decision(&follower.state))?;
            screen.prompted_at = Some(follower.state.seq);
            prompt(&follower.state)?;
        }
        if let Some(update) = follower.next(TICK)? {
            screen.show(&mut follower, update)?;
            continue;
        }
        let line = match input.try_recv() {
            Ok(line) => line,
            Err(TryRecvError::Empty) => continue,
            Err(TryRecvError::Disconnected) => None,
        };
        let Some(line) = line else {
            return print(&format!(
                "\nStandard input ended: leaving match {id}, which goes on. \
                 `fray play {id}` rejoins it.\n",
                id = follower.state.match_id
            ));
        };
        if answer(&mut follower, &line)? == Leave::Now {
            return Ok(());
        }
    }
}

/// Follows a match as a spectator, printing the board after each batch,
/// until it ends.
pub fn watch(live: LiveMatch, state: GameState) -> Result<(), Failure> {
    let mut follower = Follower::new(live, state);
    print(&introduction(&follower.state))?;
    print(&board_and_status(&follower.state))?;
    loop {
        if follower.is_over() {
            let id = follower.state.match_id;
            finish(&follower.state)?;
            return print(&format!(
                "Replay it, every roll shown: `fray replay {id}`\n"
            ));
        }
        match follower.next(TICK)? {
            Some(Update::Changed) => {
                let mut out = log_lines(&mut follower);
                out.push('\n');
                out.push_str(&board_and_status(&follower.state));
                print(&out)?;
            }
            Some(Update::Note(text) | Update::Refused { message: text, .. }) => {
                print(&format!("{text}\n"))?
            }
            Some(Update::Reconnected) => print("Reconnected.\n")?,
            Some(Update::Accepted { .. } | Update::Quiet) | None => {}
        }
    }
}

/// What the screen remembers between events.
#[derive(Default)]
struct Screen {
    /// The seq at which the options were last listed.
    prompted_at: Option<u64>,
}

impl Screen {
    fn prompt_showing(&self, follower: &Follower) -> bool {
        follower.may_decide() && self.prompted_at == Some(follower.state.seq)
    }

    fn show(&mut self, follower: &mut Follower, update: Update) -> Result<(), Failure> {
        match update {
            Update::Changed => {
                let lines = log_lines(follower);
                if !lines.is_empty() {
                    print(&lines)?;
                }
            }
            Update::Note(text) => {
                if self.prompt_showing(follower) {
                    // Said over an open prompt: the prompt comes again
                    // under it, so that it is the last thing on the screen.
                    print(&format!("\n{text}\n"))?;
                    prompt(&follower.state)?;
                } else {
                    print(&format!("{text}\n"))?;
                }
            }
            Update::Reconnected => {
                // Whatever was chosen before the drop may be lost: list the
                // options again.
                self.prompted_at = None;
                print("Reconnected.\n")?;
            }
            Update::Refused { message, .. } => {
                print(&format!("Refused: {}\n", shown(&message)))?;
                if follower.may_decide() {
                    prompt(&follower.state)?;
                }
            }
            Update::Accepted { .. } | Update::Quiet => {}
        }
        Ok(())
    }
}

/// The answer to "Resign match N?": yes resigns, anything else plays on.
fn confirm_resignation(follower: &mut Follower, line: &str) -> Result<(), Failure> {
    let yes = matches!(line.trim().to_ascii_lowercase().as_str(), "yes" | "y");
    if !yes {
        print("You play on.\n")?;
        if follower.may_decide() {
            prompt(&follower.state)?;
        }
        return Ok(());
    }
    if follower.pending.is_some() || !follower.connected || follower.is_over() {
        return print("The match moved on meanwhile: type resign again if you still mean it.\n");
    }
    follower.resign();
    print("You resign.\n")
}

#[derive(Debug, PartialEq, Eq)]
enum Leave {
    Now,
    NotYet,
}

/// Acts on one line the player typed.
fn answer(follower: &mut Follower, line: &str) -> Result<Leave, Failure> {
    if std::mem::take(&mut follower.resign_asked) {
        return confirm_resignation(follower, line).map(|()| Leave::NotYet);
    }
    let deciding = follower.may_decide();
    let options = if deciding {
        follower.state.options.clone()
    } else {
        Vec::new()
    };
    let id = follower.state.match_id;
    let reprompt = |follower: &Follower| {
        if deciding {
            prompt(&follower.state)
        } else {
            Ok(())
        }
    };
    match choice::parse(line, &options) {
        Ok(Choice::Option(index)) => {
            follower.choose(&options[index]);
        }
        Ok(Choice::Resign) => {
            if follower.pending.is_some() || !follower.connected {
                print("Wait a moment: the server has not answered yet.\n")?;
            } else {
                follower.resign_asked = true;
                print(&format!(
                    "Resign match {id}? Your opponents win. Type yes to resign, \
                     anything else to play on.\n"
                ))?;
            }
        }
        Ok(Choice::Say(text)) => {
            // The server's echo shows it, as everyone else sees it.
            follower.live.say(text);
        }
        Ok(Choice::OfferDraw) => follower.live.offer_draw(),
        Ok(Choice::AnswerDraw(accept)) => follower.live.answer_draw(accept),
        Ok(Choice::Board) => {
            if deciding {
                print(&decision(&follower.state))?;
            } else {
                print(&board_and_status(&follower.state))?;
            }
            reprompt(follower)?;
        }
        Ok(Choice::History) => {
            print(&history_text(&follower.state))?;
            reprompt(follower)?;
        }
        Ok(Choice::Help) => {
            print(HELP)?;
            reprompt(follower)?;
        }
        Ok(Choice::Quit) => {
            print(&format!(
                "Leaving match {id}, which goes on. `fray play {id}` rejoins it.\n"
            ))?;
            return Ok(Leave::Now);
        }
        Err(choice::ChoiceError::NothingToChoose) => {
            print(&waiting_line(follower))?;
        }
        Err(error) => {
            print(&format!("{error}\n"))?;
            reprompt(follower)?;
        }
    }
    Ok(Leave::NotYet)
}

/// Why there is nothing to choose now.
fn waiting_line(follower: &Follower) -> String {
    if !follower.connected {
        return "Not connected just now; wait for the connection to come back.\n".into();
    }
    if follower.pending.is_some() {
        return "Wait a moment: the server has not answered yet.\n".into();
    }
    let state = &follower.state;
    if let Some(waiting) = state.waiting_words() {
        return format!("{waiting}.\n");
    }
    let deciding: Vec<String> = state.to_act.iter().map(|s| who(state, *s)).collect();
    if deciding.is_empty() {
        "Nothing to choose now.\n".into()
    } else {
        format!("Not your turn: waiting for {}.\n", deciding.join(", "))
    }
}

fn introduction(state: &GameState) -> String {
    let role = match state.me {
        Some(seat) => format!("you play seat {}", seat.0 + 1),
        None => "you are watching".into(),
    };
    let mut out = format!("Match {}, {}: {role}.", state.match_id, state.view.system);
    if state.me.is_some() {
        out.push_str(" Type `help` for the commands.");
    }
    if !state.commitment.is_empty() {
        out.push_str(&format!(
            "\nThe dice seed's commitment is {}; the replay shows the seed.",
            state.commitment
        ));
    }
    out.push('\n');
    out
}

/// The match's moves, one line per action: "  12 ada: Trolls moves d4 to
/// d5."; the text is escaped already.
fn history_text(state: &GameState) -> String {
    let moves = crate::history::moves(state);
    if moves.is_empty() {
        return "Nothing has happened yet.\n".into();
    }
    let mut out = String::from("Moves:\n");
    for entry in &moves {
        out.push_str(&crate::history::line(entry, usize::MAX));
        out.push('\n');
    }
    out
}

/// The board with the status under it.
fn board_and_status(state: &GameState) -> String {
    format!("\n{}{}", board(state), status(state))
}

/// The board, then the options of this seat's decision.
fn decision(state: &GameState) -> String {
    let mut out = board_and_status(state);
    let reacting = state
        .me
        .is_some_and(|me| !state.view.turn.active.contains(&me));
    out.push_str(if reacting {
        "You may react:\n"
    } else {
        "Your move:\n"
    });
    out.push_str(&options_text(&state.options));
    out
}

/// The prompt, without a newline; a script reading the output waits for
/// its `]: `.
fn prompt(state: &GameState) -> Result<(), Failure> {
    print(&format!("Your choice [1-{}]: ", state.options.len()))
}

fn log_lines(follower: &mut Follower) -> String {
    follower
        .new_log_lines()
        .iter()
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The final word: the outcome, and for a player, whether they won.
fn finish(state: &GameState) -> Result<(), Failure> {
    match ending_lines(state) {
        Some(ending) => print(&format!("\n{ending}")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::{
        Batch, Effect, MatchId, MatchStatus, PieceId, PieceView, Seat, Snapshot, View,
    };

    #[test]
    fn history_tells_a_start_of_turn_placement_as_the_placers_move() {
        let mut state = GameState::from_snapshot(Snapshot {
            match_id: MatchId(2),
            seq: 3,
            status: MatchStatus::Running,
            seat: Some(Seat(1)),
            view: View::default(),
            to_act: vec![Seat(0)],
            options: Vec::new(),
            commitment: String::new(),
        });
        state.names = vec![(Seat(0), "ada".into()), (Seat(1), "bo".into())];
        let swarmling = PieceView {
            count: 1,
            id: PieceId(9),
            owner: Seat(0),
            kind: "swarmling".into(),
            name: "Swarmling".into(),
            glyph: "s".into(),
            square: Some("e5".parse().unwrap()),
            stats: Vec::new(),
            markers: Vec::new(),
        };
        let batch = Batch {
            match_id: MatchId(2),
            seq: 4,
            effects: vec![Effect::PiecePlaced { piece: swarmling }],
            to_act: vec![Seat(0)],
            options: Vec::new(),
        };
        assert!(state.apply_batch(&batch));
        assert_eq!(
            history_text(&state),
            "Moves:\n   4 ada: ada's Swarmling is placed on e5.\n"
        );
    }
}
