//! Kingdoms of Man rule b, the Wizard: Armour (4+), Fireblast (5+) and
//! Teleport (5+). Casting is one D6 against the casting value, instead of
//! moving; a failed cast spends the turn (R16). Armour: R15. Teleport: R17, R34.
//!
//! Dice order: the casting die, then the spell's own dice (Fireblast: the target's save).

mod fa_common;
mod kit;
use fa_common::*;

/// A Wizard (D 6+) on d4 for seat 0 against Orcs.
fn wizard() -> (Position, PieceId) {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let wizard = p.place(0, "wizard", "d4");
    (p, wizard)
}

#[test]
fn a_lone_wizard_is_offered_27_moves_armour_and_63_teleports() {
    let (p, wizard) = wizard();
    let game = p.build();
    assert_eq!(destinations(&game, wizard).len(), 27);
    assert_eq!(spell_options(&game, wizard, "armour").len(), 1);
    assert_eq!(spell_options(&game, wizard, "teleport").len(), 63);
    assert!(spell_options(&game, wizard, "fireblast").is_empty());
    assert_eq!(options(&game, 0).len(), 27 + 1 + 63);
}

// --- Armour ----------------------------------------------------------------

#[test]
fn armour_cast_on_a_4_makes_the_wizards_defence_4_plus() {
    let (p, wizard) = wizard();
    let mut game = p.build();
    assert_eq!(stat(&game, wizard, "D"), "6+");
    let rolls = play_for_rolls(&mut game, 0, &cast(wizard, "armour"), &[4]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert_eq!(rolls[0].result, "cast");
    assert_eq!(stat(&game, wizard, "D"), "4+");
    assert!(has_marker(&game, wizard, "armour"));
    assert!(at(&game, wizard, "d4"));
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn armour_failing_on_a_3_changes_nothing_but_the_turn_passes() {
    let (p, wizard) = wizard();
    let mut game = p.build();
    let before = view(&game);
    let rolls = play_for_rolls(&mut game, 0, &cast(wizard, "armour"), &[3]);
    assert_eq!(rolls[0].result, "fails to cast");
    let after = view(&game);
    assert_eq!(after.pieces, before.pieces);
    assert_eq!(after.players, before.players);
    assert!(!has_marker(&game, wizard, "armour"));
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(turn_number(&game), 2);
}

#[test]
fn an_armoured_wizard_survives_a_hit_on_a_save_of_4() {
    let (mut p, wizard) = wizard();
    p.armour(wizard);
    let hobgoblin = p.place(1, "hobgoblin", "d5");
    p.to_move(Seat(1));
    let mut game = p.build();
    play_for_rolls(&mut game, 1, &shoot(hobgoblin, wizard), &[5, 4]);
    assert!(at(&game, wizard, "d4"));
}

#[test]
fn an_unarmoured_wizard_fails_the_same_save_of_4() {
    let (mut p, wizard) = wizard();
    let hobgoblin = p.place(1, "hobgoblin", "d5");
    p.to_move(Seat(1));
    let mut game = p.build();
    play_for_rolls(&mut game, 1, &shoot(hobgoblin, wizard), &[5, 4]);
    assert!(is_removed(&game, wizard));
}

#[test]
fn armour_ends_when_the_wizard_moves() {
    let (mut p, wizard) = wizard();
    p.armour(wizard);
    let mut game = p.build();
    assert_eq!(stat(&game, wizard, "D"), "4+");
    play_for_rolls(&mut game, 0, &step(wizard, "h8"), &[]);
    assert_eq!(stat(&game, wizard, "D"), "6+");
    assert!(!has_marker(&game, wizard, "armour"));
}

#[test]
fn armour_ends_on_the_next_casting_attempt_even_a_failed_one() {
    let (mut p, wizard) = wizard();
    p.armour(wizard);
    let goblin = p.place(1, "goblin", "d6");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(wizard, "fireblast", goblin), &[1]);
    assert_eq!(stat(&game, wizard, "D"), "6+");
    assert!(!has_marker(&game, wizard, "armour"));
    assert!(at(&game, goblin, "d6"));
}

#[test]
fn armour_stays_when_the_wizard_contests_and_stays_on_its_square() {
    // R15: a contest that leaves the Wizard where it was is not a move.
    let (mut p, wizard) = wizard();
    p.armour(wizard);
    let goblin = p.place(1, "goblin", "d5");
    let mut game = p.build();
    // The Wizard wins 12 to 1, but the Goblin saves with a 6.
    play_for_rolls(&mut game, 0, &step(wizard, "d5"), &[6, 6, 1, 6]);
    assert!(at(&game, wizard, "d4"));
    assert!(at(&game, goblin, "d5"));
    assert_eq!(stat(&game, wizard, "D"), "4+");
}

#[test]
fn armour_ends_when_the_wizard_wins_a_contest_and_takes_the_square() {
    let (mut p, wizard) = wizard();
    p.armour(wizard);
    let goblin = p.place(1, "goblin", "d5");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(wizard, "d5"), &[6, 6, 1, 1]);
    assert!(is_removed(&game, goblin));
    assert!(at(&game, wizard, "d5"));
    assert_eq!(stat(&game, wizard, "D"), "6+");
}

// --- Fireblast --------------------------------------------------------------

#[test]
fn fireblast_cast_on_a_5_hits_a_target_three_squares_away() {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let wizard = p.place(0, "wizard", "d1");
    let orc = p.place(1, "orc", "d4");
    let mut game = p.build();
    // Cast with a 5; the Orc fails its 5+ save with a 4.
    let rolls = play_for_rolls(&mut game, 0, &cast_at(wizard, "fireblast", orc), &[5, 4]);
    assert_eq!(dice_counts(&rolls), vec![1, 1]);
    assert_eq!(rolls[0].piece, Some(wizard));
    assert_eq!(rolls[1].piece, Some(orc));
    assert!(is_removed(&game, orc));
    assert!(at(&game, wizard, "d1"));
}

#[test]
fn fireblast_target_that_saves_stays() {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let wizard = p.place(0, "wizard", "d1");
    let orc = p.place(1, "orc", "d4");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(wizard, "fireblast", orc), &[6, 5]);
    assert!(at(&game, orc, "d4"));
}

#[test]
fn fireblast_failing_on_a_4_rolls_no_save() {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let wizard = p.place(0, "wizard", "d1");
    let orc = p.place(1, "orc", "d4");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &cast_at(wizard, "fireblast", orc), &[4]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(at(&game, orc, "d4"));
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn fireblast_reaches_three_squares_in_line_of_sight_and_only_enemies() {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let wizard = p.place(0, "wizard", "d1");
    let friend = p.place(0, "man-at-arms", "c1");
    let three_up = p.place(1, "orc", "d4");
    let diagonal = p.place(1, "goblin", "f3");
    let far = p.place(1, "goblin", "h1"); // four squares away
    p.place(1, "goblin", "b1"); // behind the Man-at-Arms
    p.place(1, "goblin", "e3"); // a knight's jump away
    let mut game = p.build();
    assert_eq!(
        spell_targets(&game, wizard, "fireblast"),
        ids(&[three_up, diagonal])
    );
    refuse(&mut game, 0, &cast_at(wizard, "fireblast", far));
    refuse(&mut game, 0, &cast_at(wizard, "fireblast", friend));
}

// --- Teleport ---------------------------------------------------------------

#[test]
fn teleport_on_a_5_puts_the_wizard_on_any_vacant_square() {
    let (p, wizard) = wizard();
    let mut game = p.build();
    let rolls = play_for_rolls(
        &mut game,
        0,
        &cast_to(wizard, "teleport", wizard, "h8"),
        &[5],
    );
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(at(&game, wizard, "h8"));
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn teleport_carries_an_adjacent_friend_and_leaves_the_wizard() {
    let (mut p, wizard) = wizard();
    let knight = p.place(0, "knight", "e5");
    let mut game = p.build();
    play_for_rolls(
        &mut game,
        0,
        &cast_to(wizard, "teleport", knight, "a8"),
        &[6],
    );
    assert!(at(&game, knight, "a8"));
    assert!(at(&game, wizard, "d4"));
}

#[test]
fn teleport_is_offered_for_the_wizard_and_adjacent_friends_to_every_vacant_square() {
    let (mut p, wizard) = wizard();
    let knight = p.place(0, "knight", "e4");
    let champion = p.place(0, "champion", "h1"); // not adjacent
    let goblin = p.place(1, "goblin", "d5"); // adjacent, but an enemy
    let mut game = p.build();
    let teleports = spell_options(&game, wizard, "teleport");
    assert_eq!(
        teleports
            .iter()
            .map(|a| a.target.unwrap())
            .collect::<std::collections::BTreeSet<_>>(),
        ids(&[wizard, knight])
    );
    // 64 squares less the four taken, for each of the two.
    assert_eq!(teleports.len(), 2 * 60);
    refuse(&mut game, 0, &cast_to(wizard, "teleport", champion, "a8"));
    refuse(&mut game, 0, &cast_to(wizard, "teleport", goblin, "a8"));
    // No contest can come of it: occupied squares are refused.
    refuse(&mut game, 0, &cast_to(wizard, "teleport", wizard, "d5"));
    refuse(&mut game, 0, &cast_to(wizard, "teleport", knight, "h1"));
}

#[test]
fn teleport_failing_on_a_4_leaves_everything_in_place() {
    let (mut p, wizard) = wizard();
    let knight = p.place(0, "knight", "e4");
    let mut game = p.build();
    let before = view(&game).pieces;
    play_for_rolls(
        &mut game,
        0,
        &cast_to(wizard, "teleport", knight, "a8"),
        &[4],
    );
    assert_eq!(view(&game).pieces, before);
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn a_teleported_pawn_has_used_its_first_move() {
    // R10: Teleport counts as a move for the double step.
    let (mut p, wizard) = wizard();
    let man = p.place(0, "man-at-arms", "c3");
    let mut game = p.build();
    assert_eq!(destinations(&game, man), squares(&["c4", "c5"]));
    play_for_rolls(&mut game, 0, &cast_to(wizard, "teleport", man, "a4"), &[5]);
    play_for_rolls(&mut game, 1, &pass(), &[]);
    assert_eq!(destinations(&game, man), squares(&["a5"]));
}

#[test]
fn teleporting_an_entangled_piece_neither_triggers_nor_clears_the_entanglement() {
    // R34.
    let (mut p, wizard) = wizard();
    let knight = p.place(0, "knight", "e4");
    p.entangled(knight);
    let mut game = p.build();
    // Only the casting die: no escape roll.
    play_for_rolls(
        &mut game,
        0,
        &cast_to(wizard, "teleport", knight, "a8"),
        &[5],
    );
    assert!(at(&game, knight, "a8"));
    assert!(has_marker(&game, knight, "entangled"));
}
