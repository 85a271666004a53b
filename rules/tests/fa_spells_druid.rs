//! Elves rule b, the Druid: Armour of Thorns (5+), Arrow Storm (6+) and
//! Entangle (4+). Armour of Thorns: R15. Arrow Storm: R29. Entangle: R23.
//!
//! Dice order: the casting die, then the spell's dice (Arrow Storm: the
//! target's save, then each adjacent enemy's save in piece order). An
//! entangled piece that tries to move rolls its escape die before anything else.

mod fa_common;
mod kit;
use fa_common::*;

/// A Druid (D 6+, RA 1/3) on d4 for seat 0 against Orcs.
fn druid() -> (Position, PieceId) {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let druid = p.place(0, "druid", "d4");
    (p, druid)
}

// --- Armour of Thorns ---------------------------------------------------------

#[test]
fn armour_of_thorns_on_a_5_gives_the_druid_defence_4_plus() {
    let (p, druid) = druid();
    let mut game = p.build();
    let rolls = play_for_rolls(
        &mut game,
        0,
        &cast_at(druid, "armour-of-thorns", druid),
        &[5],
    );
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert_eq!(stat(&game, druid, "D"), "4+");
    assert!(has_marker(&game, druid, "armour-of-thorns"));
}

#[test]
fn armour_of_thorns_on_an_adjacent_friend_gives_it_defence_4_plus() {
    let (mut p, druid) = druid();
    let archer = p.place(0, "archer", "c3");
    let mut game = p.build();
    play_for_rolls(
        &mut game,
        0,
        &cast_at(druid, "armour-of-thorns", archer),
        &[6],
    );
    assert_eq!(stat(&game, archer, "D"), "4+");
    assert!(has_marker(&game, archer, "armour-of-thorns"));
    assert_eq!(stat(&game, druid, "D"), "6+");
    assert!(!has_marker(&game, druid, "armour-of-thorns"));
}

#[test]
fn armour_of_thorns_failing_on_a_4_changes_nothing() {
    let (mut p, druid) = druid();
    let archer = p.place(0, "archer", "c3");
    let mut game = p.build();
    play_for_rolls(
        &mut game,
        0,
        &cast_at(druid, "armour-of-thorns", archer),
        &[4],
    );
    assert_eq!(stat(&game, archer, "D"), "6+");
    assert!(!has_marker(&game, archer, "armour-of-thorns"));
}

#[test]
fn armour_of_thorns_is_offered_on_the_druid_and_adjacent_friends_only() {
    let (mut p, druid) = druid();
    let near = p.place(0, "archer", "c3");
    let far = p.place(0, "archer", "a1");
    let enemy = p.place(1, "goblin", "e5");
    let mut game = p.build();
    assert_eq!(
        spell_targets(&game, druid, "armour-of-thorns"),
        ids(&[druid, near])
    );
    refuse(&mut game, 0, &cast_at(druid, "armour-of-thorns", far));
    refuse(&mut game, 0, &cast_at(druid, "armour-of-thorns", enemy));
}

#[test]
fn a_piece_under_armour_of_thorns_survives_a_hit_on_a_save_of_4() {
    let (mut p, druid) = druid();
    let archer = p.place(0, "archer", "c3");
    p.thorns(druid, archer);
    let hobgoblin = p.place(1, "hobgoblin", "c5");
    p.to_move(Seat(1));
    let mut game = p.build();
    play_for_rolls(&mut game, 1, &shoot(hobgoblin, archer), &[5, 4]);
    assert!(at(&game, archer, "c3"));
}

#[test]
fn armour_of_thorns_stays_when_its_target_moves_away() {
    let (mut p, druid) = druid();
    let archer = p.place(0, "archer", "c3");
    p.thorns(druid, archer);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(archer, "c5"), &[]);
    assert_eq!(stat(&game, archer, "D"), "4+");
    assert!(has_marker(&game, archer, "armour-of-thorns"));
}

#[test]
fn armour_of_thorns_ends_when_the_druid_moves() {
    let (mut p, druid) = druid();
    let archer = p.place(0, "archer", "c3");
    p.thorns(druid, archer);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(druid, "h8"), &[]);
    assert_eq!(stat(&game, archer, "D"), "6+");
    assert!(!has_marker(&game, archer, "armour-of-thorns"));
}

#[test]
fn armour_of_thorns_ends_on_the_druids_next_casting_attempt_even_a_failed_one() {
    let (mut p, druid) = druid();
    let archer = p.place(0, "archer", "c3");
    p.thorns(druid, archer);
    let goblin = p.place(1, "goblin", "d6");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(druid, "entangle", goblin), &[3]);
    assert_eq!(stat(&game, archer, "D"), "6+");
    assert!(!has_marker(&game, goblin, "entangled"));
}

#[test]
fn armour_of_thorns_ends_with_its_target_when_the_target_is_removed() {
    // R15. The Druid shows that it keeps the spell up on a friend, and the
    // mark goes when the friend is removed: a Hobgoblin hits the Archer with a
    // 5 and the Archer fails its 4+ save with a 3.
    let (mut p, druid) = druid();
    let archer = p.place(0, "archer", "c3");
    p.thorns(druid, archer);
    let hobgoblin = p.place(1, "hobgoblin", "c5");
    p.to_move(Seat(1));
    let mut game = p.build();
    assert!(has_marker(&game, druid, "keeps-armour-of-thorns"));
    let effects = play_rolling(&mut game, 1, &shoot(hobgoblin, archer), &[5, 3]);
    assert!(is_removed(&game, archer));
    assert!(!has_marker(&game, druid, "keeps-armour-of-thorns"));
    // The end is told: the Druid's markers change in the same action.
    assert!(effects.iter().any(|scoped| matches!(
        &scoped.effect,
        Effect::PieceChanged { piece, change }
            if *piece == druid && change.markers.as_deref() == Some(&[])
    )));
}

/// Logs stored before the `keeps-armour-of-thorns` marker did not tell it:
/// they still agree with today's effects, the marker's changes left out (the
/// cast on a 6 that sets it, the Druid's step that ends the spell and takes
/// it away), and they still disagree when anything else differs.
#[test]
fn logs_stored_before_the_druids_marker_still_agree() {
    let the_druids_change = |effects: &[ScopedEffect], druid: PieceId| {
        effects
            .iter()
            .position(|scoped| {
                matches!(&scoped.effect, Effect::PieceChanged { piece, .. } if *piece == druid)
            })
            .expect("the Druid's marker is told")
    };
    let agrees = |before: &View, stored: &[ScopedEffect], made: &[ScopedEffect]| {
        let before = fray_rules::EveryView::referee_only(before.clone());
        fray_rules::agrees_as_made_earlier(SystemId::FantasyArmies, &before, stored, made)
    };

    let (mut p, druid) = druid();
    let archer = p.place(0, "archer", "c3");
    let hobgoblin = p.place(1, "hobgoblin", "a6");
    let mut game = p.build();
    let before_cast = view(&game);
    let cast = play_rolling(
        &mut game,
        0,
        &cast_at(druid, "armour-of-thorns", archer),
        &[6],
    );
    let mut earlier_cast = cast.clone();
    earlier_cast.remove(the_druids_change(&cast, druid));
    assert!(agrees(&before_cast, &earlier_cast, &cast));
    let mut archer_untold = earlier_cast.clone();
    archer_untold.retain(
        |scoped| !matches!(&scoped.effect, Effect::PieceChanged { piece, .. } if *piece == archer),
    );
    assert!(!agrees(&before_cast, &archer_untold, &cast));

    play_for_rolls(&mut game, 1, &step(hobgoblin, "a5"), &[]);
    let before_move = view(&game);
    let moved = play_rolling(&mut game, 0, &step(druid, "d5"), &[]);
    let mut earlier_move = moved.clone();
    earlier_move.remove(the_druids_change(&moved, druid));
    assert!(agrees(&before_move, &earlier_move, &moved));
    let moved_elsewhere: Vec<ScopedEffect> =
        play_rolling(&mut p.build(), 0, &step(druid, "e5"), &[]);
    assert!(!agrees(&before_move, &moved_elsewhere, &moved));
}

#[test]
fn a_druid_under_its_own_armour_of_thorns_is_not_marked_as_keeping_it_on_a_friend() {
    let (mut p, druid) = druid();
    p.thorns(druid, druid);
    let game = p.build();
    assert!(has_marker(&game, druid, "armour-of-thorns"));
    assert!(!has_marker(&game, druid, "keeps-armour-of-thorns"));
}

#[test]
fn armour_of_thorns_does_not_end_when_the_druid_shoots() {
    let (mut p, druid) = druid();
    p.thorns(druid, druid);
    let goblin = p.place(1, "goblin", "d6");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &shoot(druid, goblin), &[4]);
    assert_eq!(stat(&game, druid, "D"), "4+");
}

#[test]
fn the_druid_may_shoot_instead_of_casting() {
    let (mut p, druid) = druid();
    let goblin = p.place(1, "goblin", "d7");
    let mut game = p.build();
    assert_eq!(shoot_targets(&game, druid), ids(&[goblin]));
    play_for_rolls(&mut game, 0, &shoot(druid, goblin), &[5, 5]);
    assert!(is_removed(&game, goblin));
}

// --- Arrow Storm --------------------------------------------------------------

#[test]
fn arrow_storm_hits_the_target_then_each_adjacent_enemy_in_piece_order() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let druid = p.place(0, "druid", "a1");
    // Placed so that piece order (west, east) differs from board order.
    let west = p.place(1, "goblin", "c4");
    let east = p.place(1, "goblin", "e4");
    let target = p.place(1, "orc", "d4");
    let friend = p.place(0, "archer", "d5");
    let distant = p.place(1, "goblin", "h8");
    let mut game = p.build();
    // Cast with a 6; the Orc saves (5), the west Goblin fails (1), the east Goblin saves (6).
    let rolls = play_for_rolls(
        &mut game,
        0,
        &cast_at(druid, "arrow-storm", target),
        &[6, 5, 1, 6],
    );
    assert_eq!(dice_counts(&rolls), vec![1, 1, 1, 1]);
    let savers: Vec<_> = rolls[1..].iter().map(|r| r.piece).collect();
    assert_eq!(savers, vec![Some(target), Some(west), Some(east)]);
    assert!(at(&game, target, "d4"));
    assert!(is_removed(&game, west));
    assert!(at(&game, east, "e4"));
    assert!(at(&game, friend, "d5"));
    assert!(at(&game, distant, "h8"));
}

#[test]
fn arrow_storm_failing_on_a_5_rolls_no_saves() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let druid = p.place(0, "druid", "a1");
    p.place(1, "goblin", "c4");
    let target = p.place(1, "orc", "d4");
    let mut game = p.build();
    let before = view(&game).pieces;
    let rolls = play_for_rolls(&mut game, 0, &cast_at(druid, "arrow-storm", target), &[5]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert_eq!(view(&game).pieces, before);
}

#[test]
fn arrow_storm_reaches_three_squares_in_line_of_sight_and_only_enemies() {
    let (mut p, druid) = druid();
    let friend = p.place(0, "archer", "d5");
    p.place(1, "goblin", "d6"); // behind the Archer
    let three = p.place(1, "goblin", "g7");
    let four = p.place(1, "goblin", "h4");
    let mut game = p.build();
    assert_eq!(spell_targets(&game, druid, "arrow-storm"), ids(&[three]));
    refuse(&mut game, 0, &cast_at(druid, "arrow-storm", four));
    refuse(&mut game, 0, &cast_at(druid, "arrow-storm", friend));
}

// --- Entangle ----------------------------------------------------------------

#[test]
fn entangle_on_a_4_marks_an_enemy_within_two_squares_even_out_of_sight() {
    let (mut p, druid) = druid();
    p.place(0, "archer", "d5");
    let hidden = p.place(1, "goblin", "d6"); // behind the Archer
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &cast_at(druid, "entangle", hidden), &[4]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(has_marker(&game, hidden, "entangled"));
    assert!(at(&game, hidden, "d6"));
}

#[test]
fn entangle_failing_on_a_3_marks_nothing() {
    let (mut p, druid) = druid();
    let goblin = p.place(1, "goblin", "d6");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(druid, "entangle", goblin), &[3]);
    assert!(!has_marker(&game, goblin, "entangled"));
}

#[test]
fn entangle_is_offered_on_enemies_within_two_squares_only() {
    let (mut p, druid) = druid();
    let friend = p.place(0, "archer", "d5");
    let behind = p.place(1, "goblin", "d6");
    let knight_jump = p.place(1, "goblin", "e6");
    let adjacent = p.place(1, "goblin", "c3");
    let three = p.place(1, "goblin", "g4");
    let mut game = p.build();
    assert_eq!(
        spell_targets(&game, druid, "entangle"),
        ids(&[behind, knight_jump, adjacent])
    );
    refuse(&mut game, 0, &cast_at(druid, "entangle", three));
    refuse(&mut game, 0, &cast_at(druid, "entangle", friend));
}

/// An entangled Goblin on e6 for seat 1, to move, and a Druid on d4.
fn entangled_goblin() -> (FantasyArmies, PieceId, PieceId) {
    let (mut p, druid) = druid();
    let goblin = p.place(1, "goblin", "e6");
    p.moved(goblin).entangled(goblin).to_move(Seat(1));
    (p.build(), druid, goblin)
}

#[test]
fn an_entangled_piece_that_rolls_a_4_moves_and_is_freed() {
    let (mut game, _, goblin) = entangled_goblin();
    let rolls = play_for_rolls(&mut game, 1, &step(goblin, "e5"), &[4]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert_eq!(rolls[0].piece, Some(goblin));
    assert!(at(&game, goblin, "e5"));
    assert!(!has_marker(&game, goblin, "entangled"));
}

#[test]
fn an_entangled_piece_that_rolls_a_3_wastes_its_turn_and_is_freed() {
    let (mut game, druid, goblin) = entangled_goblin();
    let rolls = play_for_rolls(&mut game, 1, &step(goblin, "e5"), &[3]);
    assert_eq!(rolls[0].result, "stays entangled: the turn is wasted");
    assert!(at(&game, goblin, "e6"));
    assert!(!has_marker(&game, goblin, "entangled"));
    assert_eq!(active(&game), vec![Seat(0)]);
    // Its next move needs no roll (seat 0 spends its turn on a failed cast).
    play_for_rolls(
        &mut game,
        0,
        &cast_at(druid, "armour-of-thorns", druid),
        &[3],
    );
    play_for_rolls(&mut game, 1, &step(goblin, "e5"), &[]);
    assert!(at(&game, goblin, "e5"));
}

#[test]
fn an_entangled_piece_rolls_to_escape_before_a_contest() {
    let (mut p, druid) = druid();
    let goblin = p.place(1, "goblin", "e5");
    p.moved(goblin).entangled(goblin).to_move(Seat(1));
    let mut game = p.build();
    // Escape 5; Goblin 6+6 against the Druid's 1; the Druid fails its 6+ save.
    let rolls = play_for_rolls(&mut game, 1, &step(goblin, "d4"), &[5, 6, 6, 1, 2]);
    assert_eq!(dice_counts(&rolls), vec![1, 2, 1, 1]);
    assert!(is_removed(&game, druid));
    assert!(at(&game, goblin, "d4"));
}

#[test]
fn an_entangled_piece_that_fails_to_escape_does_not_contest() {
    let (mut p, druid) = druid();
    let goblin = p.place(1, "goblin", "e5");
    p.moved(goblin).entangled(goblin).to_move(Seat(1));
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 1, &step(goblin, "d4"), &[1]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(at(&game, druid, "d4"));
    assert!(at(&game, goblin, "e5"));
}

#[test]
fn shooting_neither_triggers_nor_clears_entangle() {
    let (mut p, druid) = druid();
    let hobgoblin = p.place(1, "hobgoblin", "d6");
    p.moved(hobgoblin).entangled(hobgoblin).to_move(Seat(1));
    let mut game = p.build();
    // Only the shooting die, a miss: no escape roll.
    play_for_rolls(&mut game, 1, &shoot(hobgoblin, druid), &[2]);
    assert!(has_marker(&game, hobgoblin, "entangled"));
}

/// A Druid on d4 for seat 0 and an entangled piece of seat 1's army on e6,
/// which is to act.
fn entangled_enemy(army: Army, unit: &str) -> (FantasyArmies, PieceId, PieceId) {
    let mut p = Position::new([Army::Elves, army]);
    let druid = p.place(0, "druid", "d4");
    let piece = p.place(1, unit, "e6");
    p.moved(piece).entangled(piece).to_move(Seat(1));
    (p.build(), druid, piece)
}

#[test]
fn an_entangled_miner_tunnels_with_no_escape_roll_and_stays_entangled() {
    // R23: tunnelling is done instead of moving. The only die is the tunnel's
    // 5; an escape roll would ask for a second die the script does not have.
    let (mut game, druid, miner) = entangled_enemy(Army::Dwarfs, "miner");
    let rolls = play_for_rolls(&mut game, 1, &tunnel(miner, "h3"), &[5]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(at(&game, miner, "h3"));
    assert!(has_marker(&game, miner, "entangled"));
    // Its next move is the next attempt to move: a 3 wastes it and frees it.
    play_for_rolls(&mut game, 0, &druid_casts_on_itself(druid), &[3]);
    let rolls = play_for_rolls(&mut game, 1, &step(miner, "g4"), &[3]);
    assert_eq!(rolls[0].result, "stays entangled: the turn is wasted");
    assert!(at(&game, miner, "h3"));
    assert!(!has_marker(&game, miner, "entangled"));
}

#[test]
fn an_entangled_miner_that_fails_to_tunnel_stays_entangled() {
    let (mut game, _, miner) = entangled_enemy(Army::Dwarfs, "miner");
    let rolls = play_for_rolls(&mut game, 1, &tunnel(miner, "h3"), &[4]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(at(&game, miner, "e6"));
    assert!(has_marker(&game, miner, "entangled"));
}

#[test]
fn an_entangled_shaman_casts_with_no_escape_roll_and_stays_entangled() {
    // R23: casting is done instead of moving. Smash! takes its 4 and nothing else.
    let (mut game, druid, shaman) = entangled_enemy(Army::OrcsAndGoblins, "shaman");
    let rolls = play_for_rolls(&mut game, 1, &cast(shaman, "smash"), &[4]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(has_marker(&game, shaman, "smash"));
    assert!(has_marker(&game, shaman, "entangled"));
    // Moving is what the entanglement waits for: a 4 escapes, then the move.
    play_for_rolls(&mut game, 0, &druid_casts_on_itself(druid), &[3]);
    let rolls = play_for_rolls(&mut game, 1, &step(shaman, "e5"), &[4]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert!(at(&game, shaman, "e5"));
    assert!(!has_marker(&game, shaman, "entangled"));
}

/// Seat 0's turn, spent without touching the board when the script gives
/// the Druid a 3 (Armour of Thorns needs 5+).
fn druid_casts_on_itself(druid: PieceId) -> Action {
    cast_at(druid, "armour-of-thorns", druid)
}

#[test]
fn entangle_cast_then_the_enemy_loses_its_move() {
    let (mut p, druid) = druid();
    let goblin = p.place(1, "goblin", "e6");
    p.moved(goblin);
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &cast_at(druid, "entangle", goblin), &[6]);
    play_for_rolls(&mut game, 1, &step(goblin, "e5"), &[2]);
    assert!(at(&game, goblin, "e6"));
    assert_eq!(active(&game), vec![Seat(0)]);
}
