//! The Peasant faction (book lines 5–7; rulings P1–P9): Men and Sergeants
//! on a draughts layout, steps, leaps, chained takes, the edge take,
//! promotion, progress and defeat. Peasants roll no dice.

mod acfc_common;
mod kit;
use acfc_common::*;

/// The label of one of `seat`'s options.
fn label_of(game: &Game, seat: u8, action: &Action) -> String {
    game.options(Seat(seat))
        .into_iter()
        .find(|option| &option.action == action)
        .unwrap_or_else(|| panic!("{action:?} is not offered"))
        .label
}

/// White Peasants (seat 0, to move) against a Black Classique King on h1,
/// far from everything, so the Classique side is not defeated.
fn against_a_king() -> Position {
    let mut position = Position::new([Faction::Peasant, Faction::Classique]);
    position.place(1, "king", "h1");
    position
}

#[test]
fn the_draughts_layout_for_either_side() {
    let (game, _) = setup([Faction::Peasant, Faction::Peasant], &[1]);
    assert_eq!(game.white(), Seat(0));
    let white_men = ["a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "c3", "e3"];
    let black_men = ["h8", "f8", "d8", "b8", "g7", "e7", "c7", "a7", "f6", "d6"];
    for square in white_men {
        assert_eq!(occupant(&game, square), Some(("man".into(), 0)), "{square}");
    }
    for square in black_men {
        assert_eq!(occupant(&game, square), Some(("man".into(), 1)), "{square}");
    }
    for square in ["a3", "g3"] {
        assert_eq!(occupant(&game, square), Some(("sergeant".into(), 0)));
    }
    for square in ["h6", "b6"] {
        assert_eq!(occupant(&game, square), Some(("sergeant".into(), 1)));
    }
    assert_eq!(view(&game).pieces.len(), 24);
}

#[test]
fn a_man_steps_diagonally_forward_and_a_sergeant_every_diagonal_way() {
    let mut position = Position::new([Faction::Peasant, Faction::Peasant]);
    let man = position.place(0, "man", "c3");
    let sergeant = position.place(0, "sergeant", "e5");
    let black_man = position.place(1, "man", "f7");
    position.place(1, "sergeant", "a7");
    let mut game = position.build();
    assert_eq!(destinations(&game, man), squares(&["b4", "d4"]));
    assert_eq!(
        destinations(&game, sergeant),
        squares(&["d4", "f4", "d6", "f6"])
    );
    // Black's forward is toward rank 1: its Man's steps, on its turn.
    play(&mut game, 0, &step(man, "b4"));
    assert_eq!(destinations(&game, black_man), squares(&["e6", "g6"]));
}

#[test]
fn a_man_leaps_an_enemy_and_taking_is_not_compulsory() {
    let mut position = against_a_king();
    let man = position.place(0, "man", "c3");
    position.place(0, "sergeant", "a1");
    let rook = position.place(1, "rook", "d4");
    let mut game = position.build();
    // P2: the step to b4 stays offered beside the take.
    assert_eq!(destinations(&game, man), squares(&["b4", "e5"]));
    assert_eq!(
        label_of(&game, 0, &step(man, "e5")),
        "Man on c3 moves to e5, taking Rook on d4"
    );
    play(&mut game, 0, &step(man, "e5"));
    assert_eq!(square_of(&game, rook), None);
    assert_eq!(square_of(&game, man).as_deref(), Some("e5"));
    assert_eq!(
        game.to_act().to_vec(),
        vec![Seat(1)],
        "no further take: the turn ends"
    );
}

#[test]
fn a_man_cannot_leap_a_friend_nor_onto_a_taken_square() {
    let mut position = against_a_king();
    let man = position.place(0, "man", "c3");
    position.place(0, "sergeant", "b4");
    position.place(1, "rook", "d4");
    position.place(1, "pawn", "e5");
    let mut game = position.build();
    assert!(destinations(&game, man).is_empty());
    refuse(&mut game, 0, &step(man, "a5"));
    refuse(&mut game, 0, &step(man, "e5"));
}

#[test]
fn a_man_chains_takes_until_it_stops_or_has_none_left() {
    let mut position = against_a_king();
    let man = position.place(0, "man", "c1");
    position.place(0, "sergeant", "h4");
    let first = position.place(1, "pawn", "d2");
    let second = position.place(1, "pawn", "d4");
    let other_way = position.place(1, "pawn", "f4");
    let third = position.place(1, "pawn", "b6");
    let mut game = position.build();
    play(&mut game, 0, &step(man, "e3"));
    assert_eq!(square_of(&game, first), None);
    // From e3 it may take d4 (to c5) or f4 (to g5), or stop.
    assert_eq!(game.to_act().to_vec(), vec![Seat(0)]);
    assert_eq!(
        options(&game, 0),
        vec![step(man, "c5"), step(man, "g5"), done()]
    );
    assert_eq!(
        label_of(&game, 0, &step(man, "c5")),
        "Man on e3 moves to c5, taking Pawn on d4"
    );
    assert_eq!(label_of(&game, 0, &done()), "Stop taking");
    play(&mut game, 0, &step(man, "c5"));
    assert_eq!(square_of(&game, second), None);
    assert_eq!(options(&game, 0), vec![step(man, "a7"), done()]);
    play(&mut game, 0, &step(man, "a7"));
    assert_eq!(square_of(&game, third), None);
    assert_eq!(square_of(&game, other_way).as_deref(), Some("f4"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn done_ends_a_chain() {
    let mut position = against_a_king();
    let man = position.place(0, "man", "c1");
    position.place(0, "sergeant", "h4");
    position.place(1, "pawn", "d2");
    let left = position.place(1, "pawn", "d4");
    let mut game = position.build();
    play(&mut game, 0, &step(man, "e3"));
    refuse(&mut game, 0, &step(man, "f4"));
    play(&mut game, 0, &done());
    assert_eq!(square_of(&game, left).as_deref(), Some("d4"));
    assert_eq!(square_of(&game, man).as_deref(), Some("e3"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_sergeant_leaps_backward_and_chains() {
    let mut position = against_a_king();
    let sergeant = position.place(0, "sergeant", "e5");
    position.place(1, "pawn", "d4");
    position.place(1, "pawn", "d2");
    let mut game = position.build();
    assert_eq!(
        destinations(&game, sergeant),
        squares(&["c3", "d6", "f4", "f6"])
    );
    play(&mut game, 0, &step(sergeant, "c3"));
    assert_eq!(options(&game, 0), vec![step(sergeant, "e1"), done()]);
    play(&mut game, 0, &step(sergeant, "e1"));
    assert_eq!(occupant(&game, "d2"), None);
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_man_stepping_onto_the_far_rank_becomes_a_sergeant() {
    let mut position = against_a_king();
    let stepper = position.place(0, "man", "b7");
    position.place(0, "sergeant", "a1");
    let mut game = position.build();
    play(&mut game, 0, &step(stepper, "a8"));
    assert_eq!(occupant(&game, "a8"), Some(("sergeant".into(), 0)));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_chain_ends_when_its_man_is_promoted() {
    let mut position = against_a_king();
    let man = position.place(0, "man", "c6");
    position.place(0, "sergeant", "a1");
    position.place(1, "pawn", "d7");
    // Once a Sergeant on e8, it could leap f7 to g6 backward: P6 ends the
    // move instead.
    let spared = position.place(1, "pawn", "f7");
    let mut game = position.build();
    play(&mut game, 0, &step(man, "e8"));
    assert_eq!(occupant(&game, "e8"), Some(("sergeant".into(), 0)));
    assert_eq!(square_of(&game, spared).as_deref(), Some("f7"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn the_edge_take_removes_the_man_and_the_enemy_on_the_edge() {
    let mut position = against_a_king();
    let man = position.place(0, "man", "g7");
    let by_file = position.place(0, "man", "b4");
    position.place(0, "sergeant", "a1");
    let rook = position.place(1, "rook", "h8");
    let pawn = position.place(1, "pawn", "a5");
    let mut game = position.build();
    assert_eq!(destinations(&game, man), squares(&["f8", "h8"]));
    assert_eq!(destinations(&game, by_file), squares(&["a5", "c5"]));
    assert_eq!(
        label_of(&game, 0, &step(man, "h8")),
        "Man on g7 moves to h8, taking Rook on h8; the Man leaves the board too"
    );
    play(&mut game, 0, &step(man, "h8"));
    assert_eq!(square_of(&game, rook), None);
    assert_eq!(square_of(&game, man), None);
    assert_eq!(
        game.removal_reason(man),
        "removed with the piece it took on the board's edge"
    );
    assert_eq!(game.removal_reason(rook), "captured");
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
    assert_eq!(square_of(&game, pawn).as_deref(), Some("a5"));
}

#[test]
fn a_sergeant_has_no_edge_take() {
    let mut position = against_a_king();
    let sergeant = position.place(0, "sergeant", "g7");
    position.place(1, "rook", "h8");
    let mut game = position.build();
    assert_eq!(destinations(&game, sergeant), squares(&["f6", "f8", "h6"]));
    refuse(&mut game, 0, &step(sergeant, "h8"));
}

#[test]
fn the_edge_take_is_only_a_first_take() {
    let mut position = against_a_king();
    let man = position.place(0, "man", "e3");
    position.place(0, "sergeant", "a1");
    position.place(1, "pawn", "f4");
    let on_edge = position.place(1, "pawn", "h6");
    position.place(1, "pawn", "f6");
    let mut game = position.build();
    play(&mut game, 0, &step(man, "g5"));
    // From g5 the Pawn on h6 is on the edge, but this would be a second
    // take: only the leap over f6 to e7, or stopping.
    assert_eq!(options(&game, 0), vec![step(man, "e7"), done()]);
    refuse(&mut game, 0, &step(man, "h6"));
    play(&mut game, 0, &done());
    assert_eq!(square_of(&game, on_edge).as_deref(), Some("h6"));
}

#[test]
fn an_edge_take_of_the_king_ends_the_game() {
    let mut position = Position::new([Faction::Peasant, Faction::Classique]);
    let man = position.place(0, "man", "g7");
    position.place(0, "sergeant", "a1");
    position.place(1, "king", "h8");
    let mut game = position.build();
    play(&mut game, 0, &step(man, "h8"));
    assert!(game.is_over());
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

#[test]
fn peasants_lose_with_their_last_sergeant() {
    let mut position = Position::new([Faction::Peasant, Faction::Peasant]);
    let man = position.place(0, "man", "c3");
    position.place(0, "sergeant", "a1");
    position.place(1, "sergeant", "d4");
    position.place(1, "man", "h8");
    let mut game = position.build();
    play(&mut game, 0, &step(man, "e5"));
    assert!(game.is_over());
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

#[test]
fn losing_men_alone_does_not_defeat_the_peasants() {
    let mut position = Position::new([Faction::Peasant, Faction::Peasant]);
    let man = position.place(0, "man", "c3");
    position.place(0, "sergeant", "a1");
    position.place(1, "man", "d4");
    position.place(1, "sergeant", "h8");
    let mut game = position.build();
    play(&mut game, 0, &step(man, "e5"));
    assert!(!game.is_over());
}

/// One turn without progress ends the game under `quiet-turns` 1.
fn one_quiet_turn() -> Rules {
    Rules {
        limits: Limits {
            max_turns: 0,
            quiet_turns: 1,
        },
        ..Rules::default()
    }
}

#[test]
fn a_mans_step_is_progress_and_a_sergeants_is_not() {
    let mut position = against_a_king();
    let man = position.place(0, "man", "c3");
    let sergeant = position.place(0, "sergeant", "a1");
    position.rules(one_quiet_turn());
    let game = position.build();
    let mut by_man = game.clone();
    play(&mut by_man, 0, &step(man, "d4"));
    assert!(!by_man.is_over(), "a Man's step is an advance (P8)");
    let mut by_sergeant = game;
    play(&mut by_sergeant, 0, &step(sergeant, "b2"));
    assert!(by_sergeant.is_over(), "a Sergeant's step is not");
    assert!(by_sergeant.outcome().expect("over").winners.is_empty());
}

/// Perft of a small Peasant-against-Peasant position, counted by hand.
///
/// White (seat 0, to move): Man c3, Sergeant a1. Black: Man d4, Sergeant h8.
///
/// Depth 1 (3): Man c3–b4; Man c3×d4 to e5 (e3 is empty: d4 is taken,
/// and from e5 no enemy is next to it, so no chain); Sergeant a1–b2.
///
/// Depth 2 (6), Black's replies:
/// - after c3–b4: Man d4–c3, d4–e3; Sergeant h8–g7 = 3
/// - after c3×e5: the Man d4 is gone; Sergeant h8–g7 = 1
/// - after a1–b2: Man d4–e3 (c3 is White's and b2 behind it is taken, so
///   no leap); Sergeant h8–g7 = 2
///
/// Depth 3 (17), White's replies:
/// - c3–b4, d4–c3: Man b4–a5, b4–c5 (Black's Man on c3 is diagonally
///   behind it, where a Man neither moves nor takes); Sergeant a1–b2 = 3
/// - c3–b4, d4–e3: Man b4–a5, b4–c5; Sergeant a1–b2 = 3
/// - c3–b4, h8–g7: Man b4–a5, b4–c5; Sergeant a1–b2 = 3
/// - c3×e5, h8–g7: Man e5–d6, e5–f6; Sergeant a1–b2 = 3
/// - a1–b2, d4–e3: Man c3–b4, c3–d4; Sergeant b2–a3, b2–c1, b2–a1 (c3 is
///   its own Man) = 5
/// - a1–b2, h8–g7: Man c3–b4, c3×d4 to e5; Sergeant b2–a3, b2–c1, b2–a1
///   = 5
///
/// That is 3 + 3 + 3 + 3 + 5 + 5 = 22.
#[test]
fn perft_of_a_small_peasant_position() {
    let mut position = Position::new([Faction::Peasant, Faction::Peasant]);
    position.place(0, "man", "c3");
    position.place(0, "sergeant", "a1");
    position.place(1, "man", "d4");
    position.place(1, "sergeant", "h8");
    let game = position.build();
    assert_eq!(perft(&game, 1), 3);
    assert_eq!(perft(&game, 2), 6);
    assert_eq!(perft(&game, 3), 22);
}

/// Perft of a position with a chain and an edge take, counted by hand;
/// a chain's further take or `done` is one more move of the same player.
///
/// White (seat 0, to move): Man c1, Sergeant g1. Black: Men d2 and d4,
/// Sergeant a7. Black's Men move toward rank 1.
///
/// Depth 1 (4): Man c1–b2, c1×d2 to e3; Sergeant g1–f2, g1–h2.
///
/// Depth 2 (20):
/// - c1–b2: Black's Man d2–c1, d2–e1; d4–c3, d4–e3; Sergeant a7–b8,
///   a7–b6 = 6
/// - c1×d2: the chain waits on e3: ×d4 to c5, or done = 2
/// - g1–f2: as after c1–b2, but d2's move to c1 is now the edge take of
///   White's Man on c1 (no square beyond it) = 6
/// - g1–h2: likewise = 6
///
/// Depth 3 (83):
/// - after c1–b2 and each of Black's 6, White has Man b2–a3, b2–c3 (or,
///   after d4–c3, b2×c3 to d4) and Sergeant g1–f2, g1–h2: 6 × 4 = 24
/// - c1×d2, ×d4 to c5: no take from c5, the turn ends; Black's Sergeant
///   a7–b8, a7–b6 = 2. c1×d2, done: Black's Man d4–c3, d4×e3 to f2;
///   Sergeant a7–b8, a7–b6 = 4. Together 6
/// - g1–f2, then: the edge take d2×c1 leaves Sergeant f2–e1, g1, e3, g3
///   = 4; d2–e1 (a Sergeant now): Man c1–b2, c1–d2, Sergeant f2–g1, e3,
///   g3 (e1 is on the edge: a Sergeant has no edge take) = 5; d4–c3: Man
///   c1–b2, c1×d2 to e3, Sergeant f2 four ways = 6; d4–e3: Man c1–b2 (e3
///   is taken, no leap), Sergeant f2–e1, g1, g3, f2×e3 to d4 = 5; a7–b8
///   and a7–b6: 6 each. Together 32
/// - g1–h2, then: the edge take leaves Sergeant h2–g1, g3 = 2; d2–e1:
///   Man c1–b2, c1–d2 and the Sergeant's 2 = 4; d4–c3: Man c1–b2, c1×d2
///   and 2 = 4; d4–e3: Man c1–b2 and 2 = 3; a7–b8, a7–b6: 4 each.
///   Together 21
///
/// That is 24 + 6 + 32 + 21 = 83.
#[test]
fn perft_with_a_chain_and_an_edge_take() {
    let mut position = Position::new([Faction::Peasant, Faction::Peasant]);
    position.place(0, "man", "c1");
    position.place(0, "sergeant", "g1");
    position.place(1, "man", "d2");
    position.place(1, "man", "d4");
    position.place(1, "sergeant", "a7");
    let game = position.build();
    assert_eq!(perft(&game, 1), 4);
    assert_eq!(perft(&game, 2), 20);
    assert_eq!(perft(&game, 3), 83);
}

#[test]
fn a_black_man_is_promoted_on_rank_1() {
    let mut position = Position::new([Faction::Peasant, Faction::Peasant]);
    position.place(0, "sergeant", "h8");
    let man = position.place(1, "man", "c2");
    position.place(1, "sergeant", "a7");
    position.to_move(1);
    let mut game = position.build();
    assert_eq!(destinations(&game, man), squares(&["b1", "d1"]));
    play(&mut game, 1, &step(man, "d1"));
    assert_eq!(occupant(&game, "d1"), Some(("sergeant".into(), 1)));
}
