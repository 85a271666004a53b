//! Area Effect: a Lesser Ranged attack on an enemy and on every miniature
//! next to it, each rolled separately, with Fear, Assault, Poison, Stun,
//! Stealth and Sharpshooter; under both readings of the `rulings` option
//! where they differ. Each test names the dice it scripts.

mod cc_common;
mod kit;

use cc_common::*;
use fray_rules::kit::match_options::Choice;

/// Seat 0's Area Effect miniature (with `traits`) on a1 aims at seat 1's
/// miniature on d4; seat 1 keeps a spare on h8 so no defeat ends the game.
struct Blast {
    game: Game,
    mage: PieceId,
    aim: PieceId,
}

fn blast(
    rulings: Rulings,
    traits: &[&str],
    aim_traits: &[&str],
    around: &[(u8, &[&str], &str)],
) -> (Blast, Vec<PieceId>) {
    let mut p = Position::new(2);
    p.rulings(rulings);
    let mut all = vec!["area-effect"];
    all.extend_from_slice(traits);
    let mage = p.place(0, "regular", &all, "a1");
    let aim = p.place(1, "regular", aim_traits, "d4");
    let near: Vec<PieceId> = around
        .iter()
        .map(|(seat, traits, at)| p.place(*seat, "regular", traits, at))
        .collect();
    p.place(1, "regular", &[], "h8");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(mage), &[]);
    (Blast { game, mage, aim }, near)
}

#[test]
fn a_failed_fear_roll_against_the_aim_spends_the_whole_blast() {
    // Fear on the aim d4; e4 beside it. Skill roll 3 fails: not another die.
    let (mut b, near) = blast(Rulings::Book, &[], &["fear"], &[(1, &[], "e4")]);
    let effects = play_rolling(&mut b.game, 0, &attack(b.mage, b.aim, "area"), &[3]);
    assert_eq!(rolls(&effects).len(), 1);
    assert!(!is_removed(&b.game, b.aim) && !is_removed(&b.game, near[0]));
    assert!(
        attacks(&b.game, 0, b.mage).is_empty(),
        "the attack is spent"
    );
    // Under the earlier rulings the blast went on: e4 6→3 against 1, defeated.
    let (mut b, near) = blast(Rulings::Fray2025, &[], &["fear"], &[(1, &[], "e4")]);
    play_rolling(&mut b.game, 0, &attack(b.mage, b.aim, "area"), &[3, 6, 1]);
    assert!(!is_removed(&b.game, b.aim) && is_removed(&b.game, near[0]));
}

#[test]
fn a_fear_roll_against_the_aim_stands_after_lucky_is_declined_or_fails_again() {
    // 2 fails; declining Lucky lets it stand: the blast is spent.
    let (mut b, near) = blast(Rulings::Book, &["lucky"], &["fear"], &[(1, &[], "e4")]);
    play_rolling(&mut b.game, 0, &attack(b.mage, b.aim, "area"), &[2]);
    assert_eq!(phase(&b.game), "reroll");
    play_rolling(&mut b.game, 0, &accept(), &[]);
    assert!(!is_removed(&b.game, near[0]));
    assert_eq!(phase(&b.game), "battle");
    // 2 fails, rerolled to 3, fails again: spent too.
    let (mut b, near) = blast(Rulings::Book, &["lucky"], &["fear"], &[(1, &[], "e4")]);
    play_rolling(&mut b.game, 0, &attack(b.mage, b.aim, "area"), &[2]);
    play_rolling(&mut b.game, 0, &reroll("lucky"), &[3]);
    assert!(!is_removed(&b.game, near[0]));
    // 2 fails, rerolled to 4: the aim 6→3 against 1, then e4 6→3 against 1.
    let (mut b, near) = blast(Rulings::Book, &["lucky"], &["fear"], &[(1, &[], "e4")]);
    play_rolling(&mut b.game, 0, &attack(b.mage, b.aim, "area"), &[2]);
    play_rolling(&mut b.game, 0, &reroll("lucky"), &[4, 6, 1, 6, 1]);
    assert!(is_removed(&b.game, b.aim) && is_removed(&b.game, near[0]));
}

#[test]
fn fear_inside_the_blast_spares_only_the_fearsome_miniature() {
    for &rulings in Rulings::ALL {
        // Around d4: c3 (an ally with Fear: no roll), e4 (an enemy with Fear), e5.
        let (mut b, near) = blast(
            rulings,
            &[],
            &[],
            &[(0, &["fear"], "c3"), (1, &["fear"], "e4"), (1, &[], "e5")],
        );
        let [ally, fearsome, plain] = near[..] else {
            unreachable!()
        };
        // The aim 6→3 against 1; the ally 1→1 against 6 (no Fear roll);
        // e4's Fear: Skill 3 fails; e5 6→3 against 1.
        play_rolling(
            &mut b.game,
            0,
            &attack(b.mage, b.aim, "area"),
            &[6, 1, 1, 6, 3, 6, 1],
        );
        assert!(is_removed(&b.game, b.aim), "{rulings:?}");
        assert!(!is_removed(&b.game, ally) && !is_removed(&b.game, fearsome));
        assert!(is_removed(&b.game, plain), "{rulings:?}");
    }
}

#[test]
fn area_effect_is_lesser_ranged_for_assault() {
    // a8 is a second enemy in the line of file a.
    let traits: &[&str] = &["assault", "lesser-ranged"];
    let (mut b, near) = blast(Rulings::Book, traits, &[], &[(1, &[], "a8")]);
    play_rolling(&mut b.game, 0, &attack(b.mage, b.aim, "area"), &[6, 1]);
    assert!(targets(&b.game, 0, b.mage, "lesser").contains(&near[0]));
    assert!(targets(&b.game, 0, b.mage, "area").contains(&near[0]));
    // 4→2 against 1: the second attack, a Lesser Ranged one, defeats a8.
    play_rolling(&mut b.game, 0, &attack(b.mage, near[0], "lesser"), &[4, 1]);
    assert!(is_removed(&b.game, near[0]));
    // And the other way round: Lesser Ranged first, then an Area Effect.
    let (mut b, near) = blast(Rulings::Book, traits, &[], &[(1, &[], "a8")]);
    play_rolling(&mut b.game, 0, &attack(b.mage, near[0], "lesser"), &[1, 6]);
    assert!(targets(&b.game, 0, b.mage, "area").contains(&b.aim));
    // Under the earlier rulings an Area Effect was a type of its own.
    let (mut b, near) = blast(Rulings::Fray2025, traits, &[], &[(1, &[], "a8")]);
    play_rolling(&mut b.game, 0, &attack(b.mage, b.aim, "area"), &[6, 1]);
    assert!(targets(&b.game, 0, b.mage, "lesser").is_empty());
    assert!(targets(&b.game, 0, b.mage, "area").contains(&near[0]));
    refuse(&mut b.game, 0, &attack(b.mage, near[0], "lesser"));
}

#[test]
fn poison_and_stun_mark_enemies_in_the_blast_and_hit_allies_as_any_attack() {
    for (trait_key, choice) in [("poison", "area-poison"), ("stun", "area-stun")] {
        // The aim 6→3 against 2: marked. The ally on d5 6→3 against 3: defeated.
        let (mut b, near) = blast(Rulings::Book, &[trait_key], &[], &[(0, &[], "d5")]);
        play_rolling(
            &mut b.game,
            0,
            &attack(b.mage, b.aim, choice),
            &[6, 2, 6, 3],
        );
        assert!(!is_removed(&b.game, b.aim) && has_marker(&b.game, b.aim, trait_key));
        assert!(is_removed(&b.game, near[0]), "{choice}: the ally falls");
        // A failed attack on the ally leaves it as it was: 2→1 against 3.
        let (mut b, near) = blast(Rulings::Book, &[trait_key], &[], &[(0, &[], "d5")]);
        play_rolling(
            &mut b.game,
            0,
            &attack(b.mage, b.aim, choice),
            &[6, 2, 2, 3],
        );
        assert!(!is_removed(&b.game, near[0]) && !has_marker(&b.game, near[0], trait_key));
        // Under the earlier rulings the ally was marked like an enemy.
        let (mut b, near) = blast(Rulings::Fray2025, &[trait_key], &[], &[(0, &[], "d5")]);
        play_rolling(
            &mut b.game,
            0,
            &attack(b.mage, b.aim, choice),
            &[6, 2, 6, 3],
        );
        assert!(!is_removed(&b.game, near[0]) && has_marker(&b.game, near[0], trait_key));
    }
}

#[test]
fn a_poisoned_area_effect_takes_one_off_the_die_before_halving() {
    // Poisoned, the mage rolls 4 for the aim, whose Defense is 2.
    // The book: (4 - 1) = 3, halved up to 2: a tie, defeated.
    let mut p = Position::new(2);
    let mage = p.place(0, "regular", &["area-effect"], "a1");
    let aim = p.place(1, "regular", &[], "d4");
    p.place(1, "regular", &[], "h8");
    p.marker(mage, "poison");
    for (rulings, total, defeated) in [(Rulings::Book, 2, true), (Rulings::Fray2025, 1, false)] {
        p.rulings(rulings);
        let mut game = p.build();
        play_rolling(&mut game, 0, &activate(mage), &[]);
        let effects = play_rolling(&mut game, 0, &attack(mage, aim, "area"), &[4, 2]);
        // The earlier reading halved first: 4 → 2, less 1: 1, fails.
        assert_eq!(rolls(&effects)[0].total, total, "{rulings:?}");
        assert_eq!(is_removed(&game, aim), defeated, "{rulings:?}");
    }
}

#[test]
fn stealth_hides_a_miniature_from_the_blast_and_from_being_its_aim() {
    let mut p = Position::new(2);
    let mage = p.place(0, "regular", &["area-effect"], "a1");
    let aim = p.place(1, "regular", &[], "d4");
    let hidden = p.place(1, "regular", &[], "c5");
    let plain = p.place(1, "regular", &[], "d3");
    p.place(1, "regular", &[], "h8");
    // In the open, c5 is in sight of a1.
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(mage), &[]);
    assert!(targets(&game, 0, mage, "area").contains(&hidden));
    p.marker(hidden, "stealth");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(mage), &[]);
    assert!(!targets(&game, 0, mage, "area").contains(&hidden));
    // The aim 6→3 against 1; c5, hidden, rolls nothing; d3 6→3 against 1.
    play_rolling(&mut game, 0, &attack(mage, aim, "area"), &[6, 1, 6, 1]);
    assert!(is_removed(&game, aim) && is_removed(&game, plain));
    assert!(!is_removed(&game, hidden));
}

#[test]
fn sharpshooter_keeps_the_higher_of_two_dice_for_each_attack_of_the_blast() {
    // The aim: 1 and 6 → 6 → 3 against 3, defeated; e4: 2 and 1 → 2 → 1 against 3, fails.
    let (mut b, near) = blast(Rulings::Book, &["sharpshooter"], &[], &[(1, &[], "e4")]);
    let effects = play_rolling(
        &mut b.game,
        0,
        &attack(b.mage, b.aim, "area"),
        &[1, 6, 3, 2, 1, 3],
    );
    assert_eq!(rolls(&effects)[0].total, 3);
    assert!(is_removed(&b.game, b.aim) && !is_removed(&b.game, near[0]));
}
