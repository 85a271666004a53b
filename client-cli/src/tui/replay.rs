//! A finished match stepped through on the screen: keys move between events,
//! the header says where and whether the dice can be trusted.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use fray_protocol::{Action, EventKind, ReplayEvent, View};
use ratatui::Frame;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::replay_state::ReplayState;
use crate::shown::chat_line;
use crate::tui::input::scroll_history;
use crate::tui::panels::seat_label;
use crate::tui::screen::{self, Slot};
use crate::tui::ui::{Popup, Ui};

/// Handles one key; true when the user leaves.
pub fn on_key(ui: &mut Ui, replay: &mut ReplayState, key: KeyEvent) -> bool {
    if key.kind == KeyEventKind::Release {
        return false;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return true;
    }
    ui.status = None;
    if let Some(Popup::History { back }) = ui.popup.as_mut()
        && scroll_history(back, replay.state(), key.code)
    {
        return false;
    }
    if ui.popup.is_some() {
        ui.popup = None;
        return false;
    }
    if let Some(typed) = ui.prompt.as_mut() {
        match key.code {
            KeyCode::Char(digit) if digit.is_ascii_digit() => typed.push(digit),
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Enter => {
                let typed = ui.prompt.take().unwrap_or_default();
                match typed.parse::<usize>() {
                    Ok(index) => moved(ui, replay, |r| r.jump(index)),
                    Err(_) => ui.status = Some("type an event number, then Enter".into()),
                }
            }
            KeyCode::Esc => ui.prompt = None,
            _ => {}
        }
        return false;
    }
    let (width, height) = (
        replay.state().view.width.max(1),
        replay.state().view.height.max(1),
    );
    match key.code {
        KeyCode::Char('q') | KeyCode::Esc => return true,
        KeyCode::Char('?') => ui.popup = Some(Popup::Help),
        KeyCode::Char('m') => ui.popup = Some(Popup::History { back: 0 }),
        KeyCode::Right | KeyCode::Char('n') | KeyCode::Char(' ') => {
            moved(ui, replay, |r| {
                r.step_forward();
            });
        }
        KeyCode::Left | KeyCode::Char('p') | KeyCode::Backspace => {
            moved(ui, replay, |r| {
                r.step_back();
            });
        }
        KeyCode::Home => moved(ui, replay, |r| r.jump(0)),
        KeyCode::End => moved(ui, replay, |r| r.jump(usize::MAX)),
        KeyCode::Char('g') => ui.prompt = Some(String::new()),
        KeyCode::Up | KeyCode::Char('k') => ui.cursor.rank = (ui.cursor.rank + 1).min(height - 1),
        KeyCode::Down | KeyCode::Char('j') => ui.cursor.rank = ui.cursor.rank.saturating_sub(1),
        KeyCode::Char('h') => ui.cursor.file = ui.cursor.file.saturating_sub(1),
        KeyCode::Char('l') => ui.cursor.file = (ui.cursor.file + 1).min(width - 1),
        KeyCode::PageUp => {
            let lines = replay.state().log.len();
            ui.log_scroll = (ui.log_scroll + 5).min(lines.saturating_sub(1));
        }
        KeyCode::PageDown => ui.log_scroll = ui.log_scroll.saturating_sub(5),
        _ => {}
    }
    false
}

fn moved(ui: &mut Ui, replay: &mut ReplayState, step: impl FnOnce(&mut ReplayState)) {
    step(replay);
    ui.log_scroll = 0;
    ui.sync(replay.state());
}

pub fn draw(frame: &mut Frame, replay: &ReplayState, ui: &Ui) {
    let state = replay.state();
    let (index, count) = replay.position();
    let last = count.saturating_sub(1);
    let summary = &replay.replay().summary;
    let position = if index == 0 {
        format!("set-up (event 0 of {last})")
    } else {
        format!("event {index} of {last}")
    };
    let trusted = replay.seed_matches_commitment();
    let header = vec![
        Line::from(vec![
            Span::styled("Fray replay", Style::new().add_modifier(Modifier::BOLD)),
            Span::raw(format!(" · {} · match {} · ", summary.system, summary.id)),
            Span::styled(
                position,
                Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            ),
        ]),
        Line::from(Span::styled(
            replay.seed_check_line(),
            Style::new().fg(if trusted {
                Color::Green
            } else {
                Color::LightRed
            }),
        )),
    ];
    let slot = Slot {
        title: "Event".to_string(),
        lines: event_lines(replay),
        keep: None,
        focused: false,
    };
    let status = match (&ui.prompt, &ui.status) {
        (Some(typed), _) => Line::from(Span::styled(
            format!("go to event: {typed}▏  (Enter goes, Esc cancels)"),
            Style::new().fg(Color::Yellow),
        )),
        (None, Some(status)) => {
            Line::from(Span::styled(status.clone(), Style::new().fg(Color::Yellow)))
        }
        (None, None) => Line::from(Span::styled(
            // Short enough for 80 columns; `?` lists the cursor's keys too.
            "←/p back · →/n next · Home/End · g go to · m moves · ? help · q quit",
            Style::new().fg(Color::DarkGray),
        )),
    };
    if !screen::draw_game(frame, state, ui, header, slot, status) {
        return;
    }
    if let Some(Popup::History { back }) = ui.popup {
        screen::history_popup(frame, state, back);
    }
    if ui.popup == Some(Popup::Help) {
        let lines = [
            "→ n Space        next event",
            "← p Backspace    previous event",
            "Home / End       the set-up / the end",
            "g 12 Enter       go to event 12",
            "↑ ↓ h l j k      move the cursor to read a square",
            "PgUp / PgDn      scroll the log",
            "m                the moves so far, one line each",
            "q Esc            leave",
        ]
        .into_iter()
        .map(Line::from)
        .collect();
        screen::popup(frame, "Keys", lines, None);
    }
}

/// Who did what in the current event, and what it told.
fn event_lines(replay: &ReplayState) -> Vec<Line<'static>> {
    let state = replay.state();
    let Some(event) = replay.event() else {
        return vec![Line::from("this match has no events")];
    };
    let who = event.seat.map(|seat| seat_label(state, seat));
    let head = match (event.kind, who) {
        (EventKind::Setup, _) => "The set-up".to_string(),
        (EventKind::Action, Some(who)) => format!(
            "{who}: {}",
            event
                .action
                .as_ref()
                .map(|a| action_words(&state.view, a))
                .unwrap_or_default()
        ),
        (EventKind::Resign, Some(who)) => format!("{who} resigns"),
        (EventKind::Abandon, Some(who)) => format!("{who} abandons the match"),
        (EventKind::Draw, Some(who)) => format!("{who} accepts the draw: drawn by agreement"),
        (kind, None) => kind.key().to_string(),
    };
    let mut lines = vec![Line::from(Span::styled(
        head,
        Style::new().add_modifier(Modifier::BOLD),
    ))];
    lines.extend(told(replay, event));
    lines
}

fn told(replay: &ReplayState, event: &ReplayEvent) -> Vec<Line<'static>> {
    replay
        .state()
        .log
        .iter()
        .filter(|entry| entry.seq == event.seq)
        .map(|entry| Line::from(format!("  {}", entry.text)))
        .chain(
            replay
                .chat()
                .map(|line| Line::from(format!("  {}", chat_line(line)))),
        )
        .collect()
}

/// An action in plain parts ("move Knight to c3"); the replay holds no
/// notation, and the client knows no rules to make one.
pub fn action_words(view: &View, action: &Action) -> String {
    let name = |id| {
        view.pieces
            .get(&id)
            .map(|p| p.name.clone())
            .unwrap_or_else(|| format!("piece {id}"))
    };
    let mut words = vec![action.verb.clone()];
    if let Some(piece) = action.piece {
        words.push(name(piece));
    }
    if let Some(target) = action.target {
        words.push(format!("at {}", name(target)));
    }
    if let Some(to) = action.to {
        words.push(format!("to {to}"));
    }
    if let Some(choice) = &action.choice {
        words.push(format!("({choice})"));
    }
    words.join(" ")
}
