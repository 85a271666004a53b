//! The Undead's rules (book lines 15–20, rulings U1–U15) and layout. The
//! Undead roll no dice, so every play here scripts none. The opponent is
//! the Slime, whose Globs step one square and take by displacement, or the
//! Ghost where its Spirit pins an Undead piece (D3, G13).

mod acfc_common;
mod kit;
use acfc_common::*;
use std::collections::BTreeSet;

/// Undead as seat 0 (White, to move) against the Slime, with the Slime's
/// Goobrain out of the way on h8.
fn against_slime() -> Position {
    let mut position = Position::new([Faction::Undead, Faction::Slime]);
    position.place(1, "goobrain", "h8");
    position
}

fn place(piece: PieceId, kind: &str, to: &str) -> Action {
    Action::new("place").piece(piece).to(sq(to)).choice(kind)
}

fn removal_reason(effects: &[ScopedEffect], piece: PieceId) -> Option<String> {
    effects.iter().find_map(|scoped| match &scoped.effect {
        Effect::PieceRemoved {
            piece: gone,
            reason,
        } if *gone == piece => Some(reason.clone()),
        _ => None,
    })
}

fn pending_options(game: &Game, seat: u8) -> BTreeSet<String> {
    game.options(Seat(seat))
        .into_iter()
        .map(|option| option.notation)
        .collect()
}

// ---- Layout ----

#[test]
fn the_whole_undead_army_starts_on_the_chess_pieces_squares_mirrored_for_black() {
    // The coin's 1 gives White to seat 0.
    let (game, _) = setup([Faction::Undead, Faction::Undead], &[1]);
    assert_layout(
        &game,
        &[
            ("zombie", &["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]),
            ("grave-guard", &["a1", "h1"]),
            ("death-knight", &["b1", "c1", "f1", "g1"]),
            ("phylactery", &["d1"]),
            ("lich-king", &["e1"]),
        ],
    );
}

#[test]
fn a_zombie_moves_one_or_two_squares_forward_through_an_empty_square() {
    let mut position = against_slime();
    position.place(0, "lich-king", "a1");
    let open = position.place(0, "zombie", "e2");
    let blocked = position.place(0, "zombie", "c2");
    position.place(1, "glob", "c3");
    let behind_friend = position.place(0, "zombie", "g2");
    position.place(0, "grave-guard", "g3");
    let game = position.build();
    assert_eq!(destinations(&game, open), squares(&["e3", "e4"]));
    // An enemy right ahead is taken; the Zombie cannot pass it.
    assert_eq!(destinations(&game, blocked), squares(&["c3"]));
    assert_eq!(destinations(&game, behind_friend), squares(&[]));
}

#[test]
fn a_black_zombie_moves_toward_rank_1() {
    let mut position = Position::new([Faction::Slime, Faction::Undead]);
    position.place(0, "goobrain", "h1");
    position.place(1, "lich-king", "a8");
    let zombie = position.place(1, "zombie", "d7");
    let game = position.to_move(1).build();
    assert_eq!(destinations(&game, zombie), squares(&["d6", "d5"]));
}

#[test]
fn a_zombie_takes_straight_ahead_on_its_first_or_second_square() {
    let mut position = against_slime();
    position.place(0, "lich-king", "a1");
    let zombie = position.place(0, "zombie", "e2");
    let glob = position.place(1, "glob", "e4");
    let mut game = position.build();
    let effects = play(&mut game, 0, &step(zombie, "e4"));
    assert_eq!(square_of(&game, zombie).as_deref(), Some("e4"));
    assert_eq!(square_of(&game, glob), None);
    assert_eq!(removal_reason(&effects, glob).as_deref(), Some("captured"));
}

#[test]
fn a_zombie_on_the_far_rank_cannot_move_or_promote() {
    let mut position = against_slime();
    position.place(0, "lich-king", "a1");
    let zombie = position.place(0, "zombie", "e8");
    let game = position.build();
    assert!(
        options(&game, 0)
            .iter()
            .all(|action| action.piece != Some(zombie)),
        "a Zombie on rank 8 is offered something"
    );
}

#[test]
fn a_two_square_zombie_move_pushes_the_zombies_beside_its_start_one_square() {
    let mut position = against_slime();
    position.place(0, "lich-king", "a1");
    let mover = position.place(0, "zombie", "e2");
    let left = position.place(0, "zombie", "d2");
    let right = position.place(0, "zombie", "f2");
    let beyond = position.place(0, "zombie", "c2");
    let glob = position.place(1, "glob", "f3");
    let mut game = position.build();
    play(&mut game, 0, &step(mover, "e4"));
    assert_eq!(square_of(&game, mover).as_deref(), Some("e4"));
    assert_eq!(square_of(&game, left).as_deref(), Some("d3"));
    // A pushed Zombie only moves into an empty square: it takes nothing.
    assert_eq!(square_of(&game, right).as_deref(), Some("f2"));
    assert_eq!(square_of(&game, glob).as_deref(), Some("f3"));
    // Only the Zombies right beside the mover are pushed, not theirs.
    assert_eq!(square_of(&game, beyond).as_deref(), Some("c2"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_one_square_zombie_move_pushes_no_one() {
    let mut position = against_slime();
    position.place(0, "lich-king", "a1");
    let mover = position.place(0, "zombie", "e2");
    let left = position.place(0, "zombie", "d2");
    let mut game = position.build();
    play(&mut game, 0, &step(mover, "e3"));
    assert_eq!(square_of(&game, left).as_deref(), Some("d2"));
}

#[test]
fn a_grave_guard_slides_up_to_six_squares_in_a_cardinal_direction() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h2");
    let guard = position.place(0, "grave-guard", "a1");
    position.place(1, "glob", "d1");
    let game = position.build();
    // North: a2–a7, six squares, a8 out of reach; east: b1, c1, and the
    // Glob on d1 taken, which stops it.
    assert_eq!(
        destinations(&game, guard),
        squares(&["a2", "a3", "a4", "a5", "a6", "a7", "b1", "c1", "d1"])
    );
}

#[test]
fn the_other_grave_guard_may_follow_the_same_distance_and_direction() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h2");
    let leader = position.place(0, "grave-guard", "a1");
    let follower = position.place(0, "grave-guard", "c1");
    let mut game = position.build();
    play(&mut game, 0, &step(leader, "a4"));
    assert_eq!(
        game.to_act().to_vec(),
        vec![Seat(0)],
        "the pair's move waits"
    );
    assert_eq!(pending_options(&game, 0), squares(&["Gc1-c4", "done"]));
    refuse(&mut game, 0, &step(follower, "c3"));
    play(&mut game, 0, &step(follower, "c4"));
    assert_eq!(square_of(&game, follower).as_deref(), Some("c4"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn the_following_grave_guard_may_decline_and_stay() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h2");
    let leader = position.place(0, "grave-guard", "a1");
    let follower = position.place(0, "grave-guard", "c1");
    let mut game = position.build();
    play(&mut game, 0, &step(leader, "a4"));
    play(&mut game, 0, &done());
    assert_eq!(square_of(&game, follower).as_deref(), Some("c1"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn the_following_grave_guard_may_take() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h2");
    let leader = position.place(0, "grave-guard", "a1");
    let follower = position.place(0, "grave-guard", "c1");
    let glob = position.place(1, "glob", "c4");
    let mut game = position.build();
    play(&mut game, 0, &step(leader, "a4"));
    let effects = play(&mut game, 0, &step(follower, "c4"));
    assert_eq!(removal_reason(&effects, glob).as_deref(), Some("captured"));
    assert_eq!(square_of(&game, follower).as_deref(), Some("c4"));
}

#[test]
fn a_grave_guard_that_cannot_follow_is_not_offered_the_move() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h2");
    let leader = position.place(0, "grave-guard", "a1");
    let follower = position.place(0, "grave-guard", "c1");
    // The Glob on c3 blocks the way to c4.
    position.place(1, "glob", "c3");
    let mut game = position.build();
    play(&mut game, 0, &step(leader, "a4"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
    assert_eq!(square_of(&game, follower).as_deref(), Some("c1"));
}

#[test]
fn a_grave_guard_follows_through_the_square_its_leader_left() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h2");
    let behind = position.place(0, "grave-guard", "a1");
    let ahead = position.place(0, "grave-guard", "a2");
    let mut game = position.build();
    play(&mut game, 0, &step(ahead, "a5"));
    play(&mut game, 0, &step(behind, "a4"));
    assert_eq!(square_of(&game, behind).as_deref(), Some("a4"));
    assert_eq!(square_of(&game, ahead).as_deref(), Some("a5"));
}

#[test]
fn a_death_knight_moves_as_a_knight_or_adds_a_diagonal_step() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h1");
    let knight = position.place(0, "death-knight", "a1");
    let game = position.build();
    // Knight squares b3 and c2; by b3 to a4, c4, a2 (c2 is the knight's
    // own square); by c2 to b1, d1, d3 (b3 again is the knight's own).
    assert_eq!(destinations(&game, knight), squares(&["b3", "c2"]));
    let vias: BTreeSet<String> = options(&game, 0)
        .into_iter()
        .filter(|a| a.piece == Some(knight) && a.choice.is_some())
        .map(|a| format!("{}-{}", a.choice.expect("a via"), a.to.expect("a square")))
        .collect();
    assert_eq!(
        vias,
        squares(&["b3-a4", "b3-c4", "b3-a2", "c2-b1", "c2-d1", "c2-d3"])
    );
}

#[test]
fn a_death_knight_that_takes_on_its_knight_square_may_step_on_to_an_empty_square() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h1");
    let knight = position.place(0, "death-knight", "d4");
    let glob = position.place(1, "glob", "e6");
    let mut game = position.build();
    let effects = play(&mut game, 0, &via(knight, "e6", "f7"));
    assert_eq!(removal_reason(&effects, glob).as_deref(), Some("captured"));
    assert_eq!(square_of(&game, knight).as_deref(), Some("f7"));
}

#[test]
fn a_death_knight_captures_only_once() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h1");
    let knight = position.place(0, "death-knight", "d4");
    position.place(1, "glob", "e6");
    position.place(1, "glob", "f7");
    let mut game = position.build();
    refuse(&mut game, 0, &via(knight, "e6", "f7"));
}

#[test]
fn a_death_knight_may_take_with_its_diagonal_step() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h1");
    let knight = position.place(0, "death-knight", "d4");
    let glob = position.place(1, "glob", "f7");
    let mut game = position.build();
    let effects = play(&mut game, 0, &via(knight, "e6", "f7"));
    assert_eq!(removal_reason(&effects, glob).as_deref(), Some("captured"));
    assert_eq!(square_of(&game, knight).as_deref(), Some("f7"));
}

#[test]
fn the_lich_king_slides_up_to_three_squares_in_any_direction() {
    let mut position = against_slime();
    let lich = position.place(0, "lich-king", "d4");
    position.place(0, "zombie", "d6");
    position.place(1, "glob", "f6");
    let game = position.build();
    // Eight lines of three squares (24), less d6 and d7 behind the Zombie
    // and g7 behind the Glob on f6, which is taken.
    let reached = destinations(&game, lich);
    assert_eq!(reached.len(), 21);
    assert!(reached.contains("f6"));
    assert!(!reached.contains("d6") && !reached.contains("d7") && !reached.contains("g7"));
}

#[test]
fn the_phylactery_cannot_move() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h1");
    let phylactery = position.place(0, "phylactery", "d4");
    let game = position.build();
    assert!(
        options(&game, 0)
            .iter()
            .all(|action| action.piece != Some(phylactery))
    );
}

#[test]
fn a_piece_that_began_beside_the_phylactery_may_carry_it_along() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h1");
    let phylactery = position.place(0, "phylactery", "d1");
    let zombie = position.place(0, "zombie", "e2");
    position.place(1, "glob", "f4");
    let mut game = position.build();
    play(&mut game, 0, &step(zombie, "e3"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(0)]);
    // The free squares around e3: e2 (just left) d2 d3 d4 e4 f3 f2; f4
    // holds the Glob.
    assert_eq!(
        pending_options(&game, 0),
        squares(&[
            "y@d2", "y@d3", "y@d4", "y@e2", "y@e4", "y@f2", "y@f3", "done"
        ])
    );
    play(&mut game, 0, &place(phylactery, "phylactery", "d4"));
    assert_eq!(square_of(&game, phylactery).as_deref(), Some("d4"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn the_phylactery_may_be_left_where_it_is() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h1");
    let phylactery = position.place(0, "phylactery", "d1");
    let zombie = position.place(0, "zombie", "e2");
    let mut game = position.build();
    play(&mut game, 0, &step(zombie, "e3"));
    play(&mut game, 0, &done());
    assert_eq!(square_of(&game, phylactery).as_deref(), Some("d1"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_piece_that_did_not_begin_beside_the_phylactery_does_not_carry_it() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h1");
    position.place(0, "phylactery", "a1");
    let zombie = position.place(0, "zombie", "c2");
    let mut game = position.build();
    // c3 is next to nothing of the Phylactery's; c2 was not next to a1.
    play(&mut game, 0, &step(zombie, "c3"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn the_grave_guards_pair_moves_before_the_leader_carries_the_phylactery() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h1");
    let phylactery = position.place(0, "phylactery", "b1");
    let leader = position.place(0, "grave-guard", "a1");
    let follower = position.place(0, "grave-guard", "d1");
    let mut game = position.build();
    play(&mut game, 0, &step(leader, "a3"));
    assert_eq!(pending_options(&game, 0), squares(&["Gd1-d3", "done"]));
    play(&mut game, 0, &step(follower, "d3"));
    // Around a3, where the leader stands: a2 a4 b2 b3 b4.
    assert_eq!(
        pending_options(&game, 0),
        squares(&["y@a2", "y@a4", "y@b2", "y@b3", "y@b4", "done"])
    );
    play(&mut game, 0, &place(phylactery, "phylactery", "b4"));
    assert_eq!(square_of(&game, phylactery).as_deref(), Some("b4"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn the_following_grave_guard_carries_the_phylactery_when_only_it_began_beside_it() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h1");
    let phylactery = position.place(0, "phylactery", "e1");
    let leader = position.place(0, "grave-guard", "a1");
    let follower = position.place(0, "grave-guard", "d1");
    let mut game = position.build();
    play(&mut game, 0, &step(leader, "a2"));
    play(&mut game, 0, &step(follower, "d2"));
    // Around d2: c1 c2 c3 d1 d3 e2 e3 (e1 holds the Phylactery).
    assert_eq!(
        pending_options(&game, 0),
        squares(&[
            "y@c1", "y@c2", "y@c3", "y@d1", "y@d3", "y@e2", "y@e3", "done"
        ])
    );
    play(&mut game, 0, &place(phylactery, "phylactery", "e3"));
    assert_eq!(square_of(&game, phylactery).as_deref(), Some("e3"));
}

// ---- Pinned by a Ghost's Spirit (D3) ----

/// Undead as seat 0 (White, to move) against the Ghost, read by
/// `rulings`, with the Lich-King on h1 and the Wraith on h8.
fn against_ghost(rulings: Rulings) -> Position {
    let mut position = Position::new([Faction::Undead, Faction::Ghost]);
    position.rules(Rules {
        rulings,
        ..Rules::default()
    });
    position.place(0, "lich-king", "h1");
    position.place(1, "wraith", "h8");
    position
}

/// Zombies on c2, d2 and e2, the one on c2 pinned by a Spirit; d2 moves
/// two squares. Returns the game after the move and the Zombies beside
/// d2, pinned then free. No dice are rolled.
fn zombie_push_beside_a_pinned_zombie(rulings: Rulings) -> (Game, PieceId, PieceId) {
    let mut position = against_ghost(rulings);
    let pinned = position.place(0, "zombie", "c2");
    position.sharing_spirit(1, "c2");
    let mover = position.place(0, "zombie", "d2");
    let free = position.place(0, "zombie", "e2");
    let mut game = position.build();
    play(&mut game, 0, &step(mover, "d4"));
    (game, pinned, free)
}

#[test]
fn a_two_square_zombie_move_never_pushes_a_pinned_zombie() {
    let (game, pinned, free) = zombie_push_beside_a_pinned_zombie(Rulings::Book);
    assert_eq!(square_of(&game, pinned).as_deref(), Some("c2"));
    assert_eq!(occupant(&game, "c2"), Some(("zombie".into(), 0)));
    assert_eq!(square_of(&game, free).as_deref(), Some("e3"));
}

#[test]
fn fray_2026_pushes_a_pinned_zombie_and_leaves_its_spirit() {
    let (game, pinned, free) = zombie_push_beside_a_pinned_zombie(Rulings::Fray2026);
    assert_eq!(square_of(&game, pinned).as_deref(), Some("c3"));
    assert_eq!(occupant(&game, "c2"), Some(("spirit".into(), 1)));
    assert_eq!(square_of(&game, free).as_deref(), Some("e3"));
}

/// Grave Guards on a1 and c1, the one on c1 pinned by a Spirit; the Guard
/// on a1 moves to a4, a move the one on c1 could otherwise copy. No dice
/// are rolled.
fn grave_guard_leading_a_pinned_one(rulings: Rulings) -> Game {
    let mut position = against_ghost(rulings);
    let leader = position.place(0, "grave-guard", "a1");
    position.place(0, "grave-guard", "c1");
    position.sharing_spirit(1, "c1");
    let mut game = position.build();
    play(&mut game, 0, &step(leader, "a4"));
    game
}

#[test]
fn a_pinned_grave_guard_is_not_asked_to_follow() {
    let game = grave_guard_leading_a_pinned_one(Rulings::Book);
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn fray_2026_asks_a_pinned_grave_guard_to_follow_with_done_alone() {
    let game = grave_guard_leading_a_pinned_one(Rulings::Fray2026);
    assert_eq!(game.to_act().to_vec(), vec![Seat(0)]);
    assert_eq!(options(&game, 0), vec![done()]);
}

/// A pinned Phylactery on b1; the Zombie beside it on a2 steps to a3. No
/// dice are rolled.
fn zombie_leaving_a_pinned_phylactery(rulings: Rulings) -> Game {
    let mut position = against_ghost(rulings);
    position.place(0, "phylactery", "b1");
    position.sharing_spirit(1, "b1");
    let zombie = position.place(0, "zombie", "a2");
    let mut game = position.build();
    play(&mut game, 0, &step(zombie, "a3"));
    game
}

#[test]
fn a_pinned_phylactery_is_not_offered_to_be_carried() {
    let game = zombie_leaving_a_pinned_phylactery(Rulings::Book);
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn fray_2026_offers_a_pinned_phylactery_with_done_alone() {
    let game = zombie_leaving_a_pinned_phylactery(Rulings::Fray2026);
    assert_eq!(options(&game, 0), vec![done()]);
}

/// The Slime to move, its Glob on e5 about to take the Lich-King on e4;
/// the Phylactery on a1 with a Zombie beside it on b2.
fn lich_about_to_be_taken() -> (Game, PieceId, PieceId, PieceId) {
    let mut position = against_slime();
    let lich = position.place(0, "lich-king", "e4");
    position.place(0, "phylactery", "a1");
    let zombie = position.place(0, "zombie", "b2");
    let glob = position.place(1, "glob", "e5");
    (position.to_move(1).build(), lich, zombie, glob)
}

#[test]
fn a_captured_lich_king_may_return_beside_the_phylactery_on_the_opponents_turn() {
    let (mut game, lich, _, glob) = lich_about_to_be_taken();
    play(&mut game, 1, &step(glob, "e4"));
    assert_eq!(square_of(&game, lich), None);
    assert_eq!(
        game.to_act().to_vec(),
        vec![Seat(0)],
        "the Undead decide now"
    );
    assert_eq!(
        pending_options(&game, 0),
        squares(&["l@a2", "l@b1", "l@b2", "done"])
    );
    refuse(&mut game, 1, &done());
    play(&mut game, 0, &place(lich, "lich-king", "a2"));
    assert_eq!(square_of(&game, lich).as_deref(), Some("a2"));
    // The Slime's turn is over: the Undead's own turn begins, not lost.
    assert_eq!(game.to_act().to_vec(), vec![Seat(0)]);
    assert!(game.outcome().is_none());
    assert!(options(&game, 0).iter().any(|a| a.verb == "move"));
}

#[test]
fn a_lich_king_returning_onto_a_friendly_piece_removes_it() {
    let (mut game, lich, zombie, glob) = lich_about_to_be_taken();
    play(&mut game, 1, &step(glob, "e4"));
    let effects = play(&mut game, 0, &place(lich, "lich-king", "b2"));
    assert_eq!(square_of(&game, lich).as_deref(), Some("b2"));
    assert_eq!(square_of(&game, zombie), None);
    assert_eq!(
        removal_reason(&effects, zombie).as_deref(),
        Some("removed to make room for the returning Lich-King")
    );
}

#[test]
fn the_undead_lose_at_the_start_of_their_turn_without_a_lich_king() {
    let (mut game, _, _, glob) = lich_about_to_be_taken();
    play(&mut game, 1, &step(glob, "e4"));
    assert!(game.outcome().is_none(), "the return is still to decide");
    play(&mut game, 0, &done());
    let outcome = game.outcome().expect("the Undead lost");
    assert_eq!(outcome.winners, vec![Seat(1)]);
}

#[test]
fn a_lich_king_returns_every_time_it_is_captured() {
    let (mut game, lich, zombie, glob) = lich_about_to_be_taken();
    play(&mut game, 1, &step(glob, "e4"));
    play(&mut game, 0, &place(lich, "lich-king", "b1"));
    // Each Undead move here begins beside the Phylactery on a1, which
    // stays where it is.
    play(&mut game, 0, &step(lich, "c2"));
    play(&mut game, 0, &done());
    play(&mut game, 1, &step(glob, "d3"));
    play(&mut game, 0, &step(zombie, "b3"));
    play(&mut game, 0, &done());
    play(&mut game, 1, &step(glob, "c2"));
    assert_eq!(square_of(&game, lich), None);
    assert_eq!(game.to_act().to_vec(), vec![Seat(0)]);
    assert_eq!(
        pending_options(&game, 0),
        squares(&["l@a2", "l@b1", "l@b2", "done"])
    );
    play(&mut game, 0, &place(lich, "lich-king", "b2"));
    assert_eq!(square_of(&game, lich).as_deref(), Some("b2"));
}

#[test]
fn no_return_is_offered_without_the_phylactery() {
    let mut position = against_slime();
    let lich = position.place(0, "lich-king", "e4");
    position.place(0, "zombie", "b2");
    let glob = position.place(1, "glob", "e5");
    let mut game = position.to_move(1).build();
    play(&mut game, 1, &step(glob, "e4"));
    assert_eq!(square_of(&game, lich), None);
    assert_eq!(game.outcome().expect("lost").winners, vec![Seat(1)]);
}

#[test]
fn no_return_is_offered_when_enemies_surround_the_phylactery() {
    let mut position = against_slime();
    position.place(0, "lich-king", "e4");
    position.place(0, "phylactery", "a1");
    for at in ["a2", "b1", "b2"] {
        position.place(1, "glob", at);
    }
    let glob = position.place(1, "glob", "e5");
    let mut game = position.to_move(1).build();
    play(&mut game, 1, &step(glob, "e4"));
    assert_eq!(game.outcome().expect("lost").winners, vec![Seat(1)]);
}

#[test]
fn the_phylactery_can_be_captured() {
    let mut position = against_slime();
    position.place(0, "lich-king", "h1");
    let phylactery = position.place(0, "phylactery", "d4");
    let glob = position.place(1, "glob", "d5");
    let mut game = position.to_move(1).build();
    play(&mut game, 1, &step(glob, "d4"));
    assert_eq!(square_of(&game, phylactery), None);
}

/// Undead (White): Lich-King a1, Zombie b2, Death Knight d4, Grave Guard
/// h1; Slime: Goobrain h8, Glob e6. The Undead's options, by hand:
/// - Lich-King a1: a2 a3 a4, b1 c1 d1 (b2 holds its Zombie): 6.
/// - Zombie b2: b3, b4: 2.
/// - Grave Guard h1: h2–h7 (h8 is 7 away), g1–b1 (a1 is 7 away): 12.
/// - Death Knight d4: its 8 knight squares (e6 taking the Glob): 8; by e6,
///   taking, then a step to the empty f7 d7 f5 d5: 4; by an empty knight
///   square, a step to a square no knight's move reaches, each once: by f5
///   g6 g4 e4, by f3 g2, by e2 d3 f1 d1, by c2 b1, by b3 c4 a4 a2, by b5
///   a6, by c6 d7 b7 d5: 15. In all 27.
///
/// 6 + 2 + 12 + 27 = 47.
#[test]
fn perft_of_a_small_undead_position() {
    let mut position = against_slime();
    position.place(0, "lich-king", "a1");
    position.place(0, "zombie", "b2");
    position.place(0, "death-knight", "d4");
    position.place(0, "grave-guard", "h1");
    position.place(1, "glob", "e6");
    let game = position.build();
    assert_eq!(perft(&game, 1), 47);
}

/// Grave Guards a1 and c1, Lich-King h3; Slime: Goobrain h8. By hand:
/// Guard a1 goes a2–a7 (6) or b1 (1): 7; Guard c1 goes c2–c7 (6), b1 (1)
/// or d1–h1 (5): 12; the Lich-King h4 h5 h6, h2 h1, g3 f3 e3, g4 f5 e6,
/// g2 f1: 13. In all 7 + 12 + 13 = 32. After a Guard's move the other can
/// copy, the options are exactly the copy and `done`.
#[test]
fn each_copyable_grave_guard_move_offers_the_copy_and_done() {
    let mut position = against_slime();
    let west = position.place(0, "grave-guard", "a1");
    let east = position.place(0, "grave-guard", "c1");
    position.place(0, "lich-king", "h3");
    let game = position.build();
    assert_eq!(perft(&game, 1), 32);
    for (leader, follower, to, copy) in [
        (west, east, "a4", "c4"),
        (east, west, "c7", "a7"),
        (west, east, "b1", "d1"),
    ] {
        let mut after = game.clone();
        play(&mut after, 0, &step(leader, to));
        let offered: Vec<Action> = options(&after, 0);
        assert_eq!(offered, vec![step(follower, copy), done()], "after {to}");
    }
}
