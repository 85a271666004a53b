//! The battle-map variant (section VIII): a 24-inch square map played one
//! square per inch, the variant's Move values, ranges and lines of sight in
//! the same squares, armies on their own edges, obstacles over about half
//! the map; each with exactly the dice it rolls.

mod cc_common;
mod kit;

use std::collections::BTreeSet;

use cc_common::*;
use fray_rules::SetupError;
use fray_rules::chessboard_confrontation::{MAP, OBSTACLES, RULINGS, SCENARIO};

fn battle_map() -> MatchConfig {
    config().with(MAP, OptionValue::Text("battle-map".into()))
}

fn open_battle_map() -> MatchConfig {
    battle_map().with(OBSTACLES, OptionValue::Text("open".into()))
}

fn two_squads() -> Vec<ArmyList> {
    vec![
        squad(vec![entry("regular", 2, &[])]),
        squad(vec![entry("regular", 2, &[])]),
    ]
}

/// Seat 0's miniature on `at` and a seat-1 miniature far off on the map,
/// under a reading of the book.
fn alone_on_the_map(rulings: Rulings, troop: &str, traits: &[&str], at: &str) -> (Game, PieceId) {
    let mut p = Position::battle_map(2);
    p.rulings(rulings);
    let piece = p.place(0, troop, traits, at);
    p.place(1, "regular", &[], "x24");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(piece), &[]);
    (game, piece)
}

#[test]
fn the_battle_map_is_24_by_24_and_each_army_sets_up_along_its_own_edge() {
    let mut dice = ScriptedDice::new([]);
    let (game, effects) = Game::setup(&open_battle_map(), &two_squads(), &mut dice).unwrap();
    assert!(effects.iter().any(|e| e.effect
        == Effect::GameCreated {
            system: "chessboard-confrontation".into(),
            width: 24,
            height: 24,
        }));
    let seen = view(&game);
    assert_eq!((seen.width, seen.height), (24, 24));
    // Seat 0's edge is rank 1 without its corners: b1 to w1.
    let spaces: BTreeSet<String> = options(&game, 0)
        .iter()
        .map(|a| a.to.unwrap().to_string())
        .collect();
    let edge: BTreeSet<String> = ('b'..='w').map(|f| format!("{f}1")).collect();
    assert_eq!(spaces, edge);
}

#[test]
fn seat_1_sets_up_along_the_far_edge() {
    let mut dice = ScriptedDice::new([]);
    let (mut game, _) = Game::setup(&open_battle_map(), &two_squads(), &mut dice).unwrap();
    play_rolling(&mut game, 0, &place(PieceId(0), "l1"), &[]);
    let spaces: BTreeSet<String> = options(&game, 1)
        .iter()
        .map(|a| a.to.unwrap().to_string())
        .collect();
    let edge: BTreeSet<String> = ('b'..='w').map(|f| format!("{f}24")).collect();
    assert_eq!(spaces, edge);
    refuse(&mut game, 1, &place(PieceId(2), "y24"));
}

#[test]
fn a_map_that_is_not_offered_is_refused_with_the_choices() {
    let config = config().with(MAP, OptionValue::Text("hexes".into()));
    let refused = Game::setup(&config, &two_squads(), &mut ScriptedDice::new([]));
    assert_eq!(
        refused.err(),
        Some(SetupError::BadOption {
            key: "map".into(),
            reason: "must be one of board, battle-map".into(),
        })
    );
}

#[test]
fn the_retrieve_objective_lies_on_one_of_the_four_centre_squares() {
    let config = open_battle_map().with(SCENARIO, OptionValue::Text("retrieve".into()));
    let (game, effects) = Game::setup(&config, &two_squads(), &mut ScriptedDice::new([4])).unwrap();
    let roll = &rolls(&effects)[0];
    assert_eq!(roll.purpose, "objective space (d4: l12, m12, l13, m13)");
    assert_eq!(
        view(&game).terrain.get(&sq("m13")).map(String::as_str),
        Some("objective")
    );
}

/// B2: from l12 on an open map (no die rolled), each troop's Move in
/// inches, every second diagonal inch counting two: the squares at most
/// Move away, where a square `a` files and `b` ranks off (`a` ≥ `b`) is
/// `a` + `b` / 2 (rounded down) inches away.
#[test]
fn move_is_the_variants_in_inches_every_second_diagonal_counting_two() {
    for (troop, traits, moves, squares) in [
        ("minion", &[][..], 5, 88),
        ("regular", &[], 6, 120),
        ("advanced", &[], 6, 120),
        ("elite", &[], 7, 160),
        ("monster", &[], 7, 160),
        ("minion", &["fast"], 10, 308),
    ] {
        let (game, piece) = alone_on_the_map(Rulings::Book, troop, traits, "l12");
        assert_eq!(
            destinations(&game, 0, piece).len(),
            squares,
            "{troop} {traits:?}"
        );
        assert_eq!(stat(&game, piece, "move"), Some(moves.to_string()));
    }
    let (game, minion) = alone_on_the_map(Rulings::Book, "minion", &[], "l12");
    let reach = destinations(&game, 0, minion);
    // Five straight; three diagonals for 1 + 2 + 1 inches and one more
    // straight; one diagonal and four straight.
    for square in ["q12", "l17", "o15", "p15", "q13"] {
        assert!(reach.contains(square), "{square}");
    }
    // A fourth diagonal would cost two more: 6 inches.
    for square in ["p16", "q14", "g7", "q17"] {
        assert!(!reach.contains(square), "{square}");
    }
}

/// B2: a way round an obstacle pays for its diagonals. A Minion on l12
/// with an obstacle on l13 reaches l16 (a diagonal of 1 inch, one of 2 and
/// two straight) but not l17, which no way reaches in fewer than two
/// diagonals and four straight steps: 6 inches.
#[test]
fn a_way_round_an_obstacle_pays_for_its_diagonals() {
    let mut p = Position::battle_map(2);
    let minion = p.place(0, "minion", &[], "l12");
    p.place(1, "regular", &[], "x24");
    p.obstacles(&["l13"]);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(minion), &[]);
    let reach = destinations(&game, 0, minion);
    assert!(reach.contains("l16") && !reach.contains("l17"));
}

/// Under `fray-2026` a diagonal inch counts one, like a straight one: a
/// square of side 2 × Move + 1 round l12.
#[test]
fn move_under_fray_2026_counts_every_diagonal_inch_as_one() {
    for (troop, traits, moves) in [
        ("minion", &[][..], 5),
        ("regular", &[], 6),
        ("advanced", &[], 6),
        ("elite", &[], 7),
        ("monster", &[], 7),
        ("minion", &["fast"], 10),
    ] {
        let (game, piece) = alone_on_the_map(Rulings::Fray2026, troop, traits, "l12");
        let side = 2 * moves + 1;
        assert_eq!(
            destinations(&game, 0, piece).len(),
            side * side - 1,
            "{troop} {traits:?}"
        );
    }
    let (game, minion) = alone_on_the_map(Rulings::Fray2026, "minion", &[], "l12");
    let reach = destinations(&game, 0, minion);
    assert!(reach.contains("q12") && reach.contains("g7"));
    assert!(!reach.contains("r12") && !reach.contains("l18"));
}

#[test]
fn fast_adds_five_inches() {
    let (game, minion) = alone_on_the_map(Rulings::Book, "minion", &["fast"], "l12");
    assert_eq!(stat(&game, minion, "move"), Some("10".into()));
    let reach = destinations(&game, 0, minion);
    // Ten straight; four diagonals (1 + 2 + 1 + 2 inches) and four straight.
    assert!(reach.contains("v12") && reach.contains("t16"));
    assert!(!reach.contains("w12") && !reach.contains("b2"));
}

#[test]
fn obstacles_and_the_gaps_where_two_meet_at_a_corner_block_as_on_the_chessboard() {
    let mut p = Position::battle_map(2);
    let minion = p.place(0, "minion", &[], "b2");
    p.place(1, "regular", &[], "x24");
    // A wall along file c from c1 to c10, and d11 meeting c10 at a corner.
    let wall: Vec<String> = (1..=10).map(|r| format!("c{r}")).collect();
    let wall: Vec<&str> = wall.iter().map(String::as_str).collect();
    p.obstacles(&wall).obstacles(&["d11"]);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(minion), &[]);
    let reach = destinations(&game, 0, minion);
    // Round the end of the wall is the only way east: c11 is 9 steps off.
    assert!(
        reach
            .iter()
            .all(|s| s.starts_with('a') || s.starts_with('b'))
    );
    assert!(reach.contains("b7") && !reach.contains("b8"));
}

#[test]
fn ranged_attacks_reach_across_the_map_along_a_clear_line() {
    let mut p = Position::battle_map(2);
    let archer = p.place(0, "regular", &["greater-ranged"], "a1");
    let far = p.place(1, "regular", &[], "x23");
    let behind_rock = p.place(1, "regular", &[], "x1");
    let behind_enemy = p.place(1, "regular", &[], "a24");
    p.place(1, "regular", &[], "a12");
    p.obstacles(&["p1"]);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(archer), &[]);
    let seen = targets(&game, 0, archer, "greater");
    assert!(seen.contains(&far), "23 inches away with nothing between");
    assert!(!seen.contains(&behind_rock), "an obstacle on the line");
    assert!(!seen.contains(&behind_enemy), "an enemy on the line");
    play_rolling(&mut game, 0, &attack(archer, far, "greater"), &[6, 2]);
    assert!(is_removed(&game, far));
}

#[test]
fn melee_reaches_the_eight_squares_around() {
    let mut p = Position::battle_map(2);
    let a = p.place(0, "regular", &[], "l12");
    let next = p.place(1, "regular", &[], "m13");
    p.place(1, "regular", &[], "n14");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(a), &[]);
    assert_eq!(targets(&game, 0, a, "melee"), ids(&[next]));
}

/// B1: a Large miniature covers 2×2 squares of an inch (k12, l12, k13 and
/// l13 reaching north-east from k12), so it is met in melee from the eight
/// squares round any of the four, and nobody moves onto them.
#[test]
fn a_large_miniature_covers_two_by_two_squares_of_an_inch() {
    let mut p = Position::battle_map(2);
    let big = p.place_large(1, "monster", &[], "k12", "ne");
    let beside_the_far_corner = p.place(0, "regular", &[], "m14");
    let one_square_further = p.place(0, "regular", &[], "n15");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(beside_the_far_corner), &[]);
    assert_eq!(
        targets(&game, 0, beside_the_far_corner, "melee"),
        ids(&[big])
    );
    let reach = destinations(&game, 0, beside_the_far_corner);
    for covered in ["k12", "l12", "k13", "l13"] {
        assert!(
            !reach.contains(covered),
            "{covered} is the Large miniature's"
        );
    }
    assert!(reach.contains("j11") && reach.contains("m12"));

    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(one_square_further), &[]);
    assert!(targets(&game, 0, one_square_further, "melee").is_empty());
}

/// B2: Heal reaches 3 inches, every second diagonal inch counting two.
/// Seat 0's Regular on l11 attacks seat 1's on l12: attack 4, Defense 2,
/// failed. A healer 3 ranks off (l15), or 2 files and 2 ranks (n14: 2 + 1
/// inches), is asked and rerolls the Defense: 5, saved. One 3 files and 2
/// ranks off (o14: 3 + 1 inches) or 4 ranks off (l16) is out of reach: no
/// one is asked, and the Regular is defeated.
#[test]
fn heal_reaches_three_inches() {
    for (healer_at, saved) in [("l15", true), ("n14", true), ("o14", false), ("l16", false)] {
        let mut p = Position::battle_map(2);
        let a = p.place(0, "regular", &[], "l11");
        let b = p.place(1, "regular", &[], "l12");
        let healer = p.place(1, "regular", &["heal"], healer_at);
        p.marker(healer, "heal");
        let mut game = p.build();
        play_rolling(&mut game, 0, &activate(a), &[]);
        play_rolling(&mut game, 0, &attack(a, b, "melee"), &[4, 2]);
        if saved {
            play_rolling(&mut game, 1, &heal(healer), &[5]);
        }
        assert_eq!(!is_removed(&game, b), saved, "healer on {healer_at}");
    }
}

/// B2: Support is given within 3 inches, every second diagonal inch
/// counting two: to an ally 2 files and 2 ranks off (n14), not to one 3
/// files and 2 ranks off (o14). No die is rolled.
#[test]
fn support_reaches_three_inches() {
    let mut p = Position::battle_map(2);
    let giver = p.place(0, "regular", &["support"], "l12");
    let near = p.place(0, "regular", &[], "n14");
    p.place(0, "regular", &[], "o14");
    p.place(1, "regular", &[], "x24");
    p.marker(giver, "support");
    let game = p.build();
    let given: Vec<Action> = options(&game, 0)
        .into_iter()
        .filter(|a| a.verb == "support")
        .collect();
    assert_eq!(given, vec![support(giver, near)]);
}

#[test]
fn infiltrate_is_won_on_the_far_edge() {
    let mut p = Position::battle_map(2);
    p.scenario(Scenario::Infiltrate);
    p.place(0, "regular", &[], "c24");
    let runner = p.place(0, "regular", &[], "k18");
    p.place(1, "regular", &[], "a4");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(runner), &[]);
    play_rolling(&mut game, 0, &step(runner, "k24"), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn random_obstacles_cover_about_half_the_map_and_leave_it_in_one_piece() {
    for seed in 0..8 {
        let config = battle_map().with(SCENARIO, OptionValue::Text("retrieve".into()));
        let mut dice = ChaChaDice::from_u64(seed);
        let (game, effects) = Game::setup(&config, &two_squads(), &mut dice).unwrap();
        let seen = view(&game);
        let covered = seen.terrain.values().filter(|t| *t == "obstacle").count();
        assert!((288..=303).contains(&covered), "seed {seed}: {covered}");
        assert!(open_squares_connected(&seen), "seed {seed}");
        for edge in [1, 24] {
            for file in 'b'..='w' {
                let square = sq(&format!("{file}{edge}"));
                assert!(!seen.terrain.contains_key(&square), "seed {seed}: {square}");
            }
        }
        assert!(
            rolls(&effects)
                .iter()
                .any(|r| r.purpose == "obstacle (d24 file, d24 rank, d4 wide, d4 deep)")
        );
    }
}

#[test]
fn an_obstacle_is_a_rectangle_told_by_its_four_dice_and_left_out_if_it_shuts_squares_in() {
    // (file d24, rank d24, width d4, depth d4) of each rectangle tried.
    let tried = [
        [3, 3, 4, 1], // c3 to f3
        [3, 4, 1, 3], // c4 to c6
        [6, 4, 1, 3], // f4 to f6
        [4, 6, 2, 1], // d6 and e6 would shut d4, e4, d5 and e5 in
    ];
    let mut faces: Vec<u8> = tried.concat();
    // Then t20 alone, again and again, until the set-up stops trying: the
    // map is left short of half.
    faces.extend([20, 20, 1, 1].repeat(996));
    let mut dice = ScriptedDice::new(faces);
    let (game, effects) = Game::setup(&battle_map(), &two_squads(), &mut dice).unwrap();
    assert_eq!(dice.remaining(), 0);
    let told: Vec<String> = rolls(&effects)
        .iter()
        .map(|r| r.result.to_string())
        .collect();
    assert_eq!(
        told[..6],
        [
            "4×1 obstacle from c3",
            "1×3 obstacle from c4",
            "1×3 obstacle from f4",
            "2×1 from d6 would cut the map in two: left out",
            "1×1 obstacle from t20",
            "1×1 from t20: nothing there may take it",
        ]
    );
    assert_eq!(told.len(), 1_000);
    let obstacles: BTreeSet<String> = view(&game)
        .terrain
        .iter()
        .filter(|(_, t)| *t == "obstacle")
        .map(|(s, _)| s.to_string())
        .collect();
    assert_eq!(
        obstacles,
        squares(&[
            "c3", "d3", "e3", "f3", "c4", "c5", "c6", "f4", "f5", "f6", "t20"
        ])
    );
}

fn obstacle_squares(seen: &View) -> BTreeSet<String> {
    seen.terrain
        .iter()
        .filter(|(_, t)| *t == "obstacle")
        .map(|(s, _)| s.to_string())
        .collect()
}

/// The fixed layout under a reading, set up with no dice at all.
fn fixed_battle_map(rulings: &str) -> View {
    let config = battle_map()
        .with(OBSTACLES, OptionValue::Text("fixed".into()))
        .with(RULINGS, OptionValue::Text(rulings.into()));
    let (game, _) = Game::setup(&config, &two_squads(), &mut ScriptedDice::new([])).unwrap();
    view(&game)
}

/// B5: "add obstacles to cover about ½ of the area", the fixed layout too:
/// 288 of the 576 squares, none on an edge or the four centre squares, the
/// open map in one piece.
#[test]
fn fixed_obstacles_cover_half_the_map_and_leave_it_in_one_piece() {
    let seen = fixed_battle_map("book");
    let obstacles = obstacle_squares(&seen);
    assert_eq!(obstacles.len(), 288);
    assert!(open_squares_connected(&seen));
    for edge in 1..=24 {
        for square in [
            format!("a{edge}"),
            format!("x{edge}"),
            format!("{}1", char::from(b'a' + edge - 1)),
            format!("{}24", char::from(b'a' + edge - 1)),
        ] {
            assert!(!obstacles.contains(&square), "{square} is on an edge");
        }
    }
    for centre in ["l12", "m12", "l13", "m13"] {
        assert!(!obstacles.contains(centre), "{centre} is in the centre");
    }
}

/// Under `fray-2026` the fixed layout is the chessboard's twelve, each space
/// a 3×3-inch block: 108 squares.
#[test]
fn fixed_obstacles_under_fray_2026_are_the_chessboards_twelve_three_times_larger() {
    let obstacles = obstacle_squares(&fixed_battle_map("fray-2026"));
    assert_eq!(obstacles.len(), 108);
    // b3, the first of the chessboard's twelve, is d7 to f9 on the map.
    for square in ["d7", "f7", "d9", "f9"] {
        assert!(obstacles.contains(square), "{square}");
    }
}
