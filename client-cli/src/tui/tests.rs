//! The screens drawn from recorded games (`tests/fixtures/*.json`, made by
//! `tests/record_screens.rs`) compared with the expected text next to them,
//! a few colours, and the keys as transitions.
//!
//! After a deliberate change to the screen: `FRAY_BLESS=1 cargo test -p
//! fray-cli tui::` rewrites the expected screens; read the diff before
//! committing it.

use std::path::PathBuf;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use fray_protocol::{
    Action, ActionOption, Batch, DiceRoll, Die, Effect, EventKind, Marker, MatchConfig, MatchId,
    MatchStatus, MatchSummary, Outcome, PieceId, PieceView, PlayerId, PlayerRef, PlayerView,
    Replay, ReplayEvent, ScopedEffect, Seat, SeatSummary, Snapshot, Square, Stat, SystemId,
    TurnView, View,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use serde::Deserialize;

use crate::cells::Cells;
use crate::game_state::GameState;
use crate::live::LiveEvent;
use crate::replay_state::ReplayState;
use crate::shown::{HOSTILE, is_safe_lines};
use crate::tui::board::{self, CURSOR_FG, SELECTED_BG, TARGET_BG, seat_colour};
use crate::tui::input::{Command, on_key};
use crate::tui::ui::{Confirm, Connection, Focus, Popup, Ui};
use crate::tui::{play, replay};

const WIDTH: u16 = 120;
const HEIGHT: u16 = 40;
const SYSTEMS: [&str; 5] = [
    "fantasy-armies",
    "summoners-chess",
    "chessboard-confrontation",
    "chess-war",
    "action-chess-faction-chess",
];

/// A recorded game as seat 0 saw it: a snapshot and the batches after it.
#[derive(Deserialize)]
struct Recorded {
    snapshot: Snapshot,
    batches: Vec<Batch>,
}

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn recorded(system: &str) -> GameState {
    let path = fixtures().join(format!("{system}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let recorded: Recorded = serde_json::from_str(&text).unwrap();
    let mut state = GameState::from_snapshot(recorded.snapshot);
    for batch in &recorded.batches {
        assert!(state.apply_batch(batch), "{system}: batch {}", batch.seq);
    }
    assert!(state.my_turn(), "{system}: recorded on seat 0's turn");
    state
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn press(ui: &mut Ui, state: &GameState, codes: &[KeyCode]) -> Command {
    let mut last = Command::Nothing;
    for code in codes {
        last = on_key(ui, state, key(*code));
    }
    last
}

fn typed(text: &str) -> Vec<KeyCode> {
    text.chars().map(KeyCode::Char).collect()
}

fn live_screen(state: &GameState, ui: &Ui, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| play::draw(frame, state, ui)).unwrap();
    terminal.backend().buffer().clone()
}

fn replay_screen(replay: &ReplayState, ui: &Ui) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, HEIGHT)).unwrap();
    terminal
        .draw(|frame| replay::draw(frame, replay, ui))
        .unwrap();
    terminal.backend().buffer().clone()
}

/// The buffer's text, one line per row, trailing spaces cut.
fn text(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let row: String = (area.left()..area.right())
            .map(|x| buffer[(x, y)].symbol())
            .collect();
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

/// Compares a screen with `tests/fixtures/<name>.screen.txt`; FRAY_BLESS=1
/// writes it instead.
fn expect_screen(name: &str, buffer: &Buffer) {
    let path = fixtures().join(format!("{name}.screen.txt"));
    let actual = text(buffer);
    if std::env::var_os("FRAY_BLESS").is_some() {
        std::fs::write(&path, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    if actual == expected {
        return;
    }
    let mut report = format!("the screen {name} differs from {}:\n", path.display());
    let (a, e): (Vec<&str>, Vec<&str>) = (actual.lines().collect(), expected.lines().collect());
    for row in 0..a.len().max(e.len()) {
        let (got, want) = (a.get(row).unwrap_or(&""), e.get(row).unwrap_or(&""));
        if got != want {
            report.push_str(&format!(
                "row {row:>2} want |{want}\nrow {row:>2} got  |{got}\n"
            ));
        }
    }
    report.push_str(
        "if the change is meant, run FRAY_BLESS=1 cargo test -p fray-cli tui:: and read the diff",
    );
    panic!("{report}");
}

/// Where the board's squares are on a live screen: inside the board's
/// border, under the one-line header.
fn board_area() -> Rect {
    Rect::new(1, 2, WIDTH, HEIGHT)
}

fn glyph_cell<'a>(
    buffer: &'a Buffer,
    state: &GameState,
    square: Square,
) -> &'a ratatui::buffer::Cell {
    let (x, y) = board::cell_position(&state.view, board_area(), square, false);
    &buffer[(x + 1, y)]
}

/// An option of a piece whose square no other option of that piece reaches.
fn lone_move(state: &GameState) -> ActionOption {
    state
        .options
        .iter()
        .find(|option| {
            let Some(to) = option.action.to else {
                return false;
            };
            option.action.piece.is_some()
                && option.action.target.is_none()
                && state
                    .options
                    .iter()
                    .filter(|o| o.action.piece == option.action.piece && o.action.to == Some(to))
                    .count()
                    == 1
        })
        .expect("a plain move")
        .clone()
}

fn square_of(state: &GameState, piece: PieceId) -> Square {
    state.view.pieces[&piece].square.unwrap()
}

#[test]
fn each_system_is_drawn_as_recorded() {
    for system in SYSTEMS {
        let state = recorded(system);
        let ui = Ui::new(&state);
        expect_screen(system, &live_screen(&state, &ui, WIDTH, HEIGHT));
    }
}

#[test]
fn a_selected_piece_shows_where_its_options_go() {
    let state = recorded("fantasy-armies");
    let mut ui = Ui::new(&state);
    let option = lone_move(&state);
    let piece = option.action.piece.unwrap();
    ui.cursor = square_of(&state, piece);
    assert_eq!(press(&mut ui, &state, &[KeyCode::Enter]), Command::Nothing);
    assert_eq!(ui.selected, Some(piece));
    let screen = live_screen(&state, &ui, WIDTH, HEIGHT);
    expect_screen("fantasy-armies-selected", &screen);

    let (x, y) = board::cell_position(&state.view, board_area(), ui.cursor, false);
    assert_eq!(screen[(x, y)].bg, SELECTED_BG);
    assert_eq!(screen[(x - 1, y)].symbol(), "[");
    assert_eq!(screen[(x - 1, y)].fg, CURSOR_FG);
    let target = option.action.to.unwrap();
    let (tx, ty) = board::cell_position(&state.view, board_area(), target, false);
    assert_eq!(screen[(tx, ty)].bg, TARGET_BG, "{target} is highlighted");
    let elsewhere = (0..8)
        .flat_map(|f| (0..8).map(move |r| Square::new(f, r)))
        .find(|sq| !crate::tui::ui::targets(&state, piece).contains(sq) && *sq != ui.cursor)
        .unwrap();
    let (ex, ey) = board::cell_position(&state.view, board_area(), elsewhere, false);
    assert_ne!(screen[(ex, ey)].bg, TARGET_BG, "{elsewhere} is not");
}

#[test]
fn pieces_are_coloured_by_their_owner() {
    for system in SYSTEMS {
        let state = recorded(system);
        let screen = live_screen(&state, &Ui::new(&state), WIDTH, HEIGHT);
        let on_board = |seat: u8| {
            state
                .view
                .pieces
                .values()
                .find(|p| p.owner == Seat(seat) && p.square.is_some())
                .unwrap()
        };
        let (mine, theirs) = (on_board(0), on_board(1));
        let mine_cell = glyph_cell(&screen, &state, mine.square.unwrap());
        let theirs_cell = glyph_cell(&screen, &state, theirs.square.unwrap());
        assert_eq!(
            mine_cell.symbol(),
            mine.glyph.chars().next().unwrap().to_string()
        );
        assert_eq!(mine_cell.fg, seat_colour(Seat(0)), "{system}");
        assert_eq!(theirs_cell.fg, seat_colour(Seat(1)), "{system}");
        assert_ne!(mine_cell.fg, theirs_cell.fg, "{system}");
    }
}

#[test]
fn a_piece_then_its_square_plays_that_exact_option() {
    let state = recorded("fantasy-armies");
    let mut ui = Ui::new(&state);
    let option = lone_move(&state);
    ui.cursor = square_of(&state, option.action.piece.unwrap());
    press(&mut ui, &state, &[KeyCode::Enter]);
    ui.cursor = option.action.to.unwrap();
    assert_eq!(
        press(&mut ui, &state, &[KeyCode::Enter]),
        Command::Play(option.action)
    );
    assert_eq!(ui.selected, None, "playing drops the selection");
}

#[test]
fn the_cursor_moves_with_arrows_and_hjkl_within_the_board() {
    let state = recorded("summoners-chess");
    let mut ui = Ui::new(&state);
    ui.cursor = Square::new(0, 0);
    press(
        &mut ui,
        &state,
        &[KeyCode::Up, KeyCode::Char('l'), KeyCode::Right],
    );
    assert_eq!(ui.cursor, Square::new(2, 1));
    press(
        &mut ui,
        &state,
        &[KeyCode::Down, KeyCode::Down, KeyCode::Char('h')],
    );
    assert_eq!(ui.cursor, Square::new(1, 0));
    press(&mut ui, &state, &[KeyCode::Left; 5]);
    assert_eq!(ui.cursor, Square::new(0, 0));
}

#[test]
fn several_options_on_one_square_are_offered_in_a_list() {
    let mut state = recorded("chessboard-confrontation");
    let piece = state.options.iter().find_map(|o| o.action.piece).unwrap();
    let from = square_of(&state, piece);
    let to = Square::new(from.file, (from.rank + 1) % 8);
    // Two ways to reach one square, as a system with choices would list.
    state.options = ["walk", "charge"]
        .into_iter()
        .map(|verb| ActionOption {
            action: Action::new(verb).piece(piece).to(to),
            notation: format!("{verb} {to}"),
            label: format!("{verb}s to {to}"),
        })
        .collect();
    let mut ui = Ui::new(&state);
    ui.cursor = from;
    press(&mut ui, &state, &[KeyCode::Enter]);
    ui.cursor = to;
    assert_eq!(press(&mut ui, &state, &[KeyCode::Enter]), Command::Nothing);
    assert!(matches!(&ui.popup, Some(Popup::Options { options, .. }) if options == &[0, 1]));
    let screen = text(&live_screen(&state, &ui, WIDTH, HEIGHT));
    assert!(screen.contains("charges to"), "{screen}");
    assert_eq!(
        press(&mut ui, &state, &[KeyCode::Down, KeyCode::Enter]),
        Command::Play(state.options[1].action.clone())
    );
    assert_eq!(ui.popup, None);
}

#[test]
fn typed_notation_plays_the_option_written_so() {
    let state = recorded("summoners-chess");
    let option = state.options[3].clone();
    let mut ui = Ui::new(&state);
    let mut keys = vec![KeyCode::Char(':')];
    keys.extend(typed(&option.notation.to_lowercase()));
    keys.push(KeyCode::Enter);
    assert_eq!(press(&mut ui, &state, &keys), Command::Play(option.action));
    assert_eq!(ui.prompt, None);

    let mut keys = vec![KeyCode::Char(':')];
    keys.extend(typed("zz9"));
    let shown = {
        press(&mut ui, &state, &keys);
        text(&live_screen(&state, &ui, WIDTH, HEIGHT))
    };
    assert!(shown.contains(":zz9"), "the prompt shows what is typed");
    assert_eq!(press(&mut ui, &state, &[KeyCode::Enter]), Command::Nothing);
    assert_eq!(ui.status.as_deref(), Some("no option is written 'zz9'"));
    let screen = text(&live_screen(&state, &ui, WIDTH, HEIGHT));
    assert!(screen.contains("no option is written 'zz9'"));
}

#[test]
fn the_options_list_takes_tab_arrows_and_enter() {
    let state = recorded("chessboard-confrontation");
    let mut ui = Ui::new(&state);
    press(&mut ui, &state, &[KeyCode::Tab]);
    assert_eq!(ui.focus, Focus::Options);
    let pass = state
        .options
        .iter()
        .position(|o| o.action.to.is_none() && o.action.piece.is_none())
        .expect("an option that takes no square");
    let mut keys = vec![KeyCode::Down; pass];
    keys.push(KeyCode::Enter);
    assert_eq!(
        press(&mut ui, &state, &keys),
        Command::Play(state.options[pass].action.clone())
    );
    assert_eq!(ui.focus, Focus::Board);
}

/// Action Chess Faction Chess's verbs, in the forms its options take: a
/// piece with a direction, a piece and a piece aimed at, a square alone,
/// and nothing at all.
fn faction_chess_options(state: &GameState) -> Vec<ActionOption> {
    let mine = |seat: u8| {
        state
            .view
            .pieces
            .values()
            .filter(move |p| p.owner == Seat(seat) && p.square.is_some())
            .map(|p| p.id)
    };
    let mover = mine(0).next().unwrap();
    let friend = mine(0).nth(1).unwrap();
    let empty = (0..8)
        .flat_map(|f| (0..8).map(move |r| Square::new(f, r)))
        .find(|sq| Cells::new(&state.view, state.me).occupants(*sq).is_empty())
        .unwrap();
    let option = |action: Action, notation: &str| ActionOption {
        action,
        notation: notation.into(),
        label: format!("{notation} as labelled"),
    };
    vec![
        option(
            Action::new("roll").piece(mover).choice("north-east"),
            "Mb1>ne",
        ),
        option(
            Action::new("become").piece(mover).choice("leonine"),
            "gb1=L",
        ),
        option(Action::new("merge").piece(mover).target(friend), "ob1+c1"),
        option(Action::new("build").to(empty), &format!("F+{empty}")),
        option(Action::new("done"), "done"),
    ]
}

#[test]
fn every_form_of_a_faction_chess_option_is_played_as_listed() {
    let mut state = recorded("action-chess-faction-chess");
    state.options = faction_chess_options(&state);
    for (at, option) in state.options.iter().enumerate() {
        let mut ui = Ui::new(&state);
        let mut keys = vec![KeyCode::Tab];
        keys.extend(vec![KeyCode::Down; at]);
        keys.push(KeyCode::Enter);
        assert_eq!(
            press(&mut ui, &state, &keys),
            Command::Play(option.action.clone()),
            "{}",
            option.notation
        );
    }
    // On the board: a square alone builds there; a piece, then the piece it
    // aims at, merges.
    let (build, merge) = (&state.options[3], &state.options[2]);
    let mut ui = Ui::new(&state);
    ui.cursor = build.action.to.unwrap();
    assert_eq!(
        press(&mut ui, &state, &[KeyCode::Enter]),
        Command::Play(build.action.clone())
    );
    ui.cursor = square_of(&state, merge.action.piece.unwrap());
    press(&mut ui, &state, &[KeyCode::Enter]);
    ui.cursor = square_of(&state, merge.action.target.unwrap());
    assert_eq!(
        press(&mut ui, &state, &[KeyCode::Enter]),
        Command::Play(merge.action.clone())
    );
    let screen = text(&live_screen(&state, &Ui::new(&state), 80, 24));
    assert!(screen.contains("Options (5)"), "{screen}");
    assert!(screen.contains("Mb1>ne"), "{screen}");
}

/// Seat 0 is asked to answer during seat 1's turn.
fn reaction() -> GameState {
    let piece = |id, owner, square: &str| PieceView {
        count: 1,
        id: PieceId(id),
        owner: Seat(owner),
        kind: "wizard".into(),
        name: "Wizard".into(),
        glyph: "W".into(),
        square: Some(square.parse().unwrap()),
        stats: vec![Stat::new("M", "2")],
        markers: Vec::new(),
    };
    let view = View {
        system: "test".into(),
        width: 8,
        height: 8,
        pieces: [
            (PieceId(1), piece(1, 0, "d1")),
            (PieceId(2), piece(2, 1, "d8")),
        ]
        .into(),
        players: Vec::new(),
        turn: TurnView {
            number: 4,
            round: None,
            phase: "dispel".into(),
            active: vec![Seat(1)],
        },
        ..View::default()
    };
    let option = |choice: &str| ActionOption {
        action: Action::new("answer").choice(choice),
        notation: choice.into(),
        label: format!("answer {choice}"),
    };
    GameState::from_snapshot(Snapshot {
        match_id: MatchId(3),
        seq: 8,
        status: MatchStatus::Running,
        seat: Some(Seat(0)),
        view,
        to_act: vec![Seat(0)],
        options: vec![option("dispel"), option("let-it-be")],
        commitment: String::new(),
    })
}

#[test]
fn a_reaction_off_turn_pops_up_titled_with_the_phase() {
    let state = reaction();
    let mut ui = Ui::new(&state);
    match &ui.popup {
        Some(Popup::Options { title, options, .. }) => {
            assert!(title.contains("Dispel"), "{title}");
            assert_eq!(options, &[0, 1]);
        }
        other => panic!("expected the reaction popup, got {other:?}"),
    }
    let screen = text(&live_screen(&state, &ui, WIDTH, HEIGHT));
    assert!(screen.contains("Dispel: your answer"), "{screen}");
    assert!(screen.contains("answer let-it-be"));

    press(&mut ui, &state, &[KeyCode::Esc]);
    assert_eq!(ui.popup, None);
    ui.sync(&state);
    assert_eq!(ui.popup, None, "closed stays closed for the same batch");
    assert_eq!(
        press(
            &mut ui,
            &state,
            &[KeyCode::Tab, KeyCode::Down, KeyCode::Enter]
        ),
        Command::Play(state.options[1].action.clone())
    );

    // On my own turn, choices that name nothing on the board pop up as a
    // choice; a turn with moves on the board asks nothing.
    let mut on_turn = reaction();
    on_turn.view.turn.active = vec![Seat(0)];
    assert!(matches!(
        Ui::new(&on_turn).popup,
        Some(Popup::Options { title, .. }) if title == "Dispel: your choice"
    ));
    let moving = recorded("summoners-chess");
    assert_eq!(
        Ui::new(&moving).popup,
        None,
        "my own turn on the board asks nothing"
    );
    let mut watching = reaction();
    watching.me = None;
    assert_eq!(Ui::new(&watching).popup, None);
}

#[test]
fn resigning_and_leaving_ask_first_but_watchers_just_go() {
    let state = reaction();
    let mut ui = Ui::new(&state);
    ui.popup = None;
    press(&mut ui, &state, &[KeyCode::Char('?')]);
    assert!(
        text(&live_screen(&state, &ui, WIDTH, HEIGHT)).contains("this help; any key closes it")
    );
    press(&mut ui, &state, &[KeyCode::Char('x')]);
    assert_eq!(ui.popup, None);
    press(&mut ui, &state, &[KeyCode::Char('r')]);
    assert_eq!(ui.popup, Some(Popup::Confirm(Confirm::Resign)));
    assert!(text(&live_screen(&state, &ui, WIDTH, HEIGHT)).contains("Resign this match? y / n"));
    assert_eq!(
        press(&mut ui, &state, &[KeyCode::Char('n')]),
        Command::Nothing
    );
    assert_eq!(ui.popup, None);
    assert_eq!(
        press(&mut ui, &state, &[KeyCode::Char('r'), KeyCode::Char('y')]),
        Command::Resign
    );
    assert_eq!(
        press(&mut ui, &state, &[KeyCode::Char('q')]),
        Command::Nothing
    );
    assert_eq!(ui.popup, Some(Popup::Confirm(Confirm::Quit)));
    assert_eq!(press(&mut ui, &state, &[KeyCode::Char('y')]), Command::Quit);

    let mut watching = reaction();
    watching.me = None;
    let mut ui = Ui::new(&watching);
    assert_eq!(
        press(&mut ui, &watching, &[KeyCode::Char('r')]),
        Command::Nothing
    );
    assert_eq!(ui.popup, None, "a watcher has nothing to resign");
    assert_eq!(
        press(&mut ui, &watching, &[KeyCode::Char('q')]),
        Command::Quit
    );
}

#[test]
fn the_connection_news_reaches_the_state_and_the_status_line() {
    let mut state = reaction();
    let mut ui = Ui::new(&state);
    ui.popup = None;
    let absorbed = play::absorb(
        &mut state,
        &mut ui,
        LiveEvent::Reconnecting {
            attempt: 2,
            reason: "connection reset".into(),
        },
    );
    assert!(absorbed.applied.is_none());
    let screen = text(&live_screen(&state, &ui, WIDTH, HEIGHT));
    assert!(
        screen.contains("Reconnecting, attempt 2 (connection reset)"),
        "{screen}"
    );

    let batch = |seq| Batch {
        match_id: MatchId(3),
        seq,
        effects: vec![Effect::Narration {
            text: "The wizard mutters.".into(),
        }],
        to_act: vec![Seat(1)],
        options: Vec::new(),
    };
    let absorbed = play::absorb(&mut state, &mut ui, LiveEvent::Batch(batch(11)));
    assert!(absorbed.applied.is_none());
    assert_eq!(ui.connection, Connection::OutOfStep);
    let absorbed = play::absorb(&mut state, &mut ui, LiveEvent::Batch(batch(9)));
    assert_eq!(absorbed.applied, Some(9));
    assert!(state.options.is_empty());
    assert_eq!(ui.popup, None, "no options, no popup");

    ui.pending = Some(5);
    play::absorb(
        &mut state,
        &mut ui,
        LiveEvent::Refused {
            id: Some(5),
            code: fray_protocol::ErrorCode::IllegalAction,
            message: "the Wizard cannot reach d5".into(),
        },
    );
    play::absorb(
        &mut state,
        &mut ui,
        LiveEvent::SeatAway {
            seat: Seat(1),
            seconds: 60,
        },
    );
    assert_eq!(ui.pending, None);
    let screen = text(&live_screen(&state, &ui, WIDTH, HEIGHT));
    assert!(
        screen.contains("refused: the Wizard cannot reach d5"),
        "{screen}"
    );
    assert!(screen.contains("Seat 2 is away: loses in 60 s"), "{screen}");
    assert!(screen.contains("The wizard mutters."));
    play::absorb(&mut state, &mut ui, LiveEvent::SeatBack { seat: Seat(1) });
    assert!(ui.away.is_empty());

    let closed = play::absorb(
        &mut state,
        &mut ui,
        LiveEvent::Closed {
            failure: crate::fail::Failure::other("gave up"),
        },
    );
    assert_eq!(closed.closed.unwrap().message, "gave up");
}

#[test]
fn a_small_terminal_is_asked_to_grow() {
    let state = recorded("fantasy-armies");
    let screen = text(&live_screen(&state, &Ui::new(&state), 70, 20));
    assert!(
        screen.contains("enlarge the terminal to at least"),
        "{screen}"
    );
    assert!(!screen.contains("Board"));
}

fn little_replay() -> Replay {
    let knight = |id, owner, square: &str| PieceView {
        count: 1,
        id: PieceId(id),
        owner: Seat(owner),
        kind: "knight".into(),
        name: "Knight".into(),
        glyph: "N".into(),
        square: Some(square.parse().unwrap()),
        stats: vec![Stat::new("HTH", "2")],
        markers: Vec::new(),
    };
    let turn = |number, seat| Effect::TurnChanged {
        turn: TurnView {
            number,
            round: None,
            phase: "battle".into(),
            active: vec![Seat(seat)],
        },
    };
    let event =
        |seq: u64, seat: Option<u8>, action: Option<Action>, effects: Vec<Effect>| ReplayEvent {
            seq,
            seat: seat.map(Seat),
            kind: if seq == 0 {
                EventKind::Setup
            } else {
                EventKind::Action
            },
            action,
            effects: effects.into_iter().map(ScopedEffect::public).collect(),
        };
    let moved = |id, from: &str, to: &str| Effect::PieceMoved {
        piece: PieceId(id),
        from: Some(from.parse().unwrap()),
        to: to.parse().unwrap(),
    };
    Replay {
        summary: MatchSummary {
            id: MatchId(12),
            system: SystemId::FantasyArmies,
            config: MatchConfig::new(SystemId::FantasyArmies),
            status: MatchStatus::Finished,
            seats: Vec::new(),
            seq: 3,
            // SHA-256 of 32 zero bytes.
            commitment: Some(
                "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925".into(),
            ),
            outcome: None,
            created_at: String::new(),
            rematch: None,
            rematch_of: None,
        },
        armies: Vec::new(),
        seed: "00".repeat(32),
        chat: Vec::new(),
        events: vec![
            event(
                0,
                None,
                None,
                vec![
                    Effect::GameCreated {
                        system: "fantasy-armies".into(),
                        width: 8,
                        height: 8,
                    },
                    Effect::PiecePlaced {
                        piece: knight(1, 0, "b1"),
                    },
                    Effect::PiecePlaced {
                        piece: knight(2, 1, "g8"),
                    },
                    turn(1, 0),
                ],
            ),
            event(
                1,
                Some(0),
                Some(
                    Action::new("move")
                        .piece(PieceId(1))
                        .to("c3".parse().unwrap()),
                ),
                vec![moved(1, "b1", "c3"), turn(2, 1)],
            ),
            event(
                2,
                Some(1),
                Some(
                    Action::new("move")
                        .piece(PieceId(2))
                        .to("f6".parse().unwrap()),
                ),
                vec![moved(2, "g8", "f6"), turn(3, 0)],
            ),
            event(
                3,
                Some(0),
                Some(
                    Action::new("move")
                        .piece(PieceId(1))
                        .to("d5".parse().unwrap()),
                ),
                vec![moved(1, "c3", "d5"), turn(4, 1)],
            ),
        ],
        next: None,
    }
}

fn replay_key(ui: &mut Ui, replay: &mut ReplayState, codes: &[KeyCode]) -> bool {
    codes
        .iter()
        .fold(false, |_, code| replay::on_key(ui, replay, key(*code)))
}

#[test]
fn replay_keys_step_and_jump() {
    let mut replay = ReplayState::new(little_replay());
    let mut ui = Ui::new(replay.state());
    assert!(!replay_key(&mut ui, &mut replay, &[KeyCode::Right]));
    assert_eq!(replay.position(), (1, 4));
    replay_key(
        &mut ui,
        &mut replay,
        &[KeyCode::Char('n'), KeyCode::Char('n'), KeyCode::Char('n')],
    );
    assert_eq!(replay.position(), (3, 4));
    replay_key(&mut ui, &mut replay, &[KeyCode::Left, KeyCode::Char('p')]);
    assert_eq!(replay.position(), (1, 4));
    replay_key(&mut ui, &mut replay, &[KeyCode::End]);
    assert_eq!(replay.position(), (3, 4));
    replay_key(&mut ui, &mut replay, &[KeyCode::Home]);
    assert_eq!(replay.position(), (0, 4));
    replay_key(
        &mut ui,
        &mut replay,
        &[KeyCode::Char('g'), KeyCode::Char('2'), KeyCode::Enter],
    );
    assert_eq!(replay.position(), (2, 4));
    assert_eq!(ui.prompt, None);
    assert!(replay_key(&mut ui, &mut replay, &[KeyCode::Char('q')]));
}

#[test]
fn the_replay_screen_says_where_it_is_and_checks_the_seed() {
    let mut replay = ReplayState::new(little_replay());
    let mut ui = Ui::new(replay.state());
    replay_key(&mut ui, &mut replay, &[KeyCode::Right, KeyCode::Right]);
    let screen = replay_screen(&replay, &ui);
    expect_screen("replay", &screen);
    let shown = text(&screen);
    assert!(shown.contains("event 2 of 3"), "{shown}");
    assert!(shown.contains("matches the commitment"), "{shown}");
    assert!(shown.contains("Seat 2: move Knight to f6"), "{shown}");

    let mut forged = little_replay();
    forged.seed = "01".repeat(32);
    let forged = ReplayState::new(forged);
    let shown = text(&replay_screen(&forged, &Ui::new(forged.state())));
    assert!(shown.contains("set-up (event 0 of 3)"), "{shown}");
    assert!(shown.contains("does not match"), "{shown}");
}

/// `text` with terminal commands after it, as a hostile player (or a name
/// stored before the server refused such names) would have it.
fn hostile(text: &str) -> String {
    format!("{text}{HOSTILE}")
}

/// The screen as text, checked to hold nothing a terminal would act on.
fn drawn_safely(buffer: &Buffer) -> String {
    let drawn = text(buffer);
    assert!(
        is_safe_lines(&drawn),
        "a terminal command reached the screen:\n{drawn}"
    );
    drawn
}

#[test]
fn the_servers_text_is_drawn_escaped_wherever_it_shows() {
    let mut state = reaction();
    state.names = vec![(Seat(0), hostile("Eve")), (Seat(1), hostile("Mallory"))];
    state.view.players = [0, 1]
        .map(|seat| PlayerView {
            seat: Seat(seat),
            army: Some(hostile("orcs")),
            resources: [(hostile("gold"), 3)].into(),
        })
        .into();
    state.view.turn.phase = hostile("dispel");
    state
        .view
        .terrain
        .insert("d2".parse().unwrap(), hostile("swamp"));
    for piece in state.view.pieces.values_mut() {
        piece.name = hostile("Wizard");
        piece.glyph = HOSTILE.into();
        piece.stats.push(Stat::new(hostile("M"), hostile("2")));
        piece.markers.push(Marker::new("cursed", hostile("cursed")));
    }
    for option in &mut state.options {
        option.notation = hostile(&option.notation);
        option.label = hostile(&option.label);
    }
    let roll = DiceRoll {
        seat: Some(Seat(1)),
        piece: Some(PieceId(2)),
        purpose: hostile("casting").into(),
        dice: vec![Die { sides: 6, face: 4 }],
        modifier: 0,
        total: 4,
        result: hostile("cast").into(),
    };
    let effects = [
        Effect::Narration {
            text: hostile("a voice").into(),
        },
        Effect::DiceRolled { roll },
    ];
    state.apply_effects(9, &effects);

    // The reaction pops up, titled with the phase, listing the options.
    let mut ui = Ui::new(&state);
    ui.cursor = "d1".parse().unwrap();
    let drawn = drawn_safely(&live_screen(&state, &ui, WIDTH, HEIGHT));
    assert!(drawn.contains("\\u{1b}]0;owned"), "{drawn}");
    // Without it: the board, the panels, the options, the log.
    press(&mut ui, &state, &[KeyCode::Esc]);
    let drawn = drawn_safely(&live_screen(&state, &ui, WIDTH, HEIGHT));
    assert!(drawn.contains("voice\\u{1b}"), "{drawn}");
    assert!(drawn.contains("Eve\\u{1b}"), "{drawn}");

    state.view.outcome = Some(Outcome::win(Seat(1), hostile("the king fell")));
    state.to_act.clear();
    state.options.clear();
    drawn_safely(&live_screen(&state, &Ui::new(&state), WIDTH, HEIGHT));
}

#[test]
fn a_replay_draws_the_servers_text_escaped() {
    let mut replay = little_replay();
    replay.summary.seats = [0, 1]
        .map(|seat| SeatSummary {
            seat: Seat(seat),
            player: Some(PlayerRef {
                id: PlayerId(i64::from(seat) + 1),
                name: hostile("Eve"),
            }),
            army: Some(hostile("orcs")),
            list_name: Some(hostile("list")),
            bot: None,
        })
        .into();
    replay.events[1]
        .effects
        .push(ScopedEffect::public(Effect::Narration {
            text: hostile("a voice").into(),
        }));
    let mut replay = ReplayState::new(replay);
    let mut ui = Ui::new(replay.state());
    replay_key(&mut ui, &mut replay, &[KeyCode::Right]);
    let drawn = drawn_safely(&replay_screen(&replay, &ui));
    assert!(drawn.contains("voice\\u{1b}"), "{drawn}");
}

#[test]
fn the_screen_comparison_can_fail() {
    let state = recorded("chessboard-confrontation");
    let mut ui = Ui::new(&state);
    ui.cursor = Square::new(7, 7);
    let moved = live_screen(&state, &ui, WIDTH, HEIGHT);
    let caught = std::panic::catch_unwind(|| {
        // FRAY_BLESS would write the wrong screen; the point is the compare.
        if std::env::var_os("FRAY_BLESS").is_none() {
            expect_screen("chessboard-confrontation", &moved);
        } else {
            panic!("blessing");
        }
    });
    assert!(caught.is_err(), "a cursor elsewhere must not match");
}

#[test]
fn the_history_after_a_snapshot_rebuilds_the_log_or_says_why_not() {
    let mut state = reaction();
    let mut ui = Ui::new(&state);
    ui.popup = None;
    let system = state.view.system.clone();
    let history = fray_protocol::History {
        match_id: state.match_id,
        seat: state.me,
        events: vec![fray_protocol::HistoryEvent {
            seq: 0,
            seat: None,
            kind: fray_protocol::EventKind::Setup,
            action: None,
            effects: vec![Effect::GameCreated {
                system: system.clone(),
                width: 8,
                height: 8,
            }],
        }],
        next: None,
    };
    let absorbed = play::absorb(&mut state, &mut ui, LiveEvent::History(Ok(history)));
    assert!(absorbed.applied.is_none());
    assert_eq!(
        state
            .log
            .first()
            .map(|entry| (entry.seq, entry.text.clone())),
        Some((0, format!("A game of {system} is set up.")))
    );

    play::absorb(
        &mut state,
        &mut ui,
        LiveEvent::History(Err("the server is stopping".into())),
    );
    let screen = text(&live_screen(&state, &ui, WIDTH, HEIGHT));
    assert!(
        screen.contains("could not be read from the server"),
        "{screen}"
    );
}

#[test]
fn the_board_reads_without_colour_owners_last_move_and_large_bodies() {
    let mut state = recorded("summoners-chess");
    let screen = live_screen(&state, &Ui::new(&state), WIDTH, HEIGHT);
    let mark = |square: Square| {
        let (x, y) = board::cell_position(&state.view, board_area(), square, false);
        screen[(x, y)].symbol().to_string()
    };
    for piece in state.view.pieces.values() {
        let Some(square) = piece.square else { continue };
        let want = if piece.owner == Seat(0) { " " } else { "*" };
        assert_eq!(mark(square), want, "{} on {square}", piece.name);
        assert_eq!(
            glyph_cell(&screen, &state, square).symbol(),
            piece.glyph.chars().next().unwrap().to_string()
        );
    }
    let last = state.last_move_squares();
    assert_eq!(last.len(), 2, "the recording ends with a move");
    for file in 0..8 {
        for rank in 0..8 {
            let square = Square::new(file, rank);
            let (x, y) = board::cell_position(&state.view, board_area(), square, false);
            let reversed = screen[(x + 1, y)]
                .modifier
                .contains(ratatui::style::Modifier::REVERSED);
            assert_eq!(reversed, last.contains(&square), "{square}");
        }
    }

    let piece = state
        .view
        .pieces
        .values_mut()
        .find(|p| p.owner == Seat(1) && p.square.is_some())
        .unwrap();
    piece.square = Some("d5".parse().unwrap());
    piece.stats = vec![Stat::new("size", "large"), Stat::new("reach", "north-east")];
    let glyph = piece.glyph.clone();
    let screen = live_screen(&state, &Ui::new(&state), WIDTH, HEIGHT);
    for square in ["d5", "e5", "d6", "e6"] {
        let (x, y) =
            board::cell_position(&state.view, board_area(), square.parse().unwrap(), false);
        let drawn: String = (x..x + 2).map(|x| screen[(x, y)].symbol()).collect();
        assert_eq!(drawn, format!("*{glyph}"), "{square}");
    }
}

#[test]
fn the_classic_80_by_24_terminal_plays_every_system() {
    for system in SYSTEMS {
        let state = recorded(system);
        let ui = Ui::new(&state);
        let screen = live_screen(&state, &ui, 80, 24);
        expect_screen(&format!("{system}-80x24"), &screen);
        let shown = text(&screen);
        assert!(!shown.contains("enlarge"), "{system}: {shown}");
        for piece in state.view.pieces.values() {
            let Some(square) = piece.square else { continue };
            // Dense: one row per rank, under the header, border and files.
            let (x, y) = board::cell_position(&state.view, Rect::new(1, 2, 80, 24), square, true);
            assert_eq!(
                screen[(x + 1, y)].symbol(),
                piece.glyph.chars().next().unwrap().to_string(),
                "{system}: {} on {square}",
                piece.name
            );
        }
        let options = state.options.len();
        assert!(shown.contains(&format!("Options ({options})")), "{shown}");
        assert!(
            shown.contains(&state.options[0].notation),
            "{system}: {shown}"
        );
        assert!(shown.contains("Log"), "{system}");
    }
}

#[test]
fn a_large_terminal_adds_the_moves_column() {
    let state = recorded("summoners-chess");
    let shown = text(&live_screen(&state, &Ui::new(&state), 120, 40));
    assert!(shown.contains("Moves (m)"), "{shown}");
    let last = crate::history::moves(&state).pop().unwrap();
    assert!(shown.contains(&format!("{:>4} ", last.seq)), "{shown}");
    let small = text(&live_screen(&state, &Ui::new(&state), 80, 24));
    assert!(!small.contains("Moves (m)"), "{small}");
}

/// The status line: the screen's last row.
fn footer(state: &GameState, ui: &Ui) -> String {
    text(&live_screen(state, ui, 80, 24))
        .lines()
        .last()
        .unwrap()
        .to_string()
}

#[test]
fn esc_steps_back_to_the_board_and_never_asks_to_leave() {
    let state = recorded("chessboard-confrontation");
    let mut ui = Ui::new(&state);
    press(&mut ui, &state, &[KeyCode::Tab]);
    assert_eq!(ui.focus, Focus::Options);
    assert_eq!(press(&mut ui, &state, &[KeyCode::Esc]), Command::Nothing);
    assert_eq!(ui.focus, Focus::Board);
    assert_eq!(ui.popup, None);
    assert_eq!(press(&mut ui, &state, &[KeyCode::Esc]), Command::Nothing);
    assert_eq!(ui.popup, None, "Esc on the board does not ask to leave");
    assert_eq!(ui.status.as_deref(), Some("q leaves the match"));

    let mut waiting = state.clone();
    waiting.options.clear();
    waiting.to_act = vec![Seat(1)];
    let mut ui = Ui::new(&waiting);
    press(&mut ui, &waiting, &[KeyCode::Tab, KeyCode::Esc]);
    assert_eq!(ui.focus, Focus::Board);
    assert_eq!(ui.popup, None, "Tab then Esc off turn stays in the match");
}

#[test]
fn esc_from_the_options_list_drops_the_highlighted_option() {
    let state = recorded("fantasy-armies");
    // A piece selected, its options listed, one highlighted: Esc goes back
    // to the board, and Enter there plays nothing the player did not pick.
    let mut ui = Ui::new(&state);
    let piece = lone_move(&state).action.piece.unwrap();
    ui.cursor = square_of(&state, piece);
    press(
        &mut ui,
        &state,
        &[KeyCode::Enter, KeyCode::Tab, KeyCode::Down],
    );
    assert_eq!(ui.focus, Focus::Options);
    assert_eq!(press(&mut ui, &state, &[KeyCode::Esc]), Command::Nothing);
    assert_eq!(ui.focus, Focus::Board, "Esc leaves the list");
    assert_eq!(ui.option_index, 0, "and drops the highlight");
    assert_eq!(ui.selected, Some(piece), "a second Esc drops the selection");
    assert_eq!(
        press(&mut ui, &state, &[KeyCode::Enter]),
        Command::Nothing,
        "Enter on the selected piece's square selects, never plays"
    );

    // Without a selection: Tab, a highlight, Esc, Tab: the list opens at
    // its top, not at the option left.
    let mut ui = Ui::new(&state);
    press(
        &mut ui,
        &state,
        &[KeyCode::Tab, KeyCode::Down, KeyCode::Down],
    );
    assert_eq!(ui.option_index, 2);
    press(&mut ui, &state, &[KeyCode::Esc]);
    assert_eq!(ui.focus, Focus::Board);
    press(&mut ui, &state, &[KeyCode::Tab]);
    assert_eq!(ui.option_index, 0, "the option left is not highlighted");
}

#[test]
fn the_footer_tells_the_whole_label_the_options_panel_cuts() {
    let state = recorded("chess-war");
    let mut ui = Ui::new(&state);
    press(&mut ui, &state, &[KeyCode::Tab, KeyCode::Down]);
    let label = &state.options[ui.listed(&state)[ui.option_index]].label;
    let screen = text(&live_screen(&state, &ui, 80, 24));
    let footer = screen.lines().last().unwrap();
    assert!(footer.starts_with(&format!("▸ {label}")), "{footer}");
    let panel_row = screen
        .lines()
        .find(|line| line.contains("▸ ") && line != &footer)
        .unwrap();
    assert!(
        !panel_row.contains(label.as_str()),
        "{panel_row}: cut there"
    );
}

#[test]
fn the_footer_follows_the_focus_and_the_match() {
    let mut state = recorded("fantasy-armies");
    let mut ui = Ui::new(&state);
    let board = footer(&state, &ui);
    assert!(board.contains("Tab options"), "{board}");
    assert!(
        board.contains("r resign") && board.contains("q quit"),
        "{board}"
    );
    press(&mut ui, &state, &[KeyCode::Tab]);
    let options = footer(&state, &ui);
    assert!(options.contains("↑↓ choose"), "{options}");
    assert!(options.contains("Tab/Esc board"), "{options}");
    assert_ne!(board, options);
    ui.focus = Focus::Board;
    let option = lone_move(&state);
    ui.cursor = square_of(&state, option.action.piece.unwrap());
    press(&mut ui, &state, &[KeyCode::Enter]);
    assert!(footer(&state, &ui).contains("Esc drop"));

    state.view.outcome = Some(Outcome::win(Seat(0), "the king fell"));
    state.status = MatchStatus::Finished;
    state.options.clear();
    state.to_act.clear();
    let mut ui = Ui::new(&state);
    let over = footer(&state, &ui);
    assert!(over.starts_with("game over"), "{over}");
    assert!(!over.contains("resign"), "{over}");
    press(&mut ui, &state, &[KeyCode::Char('r')]);
    assert_eq!(ui.popup, None, "nothing to resign once it is over");
    press(&mut ui, &state, &[KeyCode::Char('?')]);
    let help = text(&live_screen(&state, &ui, 80, 24));
    assert!(!help.contains("resign"), "{help}");
    assert_eq!(
        press(&mut ui, &state, &[KeyCode::Char('x'), KeyCode::Char('q')]),
        Command::Quit
    );
}

#[test]
fn the_moves_popup_lists_every_action_and_scrolls() {
    let mut state = recorded("summoners-chess");
    let first = state.log[0].seq;
    let mut ui = Ui::new(&state);
    press(&mut ui, &state, &[KeyCode::Char('m')]);
    assert_eq!(ui.popup, Some(Popup::History { back: 0 }));
    let shown = text(&live_screen(&state, &ui, 80, 24));
    assert!(shown.contains("Moves"), "{shown}");
    assert!(
        shown.contains("  20 Seat 2: Acolyte moves b8 to c7."),
        "{shown}"
    );
    // More moves than the popup has rows: the newest show, older ones by
    // scrolling back.
    for seq in 21..60 {
        state.log.push(crate::game_state::LogEntry {
            seq,
            text: format!("move {seq}"),
        });
    }
    let shown = text(&live_screen(&state, &ui, 80, 24));
    assert!(shown.contains("  59 move 59"), "{shown}");
    assert!(!shown.contains(&format!("{first:>4} ")), "{shown}");
    press(&mut ui, &state, &[KeyCode::PageUp, KeyCode::Home]);
    let back = text(&live_screen(&state, &ui, 80, 24));
    assert!(back.contains(&format!("{first:>4} Seat")), "{back}");
    assert!(!back.contains("  59 move 59"), "{back}");
    press(&mut ui, &state, &[KeyCode::Char('x')]);
    assert_eq!(ui.popup, None);
}

#[test]
fn without_colour_the_marks_and_modifiers_stay() {
    let state = recorded("summoners-chess");
    let mut screen = live_screen(&state, &Ui::new(&state), 80, 24);
    crate::tui::terminal::strip_colours(&mut screen);
    let area = Rect::new(1, 2, 80, 24);
    for square in state.last_move_squares() {
        let (x, y) = board::cell_position(&state.view, area, square, true);
        let cell = &screen[(x + 1, y)];
        assert!(
            cell.modifier.contains(ratatui::style::Modifier::REVERSED),
            "{square}"
        );
        assert_eq!(cell.fg, ratatui::style::Color::Reset);
        assert_eq!(cell.bg, ratatui::style::Color::Reset);
    }
}

#[test]
fn a_replay_fits_80_by_24_too() {
    let mut replay = ReplayState::new(little_replay());
    let mut ui = Ui::new(replay.state());
    replay_key(&mut ui, &mut replay, &[KeyCode::Right, KeyCode::Right]);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| replay::draw(frame, &replay, &ui))
        .unwrap();
    let shown = text(terminal.backend().buffer());
    assert!(!shown.contains("enlarge"), "{shown}");
    assert!(shown.contains("event 2 of 3"), "{shown}");
    assert!(shown.contains("Seat 2: move Knight to f6"), "{shown}");
}

#[test]
fn a_replay_opens_the_moves_with_m() {
    let mut replay = ReplayState::new(little_replay());
    let mut ui = Ui::new(replay.state());
    replay_key(&mut ui, &mut replay, &[KeyCode::End, KeyCode::Char('m')]);
    assert_eq!(ui.popup, Some(Popup::History { back: 0 }));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| replay::draw(frame, &replay, &ui))
        .unwrap();
    let shown = text(terminal.backend().buffer());
    assert!(
        shown.contains("   3 Seat 1: Knight moves c3 to d5."),
        "{shown}"
    );
    assert!(!replay_key(&mut ui, &mut replay, &[KeyCode::Up]));
    assert_eq!(ui.popup, Some(Popup::History { back: 1 }));
    assert!(!replay_key(&mut ui, &mut replay, &[KeyCode::Char('q')]));
    assert_eq!(ui.popup, None, "q closes the popup first");
}

#[test]
fn only_another_players_return_is_news() {
    let mut state = reaction();
    let me = state.me.expect("the reaction state plays a seat");
    let other = Seat(1 - me.0);
    let mut ui = Ui::new(&state);
    play::absorb(&mut state, &mut ui, LiveEvent::SeatBack { seat: me });
    assert_eq!(ui.status, None, "one's own return is no news");
    play::absorb(&mut state, &mut ui, LiveEvent::SeatBack { seat: other });
    assert!(
        ui.status
            .as_deref()
            .is_some_and(|status| status.ends_with(" is back")),
        "{:?}",
        ui.status
    );
}

/// A Summoners Chess match at its set-up, as seat 0 sees it: no piece on
/// the board yet, and the two placements of its Acolytes to choose from.
fn placing_acolytes() -> GameState {
    let system = SystemId::SummonersChess;
    let armies = fray_rules::example_armies(system).unwrap();
    let mut dice = fray_rules::ChaChaDice::from_u64(5);
    let (game, _) = fray_rules::Game::setup(&MatchConfig::new(system), &armies, &mut dice).unwrap();
    let me = Seat(0);
    GameState::from_snapshot(Snapshot {
        match_id: MatchId(1),
        seq: 0,
        status: MatchStatus::Running,
        seat: Some(me),
        view: game.view(fray_protocol::Viewer::Seat(me)),
        to_act: game.to_act(),
        options: game.options(me),
        commitment: String::new(),
    })
}

#[test]
fn a_choice_with_nothing_on_the_board_to_pick_pops_up() {
    let state = placing_acolytes();
    assert!(state.view.pieces.is_empty());
    let mut ui = Ui::new(&state);
    match &ui.popup {
        Some(Popup::Options { title, options, .. }) => {
            assert_eq!(title, "Placing acolytes: your choice");
            assert_eq!(options, &[0, 1]);
        }
        other => panic!("expected the placements to pop up, got {other:?}"),
    }
    for (width, height) in [(WIDTH, HEIGHT), (80, 24)] {
        let screen = text(&live_screen(&state, &ui, width, height));
        assert!(
            screen.contains("Place your Acolytes on a1, c1, e1 and g1")
                && screen.contains("Place your Acolytes on b1, d1, f1 and h1"),
            "{width}×{height}:\n{screen}"
        );
    }
    // At 80×24 it stands over the far half of the board, under the header,
    // so that the back rank the choice is about stays in view.
    let screen = text(&live_screen(&state, &ui, 80, 24));
    let title_row = screen
        .lines()
        .position(|line| line.contains("Placing acolytes"));
    assert_eq!(title_row, Some(1), "{screen}");
    assert!(
        screen
            .lines()
            .any(|line| line.starts_with("│ 1") && line.contains(" 1 │")),
        "rank 1 is in view:\n{screen}"
    );
    assert_eq!(
        press(&mut ui, &state, &[KeyCode::Down, KeyCode::Enter]),
        Command::Play(state.options[1].action.clone())
    );

    // Closed unanswered, it stays closed; the options panel and the typed
    // notation still play a placement.
    let mut ui = Ui::new(&state);
    press(&mut ui, &state, &[KeyCode::Esc]);
    ui.sync(&state);
    assert_eq!(ui.popup, None);
    assert_eq!(
        press(&mut ui, &state, &[KeyCode::Tab, KeyCode::Enter]),
        Command::Play(state.options[0].action.clone())
    );
    let mut keys = vec![KeyCode::Char(':')];
    keys.extend(typed("ab1,d1,f1,h1"));
    keys.push(KeyCode::Enter);
    assert_eq!(
        press(&mut ui, &state, &keys),
        Command::Play(state.options[1].action.clone())
    );
}

/// The battle map (24×24) fits the classic terminal with fine cells: every
/// file shows, and the ranks around the cursor; moving the cursor up the
/// map scrolls it.
#[test]
fn the_battle_map_fits_80_by_24_scrolled_round_the_cursor() {
    let state = recorded("chessboard-confrontation-battle-map");
    assert_eq!((state.view.width, state.view.height), (24, 24));
    let mut ui = Ui::new(&state);
    let screen = live_screen(&state, &ui, 80, 24);
    expect_screen("chessboard-confrontation-battle-map-80x24", &screen);
    let shown = text(&screen);
    assert!(!shown.contains("enlarge"), "{shown}");
    // The cursor starts on one of seat 0's pieces, low on the map: the
    // ranks above are hidden, none below.
    assert!(shown.lines().nth(2).unwrap().contains('▲'), "{shown}");
    assert!(
        shown.contains("│    a b c d e f g h i j k l m n o p q r s t u v w x│"),
        "{shown}"
    );
    assert!(shown.contains("│ 1 "), "{shown}");
    assert!(!shown.contains("│24 "), "{shown}");
    press(&mut ui, &state, &[KeyCode::Up; 23]);
    let screen = live_screen(&state, &ui, 80, 24);
    let shown = text(&screen);
    assert!(
        shown.contains("│24▸"),
        "the cursor's rank is pointed at:\n{shown}"
    );
    assert!(!shown.contains("│ 1 "), "{shown}");
}

/// On a tall terminal the whole battle map shows, each piece in its
/// two-column cell: the owner's mark and the glyph.
#[test]
fn a_tall_terminal_shows_the_whole_battle_map() {
    let state = recorded("chessboard-confrontation-battle-map");
    let ui = Ui::new(&state);
    let screen = live_screen(&state, &ui, WIDTH, HEIGHT);
    expect_screen("chessboard-confrontation-battle-map", &screen);
    let shown = text(&screen);
    assert!(!shown.contains('▲') && !shown.contains('▼'), "{shown}");
    for piece in state.view.pieces.values() {
        let Some(square) = piece.square else { continue };
        let (x, y) = board::cell_position(&state.view, board_area(), square, true);
        assert_eq!(
            screen[(x + 1, y)].symbol(),
            piece.glyph.chars().next().unwrap().to_string(),
            "{} on {square}",
            piece.name
        );
    }
}

/// The recorded Action Chess Faction Chess game with walls round e4: a
/// double wall toward d4, a wall toward e3 (under e4) and toward f4, and a
/// double wall between b5 and b6; the cursor on `cursor`.
fn walled(cursor: &str) -> (GameState, Ui) {
    let mut state = recorded("action-chess-faction-chess");
    let sq = |name: &str| -> Square { name.parse().unwrap() };
    let wall = |a: &str, b: &str, kind: &str| fray_protocol::Wall {
        between: [sq(a), sq(b)],
        kind: kind.into(),
    };
    state.view.walls = vec![
        wall("d4", "e4", "double-wall"),
        wall("e3", "e4", "wall"),
        wall("e4", "f4", "wall"),
        wall("b5", "b6", "double-wall"),
    ];
    let mut ui = Ui::new(&state);
    ui.cursor = sq(cursor);
    (state, ui)
}

#[test]
fn double_walls_are_drawn_apart_from_single_ones_and_named_in_the_square_panel() {
    // The cursor's brackets stand on the edges beside its square and hide
    // the walls there: the board is read with the cursor away from them.
    let (state, ui) = walled("h1");
    let sq = |name: &str| -> Square { name.parse().unwrap() };
    // Spread out: an edge column between files, an edge row between ranks.
    let screen = live_screen(&state, &ui, WIDTH, HEIGHT);
    let at = |name: &str, dense: bool| {
        let area = if dense {
            Rect::new(1, 2, 80, 24)
        } else {
            board_area()
        };
        board::cell_position(&state.view, area, sq(name), dense)
    };
    let (x, y) = at("d4", false);
    assert_eq!(screen[(x + 4, y)].symbol(), "║", "d4|e4 is doubled");
    let (x, y) = at("e4", false);
    let under: String = (x..x + 4).map(|x| screen[(x, y + 1)].symbol()).collect();
    assert_eq!(under, "━━━━", "e3|e4 is single");
    let (x, y) = at("b6", false);
    let under: String = (x..x + 4).map(|x| screen[(x, y + 1)].symbol()).collect();
    assert_eq!(under, "════", "b5|b6 is doubled");
    let shown = text(&screen);
    assert!(
        shown.contains("walls: ║ double-wall · ┃ wall"),
        "the legend names both kinds: {shown}"
    );
    // The classic terminal: no rows between ranks, so e3|e4 and b5|b6 are
    // underlines, single or double alike.
    let screen = live_screen(&state, &ui, 80, 24);
    let (x, y) = at("d4", true);
    assert_eq!(screen[(x + 4, y)].symbol(), "║");
    let (x, y) = at("e4", true);
    assert_eq!(screen[(x + 4, y)].symbol(), "┃", "e4|f4 is single");
    // The Square panel names every wall round the cursor's square.
    let (state, ui) = walled("e4");
    let screen = live_screen(&state, &ui, 80, 24);
    expect_screen("action-chess-faction-chess-walls-80x24", &screen);
    let shown = text(&screen);
    let panel: String = shown
        .lines()
        .map(|line| line.split('│').nth(3).unwrap_or("").trim())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        panel.contains("walls: ║ double-wall to d4, ━ wall to e3, ┃ wall to f4"),
        "{shown}"
    );
    // On an occupied square the walls come before the piece, within the
    // panel's three rows.
    let (state, ui) = walled("d4");
    let shown = text(&live_screen(&state, &ui, 80, 24));
    let panel: Vec<&str> = shown
        .lines()
        .map(|line| line.split('│').nth(3).unwrap_or("").trim())
        .filter(|cell| !cell.is_empty())
        .collect();
    let at = panel.iter().position(|cell| *cell == "d4").expect("d4");
    assert_eq!(
        panel[at + 1..at + 3],
        ["walls: ║ double-wall to e4", "P Pawn  Seat 1 (you) on d4"],
        "{shown}"
    );
}
