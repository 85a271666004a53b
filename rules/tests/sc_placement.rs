//! The players place their own Acolytes (R1, R18, the default `acolytes:
//! chosen`): after the tiles are down, both seats choose at once, in either
//! order, files a-c-e-g or b-d-f-h of their back row; a choice is hidden
//! from everyone but its maker until the other has chosen; then both sets go
//! down at once and the coin is flipped. With `acolytes: fixed` the same dice
//! give the game they gave before players chose; a log stored when seat 0
//! was asked first still rebuilds.

mod kit;
mod sc_common;
use fray_protocol::TurnView;
use sc_common::*;

fn place(files: &str) -> Action {
    Action::new("place").choice(files)
}

/// The tiles in chart order, no coin yet: the coin is flipped once both
/// players have placed.
fn placing() -> SummonersChess {
    let faces: Vec<u8> = (2..=64u8).rev().collect();
    setup_with(&config_chosen(), &faces).0
}

/// Plays a placement that must be accepted with exactly these dice, checking
/// every viewer's view follows from the effects that viewer is told.
fn place_with(game: &mut SummonersChess, seat: u8, files: &str, faces: &[u8]) -> Vec<ScopedEffect> {
    let viewers = [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
        Viewer::Referee,
    ];
    let mut seen: Vec<View> = viewers.iter().map(|&v| game.view(v)).collect();
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let effects = game
        .act(Seat(seat), &place(files), &mut dice)
        .unwrap_or_else(|r| panic!("seat {seat} placing on {files} was refused: {r}"));
    assert_eq!(dice.remaining(), 0);
    for (viewer, view) in viewers.iter().zip(&mut seen) {
        fray_protocol::apply_all(view, &ScopedEffect::for_viewer(&effects, *viewer));
        assert_eq!(*view, game.view(*viewer), "{viewer:?}");
    }
    effects
}

fn acolytes_of(game: &SummonersChess, seat: u8) -> Vec<(u32, String)> {
    view(game)
        .pieces
        .values()
        .filter(|p| p.owner == Seat(seat))
        .map(|p| {
            assert_eq!(p.kind, "acolyte");
            (p.id.0, p.square.expect("on the board").to_string())
        })
        .collect()
}

fn narration(effects: &[ScopedEffect], viewer: Viewer) -> Vec<String> {
    ScopedEffect::for_viewer(effects, viewer)
        .into_iter()
        .filter_map(|e| match e {
            Effect::Narration { text } => Some(text.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_setup_lays_the_tiles_and_asks_both_seats_to_place_at_once() {
    // 63 shuffle dice and no coin: `setup_with` checks every die was used.
    let game = placing();
    let view = view(&game);
    assert_eq!(view.terrain.len(), 64);
    assert!(
        view.pieces.is_empty(),
        "no Acolyte is down before both choose"
    );
    assert_eq!(view.turn.phase, "placing acolytes");
    assert_eq!(game.to_act(), vec![Seat(0), Seat(1)]);
    assert_eq!(view.turn.active, [Seat(0), Seat(1)]);
    let labels: Vec<String> = game.options(Seat(1)).into_iter().map(|o| o.label).collect();
    assert_eq!(
        labels,
        [
            "Place your Acolytes on g8, e8, c8 and a8",
            "Place your Acolytes on h8, f8, d8 and b8"
        ]
    );
    let offered = game.options(Seat(0));
    let listed: Vec<(&str, &str, &str)> = offered
        .iter()
        .map(|o| {
            (
                o.action.choice.as_deref().unwrap(),
                o.notation.as_str(),
                o.label.as_str(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            (
                "a-c-e-g",
                "Aa1,c1,e1,g1",
                "Place your Acolytes on a1, c1, e1 and g1"
            ),
            (
                "b-d-f-h",
                "Ab1,d1,f1,h1",
                "Place your Acolytes on b1, d1, f1 and h1"
            ),
        ]
    );
    assert!(
        offered
            .iter()
            .all(|o| o.action.verb == "place" && o.action.piece.is_none() && o.action.to.is_none())
    );
}

/// Asserts that `viewers` were told nothing of a placement but whose turn
/// it is, and see no piece yet.
fn only_whose_turn_is_told(game: &SummonersChess, effects: &[ScopedEffect], viewers: [Viewer; 2]) {
    for viewer in viewers {
        let told = ScopedEffect::for_viewer(effects, viewer);
        assert!(
            told.iter().all(|e| matches!(e, Effect::TurnChanged { .. })),
            "{viewer:?} is told {told:?}"
        );
        assert!(game.view(viewer).pieces.is_empty());
    }
}

#[test]
fn seat_0s_choice_is_hidden_until_seat_1_has_chosen() {
    let mut game = placing();
    let before = view(&game);
    let effects = place_with(&mut game, 0, "b-d-f-h", &[]);
    // Only the turn moves on for everyone; the choice is told to seat 0 alone.
    only_whose_turn_is_told(&game, &effects, [Viewer::Seat(Seat(1)), Viewer::Spectator]);
    assert_eq!(
        narration(&effects, Viewer::Seat(Seat(0))),
        [
            "seat 0 chose b1, d1, f1 and h1 for their Acolytes, shown to all once both players \
          have chosen"
        ]
    );
    assert_eq!(view(&game).terrain, before.terrain);
    assert_eq!(game.to_act(), vec![Seat(1)]);
    assert!(options(&game, 0).is_empty());
    let labels: Vec<String> = game.options(Seat(1)).into_iter().map(|o| o.label).collect();
    assert_eq!(
        labels,
        [
            "Place your Acolytes on g8, e8, c8 and a8",
            "Place your Acolytes on h8, f8, d8 and b8"
        ],
        "seat 1 is offered the same two, whatever seat 0 chose"
    );
}

#[test]
fn seat_1_may_choose_first_and_its_choice_is_hidden_from_seat_0() {
    let mut game = placing();
    let effects = place_with(&mut game, 1, "a-c-e-g", &[]);
    only_whose_turn_is_told(&game, &effects, [Viewer::Seat(Seat(0)), Viewer::Spectator]);
    assert_eq!(
        narration(&effects, Viewer::Seat(Seat(1))),
        [
            "seat 1 chose g8, e8, c8 and a8 for their Acolytes, shown to all once both players \
          have chosen"
        ]
    );
    assert_eq!(game.to_act(), vec![Seat(0)]);
    assert!(options(&game, 1).is_empty());
    let refused = refuse(&mut game, 1, &place("b-d-f-h"));
    assert_eq!(refused.code, RejectCode::NotYourTurn);
    assert!(refused.message.contains("you have chosen"), "{refused}");
    // The reveal is told in seat order, whoever chose last.
    let effects = place_with(&mut game, 0, "b-d-f-h", &[1]);
    let told = narration(&effects, Viewer::Spectator);
    assert_eq!(
        told[..3],
        [
            "seat 0 places their Acolytes on b1, d1, f1 and h1",
            "seat 1 places their Acolytes on g8, e8, c8 and a8",
            "seat 0 moves first"
        ]
    );
    assert_eq!(acolytes_of(&game, 1)[0], (4, "g8".to_string()));
}

#[test]
fn a_log_stored_when_seat_0_was_asked_first_still_rebuilds() {
    // The set-up as it was stored then: the turn named seat 0 alone.
    let faces: Vec<u8> = (2..=64u8).rev().chain([2]).collect();
    let (_, today) = fray_rules::Game::setup(
        &config_chosen(),
        &lists(),
        &mut ScriptedDice::new(faces[..63].iter().copied()),
    )
    .unwrap();
    let mut stored = today.clone();
    let Effect::TurnChanged { turn } = &mut stored.last_mut().unwrap().effect else {
        panic!("the set-up ends with the turn")
    };
    turn.active = vec![Seat(0)];
    assert_ne!(stored, today);
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let (mut game, made) =
        fray_rules::Game::setup_as_made_earlier(&config_chosen(), &lists(), &mut dice)
            .expect("the set-up differed then")
            .unwrap();
    assert_eq!(made, stored);
    // Its placements, seat 0's then seat 1's, are played as they were told.
    let first = game.act(Seat(0), &place("a-c-e-g"), &mut dice).unwrap();
    assert_eq!(
        first.last().map(|e| &e.effect),
        Some(&Effect::TurnChanged {
            turn: TurnView {
                number: 1,
                round: None,
                phase: "placing acolytes".into(),
                active: vec![Seat(1)],
            }
        })
    );
    game.act(Seat(1), &place("b-d-f-h"), &mut dice).unwrap();
    assert_eq!(dice.remaining(), 0);
    // Any other change to a stored set-up is not an earlier form.
    let mut tampered = stored.clone();
    let Effect::TurnChanged { turn } = &mut tampered.last_mut().unwrap().effect else {
        unreachable!()
    };
    turn.active = vec![Seat(1)];
    assert_ne!(made, tampered);
}

#[test]
fn once_both_have_chosen_both_sets_go_down_and_the_coin_is_flipped() {
    for (first, second, coin) in [
        ("a-c-e-g", "a-c-e-g", 1),
        ("a-c-e-g", "b-d-f-h", 2),
        ("b-d-f-h", "a-c-e-g", 2),
        ("b-d-f-h", "b-d-f-h", 1),
    ] {
        let mut game = placing();
        place_with(&mut game, 0, first, &[]);
        // The coin is the one die this placement rolls: 1 for seat 0, 2 for seat 1.
        let effects = place_with(&mut game, 1, second, &[coin]);
        let rank_1 = |files: &str| -> Vec<String> {
            files.split('-').map(|file| format!("{file}1")).collect()
        };
        let rank_8 = |files: &str| -> Vec<String> {
            files.rsplit('-').map(|file| format!("{file}8")).collect()
        };
        // Ids 0–3 are seat 0's and 4–7 seat 1's, each from the player's left.
        let expect = |ids: std::ops::Range<u32>, squares: Vec<String>| -> Vec<(u32, String)> {
            ids.zip(squares).collect()
        };
        assert_eq!(acolytes_of(&game, 0), expect(0..4, rank_1(first)));
        assert_eq!(acolytes_of(&game, 1), expect(4..8, rank_8(second)));
        let coin_rolls: Vec<&DiceRoll> = effects
            .iter()
            .filter_map(|e| match &e.effect {
                Effect::DiceRolled { roll } => Some(roll),
                _ => None,
            })
            .collect();
        assert_eq!(coin_rolls.len(), 1);
        assert_eq!(
            (coin_rolls[0].dice[0].sides, coin_rolls[0].dice[0].face),
            (2, coin)
        );
        let mover = coin - 1;
        assert_eq!(game.first_player(), Seat(mover));
        assert_eq!(game.to_act(), vec![Seat(mover)]);
        assert_eq!(view(&game).turn.phase, "play");
        assert_eq!(view(&game).turn.number, 1);
        assert!(options(&game, mover).iter().all(|a| a.verb == "move"));
        let told = narration(&effects, Viewer::Spectator);
        assert!(
            told[0].starts_with("seat 0 places their Acolytes on "),
            "{told:?}"
        );
        assert!(
            told[1].starts_with("seat 1 places their Acolytes on "),
            "{told:?}"
        );
        assert_eq!(told.last().unwrap(), &format!("seat {mover} moves first"));
        // Placing an Acolyte is not a summons: none is told as one.
        assert!(
            told.iter().all(|line| !line.contains("summons")),
            "{told:?}"
        );
    }
}

#[test]
fn choosing_the_fixed_squares_gives_the_game_acolytes_fixed_gives() {
    // The same shuffle and coin; the only difference is when the coin is flipped.
    let (fixed, _) = setup_with(&config(), &chart_order_shuffle(2));
    let mut chosen = placing();
    place_with(&mut chosen, 0, "a-c-e-g", &[]);
    place_with(&mut chosen, 1, "b-d-f-h", &[2]);
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
        assert_eq!(chosen.view(viewer), fixed.view(viewer));
    }
    assert_eq!(chosen.options(Seat(1)), fixed.options(Seat(1)));
    assert_eq!(chosen.first_player(), fixed.first_player());
}

#[test]
fn acolytes_fixed_sets_up_exactly_as_before_players_chose() {
    // The effects a fixed match's set-up is told, in order: the dice are the
    // same 63 shuffle dice and the coin, so stored games replay unchanged.
    let (game, effects) = setup_with(&config(), &chart_order_shuffle(1));
    let kinds: Vec<&str> = effects
        .iter()
        .map(|e| match &e.effect {
            Effect::GameCreated { .. } => "created",
            Effect::PlayerChanged { .. } => "player",
            Effect::DiceRolled { .. } => "dice",
            Effect::TerrainChanged { .. } => "terrain",
            Effect::PiecePlaced { .. } => "placed",
            Effect::Narration { .. } => "told",
            Effect::TurnChanged { .. } => "turn",
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    let mut expected = vec!["created", "player", "player", "dice"];
    expected.extend(["terrain"; 64]);
    expected.extend(["placed"; 8]);
    expected.extend(["dice", "told", "turn"]);
    assert_eq!(kinds, expected);
    let placed: Vec<(u32, String)> = effects
        .iter()
        .filter_map(|e| match &e.effect {
            Effect::PiecePlaced { piece } => Some((piece.id.0, piece.square.unwrap().to_string())),
            _ => None,
        })
        .collect();
    let squares = ["a1", "c1", "e1", "g1", "h8", "f8", "d8", "b8"];
    assert_eq!(
        placed,
        (0..8)
            .zip(squares.map(String::from))
            .collect::<Vec<(u32, String)>>()
    );
    assert_eq!(game.to_act(), vec![Seat(0)]);
    assert!(options(&game, 0).iter().all(|a| a.verb == "move"));
}

#[test]
fn placing_is_refused_out_of_turn_out_of_the_set_up_or_malformed() {
    let mut game = placing();
    let refused = refuse(&mut game, 0, &Action::new("pass"));
    assert_eq!(refused.code, RejectCode::IllegalAction);
    assert!(
        refused.message.contains("place your Acolytes first"),
        "{refused}"
    );
    let refused = refuse(&mut game, 0, &step(PieceId(0), "a2"));
    assert_eq!(refused.code, RejectCode::IllegalAction, "{refused}");
    let refused = refuse(&mut game, 0, &place("a-b-c-d"));
    assert_eq!(refused.code, RejectCode::UnknownAction);
    assert!(refused.message.contains("a-c-e-g or b-d-f-h"), "{refused}");
    let refused = refuse(&mut game, 0, &Action::new("place"));
    assert_eq!(refused.message, "'place' needs a choice");
    let refused = refuse(&mut game, 0, &place("a-c-e-g").to(sq("a1")));
    assert_eq!(refused.message, "'place' does not take a square");

    place_with(&mut game, 0, "a-c-e-g", &[]);
    let refused = refuse(&mut game, 0, &place("a-c-e-g"));
    assert_eq!(
        refused.code,
        RejectCode::NotYourTurn,
        "placed once is placed"
    );
    place_with(&mut game, 1, "a-c-e-g", &[1]);
    let refused = refuse(&mut game, 0, &place("b-d-f-h"));
    assert_eq!(refused.code, RejectCode::IllegalAction);
    assert!(refused.message.contains("at the set-up"), "{refused}");

    let (mut fixed, _) = setup_with(&config(), &chart_order_shuffle(1));
    let refused = refuse(&mut fixed, 0, &place("b-d-f-h"));
    assert!(refused.message.contains("at the set-up"), "{refused}");
}

/// FNV-1a, 64 bits: a digest of bytes with no dependency.
fn digest(bytes: &[u8], mut hash: u64) -> u64 {
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

#[test]
fn acolytes_fixed_plays_a_seeded_game_exactly_as_before_players_chose() {
    // Seed 5, each option picked by a d250 from the match's own dice (as
    // `fray-cli`'s screen recorder plays). The digest covers the set-up's
    // effects and those of the first 40 actions; its value is the one the
    // code made before players chose their squares, for the same game
    // (stored matches replay unchanged under `acolytes: fixed`).
    let mut dice = ChaChaDice::from_u64(5);
    let (mut game, setup) = SummonersChess::setup(&config(), &lists(), &mut dice).unwrap();
    let mut hash = digest(&serde_json::to_vec(&setup).unwrap(), 0xcbf2_9ce4_8422_2325);
    for _ in 0..40 {
        let seat = game.to_act()[0];
        let listed = game.options(seat);
        let pick = usize::from(fray_rules::Dice::roll(&mut dice, 250)) % listed.len();
        let effects = game.act(seat, &listed[pick].action, &mut dice).unwrap();
        hash = digest(&serde_json::to_vec(&effects).unwrap(), hash);
    }
    assert_eq!(hash, 0x7967_bf69_2e39_a88b, "{hash:#018x}");
}
