//! The board: squares in a grid with file letters and rank numbers on the
//! edges, terrain as background colours with a legend, walls on the cells'
//! edges, pieces by owner's colour with their glyph, stacks with a count.
//!
//! Each square is 4 columns wide, with one column (and, between ranks, one
//! row) of edge in between: the edges are where walls and the cursor's
//! brackets go, so both show in plain text as well as in colour.

use std::collections::{BTreeMap, BTreeSet};

use fray_protocol::{PieceView, Seat, Square, View};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

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

pub fn seat_colour(seat: Seat) -> Color {
    SEAT_COLOURS[usize::from(seat.0) % SEAT_COLOURS.len()]
}

/// What the board shows besides the view.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    pub cursor: Option<Square>,
    pub selected: Option<Square>,
    pub targets: BTreeSet<Square>,
}

/// Every terrain in the view with its letter and colour, by name.
pub struct Legend {
    entries: BTreeMap<String, (char, Color)>,
}

impl Legend {
    pub fn of(view: &View) -> Legend {
        let names: BTreeSet<&String> = view.terrain.values().collect();
        let mut used = BTreeSet::new();
        let mut entries = BTreeMap::new();
        for (index, name) in names.into_iter().enumerate() {
            let letter = letter_for(name, &used);
            used.insert(letter);
            let colour = TERRAIN_COLOURS[index % TERRAIN_COLOURS.len()];
            entries.insert(name.clone(), (letter, colour));
        }
        Legend { entries }
    }

    fn get(&self, terrain: &str) -> Option<(char, Color)> {
        self.entries.get(terrain).copied()
    }

    /// The legend as lines of at most `width` columns: "f forests  h hills".
    pub fn lines(&self, width: u16) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        let mut line: Vec<Span<'static>> = Vec::new();
        let mut used = 0usize;
        for (name, (letter, colour)) in &self.entries {
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

/// A letter people can tie to the name: its initial, else the initial in
/// capitals, else another of its letters, else a digit.
fn letter_for(name: &str, used: &BTreeSet<char>) -> char {
    let letters: Vec<char> = name.chars().filter(|c| c.is_alphanumeric()).collect();
    let first = letters.first().copied();
    let candidates = first
        .map(|c| c.to_ascii_lowercase())
        .into_iter()
        .chain(first.map(|c| c.to_ascii_uppercase()))
        .chain(letters.iter().map(|c| c.to_ascii_lowercase()))
        .chain('0'..='9');
    for candidate in candidates {
        if !used.contains(&candidate) {
            return candidate;
        }
    }
    '?'
}

/// The board's size in columns and rows, coordinates included.
pub fn size(view: &View) -> (u16, u16) {
    let (w, h) = (u16::from(view.width), u16::from(view.height));
    (
        2 * MARGIN + (w * STRIDE).saturating_sub(1),
        2 + (2 * h).saturating_sub(1),
    )
}

/// Where a square's inside starts, for a board drawn at `area`.
fn origin(view: &View, area: Rect, square: Square) -> (u16, u16) {
    let row_from_top = u16::from(view.height) - 1 - u16::from(square.rank);
    (
        area.x + MARGIN + u16::from(square.file) * STRIDE,
        area.y + 1 + 2 * row_from_top,
    )
}

/// Draws the board into `buf` with its top-left corner at `area`'s; what
/// does not fit is cut off (the caller checks the size first).
pub fn draw(view: &View, marks: &Marks, legend: &Legend, area: Rect, buf: &mut Buffer) {
    let clip = area.intersection(buf.area);
    let mut put = |x: u16, y: u16, text: &str, style: Style| {
        for (x, ch) in (x..).zip(text.chars()) {
            if clip.contains((x, y).into()) {
                buf[(x, y)].set_char(ch).set_style(style);
            }
        }
    };
    let label = Style::new().fg(Color::Gray);
    let (width, height) = size(view);
    for file in 0..view.width {
        let letter = file_label(file);
        let x = area.x + MARGIN + u16::from(file) * STRIDE + 1;
        put(x, area.y, &letter, label);
        put(x, area.y + height - 1, &letter, label);
    }
    for rank in 0..view.height {
        let (_, y) = origin(view, area, Square::new(0, rank));
        let number = (u32::from(rank) + 1).to_string();
        put(area.x, y, &format!("{number:>2}"), label);
        put(area.x + width - 2, y, &number, label);
    }
    let mut stacks: BTreeMap<Square, Vec<&PieceView>> = BTreeMap::new();
    for piece in view.pieces.values() {
        if let Some(square) = piece.square {
            stacks.entry(square).or_default().push(piece);
        }
    }
    for file in 0..view.width {
        for rank in 0..view.height {
            let square = Square::new(file, rank);
            let (x, y) = origin(view, area, square);
            let terrain = view.terrain.get(&square).and_then(|t| legend.get(t));
            let pieces = stacks.get(&square).map(Vec::as_slice).unwrap_or(&[]);
            let target = marks.targets.contains(&square);
            let bg = if marks.selected == Some(square) {
                SELECTED_BG
            } else if target {
                TARGET_BG
            } else if let Some((_, colour)) = terrain {
                colour
            } else if (file + rank) % 2 == 0 {
                DARK
            } else {
                LIGHT
            };
            let mut style = Style::new().bg(bg);
            let text = match pieces.first() {
                Some(first) => {
                    style = style
                        .fg(seat_colour(first.owner))
                        .add_modifier(Modifier::BOLD);
                    piece_text(&first.glyph, pieces.len())
                }
                None => {
                    style = style.fg(Color::Gray);
                    match terrain {
                        Some((letter, _)) => format!(" {letter}  "),
                        None if target => " ·  ".to_string(),
                        None => "    ".to_string(),
                    }
                }
            };
            put(x, y, &text, style);
        }
    }
    let wall = Style::new().fg(WALL_FG).add_modifier(Modifier::BOLD);
    for w in &view.walls {
        let [a, b] = w.between;
        if a.rank == b.rank && a.file.abs_diff(b.file) == 1 {
            let left = if a.file < b.file { a } else { b };
            let (x, y) = origin(view, area, left);
            put(x + CELL, y, "┃", wall);
        } else if a.file == b.file && a.rank.abs_diff(b.rank) == 1 {
            let upper = if a.rank > b.rank { a } else { b };
            let (x, y) = origin(view, area, upper);
            put(x, y + 1, "━━━━", wall);
        }
    }
    if let Some(cursor) = marks
        .cursor
        .filter(|s| s.file < view.width && s.rank < view.height)
    {
        let (x, y) = origin(view, area, cursor);
        let style = Style::new().fg(CURSOR_FG).add_modifier(Modifier::BOLD);
        put(x - 1, y, "[", style);
        put(x + CELL, y, "]", style);
    }
}

/// A square's inside: the glyph (escaped, as the server's text is
/// everywhere), and "×n" when several pieces share it.
fn piece_text(glyph: &str, count: usize) -> String {
    let glyph: String = shown(glyph).chars().take(2).collect();
    let stack = match count {
        0 | 1 => String::new(),
        2..=9 => format!("×{count}"),
        _ => "×+".to_string(),
    };
    let text = if glyph.chars().count() == 1 || stack.is_empty() {
        format!(" {glyph}{stack}")
    } else {
        format!("{glyph}{stack}")
    };
    format!("{text:<4}")
}

pub fn file_label(file: u8) -> String {
    if file < 26 {
        char::from(b'a' + file).to_string()
    } else {
        (u32::from(file) + 1).to_string()
    }
}

/// Where a square's inside is drawn (its first column).
#[cfg(test)]
pub fn cell_position(view: &View, area: Rect, square: Square) -> (u16, u16) {
    origin(view, area, square)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_show_a_count_and_glyphs_keep_four_columns() {
        assert_eq!(piece_text("N", 1), " N  ");
        assert_eq!(piece_text("Sk", 1), " Sk ");
        assert_eq!(piece_text("Z", 3), " Z×3");
        assert_eq!(piece_text("Sk", 2), "Sk×2");
        assert_eq!(piece_text("Z", 12), " Z×+");
    }

    #[test]
    fn terrain_letters_are_initials_first() {
        let mut used = BTreeSet::new();
        let mut give = |name: &str| {
            let letter = letter_for(name, &used);
            used.insert(letter);
            letter
        };
        assert_eq!(give("badlands"), 'b');
        assert_eq!(give("bogs"), 'B');
        assert_eq!(give("bridge"), 'r');
        assert_eq!(give("forest"), 'f');
    }
}
