//! Keys during a live match, as pure transitions: a key changes the `Ui`
//! and may ask the loop to send something. The client knows no rules, so
//! every action it can ask for is one of the options the server listed.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use fray_protocol::{Action, MatchStatus, PieceId, Square};

use crate::cells::Cells;
use crate::game_state::GameState;
use crate::tui::ui::{Confirm, Focus, Popup, Ui, option_square};

/// What the loop should do after a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Nothing,
    /// Send this action (one of the options, unchanged).
    Play(Action),
    Resign,
    Quit,
}

pub fn on_key(ui: &mut Ui, state: &GameState, key: KeyEvent) -> Command {
    // Terminals that report releases would otherwise act twice.
    if key.kind == KeyEventKind::Release {
        return Command::Nothing;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Command::Quit;
    }
    ui.status = None;
    if ui.popup.is_some() {
        return on_popup(ui, state, key.code);
    }
    if ui.prompt.is_some() {
        return on_prompt(ui, state, key.code);
    }
    match key.code {
        KeyCode::Char('?') => ui.popup = Some(Popup::Help),
        KeyCode::Char('m') => ui.popup = Some(Popup::History { back: 0 }),
        KeyCode::Char(':') => {
            if state.options.is_empty() {
                ui.status = Some("nothing to play now".into());
            } else {
                ui.prompt = Some(String::new());
            }
        }
        KeyCode::Char('r') => {
            if state.me.is_some() && running(state) {
                ui.popup = Some(Popup::Confirm(Confirm::Resign));
            } else if state.me.is_some() {
                ui.status = Some("the match is over: nothing to resign".into());
            }
        }
        KeyCode::Char('q') => return quit(ui, state),
        // Esc only ever steps back (a selection, the options list); leaving
        // is `q`'s, so that a player backing out of a panel is never asked
        // whether to leave the match.
        // Leaving the options list drops its highlight: Enter then plays
        // only what the player picks again, never the option left behind.
        KeyCode::Esc => {
            if ui.focus == Focus::Options {
                ui.focus = Focus::Board;
                ui.option_index = 0;
            } else if ui.selected.is_some() {
                ui.selected = None;
                ui.option_index = 0;
            } else {
                ui.status = Some("q leaves the match".into());
            }
        }
        KeyCode::Tab | KeyCode::BackTab => match ui.focus {
            Focus::Board if state.options.is_empty() => {
                ui.status = Some("no options now".into());
            }
            Focus::Board => ui.focus = Focus::Options,
            Focus::Options => {
                ui.focus = Focus::Board;
                ui.option_index = 0;
            }
        },
        KeyCode::PageUp => {
            ui.log_scroll = (ui.log_scroll + 5).min(state.log.len().saturating_sub(1))
        }
        KeyCode::PageDown => ui.log_scroll = ui.log_scroll.saturating_sub(5),
        code => {
            return match ui.focus {
                Focus::Board => on_board(ui, state, code),
                Focus::Options => on_options(ui, state, code),
            };
        }
    }
    Command::Nothing
}

fn running(state: &GameState) -> bool {
    state.status != MatchStatus::Finished && state.view.outcome.is_none()
}

/// A player leaving a running match is asked first; a watcher just goes.
fn quit(ui: &mut Ui, state: &GameState) -> Command {
    if state.me.is_some() && running(state) {
        ui.popup = Some(Popup::Confirm(Confirm::Quit));
        Command::Nothing
    } else {
        Command::Quit
    }
}

fn on_popup(ui: &mut Ui, state: &GameState, code: KeyCode) -> Command {
    let Some(popup) = ui.popup.as_mut() else {
        return Command::Nothing;
    };
    match popup {
        Popup::Help => ui.popup = None,
        Popup::History { back } => {
            if !scroll_history(back, state, code) {
                ui.popup = None;
            }
        }
        Popup::Confirm(what) => {
            let what = *what;
            match code {
                KeyCode::Char('y' | 'Y') => {
                    ui.popup = None;
                    return match what {
                        Confirm::Resign => Command::Resign,
                        Confirm::Quit => Command::Quit,
                    };
                }
                KeyCode::Char('n' | 'N') | KeyCode::Esc => ui.popup = None,
                _ => {}
            }
        }
        Popup::Options { options, index, .. } => {
            let chosen = match pick(index, options.len(), code) {
                Picked::Moved => return Command::Nothing,
                Picked::Closed => None,
                Picked::Chosen(at) => Some(options[at]),
            };
            ui.popup = None;
            if let Some(option) = chosen.and_then(|i| state.options.get(i)) {
                return play(ui, option.action.clone());
            }
        }
        Popup::Pieces { pieces, index } => {
            let chosen = match pick(index, pieces.len(), code) {
                Picked::Moved => return Command::Nothing,
                Picked::Closed => None,
                Picked::Chosen(at) => Some(pieces[at]),
            };
            ui.popup = None;
            if let Some(piece) = chosen {
                select(ui, piece);
            }
        }
    }
    Command::Nothing
}

/// A key in the moves popup: arrows and pages scroll it, Home and End go
/// to the first and the newest; false for any other key, which closes it.
pub fn scroll_history(back: &mut usize, state: &GameState, code: KeyCode) -> bool {
    let most = crate::history::moves(state).len().saturating_sub(1);
    match code {
        KeyCode::Up | KeyCode::Char('k') => *back = (*back + 1).min(most),
        KeyCode::Down | KeyCode::Char('j') => *back = back.saturating_sub(1),
        KeyCode::PageUp => *back = (*back + 10).min(most),
        KeyCode::PageDown => *back = back.saturating_sub(10),
        KeyCode::Home => *back = most,
        KeyCode::End => *back = 0,
        _ => return false,
    }
    true
}

enum Picked {
    Moved,
    Closed,
    Chosen(usize),
}

/// Up/Down (or k/j) move in a list, Enter or a digit chooses, Esc closes.
fn pick(index: &mut usize, len: usize, code: KeyCode) -> Picked {
    match code {
        KeyCode::Up | KeyCode::Char('k') => *index = index.saturating_sub(1),
        KeyCode::Down | KeyCode::Char('j') => *index = (*index + 1).min(len.saturating_sub(1)),
        KeyCode::Enter | KeyCode::Char(' ') if len > 0 => return Picked::Chosen(*index),
        KeyCode::Char(digit @ '1'..='9') => {
            let at = digit as usize - '1' as usize;
            if at < len {
                return Picked::Chosen(at);
            }
        }
        KeyCode::Esc | KeyCode::Char('q') => return Picked::Closed,
        _ => {}
    }
    Picked::Moved
}

fn on_prompt(ui: &mut Ui, state: &GameState, code: KeyCode) -> Command {
    let Some(typed) = ui.prompt.as_mut() else {
        return Command::Nothing;
    };
    match code {
        KeyCode::Char(ch) => typed.push(ch),
        KeyCode::Backspace => {
            typed.pop();
        }
        KeyCode::Esc => ui.prompt = None,
        KeyCode::Enter => {
            let typed = ui.prompt.take().unwrap_or_default();
            let wanted = typed.trim();
            let found = state
                .options
                .iter()
                .find(|option| option.notation.eq_ignore_ascii_case(wanted));
            match found {
                Some(option) => return play(ui, option.action.clone()),
                None => ui.status = Some(format!("no option is written '{wanted}'")),
            }
        }
        _ => {}
    }
    Command::Nothing
}

fn on_options(ui: &mut Ui, state: &GameState, code: KeyCode) -> Command {
    let listed = ui.listed(state);
    match code {
        KeyCode::Up | KeyCode::Char('k') => ui.option_index = ui.option_index.saturating_sub(1),
        KeyCode::Down | KeyCode::Char('j') => {
            ui.option_index = (ui.option_index + 1).min(listed.len().saturating_sub(1));
        }
        KeyCode::Home => ui.option_index = 0,
        KeyCode::End => ui.option_index = listed.len().saturating_sub(1),
        KeyCode::Enter | KeyCode::Char(' ') => {
            if let Some(option) = listed.get(ui.option_index).map(|&i| &state.options[i]) {
                return play(ui, option.action.clone());
            }
        }
        _ => {}
    }
    Command::Nothing
}

fn on_board(ui: &mut Ui, state: &GameState, code: KeyCode) -> Command {
    let (width, height) = (state.view.width.max(1), state.view.height.max(1));
    let Square { file, rank } = ui.cursor;
    match code {
        KeyCode::Up | KeyCode::Char('k') => ui.cursor.rank = (rank + 1).min(height - 1),
        KeyCode::Down | KeyCode::Char('j') => ui.cursor.rank = rank.saturating_sub(1),
        KeyCode::Left | KeyCode::Char('h') => ui.cursor.file = file.saturating_sub(1),
        KeyCode::Right | KeyCode::Char('l') => ui.cursor.file = (file + 1).min(width - 1),
        KeyCode::Enter | KeyCode::Char(' ') => return activate(ui, state),
        _ => {}
    }
    Command::Nothing
}

/// Enter on the cursor's square: play the selected piece's option there,
/// else select a piece standing there, else play an option aimed there.
fn activate(ui: &mut Ui, state: &GameState) -> Command {
    let square = ui.cursor;
    let reaching = |piece: Option<PieceId>| -> Vec<usize> {
        (0..state.options.len())
            .filter(|&i| piece.is_none() || state.options[i].action.piece == piece)
            .filter(|&i| option_square(state, &state.options[i]) == Some(square))
            .collect()
    };
    if let Some(selected) = ui.selected {
        let found = reaching(Some(selected));
        if !found.is_empty() {
            return choose(ui, state, found, format!("On {square}"));
        }
    }
    let cells = Cells::new(&state.view, state.me);
    let actors: Vec<PieceId> = cells
        .occupants(square)
        .iter()
        .map(|occupant| occupant.piece.id)
        .filter(|&id| state.options.iter().any(|o| o.action.piece == Some(id)))
        .collect();
    match actors.as_slice() {
        [] => {}
        [only] if ui.selected == Some(*only) => {
            ui.selected = None;
            return Command::Nothing;
        }
        [only] => {
            select(ui, *only);
            return Command::Nothing;
        }
        _ => {
            ui.popup = Some(Popup::Pieces {
                pieces: actors,
                index: 0,
            });
            return Command::Nothing;
        }
    }
    let found = reaching(None);
    if !found.is_empty() {
        ui.selected = None;
        return choose(ui, state, found, format!("On {square}"));
    }
    ui.status = Some(match ui.selected {
        Some(piece) => format!("{} has no option on {square}", piece_name(state, piece)),
        None if state.options.is_empty() => "nothing to play now".to_string(),
        None => format!("nothing to do on {square}"),
    });
    Command::Nothing
}

/// One matching option is played; several are offered in a list.
fn choose(ui: &mut Ui, state: &GameState, found: Vec<usize>, title: String) -> Command {
    if let [only] = found.as_slice() {
        return play(ui, state.options[*only].action.clone());
    }
    ui.popup = Some(Popup::Options {
        title,
        options: found,
        index: 0,
        seq: state.seq,
    });
    Command::Nothing
}

fn select(ui: &mut Ui, piece: PieceId) {
    ui.selected = Some(piece);
    ui.option_index = 0;
}

fn play(ui: &mut Ui, action: Action) -> Command {
    ui.selected = None;
    ui.focus = Focus::Board;
    ui.option_index = 0;
    Command::Play(action)
}

fn piece_name(state: &GameState, piece: PieceId) -> String {
    state
        .view
        .pieces
        .get(&piece)
        .map(|p| p.name.clone())
        .unwrap_or_else(|| format!("piece {piece}"))
}
