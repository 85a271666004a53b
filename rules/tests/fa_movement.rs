//! Movement: each M type moves as its chess counterpart (option counts in
//! simple positions), pawns step and contest as in chess (R9, R10), sliders
//! are blocked by any piece, knights jump, and there is no check (R8).

mod fa_common;
mod kit;
use fa_common::*;

// --- Option counts in simple positions ------------------------------------

#[test]
fn a_lone_queen_on_d4_has_27_moves() {
    // The Dwarf Lord moves as a queen and has no spell, so moves are all it has.
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let lord = p.place(0, "dwarf-lord", "d4");
    let game = p.build();
    assert_eq!(destinations(&game, lord).len(), 27);
    assert_eq!(options(&game, 0).len(), 27);
}

#[test]
fn a_lone_queen_in_a_corner_has_21_moves() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let lord = p.place(0, "dwarf-lord", "a1");
    assert_eq!(destinations(&p.build(), lord).len(), 21);
}

#[test]
fn a_lone_rook_on_d4_has_14_moves() {
    let mut p = Position::new([Army::OrcsAndGoblins, Army::Undead]);
    let orc = p.place(0, "orc", "d4");
    let game = p.build();
    assert_eq!(destinations(&game, orc).len(), 14);
    assert!(destinations(&game, orc).contains("d8"));
    assert!(destinations(&game, orc).contains("a4"));
    assert!(!destinations(&game, orc).contains("e5"));
}

#[test]
fn a_lone_bishop_has_13_moves_on_d4_and_7_in_a_corner() {
    let mut p = Position::new([Army::OrcsAndGoblins, Army::Undead]);
    let centre = p.place(0, "great-orc", "d4");
    let corner = p.place(0, "great-orc", "h1");
    let game = p.build();
    assert_eq!(destinations(&game, centre).len(), 13);
    assert_eq!(destinations(&game, corner).len(), 7);
    assert!(!destinations(&game, centre).contains("d5"));
}

#[test]
fn a_knight_in_a_corner_has_2_moves_and_in_the_centre_8() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let corner = p.place(0, "hunter", "a1");
    let centre = p.place(0, "hunter", "e5");
    let game = p.build();
    assert_eq!(destinations(&game, corner), squares(&["b3", "c2"]));
    assert_eq!(
        destinations(&game, centre),
        squares(&["d3", "f3", "c4", "g4", "c6", "g6", "d7", "f7"])
    );
}

#[test]
fn a_king_piece_has_8_moves_in_the_open_5_on_an_edge_and_3_in_a_corner() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let king = p.place(0, "high-king", "e4");
    assert_eq!(destinations(&p.build(), king).len(), 8);

    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let king = p.place(0, "high-king", "e1");
    assert_eq!(destinations(&p.build(), king).len(), 5);

    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let king = p.place(0, "high-king", "h8");
    assert_eq!(destinations(&p.build(), king), squares(&["g8", "g7", "h7"]));
}

#[test]
fn there_is_no_check_so_a_king_may_step_next_to_the_enemy_king() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let king = p.place(0, "high-king", "e4");
    p.place(1, "liche-lord", "e6");
    let mut game = p.build();
    // All 8 squares, including the three next to the Liche Lord.
    assert_eq!(destinations(&game, king).len(), 8);
    play_for_rolls(&mut game, 0, &step(king, "e5"), &[]);
    assert!(at(&game, king, "e5"));
    assert_eq!(game.outcome(), None);
}

// --- Pawns -----------------------------------------------------------------

#[test]
fn an_unmoved_pawn_may_step_one_or_two_squares_forward() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e2");
    assert_eq!(destinations(&p.build(), warrior), squares(&["e3", "e4"]));
}

#[test]
fn a_pawn_that_has_moved_steps_only_one_square() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e2");
    p.moved(warrior);
    assert_eq!(destinations(&p.build(), warrior), squares(&["e3"]));
}

#[test]
fn the_double_step_is_only_for_the_first_move_of_the_game() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e2");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "e3"), &[]);
    play_for_rolls(&mut game, 1, &pass(), &[]);
    assert_eq!(destinations(&game, warrior), squares(&["e4"]));
}

#[test]
fn a_double_step_puts_the_pawn_two_squares_on_and_it_then_steps_singly() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e2");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "e4"), &[]);
    assert!(at(&game, warrior, "e4"));
    play_for_rolls(&mut game, 1, &pass(), &[]);
    assert_eq!(destinations(&game, warrior), squares(&["e5"]));
}

#[test]
fn a_pawn_deployed_beyond_its_home_rank_still_double_steps_on_its_first_move() {
    // R10: the first move belongs to the piece, wherever it stands.
    let mut p = Position::new([Army::Elves, Army::Undead]);
    let ranger = p.place(0, "ranger", "c4");
    assert_eq!(destinations(&p.build(), ranger), squares(&["c5", "c6"]));
}

#[test]
fn seat_1_pawns_move_towards_rank_1() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let skeleton = p.place(1, "skeleton", "e7");
    p.to_move(Seat(1));
    assert_eq!(destinations(&p.build(), skeleton), squares(&["e6", "e5"]));
}

#[test]
fn a_pawn_is_blocked_by_any_piece_directly_in_front_and_cannot_contest_it() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e2");
    p.place(1, "skeleton", "e3");
    let mut game = p.build();
    assert!(destinations(&game, warrior).is_empty());
    assert_eq!(options(&game, 0), vec![pass()]);
    let refused = refuse(&mut game, 0, &step(warrior, "e3"));
    assert_eq!(refused.code, RejectCode::IllegalAction);
}

#[test]
fn a_double_step_needs_both_squares_empty() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e2");
    p.place(0, "warrior", "e4");
    let game = p.build();
    assert_eq!(destinations(&game, warrior), squares(&["e3"]));

    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e2");
    p.place(0, "warrior", "e3");
    let game = p.build();
    assert!(destinations(&game, warrior).is_empty());
}

#[test]
fn a_pawn_contests_only_diagonally_forward_one_square() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e4");
    p.moved(warrior);
    for square in ["d5", "f5", "e5", "d4", "f4", "d3", "e3", "f3", "e6"] {
        p.place(1, "skeleton", square);
    }
    // Blocked in front; only the two forward diagonals are contests.
    assert_eq!(destinations(&p.build(), warrior), squares(&["d5", "f5"]));
}

#[test]
fn a_pawn_does_not_move_diagonally_onto_an_empty_square_or_onto_a_friend() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e4");
    p.moved(warrior);
    p.place(0, "warrior", "f5");
    let mut game = p.build();
    assert_eq!(destinations(&game, warrior), squares(&["e5"]));
    refuse(&mut game, 0, &step(warrior, "d5"));
    refuse(&mut game, 0, &step(warrior, "f5"));
}

#[test]
fn a_pawn_on_the_far_rank_stays_what_it_is_and_can_no_longer_move() {
    // R9: no promotion.
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e7");
    p.moved(warrior);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "e8"), &[]);
    assert_eq!(kind(&game, warrior), "warrior");
    assert_eq!(stat(&game, warrior, "M"), "P");
    play_for_rolls(&mut game, 1, &pass(), &[]);
    assert!(destinations(&game, warrior).is_empty());
    assert_eq!(options(&game, 0), vec![pass()]);
}

#[test]
fn a_pawn_on_the_far_rank_may_still_shoot() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let gunner = p.place(0, "gunner", "e8");
    let skeleton = p.place(1, "skeleton", "e6");
    let game = p.build();
    assert!(destinations(&game, gunner).is_empty());
    assert_eq!(shoot_targets(&game, gunner), ids(&[skeleton]));
    assert!(!options(&game, 0).contains(&pass()));
}

// --- Sliders and knights ------------------------------------------------------

#[test]
fn a_slider_is_blocked_by_a_friend_before_it_and_stops_at_an_enemy_it_contests() {
    let mut p = Position::new([Army::OrcsAndGoblins, Army::Undead]);
    let orc = p.place(0, "orc", "d4");
    p.place(0, "goblin", "d6");
    p.place(1, "skeleton", "f4");
    p.place(1, "skeleton", "b4");
    let game = p.build();
    assert_eq!(
        destinations(&game, orc),
        squares(&["d5", "d3", "d2", "d1", "e4", "f4", "c4", "b4"])
    );
}

#[test]
fn a_queen_is_blocked_along_diagonals_too() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let lord = p.place(0, "dwarf-lord", "a1");
    p.place(0, "warrior", "a2");
    p.place(0, "warrior", "b1");
    p.place(1, "skeleton", "c3");
    let game = p.build();
    assert_eq!(destinations(&game, lord), squares(&["b2", "c3"]));
}

#[test]
fn a_knight_jumps_over_pieces_but_cannot_land_on_a_friend() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let hunter = p.place(0, "hunter", "b1");
    for square in ["a1", "c1", "a2", "b2", "c2", "d2"] {
        p.place(0, "warrior", square);
    }
    let skeleton = p.place(1, "skeleton", "c3");
    let mut game = p.build();
    assert_eq!(destinations(&game, hunter), squares(&["a3", "c3"]));
    play_for_rolls(&mut game, 0, &step(hunter, "a3"), &[]);
    assert!(at(&game, hunter, "a3"));
    assert!(at(&game, skeleton, "c3"));
}

// --- A plain move -----------------------------------------------------------

#[test]
fn moving_to_an_empty_square_rolls_no_dice_and_passes_the_turn() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let hunter = p.place(0, "hunter", "b1");
    let skeleton = p.place(1, "skeleton", "e7");
    let mut game = p.build();
    let effects = play_rolling(&mut game, 0, &step(hunter, "c3"), &[]);
    assert!(rolls(&effects).is_empty());
    assert!(effects.iter().any(|e| matches!(
        &e.effect,
        Effect::PieceMoved { piece, from, to }
            if *piece == hunter && *from == Some(sq("b1")) && *to == sq("c3")
    )));
    assert!(at(&game, hunter, "c3"));
    assert!(view(&game).pieces_at(sq("b1")).next().is_none());
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(turn_number(&game), 2);
    assert!(at(&game, skeleton, "e7"));
}

#[test]
fn a_piece_cannot_move_off_its_lines() {
    let mut p = Position::new([Army::OrcsAndGoblins, Army::Undead]);
    let orc = p.place(0, "orc", "d4");
    let mut game = p.build();
    let refused = refuse(&mut game, 0, &step(orc, "e5"));
    assert_eq!(refused.code, RejectCode::IllegalAction);
    assert!(
        refused.message.contains("cannot move to e5"),
        "{}",
        refused.message
    );
}
