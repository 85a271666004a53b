//! Plain-text tables with aligned columns.

use std::borrow::Cow;

use crate::shown::shown;

/// How a column's cells line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A table of text: a header row, then rows, each cell padded to its
/// column's widest cell. Widths count characters, not bytes.
#[derive(Debug, Clone)]
pub struct Table {
    headers: Vec<String>,
    aligns: Vec<Align>,
    rows: Vec<Vec<String>>,
}

/// The space between two columns.
const GAP: &str = "  ";

/// A cell holds one line, mostly the server's text (names of players and
/// lists among it): escaped before its width is taken.
fn cell(text: impl Into<String>) -> String {
    let text = text.into();
    match shown(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(escaped) => escaped,
    }
}

impl Table {
    pub fn new<S: Into<String>>(headers: impl IntoIterator<Item = S>) -> Table {
        let headers: Vec<String> = headers.into_iter().map(cell).collect();
        let aligns = vec![Align::Left; headers.len()];
        Table {
            headers,
            aligns,
            rows: Vec::new(),
        }
    }

    /// Sets one column's alignment.
    pub fn align(mut self, column: usize, align: Align) -> Table {
        if let Some(slot) = self.aligns.get_mut(column) {
            *slot = align;
        }
        self
    }

    /// Adds a row; missing cells are blank, extra cells are dropped.
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        let mut cells: Vec<String> = cells.into_iter().map(cell).collect();
        cells.resize(self.headers.len(), String::new());
        self.rows.push(cells);
    }

    /// The table as lines, each starting with `indent`, with a rule of dashes
    /// under the header. No line ends in spaces.
    pub fn render(&self, indent: &str) -> String {
        self.render_within(indent, usize::MAX)
    }

    /// As [`Table::render`], in lines of at most `max` characters where the
    /// text allows: columns are narrowed, the one with the most room to give
    /// first, and their cells wrap at spaces onto lines of their own below
    /// the row. Free text gives way down to [`NARROWEST`] first, then every
    /// column down to its longest word; a word (a key) is never cut.
    pub fn render_within(&self, indent: &str, max: usize) -> String {
        let columns = self.headers.len();
        let cells = |column: usize| {
            std::iter::once(&self.headers[column])
                .chain(self.rows.iter().map(move |row| &row[column]))
        };
        let mut widths: Vec<usize> = (0..columns)
            .map(|column| cells(column).map(|cell| width(cell)).max().unwrap_or(0))
            .collect();
        let longest_word: Vec<usize> = (0..columns)
            .map(|column| {
                cells(column)
                    .flat_map(|cell| cell.split(' '))
                    .map(width)
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let soft: Vec<usize> = (0..columns)
            .map(|column| longest_word[column].max(widths[column].min(NARROWEST)))
            .collect();
        let total = |widths: &[usize]| {
            width(indent) + widths.iter().sum::<usize>() + GAP.len() * columns.saturating_sub(1)
        };
        for floor in [&soft, &longest_word] {
            while total(&widths) > max {
                let Some((column, room)) = (0..columns)
                    .map(|column| (column, widths[column].saturating_sub(floor[column])))
                    .filter(|&(_, room)| room > 0)
                    .max_by_key(|&(column, room)| (room, std::cmp::Reverse(column)))
                else {
                    break;
                };
                let over = total(&widths) - max;
                widths[column] -= room.min(over);
            }
        }
        let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();

        let mut out = String::new();
        for row in std::iter::once(&self.headers)
            .chain(std::iter::once(&rule))
            .chain(&self.rows)
        {
            let wrapped: Vec<Vec<String>> = row
                .iter()
                .zip(&widths)
                .map(|(cell, &w)| wrap(cell, w))
                .collect();
            let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
            for at in 0..height {
                let mut line = String::from(indent);
                for (column, lines) in wrapped.iter().enumerate() {
                    if column > 0 {
                        line.push_str(GAP);
                    }
                    let cell = lines.get(at).map_or("", String::as_str);
                    let pad = " ".repeat(widths[column].saturating_sub(width(cell)));
                    match self.aligns[column] {
                        Align::Left => {
                            line.push_str(cell);
                            line.push_str(&pad);
                        }
                        Align::Right => {
                            line.push_str(&pad);
                            line.push_str(cell);
                        }
                    }
                }
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        out
    }
}

/// The narrowest a column is made to fit a line: narrower, a meaning reads
/// a word or two a line.
pub const NARROWEST: usize = 16;

fn width(cell: &str) -> usize {
    cell.chars().count()
}

/// `text` in lines of at most `max` characters, broken at spaces; a word
/// longer than a line is cut. Always at least one line.
pub fn wrap(text: &str, max: usize) -> Vec<String> {
    if width(text) <= max {
        return vec![text.to_string()];
    }
    let max = max.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|word| !word.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let room = if line.is_empty() {
                max
            } else {
                max.saturating_sub(width(&line) + 1)
            };
            if word.len() <= room {
                if !line.is_empty() {
                    line.push(' ');
                }
                line.extend(word.iter());
                break;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            let rest = word.split_off(max);
            lines.push(word.iter().collect());
            word = rest;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_and_lines_are_trimmed() {
        let mut table = Table::new(["Unit", "Cost", "Note"]).align(1, Align::Right);
        table.row(["Archer", "2.5", ""]);
        table.row(["Gólem", "10", "slow"]);
        let expected = concat!(
            "  Unit    Cost  Note\n",
            "  ------  ----  ----\n",
            "  Archer   2.5\n",
            "  Gólem     10  slow\n",
        );
        assert_eq!(table.render("  "), expected);
    }

    #[test]
    fn a_cell_with_terminal_commands_is_escaped_before_it_is_measured() {
        let mut table = Table::new(["Player", "Army"]);
        table.row([format!("Eve{}", crate::shown::HOSTILE), "orcs".into()]);
        table.row(["Ada\nForged line".to_string(), "elves".into()]);
        let rendered = table.render("");
        assert!(crate::shown::is_safe_lines(&rendered), "{rendered}");
        assert_eq!(rendered.lines().count(), 4, "no forged line:\n{rendered}");
        let second_column: Vec<usize> = rendered
            .lines()
            .map(|line| line.find("orcs").or(line.find("elves")).unwrap_or(0))
            .collect();
        assert_eq!(
            second_column[2], second_column[3],
            "the second column lines up:\n{rendered}"
        );
    }

    #[test]
    fn a_table_too_wide_wraps_its_widest_column_within_the_width() {
        let mut table = Table::new(["Key", "Cost", "Effect"]).align(1, Align::Right);
        table.row([
            "stealth",
            "3",
            "not attacking on its turn hides it from ranged attacks until its next turn",
        ]);
        table.row(["fast", "3", "+2 Move"]);
        let rendered = table.render_within("  ", 40);
        let expected = concat!(
            "  Key      Cost  Effect\n",
            "  -------  ----  -----------------------\n",
            "  stealth     3  not attacking on its\n",
            "                 turn hides it from\n",
            "                 ranged attacks until\n",
            "                 its next turn\n",
            "  fast        3  +2 Move\n",
        );
        assert_eq!(rendered, expected);
        assert!(rendered.lines().all(|line| line.chars().count() <= 40));
        assert_eq!(table.render("  ").lines().count(), 4, "no width, no wrap");
    }

    #[test]
    fn words_wrap_at_spaces_and_long_words_are_cut() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 4), [""]);
        assert_eq!(wrap("a  b", 10), ["a  b"]);
    }

    #[test]
    fn short_rows_are_padded() {
        let mut table = Table::new(["a", "b"]);
        table.row(["x"]);
        assert_eq!(table.render(""), "a  b\n-  -\nx\n");
    }
}
