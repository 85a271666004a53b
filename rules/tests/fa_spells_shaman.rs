//! Orcs & Goblins rule b, the Shaman: Charge! (6+), Crunch! (5+) and
//! Smash! (4+). Charge!: R18. Smash!: R19.
//!
//! Dice order: the casting die, then the spell's own dice (Crunch!: the target's save).

mod fa_common;
mod kit;
use fa_common::*;

/// A Shaman (HTH 1, D 5+) on d4 for seat 0 against Dwarfs.
fn shaman() -> (Position, PieceId) {
    let mut p = Position::new([Army::OrcsAndGoblins, Army::Dwarfs]);
    let shaman = p.place(0, "shaman", "d4");
    (p, shaman)
}

#[test]
fn a_lone_shaman_is_offered_27_moves_charge_and_smash() {
    let (p, shaman) = shaman();
    let game = p.build();
    assert_eq!(destinations(&game, shaman).len(), 27);
    assert_eq!(spell_options(&game, shaman, "charge").len(), 1);
    assert_eq!(spell_options(&game, shaman, "smash").len(), 1);
    assert!(spell_options(&game, shaman, "crunch").is_empty());
    assert_eq!(options(&game, 0).len(), 29);
}

// --- Charge! ---------------------------------------------------------------

#[test]
fn charge_cast_on_a_6_gives_the_same_player_two_more_turns() {
    let (mut p, shaman) = shaman();
    let goblin = p.place(0, "goblin", "a2");
    p.place(1, "warrior", "h7");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &cast(shaman, "charge"), &[6]);
    assert_eq!(rolls[0].result, "cast");
    // The first extra turn is under way; one more is stored.
    assert_eq!(active(&game), vec![Seat(0)]);
    assert_eq!(resource(&game, 0, "extra-turns"), Some(1));
    assert_eq!(turn_number(&game), 2);

    play_for_rolls(&mut game, 0, &step(goblin, "a3"), &[]);
    assert_eq!(active(&game), vec![Seat(0)]);
    assert_eq!(resource(&game, 0, "extra-turns"), None);
    assert_eq!(turn_number(&game), 3);

    play_for_rolls(&mut game, 0, &step(goblin, "a4"), &[]);
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(turn_number(&game), 4);
}

#[test]
fn charge_failing_on_a_5_passes_the_turn_with_no_extra_turns() {
    let (mut p, shaman) = shaman();
    p.place(1, "warrior", "h7");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &cast(shaman, "charge"), &[5]);
    assert_eq!(rolls[0].result, "fails to cast");
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(resource(&game, 0, "extra-turns"), None);
}

#[test]
fn charge_cast_again_during_its_extra_turns_adds_two_more() {
    let (mut p, shaman) = shaman();
    let goblin = p.place(0, "goblin", "a2");
    p.moved(goblin);
    p.place(1, "warrior", "h7");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast(shaman, "charge"), &[6]);
    play_for_rolls(&mut game, 0, &cast(shaman, "charge"), &[6]);
    // One left from the first Charge! and two from the second; one of them starts now.
    assert_eq!(resource(&game, 0, "extra-turns"), Some(2));
    for square in ["a3", "a4", "a5"] {
        assert_eq!(active(&game), vec![Seat(0)]);
        play_for_rolls(&mut game, 0, &step(goblin, square), &[]);
    }
    assert_eq!(active(&game), vec![Seat(1)]);
}

// --- Crunch! ----------------------------------------------------------------

#[test]
fn crunch_cast_on_a_5_hits_a_target_three_squares_away() {
    let (mut p, shaman) = shaman();
    let warrior = p.place(1, "warrior", "g7");
    let mut game = p.build();
    // Cast with a 5; the Warrior fails its 4+ save with a 3.
    let rolls = play_for_rolls(&mut game, 0, &cast_at(shaman, "crunch", warrior), &[5, 3]);
    assert_eq!(dice_counts(&rolls), vec![1, 1]);
    assert_eq!(rolls[1].piece, Some(warrior));
    assert!(is_removed(&game, warrior));
    assert!(at(&game, shaman, "d4"));
}

#[test]
fn crunch_target_that_saves_stays() {
    let (mut p, shaman) = shaman();
    let warrior = p.place(1, "warrior", "g7");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(shaman, "crunch", warrior), &[6, 4]);
    assert!(at(&game, warrior, "g7"));
}

#[test]
fn crunch_failing_on_a_4_rolls_no_save() {
    let (mut p, shaman) = shaman();
    let warrior = p.place(1, "warrior", "g7");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &cast_at(shaman, "crunch", warrior), &[4]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(at(&game, warrior, "g7"));
}

#[test]
fn crunch_reaches_three_squares_in_line_of_sight_and_only_enemies() {
    let (mut p, shaman) = shaman();
    let friend = p.place(0, "goblin", "d5");
    let in_range = p.place(1, "warrior", "a4");
    p.place(1, "warrior", "d7"); // behind the Goblin
    let too_far = p.place(1, "warrior", "h8"); // four squares away
    let mut game = p.build();
    assert_eq!(spell_targets(&game, shaman, "crunch"), ids(&[in_range]));
    refuse(&mut game, 0, &cast_at(shaman, "crunch", too_far));
    refuse(&mut game, 0, &cast_at(shaman, "crunch", friend));
}

// --- Smash! -----------------------------------------------------------------

#[test]
fn smash_cast_on_a_4_gives_the_shaman_plus_two_hth() {
    let (p, shaman) = shaman();
    let mut game = p.build();
    assert_eq!(stat(&game, shaman, "HTH"), "1");
    play_for_rolls(&mut game, 0, &cast(shaman, "smash"), &[4]);
    assert_eq!(stat(&game, shaman, "HTH"), "1+2");
    assert!(has_marker(&game, shaman, "smash"));
}

#[test]
fn smash_failing_on_a_3_changes_nothing() {
    let (p, shaman) = shaman();
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast(shaman, "smash"), &[3]);
    assert_eq!(stat(&game, shaman, "HTH"), "1");
    assert!(!has_marker(&game, shaman, "smash"));
}

#[test]
fn a_smashing_shaman_attacks_with_two_dice_plus_two() {
    let (mut p, shaman) = shaman();
    p.smash(shaman);
    let warrior = p.place(1, "warrior", "d6");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &step(shaman, "d6"), &[1, 1, 6, 4]);
    // HTH 1+2 and the mover's die: 1+1+2 = 4 < 6, and the Shaman fails its
    // 5+ save with a 4.
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![2, 0, 0]);
    assert_eq!(rolls[0].total, 4);
    assert_eq!(rolls[2].piece, Some(shaman));
    assert!(is_removed(&game, shaman));
    assert!(at(&game, warrior, "d6"));
}

#[test]
fn a_smashing_shaman_defends_with_one_die_plus_two() {
    let (mut p, shaman) = shaman();
    p.smash(shaman);
    let warrior = p.place(1, "warrior", "e5");
    p.moved(warrior).to_move(Seat(1));
    let mut game = p.build();
    // Warrior 2+3 = 5 against the Shaman's 4 + 2 = 6 (without Smash! the 4
    // would lose); the Warrior saves its hit with a 4.
    let rolls = play_for_rolls(&mut game, 1, &step(warrior, "d4"), &[2, 3, 4, 4]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![0, 2, 0]);
    assert_eq!(rolls[2].piece, Some(warrior));
    assert!(at(&game, warrior, "e5"));
    assert!(at(&game, shaman, "d4"));
}

#[test]
fn smash_does_not_end_when_the_shaman_moves() {
    let (mut p, shaman) = shaman();
    p.smash(shaman);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(shaman, "h8"), &[]);
    assert_eq!(stat(&game, shaman, "HTH"), "1+2");
    assert!(has_marker(&game, shaman, "smash"));
}

#[test]
fn smash_ends_on_the_next_casting_attempt_even_a_failed_one() {
    let (mut p, shaman) = shaman();
    p.smash(shaman);
    p.place(1, "warrior", "h7");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast(shaman, "charge"), &[1]);
    assert_eq!(stat(&game, shaman, "HTH"), "1");
    assert!(!has_marker(&game, shaman, "smash"));
}

#[test]
fn smash_cast_again_keeps_plus_two_not_plus_four() {
    let (mut p, shaman) = shaman();
    p.smash(shaman);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast(shaman, "smash"), &[6]);
    assert_eq!(stat(&game, shaman, "HTH"), "1+2");
}
