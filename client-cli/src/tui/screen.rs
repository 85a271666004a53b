//! The screen, shared by a live match and a replay: header, board and
//! legend, dice and waiting pieces on the left; turn, piece, one panel that
//! differs (options, or the replayed event) and the log on the right; the
//! moves in a column of their own when there is room; a status line at the
//! bottom; a popup over it all. Where each goes is `layout`'s.

use std::borrow::Cow;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::cells::{self, Cells};
use crate::game_state::GameState;
use crate::history;
use crate::shown::shown;
use crate::tui::board::{self, Legend, Marks};
use crate::tui::layout::{self, Needs};
use crate::tui::panels;
use crate::tui::ui::{Ui, targets};

/// The right-hand panel that is not the same for live play and replay.
pub struct Slot {
    pub title: String,
    pub lines: Vec<Line<'static>>,
    /// The line to keep in sight (the highlighted option).
    pub keep: Option<usize>,
    pub focused: bool,
}

/// Draws the whole game in the largest layout that fits (see `layout`);
/// false (with a request to enlarge) when the screen is too small for any.
pub fn draw_game(
    frame: &mut Frame,
    state: &GameState,
    ui: &Ui,
    header: Vec<Line<'static>>,
    slot: Slot,
    status: Line<'static>,
) -> bool {
    let area = frame.area();
    let (board_width, spaced_rows) = board::size(&state.view, false);
    let (_, all_dense_rows) = board::size(&state.view, true);
    let fine = cells::fine(&state.view);
    let dense_rows = board::rows_showing(&state.view, true, board::FEWEST_RANKS);
    let cells = Cells::new(&state.view, state.me);
    let legend = Legend::of(&cells);
    let mut legend_lines = vec![panels::owners(state, &cells)];
    legend_lines.extend(legend.lines(board_width));
    legend_lines.extend(panels::units(&state.view, board_width));
    legend_lines.extend(panels::walls(&state.view, board_width));
    let waiting = panels::off_board(state, &cells);
    let needs = Needs {
        waiting_rows: waiting.len() as u16,
        header_rows: header.len() as u16,
        board_cols: board_width,
        spaced_rows,
        dense_rows,
        legend_rows: legend_lines.len() as u16,
        fine,
    };
    let plan = match layout::plan(area, needs) {
        Ok(plan) => plan,
        Err((min_width, min_height)) => {
            let text = format!(
                "enlarge the terminal to at least {min_width}×{min_height} (it is {}×{})",
                area.width, area.height
            );
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
            return false;
        }
    };
    frame.render_widget(Paragraph::new(printable(header)), plan.header);
    frame.render_widget(Paragraph::new(printable_line(status)), plan.status);

    let board_height = match (plan.dense, fine) {
        (false, _) => spaced_rows,
        (true, false) => dense_rows,
        // As many ranks as the screen leaves, around the cursor.
        (true, true) => layout::compact_board_rows(&plan).clamp(dense_rows, all_dense_rows),
    };
    legend_lines.truncate(usize::from(plan.legend_rows));
    let legend_lines = printable(legend_lines);
    let dice = panels::dice(state, usize::from(board_width));
    let left = layout::left(&plan, board_height, dice.len() as u16, waiting.len() as u16);
    let board_area = left.board;
    let block = titled("Board", !slot.focused);
    let inner = block.inner(board_area);
    frame.render_widget(block, board_area);
    let marks = marks(state, ui);
    board::draw(
        &cells,
        &state.view,
        &marks,
        &legend,
        plan.dense,
        board_height,
        inner,
        frame.buffer_mut(),
    );
    let legend_area = Rect {
        y: inner.y + board_height,
        height: inner.height.saturating_sub(board_height),
        ..inner
    };
    frame.render_widget(Paragraph::new(legend_lines), legend_area);
    if let Some(dice_area) = left.dice {
        paragraph(frame, dice_area, "Dice", dice, false);
    }
    if !waiting.is_empty() && left.waiting.height >= 3 {
        paragraph(frame, left.waiting, "Off the board", waiting, false);
    }

    let turn = panels::turn(state);
    let inside = usize::from(plan.right.width.saturating_sub(2)).max(1);
    let turn_rows: usize = turn
        .iter()
        .map(|line| line.width().max(1).div_ceil(inside))
        .sum();
    let right = layout::right(&plan, turn_rows as u16);
    let (turn_area, piece_area, slot_area) = (right.turn, right.piece, right.slot);
    paragraph(frame, turn_area, "Turn", turn, false);
    let selected = ui.selected.and_then(|id| state.view.pieces.get(&id));
    let piece = panels::piece(state, &cells, selected, ui.cursor);
    let piece_title = if selected.is_some() {
        "Selected"
    } else {
        "Square"
    };
    paragraph(frame, piece_area, piece_title, piece, false);

    let block = titled(&slot.title, slot.focused);
    let inner = block.inner(slot_area);
    let skip = slot
        .keep
        .map(|keep| (keep + 1).saturating_sub(usize::from(inner.height)))
        .unwrap_or(0);
    let visible: Vec<Line> = printable(slot.lines).into_iter().skip(skip).collect();
    frame.render_widget(Paragraph::new(visible).block(block), slot_area);

    if let Some(log_area) = left.log.or(right.log) {
        draw_log(frame, state, ui.log_scroll, log_area);
    }
    if let Some(history_area) = plan.history {
        draw_history(frame, state, history_area);
    }
    true
}

/// The cursor, the selected piece's square and the squares its options reach.
fn marks(state: &GameState, ui: &Ui) -> Marks {
    let selected = ui.selected.and_then(|id| state.view.pieces.get(&id));
    Marks {
        cursor: Some(ui.cursor),
        selected: selected.and_then(|piece| piece.square),
        targets: ui
            .selected
            .map(|piece| targets(state, piece))
            .unwrap_or_default(),
        last_move: state.last_move_squares(),
    }
}

fn titled(title: &str, focused: bool) -> Block<'static> {
    let style = if focused {
        Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
    } else {
        Style::new().fg(Color::Gray)
    };
    Block::new()
        .borders(Borders::ALL)
        .border_style(style)
        .title(Span::styled(format!(" {} ", shown(title)), style))
}

fn paragraph(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line<'static>>, focused: bool) {
    frame.render_widget(
        Paragraph::new(printable(lines))
            .block(titled(title, focused))
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// `text` wrapped to `width`, its first row numbered with `seq` in the
/// left five columns, the rest indented under it.
fn numbered_rows(rows: &mut Vec<Line<'static>>, seq: u64, text: &str, width: usize) {
    for (at, piece) in panels::wrap(text, width).into_iter().enumerate() {
        let number = if at == 0 {
            format!("{seq:>4} ")
        } else {
            "     ".to_string()
        };
        rows.push(Line::from(vec![
            Span::styled(number, Style::new().fg(Color::DarkGray)),
            Span::raw(piece),
        ]));
    }
}

/// The log's newest lines (or older ones, scrolled back), wrapped by hand
/// so the tail is known before drawing.
fn draw_log(frame: &mut Frame, state: &GameState, scroll: usize, area: Rect) {
    let title = if scroll > 0 {
        format!("Log (scrolled back {scroll}; PgDn)")
    } else {
        "Log".to_string()
    };
    let block = titled(&title, false);
    let inner = block.inner(area);
    let width = usize::from(inner.width).saturating_sub(5).max(10);
    let mut rows: Vec<Line> = Vec::new();
    let entries = state.log.len().saturating_sub(scroll);
    for entry in &state.log[..entries] {
        numbered_rows(&mut rows, entry.seq, &shown(&entry.text), width);
    }
    let skip = rows.len().saturating_sub(usize::from(inner.height));
    let visible: Vec<Line> = rows.into_iter().skip(skip).collect();
    frame.render_widget(Paragraph::new(visible).block(block), area);
}

/// The match's moves, newest at the bottom: one entry per action, wrapped
/// to the column (the popup, `m`, gives each one line).
fn draw_history(frame: &mut Frame, state: &GameState, area: Rect) {
    let block = titled("Moves (m)", false);
    let inner = block.inner(area);
    let width = usize::from(inner.width).saturating_sub(5).max(10);
    let mut rows: Vec<Line> = Vec::new();
    for entry in history::moves(state) {
        let text = if entry.who.is_empty() {
            entry.what
        } else {
            format!("{}: {}", entry.who, entry.what)
        };
        numbered_rows(&mut rows, entry.seq, &text, width);
    }
    if rows.is_empty() {
        rows.push(Line::from(Span::styled(
            "no moves seen yet",
            Style::new().fg(Color::DarkGray),
        )));
    }
    let skip = rows.len().saturating_sub(usize::from(inner.height));
    let visible: Vec<Line> = rows.into_iter().skip(skip).collect();
    frame.render_widget(Paragraph::new(printable(visible)).block(block), area);
}

/// Every move of the match in a popup, one line each, the newest at the
/// bottom, scrolled back `back`.
pub fn history_popup(frame: &mut Frame, state: &GameState, back: usize) {
    let width = usize::from(frame.area().width.saturating_sub(8)).max(20);
    let moves = history::moves(state);
    let mut lines: Vec<Line> = moves
        .iter()
        .map(|entry| Line::from(history::line(entry, width)))
        .collect();
    if lines.is_empty() {
        lines.push(Line::from("nothing has happened yet"));
    }
    let keep = lines.len().saturating_sub(1 + back);
    let title = "Moves · ↑↓ PgUp PgDn scroll · any other key closes";
    popup(frame, title, lines, Some(keep));
}

/// `lines` with every span's text escaped (see `shown`): whatever built
/// them, the server's text in them reaches the terminal only through here
/// (and the board's glyphs).
fn printable(lines: Vec<Line<'static>>) -> Vec<Line<'static>> {
    lines.into_iter().map(printable_line).collect()
}

fn printable_line(mut line: Line<'static>) -> Line<'static> {
    for span in &mut line.spans {
        if let Cow::Owned(escaped) = shown(&span.content) {
            span.content = Cow::Owned(escaped);
        }
    }
    line
}

/// Where on the screen a pop-up stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// Just under the header line.
    Top,
    Middle,
    /// Just over the status line.
    Bottom,
}

/// A box in the middle of the screen, with its title; `keep` is the line
/// that must stay in view when not all fit.
pub fn popup(frame: &mut Frame, title: &str, lines: Vec<Line<'static>>, keep: Option<usize>) {
    popup_at(frame, title, lines, keep, Anchor::Middle);
}

/// [`popup`], standing where `anchor` says.
pub fn popup_at(
    frame: &mut Frame,
    title: &str,
    lines: Vec<Line<'static>>,
    keep: Option<usize>,
    anchor: Anchor,
) {
    let lines = printable(lines);
    let area = frame.area();
    let longest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let width = (longest.max(title.len() as u16) + 4).min(area.width.saturating_sub(4));
    let height = (lines.len() as u16 + 2).min(area.height.saturating_sub(4));
    let room = area.height.saturating_sub(height);
    let rect = Rect {
        x: area.x + (area.width.saturating_sub(width)) / 2,
        y: area.y
            + match anchor {
                Anchor::Top => room.min(1),
                Anchor::Middle => room / 2,
                Anchor::Bottom => room.saturating_sub(1),
            },
        width,
        height,
    };
    let skip = keep
        .map(|keep| (keep + 1).saturating_sub(usize::from(height.saturating_sub(2))))
        .unwrap_or(0);
    let visible: Vec<Line> = lines.into_iter().skip(skip).collect();
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(visible)
            .block(titled(title, true))
            .alignment(Alignment::Left),
        rect,
    );
}
