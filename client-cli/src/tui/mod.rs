//! The full-screen game (ratatui on crossterm).
//!
//! Drawing is apart from the terminal: `play::draw` and `replay::draw` paint
//! a `Frame` from the game and the `Ui`, and the keys are pure transitions
//! (`input`, `replay::on_key`), so tests run both without a terminal.

mod board;
mod farewell;
mod input;
mod layout;
mod panels;
mod play;
mod replay;
mod screen;
mod social;
mod terminal;
mod ui;

#[cfg(test)]
mod tests;

use std::sync::mpsc::TryRecvError;
use std::time::Duration;

use crossterm::event::{self, Event};

use crate::fail::Failure;
use crate::game_state::GameState;
use crate::live::LiveMatch;
use crate::replay_state::ReplayState;
use crate::tui::input::Command;
use crate::tui::social::{Ask, Social};
use crate::tui::terminal::{Guard, failure};
use crate::tui::ui::Ui;

/// How long to wait for a key before looking at the connection again: short
/// enough that a batch shows at once, long enough to idle cheaply.
const TICK: Duration = Duration::from_millis(50);

/// Plays (or, with `state.me` none, watches) a live match full screen until
/// it ends or the user quits; then, on the restored terminal, says how it
/// ended or how to come back. `state` is built from the first snapshot.
pub fn run_live(live: LiveMatch, state: GameState) -> Result<(), Failure> {
    let mut state = state;
    let result = {
        let mut guard = Guard::take()?;
        live_loop(&live, &mut state, &mut guard)
    };
    // The guard is dropped: the screen is the user's terminal again.
    crate::print(&farewell::farewell(&state))?;
    result
}

fn live_loop(live: &LiveMatch, state: &mut GameState, guard: &mut Guard) -> Result<(), Failure> {
    let mut ui = Ui::new(state);
    let mut social = Social::default();
    live.applied(state.seq);
    loop {
        guard.draw(|frame| {
            play::draw(frame, state, &ui);
            social::draw(frame, &social, state);
        })?;
        if event::poll(TICK).map_err(|e| failure("cannot read the keyboard", &e))? {
            let read = event::read().map_err(|e| failure("cannot read the keyboard", &e))?;
            if let Event::Key(key) = read {
                if let Some(ask) = social::on_key(&mut social, &mut ui, state, key) {
                    match ask {
                        Some(Ask::Say(text)) => live.say(text),
                        Some(Ask::OfferDraw) => live.offer_draw(),
                        Some(Ask::AnswerDraw(accept)) => live.answer_draw(accept),
                        None => {}
                    }
                    continue;
                }
                match input::on_key(&mut ui, state, key) {
                    Command::Nothing => {}
                    Command::Play(action) => ui.pending = Some(live.act(action)),
                    Command::Resign => ui.pending = Some(live.resign()),
                    Command::Quit => return Ok(()),
                }
            }
        }
        loop {
            let event = match live.events().try_recv() {
                Ok(event) => event,
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) if state.view.outcome.is_some() => return Ok(()),
                Err(TryRecvError::Disconnected) => {
                    return Err(Failure::other("the connection to the server was lost"));
                }
            };
            social::absorb(&mut social, state, &mut ui, &event);
            let absorbed = play::absorb(state, &mut ui, event);
            if let Some(seq) = absorbed.applied {
                live.applied(seq);
            }
            if let Some(failure) = absorbed.closed {
                // A finished match was seen to its end; losing the
                // connection afterwards is no failure of the user's.
                return if state.view.outcome.is_some() {
                    Ok(())
                } else {
                    Err(failure)
                };
            }
        }
    }
}

/// Steps through a replay full screen.
pub fn run_replay(replay: ReplayState) -> Result<(), Failure> {
    let mut replay = replay;
    let mut ui = Ui::new(replay.state());
    let mut guard = Guard::take()?;
    loop {
        guard.draw(|frame| replay::draw(frame, &replay, &ui))?;
        let read = event::read().map_err(|e| failure("cannot read the keyboard", &e))?;
        if let Event::Key(key) = read
            && replay::on_key(&mut ui, &mut replay, key)
        {
            return Ok(());
        }
    }
}
