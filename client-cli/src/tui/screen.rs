//! The screen's layout, shared by a live match and a replay: header, board
//! and legend, dice and waiting pieces on the left; turn, piece, one panel
//! that differs (options, or the replayed event) and the log on the right;
//! a status line at the bottom; a popup over it all.

use std::borrow::Cow;

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::cells::Cells;
use crate::game_state::GameState;
use crate::shown::shown;
use crate::tui::board::{self, Legend, Marks};
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

/// Columns the right-hand panels need to be of any use.
const SIDE_MIN: u16 = 40;
/// Rows the right-hand panels need: turn, piece, options and log.
const SIDE_ROWS: u16 = 24;
const PIECE_ROWS: u16 = 8;

/// The smallest screen the game can be drawn on, for this board.
pub fn min_size(state: &GameState, header_rows: u16) -> (u16, u16) {
    let (width, height) = board::size(&state.view);
    let left_rows = height + 2 + 2 + 3;
    (
        width + 2 + SIDE_MIN,
        left_rows.max(SIDE_ROWS) + header_rows + 1,
    )
}

/// Draws the whole game; false (with a request to enlarge) when the screen
/// is too small to hold it.
pub fn draw_game(
    frame: &mut Frame,
    state: &GameState,
    ui: &Ui,
    header: Vec<Line<'static>>,
    slot: Slot,
    status: Line<'static>,
) -> bool {
    let area = frame.area();
    let header_rows = header.len() as u16;
    let (min_width, min_height) = min_size(state, header_rows);
    if area.width < min_width || area.height < min_height {
        let text = format!(
            "enlarge the terminal to at least {min_width}×{min_height} (it is {}×{})",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return false;
    }
    let [top, body, bottom] = Layout::vertical([
        Constraint::Length(header_rows),
        Constraint::Min(0),
        Constraint::Length(1),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(printable(header)), top);
    frame.render_widget(Paragraph::new(printable_line(status)), bottom);

    let (board_width, board_height) = board::size(&state.view);
    let cells = Cells::new(&state.view, state.me);
    let legend = Legend::of(&cells);
    let mut legend_lines = vec![panels::owners(state, &cells)];
    legend_lines.extend(legend.lines(board_width));
    let legend_lines = printable(legend_lines);
    let [left, right] =
        Layout::horizontal([Constraint::Length(board_width + 2), Constraint::Min(0)]).areas(body);

    let dice = panels::dice(state, usize::from(board_width));
    let waiting = panels::off_board(state, &cells);
    // The pieces waiting off the board get a panel only while there are any.
    let (dice_rows, waiting_rows) = if waiting.is_empty() {
        (Constraint::Min(0), Constraint::Length(0))
    } else {
        let rows = (dice.len() as u16 + 2).clamp(3, 12);
        (Constraint::Length(rows), Constraint::Min(0))
    };
    let [board_area, dice_area, waiting_area] = Layout::vertical([
        Constraint::Length(board_height + 2 + legend_lines.len() as u16),
        dice_rows,
        waiting_rows,
    ])
    .areas(left);
    let block = titled("Board", false);
    let inner = block.inner(board_area);
    frame.render_widget(block, board_area);
    let marks = marks(state, ui);
    board::draw(
        &cells,
        &state.view,
        &marks,
        &legend,
        inner,
        frame.buffer_mut(),
    );
    let legend_area = Rect {
        y: inner.y + board_height,
        height: inner.height.saturating_sub(board_height),
        ..inner
    };
    frame.render_widget(Paragraph::new(legend_lines), legend_area);
    paragraph(frame, dice_area, "Dice", dice, false);
    if !waiting.is_empty() && waiting_area.height >= 3 {
        paragraph(frame, waiting_area, "Off the board", waiting, false);
    }

    let turn = panels::turn(state);
    let [turn_area, piece_area, rest] = Layout::vertical([
        Constraint::Length(turn.len() as u16 + 2),
        Constraint::Length(PIECE_ROWS),
        Constraint::Min(0),
    ])
    .areas(right);
    let [slot_area, log_area] =
        Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(rest);
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

    draw_log(frame, state, ui.log_scroll, log_area);
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
        for (at, piece) in panels::wrap(&shown(&entry.text), width)
            .into_iter()
            .enumerate()
        {
            let number = if at == 0 {
                format!("{:>4} ", entry.seq)
            } else {
                "     ".to_string()
            };
            rows.push(Line::from(vec![
                Span::styled(number, Style::new().fg(Color::DarkGray)),
                Span::raw(piece),
            ]));
        }
    }
    let skip = rows.len().saturating_sub(usize::from(inner.height));
    let visible: Vec<Line> = rows.into_iter().skip(skip).collect();
    frame.render_widget(Paragraph::new(visible).block(block), area);
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

/// A box of `width`×`height` in the middle of `area`, with its title.
pub fn popup(frame: &mut Frame, title: &str, lines: Vec<Line<'static>>, keep: Option<usize>) {
    let lines = printable(lines);
    let area = frame.area();
    let longest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let width = (longest.max(title.len() as u16) + 4).min(area.width.saturating_sub(4));
    let height = (lines.len() as u16 + 2).min(area.height.saturating_sub(4));
    let rect = Rect {
        x: area.x + (area.width.saturating_sub(width)) / 2,
        y: area.y + (area.height.saturating_sub(height)) / 2,
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
