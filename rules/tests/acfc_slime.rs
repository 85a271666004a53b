//! The Slime's rules (book lines 22–27, rulings S1–S8). The Slime roll no
//! dice, so every play here scripts none. The opponent is the Undead,
//! whose Lich-King stands out of the way.

mod acfc_common;
mod kit;
use acfc_common::*;

/// Slime as seat 0 (White, to move) against the Undead, with the Undead's
/// Lich-King on c8 and the Goobrain on h3, off the lines these tests use.
fn against_undead() -> Position {
    let mut position = Position::new([Faction::Slime, Faction::Undead]);
    position.place(0, "goobrain", "h3");
    position.place(1, "lich-king", "c8");
    position
}

fn merge(piece: PieceId, with: PieceId) -> Action {
    Action::new("merge").piece(piece).target(with)
}

fn split(piece: PieceId, to: &str) -> Action {
    Action::new("split").piece(piece).to(sq(to))
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

fn offered(game: &Game, action: &Action) -> bool {
    options(game, 0).contains(action)
}

// ---- Layout ----

#[test]
fn the_slime_starts_on_the_chess_pieces_squares_mirrored_for_black() {
    // The coin's 2 gives White to seat 1.
    let (game, _) = setup([Faction::Slime, Faction::Slime], &[2]);
    assert_layout(
        &game,
        &[
            ("glob", &["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]),
            ("oozle", &["a1", "c1", "f1", "h1"]),
            ("goolem", &["b1", "g1"]),
            ("goobeast", &["d1"]),
            ("goobrain", &["e1"]),
        ],
    );
}

#[test]
fn each_size_slides_its_reach_in_any_direction() {
    // From a1 on an open board: along the a-file, rank 1 and the long
    // diagonal, each line cut at the piece's reach (7 at most).
    for (kind, reach) in [
        ("glob", 1usize),
        ("oozle", 2),
        ("goolem", 4),
        ("goobeast", 8),
    ] {
        let mut position = against_undead();
        let piece = position.place(0, kind, "a1");
        let game = position.build();
        let per_line = reach.min(7);
        assert_eq!(destinations(&game, piece).len(), 3 * per_line, "{kind}");
    }
}

#[test]
fn a_slide_stops_at_a_piece_and_takes_an_enemy_by_moving_onto_it() {
    let mut position = against_undead();
    let oozle = position.place(0, "oozle", "d4");
    position.place(0, "glob", "d5");
    let zombie = position.place(1, "zombie", "e5");
    position.place(1, "zombie", "b6");
    let game = position.build();
    let reached = destinations(&game, oozle);
    // North is shut by the Glob on d5; north-east takes the Zombie on e5
    // and goes no further; the other six lines give two squares each.
    assert_eq!(reached.len(), 13);
    assert!(reached.contains("e5") && !reached.contains("f6") && !reached.contains("d5"));
    let mut game = game;
    let effects = play(&mut game, 0, &step(oozle, "e5"));
    assert_eq!(
        removal_reason(&effects, zombie).as_deref(),
        Some("captured")
    );
}

#[test]
fn the_goobrain_steps_left_or_right_and_may_take() {
    let mut position = Position::new([Faction::Slime, Faction::Undead]);
    let brain = position.place(0, "goobrain", "e4");
    let zombie = position.place(1, "zombie", "f4");
    position.place(1, "zombie", "e5");
    position.place(1, "lich-king", "c8");
    let mut game = position.build();
    assert_eq!(destinations(&game, brain), squares(&["d4", "f4"]));
    play(&mut game, 0, &step(brain, "f4"));
    assert_eq!(square_of(&game, zombie), None);
}

#[test]
fn two_adjacent_globs_merge_into_an_oozle_on_the_square_of_the_one_that_merges() {
    let mut position = against_undead();
    let left = position.place(0, "glob", "c3");
    let right = position.place(0, "glob", "d4");
    let mut game = position.build();
    assert!(offered(&game, &merge(left, right)));
    assert!(offered(&game, &merge(right, left)));
    let effects = play(&mut game, 0, &merge(left, right));
    assert_eq!(square_of(&game, left), None);
    assert_eq!(square_of(&game, right), None);
    assert_eq!(
        removal_reason(&effects, left).as_deref(),
        Some("merged into an Oozle")
    );
    assert_eq!(occupant(&game, "c3"), Some(("oozle".into(), 0)));
    assert_eq!(occupant(&game, "d4"), None);
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn the_other_glob_of_the_pair_may_merge_instead() {
    let mut position = against_undead();
    let left = position.place(0, "glob", "c3");
    let right = position.place(0, "glob", "d4");
    let mut game = position.build();
    play(&mut game, 0, &merge(right, left));
    assert_eq!(occupant(&game, "d4"), Some(("oozle".into(), 0)));
    assert_eq!(occupant(&game, "c3"), None);
}

#[test]
fn only_adjacent_friendly_pieces_of_the_same_kind_merge() {
    let mut position = Position::new([Faction::Slime, Faction::Slime]);
    position.place(0, "goobrain", "h1");
    position.place(1, "goobrain", "h8");
    let glob = position.place(0, "glob", "c3");
    position.place(1, "glob", "c4");
    position.place(0, "oozle", "d3");
    position.place(0, "glob", "e3");
    let game = position.build();
    assert!(
        options(&game, 0)
            .iter()
            .all(|action| action.verb != "merge" || action.piece != Some(glob)),
        "the Glob on c3 has no Glob of its own beside it"
    );
}

#[test]
fn oozles_merge_into_a_goolem_and_goolems_into_a_goobeast() {
    let mut position = against_undead();
    let oozle = position.place(0, "oozle", "b2");
    let other_oozle = position.place(0, "oozle", "b3");
    let goolem = position.place(0, "goolem", "f2");
    let other_goolem = position.place(0, "goolem", "g2");
    let mut game = position.build();
    assert!(offered(&game, &merge(goolem, other_goolem)));
    play(&mut game, 0, &merge(oozle, other_oozle));
    assert_eq!(occupant(&game, "b2"), Some(("goolem".into(), 0)));
    let lich = piece_on(&game, "c8");
    play(&mut game, 1, &step(lich, "c7"));
    play(&mut game, 0, &merge(goolem, other_goolem));
    assert_eq!(occupant(&game, "f2"), Some(("goobeast".into(), 0)));
}

#[test]
fn goobeasts_do_not_merge() {
    let mut position = against_undead();
    let beast = position.place(0, "goobeast", "b2");
    let other = position.place(0, "goobeast", "b3");
    let game = position.build();
    assert!(!offered(&game, &merge(beast, other)));
    assert!(
        options(&game, 0)
            .iter()
            .all(|action| action.verb != "merge")
    );
}

#[test]
fn an_oozle_splits_into_two_globs_one_on_an_empty_adjacent_square() {
    let mut position = against_undead();
    let oozle = position.place(0, "oozle", "c3");
    position.place(1, "zombie", "d4");
    let mut game = position.build();
    refuse(&mut game, 0, &split(oozle, "d4"));
    refuse(&mut game, 0, &split(oozle, "e5"));
    play(&mut game, 0, &split(oozle, "c4"));
    // The Oozle itself becomes a Glob where it stood, keeping its id.
    assert_eq!(square_of(&game, oozle).as_deref(), Some("c3"));
    assert_eq!(occupant(&game, "c3"), Some(("glob".into(), 0)));
    assert_eq!(occupant(&game, "c4"), Some(("glob".into(), 0)));
    assert_eq!(occupant(&game, "d4"), Some(("zombie".into(), 1)));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_goolem_splits_into_oozles_and_a_goobeast_into_goolems() {
    let mut position = against_undead();
    let goolem = position.place(0, "goolem", "b2");
    let beast = position.place(0, "goobeast", "f2");
    let mut game = position.build();
    assert!(offered(&game, &split(beast, "f3")));
    play(&mut game, 0, &split(goolem, "b3"));
    assert_eq!(occupant(&game, "b2"), Some(("oozle".into(), 0)));
    assert_eq!(occupant(&game, "b3"), Some(("oozle".into(), 0)));
    let lich = piece_on(&game, "c8");
    play(&mut game, 1, &step(lich, "c7"));
    play(&mut game, 0, &split(beast, "f3"));
    assert_eq!(occupant(&game, "f2"), Some(("goolem".into(), 0)));
    assert_eq!(occupant(&game, "f3"), Some(("goolem".into(), 0)));
}

#[test]
fn a_glob_does_not_split() {
    let mut position = against_undead();
    position.place(0, "glob", "c3");
    let game = position.build();
    assert!(
        options(&game, 0)
            .iter()
            .all(|action| action.verb != "split")
    );
}

#[test]
fn the_slime_lose_when_the_goobrain_is_captured() {
    let mut position = Position::new([Faction::Undead, Faction::Slime]);
    let lich = position.place(0, "lich-king", "e4");
    position.place(1, "goobrain", "e6");
    position.place(1, "glob", "a8");
    let mut game = position.build();
    play(&mut game, 0, &step(lich, "e6"));
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

/// Slime (White): Goobrain e1, Globs a1 and a2, Oozle h1; Undead:
/// Lich-King h8. The Slime's options, by hand:
/// - Goobrain e1: d1, f1: 2.
/// - Glob a1: b1, b2 (a2 is its own), and a merge with a2: 3.
/// - Glob a2: a3, b3, b2, b1, and a merge with a1: 5.
/// - Oozle h1: h2 h3, g1 f1, g2 f3, and a split onto g1, g2 or h2: 9.
///
/// 2 + 3 + 5 + 9 = 19. None of them touches the Lich-King's 9 squares
/// (h7 h6 h5, g8 f8 e8, g7 f6 e5), so depth 2 is 19 × 9 = 171.
#[test]
fn perft_of_a_small_slime_position() {
    let mut position = Position::new([Faction::Slime, Faction::Undead]);
    position.place(0, "goobrain", "e1");
    position.place(0, "glob", "a1");
    position.place(0, "glob", "a2");
    position.place(0, "oozle", "h1");
    position.place(1, "lich-king", "h8");
    let game = position.build();
    assert_eq!(perft(&game, 1), 19);
    assert_eq!(perft(&game, 2), 171);
}
