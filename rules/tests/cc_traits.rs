//! Traits in the cases the other files leave out: Sharpshooter with Lesser
//! Ranged, Poison on a Defense roll and on a halved roll, Assault refusing a
//! second type, Stun carried into the next round, Support given to the
//! miniature taking its turn. Each test names the dice it scripts.

mod cc_common;
mod kit;

use cc_common::*;

/// Seat 0's miniature on `at` against seat 1's on `enemy_at`; seat 1 keeps a
/// spare on h7 so no defeat ends the game.
fn duel(mine: (&[&str], &str), theirs: (&[&str], &str)) -> (Position, PieceId, PieceId) {
    let mut p = Position::new(2);
    let a = p.place(0, "regular", mine.0, mine.1);
    let b = p.place(1, "regular", theirs.0, theirs.1);
    p.place(1, "minion", &[], "h7");
    (p, a, b)
}

#[test]
fn sharpshooter_keeps_the_higher_of_two_dice_before_lesser_ranged_halves_it() {
    let (p, a, b) = duel((&["sharpshooter", "lesser-ranged"], "a1"), (&[], "a6"));
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(a), &[]);
    // 2 and 5: 5, halved up to 3, ties a Defense of 3.
    let effects = play_rolling(&mut game, 0, &attack(a, b, "lesser"), &[2, 5, 3]);
    assert_eq!(rolls(&effects)[0].total, 3);
    assert!(is_removed(&game, b));
}

#[test]
fn poison_takes_one_off_a_defense_roll_too() {
    // The poisoned defender rolls 5, so 4: the attack's 4 ties it.
    let (mut p, a, b) = duel((&[], "d4"), (&[], "d5"));
    p.marker(b, "poison");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(a), &[]);
    let effects = play_rolling(&mut game, 0, &attack(a, b, "melee"), &[4, 5]);
    assert_eq!(rolls(&effects)[1].total, 4);
    assert!(is_removed(&game, b));
    // With Armor each die is 1 lower: 2 and 5 keep 4, against an attack of 5.
    let (mut p, a, b) = duel((&[], "d4"), (&["armor"], "d5"));
    p.marker(b, "poison");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(a), &[]);
    let effects = play_rolling(&mut game, 0, &attack(a, b, "melee"), &[5, 2, 5]);
    assert_eq!(rolls(&effects)[1].total, 4);
    assert!(is_removed(&game, b));
}

#[test]
fn a_poisoned_lesser_ranged_roll_loses_one_before_it_is_halved() {
    // A poisoned 6 against a Defense of 3: the book (6 - 1 = 5, halved up to
    // 3) defeats; the earlier reading (6 halved to 3, less 1: 2) fails.
    for (rulings, total, defeated) in [(Rulings::Book, 3, true), (Rulings::Fray2025, 2, false)] {
        let (mut p, a, b) = duel((&["lesser-ranged"], "a1"), (&[], "a6"));
        p.marker(a, "poison").rulings(rulings);
        let mut game = p.build();
        play_rolling(&mut game, 0, &activate(a), &[]);
        let effects = play_rolling(&mut game, 0, &attack(a, b, "lesser"), &[6, 3]);
        assert_eq!(rolls(&effects)[0].total, total, "{rulings:?}");
        assert_eq!(is_removed(&game, b), defeated, "{rulings:?}");
    }
    // A poisoned 1 is 0, never less.
    let (mut p, a, b) = duel((&["lesser-ranged"], "a1"), (&[], "a6"));
    p.marker(a, "poison");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(a), &[]);
    let effects = play_rolling(&mut game, 0, &attack(a, b, "lesser"), &[1, 1]);
    assert_eq!(rolls(&effects)[0].total, 0);
}

#[test]
fn assault_refuses_a_second_attack_of_another_type() {
    // Melee on d5 (1 against 6, failed); the Greater Ranged shot at a7 is no longer offered.
    let (mut p, a, b) = duel((&["assault", "greater-ranged"], "d4"), (&[], "d5"));
    let far = p.place(1, "regular", &[], "a7");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(a), &[]);
    assert!(targets(&game, 0, a, "greater").contains(&far));
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[1, 6]);
    assert!(targets(&game, 0, a, "greater").is_empty());
    assert_eq!(targets(&game, 0, a, "melee"), ids(&[b]));
    refuse(&mut game, 0, &attack(a, far, "greater"));
}

#[test]
fn a_stun_marker_stays_into_the_next_round_until_a_skill_roll_sheds_it() {
    // One token each, so the round ends after one turn each.
    let mut p = Position::new(2);
    let a = p.place(0, "regular", &["stun"], "d4");
    let b = p.place(1, "regular", &[], "d5");
    p.tokens(0, 1).tokens(1, 1);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(a), &[]);
    // 6 against 1: stunned.
    play_rolling(&mut game, 0, &attack(a, b, "melee-stun"), &[6, 1]);
    play_rolling(&mut game, 0, &end(), &[]);
    play_rolling(&mut game, 1, &activate(b), &[]);
    assert!(destinations(&game, 1, b).is_empty());
    // Its Skill roll, 3, fails; the round ends, initiative 6 to 2 for seat 0.
    play_rolling(&mut game, 1, &end(), &[3, 6, 2]);
    assert!(has_marker(&game, b, "stun"));
    play_rolling(&mut game, 0, &pass(), &[]);
    // Still stunned in the new round; this time 4 sheds it.
    play_rolling(&mut game, 1, &activate(b), &[]);
    assert!(destinations(&game, 1, b).is_empty());
    play_rolling(&mut game, 1, &end(), &[4]);
    assert!(!has_marker(&game, b, "stun"));
    play_rolling(&mut game, 0, &pass(), &[]);
    play_rolling(&mut game, 1, &activate(b), &[]);
    assert!(!destinations(&game, 1, b).is_empty());
}

#[test]
fn support_given_to_the_miniature_taking_its_turn_serves_it_at_once() {
    let mut p = Position::new(2);
    let sup = p.place(0, "regular", &["support"], "a1");
    let ally = p.place(0, "regular", &[], "c3");
    let enemy = p.place(1, "regular", &[], "c4");
    p.place(1, "regular", &[], "h8");
    p.marker(sup, "support");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(ally), &[]);
    assert!(options(&game, 0).contains(&support(sup, ally)));
    play_rolling(&mut game, 0, &support(sup, ally), &[]);
    // 1 against 5 fails; the marker rerolls it: 6.
    play_rolling(&mut game, 0, &attack(ally, enemy, "melee"), &[1, 5]);
    assert_eq!(options(&game, 0), vec![reroll("support"), accept()]);
    play_rolling(&mut game, 0, &reroll("support"), &[6]);
    assert!(is_removed(&game, enemy));
    assert!(!has_marker(&game, ally, "supported") && !has_marker(&game, sup, "support"));
}
