//! How a +1 HTH is read (R4): by default as the book writes "1+1", the piece
//! rolls its printed dice and the modifier is added to their total; a match
//! may choose `extra-dice`, where every +1 is one more die. The option, the
//! two readings side by side on the same position, and totals of 0 or less
//! (R7). The exact odds of both readings are in `fa_contest_odds.rs`.
//!
//! Dice order in a contest: the attacker's dice, the defender's dice, the
//! loser's save.

mod fa_common;
mod kit;
use fa_common::*;
use fray_protocol::{OptionKind, OptionSpec};
use fray_rules::SetupError;
use fray_rules::fantasy_armies::{HTH_MODIFIERS, system_info};

fn hth_option() -> OptionSpec {
    system_info()
        .options
        .into_iter()
        .find(|option| option.key == HTH_MODIFIERS)
        .expect("Fantasy Armies declares hth-modifiers")
}

/// Sets up a match with the option; `roll_off` are the dice it will roll (a
/// refused match rolls none).
fn setup_with(value: OptionValue, roll_off: &[u8]) -> Result<FantasyArmies, SetupError> {
    let armies = [
        list("orcs-and-goblins", &[("chieftain", 1), ("goblin", 7)]),
        list("dwarfs", &[("high-king", 1), ("warrior", 7)]),
    ];
    let config = MatchConfig::new(SystemId::FantasyArmies).with(HTH_MODIFIERS, value);
    let mut dice = ScriptedDice::new(roll_off.iter().copied());
    FantasyArmies::setup(&config, &armies, &mut dice).map(|(game, _)| game)
}

// --- The match option -------------------------------------------------------------

#[test]
fn the_option_offers_both_readings_and_defaults_to_the_books() {
    let option = hth_option();
    assert_eq!(
        option.kind,
        OptionKind::Choice {
            choices: vec!["add-to-roll".into(), "extra-dice".into()]
        }
    );
    assert_eq!(option.default, OptionValue::Text("add-to-roll".into()));
    assert_eq!(HthModifiers::default(), HthModifiers::AddToRoll);
}

#[test]
fn a_match_takes_the_reading_it_is_given_and_the_books_without_one() {
    let chosen = |value: &str| {
        setup_with(OptionValue::Text(value.into()), &[1, 2])
            .unwrap_or_else(|e| panic!("{value}: {e}"))
            .hth_modifiers()
    };
    assert_eq!(chosen("extra-dice"), HthModifiers::ExtraDice);
    assert_eq!(chosen("add-to-roll"), HthModifiers::AddToRoll);

    let armies = [
        list("orcs-and-goblins", &[("chieftain", 1), ("goblin", 7)]),
        list("dwarfs", &[("high-king", 1), ("warrior", 7)]),
    ];
    let mut dice = ScriptedDice::new([1, 2]);
    let (game, _) = FantasyArmies::setup(
        &MatchConfig::new(SystemId::FantasyArmies),
        &armies,
        &mut dice,
    )
    .expect("a match with no options");
    assert_eq!(game.hth_modifiers(), HthModifiers::AddToRoll);
}

#[test]
fn a_bad_value_is_refused_with_the_readings_named() {
    for bad in [
        OptionValue::Text("more-dice".into()),
        OptionValue::Text("Add-To-Roll".into()),
        OptionValue::Int(1),
        OptionValue::Bool(true),
    ] {
        match setup_with(bad.clone(), &[]) {
            Err(SetupError::BadOption { key, reason }) => {
                assert_eq!(key, HTH_MODIFIERS, "{bad:?}");
                assert_eq!(reason, "must be one of add-to-roll, extra-dice", "{bad:?}");
            }
            other => panic!("{bad:?} was not refused as a bad option: {other:?}"),
        }
    }
}

// --- The two readings on the same position -------------------------------------------

/// A Goblin on e2 beside its Chieftain on d1 attacks a Dwarf Warrior on f3.
fn goblin_beside_its_chieftain(reading: HthModifiers) -> (FantasyArmies, PieceId, PieceId) {
    let mut p = Position::new([Army::OrcsAndGoblins, Army::Dwarfs]);
    p.hth_modifiers(reading);
    p.place(0, "chieftain", "d1");
    let goblin = p.place(0, "goblin", "e2");
    let warrior = p.place(1, "warrior", "f3");
    (p.build(), goblin, warrior)
}

#[test]
fn added_to_the_roll_the_kings_plus_one_is_added_to_two_dice() {
    let (mut game, goblin, warrior) = goblin_beside_its_chieftain(HthModifiers::AddToRoll);
    // 1+2, +1 = 4 ties the Warrior's 4 and the Goblin's two dice win the tie;
    // the Warrior fails its 4+ save with a 3.
    let rolls = play_for_rolls(&mut game, 0, &step(goblin, "f3"), &[1, 2, 4, 3]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![1, 0, 0]);
    assert_eq!(rolls[0].total, 4);
    assert!(
        rolls[0].purpose.to_string().contains("HTH 1+1"),
        "{}",
        rolls[0].purpose
    );
    assert!(is_removed(&game, warrior));
}

#[test]
fn read_as_extra_dice_the_kings_plus_one_is_a_third_die() {
    let (mut game, goblin, warrior) = goblin_beside_its_chieftain(HthModifiers::ExtraDice);
    // 1+2+1 = 4 ties the Warrior's 4 and the Goblin's three dice win the tie;
    // the Warrior fails its save with a 3.
    let rolls = play_for_rolls(&mut game, 0, &step(goblin, "f3"), &[1, 2, 1, 4, 3]);
    assert_eq!(dice_counts(&rolls), vec![3, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![0, 0, 0]);
    assert!(
        rolls[0].purpose.to_string().contains("HTH 2"),
        "{}",
        rolls[0].purpose
    );
    assert!(is_removed(&game, warrior));
}

#[test]
fn read_as_extra_dice_the_dwarf_lord_and_the_high_king_give_two_more_dice() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.hth_modifiers(HthModifiers::ExtraDice);
    p.place(0, "dwarf-lord", "d1");
    p.place(0, "high-king", "f1");
    let warrior = p.place(0, "warrior", "e2");
    p.place(1, "skeleton", "f3");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "f3"), &[6, 6, 6, 6, 1, 1]);
    assert_eq!(dice_counts(&rolls), vec![4, 1, 1]);
}

/// A Shaman under Smash! on d4 and a Dwarf Warrior on d6.
fn smashing_shaman(reading: HthModifiers) -> (FantasyArmies, PieceId, PieceId) {
    let mut p = Position::new([Army::OrcsAndGoblins, Army::Dwarfs]);
    p.hth_modifiers(reading);
    let shaman = p.place(0, "shaman", "d4");
    p.smash(shaman);
    let warrior = p.place(1, "warrior", "d6");
    (p.build(), shaman, warrior)
}

#[test]
fn added_to_the_roll_smash_is_shown_as_1_plus_2_and_adds_two() {
    let (mut game, shaman, warrior) = smashing_shaman(HthModifiers::AddToRoll);
    assert_eq!(stat(&game, shaman, "HTH"), "1+2");
    // 2+2, +2 = 6 beats the Warrior's 5; the Warrior fails its save with a 1.
    let rolls = play_for_rolls(&mut game, 0, &step(shaman, "d6"), &[2, 2, 5, 1]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![2, 0, 0]);
    assert!(is_removed(&game, warrior));
    assert!(at(&game, shaman, "d6"));
}

#[test]
fn read_as_extra_dice_smash_is_shown_as_3_and_rolls_four_dice() {
    let (mut game, shaman, warrior) = smashing_shaman(HthModifiers::ExtraDice);
    assert_eq!(stat(&game, shaman, "HTH"), "3");
    // HTH 1 + Smash! 2 + the mover's die: 1+1+1+1 = 4 < 5, and the Shaman
    // fails its 5+ save with a 4.
    let rolls = play_for_rolls(&mut game, 0, &step(shaman, "d6"), &[1, 1, 1, 1, 5, 4]);
    assert_eq!(dice_counts(&rolls), vec![4, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![0, 0, 0]);
    assert!(is_removed(&game, shaman));
    assert!(at(&game, warrior, "d6"));
}

#[test]
fn read_as_extra_dice_a_vampires_gain_is_shown_and_rolled_as_a_die() {
    let mut p = Position::new([Army::Undead, Army::Dwarfs]);
    p.hth_modifiers(HthModifiers::ExtraDice);
    let vampire = p.place(0, "vampire", "c1");
    p.hth_change(vampire, 1);
    p.place(1, "warrior", "e3");
    let mut game = p.build();
    assert_eq!(stat(&game, vampire, "HTH"), "3");
    let rolls = play_for_rolls(&mut game, 0, &step(vampire, "e3"), &[6, 6, 6, 6, 1, 1]);
    assert_eq!(dice_counts(&rolls), vec![4, 1, 1]);
    assert_eq!(stat(&game, vampire, "HTH"), "4");
}

// --- An HTH 1 piece under Drain Life ------------------------------------------------

/// A Dwarf Warrior (HTH 1, D 4+) on d4 drained once, attacked by a Skeleton
/// (HTH 1, D 5+) from e5.
fn drained_warrior_attacked(reading: HthModifiers) -> (FantasyArmies, PieceId, PieceId) {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.hth_modifiers(reading);
    let warrior = p.place(0, "warrior", "d4");
    p.hth_change(warrior, -1);
    let skeleton = p.place(1, "skeleton", "e5");
    p.moved(skeleton).to_move(Seat(1));
    (p.build(), warrior, skeleton)
}

#[test]
fn added_to_the_roll_a_drained_hth_1_piece_rolls_its_die_less_one_and_can_win() {
    let (mut game, warrior, skeleton) = drained_warrior_attacked(HthModifiers::AddToRoll);
    assert_eq!(stat(&game, warrior, "HTH"), "1-1");
    // The Skeleton's 1+2 = 3 against the Warrior's 5-1 = 4: the Warrior wins
    // and the Skeleton fails its 5+ save with a 4.
    let rolls = play_for_rolls(&mut game, 1, &step(skeleton, "d4"), &[1, 2, 5, 4]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![0, -1, 0]);
    assert_eq!(rolls[1].total, 4);
    assert!(is_removed(&game, skeleton));
    assert!(at(&game, warrior, "d4"));
}

#[test]
fn added_to_the_roll_a_drained_piece_that_rolls_a_1_scores_0() {
    let (mut game, warrior, skeleton) = drained_warrior_attacked(HthModifiers::AddToRoll);
    // The Warrior's 1-1 = 0 against the Skeleton's 1+1 = 2; the Warrior fails
    // its 4+ save with a 3 and the Skeleton takes its square.
    let rolls = play_for_rolls(&mut game, 1, &step(skeleton, "d4"), &[1, 1, 1, 3]);
    assert_eq!(rolls[1].total, 0);
    assert_eq!(rolls[2].piece, Some(warrior));
    assert!(is_removed(&game, warrior));
    assert!(at(&game, skeleton, "d4"));
}

#[test]
fn read_as_extra_dice_the_same_drained_piece_rolls_nothing_and_always_loses() {
    let (mut game, warrior, skeleton) = drained_warrior_attacked(HthModifiers::ExtraDice);
    assert_eq!(stat(&game, warrior, "HTH"), "0");
    // The Skeleton's 1+1 = 2 against nothing; the Warrior fails its save with a 3.
    let rolls = play_for_rolls(&mut game, 1, &step(skeleton, "d4"), &[1, 1, 3]);
    assert_eq!(dice_counts(&rolls), vec![2, 0, 1]);
    assert!(is_removed(&game, warrior));
    assert!(at(&game, skeleton, "d4"));
}

#[test]
fn totals_below_zero_are_compared_as_they_are() {
    // R7: no floor. A Warrior drained three times (1-3) attacks a Skeleton
    // drained twice (1-2): 1+1-3 = -1 against 2-2 = 0. The Skeleton wins; with
    // totals floored at 0 it would be a tie, won by the Warrior's two dice.
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e4");
    p.moved(warrior).hth_change(warrior, -3);
    let skeleton = p.place(1, "skeleton", "d5");
    p.hth_change(skeleton, -2);
    let mut game = p.build();
    assert_eq!(stat(&game, warrior, "HTH"), "1-3");
    assert_eq!(stat(&game, skeleton, "HTH"), "1-2");
    // The Warrior saves its hit with a 6.
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[1, 1, 2, 6]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!((rolls[0].total, rolls[1].total), (-1, 0));
    assert_eq!(rolls[2].piece, Some(warrior));
    assert!(at(&game, warrior, "e4"));
    assert!(at(&game, skeleton, "d5"));
}

#[test]
fn drain_life_cast_on_an_hth_1_piece_then_decides_its_next_contest() {
    // The whole chain with the book's reading: the Necromancer drains a Dwarf
    // Warrior two squares away (a 5 casts it), the Warrior steps forward next
    // to it, and the Necromancer attacks at 1+1 against the Warrior's 1-1.
    let mut p = Position::new([Army::Undead, Army::Dwarfs]);
    let necromancer = p.place(0, "necromancer", "d4");
    let warrior = p.place(1, "warrior", "d6");
    p.moved(warrior);
    let mut game = p.build();
    play_for_rolls(
        &mut game,
        0,
        &cast_at(necromancer, "drain-life", warrior),
        &[5],
    );
    assert_eq!(stat(&game, warrior, "HTH"), "1-1");
    assert_eq!(stat(&game, necromancer, "HTH"), "1+1");
    play_for_rolls(&mut game, 1, &step(warrior, "d5"), &[]);
    // Necromancer 1+1, +1 = 3 against the Warrior's 4-1 = 3: a tie, won by the
    // Necromancer's two dice against one. Undrained, 2 against 4 would lose.
    // The Warrior fails its 4+ save with a 2.
    let rolls = play_for_rolls(&mut game, 0, &step(necromancer, "d5"), &[1, 1, 4, 2]);
    assert_eq!(modifiers(&rolls), vec![1, -1, 0]);
    assert_eq!((rolls[0].total, rolls[1].total), (3, 3));
    assert!(is_removed(&game, warrior));
    assert!(at(&game, necromancer, "d5"));
}
