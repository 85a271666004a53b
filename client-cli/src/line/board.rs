//! The board and the state of play as plain text: readable without colour,
//! in a log, or by a screen reader.
//!
//! A square shows its terrain's symbol (or a space), then its piece as the
//! piece's glyph and its owner's seat counted from 1 (`K1`), or `.` when
//! empty; `+n` says n more pieces share the square.

use std::collections::BTreeMap;
use std::fmt::Write;

use fray_protocol::{Outcome, PieceView, Seat, Square, View};

use crate::game_state::{GameState, seat_number};
use crate::shown::shown;

/// The board with ranks down the left, files along the bottom, then the
/// legend for terrain, the walls and the pieces off the board.
pub fn board(view: &View) -> String {
    let symbols = terrain_symbols(view);
    let cells: Vec<Vec<String>> = (0..view.height)
        .rev()
        .map(|rank| {
            (0..view.width)
                .map(|file| cell(view, Square::new(file, rank), &symbols))
                .collect()
        })
        .collect();
    let width = cells.iter().flatten().map(|c| c.chars().count()).max();
    let width = width.unwrap_or(2).max(2);
    let label_width = view.height.to_string().len();
    let mut out = String::new();
    for (row, rank) in cells.iter().zip((1..=u32::from(view.height)).rev()) {
        let _ = write!(out, "{rank:>label_width$} ");
        let line: Vec<String> = row.iter().map(|c| format!("{c:<width$}")).collect();
        let _ = writeln!(out, "{}", line.join(" ").trim_end());
    }
    // A file's letter sits above its pieces' glyphs, one in from the
    // terrain's column.
    let _ = write!(out, "{:label_width$}  ", "");
    let files: Vec<String> = (0..view.width)
        .map(|file| format!("{:<width$}", file_label(file)))
        .collect();
    let _ = writeln!(out, "{}", files.join(" ").trim_end());
    if !symbols.is_empty() {
        let legend: Vec<String> = symbols
            .iter()
            .map(|(terrain, symbol)| format!("{symbol} {terrain}"))
            .collect();
        let _ = writeln!(out, "Terrain: {}", legend.join(", "));
    }
    if !view.walls.is_empty() {
        let walls: Vec<String> = view
            .walls
            .iter()
            .map(|wall| format!("{}|{} {}", wall.between[0], wall.between[1], wall.kind))
            .collect();
        let _ = writeln!(out, "Walls: {}", walls.join(", "));
    }
    // Alike pieces waiting off the board are counted, not repeated.
    let mut waiting: Vec<(String, usize)> = Vec::new();
    for piece in view.pieces.values().filter(|piece| piece.square.is_none()) {
        let text = format!("{} {}", piece_code(piece), piece.name);
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

fn cell(view: &View, square: Square, symbols: &BTreeMap<String, char>) -> String {
    let terrain = view
        .terrain
        .get(&square)
        .and_then(|terrain| symbols.get(terrain))
        .copied()
        .unwrap_or(' ');
    let pieces: Vec<&PieceView> = view.pieces_at(square).collect();
    let mut text = String::from(terrain);
    match pieces.split_first() {
        None => text.push('.'),
        Some((first, rest)) => {
            text.push_str(&piece_code(first));
            if !rest.is_empty() {
                let _ = write!(text, "+{}", rest.len());
            }
        }
    }
    text
}

/// The glyph and the owner's seat counted from 1: "K1".
fn piece_code(piece: &PieceView) -> String {
    let glyph = if piece.glyph.is_empty() {
        "?"
    } else {
        &piece.glyph
    };
    format!("{glyph}{}", piece.owner.0 + 1)
}

fn file_label(file: u8) -> String {
    Square::new(file, 0)
        .to_string()
        .trim_end_matches('1')
        .to_string()
}

/// One lower-case letter per terrain in the view, the first of its name
/// not yet taken, so that "forest" reads as `f`.
fn terrain_symbols(view: &View) -> BTreeMap<String, char> {
    let mut symbols: BTreeMap<String, char> = BTreeMap::new();
    let mut kinds: Vec<&String> = view.terrain.values().collect();
    kinds.sort();
    kinds.dedup();
    for kind in kinds {
        let taken: Vec<char> = symbols.values().copied().collect();
        let mut candidates = kind
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(|c| c.to_ascii_lowercase())
            .chain('a'..='z')
            .chain('0'..='9');
        let symbol = candidates.find(|c| !taken.contains(c)).unwrap_or('#');
        symbols.insert(kind.clone(), symbol);
    }
    symbols
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::{
        MatchId, MatchStatus, Phrase, PieceId, PlayerView, Snapshot, TurnView, Wall,
    };

    fn piece(id: u32, owner: u8, glyph: &str, square: Option<Square>) -> PieceView {
        PieceView {
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

    #[test]
    fn the_board_has_coordinates_owners_stacks_terrain_and_walls() {
        let text = board(&view());
        let expected = "\
3  .     .     P2+1
2  .    f.     .
1  K1    .     .
   a     b     c
Terrain: f forest
Walls: a2|a3 stone
Off the board: A1 Piece A, P1 Piece P ×2
";
        assert_eq!(text, expected, "\n{text}");
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

    #[test]
    fn terrains_get_distinct_letters() {
        let mut view = view();
        view.terrain.insert(Square::new(0, 0), "fen".into());
        view.terrain.insert(Square::new(2, 0), "forest".into());
        let symbols = terrain_symbols(&view);
        assert_eq!(symbols["fen"], 'f');
        assert_eq!(symbols["forest"], 'o');
    }
}
