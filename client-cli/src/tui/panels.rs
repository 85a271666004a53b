//! The panels beside the board: whose turn and the players' tokens, the
//! piece under the cursor, the dice, the pieces off the board, the options
//! and the log. Each returns lines; the screen decides where they go.

use fray_protocol::{ActionOption, PieceView, Seat, Square};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::game_state::GameState;
use crate::tui::board::seat_colour;

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

/// The selected piece's profile and markers, else every piece on the
/// cursor's square, else the square itself.
pub fn piece(
    state: &GameState,
    selected: Option<&PieceView>,
    cursor: Square,
) -> Vec<Line<'static>> {
    let pieces: Vec<&PieceView> = match selected {
        Some(piece) => vec![piece],
        None => state.view.pieces_at(cursor).collect(),
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
    }
    for piece in pieces {
        let mut head = vec![
            Span::styled(
                format!("{} {}", piece.glyph, piece.name),
                seat_style(piece.owner),
            ),
            Span::raw(format!("  {}", seat_label(state, piece.owner))),
        ];
        if let Some(square) = piece.square {
            head.push(Span::raw(format!(" on {square}")));
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
pub fn off_board(state: &GameState) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for player in &state.view.players {
        let waiting: Vec<String> = state
            .view
            .pieces
            .values()
            .filter(|p| p.owner == player.seat && p.square.is_none())
            .map(|p| format!("{} {}", p.glyph, p.name))
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
    listed
        .iter()
        .enumerate()
        .map(|(at, &index)| option_line(&state.options[index], highlighted == Some(at)))
        .collect()
}

pub fn option_line(option: &ActionOption, highlighted: bool) -> Line<'static> {
    let marker = if highlighted { "▸ " } else { "  " };
    let style = if highlighted {
        Style::new().add_modifier(Modifier::REVERSED)
    } else {
        Style::new()
    };
    Line::from(vec![
        Span::styled(
            format!("{marker}{:<10}", option.notation),
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
