//! A live match on the screen: what the connection says folded into the
//! game and the `Ui`, and the screen drawn from both.

use fray_protocol::MatchStatus;
use ratatui::Frame;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::cells::Cells;
use crate::fail::Failure;
use crate::game_state::GameState;
use crate::live::LiveEvent;
use crate::shown::shown;
use crate::tui::panels::{self, seat_label};
use crate::tui::screen::{self, Slot};
use crate::tui::ui::{Confirm, Connection, Focus, Popup, Ui};

/// What the loop must do after an event was folded in.
#[derive(Debug, Default)]
pub struct Absorbed {
    /// A batch or snapshot up to this seq was applied: tell the connection.
    pub applied: Option<u64>,
    /// The connection is gone for good.
    pub closed: Option<Failure>,
}

/// Folds one event into the game and the screen's state.
pub fn absorb(state: &mut GameState, ui: &mut Ui, event: LiveEvent) -> Absorbed {
    let mut absorbed = Absorbed::default();
    match event {
        LiveEvent::Snapshot(snapshot) => {
            state.reset(snapshot);
            ui.connection = Connection::Connected;
            absorbed.applied = Some(state.seq);
        }
        LiveEvent::History(Ok(history)) => state.restore_log(&history),
        LiveEvent::History(Err(reason)) => {
            ui.status = Some(format!(
                "the log before this point could not be read from the server: {reason}"
            ));
        }
        LiveEvent::Batch(batch) => {
            if state.apply_batch(&batch) {
                absorbed.applied = Some(state.seq);
                ui.log_scroll = 0;
            } else {
                // The connection notices the gap too and resubscribes; until
                // the snapshot comes, say why the board stands still.
                ui.connection = Connection::OutOfStep;
            }
        }
        LiveEvent::Ack { id, .. } => {
            if ui.pending == Some(id) {
                ui.pending = None;
            }
        }
        LiveEvent::Refused { id, message, .. } => {
            if id.is_some() && ui.pending == id {
                ui.pending = None;
            }
            ui.status = Some(format!("refused: {message}"));
        }
        LiveEvent::SeatAway { seat, seconds } => {
            ui.away.insert(seat, seconds);
        }
        LiveEvent::SeatBack { seat } => {
            ui.away.remove(&seat);
            // Coming back is news to the others, not to the one who came.
            if state.me != Some(seat) {
                ui.status = Some(format!("{} is back", seat_label(state, seat)));
            }
        }
        LiveEvent::Reconnecting { attempt, reason } => {
            ui.connection = Connection::Reconnecting { attempt, reason };
        }
        LiveEvent::Connected => ui.connection = Connection::Connected,
        // Folded in by `social::absorb`.
        LiveEvent::Chat(_) | LiveEvent::DrawOffered { .. } | LiveEvent::DrawDeclined { .. } => {}
        LiveEvent::Closed { failure } => absorbed.closed = Some(failure),
    }
    ui.sync(state);
    absorbed
}

/// The whole live screen.
pub fn draw(frame: &mut Frame, state: &GameState, ui: &Ui) {
    let listed = ui.listed(state);
    let title = match ui.selected.and_then(|id| state.view.pieces.get(&id)) {
        Some(piece) => format!("Options of {} ({}) · Esc: all", piece.name, listed.len()),
        None if listed.is_empty() => "Options".to_string(),
        None => format!("Options ({}) · Tab", listed.len()),
    };
    let focused = ui.focus == Focus::Options;
    let highlighted = focused.then_some(ui.option_index);
    let slot = Slot {
        title,
        lines: panels::options(state, &listed, highlighted),
        keep: highlighted,
        focused,
    };
    if !screen::draw_game(frame, state, ui, header(state), slot, status(state, ui)) {
        return;
    }
    match &ui.popup {
        None => {}
        Some(Popup::Help) => screen::popup(frame, "Keys", help(state), None),
        Some(Popup::History { back }) => screen::history_popup(frame, state, *back),
        Some(Popup::Confirm(what)) => {
            let question = match what {
                Confirm::Resign => "Resign this match? y / n",
                Confirm::Quit => "Leave the match? It goes on without you. y / n",
            };
            screen::popup(frame, "Sure?", vec![Line::from(question)], None);
        }
        Some(Popup::Options {
            title,
            options,
            index,
            ..
        }) => {
            let pad = panels::notation_width(state, options);
            let mut lines: Vec<Line> = options
                .iter()
                .enumerate()
                .filter_map(|(at, &i)| {
                    Some(panels::option_line(
                        state.options.get(i)?,
                        at == *index,
                        pad,
                    ))
                })
                .collect();
            lines.push(hint(
                "↑↓ choose · Enter plays · Esc closes (Tab lists them again)",
            ));
            screen::popup_at(frame, title, lines, Some(*index), options_anchor(state));
        }
        Some(Popup::Pieces { pieces, index }) => {
            let cells = Cells::new(&state.view, state.me);
            let mut lines: Vec<Line> = pieces
                .iter()
                .enumerate()
                .filter_map(|(at, id)| {
                    let piece = state.view.pieces.get(id)?;
                    let marker = if at == *index { "▸ " } else { "  " };
                    Some(Line::from(vec![
                        Span::raw(marker),
                        Span::styled(
                            panels::piece_title(&cells, piece),
                            panels::seat_style(piece.owner),
                        ),
                    ]))
                })
                .collect();
            lines.push(hint("↑↓ choose · Enter selects · Esc closes"));
            screen::popup(frame, "Which piece?", lines, Some(*index));
        }
    }
}

/// Where a list of options pops up: over the far half of the board from
/// this seat's own back rank (rank 1 for the first seat, the top rank for
/// the second), so that a set-up choice about that rank leaves it in view.
fn options_anchor(state: &GameState) -> screen::Anchor {
    match state.me.map(|seat| seat.0) {
        Some(0) => screen::Anchor::Top,
        Some(1) => screen::Anchor::Bottom,
        _ => screen::Anchor::Middle,
    }
}

/// The match, who you are and whether you must act; the seq last, so that
/// at 80 columns it is what is cut, not "your move".
fn header(state: &GameState) -> Vec<Line<'static>> {
    let who = match state.me {
        Some(seat) => format!("you play {}", state.seat_name(seat)),
        None => "watching".to_string(),
    };
    let mut spans = vec![
        Span::styled("Fray", Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!(
            " · {} · match {} · {who}",
            state.view.system, state.match_id
        )),
    ];
    let loud = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
    if state.my_turn() {
        let text = if crate::tui::ui::is_reaction(state) {
            " · your answer is asked"
        } else {
            " · your move"
        };
        spans.push(Span::styled(text, loud));
    }
    if state.status == MatchStatus::Finished {
        spans.push(Span::styled(" · the match is over", loud));
    }
    spans.push(Span::raw(format!(" · seq {}", state.seq)));
    vec![Line::from(spans)]
}

/// The prompt while typing; else the connection, the last message and the
/// away seats; else the keys.
fn status(state: &GameState, ui: &Ui) -> Line<'static> {
    if let Some(typed) = &ui.prompt {
        return Line::from(vec![
            Span::styled(format!(":{typed}▏"), Style::new().fg(Color::Yellow)),
            Span::styled(
                "  type an option's notation · Enter plays · Esc cancels",
                Style::new().fg(Color::DarkGray),
            ),
        ]);
    }
    let mut parts: Vec<Span> = Vec::new();
    match &ui.connection {
        Connection::Connected => {}
        Connection::Reconnecting { attempt, reason } => parts.push(Span::styled(
            format!("Reconnecting, attempt {attempt} ({reason})…"),
            Style::new().fg(Color::LightRed),
        )),
        Connection::OutOfStep => parts.push(Span::styled(
            "missed an update, catching up…",
            Style::new().fg(Color::LightRed),
        )),
    }
    if ui.pending.is_some() {
        parts.push(Span::raw("sent, waiting for the server"));
    }
    if let Some(status) = &ui.status {
        parts.push(Span::styled(status.clone(), Style::new().fg(Color::Yellow)));
    }
    for (seat, seconds) in &ui.away {
        parts.push(Span::styled(
            format!(
                "{} is away: loses in {seconds} s unless back",
                seat_label(state, *seat)
            ),
            Style::new().fg(Color::LightRed),
        ));
    }
    if parts.is_empty() {
        return match highlighted_label(state, ui) {
            Some(label) => Line::from(vec![
                Span::styled(format!("▸ {label}"), Style::new().fg(Color::Yellow)),
                Span::styled(
                    " · ↑↓ choose · Enter play · Tab/Esc board",
                    Style::new().fg(Color::DarkGray),
                ),
            ]),
            None => hint(&keys(state, ui)),
        };
    }
    let mut spans = Vec::new();
    for (at, part) in parts.into_iter().enumerate() {
        if at > 0 {
            spans.push(Span::raw(" · "));
        }
        spans.push(part);
    }
    Line::from(spans)
}

/// The keys that work now, for the status line: they follow the focus
/// (the board or the options list) and the match (nothing to resign or
/// play once it is over). Short enough for 80 columns.
fn keys(state: &GameState, ui: &Ui) -> String {
    let over = state.view.outcome.is_some() || state.status == MatchStatus::Finished;
    let keys: &[&str] = if over {
        &[
            "game over",
            "arrows look",
            "PgUp/PgDn log",
            "m moves",
            "? help",
            "q quit",
        ]
    } else if state.me.is_none() {
        &[
            "arrows look",
            "PgUp/PgDn log",
            "m moves",
            "? help",
            "q quit",
        ]
    } else if ui.focus == Focus::Options {
        &[
            "↑↓ choose",
            "Enter play",
            "Tab/Esc board",
            "m moves",
            "r resign",
            "? help",
            "q quit",
        ]
    } else if ui.selected.is_some() {
        &[
            "arrows move",
            "Enter play",
            "Esc drop",
            "Tab options",
            "r resign",
            "? help",
            "q quit",
        ]
    } else {
        &[
            "arrows move",
            "Enter select",
            "Tab options",
            "m moves",
            "r resign",
            "? help",
            "q quit",
        ]
    };
    keys.join(" · ")
}

fn help(state: &GameState) -> Vec<Line<'static>> {
    let playing = state.me.is_some() && state.view.outcome.is_none();
    let mut lines = vec![
        "arrows or h j k l   move the cursor on the board",
        "Enter or Space      select the piece under the cursor; on a",
        "                    highlighted square, play its option",
        "Esc                 back to the board, else drop the selection",
        "Tab                 the options list (↑↓, Enter plays); again: board",
        ":                   type an option's notation, Enter plays it",
        "PgUp / PgDn         scroll the log",
        "m                   the match's moves, one line each",
    ];
    if state.me.is_some() {
        lines.push("t                   say something to the table (Enter sends)");
    }
    if playing {
        lines.push("d                   offer a draw; answer one offered (y / n);");
        lines.push("                    d again withdraws your own offer");
        lines.push("r                   resign (asks first)");
        lines.push("q                   leave; the match goes on (asks first)");
    } else {
        lines.push("q                   leave");
    }
    lines.push("?                   this help; any key closes it");
    lines.into_iter().map(Line::from).collect()
}

/// The whole label of the option highlighted in the options list, which a
/// narrow panel cuts ("Wizard on d1 cast Prot…"): the footer spans the
/// screen.
fn highlighted_label(state: &GameState, ui: &Ui) -> Option<String> {
    if ui.focus != Focus::Options {
        return None;
    }
    let index = *ui.listed(state).get(ui.option_index)?;
    Some(shown(&state.options.get(index)?.label).into_owned())
}

fn hint(text: &str) -> Line<'static> {
    Line::from(Span::styled(
        text.to_string(),
        Style::new().fg(Color::DarkGray),
    ))
}
