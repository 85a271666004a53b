//! Setup: the terrain shuffle (exact layouts from scripted dice), the
//! Acolytes' fixed start squares (R1, `acolytes: fixed`; the players' own
//! placement is `sc_placement.rs`), the coin flip, the setup effects,
//! options, and the one army list both players bring.

mod kit;
mod sc_common;
use fray_rules::Choice;
use sc_common::*;

fn terrain_of(view: &View, square: &str) -> String {
    view.terrain[&sq(square)].clone()
}

#[test]
fn dice_that_never_swap_leave_the_tiles_in_chart_order() {
    let (game, _) = setup_with(&config(), &chart_order_shuffle(1));
    let view = view(&game);
    assert_eq!(view.terrain.len(), 64);
    for (square, terrain) in [
        ("a1", "ruins"),
        ("d1", "ruins"),
        ("e1", "swamps"),
        ("h1", "swamps"),
        ("a2", "mountains"),
        ("e2", "hills"),
        ("a4", "castles"),
        ("e5", "peaks"),
        ("e6", "volcanos"),
        ("a8", "bogs"),
        ("h8", "badlands"),
    ] {
        assert_eq!(terrain_of(&view, square), terrain, "{square}");
    }
}

#[test]
fn the_first_die_is_a_d64_that_picks_the_tile_for_h8() {
    // Fisher–Yates from h8 down: the d64 shows 1, so h8 takes a1's tile
    // (Ruins) and a1 takes h8's (Badlands); every later die keeps its tile.
    let mut faces = chart_order_shuffle(2);
    faces[0] = 1;
    let (game, _) = setup_with(&config(), &faces);
    let view = view(&game);
    assert_eq!(terrain_of(&view, "h8"), "ruins");
    assert_eq!(terrain_of(&view, "a1"), "badlands");
    assert_eq!(terrain_of(&view, "b1"), "ruins");
    assert_eq!(terrain_of(&view, "g8"), "badlands");
}

#[test]
fn a_scripted_shuffle_gives_an_exact_layout() {
    // The second die (a d63, for g8) shows 9: g8 takes the tile at index 8,
    // a2's Mountains, and a2 takes g8's Badlands. The last die (a d2, for b1)
    // shows 1: a1 and b1 swap, both Ruins, so nothing shows.
    let mut faces = chart_order_shuffle(1);
    faces[1] = 9;
    faces[62] = 1;
    let (game, _) = setup_with(&config(), &faces);
    let view = view(&game);
    assert_eq!(terrain_of(&view, "g8"), "mountains");
    assert_eq!(terrain_of(&view, "a2"), "badlands");
    let mut expected = chart_order();
    expected.swap(62, 8);
    for (index, terrain) in expected.iter().enumerate() {
        let square = Square::new(index as u8 % 8, index as u8 / 8);
        assert_eq!(view.terrain[&square], terrain.key(), "{square}");
    }
}

#[test]
fn the_setup_tells_the_shuffle_and_the_coin_as_dice() {
    let (_, effects) = setup_with(&config(), &chart_order_shuffle(2));
    let rolls: Vec<&DiceRoll> = effects
        .iter()
        .filter_map(|e| match &e.effect {
            Effect::DiceRolled { roll } => Some(roll),
            _ => None,
        })
        .collect();
    assert_eq!(rolls.len(), 2);
    let sides: Vec<u8> = rolls[0].dice.iter().map(|d| d.sides).collect();
    assert_eq!(sides, (2..=64u8).rev().collect::<Vec<_>>());
    assert_eq!(rolls[1].dice.len(), 1);
    assert_eq!((rolls[1].dice[0].sides, rolls[1].dice[0].face), (2, 2));
    let terrain_effects = effects
        .iter()
        .filter(|e| matches!(e.effect, Effect::TerrainChanged { .. }))
        .count();
    assert_eq!(terrain_effects, 64);
}

#[test]
fn the_coin_decides_who_moves_first() {
    let (heads, _) = setup_with(&config(), &chart_order_shuffle(1));
    assert_eq!(heads.to_act(), vec![Seat(0)]);
    assert_eq!(heads.first_player(), Seat(0));
    assert!(options(&heads, 1).is_empty());

    let (tails, _) = setup_with(&config(), &chart_order_shuffle(2));
    assert_eq!(tails.to_act(), vec![Seat(1)]);
    assert_eq!(active(&tails), vec![Seat(1)]);
    assert!(options(&tails, 0).is_empty());
    assert_eq!(options(&tails, 1).len(), 18);
}

#[test]
fn four_acolytes_each_start_one_square_apart_on_the_back_rows() {
    let (game, _) = setup_with(&config(), &chart_order_shuffle(1));
    let view = view(&game);
    assert_eq!(view.pieces.len(), 8);
    for (seat, squares) in [(0, ["a1", "c1", "e1", "g1"]), (1, ["h8", "f8", "d8", "b8"])] {
        for square in squares {
            let piece = view.pieces_at(sq(square)).next().expect(square);
            assert_eq!((piece.kind.as_str(), piece.owner), ("acolyte", Seat(seat)));
            assert_eq!(piece.glyph, "A");
            assert!(piece.markers.iter().any(|m| m.key == "acolyte"));
        }
    }
    assert_eq!(view.turn.number, 1);
    assert_eq!(view.players.len(), 2);
}

#[test]
fn setup_effects_build_the_view_from_nothing() {
    let (game, effects) = setup_with(&config(), &chart_order_shuffle(1));
    for viewer in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
        Viewer::Referee,
    ] {
        let mut built = View::default();
        fray_protocol::apply_all(&mut built, &ScopedEffect::for_viewer(&effects, viewer));
        assert_eq!(built, game.view(viewer));
    }
}

#[test]
fn setup_quiet_makes_the_same_game() {
    let mut a = ChaChaDice::from_u64(5);
    let mut b = ChaChaDice::from_u64(5);
    let (loud, _) = SummonersChess::setup(&config(), &lists(), &mut a).unwrap();
    let quiet = SummonersChess::setup_quiet(&config(), &lists(), &mut b).unwrap();
    assert!(loud == quiet);
}

#[test]
fn every_option_is_read_and_checked() {
    let on = config()
        .with(SECOND_UNIT, OptionValue::Bool(true))
        .with(MAX_TURNS, OptionValue::Int(300))
        .with(QUIET_TURNS, OptionValue::Int(40));
    let (game, _) = setup_with(&on, &chart_order_shuffle(1));
    let rules = game.rules();
    assert!(rules.second_unit);
    assert_eq!(
        rules.limits,
        Limits {
            max_turns: 300,
            quiet_turns: 40
        }
    );

    let off = config()
        .with(MAX_TURNS, OptionValue::Int(0))
        .with(QUIET_TURNS, OptionValue::Int(0));
    let (game, _) = setup_with(&off, &chart_order_shuffle(1));
    assert_eq!(
        game.rules().limits,
        Limits {
            max_turns: 0,
            quiet_turns: 0
        },
        "0 switches a cap off"
    );

    let refused = |config: MatchConfig| {
        SummonersChess::setup(&config, &lists(), &mut ScriptedDice::new([])).err()
    };
    for (key, value) in [
        (SECOND_UNIT, OptionValue::Int(1)),
        (MAX_TURNS, OptionValue::Int(-1)),
        (MAX_TURNS, OptionValue::Int(10_001)),
        (MAX_TURNS, OptionValue::Bool(true)),
        (QUIET_TURNS, OptionValue::Int(1_001)),
        (ACOLYTES, OptionValue::Text("random".into())),
        (ACOLYTES, OptionValue::Bool(true)),
        ("second unit", OptionValue::Bool(true)),
    ] {
        let error = refused(config().with(key, value.clone()));
        assert!(
            matches!(&error, Some(SetupError::BadOption { key: k, .. }) if k == key),
            "{key} = {value:?}: {error:?}"
        );
    }
}

#[test]
fn setup_refuses_the_wrong_system_seats_or_lists() {
    let mut dice = ScriptedDice::new([]);
    let wrong_system = MatchConfig::new(SystemId::FantasyArmies);
    assert!(matches!(
        SummonersChess::setup(&wrong_system, &lists(), &mut dice),
        Err(SetupError::WrongSystem { .. })
    ));
    assert!(matches!(
        SummonersChess::setup(&config(), &[army_list()], &mut dice),
        Err(SetupError::WrongSeatCount { got: 1, .. })
    ));
    let mut with_units = army_list();
    with_units.units.push(ArmyEntry::new("wizard", 1));
    assert!(matches!(
        SummonersChess::setup(&config(), &[army_list(), with_units], &mut dice),
        Err(SetupError::InvalidArmy { seat: 1, .. })
    ));
}

#[test]
fn the_only_army_list_is_the_empty_summoners_list() {
    use fray_rules::summoners_chess::validate_army;
    assert_eq!(validate_army(&army_list()), Ok(()));
    let mut wrong = army_list();
    wrong.army = "undead".into();
    wrong.system = SystemId::ChessWar;
    wrong.units.push(ArmyEntry::new("acolyte", 4));
    let reasons = validate_army(&wrong).unwrap_err();
    assert_eq!(reasons.len(), 3, "{reasons:?}");
}

#[test]
fn system_info_lists_the_options_and_every_unit() {
    let info = fray_rules::summoners_chess::system_info();
    assert_eq!(info.id, SystemId::SummonersChess);
    let keys: Vec<&str> = info.options.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, [SECOND_UNIT, ACOLYTES, MAX_TURNS, QUIET_TURNS]);
    let acolytes = &info.options[1];
    assert_eq!(acolytes.default, OptionValue::Text("chosen".into()));
    assert!(matches!(
        &acolytes.kind,
        fray_protocol::OptionKind::Choice { choices } if choices == &["chosen", "fixed"]
    ));
    assert_eq!(info.armies.len(), 1);
    assert_eq!(info.armies[0].units.len(), 33);
}
