//! The panels beside the board: whose turn and the players' tokens, the
//! piece under the cursor, the dice, the pieces off the board, the options
//! and the log. Each returns lines; the screen decides where they go.

use fray_protocol::{ActionOption, PieceView, Seat, Square, View};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::cells::{self, Cells, footprint, ownership};
use crate::game_state::GameState;
use crate::shown::shown;
use crate::tui::board::{self, seat_colour};

/// The turn, the phase and every player with their army and resources.
pub fn turn(state: &GameState) -> Vec<Line<'static>> {
    let view = &state.view;
    let mut head = format!("Turn {}", view.turn.number);
    if let Some(round) = view.turn.round {
        head.push_str(&format!(" · round {round}"));
    }
    if !view.turn.phase.is_empty() {
        head.push_str(&format!(" · {}", view.turn.phase));
    }
    let mut lines = vec![Line::from(Span::styled(
        head,
        Style::new().add_modifier(Modifier::BOLD),
    ))];
    for player in &view.players {
        let active = view.turn.active.contains(&player.seat);
        let mut spans = vec![
            Span::raw(if active { "▸ " } else { "  " }),
            Span::styled(seat_label(state, player.seat), seat_style(player.seat)),
        ];
        if let Some(army) = &player.army {
            spans.push(Span::raw(format!("  {army}")));
        }
        for (key, value) in &player.resources {
            spans.push(Span::styled(
                format!("  {key} {value}"),
                Style::new().fg(Color::Yellow),
            ));
        }
        lines.push(Line::from(spans));
    }
    let deciding: Vec<String> = state.to_act.iter().map(|s| seat_label(state, *s)).collect();
    if let Some(outcome) = &view.outcome {
        let text = if outcome.is_draw() {
            format!("Drawn: {}", state.say(&outcome.reason))
        } else {
            let winners: Vec<String> = outcome
                .winners
                .iter()
                .map(|s| seat_label(state, *s))
                .collect();
            format!(
                "{} won: {}",
                winners.join(" and "),
                state.say(&outcome.reason)
            )
        };
        lines.push(Line::from(Span::styled(
            text,
            Style::new().add_modifier(Modifier::BOLD),
        )));
    } else if let Some(waiting) = state.waiting_words() {
        lines.push(Line::from(waiting));
    } else if !deciding.is_empty() {
        lines.push(Line::from(format!("To decide: {}", deciding.join(", "))));
    }
    lines
}

/// "Seat 1 (you)" or the player's name.
pub fn seat_label(state: &GameState, seat: Seat) -> String {
    let name = state.seat_name(seat);
    if state.me == Some(seat) {
        format!("{name} (you)")
    } else {
        name
    }
}

pub fn seat_style(seat: Seat) -> Style {
    Style::new()
        .fg(seat_colour(seat))
        .add_modifier(Modifier::BOLD)
}

/// Who owns which pieces: "ada (you) unmarked · bo *".
pub fn owners(state: &GameState, cells: &Cells) -> Line<'static> {
    let mut spans = Vec::new();
    for (at, (seat, mark)) in cells.owners.all().iter().enumerate() {
        if at > 0 {
            spans.push(Span::raw(" · "));
        }
        spans.push(Span::styled(seat_label(state, *seat), seat_style(*seat)));
        spans.push(Span::raw(match *mark {
            ownership::UNMARKED => " unmarked".to_string(),
            mark => format!(" {mark}"),
        }));
    }
    Line::from(spans)
}

/// The units on the board by glyph, wrapped to `width`: "units: A Acolyte ·
/// R Ogres f5, Trolls d4"; where one glyph stands for several units (a
/// movement letter in Summoners Chess), their names and squares.
pub fn units(view: &View, width: u16) -> Vec<Line<'static>> {
    let entries = cells::units::legend(view);
    if entries.is_empty() {
        return Vec::new();
    }
    wrap_entries("units:", &entries, usize::from(width))
        .into_iter()
        .map(|line| Line::from(Span::styled(line, Style::new().fg(Color::Gray))))
        .collect()
}

/// The kinds of wall on the board as the board draws them: "walls: ┃ wall ·
/// ║ double-wall"; none without walls.
pub fn walls(view: &View, width: u16) -> Vec<Line<'static>> {
    let kinds: std::collections::BTreeSet<&str> =
        view.walls.iter().map(|wall| wall.kind.as_str()).collect();
    if kinds.is_empty() {
        return Vec::new();
    }
    let entries: Vec<String> = kinds
        .into_iter()
        .map(|kind| format!("{} {}", board::wall_lines(kind)[0], shown(kind)))
        .collect();
    wrap_entries("walls:", &entries, usize::from(width))
        .into_iter()
        .map(|line| Line::from(Span::styled(line, Style::new().fg(Color::Gray))))
        .collect()
}

/// `entries` after `head`, joined by " · " and wrapped to `width` between
/// entries, so that a glyph is not left at a line's end with its name on
/// the next ("· l" / "Lich-King"); an entry longer than a line starts a
/// line of its own and is wrapped by words.
fn wrap_entries(head: &str, entries: &[String], width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = head.to_string();
    for entry in entries {
        let joint = if line == head { " " } else { " · " };
        let fits = |line: &str, joint: &str| {
            line.chars().count() + joint.chars().count() + entry.chars().count() <= width
        };
        if fits(&line, joint) {
            line.push_str(joint);
            line.push_str(entry);
            continue;
        }
        let joint = if line == head {
            joint
        } else {
            lines.push(std::mem::replace(&mut line, "·".to_string()));
            " "
        };
        if fits(&line, joint) {
            line.push_str(joint);
            line.push_str(entry);
        } else {
            let mut wrapped = wrap(&format!("{line}{joint}{entry}"), width);
            line = wrapped.pop().unwrap_or_default();
            lines.extend(wrapped);
        }
    }
    lines.push(line);
    lines
}

/// A piece as the board draws it and by name: "*R Ogres".
pub fn piece_title(cells: &Cells, piece: &PieceView) -> String {
    let mark = cells.owners.mark(piece.owner);
    format!("{mark}{} {}", piece.glyph, piece.name)
        .trim_start()
        .to_string()
}

/// The selected piece's profile and markers, else the cursor's square with
/// the walls on its edges and every piece on it (a Large one on any square
/// it covers).
pub fn piece(
    state: &GameState,
    cells: &Cells,
    selected: Option<&PieceView>,
    cursor: Square,
) -> Vec<Line<'static>> {
    let pieces: Vec<&PieceView> = match selected {
        Some(piece) => vec![piece],
        None => cells
            .occupants(cursor)
            .iter()
            .map(|occupant| occupant.piece)
            .collect(),
    };
    let mut lines = Vec::new();
    let terrain = state.view.terrain.get(&cursor);
    if selected.is_none() {
        let mut head = cursor.to_string();
        if let Some(terrain) = terrain {
            head.push_str(&format!(": {terrain}"));
        }
        if pieces.is_empty() {
            head.push_str(if terrain.is_some() {
                ""
            } else {
                ": open ground"
            });
        }
        lines.push(Line::from(Span::styled(head, Style::new().fg(Color::Gray))));
        // Under the square's name, before its pieces: on the 80×24 screen
        // the panel has three rows.
        lines.extend(walls_around(&state.view, cursor));
    }
    for piece in pieces {
        let mut head = vec![
            Span::styled(piece_title(cells, piece), seat_style(piece.owner)),
            Span::raw(format!("  {}", seat_label(state, piece.owner))),
        ];
        let covered = footprint::covered(&state.view, piece);
        match covered.as_slice() {
            [] => {}
            [square] => head.push(Span::raw(format!(" on {square}"))),
            [main, ..] => {
                let all: Vec<String> = covered.iter().map(Square::to_string).collect();
                head.push(Span::raw(format!(" on {main}, covering {}", all.join(" "))));
            }
        }
        lines.push(Line::from(head));
        let stats: Vec<String> = piece
            .stats
            .iter()
            .map(|stat| format!("{} {}", stat.key, stat.value))
            .collect();
        if !stats.is_empty() {
            lines.push(Line::from(format!("  {}", stats.join("  "))));
        }
        for marker in &piece.markers {
            lines.push(Line::from(Span::styled(
                format!("  • {}", marker.label),
                Style::new().fg(Color::Magenta),
            )));
        }
    }
    lines
}

/// The walls on a square's edges, each with the square beyond it and the
/// line the spread-out board draws it with: "walls: ║ double-wall to d4,
/// ━ wall to e3". On a dense board a wall between ranks is only an
/// underline, single or double alike, and the cursor's brackets hide the
/// walls beside its square; this line tells them apart.
fn walls_around(view: &View, square: Square) -> Option<Line<'static>> {
    let walls: Vec<String> = view
        .walls
        .iter()
        .filter_map(|wall| {
            let beyond = match wall.between {
                [a, b] if a == square => b,
                [a, b] if b == square => a,
                _ => return None,
            };
            let [upright, across] = board::wall_lines(&wall.kind);
            let line = if beyond.rank == square.rank {
                upright
            } else {
                across
            };
            Some(format!("{line} {} to {beyond}", shown(&wall.kind)))
        })
        .collect();
    if walls.is_empty() {
        return None;
    }
    Some(Line::from(Span::styled(
        format!("walls: {}", walls.join(", ")),
        Style::new().fg(Color::Gray),
    )))
}

/// The dice of the last action, each with its result in words, wrapped to
/// `width` columns.
pub fn dice(state: &GameState, width: usize) -> Vec<Line<'static>> {
    if state.last_rolls.is_empty() {
        return vec![Line::from(Span::styled(
            "no dice this action",
            Style::new().fg(Color::DarkGray),
        ))];
    }
    let mut lines = Vec::new();
    for told in &state.last_rolls {
        let style = told.roll.seat.map(seat_style).unwrap_or_default();
        for (row, text) in wrap(&told.words, width.saturating_sub(2))
            .into_iter()
            .enumerate()
        {
            let lead = if row == 0 { "• " } else { "  " };
            lines.push(Line::from(vec![Span::raw(lead), Span::styled(text, style)]));
        }
    }
    lines
}

/// Pieces waiting off the board (reserves, not yet deployed), by seat.
pub fn off_board(state: &GameState, cells: &Cells) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for player in &state.view.players {
        let waiting: Vec<String> = state
            .view
            .pieces
            .values()
            .filter(|p| p.owner == player.seat && p.square.is_none())
            .map(|p| piece_title(cells, p))
            .collect();
        if !waiting.is_empty() {
            lines.push(Line::from(vec![
                Span::styled(seat_label(state, player.seat), seat_style(player.seat)),
                Span::raw(format!(": {}", waiting.join(", "))),
            ]));
        }
    }
    lines
}

/// The options listed (indices into `state.options`), the highlighted one
/// marked when the panel has the keys.
pub fn options(
    state: &GameState,
    listed: &[usize],
    highlighted: Option<usize>,
) -> Vec<Line<'static>> {
    if listed.is_empty() {
        let text = if state.view.outcome.is_some() {
            "the match is over: q leaves".to_string()
        } else if state.me.is_none() {
            "watching: no choices".to_string()
        } else {
            let waiting: Vec<String> = state.to_act.iter().map(|s| seat_label(state, *s)).collect();
            if waiting.is_empty() {
                "waiting".to_string()
            } else {
                format!("waiting for {}", waiting.join(", "))
            }
        };
        return vec![Line::from(Span::styled(
            text,
            Style::new().fg(Color::DarkGray),
        ))];
    }
    let pad = notation_width(state, listed);
    listed
        .iter()
        .enumerate()
        .map(|(at, &index)| option_line(&state.options[index], highlighted == Some(at), pad))
        .collect()
}

/// The notations' column: as wide as the longest listed, so that on a
/// narrow screen the words after it keep as much room as they can.
pub fn notation_width(state: &GameState, listed: &[usize]) -> usize {
    listed
        .iter()
        .filter_map(|&index| state.options.get(index))
        .map(|option| option.notation.chars().count())
        .max()
        .unwrap_or(0)
}

pub fn option_line(option: &ActionOption, highlighted: bool, pad: usize) -> Line<'static> {
    let marker = if highlighted { "▸ " } else { "  " };
    let style = if highlighted {
        Style::new().add_modifier(Modifier::REVERSED)
    } else {
        Style::new()
    };
    Line::from(vec![
        Span::styled(
            format!("{marker}{:<pad$}", option.notation),
            style.fg(Color::Yellow),
        ),
        Span::styled(format!(" {}", option.label), style),
    ])
}

/// Greedy word wrap; a word longer than the width is cut.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if !line.is_empty() && needed > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let cut: String = line.chars().take(width).collect();
            line = line.chars().skip(width).collect();
            lines.push(cut);
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
    fn the_units_wrap_between_entries_so_a_glyph_keeps_its_name() {
        let entries: Vec<String> = ["@ Goobrain", "D Death Knight", "E Goolem", "l Lich-King"]
            .map(String::from)
            .into();
        assert_eq!(
            wrap_entries("units:", &entries, 30),
            [
                "units: @ Goobrain",
                "· D Death Knight · E Goolem",
                "· l Lich-King"
            ]
        );
        let long: Vec<String> = ["A Acolyte", "R Ogres a1 b2 c3 d4 e5 f6, Trolls g7"]
            .map(String::from)
            .into();
        assert_eq!(
            wrap_entries("units:", &long, 20),
            [
                "units: A Acolyte",
                "· R Ogres a1 b2 c3",
                "d4 e5 f6, Trolls g7"
            ]
        );
    }
}
