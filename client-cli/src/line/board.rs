//! The board and the state of play as plain text: readable without colour,
//! in a log, or by a screen reader.
//!
//! Each square is the four columns the full screen shows too (`cells`): the
//! owner's mark (none for your pieces, `*` for the opponent's), the glyph,
//! and the terrain's letter; `.` marks an empty square, and the squares of
//! the last move stand in brackets. A board of fine cells (the battle map)
//! takes two columns a square and one between: the mark and the glyph's
//! first character, or the terrain's letter twice, `.` on open ground.
//! Under the board: what the marks, the terrain letters and the glyphs
//! stand for.

use std::fmt::Write;

use fray_protocol::{Outcome, Seat, Square};

use crate::cells::{self, Cells, units};
use crate::game_state::{GameState, seat_number};
use crate::shown::shown;

/// The board with ranks down the left, files along the bottom, then the
/// legends: owners' marks, the last move, terrain, units, walls and the
/// pieces off the board.
pub fn board(state: &GameState) -> String {
    let view = &state.view;
    let cells = Cells::new(view, state.me);
    let mut out = if cells::fine(view) {
        fine_squares(state, &cells)
    } else {
        squares(state, &cells)
    };
    out.push_str(&legends(state, &cells));
    out
}

/// Columns the units' legend keeps to, as a classic terminal has.
const UNITS_WIDTH: usize = 80;

/// "Units: B Bishop; D Death Knight; …", broken after a `;` before a line
/// would pass 80 columns, so that the terminal does not cut an entry (a
/// glyph from its name); the lines after the first are indented.
fn units_lines(entries: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::from("Units:");
    for (at, entry) in entries.iter().enumerate() {
        let joint = if at == 0 { " " } else { "; " };
        // One column is kept for the `;` a break would add.
        let fits = line.chars().count() + joint.len() + entry.chars().count() < UNITS_WIDTH;
        if fits || at == 0 {
            line.push_str(joint);
        } else {
            line.push(';');
            lines.push(std::mem::replace(&mut line, "  ".to_string()));
        }
        line.push_str(entry);
    }
    lines.push(line);
    lines
}

/// Four columns a square between two of edge, where the last move's brackets go.
fn squares(state: &GameState, cells: &Cells) -> String {
    let view = &state.view;
    let last_move = state.last_move_squares();
    let label_width = view.height.to_string().len();
    let mut out = String::new();
    for rank in (0..view.height).rev() {
        let mut line = format!("{:>label_width$} ", u32::from(rank) + 1);
        for file in 0..view.width {
            let square = Square::new(file, rank);
            let cell = cells.cell(square);
            let piece = if cells.occupants(square).is_empty() {
                " . ".to_string()
            } else {
                cell.piece
            };
            let (open, close) = if last_move.contains(&square) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            let _ = write!(line, "{open}{piece}{}{close}", cell.corner);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    // A file's letter stands over its glyphs' column.
    let mut files = format!("{:label_width$} ", "");
    for file in 0..view.width {
        let _ = write!(files, "  {:<4}", file_label(file));
    }
    let _ = writeln!(out, "{}", files.trim_end());
    out
}

/// Two columns a square and one between, where the last move's brackets
/// go; two squares of it side by side share a `|`.
fn fine_squares(state: &GameState, cells: &Cells) -> String {
    let view = &state.view;
    let last_move = state.last_move_squares();
    let label_width = view.height.to_string().len();
    let mut out = String::new();
    for rank in (0..view.height).rev() {
        let mut line = format!("{:>label_width$}", u32::from(rank) + 1);
        let in_last = |file: u8| file < view.width && last_move.contains(&Square::new(file, rank));
        for file in 0..=view.width {
            let edge = match (file > 0 && in_last(file - 1), in_last(file)) {
                (true, true) => '|',
                (true, false) => ']',
                (false, true) => '[',
                (false, false) => ' ',
            };
            line.push(edge);
            if file == view.width {
                break;
            }
            let square = Square::new(file, rank);
            let [mark, glyph] = cells.fine_cell(square);
            let glyph = if cells.occupants(square).is_empty() && glyph == ' ' {
                '.'
            } else {
                glyph
            };
            line.push(mark);
            line.push(glyph);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    // A file's letter stands over its glyphs' column.
    let mut files = format!("{:label_width$}", "");
    for file in 0..view.width {
        let _ = write!(files, "  {}", file_label(file));
    }
    let _ = writeln!(out, "{}", files.trim_end());
    out
}

fn legends(state: &GameState, cells: &Cells) -> String {
    let view = &state.view;
    let mut out = String::new();
    let owners: Vec<String> = cells
        .owners
        .all()
        .iter()
        .map(|(seat, mark)| match mark {
            ' ' => format!("{} unmarked", who(state, *seat)),
            mark => format!("{} {mark}", who(state, *seat)),
        })
        .collect();
    let _ = writeln!(out, "Owners: {}", owners.join(", "));
    if !state.last_move.is_empty() {
        let moves: Vec<String> = state
            .last_move
            .iter()
            .map(|(from, to)| match from {
                Some(from) => format!("{from}-{to}"),
                None => format!("onto {to}"),
            })
            .collect();
        let _ = writeln!(out, "Last move: {}, in [brackets]", moves.join(", "));
    }
    if !cells.letters.is_empty() {
        let legend: Vec<String> = cells
            .letters
            .iter()
            .map(|(terrain, letter)| format!("{letter} {}", shown(terrain)))
            .collect();
        let _ = writeln!(out, "Terrain: {}", legend.join(", "));
    }
    let units = units::legend(view);
    if !units.is_empty() {
        for line in units_lines(&units) {
            let _ = writeln!(out, "{line}");
        }
    }
    if !view.walls.is_empty() {
        let walls: Vec<String> = view
            .walls
            .iter()
            .map(|wall| {
                format!(
                    "{}|{} {}",
                    wall.between[0],
                    wall.between[1],
                    shown(&wall.kind)
                )
            })
            .collect();
        let _ = writeln!(out, "Walls: {}", walls.join(", "));
    }
    // Alike pieces waiting off the board are counted, not repeated.
    let mut waiting: Vec<(String, usize)> = Vec::new();
    for piece in view.pieces.values().filter(|piece| piece.square.is_none()) {
        let mark = cells.owners.mark(piece.owner);
        let text = format!("{mark}{} {}", shown(&piece.glyph), shown(&piece.name));
        let text = text.trim_start().to_string();
        match waiting.iter_mut().find(|(seen, _)| *seen == text) {
            Some((_, count)) => *count += 1,
            None => waiting.push((text, 1)),
        }
    }
    let waiting: Vec<String> = waiting
        .into_iter()
        .map(|(text, count)| match count {
            1 => text,
            _ => format!("{text} ×{count}"),
        })
        .collect();
    if !waiting.is_empty() {
        let _ = writeln!(out, "Off the board: {}", waiting.join(", "));
    }
    out
}

/// Turn, round and phase; who decides; each player with army and resources;
/// the last batch's dice.
pub fn status(state: &GameState) -> String {
    let view = &state.view;
    let mut out = String::new();
    let mut turn = format!("Turn {}", view.turn.number);
    if let Some(round) = view.turn.round {
        let _ = write!(turn, ", round {round}");
    }
    if !view.turn.phase.is_empty() {
        let _ = write!(turn, ", {} phase", view.turn.phase);
    }
    let _ = write!(turn, ".");
    if !state.to_act.is_empty() {
        let deciding: Vec<String> = state.to_act.iter().map(|s| who(state, *s)).collect();
        let _ = write!(turn, " To decide: {}.", deciding.join(", "));
    }
    let _ = writeln!(out, "{turn}");
    for player in &view.players {
        let mut line = format!("  {}", who(state, player.seat));
        if let Some(army) = &player.army {
            let _ = write!(line, ", {army}");
        }
        if !player.resources.is_empty() {
            let resources: Vec<String> = player
                .resources
                .iter()
                .map(|(key, value)| format!("{key} {value}"))
                .collect();
            let _ = write!(line, ": {}", resources.join(", "));
        }
        let _ = writeln!(out, "{line}");
    }
    for told in &state.last_rolls {
        let _ = writeln!(out, "  Dice: {}", told.words);
    }
    out
}

/// "ada (seat 1)", or "you (seat 1)" for this client's own seat.
pub fn who(state: &GameState, seat: Seat) -> String {
    let name = if state.me == Some(seat) {
        "you".to_string()
    } else {
        state.seat_name(seat)
    };
    if state.names.iter().any(|(named, _)| *named == seat) || state.me == Some(seat) {
        format!("{name} ({})", seat_number(seat))
    } else {
        name
    }
}

/// How a finished match ended, as both screens say it on leaving: the
/// outcome line, and for a player whether they won and how to play again;
/// none while it runs. Each line ends in a newline; safe to print.
pub fn ending_lines(state: &GameState) -> Option<String> {
    let outcome = state.view.outcome.as_ref()?;
    let mut out = format!("{}\n", outcome_line(outcome, |seat| state.seat_name(seat)));
    if let Some(me) = state.me {
        out.push_str(if outcome.winners.contains(&me) {
            "You win.\n"
        } else if outcome.is_draw() {
            "Nobody wins.\n"
        } else {
            "You lose.\n"
        });
        out.push_str(&format!(
            "Play again, seats swapped: `fray match rematch {}`\n",
            state.match_id
        ));
    }
    Some(out)
}

/// "Game over: ada wins (bo's Clan Lord was removed)." — every seat, the
/// reason's too, named by `name`.
pub fn outcome_line(outcome: &Outcome, name: impl Fn(Seat) -> String) -> String {
    let reason = shown(&outcome.reason.render(&name)).into_owned();
    if outcome.is_draw() {
        return format!("Game over: a draw ({reason}).");
    }
    let winners: Vec<String> = outcome.winners.iter().map(|seat| name(*seat)).collect();
    let verb = if winners.len() == 1 { "wins" } else { "win" };
    format!("Game over: {} {verb} ({reason}).", winners.join(" and "))
}

fn file_label(file: u8) -> String {
    Square::new(file, 0)
        .to_string()
        .trim_end_matches('1')
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    use fray_protocol::{
        MatchId, MatchStatus, Phrase, PieceId, PieceView, PlayerView, Snapshot, TurnView, View,
        Wall,
    };

    fn piece(id: u32, owner: u8, glyph: &str, square: Option<Square>) -> PieceView {
        PieceView {
            count: 1,
            id: PieceId(id),
            owner: Seat(owner),
            kind: "k".into(),
            name: format!("Piece {glyph}"),
            glyph: glyph.into(),
            square,
            stats: Vec::new(),
            markers: Vec::new(),
        }
    }

    /// A 3×3 board: a king of seat 0 on a1, two pieces of seat 1 stacked on
    /// c3, forest on b2, a wall between a2 and a3, three pieces off the
    /// board (two alike).
    fn view() -> View {
        let pieces = [
            piece(1, 0, "K", Some(Square::new(0, 0))),
            piece(2, 1, "P", Some(Square::new(2, 2))),
            piece(3, 1, "P", Some(Square::new(2, 2))),
            piece(4, 0, "A", None),
            piece(5, 0, "P", None),
            piece(6, 0, "P", None),
        ];
        View {
            system: "test".into(),
            width: 3,
            height: 3,
            terrain: [(Square::new(1, 1), "forest".to_string())].into(),
            walls: vec![Wall {
                between: [Square::new(0, 1), Square::new(0, 2)],
                kind: "stone".into(),
            }],
            pieces: pieces.into_iter().map(|p| (p.id, p)).collect(),
            players: vec![
                PlayerView {
                    seat: Seat(0),
                    army: Some("Elves".into()),
                    resources: [("tokens".to_string(), 2)].into(),
                },
                PlayerView {
                    seat: Seat(1),
                    army: Some("Demons".into()),
                    resources: BTreeMap::new(),
                },
            ],
            turn: TurnView {
                number: 4,
                round: Some(2),
                phase: "battle".into(),
                active: vec![Seat(1)],
            },
            outcome: None,
        }
    }

    fn seated(view: View, me: Option<Seat>) -> GameState {
        let mut state = GameState::from_snapshot(Snapshot {
            match_id: MatchId(1),
            seq: 9,
            status: MatchStatus::Running,
            seat: me,
            view,
            to_act: vec![Seat(1)],
            options: Vec::new(),
            commitment: String::new(),
        });
        state.names = vec![(Seat(0), "ada".into()), (Seat(1), "bo".into())];
        state
    }

    #[test]
    fn the_units_legend_breaks_between_entries_within_80_columns() {
        let entries: Vec<String> = [
            "@ Goobrain",
            "D Death Knight",
            "E Goolem",
            "G Grave Guard",
            "O Oozle",
            "X Goobeast",
            "l Lich-King",
            "o Glob",
            "y Phylactery",
            "z Zombie",
        ]
        .map(String::from)
        .into();
        let lines = units_lines(&entries);
        assert_eq!(
            lines,
            [
                "Units: @ Goobrain; D Death Knight; E Goolem; G Grave Guard; O Oozle; X Goobeast;",
                "  l Lich-King; o Glob; y Phylactery; z Zombie"
            ]
        );
        assert_eq!(units_lines(&entries[..1]), ["Units: @ Goobrain"]);
    }

    #[test]
    fn the_board_has_coordinates_owners_stacks_terrain_and_walls() {
        let mut state = seated(view(), Some(Seat(0)));
        state.last_move = vec![(Some(Square::new(1, 0)), Square::new(0, 0))];
        let text = board(&state);
        let expected = "\
3   .     .    *P×2
2   .     . f   .
1 [ K  ][ .  ]  .
    a     b     c
Owners: you (seat 1) unmarked, bo (seat 2) *
Last move: b1-a1, in [brackets]
Terrain: f forest
Units: K Piece K; P Piece P
Walls: a2|a3 stone
Off the board: A Piece A, P Piece P ×2
";
        assert_eq!(text, expected, "\n{text}");
    }

    /// A 24×24 map: a piece of each seat, obstacles on c2 and d2, the last
    /// move from b1 to a1 beside it.
    #[test]
    fn a_board_of_24_files_takes_three_columns_a_square() {
        let mut map = view();
        map.width = 24;
        map.height = 24;
        map.walls.clear();
        map.terrain = [
            (Square::new(2, 1), "obstacle".to_string()),
            (Square::new(3, 1), "obstacle".to_string()),
        ]
        .into();
        map.pieces.retain(|_, p| p.square.is_none() || p.id.0 == 1);
        map.pieces
            .insert(PieceId(7), piece(7, 1, "m", Some(Square::new(23, 23))));
        let mut state = seated(map, Some(Seat(0)));
        state.last_move = vec![(Some(Square::new(1, 0)), Square::new(0, 0))];
        let text = board(&state);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("24{} *m", "  .".repeat(23)));
        assert_eq!(lines[22], format!(" 2  .  . oo oo{}", "  .".repeat(20)));
        assert_eq!(lines[23], format!(" 1[ K| .] .{}", "  .".repeat(21)));
        assert_eq!(
            lines[24],
            "    a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p  q  r  s  t  u  v  w  x"
        );
        assert!(lines.iter().take(25).all(|line| line.chars().count() <= 80));
        assert!(text.contains("Terrain: o obstacle\n"), "\n{text}");
    }

    #[test]
    fn the_other_seat_sees_its_own_pieces_unmarked() {
        let text = board(&seated(view(), Some(Seat(1))));
        assert!(text.starts_with("3   .     .     P×2\n"), "\n{text}");
        assert!(text.contains("\n1  *K     .     .\n"), "\n{text}");
        assert!(
            text.contains("Owners: you (seat 2) unmarked, ada (seat 1) *\n"),
            "\n{text}"
        );
        assert!(!text.contains("Last move"), "no move seen yet:\n{text}");
    }

    #[test]
    fn the_status_names_the_players_and_whose_turn_it_is() {
        let mut state = GameState::from_snapshot(Snapshot {
            match_id: MatchId(1),
            seq: 9,
            status: MatchStatus::Running,
            seat: Some(Seat(0)),
            view: view(),
            to_act: vec![Seat(1)],
            options: Vec::new(),
            commitment: String::new(),
        });
        state.names = vec![(Seat(0), "ada".into()), (Seat(1), "bo".into())];
        let text = status(&state);
        assert_eq!(
            text,
            "Turn 4, round 2, battle phase. To decide: bo (seat 2).\n  \
             you (seat 1), Elves: tokens 2\n  bo (seat 2), Demons\n",
            "\n{text}"
        );
    }

    #[test]
    fn outcomes_read_as_sentences() {
        let name = |seat: Seat| ["ada", "bo"][seat.0 as usize].to_string();
        assert_eq!(
            outcome_line(&Outcome::win(Seat(1), "the king fell"), name),
            "Game over: bo wins (the king fell)."
        );
        let removed = Outcome::win(
            Seat(0),
            Phrase::from(Seat(1)).text("'s Clan Lord was removed"),
        );
        assert_eq!(
            outcome_line(&removed, name),
            "Game over: ada wins (bo's Clan Lord was removed)."
        );
        assert_eq!(
            outcome_line(&Outcome::draw("turn limit"), name),
            "Game over: a draw (turn limit)."
        );
    }
}
