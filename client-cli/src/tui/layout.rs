//! Where each panel goes for a screen size. Three layouts, the largest that
//! fits:
//!
//! - wide (87×26 and up for an 8×8 board): the board with a row between
//!   ranks, and roomy panels beside it;
//! - wide with history (117 columns and up): the same, and the match's moves
//!   in a column of their own on the right;
//! - compact (80×24, the classic terminal): the board without the rows
//!   between ranks, the log under it in place of the dice (the log tells
//!   the rolls too), turn, piece and options beside it; the history is a
//!   popup (`m`) in every layout.
//!
//! Smaller than compact, the screen asks to be enlarged.

use ratatui::layout::{Constraint, Layout, Rect};

/// Columns the right-hand panels need in the wide layouts.
const SIDE_WIDE: u16 = 40;
/// Columns the right-hand panels need in the compact layout: an option's
/// notation and the start of its words.
const SIDE_COMPACT: u16 = 30;
/// ... beside a board of fine cells, whose 24 files then fit 80 columns.
const SIDE_FINE: u16 = 27;
/// Columns the history column takes at least beside the wide layout; it
/// grows with the screen, up to as wide as the panels beside the board.
const HISTORY: u16 = 30;
/// Rows the right-hand panels need in the wide layout: turn, piece,
/// options and log.
const SIDE_ROWS_WIDE: u16 = 24;
/// ... and in the compact one.
const SIDE_ROWS_COMPACT: u16 = 16;
/// Rows of the compact layout's log at least (a border and three lines).
const LOG_ROWS_COMPACT: u16 = 5;
/// Rows of the dice panel at least (a border and a roll).
const DICE_ROWS: u16 = 3;
const PIECE_ROWS_WIDE: u16 = 8;
const PIECE_ROWS_COMPACT: u16 = 5;

/// What the board needs: columns, and rows with and without the rows
/// between ranks (coordinates included, border not), and the legend's rows
/// under it.
#[derive(Debug, Clone, Copy)]
pub struct Needs {
    pub header_rows: u16,
    pub board_cols: u16,
    pub spaced_rows: u16,
    pub dense_rows: u16,
    pub legend_rows: u16,
    /// Lines of the pieces waiting off the board; 0 when there are none.
    pub waiting_rows: u16,
    /// A board of fine cells (the battle map): `dense_rows` are then the
    /// fewest it shows, scrolled, when not all its ranks fit.
    pub fine: bool,
}

/// The layout chosen for a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub header: Rect,
    pub status: Rect,
    /// The board's column: the board box, then dice (or log) and waiting
    /// pieces.
    pub left: Rect,
    /// Turn, piece, options (or event) and, in the wide layouts, log.
    pub right: Rect,
    /// The moves, when there is room for a column of them.
    pub history: Option<Rect>,
    /// The board without rows between ranks.
    pub dense: bool,
    /// Rows of the legend that fit under the board.
    pub legend_rows: u16,
    /// Rows of the compact layout's panel of pieces off the board.
    pub waiting_rows: u16,
}

impl Plan {
    pub fn compact(&self) -> bool {
        self.dense
    }
}

/// The largest layout that fits `area`, else the smallest size that would.
pub fn plan(area: Rect, needs: Needs) -> Result<Plan, (u16, u16)> {
    let frame = needs.header_rows + 1;
    let left_cols = needs.board_cols + 2;
    let spaced_left = needs.spaced_rows + 2 + needs.legend_rows + DICE_ROWS;
    let wide_rows = frame + spaced_left.max(SIDE_ROWS_WIDE);
    if area.width >= left_cols + SIDE_WIDE && area.height >= wide_rows {
        let history = area.width >= left_cols + SIDE_WIDE + HISTORY;
        return Ok(split(area, needs, false, needs.legend_rows, history));
    }
    // The compact board keeps at least the owners' line of its legend; the
    // terrain's letters (then the units) follow as far as the rows allow.
    let compact_cols = left_cols + if needs.fine { SIDE_FINE } else { SIDE_COMPACT };
    let compact_rows = |waiting: u16| {
        let left = needs.dense_rows + 2 + waiting + LOG_ROWS_COMPACT + needs.legend_rows.min(1);
        frame + left.max(SIDE_ROWS_COMPACT)
    };
    // The pieces off the board get their panel if it fits; else the
    // screen does without it rather than ask to be enlarged.
    let waiting = compact_waiting(needs.waiting_rows);
    let waiting = if area.height >= compact_rows(waiting) {
        waiting
    } else {
        0
    };
    if area.width >= compact_cols && area.height >= compact_rows(waiting) {
        let spare = area.height - compact_rows(waiting) + needs.legend_rows.min(1);
        // A scrolled board of fine cells takes the rows before the legend
        // does, past its owners' and terrain's lines: more of the map beats
        // naming the units again (the square panel names them).
        let legend_rows = if needs.fine {
            needs.legend_rows.min(2)
        } else {
            needs.legend_rows.min(spare)
        };
        let mut plan = split(area, needs, true, legend_rows, false);
        plan.waiting_rows = waiting;
        return Ok(plan);
    }
    Err((compact_cols, compact_rows(0)))
}

fn split(area: Rect, needs: Needs, dense: bool, legend_rows: u16, history: bool) -> Plan {
    let [header, body, status] = Layout::vertical([
        Constraint::Length(needs.header_rows),
        Constraint::Min(0),
        Constraint::Length(1),
    ])
    .areas(area);
    let [left, right, history_area] = Layout::horizontal([
        Constraint::Length(needs.board_cols + 2),
        Constraint::Min(0),
        Constraint::Length(if history {
            (body.width.saturating_sub(needs.board_cols + 2) / 2).max(HISTORY)
        } else {
            0
        }),
    ])
    .areas(body);
    Plan {
        header,
        status,
        left,
        right,
        history: history.then_some(history_area),
        dense,
        legend_rows,
        waiting_rows: 0,
    }
}

/// The rows the compact layout leaves the board in the left column, with
/// its coordinates and without its border and legend.
pub fn compact_board_rows(plan: &Plan) -> u16 {
    plan.left
        .height
        .saturating_sub(2 + plan.legend_rows + plan.waiting_rows + LOG_ROWS_COMPACT)
}

/// The board's column, from the top.
pub struct Left {
    /// The board and its legend, in a border.
    pub board: Rect,
    /// The wide layouts' dice.
    pub dice: Option<Rect>,
    /// The pieces off the board; no rows while there are none.
    pub waiting: Rect,
    /// The compact layout's log.
    pub log: Option<Rect>,
}

/// The board's column: the board box (board and legend), the dice (the log
/// when compact), and the pieces off the board while there are any.
pub fn left(plan: &Plan, board_rows: u16, dice_rows: u16, waiting_rows: u16) -> Left {
    // In the compact layout the plan has decided the waiting panel's rows.
    let board = Constraint::Length(board_rows + 2 + plan.legend_rows);
    if plan.compact() {
        let waiting = plan.waiting_rows;
        let [board, waiting, log] =
            Layout::vertical([board, Constraint::Length(waiting), Constraint::Min(0)])
                .areas(plan.left);
        return Left {
            board,
            dice: None,
            waiting,
            log: Some(log),
        };
    }
    // The pieces waiting off the board get a panel only while there are any.
    let (dice, waiting) = if waiting_rows > 0 {
        let rows = (dice_rows + 2).clamp(DICE_ROWS, 12);
        (Constraint::Length(rows), Constraint::Min(0))
    } else {
        (Constraint::Min(0), Constraint::Length(0))
    };
    let [board, dice, waiting] = Layout::vertical([board, dice, waiting]).areas(plan.left);
    Left {
        board,
        dice: Some(dice),
        waiting,
        log: None,
    }
}

/// The rows of the compact layout's panel of pieces off the board: two
/// lines at most (they wrap), none while there are none.
fn compact_waiting(lines: u16) -> u16 {
    if lines == 0 { 0 } else { (lines + 2).min(4) }
}

/// The right-hand column, from the top.
pub struct Right {
    pub turn: Rect,
    pub piece: Rect,
    /// The options (or the replayed event).
    pub slot: Rect,
    /// The wide layouts' log.
    pub log: Option<Rect>,
}

/// The right-hand column: turn (`turn_rows` inside its border), piece,
/// options (or event), and the log unless it went left.
pub fn right(plan: &Plan, turn_rows: u16) -> Right {
    let piece = if plan.compact() {
        PIECE_ROWS_COMPACT
    } else {
        PIECE_ROWS_WIDE
    };
    let [turn, piece, rest] = Layout::vertical([
        Constraint::Length(turn_rows + 2),
        Constraint::Length(piece),
        Constraint::Min(0),
    ])
    .areas(plan.right);
    if plan.compact() {
        return Right {
            turn,
            piece,
            slot: rest,
            log: None,
        };
    }
    let [slot, log] =
        Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(rest);
    Right {
        turn,
        piece,
        slot,
        log: Some(log),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An 8×8 board with a two-line legend under a one-line header.
    fn eight() -> Needs {
        Needs {
            header_rows: 1,
            board_cols: 45,
            spaced_rows: 17,
            dense_rows: 10,
            legend_rows: 2,
            waiting_rows: 0,
            fine: false,
        }
    }

    fn screen(width: u16, height: u16) -> Result<Plan, (u16, u16)> {
        plan(Rect::new(0, 0, width, height), eight())
    }

    #[test]
    fn the_classic_terminal_gets_the_compact_layout() {
        let plan = screen(80, 24).expect("80×24 fits");
        assert!(plan.dense);
        assert_eq!(plan.history, None);
        assert_eq!(plan.left.width, 47);
        assert_eq!(plan.right.width, 33);
        assert_eq!(plan.legend_rows, 2);
    }

    #[test]
    fn larger_screens_get_room_and_then_the_history() {
        let plan = screen(90, 30).unwrap();
        assert!(!plan.dense);
        assert_eq!(plan.history, None);
        let plan = screen(120, 40).unwrap();
        assert!(!plan.dense);
        assert_eq!(plan.history.map(|h| h.width), Some(36));
        assert_eq!(plan.right.width, 120 - 47 - 36);
    }

    #[test]
    fn a_legend_too_long_for_a_small_screen_is_cut() {
        let needs = Needs {
            legend_rows: 9,
            ..eight()
        };
        let plan = plan(Rect::new(0, 0, 80, 24), needs).unwrap();
        assert_eq!(plan.legend_rows, 24 - 2 - 10 - 2 - LOG_ROWS_COMPACT);
        let waiting = Needs {
            waiting_rows: 2,
            ..needs
        };
        let plan = super::plan(Rect::new(0, 0, 80, 24), waiting).unwrap();
        assert_eq!(
            plan.legend_rows,
            24 - 2 - 10 - 2 - 4 - LOG_ROWS_COMPACT,
            "the pieces off the board take their rows from the legend, not the log"
        );
        let tall = Needs {
            header_rows: 2,
            legend_rows: 1,
            ..waiting
        };
        let plan = super::plan(Rect::new(0, 0, 80, 24), tall).unwrap();
        assert_eq!(plan.waiting_rows, 0, "no room: no panel, but still a game");
    }

    #[test]
    fn smaller_than_compact_asks_for_the_compact_size() {
        assert_eq!(screen(76, 24), Err((77, 20)));
        assert_eq!(screen(80, 19), Err((77, 20)));
        assert_eq!(screen(77, 20).map(|p| p.dense), Ok(true));
    }
}
