//! Movement, attacks and traits, each with exactly the dice it rolls.

mod cc_common;
mod kit;

use cc_common::*;

/// Seat 0's miniature on `at`, seat 1's on `enemy_at`, and a spare seat-1
/// miniature far away on h8... so one defeat does not end the game.
fn duel(mine: (&str, &[&str], &str), theirs: (&str, &[&str], &str)) -> (Game, PieceId, PieceId) {
    let mut p = Position::new(2);
    let a = p.place(0, mine.0, mine.1, mine.2);
    let b = p.place(1, theirs.0, theirs.1, theirs.2);
    p.place(1, "minion", &[], "h7");
    (p.build(), a, b)
}

#[test]
fn movement_is_straight_or_diagonal_up_to_move() {
    let (game, a, _) = duel(("regular", &[], "d4"), ("regular", &[], "h1"));
    let game = {
        let mut g = game;
        play_rolling(&mut g, 0, &activate(a), &[]);
        g
    };
    // Move 3 from d4: a 7×7 square less d4 itself.
    assert_eq!(destinations(&game, 0, a).len(), 48);
}

#[test]
fn a_step_is_told_once_by_the_piece_moving() {
    let (mut game, a, _) = duel(("regular", &[], "d4"), ("regular", &[], "h1"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    let effects = play_rolling(&mut game, 0, &step(a, "d6"), &[]);
    let moved = Effect::PieceMoved {
        piece: a,
        from: Some(sq("d4")),
        to: sq("d6"),
    };
    assert_eq!(
        effects.iter().filter(|e| e.effect == moved).count(),
        1,
        "{effects:?}"
    );
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e.effect, Effect::Narration { .. })),
        "nothing tells the step again: {effects:?}"
    );

    // A log stored before told it twice, a narration just before the move:
    // it still agrees with the rules.
    let at = effects.iter().position(|e| e.effect == moved).unwrap();
    let mut earlier = effects.clone();
    earlier.insert(
        at,
        ScopedEffect::public(Effect::Narration {
            text: "the Regular Troops moves from d4 to d6".into(),
        }),
    );
    assert!(fray_rules::agrees_as_made_earlier(
        SystemId::ChessboardConfrontation,
        &fray_rules::EveryView::referee_only(fray_protocol::View::default()),
        &earlier,
        &effects
    ));
    // Any other narration there does not.
    earlier[at] = ScopedEffect::public(Effect::Narration {
        text: "the Regular Troops moves from d4 to d5".into(),
    });
    assert!(!fray_rules::agrees_as_made_earlier(
        SystemId::ChessboardConfrontation,
        &fray_rules::EveryView::referee_only(fray_protocol::View::default()),
        &earlier,
        &effects
    ));
}

#[test]
fn obstacles_enemies_and_corner_gaps_block_allies_do_not() {
    // A corridor: a2 and b2 are obstacles, so a1's only way out is b1.
    let mut p = Position::new(2);
    let m = p.place(0, "minion", &[], "a1");
    p.place(0, "minion", &[], "b1");
    p.place(1, "minion", &[], "h8");
    p.obstacles(&["a2", "b2"]);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(m), &[]);
    // Through the ally on b1, never ending on it.
    assert_eq!(destinations(&game, 0, m), squares(&["c1", "c2"]));
    // An enemy on b1 shuts the corridor.
    let mut p = Position::new(2);
    let m = p.place(0, "minion", &[], "a1");
    p.place(1, "minion", &[], "b1");
    p.obstacles(&["a2", "b2"]);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(m), &[]);
    assert!(destinations(&game, 0, m).is_empty());
    let mut p = Position::new(2);
    let m = p.place(0, "minion", &[], "a1");
    p.place(1, "minion", &[], "h8");
    p.obstacles(&["a2", "b1"]);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(m), &[]);
    // Between two obstacles meeting at a corner: no way out.
    assert!(destinations(&game, 0, m).is_empty());
    // Flight passes over them.
    let mut p = Position::new(2);
    let f = p.place(0, "minion", &["flight"], "a1");
    p.place(1, "minion", &[], "h8");
    p.obstacles(&["a2", "b1", "b2"]);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(f), &[]);
    let reach = destinations(&game, 0, f);
    assert!(reach.contains("a3") && reach.contains("c3") && !reach.contains("b2"));
}

#[test]
fn fast_adds_two_to_move() {
    let (mut game, a, _) = duel(("minion", &["fast"], "a4"), ("regular", &[], "h1"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    let reach = destinations(&game, 0, a);
    assert!(reach.contains("e4") && !reach.contains("f4"));
}

#[test]
fn melee_hits_on_a_tie_and_removes_the_defender() {
    let (mut game, a, b) = duel(("regular", &[], "d4"), ("regular", &[], "d5"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    assert_eq!(attacks(&game, 0, a), [(b, "melee".to_string())].into());
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[3, 3]);
    assert!(is_removed(&game, b));
    // One attack a turn.
    assert!(attacks(&game, 0, a).is_empty());
}

#[test]
fn a_lower_attack_fails() {
    let (mut game, a, b) = duel(("regular", &[], "d4"), ("regular", &[], "e5"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[2, 3]);
    assert!(!is_removed(&game, b));
}

#[test]
fn ranged_needs_a_line_free_of_obstacles_and_enemies_not_allies() {
    let mut p = Position::new(2);
    let archer = p.place(0, "regular", &["greater-ranged"], "a1");
    p.place(0, "regular", &[], "a2");
    let behind_ally = p.place(1, "regular", &[], "a5");
    let behind_rock = p.place(1, "regular", &[], "e1");
    let behind_enemy = p.place(1, "regular", &[], "h8");
    let blocker = p.place(1, "regular", &[], "d4");
    p.obstacles(&["c1"]);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(archer), &[]);
    let t = targets(&game, 0, archer, "greater");
    assert_eq!(t, ids(&[behind_ally, blocker]));
    assert!(!t.contains(&behind_rock) && !t.contains(&behind_enemy));
    // Greater Ranged rolls the whole die: 5 beats 4.
    play_rolling(&mut game, 0, &attack(archer, blocker, "greater"), &[5, 4]);
    assert!(is_removed(&game, blocker));
}

#[test]
fn lesser_ranged_halves_rounding_up() {
    let (mut game, a, b) = duel(
        ("regular", &["lesser-ranged"], "a1"),
        ("regular", &[], "a6"),
    );
    play_rolling(&mut game, 0, &activate(a), &[]);
    // 5 halves to 3, which ties a Defense of 3.
    let effects = play_rolling(&mut game, 0, &attack(a, b, "lesser"), &[5, 3]);
    assert_eq!(rolls(&effects)[0].total, 3);
    assert!(is_removed(&game, b));
}

#[test]
fn brutal_sharpshooter_and_armor_keep_the_higher_of_two() {
    let (mut game, a, b) = duel(
        ("regular", &["brutal"], "d4"),
        ("regular", &["armor"], "d5"),
    );
    play_rolling(&mut game, 0, &activate(a), &[]);
    // Attack 1 and 5 → 5; Defense 6 and 2 → 6: fails.
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[1, 5, 6, 2]);
    assert!(!is_removed(&game, b));
    let (mut game, a, b) = duel(
        ("regular", &["sharpshooter", "greater-ranged"], "a1"),
        ("regular", &[], "a6"),
    );
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "greater"), &[2, 6, 5]);
    assert!(is_removed(&game, b));
}

#[test]
fn poison_marks_instead_of_defeating_and_costs_one_on_every_roll() {
    let (mut game, a, b) = duel(("regular", &["poison"], "d4"), ("regular", &[], "d5"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    assert!(attacks(&game, 0, a).contains(&(b, "melee-poison".to_string())));
    play_rolling(&mut game, 0, &attack(a, b, "melee-poison"), &[4, 4]);
    assert!(!is_removed(&game, b));
    assert!(has_marker(&game, b, "poison"));
    play_rolling(&mut game, 0, &end(), &[]);
    // Seat 1's poisoned miniature attacks: 5 - 1 = 4 against 5: fails.
    play_rolling(&mut game, 1, &activate(b), &[]);
    assert!(
        !attacks(&game, 1, b)
            .iter()
            .any(|(_, c)| c.ends_with("poison"))
    );
    let effects = play_rolling(&mut game, 1, &attack(b, a, "melee"), &[5, 5]);
    assert_eq!(rolls(&effects)[0].total, 4);
    assert!(!is_removed(&game, a));
    // End of its turn: Skill roll 4 - 1 = 3 fails, the marker stays.
    play_rolling(&mut game, 1, &end(), &[4]);
    assert!(has_marker(&game, b, "poison"));
}

#[test]
fn stun_stops_movement_until_a_skill_roll_shakes_it_off() {
    let (mut game, a, b) = duel(("regular", &["stun"], "d4"), ("regular", &[], "d5"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "melee-stun"), &[6, 1]);
    assert!(has_marker(&game, b, "stun"));
    play_rolling(&mut game, 0, &end(), &[]);
    play_rolling(&mut game, 1, &activate(b), &[]);
    assert!(destinations(&game, 1, b).is_empty());
    // It can still attack.
    assert!(!attacks(&game, 1, b).is_empty());
    play_rolling(&mut game, 1, &end(), &[4]);
    assert!(!has_marker(&game, b, "stun"));
}

#[test]
fn stealth_hides_from_ranged_attacks_after_a_turn_without_attacking() {
    let mut p = Position::new(2);
    let s = p.place(0, "regular", &["stealth"], "d4");
    let archer = p.place(1, "regular", &["greater-ranged"], "d8");
    let brute = p.place(1, "regular", &[], "e5");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(s), &[]);
    play_rolling(&mut game, 0, &end(), &[]);
    assert!(has_marker(&game, s, "stealth"));
    play_rolling(&mut game, 1, &activate(archer), &[]);
    assert!(targets(&game, 1, archer, "greater").is_empty());
    play_rolling(&mut game, 1, &end(), &[]);
    play_rolling(&mut game, 0, &Action::new("pass"), &[]);
    play_rolling(&mut game, 1, &activate(brute), &[]);
    // Melee still reaches it.
    assert_eq!(targets(&game, 1, brute, "melee"), ids(&[s]));
    play_rolling(&mut game, 1, &end(), &[]);
    // At the start of its next turn the marker goes.
    play_rolling(&mut game, 0, &activate(s), &[]);
    assert!(!has_marker(&game, s, "stealth"));
}

#[test]
fn fear_demands_a_skill_roll_but_not_of_a_fearsome_attacker() {
    let (mut game, a, b) = duel(("regular", &[], "d4"), ("regular", &["fear"], "d5"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    // Skill 3 fails: no attack roll at all.
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[3]);
    assert!(!is_removed(&game, b));
    let (mut game, a, b) = duel(("regular", &[], "d4"), ("regular", &["fear"], "d5"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[4, 6, 1]);
    assert!(is_removed(&game, b));
    let (mut game, a, b) = duel(("regular", &["fear"], "d4"), ("regular", &["fear"], "d5"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[6, 1]);
    assert!(is_removed(&game, b));
}

#[test]
fn area_effect_attacks_every_adjacent_miniature_even_allies() {
    let mut p = Position::new(2);
    let mage = p.place(0, "regular", &["area-effect"], "a1");
    let ally = p.place(0, "regular", &[], "d5");
    let target = p.place(1, "regular", &[], "d4");
    let other = p.place(1, "regular", &[], "e3");
    let far = p.place(1, "regular", &[], "h8");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(mage), &[]);
    // Target: attack 6→3 vs 2; then the ally d5 (id 1): 6→3 vs 3; then e3: 1→1 vs 4.
    play_rolling(
        &mut game,
        0,
        &attack(mage, target, "area"),
        &[6, 2, 6, 3, 1, 4],
    );
    assert!(is_removed(&game, target));
    assert!(is_removed(&game, ally));
    assert!(!is_removed(&game, other));
    assert!(!is_removed(&game, far));
}

#[test]
fn assault_attacks_twice_only_without_moving() {
    let (mut game, a, b) = duel(("regular", &["assault"], "d4"), ("regular", &[], "d5"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[1, 6]);
    assert_eq!(targets(&game, 0, a, "melee"), ids(&[b]));
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[6, 1]);
    assert!(is_removed(&game, b));
    assert!(
        destinations(&game, 0, a).is_empty(),
        "no move after two attacks"
    );
    let (mut game, a, b) = duel(("regular", &["assault"], "d4"), ("regular", &[], "d6"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &step(a, "d5"), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[1, 6]);
    assert!(attacks(&game, 0, a).is_empty());
}

/// Seat 0's summoner on d4 with an ally far away on a1; seat 1's enemy on d5.
fn summoning(rulings: Rulings, summoner_traits: &[&str]) -> (Game, [PieceId; 3]) {
    let mut p = Position::new(2);
    p.rulings(rulings);
    let s = p.place(0, "regular", summoner_traits, "d4");
    let ally = p.place(0, "regular", &[], "a1");
    let enemy = p.place(1, "regular", &[], "d5");
    (p.build(), [s, ally, enemy])
}

#[test]
fn summon_brings_any_ally_beside_the_summoner_on_a_skill_roll_and_forbids_attacking() {
    let (mut game, [s, ally, enemy]) = summoning(Rulings::Book, &["summon"]);
    play_rolling(&mut game, 0, &activate(s), &[]);
    // Skill roll 4: the ally comes from a1 to c3.
    let effects = play_rolling(&mut game, 0, &summon(s, ally, "c3"), &[4]);
    assert_eq!(rolls(&effects)[0].total, 4);
    assert_eq!(square_of(&game, ally).as_deref(), Some("c3"));
    assert!(attacks(&game, 0, s).is_empty());
    refuse(&mut game, 0, &attack(s, enemy, "melee"));
}

#[test]
fn a_failed_summon_brings_no_one_and_still_spends_the_attack() {
    let (mut game, [s, ally, enemy]) = summoning(Rulings::Book, &["summon"]);
    play_rolling(&mut game, 0, &activate(s), &[]);
    // Skill roll 3: the ally stays on a1; no second try, no attack.
    play_rolling(&mut game, 0, &summon(s, ally, "c3"), &[3]);
    assert_eq!(square_of(&game, ally).as_deref(), Some("a1"));
    assert!(verbs_of(&game, 0, s, "summon").is_empty());
    refuse(&mut game, 0, &attack(s, enemy, "melee"));
    // Lucky may reroll the failed Skill roll: 2 fails, rerolled to 5.
    let (mut game, [s, ally, _]) = summoning(Rulings::Book, &["summon", "lucky"]);
    play_rolling(&mut game, 0, &activate(s), &[]);
    play_rolling(&mut game, 0, &summon(s, ally, "c3"), &[2]);
    assert_eq!(phase(&game), "reroll");
    assert_eq!(square_of(&game, ally).as_deref(), Some("a1"));
    play_rolling(&mut game, 0, &reroll("lucky"), &[5]);
    assert_eq!(square_of(&game, ally).as_deref(), Some("c3"));
    // Declining the reroll lets the failure stand.
    let (mut game, [s, ally, _]) = summoning(Rulings::Book, &["summon", "lucky"]);
    play_rolling(&mut game, 0, &activate(s), &[]);
    play_rolling(&mut game, 0, &summon(s, ally, "c3"), &[2]);
    play_rolling(&mut game, 0, &accept(), &[]);
    assert_eq!(square_of(&game, ally).as_deref(), Some("a1"));
    assert_eq!(phase(&game), "battle");
}

#[test]
fn under_the_earlier_rulings_summon_takes_no_skill_roll() {
    let (mut game, [s, ally, enemy]) = summoning(Rulings::Fray2025, &["summon"]);
    play_rolling(&mut game, 0, &activate(s), &[]);
    // No dice at all: the ally comes.
    play_rolling(&mut game, 0, &summon(s, ally, "c3"), &[]);
    assert_eq!(square_of(&game, ally).as_deref(), Some("c3"));
    refuse(&mut game, 0, &attack(s, enemy, "melee"));
}

#[test]
fn a_stunned_ally_cannot_be_summoned() {
    let mut p = Position::new(2);
    let s = p.place(0, "regular", &["summon"], "d4");
    let stunned = p.place(0, "regular", &[], "a1");
    let free = p.place(0, "regular", &[], "h1");
    p.place(1, "regular", &[], "h8");
    p.marker(stunned, "stun");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(s), &[]);
    let summoned: std::collections::BTreeSet<PieceId> = verbs_of(&game, 0, s, "summon")
        .iter()
        .map(|a| a.target.unwrap())
        .collect();
    assert_eq!(summoned, ids(&[free]));
    refuse(&mut game, 0, &summon(s, stunned, "c3"));
}

#[test]
fn lucky_rerolls_a_failed_attack_once_a_turn() {
    let (mut game, a, b) = duel(("regular", &["lucky"], "d4"), ("regular", &[], "d5"));
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[1, 4]);
    assert_eq!(phase(&game), "reroll");
    assert_eq!(options(&game, 0), vec![reroll("lucky"), accept()]);
    play_rolling(&mut game, 0, &reroll("lucky"), &[2]);
    // Still failing, and Lucky is spent: the attack fails without asking.
    assert!(!is_removed(&game, b));
    assert_eq!(phase(&game), "battle");
}

#[test]
fn support_is_given_to_an_ally_within_three_and_discarded_after_its_turn() {
    let mut p = Position::new(2);
    let sup = p.place(0, "regular", &["support"], "a1");
    let ally = p.place(0, "regular", &[], "d4");
    let b = p.place(1, "regular", &[], "d5");
    p.place(1, "regular", &[], "h8");
    p.turns(ally, 1);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(sup), &[]);
    assert!(has_marker(&game, sup, "support"));
    let give = Action::new("support").piece(sup).target(ally);
    play_rolling(&mut game, 0, &give, &[]);
    assert!(has_marker(&game, ally, "supported"));
    play_rolling(&mut game, 0, &end(), &[]);
    play_rolling(&mut game, 1, &Action::new("pass"), &[]);
    play_rolling(&mut game, 0, &activate(ally), &[]);
    play_rolling(&mut game, 0, &attack(ally, b, "melee"), &[1, 5]);
    play_rolling(&mut game, 0, &reroll("support"), &[6]);
    assert!(is_removed(&game, b));
    assert!(!has_marker(&game, ally, "supported"));
}

#[test]
fn heal_lets_the_defenders_owner_reroll_on_the_attackers_turn() {
    let mut p = Position::new(2);
    let a = p.place(0, "regular", &[], "d4");
    let b = p.place(1, "regular", &[], "d5");
    let healer = p.place(1, "regular", &["heal"], "d8");
    p.marker(healer, "heal");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[4, 2]);
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(phase(&game), "heal");
    assert!(options(&game, 0).is_empty());
    refuse(&mut game, 0, &accept());
    play_rolling(&mut game, 1, &heal(healer), &[5]);
    assert!(!is_removed(&game, b));
    assert!(!has_marker(&game, healer, "heal"));
    assert_eq!(active(&game), vec![Seat(0)]);
}

#[test]
fn heal_reaches_only_three_spaces() {
    let mut p = Position::new(2);
    let a = p.place(0, "regular", &[], "d4");
    let b = p.place(1, "regular", &[], "d5");
    let healer = p.place(1, "regular", &["heal"], "h8");
    p.marker(healer, "heal");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[4, 2]);
    assert!(is_removed(&game, b));
}

#[test]
fn a_large_miniature_covers_four_spaces_and_is_a_target_on_each() {
    let mut p = Position::new(2);
    let big = p.place(1, "monster", &["large"], "d6");
    let archer = p.place(0, "regular", &["greater-ranged"], "b4");
    p.place(0, "regular", &[], "c5");
    let mut game = p.build();
    // Seat 1's Large miniature covers d6, e6, d5, e5.
    let v = view(&game);
    assert_eq!(v.pieces[&big].square, Some(sq("d6")));
    play_rolling(&mut game, 0, &activate(archer), &[]);
    // The ally on c5 does not block; the line to d5 is clear.
    assert_eq!(targets(&game, 0, archer, "greater"), ids(&[big]));
}

#[test]
fn a_large_target_is_in_sight_while_a_line_reaches_any_of_its_spaces() {
    // Seat 1's Large miniature covers d6, e6, d5, e5. From b4 the lines to d5
    // and d6 cross c5, those to e5 and e6 cross c4.
    for (obstacles, in_sight) in [
        (&["c5"][..], true),
        (&["c4"][..], true),
        (&["c4", "c5"][..], false),
    ] {
        let mut p = Position::new(2);
        let big = p.place(1, "monster", &["large"], "d6");
        let archer = p.place(0, "regular", &["greater-ranged"], "b4");
        p.obstacles(obstacles);
        let mut game = p.build();
        play_rolling(&mut game, 0, &activate(archer), &[]);
        let seen = targets(&game, 0, archer, "greater").contains(&big);
        assert_eq!(seen, in_sight, "obstacles on {obstacles:?}");
    }
    // An enemy on c4 blocks as an obstacle does; it is a target itself.
    let mut p = Position::new(2);
    let big = p.place(1, "monster", &["large"], "d6");
    let blocker = p.place(1, "regular", &[], "c4");
    let archer = p.place(0, "regular", &["greater-ranged"], "b4");
    p.obstacles(&["c5"]);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(archer), &[]);
    let seen = targets(&game, 0, archer, "greater");
    assert!(seen.contains(&blocker) && !seen.contains(&big));
}

#[test]
fn a_large_miniature_shoots_from_its_main_space_only() {
    // Main space a1, body a1 b1 a2 b2. The line from a1 to a5 crosses a3,
    // an obstacle; the one from b2 would not, but b2 is not where it shoots from.
    for (obstacles, in_sight) in [(&[][..], true), (&["a3"][..], false)] {
        let mut p = Position::new(2);
        let big = p.place_large(0, "monster", &["greater-ranged"], "a1", "ne");
        let target = p.place(1, "regular", &[], "a5");
        p.obstacles(obstacles);
        let mut game = p.build();
        play_rolling(&mut game, 0, &activate(big), &[]);
        let seen = targets(&game, 0, big, "greater").contains(&target);
        assert_eq!(seen, in_sight, "obstacles on {obstacles:?}");
    }
}

/// Seat 0's attacker on d4; seat 1's Support miniature (holding its marker) on
/// d5, an ally 2 spaces from it on f7 and one 4 spaces away on h8.
fn support_under_attack(attacker_traits: &[&str]) -> (Game, [PieceId; 4]) {
    let mut p = Position::new(2);
    let a = p.place(0, "regular", attacker_traits, "d4");
    let sup = p.place(1, "regular", &["support"], "d5");
    let near = p.place(1, "regular", &[], "f7");
    let far = p.place(1, "regular", &[], "h8");
    p.marker(sup, "support");
    (p.build(), [a, sup, near, far])
}

#[test]
fn support_is_given_on_another_players_turn_before_an_attack_on_the_supporter() {
    let (mut game, [a, sup, near, far]) = support_under_attack(&[]);
    play_rolling(&mut game, 0, &activate(a), &[]);
    // The attack is declared, and seat 1 decides before any die is rolled.
    play_rolling(&mut game, 0, &attack(a, sup, "melee"), &[]);
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(phase(&game), "support");
    assert_eq!(options(&game, 1), vec![support(sup, near), accept()]);
    assert!(options(&game, 0).is_empty());
    refuse(&mut game, 0, &accept());
    // h8 is 4 spaces from d5.
    refuse(&mut game, 1, &support(sup, far));
    // Given away; then the attack rolls 5 against 2 and the Support miniature falls.
    play_rolling(&mut game, 1, &support(sup, near), &[5, 2]);
    assert!(is_removed(&game, sup));
    assert!(has_marker(&game, near, "supported"));
    assert_eq!(active(&game), vec![Seat(0)]);
    // The marker serves the ally on its next turn: a failed attack, 1 against 5, rerolled to 6.
    play_rolling(&mut game, 0, &end(), &[]);
    play_rolling(&mut game, 1, &activate(near), &[]);
    play_rolling(&mut game, 1, &step(near, "e5"), &[]);
    play_rolling(&mut game, 1, &attack(near, a, "melee"), &[1, 5]);
    assert_eq!(options(&game, 1), vec![reroll("support"), accept()]);
    play_rolling(&mut game, 1, &reroll("support"), &[6]);
    assert!(is_removed(&game, a));
}

#[test]
fn a_support_marker_kept_under_attack_falls_with_its_miniature() {
    let (mut game, [a, sup, near, _]) = support_under_attack(&[]);
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, sup, "melee"), &[]);
    play_rolling(&mut game, 1, &accept(), &[5, 2]);
    assert!(is_removed(&game, sup));
    assert!(!has_marker(&game, near, "supported"));
    // Kept and the attack fails (2 against 5): the marker stays where it was.
    let (mut game, [a, sup, _, _]) = support_under_attack(&[]);
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, sup, "melee"), &[]);
    play_rolling(&mut game, 1, &accept(), &[2, 5]);
    assert!(has_marker(&game, sup, "support"));
    assert_eq!(active(&game), vec![Seat(0)]);
}

#[test]
fn no_one_is_asked_when_the_support_marker_is_not_at_risk() {
    // A Poison attack cannot defeat it: the dice roll at once.
    let (mut game, [a, sup, _, _]) = support_under_attack(&["poison"]);
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, sup, "melee-poison"), &[5, 2]);
    assert!(has_marker(&game, sup, "poison") && has_marker(&game, sup, "support"));
    // No ally within 3 spaces to take it.
    let mut p = Position::new(2);
    let a = p.place(0, "regular", &[], "d4");
    let sup = p.place(1, "regular", &["support"], "d5");
    p.place(1, "regular", &[], "h8");
    p.marker(sup, "support");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, sup, "melee"), &[5, 2]);
    assert!(is_removed(&game, sup));
    // The attacker's own Support miniature in its own Area Effect: its player
    // could have given the marker before attacking.
    let mut p = Position::new(2);
    let mage = p.place(0, "regular", &["area-effect", "support"], "a1");
    let target = p.place(1, "regular", &[], "d4");
    let ally = p.place(0, "regular", &[], "d5");
    p.place(0, "regular", &[], "c3");
    p.place(1, "regular", &[], "h8");
    p.marker(ally, "support");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(mage), &[]);
    // d4: 6→3 against 2; the ally on d5: 2→1 against 4; c3: 2→1 against 4.
    play_rolling(
        &mut game,
        0,
        &attack(mage, target, "area"),
        &[6, 2, 2, 4, 2, 4],
    );
    assert!(is_removed(&game, target) && !is_removed(&game, ally));
}

#[test]
fn in_an_area_effect_the_support_window_comes_just_before_the_supporters_own_dice() {
    let mut p = Position::new(2);
    let mage = p.place(0, "regular", &["area-effect"], "a1");
    let target = p.place(1, "regular", &[], "d4");
    let sup = p.place(1, "regular", &["support"], "d5");
    let ally = p.place(1, "regular", &[], "f6");
    p.marker(sup, "support");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(mage), &[]);
    // The target first: 6→3 against 2, defeated; then seat 1 is asked about d5.
    play_rolling(&mut game, 0, &attack(mage, target, "area"), &[6, 2]);
    assert!(is_removed(&game, target));
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(options(&game, 1), vec![support(sup, ally), accept()]);
    // Then d5's dice: 6→3 against 3, defeated.
    play_rolling(&mut game, 1, &support(sup, ally), &[6, 3]);
    assert!(is_removed(&game, sup));
    assert!(has_marker(&game, ally, "supported"));
    assert_eq!(active(&game), vec![Seat(0)]);
}

#[test]
fn a_large_miniature_moves_and_attacks_from_the_main_space_chosen_for_it() {
    let mut p = Position::new(2);
    // Main space d5, the body reaching south-west: c4, d4, c5, d5.
    let big = p.place_large(0, "monster", &[], "d5", "sw");
    let by_main = p.place(1, "regular", &[], "e6");
    let by_body = p.place(1, "regular", &[], "b3");
    let mut game = p.build();
    assert_eq!(stat(&game, big, "reach").as_deref(), Some("south-west"));
    play_rolling(&mut game, 0, &activate(big), &[]);
    // Melee reaches from the main space only.
    assert_eq!(targets(&game, 0, big, "melee"), ids(&[by_main]));
    // The body keeps its reach: b2 fits (a1 b1 a2 b2), a1 would leave the board.
    let reach = destinations(&game, 0, big);
    assert!(reach.contains("b2") && !reach.contains("a1"));
    refuse(&mut game, 0, &step(big, "a1"));
    play_rolling(&mut game, 0, &attack(big, by_main, "melee"), &[9, 3]);
    assert!(is_removed(&game, by_main) && !is_removed(&game, by_body));
}
