//! Firing (W17–W23): every weapon's to-hit, range, sight and save modifier;
//! crossbows never indirect nor after moving; catapults scattering, twice
//! when fired indirectly, and off the board; the fear catapult's automatic
//! hit; rocks; the corner choice of sight; a shot into melee; no fire in
//! melee; one shot a turn; a Stupid unit's test before it fires.

mod cw_common;
mod kit;
use cw_common::*;

fn firing(races: [Race; 2]) -> Position {
    Position::new(races).turn(0, Step::Firing, 1)
}

#[test]
fn bows_hit_on_three_and_the_target_saves_unmodified() {
    let mut position = firing([Race::Humans, Race::Orcs]);
    let archers = position.place(0, "archers", "c2");
    let boyz = position.place(1, "orc-boyz", "c6");
    let mut game = position.build();
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.action.verb == "fire")
        .expect("a shot is offered");
    assert_eq!(option.notation, "Bc2xc6");
    assert_eq!(option.label, "Archers on c2 shoot Orc Boyz on c6");
    // 3 hits; the Orc Boyz (3+) save on 3 with no modifier.
    let effects = act(&mut game, 0, &shoot(archers, boyz), &[3, 3]);
    assert_eq!(results(&effects), vec!["hit", "saved"]);
    assert!(markers(&game, archers).contains(&"fired".to_string()));
    // One shot per unit per turn.
    assert!(notations_of(&game, 0, "fire").is_empty());
    let again = refused(&mut game, 0, &shoot(archers, boyz));
    assert!(again.message.contains("already fired"), "{}", again.message);
}

#[test]
fn a_missed_shot_rolls_nothing_more_and_a_failed_save_destroys() {
    let mut position = firing([Race::Humans, Race::Orcs]);
    let archers = position.place(0, "archers", "c2");
    let boyz = position.place(1, "orc-boyz", "c6");
    let mut game = position.build();
    let mut missed = game.clone();
    let effects = act(&mut missed, 0, &shoot(archers, boyz), &[2]);
    assert_eq!(results(&effects), vec!["missed"]);
    act(&mut game, 0, &shoot(archers, boyz), &[4, 2]);
    assert!(is_removed(&game, boyz));
}

#[test]
fn bows_reach_four_squares_and_long_bows_five_at_two_up() {
    let mut position = firing([Race::Elves, Race::Orcs]);
    let archers = position.place(0, "archers", "a1");
    let elite = position.place(0, "elite-archers", "h1");
    let near = position.place(1, "orc-boyz", "e6");
    let far = position.place(1, "orc-boyz", "a7");
    let mut game = position.build();
    // a1 to e6 is 5 away, a7 6: the Archers reach neither.
    let out = refused(&mut game, 0, &shoot(archers, near));
    assert!(out.message.contains("out of range"), "{}", out.message);
    assert_eq!(notations_of(&game, 0, "fire"), vec!["Bh1xe6"]);
    // Long Bows hit on 2.
    let effects = act(&mut game, 0, &shoot(elite, near), &[2, 3]);
    assert_eq!(results(&effects), vec!["hit", "saved"]);
    assert!(!is_removed(&game, far));
}

#[test]
fn undead_archers_need_four_to_hit() {
    let mut position = firing([Race::Undead, Race::Orcs]);
    let archers = position.place(0, "undead-archers", "c2");
    let boyz = position.place(1, "orc-boyz", "c5");
    let mut game = position.build();
    let effects = act(&mut game.clone(), 0, &shoot(archers, boyz), &[3]);
    assert_eq!(
        rolls_told(&effects)[0].0,
        "Undead Archers on c2 shoot Orc Boyz on c5 (4+)"
    );
    assert_eq!(results(&effects), vec!["missed"]);
    let effects = act(&mut game, 0, &shoot(archers, boyz), &[4, 6]);
    assert_eq!(results(&effects), vec!["hit", "saved"]);
}

#[test]
fn crossbows_take_one_from_the_save_and_fire_neither_after_moving_nor_indirectly() {
    let mut position = firing([Race::Dwarves, Race::Orcs]);
    let crossbows = position.place(0, "crossbowers", "c2");
    let boyz = position.place(1, "orc-boyz", "c5");
    let game = position.build();
    // The Orc Boyz' 3+ save: 3 − 1 fails.
    let effects = act(&mut game.clone(), 0, &shoot(crossbows, boyz), &[3, 3]);
    assert_eq!(results(&effects), vec!["hit", "failed"]);
    assert_eq!(
        rolls_told(&effects)[1].0,
        "Orc Boyz on c5 saves against the shot (3+)"
    );
    let save = effects
        .iter()
        .filter_map(|e| match &e.effect {
            Effect::DiceRolled { roll } => Some(roll.modifier),
            _ => None,
        })
        .nth(1);
    assert_eq!(save, Some(-1));

    let mut moved = firing([Race::Dwarves, Race::Orcs]);
    let crossbows = moved.place(0, "crossbowers", "c2");
    let boyz = moved.place(1, "orc-boyz", "c5");
    moved.marks(crossbows, |m| m.moved = true);
    let mut game = moved.build();
    let refusal = refused(&mut game, 0, &shoot(crossbows, boyz));
    assert!(
        refusal.message.contains("cannot fire after moving"),
        "{}",
        refusal.message
    );

    // A unit on c3 blocks the Crossbowers' line; the Warlord on e4 sees c5,
    // which would do for a bow but not for a crossbow.
    let mut blocked = firing([Race::Dwarves, Race::Orcs]);
    let crossbows = blocked.place(0, "crossbowers", "c1");
    blocked.place(0, "infantry", "c3");
    blocked.place(0, "warlord", "e3");
    let boyz = blocked.place(1, "orc-boyz", "c5");
    let mut game = blocked.build();
    assert!(!notations_of(&game, 0, "fire").contains(&"Bc1xc5".to_string()));
    let refusal = refused(&mut game, 0, &shoot(crossbows, boyz));
    assert!(
        refusal.message.contains("cannot see"),
        "{}",
        refusal.message
    );
}

#[test]
fn bows_fire_indirectly_at_what_a_friend_sees() {
    let mut position = firing([Race::Humans, Race::Orcs]);
    let archers = position.place(0, "archers", "c1");
    position.place(0, "infantry", "c3");
    position.place(0, "general", "e3");
    let boyz = position.place(1, "orc-boyz", "c5");
    let mut game = position.build();
    act(&mut game, 0, &shoot(archers, boyz), &[3, 1]);
    assert!(is_removed(&game, boyz));
}

#[test]
fn sight_at_a_corner_is_blocked_only_when_both_squares_beside_it_hold_units() {
    // a1 to d2 passes exactly through the corner of b2 and c1.
    let corner = |both: bool| {
        let mut position = firing([Race::Dwarves, Race::Orcs]);
        position.place(0, "crossbowers", "a1");
        position.place(0, "infantry", "b2");
        if both {
            position.place(0, "infantry", "c1");
        }
        position.place(1, "orc-boyz", "d2");
        notations_of(&position.build(), 0, "fire")
    };
    assert_eq!(corner(false), vec!["Ba1xd2"]);
    assert!(corner(true).is_empty());
}

#[test]
fn a_catapult_on_target_hits_on_three_and_the_save_is_at_minus_one() {
    let mut position = firing([Race::Humans, Race::Orcs]);
    let catapults = position.place(0, "catapults", "d1");
    let boyz = position.place(1, "orc-boyz", "d7");
    let mut game = position.build();
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.notation == "Rd1@d7")
        .expect("the square is offered");
    assert_eq!(
        option.label,
        "Catapults on d1 shoot at d7, where Orc Boyz stand"
    );
    // Seen directly: one scatter roll, 5 on target; 3 hits; 3 − 1 fails.
    let effects = act(&mut game, 0, &shoot_at(catapults, "d7"), &[5, 3, 3]);
    assert_eq!(results(&effects), vec!["lands on d7", "hit", "failed"]);
    assert!(is_removed(&game, boyz));
}

#[test]
fn a_catapult_scatters_as_its_player_sees_the_board_and_hits_whoever_is_there() {
    let mut position = firing([Race::Humans, Race::Orcs]);
    let catapults = position.place(0, "catapults", "d1");
    let general = position.place(0, "general", "b1");
    let boyz = position.place(1, "orc-boyz", "e6");
    let mut game = position.build();
    // 2: one square right of d6 for seat 0, onto the Orc Boyz.
    let effects = act(&mut game.clone(), 0, &shoot_at(catapults, "d6"), &[2, 2]);
    assert_eq!(results(&effects), vec!["lands on e6", "missed"]);
    // 4: one square left of e6, onto nobody.
    let effects = act(&mut game.clone(), 0, &shoot_at(catapults, "e6"), &[4]);
    assert_eq!(results(&effects), vec!["lands on d6"]);
    // A catapult hits any unit where it lands, its own side's too.
    act(&mut game, 0, &shoot_at(catapults, "b2"), &[3, 3, 2]);
    assert!(is_removed(&game, general));
    assert!(!is_removed(&game, boyz));
}

#[test]
fn a_catapult_shot_scattered_off_the_board_hits_nothing() {
    let mut position = firing([Race::Humans, Race::Orcs]);
    let catapults = position.place(0, "catapults", "h1");
    let boyz = position.place(1, "orc-boyz", "h8");
    let mut game = position.build();
    // 1: one square up from h8, off the board.
    let effects = act(&mut game, 0, &shoot_at(catapults, "h8"), &[1]);
    assert_eq!(results(&effects), vec!["lands off the board"]);
    assert!(!is_removed(&game, boyz));
}

#[test]
fn an_indirect_catapult_shot_rolls_scatter_twice_and_opposite_rolls_cancel() {
    let mut position = firing([Race::Humans, Race::Orcs]);
    let catapults = position.place(0, "catapults", "d1");
    position.place(0, "infantry", "d2");
    position.place(0, "archers", "f4");
    let boyz = position.place(1, "orc-boyz", "d6");
    let mut game = position.build();
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.notation == "Rd1@d6")
        .expect("a friend sees d6");
    assert!(
        option
            .label
            .ends_with("(unseen by them: two scatter rolls)")
    );
    // 1 up then 3 down: back on d6; hit on 4; save 1 fails.
    let effects = act(&mut game, 0, &shoot_at(catapults, "d6"), &[1, 3, 4, 1]);
    assert_eq!(rolls_told(&effects)[0].1, vec![1, 3]);
    assert_eq!(results(&effects)[0], "lands on d6");
    assert!(is_removed(&game, boyz));
}

#[test]
fn catapults_have_the_whole_board_but_never_a_square_nobody_sees() {
    let mut position = firing([Race::Humans, Race::Orcs]);
    position.place(0, "catapults", "a1");
    position.place(1, "orc-boyz", "h8");
    let game = position.build();
    // Every square but its own: nothing stands between a1 and any square.
    assert_eq!(notations_of(&game, 0, "fire").len(), 63);

    // a2 blocks the catapult's file; the Orc Boyz on a4 block a2's: no
    // unit of seat 0 sees a5, which is not offered, while a4 is.
    let mut walled = firing([Race::Humans, Race::Orcs]);
    walled.place(0, "catapults", "a1");
    walled.place(0, "infantry", "a2");
    walled.place(1, "orc-boyz", "a4");
    let offered = notations_of(&walled.build(), 0, "fire");
    assert!(offered.contains(&"Ra1@a4".to_string()));
    assert!(!offered.contains(&"Ra1@a5".to_string()));
}

#[test]
fn catapults_of_fear_hit_without_a_roll_unless_the_target_is_immune() {
    let mut position = firing([Race::Undead, Race::Orcs]);
    let catapults = position.place(0, "catapults", "d1");
    let boyz = position.place(1, "orc-boyz", "d6");
    let warlord = position.place(1, "warlord", "f6");
    let mut game = position.build();
    // On target, no to-hit roll: the save at −1 (3 − 1 fails).
    let effects = act(&mut game.clone(), 0, &shoot_at(catapults, "d6"), &[6, 3]);
    assert_eq!(results(&effects), vec!["lands on d6", "failed"]);
    // The Warlord is immune to fear: an ordinary 3+ to hit, which 2 misses.
    let effects = act(&mut game, 0, &shoot_at(catapults, "f6"), &[5, 2]);
    assert_eq!(results(&effects), vec!["lands on f6", "missed"]);
    assert!(!is_removed(&game, warlord) && !is_removed(&game, boyz));
}

#[test]
fn rocks_are_thrown_after_moving_but_reach_only_four_squares() {
    let mut position = firing([Race::Chaos, Race::Orcs]);
    let giants = position.place(0, "giants", "d2");
    position.marks(giants, |m| m.moved = true);
    position.place(1, "orc-boyz", "d7");
    let game = position.build();
    let offered = notations_of(&game, 0, "fire");
    assert!(offered.contains(&"Rd2@d6".to_string()));
    assert!(!offered.contains(&"Rd2@d7".to_string()), "d7 is 5 away");
}

#[test]
fn catapults_do_not_fire_in_a_turn_they_moved() {
    // Only a Flight moves a catapult (W47); the mark is what counts.
    let mut position = firing([Race::Humans, Race::Orcs]);
    let catapults = position.place(0, "catapults", "d1");
    position.marks(catapults, |m| m.moved = true);
    position.place(1, "orc-boyz", "d7");
    let mut game = position.build();
    assert!(notations_of(&game, 0, "fire").is_empty());
    let refusal = refused(&mut game, 0, &shoot_at(catapults, "d7"));
    assert!(
        refusal.message.contains("cannot fire after moving"),
        "{}",
        refusal.message
    );
}

#[test]
fn a_shot_into_melee_hits_an_opponent_too_on_one_to_three() {
    let mut position = firing([Race::Humans, Race::Orcs]);
    let archers = position.place(0, "archers", "c2");
    let infantry = position.place(0, "infantry", "d5");
    let boyz = position.place(1, "orc-boyz", "c6");
    let mut game = position.build();
    // Hit; the melee roll 3 hits the Infantry too; the Boyz save on 6, the
    // Infantry (4+) fail on 1.
    let effects = act(&mut game.clone(), 0, &shoot(archers, boyz), &[3, 3, 6, 1]);
    assert_eq!(
        results(&effects),
        vec!["hit", "an opponent is hit too", "saved", "failed"]
    );
    // 4–6: only the target.
    let effects = act(&mut game, 0, &shoot(archers, boyz), &[3, 4, 6]);
    assert_eq!(
        results(&effects),
        vec!["hit", "only the target is hit", "saved"]
    );
    assert!(!is_removed(&game, infantry));
}

#[test]
fn among_several_opponents_a_die_picks_the_one_hit_too() {
    let mut position = firing([Race::Humans, Race::Orcs]);
    let archers = position.place(0, "archers", "c2");
    let left = position.place(0, "infantry", "b5");
    let right = position.place(0, "infantry", "d5");
    let boyz = position.place(1, "orc-boyz", "c6");
    let mut game = position.build();
    // The second of two (b5, d5 in square order) is hit: d5.
    let effects = act(&mut game, 0, &shoot(archers, boyz), &[3, 1, 2, 6, 1]);
    assert_eq!(rolls_told(&effects)[2].1, vec![2]);
    assert!(is_removed(&game, right));
    assert!(!is_removed(&game, left));
}

#[test]
fn a_unit_in_melee_does_not_fire() {
    let mut position = firing([Race::Humans, Race::Orcs]);
    let archers = position.place(0, "archers", "c4");
    let boyz = position.place(1, "orc-boyz", "c5");
    position.place(1, "orc-boyz", "c7");
    let mut game = position.build();
    assert!(notations_of(&game, 0, "fire").is_empty());
    let refusal = refused(&mut game, 0, &shoot(archers, boyz));
    assert!(refusal.message.contains("in melee"), "{}", refusal.message);
}

#[test]
fn a_stupid_unit_tests_before_it_throws_and_a_failure_stops_the_shot() {
    let mut position = firing([Race::Orcs, Race::Humans]);
    let trolls = position.place(0, "trolls", "d3");
    let infantry = position.place(1, "infantry", "d6");
    let mut game = position.build();
    let effects = act(&mut game.clone(), 0, &shoot_at(trolls, "d6"), &[2]);
    assert_eq!(results(&effects), vec!["stupid this turn"]);
    let mut stupid = game.clone();
    act(&mut stupid, 0, &shoot_at(trolls, "d6"), &[2]);
    assert!(notations_of(&stupid, 0, "fire").is_empty());
    // Passing, the Trolls throw at once: on target, hit, save failed.
    let effects = act(&mut game, 0, &shoot_at(trolls, "d6"), &[3, 6, 3, 1]);
    assert_eq!(
        results(&effects),
        vec!["acts normally this turn", "lands on d6", "hit", "failed"]
    );
    // Rocks leave the save unmodified.
    assert_eq!(modifiers(&effects), vec![0, 0, 0, 0]);
    assert!(is_removed(&game, infantry));
}

#[test]
fn firing_is_refused_outside_the_firing_phase() {
    let mut position = Position::new([Race::Humans, Race::Orcs]);
    let archers = position.place(0, "archers", "c2");
    let boyz = position.place(1, "orc-boyz", "c6");
    let mut game = position.build();
    let refusal = refused(&mut game, 0, &shoot(archers, boyz));
    assert!(
        refusal.message.contains("firing phase"),
        "{}",
        refusal.message
    );
    let wrong = refused(&mut game, 0, &Action::new("fire").piece(archers));
    assert_eq!(wrong.code, RejectCode::UnknownAction);
}

/// Human Catapults on d1, their own Infantry on d5, Orc Boyz on d7.
fn catapults_behind_their_infantry(rulings: Rulings) -> (ChessWar, PieceId) {
    let mut position = firing([Race::Humans, Race::Orcs]).rulings(rulings);
    let catapults = position.place(0, "catapults", "d1");
    position.place(0, "infantry", "d5");
    position.place(1, "orc-boyz", "d7");
    (position.build(), catapults)
}

#[test]
fn catapults_and_rocks_fire_at_the_enemy_never_at_a_square_of_their_own_side() {
    let (mut game, catapults) = catapults_behind_their_infantry(Rulings::Book);
    let offered = notations_of(&game, 0, "fire");
    assert!(!offered.contains(&"Rd1@d5".to_string()), "{offered:?}");
    // The enemy's square, and empty ones, are still targets.
    assert!(offered.contains(&"Rd1@d7".to_string()));
    assert!(offered.contains(&"Rd1@d4".to_string()));
    let refusal = refused(&mut game, 0, &shoot_at(catapults, "d5"));
    assert!(
        refusal.message.contains("your own Infantry"),
        "{}",
        refusal.message
    );

    // Rocks too: the Giants on d2 may throw at no square of the Beastmen.
    let mut position = firing([Race::Chaos, Race::Orcs]);
    position.place(0, "giants", "d2");
    position.place(0, "beastmen", "d4");
    position.place(1, "orc-boyz", "e5");
    let offered = notations_of(&position.build(), 0, "fire");
    assert!(offered.contains(&"Rd2@e5".to_string()));
    assert!(!offered.contains(&"Rd2@d4".to_string()), "{offered:?}");
}

#[test]
fn with_the_fray_2026_rulings_catapults_may_aim_at_their_own_side() {
    let (mut game, catapults) = catapults_behind_their_infantry(Rulings::Fray2026);
    assert!(notations_of(&game, 0, "fire").contains(&"Rd1@d5".to_string()));
    // Scatter 6: on target; 2 misses the Infantry.
    let effects = act(&mut game, 0, &shoot_at(catapults, "d5"), &[6, 2]);
    assert_eq!(results(&effects), vec!["lands on d5", "missed"]);
}
