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
        let widths: Vec<usize> = (0..self.headers.len())
            .map(|column| {
                std::iter::once(&self.headers[column])
                    .chain(self.rows.iter().map(|row| &row[column]))
                    .map(|cell| width(cell))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();

        let mut out = String::new();
        for row in std::iter::once(&self.headers)
            .chain(std::iter::once(&rule))
            .chain(&self.rows)
        {
            let mut line = String::from(indent);
            for (column, cell) in row.iter().enumerate() {
                if column > 0 {
                    line.push_str(GAP);
                }
                let pad = " ".repeat(widths[column] - width(cell));
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
        out
    }
}

fn width(cell: &str) -> usize {
    cell.chars().count()
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
    fn short_rows_are_padded() {
        let mut table = Table::new(["a", "b"]);
        table.row(["x"]);
        assert_eq!(table.render(""), "a  b\n-  -\nx\n");
    }
}
