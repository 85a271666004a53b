//! The board: squares in a grid with file letters and rank numbers on the
//! edges, each square's text as `cells` has it (the owner's mark, the
//! glyph, the terrain's letter), with colour on top: pieces in their
//! owner's colour, terrain as backgrounds. What must read without colour
//! does: the last move in reverse video, the selected piece's targets
//! underlined (and dotted when empty), walls and the cursor's brackets on
//! the cells' edges.
//!
//! Each square is 4 columns wide, with one column (and, between ranks, one
//! row) of edge in between: the edges are where walls and the cursor's
//! brackets go. A dense board (for a screen of 24 rows) leaves out the rows
//! between ranks; a wall between two ranks then underlines the upper square.
//!
//! A board of fine cells (`cells::fine`, the 24×24 battle map) is always
//! dense, two columns a square with no edges and its rank numbers on the
//! left only: 51 columns for 24 files. The cursor's square is then marked
//! by arrows at its rank and file in the margins (and a yellow
//! background), and a wall underlines the squares on both sides. When its
//! ranks do not all fit, the board shows those around the cursor, with
//! `▲` or `▼` in the corner where more lie beyond.

use std::collections::{BTreeMap, BTreeSet};

use fray_protocol::{Seat, Square, View};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::cells::{self, Cells};
use crate::shown::shown;

/// A square's inside, in columns.
const CELL: u16 = 4;
/// From one square to the next: the inside and one edge.
const STRIDE: u16 = CELL + 1;
/// The rank numbers' margin on either side.
const MARGIN: u16 = 3;

/// Seat colours, by seat; chosen to read on the dark squares and terrain.
pub const SEAT_COLOURS: [Color; 4] = [
    Color::LightCyan,
    Color::LightRed,
    Color::LightGreen,
    Color::LightMagenta,
];

/// Square backgrounds without terrain, dark and light like a chessboard.
const DARK: Color = Color::Indexed(236);
const LIGHT: Color = Color::Indexed(239);
/// Terrain backgrounds, given out in the order of the terrain's names.
const TERRAIN_COLOURS: [Color; 16] = [
    Color::Indexed(22),
    Color::Indexed(94),
    Color::Indexed(24),
    Color::Indexed(58),
    Color::Indexed(53),
    Color::Indexed(130),
    Color::Indexed(23),
    Color::Indexed(88),
    Color::Indexed(100),
    Color::Indexed(60),
    Color::Indexed(95),
    Color::Indexed(66),
    Color::Indexed(17),
    Color::Indexed(52),
    Color::Indexed(136),
    Color::Indexed(29),
];
pub const SELECTED_BG: Color = Color::Indexed(25);
pub const TARGET_BG: Color = Color::Indexed(28);
pub const CURSOR_FG: Color = Color::Yellow;
const WALL_FG: Color = Color::White;
const TERRAIN_FG: Color = Color::Gray;

pub fn seat_colour(seat: Seat) -> Color {
    SEAT_COLOURS[usize::from(seat.0) % SEAT_COLOURS.len()]
}

/// What the board shows besides the view.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    pub cursor: Option<Square>,
    pub selected: Option<Square>,
    pub targets: BTreeSet<Square>,
    /// The squares the last move left and reached.
    pub last_move: BTreeSet<Square>,
}

/// Every terrain in the view with its letter and colour, by name.
pub struct Legend {
    entries: BTreeMap<String, (char, Color)>,
}

impl Legend {
    pub fn of(cells: &Cells) -> Legend {
        let entries = cells
            .letters
            .iter()
            .enumerate()
            .map(|(index, (name, letter))| {
                let colour = TERRAIN_COLOURS[index % TERRAIN_COLOURS.len()];
                (name.clone(), (*letter, colour))
            })
            .collect();
        Legend { entries }
    }

    fn colour(&self, terrain: &str) -> Option<Color> {
        self.entries.get(terrain).map(|(_, colour)| *colour)
    }

    /// The legend as lines of at most `width` columns: "f forests  h hills".
    pub fn lines(&self, width: u16) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        let mut line: Vec<Span<'static>> = Vec::new();
        let mut used = 0usize;
        for (name, (letter, colour)) in &self.entries {
            let name = shown(name);
            let entry = name.chars().count() + 4;
            if used > 0 && used + entry > usize::from(width) {
                lines.push(Line::from(std::mem::take(&mut line)));
                used = 0;
            }
            line.push(Span::styled(
                format!(" {letter} "),
                Style::new().bg(*colour),
            ));
            line.push(Span::raw(format!("{name} ")));
            used += entry;
        }
        if !line.is_empty() {
            lines.push(Line::from(line));
        }
        lines
    }
}

/// A fine cell's columns: the mark and the glyph, no edge.
const FINE_CELL: u16 = 2;

/// How the board's squares sit in the terminal.
#[derive(Debug, Clone, Copy)]
struct Grid {
    cell: u16,
    stride: u16,
    fine: bool,
    dense: bool,
    /// The highest rank drawn, and how many are drawn down from it.
    top: u8,
    ranks: u8,
}

impl Grid {
    /// Every rank of the board.
    fn new(view: &View, dense: bool) -> Grid {
        let fine = cells::fine(view);
        Grid {
            cell: if fine { FINE_CELL } else { CELL },
            stride: if fine { FINE_CELL } else { STRIDE },
            fine,
            dense: dense || fine,
            top: view.height.saturating_sub(1),
            ranks: view.height,
        }
    }

    /// Only `ranks` ranks of a dense board, as near the middle of them as
    /// the board allows `around`.
    fn showing(mut self, view: &View, ranks: u8, around: Option<Square>) -> Grid {
        if !self.dense || ranks >= view.height || ranks == 0 {
            return self;
        }
        let centre = around.map_or(ranks / 2, |square| square.rank);
        let top = (u16::from(centre) + u16::from(ranks / 2))
            .clamp(u16::from(ranks) - 1, u16::from(view.height) - 1);
        self.top = top as u8;
        self.ranks = ranks;
        self
    }

    fn shows(&self, rank: u8) -> bool {
        rank <= self.top && self.top - rank < self.ranks
    }

    /// Where a square's inside starts, for a board drawn at `area`; none for
    /// a rank not shown.
    fn origin(&self, area: Rect, square: Square) -> Option<(u16, u16)> {
        if !self.shows(square.rank) {
            return None;
        }
        let row_from_top = u16::from(self.top - square.rank);
        let rows_per_rank = if self.dense { 1 } else { 2 };
        Some((
            area.x + MARGIN + u16::from(square.file) * self.stride,
            area.y + 1 + rows_per_rank * row_from_top,
        ))
    }

    /// Columns and rows, coordinates included.
    fn size(&self, view: &View) -> (u16, u16) {
        let (w, h) = (u16::from(view.width), u16::from(self.ranks));
        let ranks = if self.dense {
            h
        } else {
            (2 * h).saturating_sub(1)
        };
        let cols = if self.fine {
            MARGIN + w * self.stride
        } else {
            2 * MARGIN + (w * self.stride).saturating_sub(1)
        };
        (cols, 2 + ranks)
    }
}

/// The whole board's size in columns and rows, coordinates included.
pub fn size(view: &View, dense: bool) -> (u16, u16) {
    Grid::new(view, dense).size(view)
}

/// The fewest ranks a board shows when they do not all fit.
pub const FEWEST_RANKS: u8 = 8;

/// The rows of a board that shows at most `ranks` of its ranks, coordinates
/// included; only a board of fine cells shows fewer than all.
pub fn rows_showing(view: &View, dense: bool, ranks: u8) -> u16 {
    let grid = Grid::new(view, dense);
    if grid.fine {
        grid.showing(view, ranks, None).size(view).1
    } else {
        grid.size(view).1
    }
}

/// Draws the board into `buf` with its top-left corner at `area`'s; what
/// does not fit is cut off (the caller checks the size first).
/// `rows` is the rows the board may take: a board of fine cells shows as
/// many ranks as fit, around the cursor.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    cells: &Cells,
    view: &View,
    marks: &Marks,
    legend: &Legend,
    dense: bool,
    rows: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    let mut grid = Grid::new(view, dense);
    if grid.fine {
        let ranks = u8::try_from(rows.saturating_sub(2)).unwrap_or(u8::MAX);
        grid = grid.showing(view, ranks, marks.cursor);
    }
    let clip = area.intersection(buf.area);
    let mut put = |x: u16, y: u16, text: &str, style: Style| {
        for (x, ch) in (x..).zip(text.chars()) {
            if clip.contains((x, y).into()) {
                buf[(x, y)].set_char(ch).set_style(style);
            }
        }
    };
    let label = Style::new().fg(Color::Gray);
    let (width, height) = grid.size(view);
    for file in 0..view.width {
        let letter = file_label(file);
        let x = area.x + MARGIN + u16::from(file) * grid.stride + 1;
        put(x, area.y, &letter, label);
        put(x, area.y + height - 1, &letter, label);
    }
    for rank in 0..view.height {
        let Some((_, y)) = grid.origin(area, Square::new(0, rank)) else {
            continue;
        };
        let number = (u32::from(rank) + 1).to_string();
        put(area.x, y, &format!("{number:>2}"), label);
        if !grid.fine {
            put(area.x + width - 2, y, &number, label);
        }
    }
    if grid.top + 1 < view.height {
        put(area.x, area.y, "▲", label);
    }
    if grid.top + 1 > grid.ranks {
        put(area.x, area.y + height - 1, "▼", label);
    }
    for file in 0..view.width {
        for rank in 0..view.height {
            let square = Square::new(file, rank);
            let Some((x, y)) = grid.origin(area, square) else {
                continue;
            };
            let terrain = view.terrain.get(&square).and_then(|t| legend.colour(t));
            let target = marks.targets.contains(&square);
            let bg = if marks.selected == Some(square) {
                SELECTED_BG
            } else if target {
                TARGET_BG
            } else if let Some(colour) = terrain {
                colour
            } else if (file + rank) % 2 == 0 {
                DARK
            } else {
                LIGHT
            };
            let mut base = Style::new().bg(bg);
            if marks.last_move.contains(&square) {
                base = base.add_modifier(Modifier::REVERSED);
            }
            if target {
                base = base.add_modifier(Modifier::UNDERLINED);
            }
            if grid.fine {
                draw_fine_cell(
                    cells,
                    square,
                    base,
                    marks.cursor == Some(square),
                    target,
                    |text, style| put(x, y, text, style),
                );
                continue;
            }
            let cell = cells.cell(square);
            let corner = Style::new().fg(TERRAIN_FG);
            match cells.occupants(square).first() {
                Some(occupant) => {
                    let mut style = base.fg(seat_colour(occupant.piece.owner));
                    // A Large body's other squares are drawn lighter than
                    // the main space it moves and attacks from.
                    style = style.add_modifier(if occupant.main {
                        Modifier::BOLD
                    } else {
                        Modifier::DIM
                    });
                    put(x, y, &cell.piece, style);
                    let stacked = cells.occupants(square).len() > 1;
                    let corner = if stacked { style } else { base.patch(corner) };
                    put(x + CELL - 1, y, &cell.corner.to_string(), corner);
                }
                None => {
                    let inside = if target { " · " } else { "   " };
                    put(x, y, inside, base.fg(TERRAIN_FG));
                    put(
                        x + CELL - 1,
                        y,
                        &cell.corner.to_string(),
                        base.patch(corner),
                    );
                }
            }
        }
    }
    let wall = Style::new().fg(WALL_FG).add_modifier(Modifier::BOLD);
    let mut underlined = Vec::new();
    for w in &view.walls {
        let [a, b] = w.between;
        let [upright, across] = wall_lines(&w.kind);
        if grid.fine {
            // No edge to draw on: both squares are underlined.
            underlined.extend([a, b].iter().filter_map(|&s| grid.origin(area, s)));
        } else if a.rank == b.rank && a.file.abs_diff(b.file) == 1 {
            let left = if a.file < b.file { a } else { b };
            if let Some((x, y)) = grid.origin(area, left) {
                put(x + CELL, y, upright, wall);
            }
        } else if a.file == b.file && a.rank.abs_diff(b.rank) == 1 {
            let upper = if a.rank > b.rank { a } else { b };
            if let Some((x, y)) = grid.origin(area, upper) {
                if grid.dense {
                    underlined.push((x, y));
                } else {
                    put(x, y + 1, &across.repeat(usize::from(CELL)), wall);
                }
            }
        }
    }
    let cursor = marks
        .cursor
        .filter(|s| s.file < view.width && s.rank < view.height)
        .and_then(|s| grid.origin(area, s));
    if let Some((x, y)) = cursor {
        let style = Style::new().fg(CURSOR_FG).add_modifier(Modifier::BOLD);
        if grid.fine {
            // The rank's number and the file's letter are pointed at.
            put(area.x + MARGIN - 1, y, "▸", style);
            put(x, area.y, "▾", style);
        } else {
            put(x - 1, y, "[", style);
            put(x + CELL, y, "]", style);
        }
    }
    for (x, y) in underlined {
        underline(buf, clip, x, y, grid.cell);
    }
}

/// A fine cell: the mark and the glyph in the owner's colour, or the
/// terrain's letter twice (a dot on an empty target); the cursor's square
/// on yellow.
fn draw_fine_cell(
    cells: &Cells,
    square: Square,
    base: Style,
    cursor: bool,
    target: bool,
    mut put: impl FnMut(&str, Style),
) {
    let base = if cursor { base.bg(CURSOR_FG) } else { base };
    let [mark, glyph] = cells.fine_cell(square);
    match cells.occupants(square).first() {
        Some(occupant) => {
            let style = base
                .fg(if cursor {
                    Color::Black
                } else {
                    seat_colour(occupant.piece.owner)
                })
                .add_modifier(if occupant.main {
                    Modifier::BOLD
                } else {
                    Modifier::DIM
                });
            put(&format!("{mark}{glyph}"), style);
        }
        None => {
            let fg = if cursor { Color::Black } else { TERRAIN_FG };
            let text = if glyph == ' ' && target {
                " ·".to_string()
            } else {
                format!("{mark}{glyph}")
            };
            put(&text, base.fg(fg));
        }
    }
}

pub fn file_label(file: u8) -> String {
    if file < 26 {
        char::from(b'a' + file).to_string()
    } else {
        (u32::from(file) + 1).to_string()
    }
}

/// How a wall of `kind` is drawn on an edge between files and on one
/// between ranks: a double wall (any kind whose name says "double", such as
/// Action Chess Faction Chess's `double-wall`) in double lines, any other
/// in heavy ones.
pub fn wall_lines(kind: &str) -> [&'static str; 2] {
    if kind.to_lowercase().contains("double") {
        ["║", "═"]
    } else {
        ["┃", "━"]
    }
}

/// A wall under a square of a dense board, where no row is left for it.
fn underline(buf: &mut Buffer, clip: Rect, x: u16, y: u16, cell: u16) {
    for x in x..x + cell {
        if clip.contains((x, y).into()) {
            let cell = &mut buf[(x, y)];
            cell.set_style(cell.style().add_modifier(Modifier::UNDERLINED));
        }
    }
}

/// Where a square's inside is drawn (its first column).
#[cfg(test)]
pub fn cell_position(view: &View, area: Rect, square: Square, dense: bool) -> (u16, u16) {
    Grid::new(view, dense)
        .origin(area, square)
        .expect("every rank is shown")
}
