//! Demons rule b, the Hellwitch: Dark Ritual (2+), Hellfire (5+) and Rain of
//! Blood (6+). Dark Ritual: R24. Rain of Blood: R29. Game end mid-spell: R31.
//!
//! Dice order: the casting die (Dark Ritual's +1 is added to it), then the
//! spell's dice (Hellfire: the target's save; Rain of Blood: for each enemy
//! piece in piece order a D6, and on a 6 that piece's save at once).

mod fa_common;
mod kit;
use fa_common::*;

/// A Hellwitch (D 4+) on d4 for seat 0 against Dwarfs.
fn hellwitch() -> (Position, PieceId) {
    let mut p = Position::new([Army::Demons, Army::Dwarfs]);
    let hellwitch = p.place(0, "hellwitch", "d4");
    (p, hellwitch)
}

#[test]
fn a_lone_hellwitch_is_offered_27_moves_dark_ritual_and_rain_of_blood() {
    let (p, hellwitch) = hellwitch();
    let game = p.build();
    assert_eq!(destinations(&game, hellwitch).len(), 27);
    assert_eq!(spell_options(&game, hellwitch, "dark-ritual").len(), 1);
    assert_eq!(spell_options(&game, hellwitch, "rain-of-blood").len(), 1);
    assert_eq!(options(&game, 0).len(), 29);
}

// --- Dark Ritual --------------------------------------------------------------

#[test]
fn dark_ritual_on_a_2_gives_the_player_plus_one_on_the_next_cast() {
    let (p, hellwitch) = hellwitch();
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &cast(hellwitch, "dark-ritual"), &[2]);
    assert_eq!(rolls[0].result, "cast");
    assert_eq!(resource(&game, 0, "dark-ritual"), Some(1));
    assert_eq!(resource(&game, 1, "dark-ritual"), None);
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn dark_ritual_fails_on_a_1() {
    let (p, hellwitch) = hellwitch();
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast(hellwitch, "dark-ritual"), &[1]);
    assert_eq!(resource(&game, 0, "dark-ritual"), None);
}

#[test]
fn dark_ritual_turns_a_4_into_a_successful_hellfire_and_is_then_gone() {
    let (mut p, hellwitch) = hellwitch();
    p.dark_ritual(0);
    let warrior = p.place(1, "warrior", "d6");
    let mut game = p.build();
    assert_eq!(resource(&game, 0, "dark-ritual"), Some(1));
    // 4 + 1 = 5 casts Hellfire; the Warrior fails its 4+ save with a 1.
    let rolls = play_for_rolls(
        &mut game,
        0,
        &cast_at(hellwitch, "hellfire", warrior),
        &[4, 1],
    );
    assert_eq!(faces(&rolls[0]), vec![4]);
    assert_eq!(rolls[0].modifier, 1);
    assert_eq!(rolls[0].total, 5);
    assert_eq!(rolls[0].result, "cast");
    assert!(is_removed(&game, warrior));
    assert_eq!(resource(&game, 0, "dark-ritual"), None);
}

#[test]
fn without_dark_ritual_a_4_fails_hellfire() {
    let (mut p, hellwitch) = hellwitch();
    let warrior = p.place(1, "warrior", "d6");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &cast_at(hellwitch, "hellfire", warrior), &[4]);
    assert_eq!(rolls[0].modifier, 0);
    assert!(at(&game, warrior, "d6"));
}

#[test]
fn dark_ritual_is_spent_by_the_next_attempt_even_when_that_fails() {
    let (mut p, hellwitch) = hellwitch();
    p.dark_ritual(0);
    p.place(1, "warrior", "h8");
    let mut game = p.build();
    // Rain of Blood needs 6: 4 + 1 is not enough, and the +1 is used up.
    let rolls = play_for_rolls(&mut game, 0, &cast(hellwitch, "rain-of-blood"), &[4]);
    assert_eq!(rolls[0].total, 5);
    assert_eq!(rolls[0].result, "fails to cast");
    assert_eq!(resource(&game, 0, "dark-ritual"), None);
}

#[test]
fn dark_ritual_cast_with_the_bonus_gives_a_fresh_plus_one_and_never_plus_two() {
    let (mut p, hellwitch) = hellwitch();
    p.dark_ritual(0);
    let mut game = p.build();
    // A 1 with the +1 makes the 2+.
    play_for_rolls(&mut game, 0, &cast(hellwitch, "dark-ritual"), &[1]);
    assert_eq!(resource(&game, 0, "dark-ritual"), Some(1));
    play_for_rolls(&mut game, 1, &pass(), &[]);
    let rolls = play_for_rolls(&mut game, 0, &cast(hellwitch, "rain-of-blood"), &[4]);
    // 4 + 1 = 5, not 4 + 2 = 6: the cast fails.
    assert_eq!(rolls[0].total, 5);
    assert_eq!(rolls[0].result, "fails to cast");
}

#[test]
fn dark_ritual_belongs_to_its_player_and_survives_the_opponents_turn() {
    let (mut p, hellwitch) = hellwitch();
    let warrior = p.place(1, "warrior", "a7");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast(hellwitch, "dark-ritual"), &[3]);
    play_for_rolls(&mut game, 1, &step(warrior, "a6"), &[]);
    assert_eq!(resource(&game, 0, "dark-ritual"), Some(1));
}

/// Two Hellwitches for seat 0 (d4 and g4), a Dwarf Warrior on d7 to burn
/// (three squares from each, straight and diagonally)
/// and another on a7 that seat 1 moves while the witches take turns.
fn two_hellwitches() -> (FantasyArmies, PieceId, PieceId, PieceId, PieceId) {
    let (mut p, first) = hellwitch();
    let second = p.place(0, "hellwitch", "g4");
    let target = p.place(1, "warrior", "d7");
    let walker = p.place(1, "warrior", "a7");
    p.moved(target).moved(walker);
    (p.build(), first, second, target, walker)
}

#[test]
fn one_hellwitchs_dark_ritual_helps_the_other_hellwitchs_next_cast() {
    // R24: the +1 belongs to the player. The first witch casts Dark Ritual
    // with a 2; the second then casts Hellfire on a 4, which the +1 makes a 5;
    // the Warrior saves with a 6.
    let (mut game, first, second, target, walker) = two_hellwitches();
    play_for_rolls(&mut game, 0, &cast(first, "dark-ritual"), &[2]);
    play_for_rolls(&mut game, 1, &step(walker, "a6"), &[]);
    let rolls = play_for_rolls(&mut game, 0, &cast_at(second, "hellfire", target), &[4, 6]);
    assert_eq!(rolls[0].piece, Some(second));
    assert_eq!(rolls[0].total, 5);
    assert_eq!(dice_counts(&rolls), vec![1, 1]);
    assert_eq!(rolls[1].piece, Some(target));
    assert_eq!(resource(&game, 0, "dark-ritual"), None);
}

#[test]
fn two_hellwitches_casting_dark_ritual_in_turn_still_give_only_plus_one() {
    // The first witch casts Dark Ritual with a 2, the second casts it again
    // with a 1 (+1 = 2). The bonus stays +1: the first witch's Hellfire on a 3
    // makes 4 and fails (+2 would have made the 5 it needs).
    let (mut game, first, second, target, walker) = two_hellwitches();
    play_for_rolls(&mut game, 0, &cast(first, "dark-ritual"), &[2]);
    play_for_rolls(&mut game, 1, &step(walker, "a6"), &[]);
    let rolls = play_for_rolls(&mut game, 0, &cast(second, "dark-ritual"), &[1]);
    assert_eq!(rolls[0].total, 2);
    assert_eq!(resource(&game, 0, "dark-ritual"), Some(1));
    play_for_rolls(&mut game, 1, &step(walker, "a5"), &[]);
    let rolls = play_for_rolls(&mut game, 0, &cast_at(first, "hellfire", target), &[3]);
    assert_eq!(rolls[0].total, 4);
    assert_eq!(rolls[0].result, "fails to cast");
    assert_eq!(resource(&game, 0, "dark-ritual"), None);
    assert!(at(&game, target, "d7"));
}

// --- Hellfire -----------------------------------------------------------------

#[test]
fn hellfire_cast_on_a_5_hits_a_target_three_squares_away() {
    let (mut p, hellwitch) = hellwitch();
    let warrior = p.place(1, "warrior", "g7");
    let mut game = p.build();
    let rolls = play_for_rolls(
        &mut game,
        0,
        &cast_at(hellwitch, "hellfire", warrior),
        &[5, 3],
    );
    assert_eq!(dice_counts(&rolls), vec![1, 1]);
    assert_eq!(rolls[1].piece, Some(warrior));
    assert!(is_removed(&game, warrior));
}

#[test]
fn hellfire_target_that_saves_stays() {
    let (mut p, hellwitch) = hellwitch();
    let warrior = p.place(1, "warrior", "g7");
    let mut game = p.build();
    play_for_rolls(
        &mut game,
        0,
        &cast_at(hellwitch, "hellfire", warrior),
        &[5, 4],
    );
    assert!(at(&game, warrior, "g7"));
}

#[test]
fn hellfire_failing_on_a_4_rolls_no_save() {
    let (mut p, hellwitch) = hellwitch();
    let warrior = p.place(1, "warrior", "g7");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &cast_at(hellwitch, "hellfire", warrior), &[4]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(at(&game, warrior, "g7"));
}

#[test]
fn hellfire_reaches_three_squares_in_line_of_sight_and_only_enemies() {
    let (mut p, hellwitch) = hellwitch();
    let friend = p.place(0, "demospawn", "c4");
    p.place(1, "warrior", "b4"); // behind the Demospawn
    let three = p.place(1, "warrior", "a1");
    let four = p.place(1, "warrior", "h4");
    let mut game = p.build();
    assert_eq!(spell_targets(&game, hellwitch, "hellfire"), ids(&[three]));
    refuse(&mut game, 0, &cast_at(hellwitch, "hellfire", four));
    refuse(&mut game, 0, &cast_at(hellwitch, "hellfire", friend));
}

// --- Rain of Blood ------------------------------------------------------------

#[test]
fn rain_of_blood_rolls_for_each_enemy_in_piece_order_and_each_6_is_a_hit() {
    let (mut p, hellwitch) = hellwitch();
    let first = p.place(1, "warrior", "a8");
    let second = p.place(1, "warrior", "h8");
    let friend = p.place(0, "demospawn", "a2");
    let king = p.place(1, "high-king", "e8");
    let fallen = p.fallen(1, "warrior");
    let mut game = p.build();
    let rolls = play_for_rolls(
        &mut game,
        0,
        &cast(hellwitch, "rain-of-blood"),
        // Cast 6; first: 6, save 1 (removed); second: 5 (spared); king: 6, save 3 (saved at 3+).
        &[6, 6, 1, 5, 6, 3],
    );
    let pieces: Vec<_> = rolls.iter().map(|r| r.piece).collect();
    assert_eq!(
        pieces,
        vec![
            Some(hellwitch),
            Some(first),
            Some(first),
            Some(second),
            Some(king),
            Some(king)
        ]
    );
    assert_eq!(rolls[3].result, "spared");
    assert!(is_removed(&game, first));
    assert!(at(&game, second, "h8"));
    assert!(at(&game, king, "e8"));
    assert!(at(&game, friend, "a2"));
    assert!(is_removed(&game, fallen));
    assert_eq!(game.outcome(), None);
}

#[test]
fn rain_of_blood_failing_on_a_5_rolls_nothing_more() {
    let (mut p, hellwitch) = hellwitch();
    p.place(1, "warrior", "a8");
    p.place(1, "warrior", "h8");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &cast(hellwitch, "rain-of-blood"), &[5]);
    assert_eq!(dice_counts(&rolls), vec![1]);
}

#[test]
fn rain_of_blood_that_removes_the_king_still_rolls_for_every_other_enemy() {
    // R31: the action resolves in full, then the game ends.
    let (mut p, hellwitch) = hellwitch();
    let king = p.place(1, "high-king", "e8");
    let warrior = p.place(1, "warrior", "a8");
    let mut game = p.build();
    play_for_rolls(
        &mut game,
        0,
        &cast(hellwitch, "rain-of-blood"),
        &[6, 6, 2, 6, 1],
    );
    assert!(is_removed(&game, king));
    assert!(is_removed(&game, warrior));
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}
