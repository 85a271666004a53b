//! The Robot faction (book lines 29–34): Drones' steps and builds, the
//! Factory's placements at the start of the turn and their caps, the
//! Mecha-Knight, Robo-Rook and Auto-Bishop, and defeat with no Factory.
//! Rulings R1–R9 in docs/rules/action-chess-faction-chess.md.

mod acfc_common;
mod kit;
use acfc_common::*;

const ROBOTS: [Faction; 2] = [Faction::Robot, Faction::Robot];

fn place(factory: PieceId, to: &str, kind: &str) -> Action {
    Action::new("place").piece(factory).to(sq(to)).choice(kind)
}

fn build(to: &str) -> Action {
    Action::new("build").to(sq(to))
}

/// The `place` options of a seat, as "kind@square" by Factory.
fn placements(game: &Game, seat: u8) -> Vec<(PieceId, String)> {
    options(game, seat)
        .into_iter()
        .filter(|a| a.verb == "place")
        .map(|a| {
            let what = format!("{}@{}", a.choice.expect("a kind"), a.to.expect("a square"));
            (a.piece.expect("a Factory"), what)
        })
        .collect()
}

fn builds(game: &Game, seat: u8) -> Vec<String> {
    options(game, seat)
        .into_iter()
        .filter(|a| a.verb == "build")
        .map(|a| a.to.expect("a square").to_string())
        .collect()
}

// ---- Layout ----

#[test]
fn the_robot_starts_with_drones_on_the_pawns_squares_and_a_factory_on_the_kings() {
    // The coin's 1 gives White to seat 0.
    let (game, _) = setup(ROBOTS, &[1]);
    assert_layout(
        &game,
        &[
            ("drone", &["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]),
            ("factory", &["e1"]),
        ],
    );
}

#[test]
fn a_drone_steps_forward_left_or_right_and_takes_there() {
    let mut position = Position::new(ROBOTS);
    position.place(1, "factory", "h8");
    let white = position.place(0, "drone", "d4");
    position.place(0, "factory", "a1");
    let friend = position.place(0, "drone", "c4");
    position.place(1, "drone", "e4");
    position.place(1, "drone", "d3");
    let black = position.place(1, "drone", "g6");
    let mut game = position.build();
    play(&mut game, 0, &done());
    assert_eq!(destinations(&game, white), squares(&["d5", "e4"]));
    assert_eq!(destinations(&game, friend), squares(&["b4", "c5"]));
    play(&mut game, 0, &step(white, "e4"));
    assert_eq!(occupant(&game, "e4"), Some(("drone".into(), 0)));
    play(&mut game, 1, &done());
    // Black's forward is toward rank 1.
    assert_eq!(destinations(&game, black), squares(&["f6", "g5", "h6"]));
}

#[test]
fn only_a_drones_forward_step_is_an_advance_for_the_fifty_move_rule() {
    let quiet = |forward: bool| {
        let mut position = Position::new(ROBOTS);
        position.rules(Rules {
            limits: Limits {
                max_turns: 0,
                quiet_turns: 2,
            },
            ..Rules::default()
        });
        position.place(0, "factory", "a1");
        position.place(1, "factory", "h8");
        let white = position.place(0, "drone", "d4");
        let black = position.place(1, "drone", "e5");
        let mut game = position.build();
        play(&mut game, 0, &done());
        play(
            &mut game,
            0,
            &step(white, if forward { "d5" } else { "c4" }),
        );
        play(&mut game, 1, &done());
        play(&mut game, 1, &step(black, "f5"));
        game.is_over()
    };
    assert!(quiet(false), "two sideways steps are two quiet turns");
    assert!(!quiet(true), "a forward step is progress");
}

#[test]
fn a_factory_places_one_piece_beside_it_at_the_start_of_the_turn() {
    let mut position = Position::new(ROBOTS);
    let factory = position.place(0, "factory", "a1");
    position.place(0, "drone", "a2");
    position.place(1, "factory", "h8");
    let mut game = position.build();
    let offered: Vec<String> = placements(&game, 0).into_iter().map(|(_, p)| p).collect();
    let mut expected = Vec::new();
    for to in ["b1", "b2"] {
        for kind in ["drone", "mecha-knight", "robo-rook", "auto-bishop"] {
            expected.push(format!("{kind}@{to}"));
        }
    }
    offered
        .iter()
        .for_each(|p| assert!(expected.contains(p), "{p} offered"));
    assert_eq!(offered.len(), expected.len());
    assert!(options(&game, 0).contains(&done()));
    // Not a move yet: the start of the turn comes first.
    let on_a2 = piece_on(&game, "a2");
    refuse(&mut game, 0, &step(on_a2, "a3"));
    play(&mut game, 0, &place(factory, "b2", "robo-rook"));
    assert_eq!(occupant(&game, "b2"), Some(("robo-rook".into(), 0)));
    // One a turn: the Factory is spent, so the main move is next, and the
    // new piece may make it (R5).
    assert!(placements(&game, 0).is_empty());
    refuse(&mut game, 0, &place(factory, "b1", "drone"));
    refuse(&mut game, 0, &done());
    let on_b2 = piece_on(&game, "b2");
    play(&mut game, 0, &step(on_b2, "b8"));
    let on_h8 = piece_on(&game, "h8");
    play(&mut game, 1, &place(on_h8, "g7", "drone"));
    let on_g7 = piece_on(&game, "g7");
    play(&mut game, 1, &step(on_g7, "g6"));
    // A new turn: the Factory may place again.
    assert_eq!(placements(&game, 0).len(), 4 * 2);
}

#[test]
fn each_factory_places_once_a_turn_and_done_declines_the_rest() {
    let mut position = Position::new(ROBOTS);
    let first = position.place(0, "factory", "a1");
    let second = position.place(0, "factory", "h1");
    let drone = position.place(0, "drone", "d2");
    position.place(1, "factory", "h8");
    let mut game = position.build();
    play(&mut game, 0, &place(first, "a2", "drone"));
    let left: Vec<PieceId> = placements(&game, 0).into_iter().map(|(f, _)| f).collect();
    assert!(!left.is_empty() && left.iter().all(|&f| f == second));
    play(&mut game, 0, &done());
    assert!(placements(&game, 0).is_empty());
    assert_eq!(occupant(&game, "g1"), None);
    play(&mut game, 0, &step(drone, "d3"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn no_more_than_two_mecha_knights_robo_rooks_or_auto_bishops_are_placed() {
    let mut position = Position::new(ROBOTS);
    let factory = position.place(0, "factory", "d4");
    position.place(0, "mecha-knight", "a8");
    position.place(0, "mecha-knight", "b8");
    position.place(0, "robo-rook", "a7");
    position.place(0, "robo-rook", "b7");
    position.place(0, "auto-bishop", "a6");
    position.place(0, "drone", "a2");
    position.place(1, "factory", "h8");
    let mut game = position.build();
    let kinds: std::collections::BTreeSet<String> = placements(&game, 0)
        .into_iter()
        .map(|(_, p)| p.split('@').next().expect("kind@square").to_string())
        .collect();
    assert_eq!(kinds, squares(&["auto-bishop", "drone"]));
    refuse(&mut game, 0, &place(factory, "d5", "mecha-knight"));
    refuse(&mut game, 0, &place(factory, "d5", "robo-rook"));
    refuse(&mut game, 0, &place(factory, "d5", "factory"));
    play(&mut game, 0, &place(factory, "d5", "auto-bishop"));
    assert_eq!(occupant(&game, "d5"), Some(("auto-bishop".into(), 0)));
}

#[test]
fn a_capped_piece_lost_may_be_placed_again() {
    let mut position = Position::new(ROBOTS);
    let factory = position.place(0, "factory", "d4");
    position.place(0, "mecha-knight", "a8");
    position.place(0, "mecha-knight", "c3");
    let taker = position.place(1, "robo-rook", "c8");
    position.place(1, "factory", "h8");
    position.to_move(1);
    let mut game = position.build();
    play(&mut game, 1, &done());
    play(&mut game, 1, &step(taker, "c3"));
    let knights = placements(&game, 0)
        .into_iter()
        .filter(|(_, p)| p.starts_with("mecha-knight@"))
        .count();
    assert_eq!(
        knights, 7,
        "one Mecha-Knight is left: a second may be placed on the 7 free squares"
    );
    play(&mut game, 0, &place(factory, "e5", "mecha-knight"));
}

#[test]
fn three_drones_that_could_step_into_a_square_build_a_factory_there() {
    let mut position = Position::new(ROBOTS);
    position.place(0, "factory", "a1");
    let behind = position.place(0, "drone", "d3");
    let left = position.place(0, "drone", "c4");
    let right = position.place(0, "drone", "e4");
    // In front, a Drone could not step back into d4: it builds nothing.
    position.place(0, "drone", "f5");
    position.place(1, "factory", "h8");
    let black = position.place(1, "drone", "h7");
    let mut game = position.build();
    play(&mut game, 0, &done());
    assert_eq!(builds(&game, 0), vec!["d4".to_string()]);
    let effects = play(&mut game, 0, &build("d4"));
    assert_eq!(occupant(&game, "d4"), Some(("factory".into(), 0)));
    for drone in [behind, left, right] {
        assert_eq!(square_of(&game, drone), None);
        assert!(
            effects.iter().any(|e| matches!(&e.effect,
                Effect::PieceRemoved { piece, reason }
                    if *piece == drone && reason == "built into a Factory")),
            "{drone} was not removed as built into a Factory: {effects:?}"
        );
    }
    // Black's turn; on White's next, both Factories place.
    play(&mut game, 1, &done());
    play(&mut game, 1, &step(black, "h6"));
    let factories: std::collections::BTreeSet<PieceId> =
        placements(&game, 0).into_iter().map(|(f, _)| f).collect();
    assert_eq!(factories.len(), 2);
}

#[test]
fn no_factory_is_built_on_a_taken_square_or_without_all_three_drones() {
    let mut position = Position::new(ROBOTS);
    position.place(0, "factory", "a1");
    // Around d4, an enemy: no build there (R2).
    position.place(0, "drone", "d3");
    position.place(0, "drone", "c4");
    position.place(0, "drone", "e4");
    position.place(1, "drone", "d4");
    // Around g6, a Mecha-Knight stands where the Drone behind should.
    position.place(0, "mecha-knight", "g5");
    position.place(0, "drone", "f6");
    position.place(0, "drone", "h6");
    position.place(1, "factory", "h8");
    let mut game = position.build();
    play(&mut game, 0, &done());
    assert!(builds(&game, 0).is_empty());
    refuse(&mut game, 0, &build("d4"));
    refuse(&mut game, 0, &build("g6"));
}

#[test]
fn a_black_drones_build_takes_the_drone_on_the_rank_above() {
    let mut position = Position::new(ROBOTS);
    position.place(0, "factory", "a1");
    position.place(0, "drone", "a3");
    position.place(1, "factory", "h8");
    position.place(1, "drone", "d5");
    position.place(1, "drone", "c4");
    position.place(1, "drone", "e4");
    position.place(1, "drone", "d3");
    position.to_move(1);
    let mut game = position.build();
    play(&mut game, 1, &done());
    assert_eq!(builds(&game, 1), vec!["d4".to_string()]);
    play(&mut game, 1, &build("d4"));
    assert_eq!(occupant(&game, "d3"), Some(("drone".into(), 1)));
    assert_eq!(occupant(&game, "d5"), None);
}

#[test]
fn a_mecha_knight_leaps_exactly_two_squares_along_the_eight_lines() {
    let mut position = Position::new(ROBOTS);
    position.place(0, "factory", "a1");
    let knight = position.place(0, "mecha-knight", "d4");
    // Leapt over, and not in the way.
    position.place(0, "drone", "d5");
    position.place(1, "drone", "e5");
    position.place(0, "drone", "f4");
    position.place(1, "drone", "b6");
    position.place(1, "factory", "h8");
    let mut game = position.build();
    play(&mut game, 0, &done());
    assert_eq!(
        destinations(&game, knight),
        squares(&["d6", "f6", "b2", "d2", "f2", "b4", "b6"])
    );
    play(&mut game, 0, &step(knight, "b6"));
    assert_eq!(occupant(&game, "b6"), Some(("mecha-knight".into(), 0)));
}

#[test]
fn robo_rooks_and_auto_bishops_slide_up_to_six_squares() {
    let mut position = Position::new(ROBOTS);
    position.place(0, "factory", "h1");
    let rook = position.place(0, "robo-rook", "a1");
    let bishop = position.place(0, "auto-bishop", "a2");
    position.place(1, "drone", "a5");
    position.place(1, "factory", "h8");
    let mut game = position.build();
    play(&mut game, 0, &done());
    assert_eq!(
        destinations(&game, rook),
        squares(&["b1", "c1", "d1", "e1", "f1", "g1"])
    );
    assert_eq!(
        destinations(&game, bishop),
        squares(&["b3", "c4", "d5", "e6", "f7", "g8", "b1"])
    );
    // Once the Auto-Bishop leaves, the Robo-Rook slides north six squares,
    // to a7 and not a8.
    play(&mut game, 0, &step(bishop, "g8"));
    play(&mut game, 1, &done());
    let on_a5 = piece_on(&game, "a5");
    play(&mut game, 1, &step(on_a5, "b5"));
    play(&mut game, 0, &done());
    assert_eq!(
        destinations(&game, rook),
        squares(&[
            "a2", "a3", "a4", "a5", "a6", "a7", "b1", "c1", "d1", "e1", "f1", "g1"
        ])
    );
}

#[test]
fn a_robot_with_no_factory_left_is_defeated_at_once() {
    let mut position = Position::new(ROBOTS);
    position.place(0, "factory", "a1");
    let second = position.place(0, "factory", "c1");
    position.place(0, "drone", "e4");
    let taker = position.place(1, "robo-rook", "a7");
    position.place(1, "factory", "h8");
    position.to_move(1);
    let mut game = position.build();
    play(&mut game, 1, &done());
    play(&mut game, 1, &step(taker, "a1"));
    assert!(!game.is_over(), "one Factory is left");
    play(&mut game, 0, &done());
    let on_e4 = piece_on(&game, "e4");
    play(&mut game, 0, &step(on_e4, "e5"));
    play(&mut game, 1, &done());
    play(&mut game, 1, &step(taker, "c1"));
    assert_eq!(square_of(&game, second), None);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winners, vec![Seat(1)]);
    assert!(game.to_act().is_empty());
}

#[test]
fn a_robot_that_declines_its_placements_with_nothing_to_move_is_stalemated() {
    let mut position = Position::new(ROBOTS);
    position.place(0, "factory", "a1");
    position.place(1, "factory", "h8");
    position.place(1, "drone", "h7");
    let mut game = position.build();
    assert!(!placements(&game, 0).is_empty());
    play(&mut game, 0, &done());
    let outcome = game.outcome().expect("no move is left: stalemate");
    assert!(outcome.winners.is_empty());
}

/// Perft from a small position, counted by hand. White: a Factory on a1
/// and a Drone on c3; Black: a Factory on h8. At the turn's start White may
/// place any of 4 kinds on a2, b1 or b2, or send `done`: 13. One level
/// deeper, the Factory is spent and White moves: the Drone on c3 has 3
/// steps (c4, b3, d3), plus the new piece's moves:
/// - a Drone: on a2 2 (a3, b2), on b1 2 (b2, c1; a1 is the Factory), on
///   b2 3 (b3, a2, c2): 3 × 3 + 7 = 16;
/// - a Mecha-Knight: 3 leaps on the board from each (a4 c4 c2; b3 d3 d1;
///   b4 d4 d2): 3 × 3 + 9 = 18;
/// - a Robo-Rook: on a2 6 north + 6 east; on b1 6 north + 6 east; on b2
///   6 north + 6 east + b1 + a2: 3 × 3 + 38 = 47;
/// - an Auto-Bishop: on a2 6 north-east (to g8) + b1; on b1 6 north-east
///   (to h7) + a2; on b2 a3 + c1 (c3 is its own Drone, a1 its Factory):
///   3 × 3 + 16 = 25;
/// - `done`: the Drone's 3.
///
/// 16 + 18 + 47 + 25 + 3 = 109.
#[test]
fn perft_of_a_small_robot_position_counts_placements_and_moves() {
    let mut position = Position::new(ROBOTS);
    position.place(0, "factory", "a1");
    position.place(0, "drone", "c3");
    position.place(1, "factory", "h8");
    let game = position.build();
    assert_eq!(perft(&game, 1), 13);
    assert_eq!(perft(&game, 2), 109);
}
