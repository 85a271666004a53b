//! Classique: regular chess, checked against published perft counts, and
//! its rulings (C1–C12) against scripted play, other factions included.

mod acfc_common;
mod kit;
use acfc_common::*;

use std::collections::BTreeSet;

use fray_protocol::Outcome;
use fray_rules::action_chess_faction_chess::Rulings;

/// A Classique-against-Classique position from a FEN's first four fields
/// (placement, side to move, castling rights, en passant square). Seat 0
/// is White. A King or Rook that lost its castling right is marked moved.
fn from_fen(fen: &str) -> Game {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (placement, side, rights, en_passant) = (fields[0], fields[1], fields[2], fields[3]);
    let mut position = Position::new([Faction::Classique, Faction::Classique]);
    for (row, line) in placement.split('/').enumerate() {
        let rank = 8 - row;
        let mut file = 0u8;
        for c in line.chars() {
            if let Some(gap) = c.to_digit(10) {
                file += gap as u8;
                continue;
            }
            let square = format!("{}{rank}", char::from(b'a' + file));
            let seat = if c.is_ascii_uppercase() { 0 } else { 1 };
            let key = match c.to_ascii_lowercase() {
                'p' => "pawn",
                'n' => "knight",
                'b' => "bishop",
                'r' => "rook",
                'q' => "queen",
                'k' => "king",
                other => panic!("no piece '{other}' in a FEN"),
            };
            let id = position.place(seat, key, &square);
            let keeps_right = |right: char| rights.contains(right);
            let lost = match (c, square.as_str()) {
                ('K', "e1") => !keeps_right('K') && !keeps_right('Q'),
                ('k', "e8") => !keeps_right('k') && !keeps_right('q'),
                ('R', "h1") => !keeps_right('K'),
                ('R', "a1") => !keeps_right('Q'),
                ('r', "h8") => !keeps_right('k'),
                ('r', "a8") => !keeps_right('q'),
                ('K' | 'k' | 'R' | 'r', _) => true,
                _ => false,
            };
            if lost {
                position.moved(id);
            }
            file += 1;
        }
    }
    if side == "b" {
        position.to_move(1);
    }
    if en_passant != "-" {
        position.en_passant(en_passant);
    }
    position.build()
}

fn start() -> Game {
    Position::new([Faction::Classique, Faction::Classique])
        .starting_pieces(0)
        .starting_pieces(1)
        .build()
}

// ---- Perft: counts published by independent chess programs ----

#[test]
fn perft_from_the_standard_start() {
    let game = start();
    let started = std::time::Instant::now();
    assert_eq!(perft(&game, 1), 20);
    assert_eq!(perft(&game, 2), 400);
    assert_eq!(perft(&game, 3), 8_902);
    assert_eq!(perft(&game, 4), 197_281);
    eprintln!("perft 1–4 from the start took {:?}", started.elapsed());
}

#[test]
fn perft_of_kiwipete_tests_castling_en_passant_promotion_and_pins() {
    let game = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    assert_eq!(perft(&game, 1), 48);
    assert_eq!(perft(&game, 2), 2_039);
    assert_eq!(perft(&game, 3), 97_862);
}

#[test]
fn perft_of_position_3_tests_en_passant_pins_along_a_rank() {
    let game = from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -");
    assert_eq!(perft(&game, 1), 14);
    assert_eq!(perft(&game, 2), 191);
    assert_eq!(perft(&game, 3), 2_812);
    assert_eq!(perft(&game, 4), 43_238);
}

// ---- Scripted rules ----

fn reason(game: &Game) -> String {
    game.outcome()
        .expect("the game is over")
        .reason
        .render(|seat| format!("seat {}", seat.0))
}

fn outcome(game: &Game) -> Option<Outcome> {
    game.outcome()
}

#[test]
fn castling_is_refused_through_a_threatened_square_and_the_rook_crosses_over() {
    let mut position = Position::new([Faction::Classique, Faction::Classique]);
    let king = position.place(0, "king", "e1");
    let queens_rook = position.place(0, "rook", "a1");
    position.place(0, "rook", "h1");
    let black_king = position.place(1, "king", "e8");
    position.moved(black_king);
    let black_rook = position.place(1, "rook", "f8");
    position.moved(black_rook);
    let mut game = position.build();

    let king_moves = destinations(&game, king);
    assert!(king_moves.contains("c1"), "{king_moves:?}");
    assert!(
        !king_moves.contains("g1"),
        "f1 is threatened: {king_moves:?}"
    );
    let refusal = refuse(&mut game, 0, &step(king, "g1"));
    assert_eq!(refusal.code, RejectCode::IllegalAction);
    assert_eq!(
        refusal.message,
        "the King may not castle out of, through or into check: the Rook on f8 could take on f1"
    );

    play(&mut game, 0, &step(king, "c1"));
    assert_eq!(square_of(&game, king).as_deref(), Some("c1"));
    assert_eq!(square_of(&game, queens_rook).as_deref(), Some("d1"));
}

/// A Bunny Knight on f5 could land on f1 (by d3 or h3): the King may not
/// cross f1, though no chess piece attacks it.
#[test]
fn castling_is_refused_through_a_square_a_bunny_knight_threatens() {
    let mut position = Position::new([Faction::Classique, Faction::Halflings]);
    let king = position.place(0, "king", "e1");
    position.place(0, "rook", "h1");
    position.place(1, "mayor", "a8");
    position.place(1, "bunny-knight", "f5");
    let mut game = position.build();
    assert_eq!(
        destinations(&game, king),
        squares(&["d1", "d2", "e2", "f2"])
    );
    let refusal = refuse(&mut game, 0, &step(king, "g1"));
    assert_eq!(
        refusal.message,
        "the King may not castle out of, through or into check: the Bunny Knight on f5 could \
         take on f1"
    );
}

/// C8 against a walk: the Minotaur on f8 could walk down the f-file and
/// take the Pawn on f2, going on to the empty f1; but with the King on f1
/// the Pawn has the King behind it, a pair that stops the walk (B4). A
/// square the King may step to is not "through check": the King castles.
/// No die is rolled.
#[test]
fn castling_crosses_a_square_a_walk_reaches_only_while_the_king_is_away() {
    let (mut game, king) = castling_against_a_minotaur(Rules::default());
    assert_eq!(
        destinations(&game, king),
        squares(&["d1", "d2", "e2", "f1", "g1"])
    );
    play(&mut game, 0, &step(king, "g1"));
    assert_eq!(occupant(&game, "f1"), Some(("rook".into(), 0)));
}

/// `fray-2026` asked for threats to f1 with the King still on e1, and
/// refused the castling.
#[test]
fn fray_2026_castling_judged_the_crossed_square_with_the_king_at_home() {
    let (mut game, king) = castling_against_a_minotaur(Rules {
        rulings: Rulings::Fray2026,
        ..Rules::default()
    });
    assert_eq!(
        destinations(&game, king),
        squares(&["d1", "d2", "e2", "f1"])
    );
    assert_eq!(
        refuse(&mut game, 0, &step(king, "g1")).message,
        "the King may not castle out of, through or into check: the Minotaur on f8 could take \
         on f1"
    );
}

/// White Classique: King e1, Rook h1, Pawn f2; Black Beastfolk: Leonine
/// a8, Minotaur f8.
fn castling_against_a_minotaur(rules: Rules) -> (Game, PieceId) {
    let mut position = Position::new([Faction::Classique, Faction::Beastfolk]);
    position.rules(rules);
    let king = position.place(0, "king", "e1");
    position.place(0, "rook", "h1");
    position.place(0, "pawn", "f2");
    position.place(1, "leonine", "a8");
    position.place(1, "minotaur", "f8");
    (position.build(), king)
}

#[test]
fn a_king_or_rook_that_has_moved_does_not_castle() {
    let mut position = Position::new([Faction::Classique, Faction::Classique]);
    let king = position.place(0, "king", "e1");
    let rook = position.place(0, "rook", "h1");
    position.place(0, "rook", "a1");
    position.moved(rook);
    let black_king = position.place(1, "king", "e8");
    position.moved(black_king);
    let game = position.build();
    let king_moves = destinations(&game, king);
    assert!(king_moves.contains("c1") && !king_moves.contains("g1"));
}

/// A White King on e1 and its unmoved Rook on h1, which a Spirit of the
/// Ghost shares, read by `rulings`; the Wraith far off on a8. No dice are
/// rolled.
fn castling_with_a_pinned_rook(rulings: Rulings) -> (Game, PieceId, PieceId) {
    let mut position = Position::new([Faction::Classique, Faction::Ghost]);
    position.rules(Rules {
        rulings,
        ..Rules::default()
    });
    let king = position.place(0, "king", "e1");
    let rook = position.place(0, "rook", "h1");
    position.sharing_spirit(1, "h1");
    position.place(1, "wraith", "a8");
    (position.build(), king, rook)
}

#[test]
fn castling_never_moves_a_pinned_rook() {
    let (mut game, king, rook) = castling_with_a_pinned_rook(Rulings::Book);
    assert_eq!(
        destinations(&game, king),
        squares(&["d1", "d2", "e2", "f1", "f2"])
    );
    refuse(&mut game, 0, &step(king, "g1"));
    assert_eq!(square_of(&game, rook).as_deref(), Some("h1"));
}

#[test]
fn fray_2026_castles_with_a_pinned_rook() {
    let (mut game, king, rook) = castling_with_a_pinned_rook(Rulings::Fray2026);
    play(&mut game, 0, &step(king, "g1"));
    assert_eq!(square_of(&game, rook).as_deref(), Some("f1"));
}

#[test]
fn en_passant_takes_a_double_step_on_the_next_turn_only() {
    let en_passant_position = || {
        let mut position = Position::new([Faction::Classique, Faction::Classique]);
        let king = position.place(0, "king", "e1");
        position.moved(king);
        let pawn = position.place(0, "pawn", "e5");
        position.moved(pawn);
        let black_king = position.place(1, "king", "a8");
        position.moved(black_king);
        let black_pawn = position.place(1, "pawn", "d7");
        position.to_move(1);
        (position.build(), pawn, king, black_pawn, black_king)
    };

    let (mut game, pawn, _, black_pawn, _) = en_passant_position();
    play(&mut game, 1, &step(black_pawn, "d5"));
    assert_eq!(destinations(&game, pawn), squares(&["d6", "e6"]));
    play(&mut game, 0, &step(pawn, "d6"));
    assert_eq!(square_of(&game, black_pawn), None, "taken en passant");
    assert_eq!(occupant(&game, "d6"), Some(("pawn".into(), 0)));

    let (mut game, pawn, king, black_pawn, black_king) = en_passant_position();
    play(&mut game, 1, &step(black_pawn, "d5"));
    play(&mut game, 0, &step(king, "f1"));
    play(&mut game, 1, &step(black_king, "a7"));
    assert_eq!(destinations(&game, pawn), squares(&["e6"]));
    let refusal = refuse(&mut game, 0, &step(pawn, "d6"));
    assert_eq!(refusal.code, RejectCode::IllegalAction);
}

#[test]
fn a_pawn_on_the_far_rank_becomes_a_queen_rook_bishop_or_knight() {
    let mut position = Position::new([Faction::Classique, Faction::Classique]);
    position.place(0, "king", "e1");
    let pawn = position.place(0, "pawn", "b7");
    position.place(1, "king", "h7");
    position.place(1, "rook", "a8");
    let mut game = position.build();

    let choices: BTreeSet<(String, String)> = options(&game, 0)
        .into_iter()
        .filter(|a| a.piece == Some(pawn))
        .map(|a| {
            (
                a.to.expect("a square").to_string(),
                a.choice.expect("a piece"),
            )
        })
        .collect();
    let expected: BTreeSet<(String, String)> = ["a8", "b8"]
        .into_iter()
        .flat_map(|to| {
            ["queen", "rook", "bishop", "knight"].map(|into| (to.to_string(), into.to_string()))
        })
        .collect();
    assert_eq!(choices, expected);

    refuse(&mut game, 0, &step(pawn, "b8"));
    refuse(&mut game, 0, &promote(pawn, "b8", "king"));
    refuse(&mut game, 0, &promote(pawn, "b8", "head-chef"));
    play(&mut game, 0, &promote(pawn, "a8", "knight"));
    assert_eq!(occupant(&game, "a8"), Some(("knight".into(), 0)));
    assert_eq!(view(&game).pieces[&pawn].kind, "knight");
}

#[test]
fn fools_mate_wins_for_black() {
    let (mut game, _) = setup([Faction::Classique, Faction::Classique], &[1]);
    let play_from = |game: &mut Game, seat: u8, from: &str, to: &str| {
        let piece = piece_on(game, from);
        play(game, seat, &step(piece, to));
    };
    play_from(&mut game, 0, "f2", "f3");
    play_from(&mut game, 1, "e7", "e5");
    play_from(&mut game, 0, "g2", "g4");
    assert_eq!(outcome(&game), None);
    play_from(&mut game, 1, "d8", "h4");
    assert_eq!(outcome(&game).expect("mate").winners, vec![Seat(1)]);
    assert_eq!(reason(&game), "seat 0 is checkmated");
    assert!(game.to_act().is_empty());
}

#[test]
fn a_player_with_no_move_and_not_in_check_is_stalemated_a_draw() {
    let mut position = Position::new([Faction::Classique, Faction::Classique]);
    position.place(0, "king", "b6");
    let queen = position.place(0, "queen", "d7");
    position.place(1, "king", "a8");
    let mut game = position.build();
    play(&mut game, 0, &step(queen, "c7"));
    let outcome = outcome(&game).expect("stalemate");
    assert!(outcome.is_draw());
    assert_eq!(reason(&game), "seat 1 has no legal move: stalemate");
}

/// A Bunny Knight on e5 could land on e1 by c3 or by g3: the King is in
/// check, and a Knight that closes one route leaves the other open.
#[test]
fn a_bunny_knight_gives_check_and_only_the_king_may_answer_it() {
    let mut position = Position::new([Faction::Classique, Faction::Halflings]);
    let king = position.place(0, "king", "e1");
    position.moved(king);
    let knight = position.place(0, "knight", "b1");
    position.place(0, "knight", "h1");
    position.place(0, "pawn", "a2");
    position.place(1, "mayor", "h8");
    position.place(1, "bunny-knight", "e5");
    let mut game = position.build();

    let movers: BTreeSet<PieceId> = options(&game, 0)
        .into_iter()
        .filter_map(|a| a.piece)
        .collect();
    assert_eq!(movers, [king].into_iter().collect());
    assert_eq!(
        destinations(&game, king),
        squares(&["d1", "d2", "e2", "f1", "f2"])
    );
    let refusal = refuse(&mut game, 0, &step(knight, "c3"));
    assert_eq!(
        refusal.message,
        "that would leave your King in check on e1: the Bunny Knight on e5 could take it"
    );
}

/// A Head Chef slides up to five squares: from c1 it reaches h1.
#[test]
fn a_head_chef_mates_a_king_on_its_back_rank() {
    let mut position = Position::new([Faction::Classique, Faction::Halflings]);
    let king = position.place(0, "king", "h1");
    position.moved(king);
    position.place(0, "pawn", "g2");
    position.place(0, "pawn", "h2");
    position.place(1, "mayor", "a8");
    let chef = position.place(1, "head-chef", "c3");
    position.to_move(1);
    let mut game = position.build();
    play(&mut game, 1, &step(chef, "c1"));
    assert_eq!(outcome(&game).expect("mate").winners, vec![Seat(1)]);
    assert_eq!(reason(&game), "seat 0 is checkmated");
}

#[test]
fn a_pinned_piece_may_not_move_off_the_line() {
    let mut position = Position::new([Faction::Classique, Faction::Classique]);
    position.place(0, "king", "e1");
    let bishop = position.place(0, "bishop", "e2");
    position.place(1, "king", "a8");
    position.place(1, "rook", "e7");
    let mut game = position.build();
    assert!(destinations(&game, bishop).is_empty());
    let refusal = refuse(&mut game, 0, &step(bishop, "d3"));
    assert_eq!(
        refusal.message,
        "that would leave your King in check on e1: the Rook on e7 could take it"
    );
}

#[test]
fn the_king_may_not_take_a_defended_piece_nor_step_into_check() {
    let mut position = Position::new([Faction::Classique, Faction::Classique]);
    let king = position.place(0, "king", "e1");
    position.moved(king);
    position.place(1, "king", "e8");
    position.place(1, "rook", "d2");
    position.place(1, "knight", "b1");
    let mut game = position.build();
    assert_eq!(destinations(&game, king), squares(&["f1"]));
    let refusal = refuse(&mut game, 0, &step(king, "d2"));
    assert_eq!(
        refusal.message,
        "that would put your King in check on d2: the Knight on b1 could take it"
    );
}

#[test]
fn a_pawn_move_restarts_the_fifty_move_count() {
    let quiet = |turns| Rules {
        limits: Limits {
            max_turns: 0,
            quiet_turns: turns,
        },
        ..Rules::default()
    };
    let mut position = Position::new([Faction::Classique, Faction::Classique]);
    position.place(0, "king", "e1");
    let knight = position.place(0, "knight", "g1");
    let pawn = position.place(0, "pawn", "a2");
    position.place(1, "king", "e8");
    let black_knight = position.place(1, "knight", "g8");
    position.rules(quiet(3));
    let mut game = position.build();
    play(&mut game, 0, &step(knight, "f3"));
    play(&mut game, 1, &step(black_knight, "f6"));
    play(&mut game, 0, &step(pawn, "a3"));
    play(&mut game, 1, &step(black_knight, "g8"));
    play(&mut game, 0, &step(knight, "g1"));
    assert_eq!(outcome(&game), None, "two quiet turns since the pawn moved");
    play(&mut game, 1, &step(black_knight, "f6"));
    assert!(outcome(&game).expect("the count is reached").is_draw());
    assert_eq!(
        reason(&game),
        "3 turns passed without a capture or a pawn's advance"
    );
}

#[test]
fn a_pawn_takes_a_villagers_double_step_en_passant() {
    let mut position = Position::new([Faction::Classique, Faction::Halflings]);
    position.place(0, "king", "a1");
    let pawn = position.place(0, "pawn", "e5");
    position.moved(pawn);
    position.place(1, "mayor", "h8");
    let villager = position.place(1, "villager", "d7");
    position.to_move(1);
    let mut game = position.build();
    play(&mut game, 1, &step(villager, "d5"));
    play(&mut game, 0, &step(pawn, "d6"));
    assert_eq!(square_of(&game, villager), None);
}
