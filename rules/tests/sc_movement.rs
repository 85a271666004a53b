//! Movement and capture: every movement type's move counts in simple
//! positions, perft counts from the start, blocking, capture by displacement,
//! and no check (R2). The pass is `sc_pass.rs`.

mod kit;
mod sc_common;
use sc_common::*;

fn lone(unit: &str, square: &str) -> (SummonersChess, PieceId) {
    let mut p = Position::new();
    let piece = p.place(0, unit, square);
    (p.build(), piece)
}

fn count(unit: &str, square: &str) -> usize {
    let (game, piece) = lone(unit, square);
    destinations(&game, piece).len()
}

#[test]
fn an_acolyte_moves_like_a_king() {
    assert_eq!(count("acolyte", "e4"), 8);
    assert_eq!(count("acolyte", "e1"), 5);
    let (game, acolyte) = lone("acolyte", "h8");
    assert_eq!(destinations(&game, acolyte), squares(&["g8", "g7", "h7"]));
}

#[test]
fn a_page_moves_one_square_orthogonally() {
    let (game, page) = lone("skeletons", "d4");
    assert_eq!(
        destinations(&game, page),
        squares(&["d5", "d3", "c4", "e4"])
    );
    assert_eq!(count("zombies", "a4"), 3);
    assert_eq!(count("kobolds", "a1"), 2);
    assert_eq!(count("gnomes", "h8"), 2);
}

#[test]
fn a_squire_moves_one_square_diagonally() {
    let (game, squire) = lone("dwarves", "d4");
    assert_eq!(
        destinations(&game, squire),
        squares(&["c3", "e3", "c5", "e5"])
    );
    assert_eq!(count("goblins", "d1"), 2);
    assert_eq!(count("wolves", "a1"), 1);
    assert_eq!(count("lizard-men", "h8"), 1);
}

#[test]
fn knights_bishops_rooks_and_queens_move_as_in_chess() {
    for knight in [
        "serpents",
        "chevaliers",
        "orcs",
        "elves",
        "valkyries",
        "minotaur",
    ] {
        assert_eq!(count(knight, "e5"), 8, "{knight}");
        assert_eq!(count(knight, "a1"), 2, "{knight}");
    }
    for bishop in [
        "cat-people",
        "rocs",
        "chimera",
        "centaurs",
        "gargoyle",
        "unicorn",
        "spectre",
    ] {
        assert_eq!(count(bishop, "d4"), 13, "{bishop}");
        assert_eq!(count(bishop, "h1"), 7, "{bishop}");
    }
    for rook in [
        "ice-giants",
        "trolls",
        "ogres",
        "treant",
        "golem",
        "griffon",
        "hydra",
    ] {
        assert_eq!(count(rook, "d4"), 14, "{rook}");
        assert_eq!(count(rook, "a1"), 14, "{rook}");
    }
    for queen in ["wizard", "red-dragon", "vampyre", "demon"] {
        assert_eq!(count(queen, "d4"), 27, "{queen}");
        assert_eq!(count(queen, "a1"), 21, "{queen}");
    }
}

#[test]
fn sliders_stop_at_a_piece_and_may_capture_only_an_enemy() {
    let mut p = Position::new();
    let rook = p.place(0, "ice-giants", "d4");
    p.place(0, "acolyte", "d6");
    p.place(1, "acolyte", "f4");
    let game = p.build();
    assert_eq!(
        destinations(&game, rook),
        squares(&["d5", "d3", "d2", "d1", "c4", "b4", "a4", "e4", "f4"])
    );
}

#[test]
fn a_step_may_capture_an_enemy_but_not_a_friend() {
    let mut p = Position::new();
    let page = p.place(0, "skeletons", "d4");
    p.place(0, "acolyte", "d5");
    p.place(1, "acolyte", "e4");
    let mut game = p.build();
    assert_eq!(destinations(&game, page), squares(&["d3", "c4", "e4"]));
    let rejection = refuse(&mut game, 0, &step(page, "d5"));
    assert_eq!(rejection.code, RejectCode::IllegalAction);
    assert!(
        rejection.message.contains("own side"),
        "{}",
        rejection.message
    );
}

#[test]
fn a_capture_removes_the_enemy_and_takes_its_square() {
    let mut p = Position::new();
    let knight = p.place(0, "serpents", "c3");
    let victim = p.place(1, "acolyte", "d5");
    // One piece per terrain, so that no summons follows.
    p.place(1, "acolyte", "h8");
    p.place(1, "acolyte", "a8");
    p.place(1, "acolyte", "a7");
    p.place(0, "acolyte", "a1");
    let mut game = p.build();
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.action == step(knight, "d5"))
        .unwrap();
    assert_eq!(option.notation, "Nc3xd5");
    assert_eq!(option.label, "Serpents on c3 captures Acolyte on d5");
    let effects = play(&mut game, 0, &step(knight, "d5"));
    assert!(
        effects
            .iter()
            .any(|e| matches!(&e.effect, Effect::PieceRemoved { piece, .. } if *piece == victim))
    );
    assert_eq!(square_of(&game, knight).as_deref(), Some("d5"));
    assert_eq!(square_of(&game, victim), None);
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn there_is_no_check_so_acolytes_may_stand_side_by_side() {
    let mut p = Position::new();
    let mine = p.place(0, "acolyte", "e4");
    p.place(1, "acolyte", "e6");
    let mut game = p.build();
    assert_eq!(destinations(&game, mine).len(), 8);
    play(&mut game, 0, &step(mine, "e5"));
    assert_eq!(square_of(&game, mine).as_deref(), Some("e5"));
}

#[test]
fn perft_from_the_start_in_chart_order() {
    // Checked against an independent model: 18 moves each at the start;
    // the counts grow past 18^n once e1-d1 (or d8-e8) summons a third Ruins
    // (or Badlands) unit and its Page or Rook adds moves.
    let (game, _) = setup_with(&config(), &chart_order_shuffle(1));
    assert_eq!(perft(&game, 1), 18);
    assert_eq!(perft(&game, 2), 324);
    assert_eq!(perft(&game, 3), 5_940);
    assert_eq!(perft(&game, 4), 110_840);
}

#[test]
fn malformed_and_foreign_moves_are_refused_with_reasons() {
    let mut p = Position::new();
    let mine = p.place(0, "acolyte", "e4");
    let theirs = p.place(1, "acolyte", "a8");
    let mut game = p.build();
    let cases = [
        (step(theirs, "a7"), RejectCode::NotYourPiece),
        (step(mine, "e6"), RejectCode::IllegalAction),
        (step(PieceId(9), "e5"), RejectCode::IllegalAction),
        (Action::new("move").piece(mine), RejectCode::UnknownAction),
        (step(mine, "e5").choice("x"), RejectCode::UnknownAction),
        (step(mine, "e5").target(theirs), RejectCode::UnknownAction),
        (
            Action::new("move").piece(mine).to(Square::new(8, 0)),
            RejectCode::UnknownAction,
        ),
        (Action::new("castle"), RejectCode::UnknownAction),
        (Action::new("pass").piece(mine), RejectCode::UnknownAction),
    ];
    for (action, code) in cases {
        let rejection = refuse(&mut game, 0, &action);
        assert_eq!(rejection.code, code, "{action:?}: {}", rejection.message);
        assert!(!rejection.message.is_empty());
    }
    assert_eq!(
        refuse(&mut game, 1, &step(theirs, "a7")).code,
        RejectCode::NotYourTurn
    );
}
