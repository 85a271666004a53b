//! The Swarm faction (book lines 64–66): Swarmling stacks that step, split
//! and join, attack on a d20 and may attack again with half of those that
//! moved; the Hive Queen's 2d6 placements; threats; the starting layout.
//! Rulings Q1–Q12 in docs/rules/action-chess-faction-chess.md.

mod acfc_common;
mod kit;
use acfc_common::*;

const SWARM_V_CLASSIQUE: [Faction; 2] = [Faction::Swarm, Faction::Classique];

fn swarm(piece: PieceId, to: &str, count: u16) -> Action {
    Action::new("move")
        .piece(piece)
        .to(sq(to))
        .choice(count.to_string())
}

fn hatch(queen: PieceId, to: &str, count: u16) -> Action {
    Action::new("place")
        .piece(queen)
        .to(sq(to))
        .choice(count.to_string())
}

/// The Swarmlings a piece is, as its view shows them; None for a piece
/// that shows no count. The piece's `count`, which a board draws, says the
/// same.
fn count(game: &Game, piece: PieceId) -> Option<u16> {
    let view = view(game);
    let piece = &view.pieces[&piece];
    let shown = piece
        .stats
        .iter()
        .find(|stat| stat.key == "Swarmlings")
        .map(|stat| stat.value.parse().expect("a number"));
    assert_eq!(piece.count, shown.map_or(1, u32::from), "{piece:?}");
    shown
}

/// A Swarm (seat 0, White, its Hive Queen on a1) against a Classique King
/// on h8; `more` adds pieces. The Swarm's turn begins with the 2d6 `faces`,
/// whose placements are then declined.
fn swarm_to_move(faces: [u8; 2], more: impl FnOnce(&mut Position)) -> Game {
    let mut position = Position::new(SWARM_V_CLASSIQUE);
    position.place(1, "king", "h8");
    swarm_first(position, faces, more)
}

/// The same against another Swarm, whose Hive Queen is on h8.
fn swarm_against_swarm(faces: [u8; 2], more: impl FnOnce(&mut Position)) -> Game {
    let mut position = Position::new([Faction::Swarm, Faction::Swarm]);
    position.place(1, "hive-queen", "h8");
    swarm_first(position, faces, more)
}

fn swarm_first(mut position: Position, faces: [u8; 2], more: impl FnOnce(&mut Position)) -> Game {
    position.place(0, "hive-queen", "a1");
    more(&mut position);
    let mut game = position.build_rolling(&faces);
    play(&mut game, 0, &done());
    game
}

#[test]
fn the_swarm_starts_with_eight_stacks_of_five_and_the_hive_queen_on_the_kings_square() {
    let mut position = Position::new(SWARM_V_CLASSIQUE);
    position.starting_pieces(0);
    position.place(1, "king", "e8");
    let game = position.build_rolling(&[1, 1]);
    for file in "abcdefgh".chars() {
        let stack = piece_on(&game, &format!("{file}2"));
        assert_eq!(
            occupant(&game, &format!("{file}2")),
            Some(("swarmling".into(), 0))
        );
        assert_eq!(count(&game, stack), Some(5));
    }
    assert_eq!(occupant(&game, "e1"), Some(("hive-queen".into(), 0)));
    assert_eq!(count(&game, piece_on(&game, "e1")), None);
}

#[test]
fn a_stack_moves_any_number_of_its_swarmlings_one_square_any_way() {
    let mut stacks = (PieceId(0), PieceId(0));
    let game = swarm_to_move([1, 1], |p| {
        stacks = (p.stack(0, "d4", 3), p.stack(0, "d5", 1));
    });
    // Hand count: d4's 3 Swarmlings onto each of its 8 neighbours (d5 a
    // friendly stack to join) = 24; d5's 1 onto its 8 (d4 to join) = 8;
    // the Hive Queen never moves.
    assert_eq!(game.moves(Seat(0)).len(), 32);
    let moving: Vec<_> = options(&game, 0)
        .into_iter()
        .filter(|a| a.piece == Some(stacks.0) && a.to == Some(sq("c3")))
        .map(|a| a.choice.expect("a count"))
        .collect();
    assert_eq!(moving, ["1", "2", "3"]);
}

#[test]
fn the_moving_part_of_a_stack_is_a_new_piece_and_the_part_that_stays_keeps_its_id() {
    let mut stack = PieceId(0);
    let mut game = swarm_to_move([1, 1], |p| stack = p.stack(0, "d4", 3));
    play(&mut game, 0, &swarm(stack, "e4", 2));
    let part = piece_on(&game, "e4");
    assert_ne!(part, stack);
    assert_eq!(count(&game, part), Some(2));
    assert_eq!(square_of(&game, stack), Some("d4".into()));
    assert_eq!(count(&game, stack), Some(1));
    // No enemy beside e4: no second move, the turn is Black's.
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_whole_stack_joining_another_leaves_the_board_and_the_host_counts_both() {
    let mut stacks = (PieceId(0), PieceId(0));
    let mut game = swarm_to_move([1, 1], |p| {
        stacks = (p.stack(0, "d4", 3), p.stack(0, "d5", 2));
    });
    play(&mut game, 0, &swarm(stacks.0, "d5", 3));
    assert_eq!(square_of(&game, stacks.0), None);
    assert_eq!(count(&game, stacks.1), Some(5));
}

#[test]
fn an_attack_takes_when_d20_plus_the_swarmlings_is_above_10() {
    let mut stack = PieceId(0);
    let mut game = swarm_to_move([1, 1], |p| {
        stack = p.stack(0, "d4", 3);
        p.place(1, "knight", "e5");
    });
    play_rolling(&mut game, 0, &swarm(stack, "e5", 3), &[8]);
    assert_eq!(occupant(&game, "e5"), Some(("swarmling".into(), 0)));
    assert_eq!(square_of(&game, stack), Some("e5".into()));
    assert_eq!(count(&game, stack), Some(3));
}

#[test]
fn an_attack_at_10_fails_and_the_attacking_swarmlings_are_lost() {
    let mut stack = PieceId(0);
    let mut game = swarm_to_move([1, 1], |p| {
        stack = p.stack(0, "d4", 5);
        p.place(1, "knight", "e5");
    });
    play_rolling(&mut game, 0, &swarm(stack, "e5", 3), &[7]);
    assert_eq!(occupant(&game, "e5"), Some(("knight".into(), 1)));
    assert_eq!(count(&game, stack), Some(2));
    // An attack is the first move's capture attempt: no second move.
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_whole_stack_that_fails_its_attack_leaves_the_board() {
    let mut stack = PieceId(0);
    let mut game = swarm_to_move([1, 1], |p| {
        stack = p.stack(0, "d4", 1);
        p.place(1, "knight", "e5");
    });
    play_rolling(&mut game, 0, &swarm(stack, "e5", 1), &[9]);
    assert_eq!(square_of(&game, stack), None);
    assert_eq!(occupant(&game, "e5"), Some(("knight".into(), 1)));
}

#[test]
fn half_of_the_swarmlings_that_moved_may_move_again_only_to_attack() {
    let mut stack = PieceId(0);
    let mut game = swarm_to_move([1, 1], |p| {
        stack = p.stack(0, "d4", 5);
        p.place(1, "knight", "d6");
        p.place(1, "bishop", "h4");
    });
    play(&mut game, 0, &swarm(stack, "d5", 5));
    // 5 moved: 2 may attack the Knight beside d5, or stop.
    let mut again = options(&game, 0);
    again.sort_by_key(|a| a.verb.clone());
    assert_eq!(again, vec![done(), swarm(stack, "d6", 2)]);
    play_rolling(&mut game, 0, &swarm(stack, "d6", 2), &[9]);
    let part = piece_on(&game, "d6");
    assert_eq!(count(&game, part), Some(2));
    assert_eq!(count(&game, stack), Some(3));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_single_swarmling_that_moved_has_no_half_to_move_again() {
    let mut stack = PieceId(0);
    let mut game = swarm_to_move([1, 1], |p| {
        stack = p.stack(0, "d4", 1);
        p.place(1, "knight", "d6");
    });
    play(&mut game, 0, &swarm(stack, "d5", 1));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

/// A Swarm against the Ghost (its Wraith on h8), read by `rulings`: 4
/// Swarmlings from d4 join the 2 on d5, which a Spirit pins, beside a
/// Phantom on d6. The Hive Queen's 2d6 roll 1 and 1, her placements
/// declined; no other die is rolled.
fn joining_a_pinned_stack(rulings: Rulings) -> Game {
    let mut position = Position::new([Faction::Swarm, Faction::Ghost]);
    position.rules(Rules {
        rulings,
        ..Rules::default()
    });
    position.place(1, "wraith", "h8");
    let mut mover = PieceId(0);
    let mut game = swarm_first(position, [1, 1], |p| {
        mover = p.stack(0, "d4", 4);
        p.stack(0, "d5", 2);
        p.sharing_spirit(1, "d5");
        p.place(1, "phantom", "d6");
    });
    play(&mut game, 0, &swarm(mover, "d5", 4));
    game
}

#[test]
fn swarmlings_that_joined_a_pinned_stack_are_not_asked_to_attack_again() {
    let game = joining_a_pinned_stack(Rulings::Book);
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn fray_2026_asks_a_pinned_stack_to_attack_again_with_done_alone() {
    let game = joining_a_pinned_stack(Rulings::Fray2026);
    assert_eq!(options(&game, 0), vec![done()]);
}

#[test]
fn the_hive_queen_places_2d6_swarmlings_on_stacks_or_beside_her() {
    let mut position = Position::new(SWARM_V_CLASSIQUE);
    let queen = position.place(0, "hive-queen", "a1");
    let far = position.stack(0, "f5", 1);
    position.place(0, "swarmling", "b1");
    position.place(1, "king", "h8");
    let mut game = position.build_rolling(&[3, 4]);
    // 7 to place: on f5, on b1 (a stack beside her), on a2 or b2.
    let offered: std::collections::BTreeSet<String> = options(&game, 0)
        .into_iter()
        .filter(|a| a.verb == "place")
        .map(|a| a.to.expect("a square").to_string())
        .collect();
    assert_eq!(offered, squares(&["a2", "b1", "b2", "f5"]));
    refuse(&mut game, 0, &hatch(queen, "f5", 8));
    play(&mut game, 0, &hatch(queen, "f5", 5));
    assert_eq!(count(&game, far), Some(5 + 1));
    play(&mut game, 0, &hatch(queen, "a2", 2));
    let new = piece_on(&game, "a2");
    assert_eq!(count(&game, new), Some(2));
    // All placed: the main move.
    assert!(options(&game, 0).iter().all(|a| a.verb == "move"));
}

#[test]
fn done_leaves_the_rest_unplaced() {
    let mut position = Position::new(SWARM_V_CLASSIQUE);
    let queen = position.place(0, "hive-queen", "a1");
    position.place(1, "king", "h8");
    let mut game = position.build_rolling(&[6, 6]);
    play(&mut game, 0, &hatch(queen, "b2", 10));
    play(&mut game, 0, &done());
    assert_eq!(count(&game, piece_on(&game, "b2")), Some(10));
    assert!(options(&game, 0).iter().all(|a| a.verb == "move"));
}

#[test]
fn a_stack_threatens_every_square_beside_it_and_the_hive_queen_none() {
    let mut position = Position::new([Faction::Classique, Faction::Swarm]);
    let king = position.place(0, "king", "e1");
    position.stack(1, "e3", 1);
    position.place(1, "hive-queen", "c1");
    let game = position.build();
    // d2, e2, f2 are beside the stack; d1 is beside the Hive Queen, which
    // threatens nothing.
    assert_eq!(destinations(&game, king), squares(&["d1", "f1"]));
}

#[test]
fn the_swarm_loses_with_its_hive_queen() {
    let mut position = Position::new([Faction::Classique, Faction::Swarm]);
    position.place(0, "king", "e1");
    let rook = position.place(0, "rook", "a5");
    position.place(1, "hive-queen", "a8");
    position.stack(1, "h8", 1);
    let mut game = position.build();
    play(&mut game, 0, &step(rook, "a8"));
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winners, vec![Seat(0)]);
}

// ---- The Swarmlings' defence against every faction's captures (Q5) ----

fn label_of(game: &Game, seat: u8, action: &Action) -> String {
    game.options(Seat(seat))
        .into_iter()
        .find(|option| &option.action == action)
        .unwrap_or_else(|| panic!("{action:?} is not offered"))
        .label
}

/// A Classique Rook on a1 (its King on e1) against 3 Swarmlings on a5.
fn a_rook_against_a_stack() -> (Game, PieceId, PieceId) {
    let mut position = Position::new([Faction::Classique, Faction::Swarm]);
    position.place(0, "king", "e1");
    let rook = position.place(0, "rook", "a1");
    let stack = position.stack(1, "a5", 3);
    position.place(1, "hive-queen", "h8");
    (position.build(), rook, stack)
}

#[test]
fn a_capture_of_swarmlings_succeeds_when_d20_plus_them_is_below_16() {
    let (mut game, rook, stack) = a_rook_against_a_stack();
    assert_eq!(
        label_of(&game, 0, &step(rook, "a5")),
        "Rook on a1 moves to a5, taking Swarmling on a5 if its 3 Swarmlings fail to defend \
         (d20 + 3 below 16; else the Rook is removed)"
    );
    // 12 + 3 = 15; then the Swarm's turn begins with its 2d6.
    play_rolling(&mut game, 0, &step(rook, "a5"), &[12, 1, 1]);
    assert_eq!(square_of(&game, stack), None);
    assert_eq!(square_of(&game, rook), Some("a5".into()));
}

#[test]
fn at_16_the_swarmlings_hold_and_the_capturing_rook_is_removed() {
    let (mut game, rook, stack) = a_rook_against_a_stack();
    play_rolling(&mut game, 0, &step(rook, "a5"), &[13, 1, 1]);
    assert_eq!(square_of(&game, rook), None);
    assert_eq!(square_of(&game, stack), Some("a5".into()));
    assert_eq!(count(&game, stack), Some(3));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

/// A Peasant Man on c1 (its Sergeant on a1) that may jump 2 Swarmlings on
/// d2 to e3.
fn a_man_against_a_stack() -> (Game, PieceId, PieceId) {
    let mut position = Position::new([Faction::Peasant, Faction::Swarm]);
    position.place(0, "sergeant", "a1");
    let man = position.place(0, "man", "c1");
    let stack = position.stack(1, "d2", 2);
    position.place(1, "hive-queen", "h8");
    (position.build(), man, stack)
}

#[test]
fn a_peasant_jump_over_swarmlings_takes_them_below_16() {
    let (mut game, man, stack) = a_man_against_a_stack();
    play_rolling(&mut game, 0, &step(man, "e3"), &[13, 1, 1]);
    assert_eq!(square_of(&game, stack), None);
    assert_eq!(square_of(&game, man), Some("e3".into()));
}

#[test]
fn a_peasant_jump_the_swarmlings_hold_removes_the_man_where_it_stood() {
    let (mut game, man, stack) = a_man_against_a_stack();
    play_rolling(&mut game, 0, &step(man, "e3"), &[14, 1, 1]);
    assert_eq!(square_of(&game, man), None);
    assert_eq!(count(&game, stack), Some(2));
    assert_eq!(occupant(&game, "e3"), None);
}

/// A Beastfolk Goatman on e2 (its Leonine on a1) whose walk north passes 4
/// Swarmlings on e3.
fn a_goatman_against_a_stack() -> (Game, PieceId, PieceId) {
    let mut position = Position::new([Faction::Beastfolk, Faction::Swarm]);
    position.place(0, "leonine", "a1");
    let goatman = position.place(0, "goatman", "e2");
    let stack = position.stack(1, "e3", 4);
    position.place(1, "hive-queen", "h8");
    (position.build(), goatman, stack)
}

#[test]
fn a_beastfolk_walk_through_swarmlings_takes_them_below_16_and_goes_on() {
    let (mut game, goatman, stack) = a_goatman_against_a_stack();
    // d4 = 3; 11 + 4 = 15.
    play_rolling(&mut game, 0, &roll(goatman, "north"), &[3, 11, 1, 1]);
    assert_eq!(square_of(&game, stack), None);
    assert_eq!(square_of(&game, goatman), Some("e5".into()));
}

#[test]
fn a_beastfolk_walk_stops_where_the_swarmlings_hold_and_remove_the_walker() {
    let (mut game, goatman, stack) = a_goatman_against_a_stack();
    play_rolling(&mut game, 0, &roll(goatman, "north"), &[3, 12, 1, 1]);
    assert_eq!(square_of(&game, goatman), None);
    assert_eq!(count(&game, stack), Some(4));
}

#[test]
fn swarmlings_attacking_swarmlings_roll_to_attack_then_the_defenders_roll() {
    let mut attacker = PieceId(0);
    let mut defender = PieceId(0);
    let mut game = swarm_against_swarm([1, 1], |p| {
        attacker = p.stack(0, "d4", 6);
        defender = p.stack(1, "d5", 2);
    });
    // Attack 9 + 4 = 13 > 10; defence 14 + 2 = 16: the 4 attackers are lost.
    // Then the other Swarm's turn begins with its 2d6.
    play_rolling(&mut game, 0, &swarm(attacker, "d5", 4), &[9, 14, 1, 1]);
    assert_eq!(count(&game, attacker), Some(2));
    assert_eq!(count(&game, defender), Some(2));
}

#[test]
fn swarmlings_that_beat_the_defence_take_the_whole_stack() {
    let mut attacker = PieceId(0);
    let mut defender = PieceId(0);
    let mut game = swarm_against_swarm([1, 1], |p| {
        attacker = p.stack(0, "d4", 6);
        defender = p.stack(1, "d5", 2);
    });
    play_rolling(&mut game, 0, &swarm(attacker, "d5", 4), &[9, 13, 1, 1]);
    assert_eq!(square_of(&game, defender), None);
    assert_eq!(count(&game, piece_on(&game, "d5")), Some(4));
}

#[test]
fn a_label_counts_one_swarmling_or_several() {
    let mut stack = None;
    let game = swarm_to_move([1, 1], |position| {
        stack = Some(position.stack(0, "d4", 3));
    });
    let stack = stack.expect("placed");
    assert_eq!(
        label_of(&game, 0, &swarm(stack, "d5", 1)),
        "1 Swarmling moves from d4 to d5"
    );
    assert_eq!(
        label_of(&game, 0, &swarm(stack, "d5", 2)),
        "2 Swarmlings move from d4 to d5"
    );
}
