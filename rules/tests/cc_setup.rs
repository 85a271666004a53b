//! Army building, obstacles, placement, late arrivals, initiative and the
//! order of turns, each with exactly the dice it rolls.

mod cc_common;
mod kit;

use std::collections::BTreeSet;

use cc_common::*;
use fray_rules::Choice;
use fray_rules::SetupError;
use fray_rules::chessboard_confrontation::{self as cc, OBSTACLES, POINTS, RULINGS, SCENARIO};

#[test]
fn costs_dice_and_moves_of_every_troop_type() {
    let table: Vec<(u32, u8, u8)> = cc::Troop::ALL
        .iter()
        .map(|t| (t.cost(), t.die(), t.movement()))
        .collect();
    assert_eq!(
        table,
        vec![(4, 4, 2), (6, 6, 3), (8, 8, 3), (10, 10, 4), (12, 12, 4)]
    );
    let costs: Vec<u32> = cc::Trait::ALL.iter().map(|t| t.cost()).collect();
    assert_eq!(
        costs,
        vec![2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4]
    );
    assert_eq!(cc::Trait::ALL.len(), 17);
}

#[test]
fn a_squad_spends_at_most_the_matchs_points() {
    // Elite + Fast + Armor = 16; three of them 48; a Minion more is 52.
    let fits = squad(vec![entry("elite", 3, &["fast", "armor"])]);
    assert_eq!(cc::validate_army(&fits), Ok(()));
    let over = squad(vec![
        entry("elite", 3, &["fast", "armor"]),
        entry("minion", 1, &[]),
    ]);
    // Stored for no match in particular, 52 points is a list some match takes.
    assert_eq!(cc::validate_army(&over), Ok(()));
    let for_match = |points: Option<i64>| {
        let config = match points {
            Some(points) => config().with(POINTS, OptionValue::Int(points)),
            None => config(),
        };
        fray_rules::validate_army_for(&config, Seat(1), &over)
    };
    assert_eq!(
        for_match(None),
        Err(SetupError::InvalidArmy {
            seat: 1,
            reasons: vec![
                "the army costs 52 points; the match's budget is 50 (its 'points' option)"
                    .to_string()
            ]
        })
    );
    assert_eq!(for_match(Some(52)), Ok(()));
    assert!(matches!(
        for_match(Some(501)),
        Err(SetupError::BadOption { .. })
    ));
    // Past the most any match allows, a list is refused when stored.
    let huge = squad(vec![entry("monster", 42, &[])]);
    assert_eq!(
        cc::validate_army(&huge),
        Err(vec![
            "the army costs 504 points; no match's budget is over 500".to_string()
        ])
    );
    // Large costs nothing.
    let large = squad(vec![entry("monster", 4, &["large"])]);
    assert_eq!(cc::validate_army(&large), Ok(()));
}

#[test]
fn every_reason_is_reported() {
    let list = ArmyList {
        army: "orcs".into(),
        ..squad(vec![
            entry("dragon", 1, &[]),
            entry("regular", 0, &["lucky", "lucky", "sword"]),
            entry("monster", 5, &["support"]),
            entry("fear", 1, &[]),
        ])
    };
    let reasons = fray_rules::validate_army_for(&config(), Seat(0), &list);
    let Err(SetupError::InvalidArmy { reasons, .. }) = reasons else {
        panic!("{reasons:?}");
    };
    assert_eq!(reasons.len(), 8, "{reasons:#?}");
    assert!(reasons[0].contains("'orcs' is not a Chessboard Confrontation army"));
    assert!(reasons[1].contains("'dragon' is not a troop type"));
    assert!(reasons[2].contains("count of 0"));
    assert!(reasons[3].contains("takes Lucky twice"));
    assert!(reasons[4].contains("'sword' is not a trait"));
    assert!(reasons[5].contains("it is a trait"));
    assert!(reasons[6].contains("5 miniatures with Support"));
    assert!(reasons[7].contains("the match's budget is 50"));
}

#[test]
fn the_budget_is_a_match_option() {
    let lists = vec![
        squad(vec![entry("monster", 5, &[])]),
        squad(vec![entry("minion", 1, &[])]),
    ];
    let mut dice = ScriptedDice::new([]);
    assert!(Game::setup(&config(), &lists, &mut dice).is_err());
    let config = config()
        .with(POINTS, OptionValue::Int(60))
        .with(OBSTACLES, OptionValue::Text("open".into()));
    assert!(Game::setup(&config, &lists, &mut dice).is_ok());
}

#[test]
fn the_rulings_are_a_match_option_the_book_by_default() {
    let lists = vec![
        squad(vec![entry("minion", 1, &[])]),
        squad(vec![entry("minion", 1, &[])]),
    ];
    let open = config().with(OBSTACLES, OptionValue::Text("open".into()));
    let (game, _) = Game::setup(&open, &lists, &mut ScriptedDice::new([])).unwrap();
    assert_eq!(game.settings().rulings, Rulings::Book);
    let earlier = open
        .clone()
        .with(RULINGS, OptionValue::Text("fray-2025".into()));
    let (game, _) = Game::setup(&earlier, &lists, &mut ScriptedDice::new([])).unwrap();
    assert_eq!(game.settings().rulings, Rulings::Fray2025);
    let later = open
        .clone()
        .with(RULINGS, OptionValue::Text("fray-2026".into()));
    let (game, _) = Game::setup(&later, &lists, &mut ScriptedDice::new([])).unwrap();
    assert_eq!(game.settings().rulings, Rulings::Fray2026);
    let spec = cc::system_info()
        .options
        .into_iter()
        .find(|o| o.key == RULINGS)
        .expect("the rulings option is listed");
    assert_eq!(spec.default, OptionValue::Text("book".into()));
    for bad in [OptionValue::Text("2025".into()), OptionValue::Int(1)] {
        let refused = Game::setup(
            &open.clone().with(RULINGS, bad),
            &lists,
            &mut ScriptedDice::new([]),
        )
        .expect_err("a bad value is refused");
        let text = refused.to_string();
        assert!(text.contains(RULINGS), "{text}");
    }
    let refused = Game::setup(
        &open.with(RULINGS, OptionValue::Text("house".into())),
        &lists,
        &mut ScriptedDice::new([]),
    )
    .expect_err("a value not offered is refused");
    assert!(
        refused
            .to_string()
            .contains("must be one of book, fray-2026, fray-2025"),
        "{refused}"
    );
}

#[test]
fn system_info_lists_troops_traits_and_large() {
    let info = cc::system_info();
    assert_eq!((info.seats.min, info.seats.max), (2, 4));
    let units = &info.armies[0].units;
    assert_eq!(units.len(), 5 + 17 + 1);
    assert_eq!(units.iter().find(|u| u.key == "support").unwrap().cost, 4.0);
}

fn two_regulars() -> Vec<ArmyList> {
    vec![
        squad(vec![entry("regular", 1, &[])]),
        squad(vec![entry("regular", 1, &[])]),
    ]
}

#[test]
fn obstacles_are_rolled_placed_and_shown_as_terrain() {
    // d6 = 1: eleven obstacles. Each is (row d8, column d8).
    let mut faces = vec![1];
    for (row, col) in [
        (3, 1),
        (3, 3),
        (3, 5),
        (3, 7),
        (5, 2),
        (5, 4),
        (5, 6),
        (5, 8),
    ] {
        faces.extend([row, col]);
    }
    // c3 again: taken, so a d8 for the adjacent space: 1 is up, c4.
    faces.extend([3, 3, 1]);
    // d1 is on seat 0's starting side: a d8 sends it up to d2.
    faces.extend([1, 4, 1]);
    // h6.
    faces.extend([6, 8]);
    let mut dice = ScriptedDice::new(faces);
    let (game, _) = Game::setup(&config(), &two_regulars(), &mut dice).unwrap();
    drop(dice);
    let terrain: Vec<String> = view(&game)
        .terrain
        .iter()
        .inspect(|(_, t)| assert_eq!(t.as_str(), "obstacle"))
        .map(|(s, _)| s.to_string())
        .collect();
    let mut expected = vec![
        "a3", "c3", "e3", "g3", "b5", "d5", "f5", "h5", "c4", "d2", "h6",
    ];
    expected.sort_by_key(|s| sq(s));
    assert_eq!(terrain, expected);
}

#[test]
fn an_obstacle_that_would_cut_the_board_goes_elsewhere() {
    // b2 and a3 first... then a2 would shut a1 off? No: a1 is a corner of
    // seat 0's side, never an obstacle; b1 is on the side. Shut in a4 instead:
    // a3, b3, b4, b5, a5 leave a4 reachable only through them.
    let mut faces = vec![1];
    for (row, col) in [(3, 1), (3, 2), (4, 2), (5, 2)] {
        faces.extend([row, col]);
    }
    // a5 would enclose a4: the adjacent d8 = 3 (right) is b5, taken: roll again.
    faces.extend([5, 1, 3]);
    // e5 then.
    faces.extend([5, 5]);
    for (row, col) in [(6, 6), (6, 7), (6, 8), (7, 1), (7, 2), (7, 3)] {
        faces.extend([row, col]);
    }
    let mut dice = ScriptedDice::new(faces);
    let (game, _) = Game::setup(&config(), &two_regulars(), &mut dice).unwrap();
    let terrain = view(&game).terrain;
    assert!(!terrain.contains_key(&sq("a5")));
    assert!(terrain.contains_key(&sq("e5")));
    assert_eq!(terrain.len(), 11);
}

#[test]
fn placement_on_the_side_never_in_a_corner_then_initiative() {
    let config = config().with(OBSTACLES, OptionValue::Text("fixed".into()));
    let mut dice = ScriptedDice::new([]);
    let (mut game, _) = Game::setup(&config, &two_regulars(), &mut dice).unwrap();
    assert_eq!(view(&game).terrain.len(), 12);
    assert_eq!(phase(&game), "placement");
    assert_eq!(active(&game), vec![Seat(0)]);
    let place = |piece: u32, to: &str| Action::new("place").piece(PieceId(piece)).to(sq(to));
    let offered: Vec<String> = options(&game, 0)
        .iter()
        .map(|a| a.to.unwrap().to_string())
        .collect();
    assert_eq!(offered, vec!["b1", "c1", "d1", "e1", "f1", "g1"]);
    refuse(&mut game, 0, &place(0, "a1"));
    refuse(&mut game, 0, &place(0, "d2"));
    refuse(&mut game, 0, &place(1, "d1"));
    play_rolling(&mut game, 0, &place(0, "d1"), &[]);
    refuse(&mut game, 1, &place(1, "h8"));
    // The last placement starts round 1: both roll a d6, tie 4-4, reroll 2-5.
    let effects = play_rolling(&mut game, 1, &place(1, "d8"), &[4, 4, 2, 5]);
    assert_eq!(rolls(&effects).len(), 4);
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(resource(&game, 1, "initiative"), Some(1));
    assert_eq!(resource(&game, 0, "initiative"), Some(2));
    assert_eq!(resource(&game, 0, "tokens"), Some(4));
    assert_eq!(view(&game).turn.round, Some(1));
}

#[test]
fn miniatures_that_do_not_fit_arrive_at_the_end_of_their_players_turn() {
    let mut p = Position::new(2);
    let first = p.place(0, "minion", &[], "b1");
    for s in ["c1", "d1", "e1", "f1", "g1"] {
        p.place(0, "minion", &[], s);
    }
    let late = p.waiting(0, "minion", &[]);
    p.place(1, "minion", &[], "d8");
    let mut game = p.build();
    assert_eq!(square_of(&game, late), None);
    play_rolling(&mut game, 0, &activate(first), &[]);
    play_rolling(&mut game, 0, &step(first, "b2"), &[]);
    play_rolling(&mut game, 0, &end(), &[]);
    assert_eq!(phase(&game), "arrival");
    assert_eq!(active(&game), vec![Seat(0)]);
    let offered: Vec<Action> = options(&game, 0);
    assert_eq!(offered, vec![Action::new("place").piece(late).to(sq("b1"))]);
    play_rolling(&mut game, 0, &offered[0], &[]);
    assert_eq!(square_of(&game, late).as_deref(), Some("b1"));
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn every_miniature_acts_before_any_acts_again() {
    let mut p = Position::new(2);
    let a = p.place(0, "regular", &[], "b2");
    let b = p.place(0, "regular", &[], "g2");
    p.place(1, "regular", &[], "d7");
    p.turns(a, 1);
    let mut game = p.build();
    let offered: Vec<Action> = options(&game, 0)
        .into_iter()
        .filter(|x| x.verb == "activate")
        .collect();
    assert_eq!(offered, vec![activate(b)]);
    refuse(&mut game, 0, &activate(a));
    play_rolling(&mut game, 0, &activate(b), &[]);
    play_rolling(&mut game, 0, &end(), &[]);
    assert_eq!(resource(&game, 0, "tokens"), Some(3));
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn turns_follow_initiative_and_a_new_round_rolls_again() {
    // Three players; only seat 0 holds a token: when it passes, the round ends.
    let mut p = Position::new(3);
    p.place(0, "regular", &[], "d2");
    p.place(1, "elite", &[], "d7");
    p.place(2, "minion", &[], "a4");
    p.tokens(0, 1).tokens(1, 0).tokens(2, 0);
    let mut game = p.build();
    // Round 2: d6, d10, d4. Seats 0 and 1 tie on 5 and reroll: 1 and 3.
    play_rolling(&mut game, 0, &Action::new("pass"), &[5, 5, 2, 1, 3]);
    assert_eq!(view(&game).turn.round, Some(2));
    assert_eq!(active(&game), vec![Seat(1)]);
    let order: Vec<Option<i64>> = (0..3).map(|s| resource(&game, s, "initiative")).collect();
    assert_eq!(order, vec![Some(2), Some(1), Some(3)]);
    // Seat 1 passes: next is seat 0, then seat 2, then seat 1 again.
    play_rolling(&mut game, 1, &Action::new("pass"), &[]);
    assert_eq!(active(&game), vec![Seat(0)]);
    play_rolling(&mut game, 0, &Action::new("pass"), &[]);
    assert_eq!(active(&game), vec![Seat(2)]);
    play_rolling(&mut game, 2, &Action::new("pass"), &[]);
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(resource(&game, 1, "tokens"), Some(3));
}

#[test]
fn a_game_is_drawn_at_the_round_limit() {
    let mut p = Position::new(2);
    p.place(0, "regular", &[], "d2");
    p.place(1, "regular", &[], "d7");
    p.settings(Settings {
        max_rounds: 3,
        ..Settings::default()
    })
    .round(3)
    .tokens(1, 0)
    .tokens(0, 1);
    let mut game = p.build();
    play_rolling(&mut game, 0, &Action::new("pass"), &[]);
    let outcome = game.outcome().unwrap();
    assert!(outcome.is_draw());
    assert!(outcome.reason.to_string().contains("limit of 3 rounds"));
    let _ = SCENARIO;
}

#[test]
fn a_large_miniature_is_placed_with_the_main_space_its_player_chooses() {
    let config = config().with(OBSTACLES, OptionValue::Text("open".into()));
    let lists = vec![
        squad(vec![
            entry("monster", 1, &["large"]),
            entry("minion", 1, &[]),
        ]),
        squad(vec![entry("regular", 1, &[])]),
    ];
    let (mut game, _) = Game::setup(&config, &lists, &mut ScriptedDice::new([])).unwrap();
    let (big, minion, theirs) = (PieceId(0), PieceId(1), PieceId(2));
    let offered: Vec<(String, String)> = verbs_of(&game, 0, big, "place")
        .iter()
        .map(|a| (a.to.unwrap().to_string(), a.choice.clone().unwrap()))
        .collect();
    // Five 2×2 spots with two spaces on b1..g1, each with any of its four spaces as main.
    assert_eq!(offered.len(), 20);
    for (to, reach) in [
        ("b1", "ne"),
        ("c1", "nw"),
        ("b2", "se"),
        ("c2", "sw"),
        ("g2", "sw"),
    ] {
        assert!(offered.contains(&(to.into(), reach.into())), "{to} {reach}");
    }
    // Off the board, over a corner, or too far from the side.
    refuse(&mut game, 0, &place_large(big, "b1", "se"));
    refuse(&mut game, 0, &place_large(big, "b1", "nw"));
    refuse(&mut game, 0, &place_large(big, "c3", "sw"));
    refuse(&mut game, 0, &place(big, "c1"));
    refuse(&mut game, 0, &place_large(minion, "d1", "ne"));
    refuse(&mut game, 0, &place_large(big, "c2", "up"));
    // Main space c2, covering b1, c1, b2 and c2.
    play_rolling(&mut game, 0, &place_large(big, "c2", "sw"), &[]);
    assert_eq!(square_of(&game, big).as_deref(), Some("c2"));
    assert_eq!(stat(&game, big, "reach").as_deref(), Some("south-west"));
    play_rolling(&mut game, 1, &place(theirs, "d8"), &[]);
    let spaces: BTreeSet<String> = verbs_of(&game, 0, minion, "place")
        .iter()
        .map(|a| a.to.unwrap().to_string())
        .collect();
    assert_eq!(spaces, squares(&["d1", "e1", "f1", "g1"]));
    // The last placement rolls initiative: d12 5 against d6 3.
    play_rolling(&mut game, 0, &place(minion, "d1"), &[5, 3]);
    assert_eq!(active(&game), vec![Seat(0)]);
    // It moves from its main space: with Move 4 from c2, c6 is in reach.
    play_rolling(&mut game, 0, &activate(big), &[]);
    assert!(destinations(&game, 0, big).contains("c6"));
}
