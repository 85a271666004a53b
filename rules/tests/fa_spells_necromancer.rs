//! Undead rule b, the Necromancer: Drain Life (5+), Raise Dead (5+, as a
//! Zombie or a Skeleton) and Slay (6+). Drain Life: R20. Raise Dead: R10, R21.
//! Slay: R22.
//!
//! Dice order: the casting die only; none of these spells rolls a save.

mod fa_common;
mod kit;
use fa_common::*;

/// A Necromancer (HTH 1, D 5+) on d4 for seat 0 against Dwarfs.
fn necromancer() -> (Position, PieceId) {
    let mut p = Position::new([Army::Undead, Army::Dwarfs]);
    let necromancer = p.place(0, "necromancer", "d4");
    (p, necromancer)
}

// --- Drain Life ---------------------------------------------------------------

#[test]
fn drain_life_on_a_5_moves_one_hth_from_the_target_to_the_necromancer() {
    let (mut p, necro) = necromancer();
    let king = p.place(1, "high-king", "d6");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &cast_at(necro, "drain-life", king), &[5]);
    // No save: only the casting die.
    assert_eq!(dice_counts(&rolls), vec![1]);
    // Written as the book writes a modified HTH (R4).
    assert_eq!(stat(&game, king, "HTH"), "2-1");
    assert_eq!(stat(&game, necro, "HTH"), "1+1");
    assert!(at(&game, king, "d6"));
}

#[test]
fn drain_life_failing_on_a_4_changes_nothing() {
    let (mut p, necro) = necromancer();
    let king = p.place(1, "high-king", "d6");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(necro, "drain-life", king), &[4]);
    assert_eq!(stat(&game, king, "HTH"), "2");
    assert_eq!(stat(&game, necro, "HTH"), "1");
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn drain_life_on_a_drained_piece_takes_one_more_and_feeds_the_necromancer() {
    // Added to the roll, a drained piece keeps its die and only its total
    // falls, so there is always one more to take (R20).
    let (mut p, necro) = necromancer();
    let warrior = p.place(1, "warrior", "d6");
    p.hth_change(warrior, -1);
    let mut game = p.build();
    assert_eq!(stat(&game, warrior, "HTH"), "1-1");
    play_for_rolls(&mut game, 0, &cast_at(necro, "drain-life", warrior), &[6]);
    assert_eq!(stat(&game, warrior, "HTH"), "1-2");
    assert_eq!(stat(&game, necro, "HTH"), "1+1");
}

#[test]
fn read_as_extra_dice_drain_life_on_a_piece_at_hth_0_takes_nothing_and_gives_nothing() {
    let (mut p, necro) = necromancer();
    p.hth_modifiers(HthModifiers::ExtraDice);
    let warrior = p.place(1, "warrior", "d6");
    p.hth_change(warrior, -1);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(necro, "drain-life", warrior), &[6]);
    assert_eq!(stat(&game, warrior, "HTH"), "0");
    assert_eq!(stat(&game, necro, "HTH"), "1");
}

#[test]
fn drain_life_on_a_cannon_with_hth_dash_gives_the_necromancer_nothing() {
    let (mut p, necro) = necromancer();
    let cannon = p.place(1, "cannon", "d6");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(necro, "drain-life", cannon), &[5]);
    assert_eq!(stat(&game, cannon, "HTH"), "-");
    assert_eq!(stat(&game, necro, "HTH"), "1");
}

#[test]
fn drain_life_leaves_a_warrior_at_one_minus_one_and_the_loss_lasts() {
    let (mut p, necro) = necromancer();
    let warrior = p.place(1, "warrior", "e5");
    p.moved(warrior);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(necro, "drain-life", warrior), &[5]);
    assert_eq!(stat(&game, warrior, "HTH"), "1-1");
    // A turn later the Warrior attacks with its die and the mover's, less 1:
    // 3+2-1 = 4 against the Necromancer's 4+1 = 5. Without either change it
    // would be a tie, won by the Warrior's two dice. The Warrior loses and
    // fails its 4+ save with a 3.
    let rolls = play_for_rolls(&mut game, 1, &step(warrior, "d4"), &[3, 2, 4, 3]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![-1, 1, 0]);
    assert!(is_removed(&game, warrior));
    assert!(at(&game, necro, "d4"));
}

#[test]
fn drain_life_reaches_two_squares_in_line_of_sight_and_only_enemies() {
    let (mut p, necro) = necromancer();
    let friend = p.place(0, "skeleton", "c4");
    let two_up = p.place(1, "warrior", "d6");
    let adjacent = p.place(1, "warrior", "e3");
    let three = p.place(1, "warrior", "g4");
    p.place(1, "warrior", "b4"); // behind the Skeleton
    p.place(1, "warrior", "e6"); // a knight's jump away
    let mut game = p.build();
    assert_eq!(
        spell_targets(&game, necro, "drain-life"),
        ids(&[two_up, adjacent])
    );
    refuse(&mut game, 0, &cast_at(necro, "drain-life", three));
    refuse(&mut game, 0, &cast_at(necro, "drain-life", friend));
}

// --- Raise Dead --------------------------------------------------------------

#[test]
fn raise_dead_returns_the_earliest_removed_piece_as_a_zombie_next_to_the_necromancer() {
    let (mut p, necro) = necromancer();
    let first = p.fallen(0, "ghoul");
    let second = p.fallen(0, "spectre");
    let mut game = p.build();
    let offered = spell_options(&game, necro, "raise-dead-zombie");
    assert_eq!(offered.len(), 8);
    assert!(offered.iter().all(|a| a.target == Some(first)));
    let rolls = play_for_rolls(
        &mut game,
        0,
        &cast_to(necro, "raise-dead-zombie", first, "e5"),
        &[5],
    );
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(at(&game, first, "e5"));
    assert_eq!(kind(&game, first), "zombie");
    assert_eq!(stat(&game, first, "HTH"), "2");
    assert_eq!(stat(&game, first, "D"), "6+");
    assert_eq!(stat(&game, first, "M"), "P");
    assert!(is_removed(&game, second));
}

#[test]
fn raise_dead_as_a_skeleton_gives_a_skeleton() {
    let (mut p, necro) = necromancer();
    let fallen = p.fallen(0, "vampire");
    let mut game = p.build();
    play_for_rolls(
        &mut game,
        0,
        &cast_to(necro, "raise-dead-skeleton", fallen, "c3"),
        &[6],
    );
    assert!(at(&game, fallen, "c3"));
    assert_eq!(kind(&game, fallen), "skeleton");
    assert_eq!(stat(&game, fallen, "HTH"), "1");
    assert_eq!(stat(&game, fallen, "D"), "5+");
}

#[test]
fn a_raised_piece_keeps_nothing_of_its_old_gains() {
    let (mut p, necro) = necromancer();
    let fallen = p.fallen(0, "vampire");
    p.hth_change(fallen, 3);
    let mut game = p.build();
    play_for_rolls(
        &mut game,
        0,
        &cast_to(necro, "raise-dead-zombie", fallen, "c3"),
        &[5],
    );
    assert_eq!(stat(&game, fallen, "HTH"), "2");
}

#[test]
fn raise_dead_failing_on_a_4_leaves_the_piece_removed() {
    let (mut p, necro) = necromancer();
    let fallen = p.fallen(0, "ghoul");
    let mut game = p.build();
    play_for_rolls(
        &mut game,
        0,
        &cast_to(necro, "raise-dead-zombie", fallen, "e5"),
        &[4],
    );
    assert!(is_removed(&game, fallen));
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn raise_dead_raises_the_fallen_in_the_order_they_were_removed() {
    let (mut p, necro) = necromancer();
    let first = p.fallen(0, "ghoul");
    let second = p.fallen(0, "spectre");
    let mut game = p.build();
    refuse(
        &mut game,
        0,
        &cast_to(necro, "raise-dead-zombie", second, "e5"),
    );
    play_for_rolls(
        &mut game,
        0,
        &cast_to(necro, "raise-dead-zombie", first, "e5"),
        &[5],
    );
    play_for_rolls(&mut game, 1, &pass(), &[]);
    let offered = spell_options(&game, necro, "raise-dead-skeleton");
    assert!(!offered.is_empty());
    assert!(offered.iter().all(|a| a.target == Some(second)));
    play_for_rolls(
        &mut game,
        0,
        &cast_to(necro, "raise-dead-skeleton", second, "c5"),
        &[5],
    );
    assert_eq!(kind(&game, second), "skeleton");
}

#[test]
fn a_piece_removed_in_play_rises_after_those_removed_before_it() {
    let (mut p, necro) = necromancer();
    let earlier = p.fallen(0, "ghoul");
    let skeleton = p.place(0, "skeleton", "a2");
    let warrior = p.place(1, "warrior", "b3");
    p.moved(warrior).to_move(Seat(1));
    let mut game = p.build();
    play_for_rolls(&mut game, 1, &step(warrior, "a2"), &[6, 6, 1, 1]);
    assert!(is_removed(&game, skeleton));
    assert!(
        spell_options(&game, necro, "raise-dead-zombie")
            .iter()
            .all(|a| a.target == Some(earlier))
    );
}

#[test]
fn raise_dead_places_only_on_a_vacant_square_next_to_the_necromancer() {
    let (mut p, necro) = necromancer();
    let fallen = p.fallen(0, "ghoul");
    p.place(0, "skeleton", "c3");
    p.place(1, "warrior", "e5");
    let mut game = p.build();
    let squares_offered: std::collections::BTreeSet<String> =
        spell_options(&game, necro, "raise-dead-zombie")
            .iter()
            .map(|a| a.to.unwrap().to_string())
            .collect();
    assert_eq!(
        squares_offered,
        squares(&["c4", "c5", "d3", "d5", "e3", "e4"])
    );
    refuse(
        &mut game,
        0,
        &cast_to(necro, "raise-dead-zombie", fallen, "c3"),
    );
    refuse(
        &mut game,
        0,
        &cast_to(necro, "raise-dead-zombie", fallen, "e5"),
    );
    refuse(
        &mut game,
        0,
        &cast_to(necro, "raise-dead-zombie", fallen, "d6"),
    );
}

#[test]
fn raise_dead_is_not_offered_when_no_piece_of_the_player_has_fallen() {
    let (mut p, necro) = necromancer();
    p.fallen(1, "warrior"); // the enemy's dead are not the player's to raise
    let game = p.build();
    assert!(spell_options(&game, necro, "raise-dead-zombie").is_empty());
    assert!(spell_options(&game, necro, "raise-dead-skeleton").is_empty());
}

#[test]
fn raise_dead_never_returns_a_king_piece() {
    let (mut p, necro) = necromancer();
    p.fallen(0, "liche-lord");
    let game = p.build();
    assert!(spell_options(&game, necro, "raise-dead-zombie").is_empty());
}

#[test]
fn a_raised_pawn_may_double_step_on_its_first_move() {
    // R10: a raised Zombie or Skeleton is a new piece.
    let (mut p, necro) = necromancer();
    let fallen = p.fallen(0, "skeleton");
    p.moved(fallen);
    let mut game = p.build();
    play_for_rolls(
        &mut game,
        0,
        &cast_to(necro, "raise-dead-skeleton", fallen, "c5"),
        &[5],
    );
    play_for_rolls(&mut game, 1, &pass(), &[]);
    assert_eq!(destinations(&game, fallen), squares(&["c6", "c7"]));
}

// --- Slay ------------------------------------------------------------------

#[test]
fn slay_on_a_6_removes_the_target_with_no_save() {
    let (mut p, necro) = necromancer();
    let warrior = p.place(1, "warrior", "f6");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &cast_at(necro, "slay", warrior), &[6]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(is_removed(&game, warrior));
    assert!(at(&game, necro, "d4"));
}

#[test]
fn slay_failing_on_a_5_changes_nothing() {
    let (mut p, necro) = necromancer();
    let warrior = p.place(1, "warrior", "f6");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(necro, "slay", warrior), &[5]);
    assert!(at(&game, warrior, "f6"));
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn slay_on_the_enemy_king_wins_the_game() {
    let (mut p, necro) = necromancer();
    let king = p.place(1, "high-king", "d5");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(necro, "slay", king), &[6]);
    assert!(is_removed(&game, king));
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winners, vec![Seat(0)]);
}

#[test]
fn slay_reaches_two_squares_in_line_of_sight_and_only_enemies() {
    let (mut p, necro) = necromancer();
    let friend = p.place(0, "zombie", "d5");
    p.place(1, "warrior", "d6"); // behind the Zombie
    let diagonal = p.place(1, "warrior", "b2");
    let three = p.place(1, "warrior", "a4");
    let mut game = p.build();
    assert_eq!(spell_targets(&game, necro, "slay"), ids(&[diagonal]));
    refuse(&mut game, 0, &cast_at(necro, "slay", three));
    refuse(&mut game, 0, &cast_at(necro, "slay", friend));
}
