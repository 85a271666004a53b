//! The Wallmaster faction (book lines 80–86): the Chest on its bottom-left
//! square, the start-of-turn placements of the Chest and the Generators,
//! where each piece may be placed, the Minion's moves, the Trap that takes
//! its capturer with it, and defeat when the Chest is captured.
//! Rulings W1–W9 in docs/rules/action-chess-faction-chess.md.

use std::collections::BTreeSet;

mod acfc_common;
mod kit;
use acfc_common::*;

fn place(placer: PieceId, to: &str, kind: &str) -> Action {
    Action::new("place").piece(placer).to(sq(to)).choice(kind)
}

/// The squares `placer` is offered to place a `kind` on.
fn placements(game: &Game, seat: u8, placer: PieceId, kind: &str) -> BTreeSet<String> {
    options(game, seat)
        .into_iter()
        .filter(|a| a.verb == "place" && a.piece == Some(placer))
        .filter(|a| a.choice.as_deref() == Some(kind))
        .map(|a| a.to.expect("a square").to_string())
        .collect()
}

fn places_anything(game: &Game, seat: u8) -> bool {
    options(game, seat).iter().any(|a| a.verb == "place")
}

/// A Wallmaster (White, seat 0) with its Chest on a1 against a Classique
/// King on h8, White to move.
fn chest_against_king() -> (Position, PieceId) {
    let mut position = Position::new([Faction::Wallmaster, Faction::Classique]);
    let chest = position.place(0, "chest", "a1");
    position.place(1, "king", "h8");
    (position, chest)
}

#[test]
fn the_chest_starts_on_its_owners_own_bottom_left_square() {
    let (game, _) = setup([Faction::Wallmaster, Faction::Wallmaster], &[1]);
    let white = game.white().0;
    assert_eq!(occupant(&game, "a1"), Some(("chest".into(), white)));
    assert_eq!(occupant(&game, "h8"), Some(("chest".into(), 1 - white)));
    assert_eq!(view(&game).pieces.len(), 2, "a Chest and nothing else");
}

#[test]
fn a_start_of_turn_position_has_a_hand_counted_number_of_options() {
    let (position, _) = chest_against_king();
    let game = position.build();
    // Trap: 62 empty squares but a2, b1, b2 beside the Chest = 59;
    // Minion: a2, b1, b2 = 3; Barracks: ranks 1–2 but a1 = 15;
    // Generator: any empty square = 62; a wall on any of the 112 edges
    // (one of the Chest's two sides alone does not close it in); and
    // `done`: 252.
    assert_eq!(perft(&game, 1), 59 + 3 + 15 + 62 + 112 + 1);
}

#[test]
fn the_chest_places_up_to_three_pieces_then_the_turn_goes_on() {
    let (position, chest) = chest_against_king();
    let mut game = position.build();
    play(&mut game, 0, &place(chest, "b2", "minion"));
    play(&mut game, 0, &place(chest, "a2", "minion"));
    play(&mut game, 0, &place(chest, "e4", "trap"));
    assert!(!places_anything(&game, 0), "three placements, no more");
    refuse(&mut game, 0, &place(chest, "b1", "minion"));
    assert_eq!(occupant(&game, "e4"), Some(("trap".into(), 0)));
    let minion = piece_on(&game, "b2");
    play(&mut game, 0, &step(minion, "c3"));
    let king = piece_on(&game, "h8");
    play(&mut game, 1, &step(king, "g8"));
    assert_eq!(
        placements(&game, 0, chest, "minion"),
        squares(&["b1", "b2"]),
        "the count starts again each turn; the Minion left b2"
    );
}

#[test]
fn a_generator_places_one_piece_of_its_own_each_turn() {
    let (mut position, chest) = chest_against_king();
    let generator = position.place(0, "generator", "d4");
    let mut game = position.build();
    play(&mut game, 0, &place(generator, "f3", "trap"));
    assert!(placements(&game, 0, generator, "trap").is_empty());
    refuse(&mut game, 0, &place(generator, "f4", "trap"));
    for to in ["f4", "f5", "f6"] {
        play(&mut game, 0, &place(chest, to, "trap"));
    }
    assert!(
        !places_anything(&game, 0),
        "the Chest's three and the Generator's one are used"
    );
}

#[test]
fn only_one_barracks_and_one_generator_are_placed_a_turn() {
    let (mut position, chest) = chest_against_king();
    let generator = position.place(0, "generator", "d4");
    let mut game = position.build();
    play(&mut game, 0, &place(chest, "c2", "barracks"));
    assert!(placements(&game, 0, generator, "barracks").is_empty());
    refuse(&mut game, 0, &place(generator, "e2", "barracks"));
    play(&mut game, 0, &place(chest, "h4", "generator"));
    assert!(placements(&game, 0, chest, "generator").is_empty());
    refuse(&mut game, 0, &place(generator, "h5", "generator"));
    play(&mut game, 0, &place(generator, "b3", "minion"));
    assert_eq!(
        occupant(&game, "b3"),
        Some(("minion".into(), 0)),
        "beside the new Barracks"
    );
}

#[test]
fn a_minion_is_placed_beside_its_own_chest_or_barracks() {
    let (mut position, chest) = chest_against_king();
    position.place(0, "barracks", "e2");
    position.place(1, "rook", "c1");
    let mut game = position.build();
    assert_eq!(
        placements(&game, 0, chest, "minion"),
        squares(&[
            "a2", "b1", "b2", "d1", "e1", "f1", "d2", "f2", "d3", "e3", "f3"
        ]),
        "never beside the enemy King on h8"
    );
    refuse(&mut game, 0, &place(chest, "g8", "minion"));
}

#[test]
fn a_barracks_stands_within_a_rank_of_its_own_chest_or_barracks_and_not_beside_an_enemy() {
    let (mut position, chest) = chest_against_king();
    position.place(1, "rook", "e2");
    position.place(0, "barracks", "h3");
    let game = position.build();
    let mut expected = BTreeSet::new();
    for rank in 1..=4 {
        for file in "abcdefgh".chars() {
            expected.insert(format!("{file}{rank}"));
        }
    }
    // Taken squares, and those beside the Rook on e2.
    for gone in [
        "a1", "h3", "e2", "d1", "e1", "f1", "d2", "f2", "d3", "e3", "f3",
    ] {
        expected.remove(gone);
    }
    assert_eq!(placements(&game, 0, chest, "barracks"), expected);
}

#[test]
fn a_trap_is_never_placed_beside_a_chest_and_a_generator_anywhere_empty() {
    let (mut position, chest) = chest_against_king();
    position.place(1, "chest", "h1");
    let game = position.build();
    let traps = placements(&game, 0, chest, "trap");
    for beside in ["a2", "b1", "b2", "g1", "g2", "h2"] {
        assert!(!traps.contains(beside), "a Trap beside a Chest on {beside}");
    }
    assert!(
        traps.contains("c3") && traps.contains("g7"),
        "beside a King is allowed"
    );
    assert_eq!(traps.len(), 64 - 3 - 6);
    assert_eq!(placements(&game, 0, chest, "generator").len(), 64 - 3);
}

#[test]
fn a_minion_moves_as_a_king_and_the_other_pieces_never_move() {
    let (mut position, _) = chest_against_king();
    let minion = position.place(0, "minion", "d4");
    position.place(0, "barracks", "d5");
    position.place(0, "generator", "h2");
    position.place(0, "trap", "c6");
    position.place(1, "rook", "e5");
    let mut game = position.build();
    play(&mut game, 0, &done());
    let movers: BTreeSet<PieceId> = options(&game, 0).iter().filter_map(|a| a.piece).collect();
    assert_eq!(movers, BTreeSet::from([minion]));
    assert_eq!(
        destinations(&game, minion),
        squares(&["c3", "d3", "e3", "c4", "e4", "c5", "e5"])
    );
    play(&mut game, 0, &step(minion, "e5"));
    assert_eq!(occupant(&game, "e5"), Some(("minion".into(), 0)));
}

#[test]
fn a_piece_that_captures_a_trap_leaves_the_board_after_its_move() {
    let (mut position, chest) = chest_against_king();
    position.place(0, "trap", "d5");
    let minion = position.place(0, "minion", "g4");
    let rook = position.place(1, "rook", "d8");
    let mut game = position.build();
    play(&mut game, 0, &place(chest, "h1", "trap"));
    play(&mut game, 0, &done());
    play(&mut game, 0, &step(minion, "g3"));
    let label = game
        .options(Seat(1))
        .into_iter()
        .find(|o| o.action == step(rook, "d5"))
        .expect("the Rook may take the Trap")
        .label;
    assert!(label.contains("leaves the board too"), "{label}");
    play(&mut game, 1, &step(rook, "d5"));
    assert_eq!(square_of(&game, rook), None);
    assert_eq!(occupant(&game, "d5"), None);
    assert!(!game.is_over());
}

#[test]
fn a_leader_that_captures_a_trap_loses_its_side_the_game() {
    let mut position = Position::new([Faction::Wallmaster, Faction::Classique]);
    position.place(0, "chest", "a1");
    position.place(0, "trap", "g7");
    let king = position.place(1, "king", "h8");
    position.to_move(1);
    let mut game = position.build();
    play(&mut game, 1, &step(king, "g7"));
    assert_eq!(square_of(&game, king), None);
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

#[test]
fn the_wallmaster_is_defeated_when_its_chest_is_captured() {
    let mut position = Position::new([Faction::Wallmaster, Faction::Classique]);
    position.place(0, "chest", "a1");
    position.place(0, "minion", "h2");
    position.place(1, "king", "h8");
    let rook = position.place(1, "rook", "a5");
    position.to_move(1);
    let mut game = position.build();
    play(&mut game, 1, &step(rook, "a1"));
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(1)]);
}

#[test]
fn a_placement_is_progress_for_the_fifty_move_rule() {
    let quiet = |places: bool| {
        let (mut position, chest) = chest_against_king();
        position.rules(Rules {
            limits: Limits {
                max_turns: 0,
                quiet_turns: 2,
            },
            ..Rules::default()
        });
        let minion = position.place(0, "minion", "d4");
        let mut game = position.build();
        if places {
            play(&mut game, 0, &place(chest, "f6", "trap"));
        }
        play(&mut game, 0, &done());
        play(&mut game, 0, &step(minion, "d5"));
        let king = piece_on(&game, "h8");
        play(&mut game, 1, &step(king, "h7"));
        game.is_over()
    };
    assert!(!quiet(true));
    assert!(quiet(false));
}

#[test]
fn a_wallmaster_with_no_piece_to_move_passes_rather_than_being_stalemated() {
    let (position, _) = chest_against_king();
    let mut game = position.build();
    play(&mut game, 0, &done());
    let main = game.options(Seat(0));
    assert_eq!(main.len(), 1);
    assert_eq!(main[0].action, done());
    assert_eq!(main[0].label, "Pass: no piece can move");
    play(&mut game, 0, &done());
    assert!(!game.is_over());
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

/// A Wallmaster (White, seat 0, to move) with its Chest on a1 and one
/// Minion on b2, pinned by a Spirit of the Ghost sharing b2, read by
/// `rulings`; the Chest's placements are declined. No dice are rolled.
fn pinned_minion(rulings: Rulings) -> Game {
    let mut position = Position::new([Faction::Wallmaster, Faction::Ghost]);
    position.rules(Rules {
        rulings,
        ..Rules::default()
    });
    position.place(0, "chest", "a1");
    position.place(0, "minion", "b2");
    position.sharing_spirit(1, "b2");
    position.place(1, "wraith", "h8");
    let mut game = position.build();
    play(&mut game, 0, &done());
    game
}

#[test]
fn a_wallmaster_whose_minions_are_all_pinned_passes() {
    let mut game = pinned_minion(Rulings::Book);
    assert!(!game.is_over(), "not stalemated");
    assert_eq!(options(&game, 0), vec![done()]);
    play(&mut game, 0, &done());
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn fray_2026_stalemates_a_wallmaster_whose_minions_are_all_pinned() {
    let game = pinned_minion(Rulings::Fray2026);
    assert!(game.outcome().expect("stalemate").is_draw());
}

#[test]
fn two_generators_placing_generators_are_told_apart() {
    let (mut position, _) = chest_against_king();
    let first = position.place(0, "generator", "d4");
    let second = position.place(0, "generator", "e4");
    let game = position.build();
    let notation = |placer: PieceId| {
        game.options(Seat(0))
            .into_iter()
            .find(|o| o.action == place(placer, "h5", "generator"))
            .expect("a Generator may place a Generator")
            .notation
    };
    assert_ne!(notation(first), notation(second));
}

fn wall(placer: PieceId, a: &str, b: &str) -> Action {
    Action::new("wall").piece(placer).to(sq(a)).choice(b)
}

/// The Wallmaster (seat 0, Chest on a1) puts `walls` up, then passes; the
/// Classique side (King on h8 and `black`) is to move.
fn walled_position(walls: &[(&str, &str)], black: &[(&str, &str)]) -> (Game, Vec<PieceId>) {
    let (mut position, chest) = chest_against_king();
    let ids = black
        .iter()
        .map(|&(kind, at)| position.place(1, kind, at))
        .collect();
    let generator = position.place(0, "generator", "a8");
    let mut game = position.build();
    for (at, &(a, b)) in walls.iter().enumerate() {
        let placer = if at < 3 { chest } else { generator };
        play(&mut game, 0, &wall(placer, a, b));
    }
    if walls.len() < 4 {
        play(&mut game, 0, &done());
    }
    // The pass: the Wallmaster has no Minion.
    play(&mut game, 0, &done());
    (game, ids)
}

#[test]
fn a_wall_stops_a_slide_and_what_it_threatens() {
    let (game, ids) = walled_position(&[("d5", "d6")], &[("rook", "d8")]);
    assert_eq!(
        destinations(&game, ids[0]),
        squares(&["a8", "b8", "c8", "e8", "f8", "g8", "d7", "d6"])
    );
    let (open, ids) = walled_position(&[], &[("rook", "d8")]);
    let open = destinations(&open, ids[0]);
    assert!(
        open.contains("d1"),
        "without the wall the file is open: {open:?}"
    );
}

#[test]
fn a_step_never_crosses_a_wall_and_a_diagonal_step_needs_one_way_round() {
    let (game, ids) = walled_position(&[("d4", "d5"), ("d4", "e4")], &[("king", "d5")]);
    // A second Classique King, only to test a step.
    let steps = destinations(&game, ids[0]);
    assert!(!steps.contains("d4"), "straight through a wall");
    assert!(steps.contains("c4"), "round by c5 or d4... c5 is open");
    assert!(steps.contains("e4"), "round by e5, open");
    let (boxed, ids) = walled_position(&[("d4", "d5"), ("d5", "e5")], &[("king", "d5")]);
    let steps = destinations(&boxed, ids[0]);
    assert!(
        !steps.contains("e4"),
        "both ways round the corner are walled"
    );
    assert!(steps.contains("c4"));
}

#[test]
fn a_knight_leaps_a_single_wall_but_not_a_double_one() {
    let (single, ids) = walled_position(&[("e4", "e5")], &[("knight", "e6")]);
    assert!(destinations(&single, ids[0]).contains("d4"));
    let (double, ids) = walled_position(&[("e4", "e5"), ("e4", "e5")], &[("knight", "e6")]);
    let leaps = destinations(&double, ids[0]);
    assert!(!leaps.contains("d4") && !leaps.contains("f4"), "{leaps:?}");
    assert!(
        leaps.contains("c5") && leaps.contains("g7"),
        "leaps clear of it"
    );
}

#[test]
fn a_pawn_does_not_advance_through_a_wall() {
    let (game, ids) = walled_position(&[("c6", "c7")], &[("pawn", "c7")]);
    assert!(destinations(&game, ids[0]).is_empty());
}

#[test]
fn a_wall_never_closes_in_its_own_chest() {
    let (position, chest) = chest_against_king();
    let mut game = position.build();
    play(&mut game, 0, &wall(chest, "a1", "a2"));
    refuse(&mut game, 0, &wall(chest, "a1", "b1"));
    refuse(&mut game, 0, &wall(chest, "b1", "a1"));
    play(&mut game, 0, &wall(chest, "b1", "b2"));
    play(&mut game, 0, &wall(chest, "e4", "e5"));
    let walls = view(&game).walls;
    assert_eq!(walls.len(), 3);
    assert!(walls.iter().all(|w| w.kind == "wall"));
}

#[test]
fn a_wall_doubles_and_no_third_goes_on_it() {
    let (mut position, chest) = chest_against_king();
    let generator = position.place(0, "generator", "h4");
    let mut game = position.build();
    play(&mut game, 0, &wall(chest, "e4", "e5"));
    refuse(&mut game, 0, &wall(generator, "e5", "e4"));
    play(&mut game, 0, &wall(generator, "e4", "e5"));
    let walls = view(&game).walls;
    assert_eq!(walls.len(), 1);
    assert_eq!(walls[0].kind, "double-wall");
    refuse(&mut game, 0, &wall(chest, "e4", "e5"));
    refuse(&mut game, 0, &wall(chest, "e4", "f5"));
}

#[test]
fn a_trap_is_never_placed_beside_a_wall() {
    let (position, chest) = chest_against_king();
    let mut game = position.build();
    play(&mut game, 0, &wall(chest, "e4", "e5"));
    let traps = placements(&game, 0, chest, "trap");
    assert!(!traps.contains("e4") && !traps.contains("e5"));
    assert!(traps.contains("d4") && traps.contains("e6"));
}

#[test]
fn a_minion_walled_off_a_square_does_not_threaten_it() {
    let king_may_enter_d4 = |walls: &[(&str, &str)]| {
        let mut position = Position::new([Faction::Wallmaster, Faction::Classique]);
        let chest = position.place(0, "chest", "a1");
        position.place(0, "minion", "c3");
        let mover = position.place(0, "minion", "h3");
        let king = position.place(1, "king", "e5");
        let mut game = position.build();
        for &(a, b) in walls {
            play(&mut game, 0, &wall(chest, a, b));
        }
        play(&mut game, 0, &done());
        play(&mut game, 0, &step(mover, "h4"));
        destinations(&game, king).contains("d4")
    };
    // The Minion on c3 threatens d4 unless both ways round (c4, d3) are
    // walled off.
    assert!(!king_may_enter_d4(&[]));
    assert!(
        !king_may_enter_d4(&[("c3", "c4")]),
        "one way round is still open"
    );
    assert!(king_may_enter_d4(&[("c3", "c4"), ("c3", "d3")]));
}

#[test]
fn what_a_trapped_piece_would_still_decide_lapses() {
    let mut position = Position::new([Faction::Wallmaster, Faction::Butcher]);
    position.place(0, "chest", "a1");
    position.place(0, "trap", "d5");
    let butcher = position.place(1, "butcher", "d4");
    position.place(1, "butcher", "h8");
    position.place(1, "diner", "c5");
    position.to_move(1);
    let mut game = position.build();
    play(&mut game, 1, &step(butcher, "d5"));
    assert_eq!(square_of(&game, butcher), None);
    assert!(!game.is_over(), "the other Butcher stands");
    assert_eq!(
        game.to_act().to_vec(),
        vec![Seat(0)],
        "no slaughter waits beside the Diner: the Butcher is gone"
    );
}

#[test]
fn a_draughts_jump_leaps_a_single_wall_but_not_a_double_one() {
    let man_may_jump = |walls: u8| {
        let mut position = Position::new([Faction::Wallmaster, Faction::Peasant]);
        let chest = position.place(0, "chest", "a1");
        position.place(0, "minion", "d5");
        let mover = position.place(0, "minion", "h2");
        let man = position.place(1, "man", "e6");
        position.place(1, "sergeant", "h8");
        let mut game = position.build();
        for _ in 0..walls {
            play(&mut game, 0, &wall(chest, "d4", "d5"));
        }
        play(&mut game, 0, &done());
        play(&mut game, 0, &step(mover, "h3"));
        destinations(&game, man).contains("c4")
    };
    assert!(man_may_jump(0));
    assert!(man_may_jump(1), "a single wall is leapt");
    assert!(!man_may_jump(2), "a double wall is not");
}

#[test]
fn a_wall_stops_a_walk() {
    let walk_ends = |walled: bool| {
        let mut position = Position::new([Faction::Wallmaster, Faction::Beastfolk]);
        let chest = position.place(0, "chest", "a1");
        let minotaur = position.place(1, "minotaur", "h7");
        position.place(1, "leonine", "b8");
        let mut game = position.build();
        if walled {
            play(&mut game, 0, &wall(chest, "h4", "h5"));
        }
        play(&mut game, 0, &done());
        play(&mut game, 0, &done());
        play_rolling(&mut game, 1, &roll(minotaur, "south"), &[8]);
        square_of(&game, minotaur)
    };
    assert_eq!(walk_ends(false).as_deref(), Some("h1"));
    assert_eq!(walk_ends(true).as_deref(), Some("h5"));
}
