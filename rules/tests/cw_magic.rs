//! Spells on the caster's own turn (W33, W38, W39, W42–W51): Zap! and its
//! sight, Storm, Fear and Plague on their 3×3 areas, Protection, Strike,
//! Flight of a friend and of an enemy who resists, anti-magic's 5+, one
//! spell per own turn, and when each kind may be cast.

mod cw_common;
mod kit;
use cw_common::*;

fn at(races: [Race; 2], step: Step) -> Position {
    Position::new(races).turn(0, step, 1)
}

#[test]
fn zap_hits_on_three_and_the_save_is_at_minus_one() {
    let mut position = at([Race::Humans, Race::Orcs], Step::Firing);
    let wizard = position.place(0, "wizard", "d1");
    let boyz = position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    assert_eq!(stat(&game, wizard, "Spell").as_deref(), Some("ready"));
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.notation == "Qd1:zap@d5")
        .expect("Zap! is offered");
    assert_eq!(option.label, "Wizard on d1 cast Zap! at Orc Boyz on d5");
    let effects = act(&mut game, 0, &cast_at(wizard, "zap", boyz), &[3, 3]);
    assert_eq!(results(&effects), vec!["hit", "failed"]);
    assert_eq!(modifiers(&effects), vec![0, -1]);
    assert!(is_removed(&game, boyz));
    assert_eq!(stat(&game, wizard, "Spell").as_deref(), Some("spent"));
    assert!(markers(&game, wizard).contains(&"fired".to_string()));
    // One spell a turn: nothing else is offered to the Wizard.
    assert!(notations_of(&game, 0, "cast").is_empty());
}

#[test]
fn zap_needs_sight_and_reaches_six_squares() {
    let mut position = at([Race::Humans, Race::Orcs], Step::Firing);
    let wizard = position.place(0, "wizard", "d1");
    position.place(0, "infantry", "d3");
    let hidden = position.place(1, "orc-boyz", "d5");
    position.place(1, "orc-boyz", "a7");
    position.place(1, "orc-boyz", "f5");
    let mut game = position.build();
    // d5 is behind the Infantry; a7 is 6 away but b2..? is clear; f5 seen.
    let zaps: Vec<String> = notations_of(&game, 0, "cast")
        .into_iter()
        .filter(|n| n.contains("zap"))
        .collect();
    assert_eq!(zaps, vec!["Qd1:zap@a7", "Qd1:zap@f5"]);
    let refusal = refused(&mut game, 0, &cast_at(wizard, "zap", hidden));
    assert!(
        refusal.message.contains("cannot take that target"),
        "{}",
        refusal.message
    );

    let mut far = at([Race::Humans, Race::Orcs], Step::Firing);
    far.place(0, "wizard", "a1");
    far.place(1, "orc-boyz", "a8");
    assert!(
        notations_of(&far.build(), 0, "cast")
            .iter()
            .all(|n| !n.contains("zap"))
    );
}

#[test]
fn zap_is_an_attack_spell_of_the_firing_phase_not_cast_in_melee() {
    let mut position = at([Race::Humans, Race::Orcs], Step::Movement);
    let wizard = position.place(0, "wizard", "d1");
    let boyz = position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    let refusal = refused(&mut game, 0, &cast_at(wizard, "zap", boyz));
    assert!(
        refusal.message.contains("firing phase"),
        "{}",
        refusal.message
    );

    let mut melee = at([Race::Humans, Race::Orcs], Step::Firing);
    let wizard = melee.place(0, "wizard", "d4");
    let boyz = melee.place(1, "orc-boyz", "d5");
    let mut game = melee.build();
    let refusal = refused(&mut game, 0, &cast_at(wizard, "zap", boyz));
    assert!(refusal.message.contains("in melee"), "{}", refusal.message);
}

#[test]
fn storm_strikes_every_unit_of_the_area_on_four_friend_and_foe() {
    let mut position = at([Race::Humans, Race::Orcs], Step::Firing);
    let wizard = position.place(0, "wizard", "d2");
    let infantry = position.place(0, "infantry", "d4");
    let near = position.place(1, "orc-boyz", "e5");
    let corner = position.place(1, "orc-boyz", "f6");
    let outside = position.place(1, "orc-boyz", "g7");
    let mut game = position.build();
    // In square order d4, e5, f6: struck on 4, missed on 3, struck on 6;
    // then the saves of the struck: the Infantry fail on 3, the Boyz pass.
    let effects = act(
        &mut game,
        0,
        &cast_on(wizard, "storm", "e5"),
        &[4, 3, 6, 3, 3],
    );
    assert_eq!(
        results(&effects),
        vec!["hit", "missed", "hit", "failed", "saved"]
    );
    assert!(is_removed(&game, infantry));
    assert!(!is_removed(&game, near) && !is_removed(&game, corner) && !is_removed(&game, outside));
}

#[test]
fn a_summon_needs_a_wizard_that_did_not_move_and_comes_before_the_first_shot_or_attack() {
    let mut position = at([Race::Humans, Race::Orcs], Step::Firing);
    let wizard = position.place(0, "wizard", "d2");
    let archers = position.place(0, "archers", "c2");
    let boyz = position.place(1, "orc-boyz", "c6");
    let mut game = position.build();
    assert!(notations_of(&game, 0, "cast").contains(&"Qd2:storm@e5".to_string()));
    act(&mut game, 0, &shoot(archers, boyz), &[1]);
    let refusal = refused(&mut game, 0, &cast_on(wizard, "storm", "e5"));
    assert!(
        refusal.message.contains("before the first shot"),
        "{}",
        refusal.message
    );
    // After melee, in the closing step, the summon is there again.
    end_until(&mut game, 0, Step::Closing);
    assert!(notations_of(&game, 0, "cast").contains(&"Qd2:storm@e5".to_string()));

    let mut moved = at([Race::Humans, Race::Orcs], Step::Closing);
    let wizard = moved.place(0, "wizard", "d2");
    moved.marks(wizard, |m| m.moved = true);
    moved.place(1, "orc-boyz", "c6");
    let mut game = moved.build();
    let refusal = refused(&mut game, 0, &cast_on(wizard, "storm", "e5"));
    assert!(refusal.message.contains("moved"), "{}", refusal.message);
}

/// The Chaos Sorcerer on f1, and the Giants on d2 who throw a rock at d3
/// that falls back on them and destroys them: "before firing" is over.
fn giants_crushed_by_their_own_rock(rulings: Rulings) -> (ChessWar, PieceId) {
    let mut position = at([Race::Chaos, Race::Orcs], Step::Firing).rulings(rulings);
    let sorcerer = position.place(0, "sorcerer", "f1");
    let giants = position.place(0, "giants", "d2");
    position.place(1, "orc-boyz", "h8");
    let mut game = position.build();
    assert!(notations_of(&game, 0, "cast").contains(&"Qf1:storm@g6".to_string()));
    // Scatter 3: one square down, onto d2; 3 hits; the save's 1 fails.
    let effects = act(&mut game, 0, &shoot_at(giants, "d3"), &[3, 3, 1]);
    assert_eq!(results(&effects), vec!["lands on d2", "hit", "failed"]);
    assert!(is_removed(&game, giants));
    (game, sorcerer)
}

/// The Sorcerer on f1, and Thug Bowmen on d4 whose attack on the Orc Boyz
/// on d5 is repelled, and who fail their save: "between firing and melee"
/// is over.
fn bowmen_fallen_in_melee(rulings: Rulings) -> (ChessWar, PieceId) {
    let mut position = at([Race::Chaos, Race::Orcs], Step::Melee).rulings(rulings);
    let sorcerer = position.place(0, "sorcerer", "f1");
    let bowmen = position.place(0, "thug-bowmen", "d4");
    position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    assert!(notations_of(&game, 0, "cast").contains(&"Qf1:storm@g6".to_string()));
    // 1 − 1 + 0 = 0: repelled; the Bowmen's 5+ save fails on 1.
    let effects = act(&mut game, 0, &attack(bowmen), &[1, 1]);
    assert_eq!(
        results(&effects),
        vec!["repelled: the attacker saves", "failed"]
    );
    assert!(is_removed(&game, bowmen));
    (game, sorcerer)
}

#[test]
fn once_a_unit_has_acted_in_a_phase_no_summon_is_cast_in_it_even_if_the_unit_fell() {
    let (mut game, sorcerer) = giants_crushed_by_their_own_rock(Rulings::Book);
    assert!(notations_of(&game, 0, "cast").is_empty());
    let refusal = refused(&mut game, 0, &cast_on(sorcerer, "storm", "g6"));
    assert!(
        refusal.message.contains("before the first shot"),
        "{}",
        refusal.message
    );
    // The next moment, between firing and melee, is the melee phase's start.
    end_until(&mut game, 0, Step::Melee);
    act(&mut game, 0, &cast_on(sorcerer, "storm", "g6"), &[]);

    let (mut game, sorcerer) = bowmen_fallen_in_melee(Rulings::Book);
    assert!(notations_of(&game, 0, "cast").is_empty());
    let refusal = refused(&mut game, 0, &cast_on(sorcerer, "storm", "g6"));
    assert!(
        refusal.message.contains("before the first attack"),
        "{}",
        refusal.message
    );
    // After melee, in the closing step.
    end_until(&mut game, 0, Step::Closing);
    act(&mut game, 0, &cast_on(sorcerer, "storm", "g6"), &[]);
}

#[test]
fn with_the_fray_2026_rulings_only_units_still_standing_close_the_summon_moment() {
    // Nothing in the area around g6: the Storm rolls no die.
    let (mut game, sorcerer) = giants_crushed_by_their_own_rock(Rulings::Fray2026);
    act(&mut game, 0, &cast_on(sorcerer, "storm", "g6"), &[]);
    let (mut game, sorcerer) = bowmen_fallen_in_melee(Rulings::Fray2026);
    act(&mut game, 0, &cast_on(sorcerer, "storm", "g6"), &[]);
}

#[test]
fn plague_makes_every_unit_of_the_area_not_immune_save_at_plus_one() {
    let mut position = at([Race::Chaos, Race::Orcs], Step::Closing);
    let sorcerer = position.place(0, "sorcerer", "d1");
    let lord = position.place(0, "chaos-lord", "c4");
    let beastmen = position.place(0, "beastmen", "e4");
    let saved = position.place(1, "orc-boyz", "d5");
    let failed = position.place(1, "orc-boyz", "d6");
    let mut game = position.build();
    // The Chaos Lord and the Beastmen are immune; d5 saves on 2 + 1, d6
    // fails on 1.
    let effects = act(&mut game, 0, &cast_on(sorcerer, "plague", "d5"), &[2, 1]);
    assert_eq!(results(&effects), vec!["saved", "failed"]);
    assert_eq!(modifiers(&effects), vec![1, 1]);
    assert!(!is_removed(&game, saved) && is_removed(&game, failed));
    assert!(!is_removed(&game, lord) && !is_removed(&game, beastmen));
}

#[test]
fn fear_scares_the_enemies_of_the_area_until_the_casters_next_turn() {
    let mut position = at([Race::Elves, Race::Orcs], Step::Closing);
    let wizard = position.place(0, "wizard", "d1");
    let archers = position.place(0, "archers", "c3");
    let boyz = position.place(1, "orc-boyz", "c5");
    let warlord = position.place(1, "warlord", "d5");
    let steady = position.place(1, "orc-boyz", "e5");
    let mut game = position.build();
    // Only the enemy Boyz save (the Warlord is immune, the Archers are
    // friends): c5 fails on 2, e5 passes on 3.
    let effects = act(&mut game, 0, &cast_on(wizard, "fear", "d4"), &[2, 3]);
    assert_eq!(results(&effects), vec!["failed", "saved"]);
    assert!(markers(&game, boyz).contains(&"terrified".to_string()));
    assert!(!markers(&game, steady).contains(&"terrified".to_string()));
    assert!(markers(&game, warlord).is_empty() && markers(&game, archers).is_empty());
    // Through the Orcs' whole turn, gone when the Elves' next one begins.
    end_until(&mut game, 1, Step::Closing);
    assert!(markers(&game, boyz).contains(&"terrified".to_string()));
    end_until(&mut game, 0, Step::Movement);
    assert!(!markers(&game, boyz).contains(&"terrified".to_string()));
}

/// The Chaos Sorcerer on d1 and the Chaos Lord on d4, in melee with Orc
/// Boyz on d5 that braved its charge; more Boyz on f6, in no melee. The
/// Fear spell's area around e5 holds both Boyz.
fn fear_on_a_melee_with_the_chaos_lord(rulings: Rulings) -> (ChessWar, PieceId, PieceId, PieceId) {
    let mut position = at([Race::Chaos, Race::Orcs], Step::Closing).rulings(rulings);
    let sorcerer = position.place(0, "sorcerer", "d1");
    position.place(0, "chaos-lord", "d4");
    let braved = position.place(1, "orc-boyz", "d5");
    position.marks(braved, |m| m.steadfast = true);
    let free = position.place(1, "orc-boyz", "f6");
    (position.build(), sorcerer, braved, free)
}

#[test]
fn the_fear_spell_does_not_test_a_unit_in_melee_with_a_fear_causer() {
    let (mut game, sorcerer, braved, free) = fear_on_a_melee_with_the_chaos_lord(Rulings::Book);
    // One save only, the free Boyz': 2 fails. Those in melee with the Lord
    // are "immune to fear until combat is over".
    let effects = act(&mut game, 0, &cast_on(sorcerer, "fear", "e5"), &[2]);
    assert_eq!(rolls_told(&effects).len(), 1, "{:?}", rolls_told(&effects));
    assert_eq!(results(&effects), vec!["failed"]);
    assert!(markers(&game, free).contains(&"terrified".to_string()));
    assert_eq!(markers(&game, braved), vec!["steadfast"]);
}

#[test]
fn with_the_fray_2026_rulings_the_fear_spell_tests_a_unit_in_melee_with_a_fear_causer() {
    let (mut game, sorcerer, braved, free) = fear_on_a_melee_with_the_chaos_lord(Rulings::Fray2026);
    // d5 first: its 3 saves; f6's 2 fails.
    let effects = act(&mut game, 0, &cast_on(sorcerer, "fear", "e5"), &[3, 2]);
    assert_eq!(results(&effects), vec!["saved", "failed"]);
    assert!(!markers(&game, braved).contains(&"terrified".to_string()));
    assert!(markers(&game, free).contains(&"terrified".to_string()));
}

#[test]
fn a_unit_scared_by_the_spell_fights_at_minus_one_and_cannot_kill_defensively() {
    let mut position = at([Race::Humans, Race::Orcs], Step::Melee);
    let archers = position.place(0, "archers", "d4");
    let boyz = position.place(1, "orc-boyz", "d5");
    position.marks(boyz, |m| m.terrified = true);
    let mut game = position.build();
    // −1 for the Archers, +1 for the Boyz' fear: 1 in all is repelled, yet
    // a scared defender cannot destroy the attacker, and no save is rolled.
    let effects = act(&mut game, 0, &attack(archers), &[1]);
    assert_eq!(modifiers(&effects), vec![0]);
    assert_eq!(results(&effects), vec!["repelled: the attacker saves"]);
    assert!(!is_removed(&game, archers));
}

#[test]
fn protection_adds_two_to_the_saves_until_the_turn_ends() {
    let mut position = at([Race::Humans, Race::Orcs], Step::Melee);
    let wizard = position.place(0, "wizard", "d1");
    let infantry = position.place(0, "infantry", "d4");
    position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    act(&mut game, 0, &cast_at(wizard, "protection", infantry), &[]);
    assert!(markers(&game, infantry).contains(&"protected".to_string()));
    // 1: repelled; the Infantry (4+) save on 2 + 2.
    let effects = act(&mut game, 0, &attack(infantry), &[1, 2]);
    assert_eq!(results(&effects)[1], "saved");
    assert_eq!(modifiers(&effects), vec![0, 2]);
    end_until(&mut game, 1, Step::Movement);
    assert!(!markers(&game, infantry).contains(&"protected".to_string()));
}

#[test]
fn strike_adds_two_to_an_attack_roll_this_phase() {
    let mut position = at([Race::Orcs, Race::Humans], Step::Melee);
    let shaman = position.place(0, "shaman", "d2");
    let boyz = position.place(0, "orc-boyz", "d4");
    let infantry = position.place(1, "infantry", "d5");
    let mut game = position.build();
    assert!(notations_of(&game, 0, "cast").contains(&"Qd2:strike@d4".to_string()));
    act(&mut game, 0, &cast_at(shaman, "strike", boyz), &[]);
    assert!(markers(&game, boyz).contains(&"struck".to_string()));
    // 4 + 2: destroyed.
    let effects = act(&mut game, 0, &attack(boyz), &[4]);
    assert_eq!(modifiers(&effects), vec![2]);
    assert!(is_removed(&game, infantry));
}

#[test]
fn flight_carries_a_friend_that_has_not_moved_and_is_its_move() {
    let mut position = at([Race::Orcs, Race::Humans], Step::Movement);
    let shaman = position.place(0, "shaman", "d1");
    let boyz = position.place(0, "orc-boyz", "c2");
    position.place(1, "infantry", "c7");
    let mut game = position.build();
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.notation == "Qd1:flight@c2-c5")
        .expect("a flight of three squares");
    assert_eq!(
        option.label,
        "Shaman on d1 cast Flight: Orc Boyz on c2 fly to c5"
    );
    // c6 is next to the enemy: not a landing square; c5 is 3 away.
    assert!(!notations_of(&game, 0, "cast").contains(&"Qd1:flight@c2-c6".to_string()));
    act(&mut game, 0, &fly(shaman, boyz, "c5"), &[]);
    assert_eq!(square_of(&game, boyz).as_deref(), Some("c5"));
    assert!(markers(&game, boyz).contains(&"moved".to_string()));
    assert!(destinations(&game, 0, "move", boyz).is_empty());
}

#[test]
fn an_enemy_resists_flight_with_a_save() {
    let mut position = at([Race::Orcs, Race::Humans], Step::Movement);
    let shaman = position.place(0, "shaman", "d1");
    let infantry = position.place(1, "infantry", "e6");
    let mut game = position.build();
    let mut resisted = game.clone();
    let effects = act(&mut resisted, 0, &fly(shaman, infantry, "e3"), &[4]);
    assert_eq!(results(&effects), vec!["saved"]);
    assert_eq!(square_of(&resisted, infantry).as_deref(), Some("e6"));
    act(&mut game, 0, &fly(shaman, infantry, "e3"), &[3]);
    assert_eq!(square_of(&game, infantry).as_deref(), Some("e3"));
}

#[test]
fn anti_magic_gives_a_dwarf_a_five_up_after_its_save_against_zap_and_flight() {
    let zap = |faces: &[u8]| {
        let mut position = at([Race::Humans, Race::Dwarves], Step::Firing);
        let wizard = position.place(0, "wizard", "d1");
        let infantry = position.place(1, "infantry", "d5");
        let rune_lord = position.place(1, "rune-lord", "h8");
        // The Rune Lord has no spell to answer with.
        position.spells(rune_lord, |s| {
            s.current_spent = true;
            s.next_spent = true;
        });
        let mut game = position.build();
        let effects = act(&mut game, 0, &cast_at(wizard, "zap", infantry), faces);
        (results(&effects), is_removed(&game, infantry))
    };
    assert_eq!(
        zap(&[3, 1, 5]),
        (
            vec!["hit".into(), "failed".into(), "turned aside".into()],
            false
        )
    );
    assert_eq!(
        zap(&[3, 1, 4]),
        (vec!["hit".into(), "failed".into(), "failed".into()], true)
    );

    let mut position = at([Race::Orcs, Race::Dwarves], Step::Movement);
    let shaman = position.place(0, "shaman", "d1");
    let infantry = position.place(1, "infantry", "e6");
    let rune_lord = position.place(1, "rune-lord", "h8");
    position.spells(rune_lord, |s| {
        s.current_spent = true;
        s.next_spent = true;
    });
    let mut game = position.build();
    let effects = act(&mut game, 0, &fly(shaman, infantry, "e3"), &[1, 6]);
    assert_eq!(results(&effects), vec!["failed", "turned aside"]);
    assert_eq!(square_of(&game, infantry).as_deref(), Some("e6"));
}

#[test]
fn storm_is_not_turned_aside_by_anti_magic() {
    let mut position = at([Race::Humans, Race::Dwarves], Step::Closing);
    let wizard = position.place(0, "wizard", "d1");
    let infantry = position.place(1, "infantry", "d5");
    let rune_lord = position.place(1, "rune-lord", "h8");
    position.spells(rune_lord, |s| {
        s.current_spent = true;
        s.next_spent = true;
    });
    let mut game = position.build();
    let effects = act(&mut game, 0, &cast_on(wizard, "storm", "d5"), &[4, 1]);
    assert_eq!(results(&effects), vec!["hit", "failed"]);
    assert!(is_removed(&game, infantry));
}

#[test]
fn a_wizard_casts_only_its_own_spells_and_refusals_say_why() {
    let mut position = at([Race::Humans, Race::Orcs], Step::Movement);
    let wizard = position.place(0, "wizard", "d1");
    let infantry = position.place(0, "infantry", "d2");
    position.place(1, "orc-boyz", "d7");
    let mut game = position.build();
    let refusal = refused(&mut game, 0, &fly(wizard, infantry, "d4"));
    assert!(
        refusal.message.contains("cannot cast Flight"),
        "{}",
        refusal.message
    );
    let refusal = refused(&mut game, 0, &cast_at(infantry, "zap", wizard));
    assert!(
        refusal.message.contains("cast no spells"),
        "{}",
        refusal.message
    );
    let unknown = refused(&mut game, 0, &cast_at(wizard, "fireball", infantry));
    assert_eq!(unknown.code, RejectCode::UnknownAction);
    let dispel = refused(&mut game, 0, &cast_answer(wizard, "dispel"));
    assert!(
        dispel.message.contains("reaction window"),
        "{}",
        dispel.message
    );
}

#[test]
fn an_area_at_the_edge_is_cut_off_by_it() {
    let mut position = at([Race::Humans, Race::Orcs], Step::Closing);
    let wizard = position.place(0, "wizard", "a2");
    let corner = position.place(1, "orc-boyz", "a8");
    let beside = position.place(1, "orc-boyz", "b7");
    let outside = position.place(1, "orc-boyz", "c8");
    let mut game = position.build();
    // a8's area is a7, b7, a8, b8: two units, two strikes, two saves.
    let effects = act(&mut game, 0, &cast_on(wizard, "storm", "a8"), &[4, 4, 1, 1]);
    assert_eq!(results(&effects), vec!["hit", "hit", "failed", "failed"]);
    assert!(is_removed(&game, corner) && is_removed(&game, beside));
    assert!(!is_removed(&game, outside));
}
