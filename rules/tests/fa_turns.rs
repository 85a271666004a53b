//! The turn: one action with one piece, then the other player; Charge!'s extra
//! turns (R18); a pass only when nothing else is legal (R30); the two caps
//! that end a game in a draw and the removal of a king piece that ends it with
//! a winner (R31); and the refusals, each of which leaves the game unchanged.

mod fa_common;
mod kit;
use fa_common::*;
use fray_rules::SetupError;

/// A Dwarf Warrior on e2 and a Hunter on b1 for seat 0; an Undead Skeleton on
/// e7 and a Liche Lord on e8 for seat 1. Nobody is in reach of anybody.
fn quiet_position() -> (Position, PieceId, PieceId) {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e2");
    p.place(0, "hunter", "b1");
    let skeleton = p.place(1, "skeleton", "e7");
    p.place(1, "liche-lord", "e8");
    (p, warrior, skeleton)
}

// --- Alternation and extra turns -------------------------------------------------

#[test]
fn turns_alternate_and_each_counts_one() {
    let (p, warrior, skeleton) = quiet_position();
    let mut game = p.build();
    assert_eq!((active(&game), turn_number(&game)), (vec![Seat(0)], 1));
    play_for_rolls(&mut game, 0, &step(warrior, "e3"), &[]);
    assert_eq!((active(&game), turn_number(&game)), (vec![Seat(1)], 2));
    play_for_rolls(&mut game, 1, &step(skeleton, "e6"), &[]);
    assert_eq!((active(&game), turn_number(&game)), (vec![Seat(0)], 3));
    assert_eq!(game.to_act(), vec![Seat(0)]);
    assert!(options(&game, 1).is_empty());
}

#[test]
fn stored_extra_turns_keep_the_same_player_acting_until_they_are_used() {
    let (mut p, warrior, skeleton) = quiet_position();
    p.extra_turns(0, 2);
    let mut game = p.build();
    assert_eq!(resource(&game, 0, "extra-turns"), Some(2));
    play_for_rolls(&mut game, 0, &step(warrior, "e3"), &[]);
    assert_eq!(active(&game), vec![Seat(0)]);
    assert_eq!(resource(&game, 0, "extra-turns"), Some(1));
    play_for_rolls(&mut game, 0, &step(warrior, "e4"), &[]);
    assert_eq!(active(&game), vec![Seat(0)]);
    assert_eq!(resource(&game, 0, "extra-turns"), None);
    play_for_rolls(&mut game, 0, &step(warrior, "e5"), &[]);
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(turn_number(&game), 4);
    play_for_rolls(&mut game, 1, &step(skeleton, "e6"), &[]);
    assert_eq!(active(&game), vec![Seat(0)]);
}

// --- Passing --------------------------------------------------------------------

#[test]
fn pass_is_the_only_option_when_nothing_else_is_legal_and_it_counts_as_a_turn() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.place(0, "warrior", "e2");
    p.place(1, "skeleton", "e3");
    let mut game = p.build();
    assert_eq!(options(&game, 0), vec![pass()]);
    let rolls = play_for_rolls(&mut game, 0, &pass(), &[]);
    assert!(rolls.is_empty());
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(turn_number(&game), 2);
}

#[test]
fn a_pass_counts_towards_the_turns_without_a_removal() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.place(0, "warrior", "e2");
    p.place(1, "skeleton", "e3");
    p.quiet_turns(99);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &pass(), &[]);
    assert!(game.outcome().expect("drawn").is_draw());
}

#[test]
fn pass_is_refused_while_another_action_is_legal() {
    let (p, _, _) = quiet_position();
    let mut game = p.build();
    assert!(!options(&game, 0).contains(&pass()));
    let refused = refuse(&mut game, 0, &pass());
    assert_eq!(refused.code, RejectCode::IllegalAction);
    assert!(refused.message.contains("only when"), "{}", refused.message);
}

#[test]
fn a_player_with_no_pieces_left_on_the_board_passes() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.place(0, "warrior", "e2");
    p.to_move(Seat(1));
    let mut game = p.build();
    assert_eq!(options(&game, 1), vec![pass()]);
    play_for_rolls(&mut game, 1, &pass(), &[]);
    assert_eq!(active(&game), vec![Seat(0)]);
}

// --- The caps: draws (R31) ---------------------------------------------------------

#[test]
fn one_hundred_turns_in_a_row_without_a_removal_end_in_a_draw() {
    let (mut p, warrior, _) = quiet_position();
    p.quiet_turns(99);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "e3"), &[]);
    let outcome = game.outcome().expect("the game is over");
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "100 turns passed without a piece removed");
    assert_eq!(view(&game).outcome, Some(outcome));
    assert!(game.to_act().is_empty());
    assert!(active(&game).is_empty());
}

#[test]
fn ninety_nine_quiet_turns_are_not_yet_a_draw() {
    let (mut p, warrior, _) = quiet_position();
    p.quiet_turns(98);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "e3"), &[]);
    assert_eq!(game.outcome(), None);
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn a_removal_starts_the_count_of_quiet_turns_again() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e4");
    p.moved(warrior);
    p.place(1, "skeleton", "d5");
    let skeleton = p.place(1, "skeleton", "h7");
    p.quiet_turns(99);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[6, 6, 1, 1]);
    assert_eq!(game.outcome(), None);
    play_for_rolls(&mut game, 1, &step(skeleton, "h6"), &[]);
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_contest_in_which_nobody_is_removed_is_a_quiet_turn() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e4");
    p.moved(warrior);
    p.place(1, "skeleton", "d5");
    p.quiet_turns(99);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[6, 6, 1, 6]);
    assert!(game.outcome().expect("drawn").is_draw());
}

#[test]
fn the_five_hundredth_turn_ends_the_game_in_a_draw() {
    let (mut p, warrior, _) = quiet_position();
    p.turn(500);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "e3"), &[]);
    let outcome = game.outcome().expect("the game is over");
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "the limit of 500 turns was reached");
}

#[test]
fn the_four_hundred_and_ninety_ninth_turn_does_not() {
    let (mut p, warrior, _) = quiet_position();
    p.turn(499);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "e3"), &[]);
    assert_eq!(game.outcome(), None);
    assert_eq!(turn_number(&game), 500);
}

#[test]
fn charge_extra_turns_count_towards_the_turn_limit() {
    let (mut p, warrior, _) = quiet_position();
    p.turn(500).extra_turns(0, 2);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "e3"), &[]);
    assert!(game.outcome().expect("drawn").is_draw());
}

#[test]
fn the_limits_can_be_changed() {
    let (mut p, warrior, _) = quiet_position();
    p.limits(Limits {
        max_turns: 1_000,
        turns_without_removal: 3,
    })
    .quiet_turns(2);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "e3"), &[]);
    assert_eq!(
        game.outcome().expect("drawn").reason,
        "3 turns passed without a piece removed"
    );
}

#[test]
fn match_options_set_the_limits_and_bad_values_are_refused() {
    let armies = [
        list("orcs-and-goblins", &[("chieftain", 1), ("goblin", 7)]),
        list("dwarfs", &[("high-king", 1), ("warrior", 7)]),
    ];
    let config = |key: &str, value: i64| {
        MatchConfig::new(SystemId::FantasyArmies).with(key, OptionValue::Int(value))
    };
    let setup = |config: MatchConfig, faces: Vec<u8>| {
        let mut dice = ScriptedDice::new(faces);
        FantasyArmies::setup(&config, &armies, &mut dice).map(|(game, _)| game)
    };
    assert!(setup(config("max-turns", 10), vec![1, 2]).is_ok());
    assert!(setup(config("turns-without-removal", 1_000), vec![1, 2]).is_ok());
    assert!(matches!(
        setup(config("max-turns", 9), vec![]),
        Err(SetupError::BadOption { .. })
    ));
    assert!(matches!(
        setup(config("turns-without-removal", 1_001), vec![]),
        Err(SetupError::BadOption { .. })
    ));
    assert!(matches!(
        setup(config("sudden-death", 1), vec![]),
        Err(SetupError::BadOption { .. })
    ));
}

#[test]
fn a_whole_game_from_setup_is_drawn_by_a_turn_limit_set_in_the_match_options() {
    let armies = [
        list("orcs-and-goblins", &[("chieftain", 1), ("goblin", 7)]),
        list("dwarfs", &[("high-king", 1), ("warrior", 7)]),
    ];
    let config = MatchConfig::new(SystemId::FantasyArmies).with("max-turns", OptionValue::Int(10));
    let mut dice = ScriptedDice::new([1, 2]);
    let (mut game, _) = FantasyArmies::setup(&config, &armies, &mut dice).unwrap();
    drop(dice);
    let files = ["a", "b", "c", "d", "e", "f", "g", "h"];
    for (piece, file) in (0..8).zip(files) {
        let rank = if piece == 0 { 1 } else { 2 };
        play_for_rolls(
            &mut game,
            0,
            &Action::new("deploy")
                .piece(PieceId(piece))
                .to(sq(&format!("{file}{rank}"))),
            &[],
        );
    }
    for (piece, file) in (8..16).zip(files) {
        let rank = if piece == 8 { 8 } else { 7 };
        play_for_rolls(
            &mut game,
            1,
            &Action::new("deploy")
                .piece(PieceId(piece))
                .to(sq(&format!("{file}{rank}"))),
            &[],
        );
    }
    play_for_rolls(&mut game, 0, &Action::new("go-first").choice("me"), &[]);
    // Ten single steps of pawns, far from each other: no dice, no removals.
    let goblins = (1..=5).map(PieceId);
    let warriors = (9..=13).map(PieceId);
    for (goblin, warrior) in goblins.zip(warriors) {
        let from = square_of(&game, goblin).unwrap();
        play_for_rolls(
            &mut game,
            0,
            &step(goblin, &format!("{}3", &from[..1])),
            &[],
        );
        let from = square_of(&game, warrior).unwrap();
        play_for_rolls(
            &mut game,
            1,
            &step(warrior, &format!("{}6", &from[..1])),
            &[],
        );
    }
    let outcome = game.outcome().expect("the game is over");
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "the limit of 10 turns was reached");
}

// --- The end: a king piece is removed (R31) -------------------------------------------

#[test]
fn removing_the_enemy_king_in_a_contest_wins_the_game() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e4");
    p.moved(warrior);
    let lich = p.place(1, "liche-lord", "d5");
    let mut game = p.build();
    let effects = play_rolling(&mut game, 0, &step(warrior, "d5"), &[6, 6, 1, 1, 1]);
    assert!(is_removed(&game, lich));
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winners, vec![Seat(0)]);
    // The loser is a seat in the reason, for each client to name.
    assert_eq!(
        outcome.reason,
        fray_protocol::Phrase::from(Seat(1)).text("'s Liche Lord was removed")
    );
    assert!(
        effects
            .iter()
            .any(|e| matches!(&e.effect, Effect::GameEnded { outcome: o } if *o == outcome))
    );
    assert!(game.to_act().is_empty());
}

#[test]
fn a_king_that_attacks_loses_and_is_removed_loses_the_game() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let king = p.place(0, "high-king", "e4");
    p.place(1, "zombie", "d5");
    let mut game = p.build();
    // High King 1+1+1 against the Zombie's 6+6; the King fails its 3+ save.
    play_for_rolls(&mut game, 0, &step(king, "d5"), &[1, 1, 1, 6, 6, 2]);
    assert!(is_removed(&game, king));
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(1)]);
}

#[test]
fn shooting_the_enemy_king_off_the_board_wins_the_game() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let archer = p.place(0, "archer", "e2");
    let chieftain = p.place(1, "chieftain", "e5");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &shoot(archer, chieftain), &[6, 2]);
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

#[test]
fn a_gunner_that_removes_the_king_still_takes_its_misfire_hit_before_the_game_ends() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let gunner = p.place(0, "gunner", "e2");
    let lich = p.place(1, "liche-lord", "e4");
    let mut game = p.build();
    // Shot 1,5,2: a hit and a misfire; the Liche Lord fails (3); the Gunner fails (2).
    play_for_rolls(&mut game, 0, &shoot(gunner, lich), &[1, 5, 2, 3, 2]);
    assert!(is_removed(&game, lich));
    assert!(is_removed(&game, gunner));
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

#[test]
fn an_arrow_storm_resolves_every_hit_before_the_game_ends() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let druid = p.place(0, "druid", "a1");
    let chieftain = p.place(1, "chieftain", "d4");
    let goblin = p.place(1, "goblin", "e4");
    let mut game = p.build();
    play_for_rolls(
        &mut game,
        0,
        &cast_at(druid, "arrow-storm", chieftain),
        &[6, 2, 1],
    );
    assert!(is_removed(&game, chieftain));
    assert!(is_removed(&game, goblin));
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

#[test]
fn removing_a_king_on_the_last_turn_is_a_win_not_a_draw() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e4");
    p.moved(warrior);
    p.place(1, "liche-lord", "d5");
    p.turn(500).quiet_turns(99);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[6, 6, 1, 1, 1]);
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.winners, vec![Seat(0)]);
}

#[test]
fn once_the_game_is_over_every_action_is_refused_and_nothing_is_offered() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e4");
    p.moved(warrior);
    p.place(1, "liche-lord", "d5");
    let skeleton = p.place(1, "skeleton", "h7");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[6, 6, 1, 1, 1]);
    assert!(options(&game, 0).is_empty());
    assert!(options(&game, 1).is_empty());
    let refused = refuse(&mut game, 1, &step(skeleton, "h6"));
    assert_eq!(refused.code, RejectCode::GameOver);
    let refused = refuse(&mut game, 0, &pass());
    assert_eq!(refused.code, RejectCode::GameOver);
}

// --- Refusals: nothing changes --------------------------------------------------------

#[test]
fn acting_out_of_turn_is_refused() {
    let (p, _, skeleton) = quiet_position();
    let mut game = p.build();
    let refused = refuse(&mut game, 1, &step(skeleton, "e6"));
    assert_eq!(refused.code, RejectCode::NotYourTurn);
}

#[test]
fn moving_the_other_seats_piece_is_refused() {
    let (p, _, skeleton) = quiet_position();
    let mut game = p.build();
    let refused = refuse(&mut game, 0, &step(skeleton, "e6"));
    assert_eq!(refused.code, RejectCode::NotYourPiece);
}

#[test]
fn an_unknown_verb_is_refused() {
    let (p, warrior, _) = quiet_position();
    let mut game = p.build();
    let refused = refuse(
        &mut game,
        0,
        &Action::new("castle").piece(warrior).to(sq("g1")),
    );
    assert_eq!(refused.code, RejectCode::UnknownAction);
}

#[test]
fn an_illegal_move_is_refused() {
    let (p, warrior, _) = quiet_position();
    let mut game = p.build();
    let refused = refuse(&mut game, 0, &step(warrior, "e5"));
    assert_eq!(refused.code, RejectCode::IllegalAction);
    let refused = refuse(&mut game, 0, &step(warrior, "d3"));
    assert_eq!(refused.code, RejectCode::IllegalAction);
}

#[test]
fn an_action_missing_a_part_or_with_one_too_many_is_refused() {
    let (p, warrior, skeleton) = quiet_position();
    let mut game = p.build();
    let refused = refuse(&mut game, 0, &Action::new("move").piece(warrior));
    assert_eq!(refused.code, RejectCode::UnknownAction);
    let refused = refuse(&mut game, 0, &step(warrior, "e3").target(skeleton));
    assert_eq!(refused.code, RejectCode::UnknownAction);
    let refused = refuse(&mut game, 0, &pass().piece(warrior));
    assert_eq!(refused.code, RejectCode::UnknownAction);
}

#[test]
fn an_unknown_spell_or_a_spell_of_another_caster_is_refused() {
    let mut p = Position::new([Army::Undead, Army::Dwarfs]);
    let necro = p.place(0, "necromancer", "d4");
    let warrior = p.place(1, "warrior", "d5");
    let mut game = p.build();
    let refused = refuse(&mut game, 0, &cast_at(necro, "fireball", warrior));
    assert_eq!(refused.code, RejectCode::UnknownAction);
    let refused = refuse(&mut game, 0, &cast_at(necro, "fireblast", warrior));
    assert_eq!(refused.code, RejectCode::IllegalAction);
    assert!(
        refused.message.contains("cannot cast"),
        "{}",
        refused.message
    );
    // A spell with no target, sent with one.
    let refused = refuse(&mut game, 0, &cast_at(necro, "smash", warrior));
    assert_eq!(refused.code, RejectCode::UnknownAction);
}

#[test]
fn a_square_off_the_board_is_refused() {
    let (p, warrior, _) = quiet_position();
    let mut game = p.build();
    let action = Action::new("move").piece(warrior).to(Square::new(4, 8));
    let refused = refuse(&mut game, 0, &action);
    assert_eq!(refused.code, RejectCode::UnknownAction);
}

#[test]
fn a_piece_that_does_not_exist_is_refused() {
    let (p, _, _) = quiet_position();
    let mut game = p.build();
    let refused = refuse(&mut game, 0, &step(PieceId(99), "e3"));
    assert_eq!(refused.code, RejectCode::IllegalAction);
}

#[test]
fn a_removed_piece_cannot_act() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let fallen = p.fallen(0, "warrior");
    p.place(0, "warrior", "a2");
    let mut game = p.build();
    let refused = refuse(&mut game, 0, &step(fallen, "e3"));
    assert_eq!(refused.code, RejectCode::IllegalAction);
    assert!(
        refused.message.contains("not on the board"),
        "{}",
        refused.message
    );
}

#[test]
fn every_option_offered_is_accepted() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    p.place(0, "clan-lord", "e1");
    let druid = p.place(0, "druid", "d3");
    p.place(0, "ranger", "c3");
    let pegasus = p.place(0, "pegasus-rider", "g1");
    p.place(1, "chieftain", "e8");
    p.place(1, "goblin", "d5");
    p.place(1, "shaman", "f5");
    p.entangled(pegasus).thorns(druid, druid);
    let game = p.build();
    let offered = game.options(Seat(0));
    let verbs: std::collections::BTreeSet<&str> =
        offered.iter().map(|o| o.action.verb.as_str()).collect();
    assert_eq!(verbs, ["cast", "move", "shoot"].into_iter().collect());
    // No option is offered twice, and none shares its notation with another.
    for (i, a) in offered.iter().enumerate() {
        for b in &offered[i + 1..] {
            assert_ne!(a.action, b.action);
            assert_ne!(a.notation, b.notation);
        }
    }
    for (n, option) in offered.iter().enumerate() {
        let mut copy = game.clone();
        let mut dice = ChaChaDice::from_u64(n as u64);
        copy.act(Seat(0), &option.action, &mut dice)
            .unwrap_or_else(|r| panic!("{} was offered but refused: {r}", option.notation));
    }
}
