//! Melee (W14, W16, W24–W29, W31): every unit in melee attacks once; the
//! attack table with its modifiers; 6 always destroys; rout then saves;
//! stand-off carried into the next turn; the 1-or-less result; the
//! defending seat's choice of target; the advance; fear; plague;
//! regeneration at the end of the turn.

mod cw_common;
mod kit;
use cw_common::*;

/// Humans against Orcs, seat 0 in its melee phase.
fn melee(race: Race) -> Position {
    Position::new([Race::Humans, race]).turn(0, Step::Melee, 1)
}

#[test]
fn a_charge_gives_plus_one_and_a_six_or_more_destroys_without_a_save() {
    let mut position = Position::new([Race::Humans, Race::Orcs]);
    let knights = position.place(0, "knights", "d3");
    let boyz = position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    act(&mut game, 0, &charge(knights, "d4"), &[]);
    end_until(&mut game, 0, Step::Melee);
    // 5 + Melee 0 − 0 + 1 for the charge: 6, destroyed, no save rolled.
    let effects = act(&mut game, 0, &attack(knights), &[5]);
    assert_eq!(results(&effects), vec!["destroyed"]);
    assert_eq!(rolls_told(&effects)[0].1, vec![5]);
    assert!(is_removed(&game, boyz));
    // The advance: the Knights, next to no enemy now, may take d5.
    let mut offered = notations(&game, 0);
    offered.sort();
    assert_eq!(offered, vec!["Nd4-d5", "pass"]);
    act(&mut game, 0, &advance(knights, "d5"), &[]);
    assert_eq!(square_of(&game, knights).as_deref(), Some("d5"));
    assert_eq!(notations(&game, 0), vec!["end"]);
}

#[test]
fn without_a_charge_the_same_roll_routs_and_the_defender_saves_twice() {
    let mut position = melee(Race::Orcs);
    let knights = position.place(0, "knights", "d4");
    let boyz = position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    // 5: routed. The Orc Boyz (3+) save on 3, then fail on 2.
    let effects = act(&mut game, 0, &attack(knights), &[5, 3, 2]);
    assert_eq!(
        results(&effects),
        vec!["routed: two saves", "saved", "failed"]
    );
    assert!(is_removed(&game, boyz));

    let mut position = melee(Race::Orcs);
    let knights = position.place(0, "knights", "d4");
    let boyz = position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    act(&mut game, 0, &attack(knights), &[5, 3, 3]);
    assert!(!is_removed(&game, boyz), "two saves made");
    // No advance after a defender that lived.
    assert_eq!(notations(&game, 0), vec!["end"]);
}

#[test]
fn a_natural_six_destroys_whatever_the_modifiers() {
    let mut position = Position::new([Race::Undead, Race::Dwarves]).turn(0, Step::Melee, 1);
    let zombies = position.place(0, "zombies", "d4");
    let dwarves = position.place(1, "infantry", "d5");
    let mut game = position.build();
    // 6 − 1 − 1 = 4, yet a natural 6: destroyed, no save.
    let effects = act(&mut game, 0, &attack(zombies), &[6]);
    assert_eq!(results(&effects), vec!["destroyed"]);
    assert!(is_removed(&game, dwarves));
}

#[test]
fn a_four_is_one_save() {
    let mut position = melee(Race::Orcs);
    let infantry = position.place(0, "infantry", "d4");
    let boyz = position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    let effects = act(&mut game, 0, &attack(infantry), &[4, 3]);
    assert_eq!(results(&effects), vec!["one save", "saved"]);
    assert!(!is_removed(&game, boyz));
}

#[test]
fn a_stand_off_carries_into_the_next_turn_where_both_must_attack_again() {
    let mut position = melee(Race::Orcs);
    let infantry = position.place(0, "infantry", "d4");
    let boyz = position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    // The phase cannot end while the Infantry have not attacked.
    let early = refused(&mut game, 0, &end_phase());
    assert!(
        early.message.contains("Infantry on d4"),
        "{}",
        early.message
    );
    let effects = act(&mut game, 0, &attack(infantry), &[3]);
    assert_eq!(results(&effects), vec!["stand-off"]);
    let twice = refused(&mut game, 0, &attack(infantry));
    assert!(
        twice.message.contains("already attacked"),
        "{}",
        twice.message
    );
    act(&mut game, 0, &end_phase(), &[]);
    act(&mut game, 0, &end_phase(), &[]);
    // Seat 1's turn: the Boyz are still in melee, cannot move, must attack.
    assert_eq!(game.mover(), Some(1));
    assert!(destinations(&game, 1, "move", boyz).is_empty());
    end_until(&mut game, 1, Step::Melee);
    assert_eq!(notations(&game, 1), vec!["Pd5!"]);
    let effects = act(&mut game, 1, &attack(boyz), &[2]);
    assert_eq!(results(&effects), vec!["stand-off"]);
    assert_eq!(notations(&game, 1), vec!["end"]);
}

#[test]
fn one_or_less_destroys_the_attacker_unless_it_saves_and_nobody_advances() {
    let mut position = Position::new([Race::Undead, Race::Dwarves]).turn(0, Step::Melee, 1);
    let zombies = position.place(0, "zombies", "d4");
    position.place(0, "zombies", "c5");
    let dwarves = position.place(1, "infantry", "d5");
    let mut game = position.build();
    // 3 − 1 − 1 = 1: the Zombies (5+) save on 4 and fail.
    let effects = act(&mut game, 0, &attack(zombies), &[3, 4]);
    assert_eq!(
        results(&effects),
        vec!["repelled: the attacker saves", "failed"]
    );
    assert!(is_removed(&game, zombies));
    assert!(!is_removed(&game, dwarves));
    // The defender does not advance onto the attacker's square, nor anyone.
    assert!(!notations(&game, 0).iter().any(|n| n.contains('-')));

    let mut position = Position::new([Race::Undead, Race::Dwarves]).turn(0, Step::Melee, 1);
    let zombies = position.place(0, "zombies", "d4");
    position.place(1, "infantry", "d5");
    let mut game = position.build();
    let effects = act(&mut game, 0, &attack(zombies), &[2, 5]);
    assert_eq!(results(&effects)[1], "saved");
    assert!(!is_removed(&game, zombies));
}

#[test]
fn the_defending_seat_chooses_the_target_of_an_attacker_with_two_enemy_neighbours() {
    let mut position = melee(Race::Orcs);
    let knights = position.place(0, "knights", "d4");
    let boyz = position.place(1, "orc-boyz", "d5");
    let warlord = position.place(1, "warlord", "e5");
    let mut game = position.build();
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.action.verb == "attack")
        .unwrap();
    assert!(
        option.label.contains("your opponent chooses"),
        "{}",
        option.label
    );
    let effects = act(&mut game, 0, &attack(knights), &[]);
    assert!(rolls_told(&effects).is_empty(), "no die before the choice");
    assert_eq!(game.to_act(), vec![Seat(1)]);
    assert_eq!(
        refused(&mut game, 0, &end_phase()).code,
        RejectCode::NotYourTurn
    );
    let choices = game.options(Seat(1));
    assert_eq!(choices.len(), 2);
    assert!(
        choices
            .iter()
            .any(|o| o.label == "Knights on d4 attack your Orc Boyz on d5")
    );
    assert_eq!(
        refused(&mut game, 1, &choose(knights)).code,
        RejectCode::NotYourPiece
    );
    // The Orcs offer the Boyz: 4 + 0 − 0 = 4, one save, made on 3.
    let effects = act(&mut game, 1, &choose(boyz), &[4, 3]);
    assert_eq!(results(&effects), vec!["one save", "saved"]);
    assert!(rolls_told(&effects)[0].0.contains("Orc Boyz on d5"));
    assert_eq!(game.to_act(), vec![Seat(0)]);
    assert!(!is_removed(&game, warlord));
}

#[test]
fn the_advance_is_refused_diagonally_between_two_occupied_squares() {
    let mut position = melee(Race::Orcs);
    let infantry = position.place(0, "infantry", "d4");
    let knights = position.place(0, "knights", "e4");
    let general = position.place(0, "general", "d5");
    let boyz = position.place(1, "orc-boyz", "e5");
    let mut game = position.build();
    // The Boyz on e5 have three attackers: each must attack, one target.
    act(&mut game, 0, &attack(infantry), &[6]);
    assert!(is_removed(&game, boyz));
    let mut offered = notations(&game, 0);
    offered.sort();
    // d4 to e5 passes between e4 and d5, both held: refused; the straight
    // steps from e4 and d5 are open.
    assert_eq!(offered, vec!["Kd5-e5", "Ne4-e5", "pass"]);
    let squeeze = refused(&mut game, 0, &advance(infantry, "e5"));
    assert!(
        squeeze.message.contains("advance a unit"),
        "{}",
        squeeze.message
    );
    act(&mut game, 0, &pass(), &[]);
    assert_eq!(square_of(&game, knights).as_deref(), Some("e4"));
    assert_eq!(square_of(&game, general).as_deref(), Some("d5"));
    assert_eq!(notations(&game, 0), vec!["end"]);
}

#[test]
fn a_unit_that_advances_into_a_new_melee_attacks_too() {
    let mut position = melee(Race::Orcs);
    let knights = position.place(0, "knights", "d4");
    let infantry = position.place(0, "infantry", "c4");
    position.place(1, "orc-boyz", "d5");
    position.place(1, "archers", "d6");
    let mut game = position.build();
    act(&mut game, 0, &attack(knights), &[6]);
    // The Infantry on c4 were next to d5 and are next to no enemy now; the
    // diagonal passes c5 (empty) and d4, so it is open.
    act(&mut game, 0, &advance(infantry, "d5"), &[]);
    // On d5 they meet the Archers and, having not attacked, must.
    assert_eq!(notations(&game, 0), vec!["Pd5!"]);
    let waiting = refused(&mut game, 0, &end_phase());
    assert!(
        waiting.message.contains("Infantry on d5"),
        "{}",
        waiting.message
    );
}

#[test]
fn a_scared_unit_fights_at_minus_one_and_cannot_destroy_its_attacker() {
    let mut position = Position::new([Race::Chaos, Race::Humans]).turn(0, Step::Melee, 1);
    let lord = position.place(0, "chaos-lord", "d4");
    let sorcerer = position.place(0, "sorcerer", "c4");
    let infantry = position.place(1, "infantry", "c5");
    position.marks(infantry, |marks| marks.scared = true);
    let mut game = position.build();
    // The Sorcerer (−1) on the scared Infantry (0 − 1): 1 + 0 = 1, which
    // would be the attacker's save; a scared defender spares it.
    let effects = act(&mut game, 0, &attack(sorcerer), &[1]);
    assert_eq!(results(&effects), vec!["repelled: the attacker saves"]);
    assert!(!is_removed(&game, sorcerer));
    // The Lord (+2) on the scared Infantry: 2 + 2 + 1 = 5, routed.
    let effects = act(&mut game, 0, &attack(lord), &[2, 4, 4]);
    assert_eq!(results(&effects)[0], "routed: two saves");
    assert!(!is_removed(&game, infantry));
    assert!(markers(&game, infantry).contains(&"scared".to_string()));
}

#[test]
fn a_scared_attacker_is_at_minus_one() {
    let mut position = Position::new([Race::Humans, Race::Chaos]).turn(0, Step::Melee, 1);
    let infantry = position.place(0, "infantry", "c5");
    position.marks(infantry, |marks| marks.scared = true);
    position.place(1, "chaos-lord", "d5");
    let mut game = position.build();
    // 4 + (0 − 1) − 2 = 1: the Infantry (4+) save on 4.
    let effects = act(&mut game, 0, &attack(infantry), &[4, 4]);
    assert_eq!(
        results(&effects),
        vec!["repelled: the attacker saves", "saved"]
    );
    assert_eq!(rolls_told(&effects)[0].1, vec![4]);
}

#[test]
fn fear_ends_when_no_fear_causer_is_in_melee_any_more() {
    let mut position = Position::new([Race::Humans, Race::Chaos]).turn(0, Step::Melee, 1);
    let general = position.place(0, "general", "e4");
    let infantry = position.place(0, "infantry", "c4");
    position.marks(infantry, |marks| marks.scared = true);
    position.place(1, "chaos-lord", "d5");
    let mut game = position.build();
    // The General kills the Lord with a 6: the Infantry are no longer
    // scared. In the general hunt that also ends the game.
    act(&mut game, 0, &attack(general), &[6]);
    assert!(markers(&game, infantry).is_empty());
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn plague_strikes_the_enemies_of_a_beastman_destroyed_in_melee() {
    let mut position = melee(Race::Chaos);
    let knights = position.place(0, "knights", "d4");
    let infantry = position.place(0, "infantry", "e4");
    let beastmen = position.place(1, "beastmen", "d5");
    let other = position.place(1, "beastmen", "c6");
    let mut game = position.build();
    // A 6 destroys the Beastmen; the Knights (3+) save at +1 and roll a 1,
    // which always fails; the Infantry (4+) roll 3, +1: saved. Own
    // Beastmen are not infected.
    let effects = act(&mut game, 0, &attack(knights), &[6, 1, 3]);
    assert_eq!(results(&effects), vec!["destroyed", "failed", "saved"]);
    let told = rolls_told(&effects);
    assert!(told[1].0.contains("against the plague"));
    assert!(is_removed(&game, beastmen) && is_removed(&game, knights));
    assert!(!is_removed(&game, infantry) && !is_removed(&game, other));
    // The Beastmen fell to the attack roll, so the advance is open: the
    // Infantry were next to d5 and are next to no enemy now.
    assert!(notations(&game, 0).contains(&"Pe4-d5".to_string()));
}

#[test]
fn a_beastman_destroyed_attacking_spreads_its_plague_too() {
    let mut position = Position::new([Race::Chaos, Race::Humans]).turn(0, Step::Melee, 1);
    let beastmen = position.place(0, "beastmen", "d4");
    let knights = position.place(1, "knights", "d5");
    let mut game = position.build();
    // 1 + 0 − 0 = 1: the Beastmen (4+) fail on 2; the Knights save at +1 on 2.
    let effects = act(&mut game, 0, &attack(beastmen), &[1, 2, 2]);
    assert_eq!(
        results(&effects),
        vec!["repelled: the attacker saves", "failed", "saved"]
    );
    assert!(is_removed(&game, beastmen) && !is_removed(&game, knights));
}

#[test]
fn destroyed_trolls_regenerate_at_the_end_of_the_turn_on_three_or_more() {
    for (face, back) in [(3, true), (2, false)] {
        let mut position = melee(Race::Orcs);
        let knights = position.place(0, "knights", "d4");
        let trolls = position.place(1, "trolls", "d5");
        position.place(1, "orc-boyz", "h8");
        let mut game = position.build();
        act(&mut game, 0, &attack(knights), &[6]);
        assert!(is_removed(&game, trolls));
        act(&mut game, 0, &pass(), &[]);
        act(&mut game, 0, &end_phase(), &[]);
        let effects = act(&mut game, 0, &end_phase(), &[face]);
        assert_eq!(rolls_told(&effects)[0].0, "Trolls regenerate on d5 (3+)");
        // The fallen Trolls are in no view when the die is rolled.
        let named = effects.iter().find_map(|scoped| match &scoped.effect {
            Effect::DiceRolled { roll } => Some(roll.piece),
            _ => None,
        });
        assert_eq!(named, Some(None), "the roll names no piece");
        assert_eq!(square_of(&game, trolls).is_some(), back);
        if back {
            assert!(markers(&game, trolls).is_empty(), "fresh");
        }
    }
}

#[test]
fn trolls_whose_square_is_taken_do_not_regenerate() {
    let mut position = melee(Race::Orcs);
    let knights = position.place(0, "knights", "d4");
    let trolls = position.place(1, "trolls", "d5");
    let mut game = position.build();
    act(&mut game, 0, &attack(knights), &[6]);
    act(&mut game, 0, &advance(knights, "d5"), &[]);
    act(&mut game, 0, &end_phase(), &[]);
    let effects = act(&mut game, 0, &end_phase(), &[]);
    assert!(rolls_told(&effects).is_empty());
    assert!(is_removed(&game, trolls));
}

#[test]
fn the_charge_bonus_lasts_only_the_turn_of_the_charge() {
    let mut position = Position::new([Race::Humans, Race::Orcs]);
    let knights = position.place(0, "knights", "d3");
    let boyz = position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    act(&mut game, 0, &charge(knights, "d4"), &[]);
    end_until(&mut game, 0, Step::Melee);
    // 2 + 1: a stand-off.
    act(&mut game, 0, &attack(knights), &[2]);
    end_until(&mut game, 1, Step::Melee);
    act(&mut game, 1, &attack(boyz), &[3]);
    end_until(&mut game, 0, Step::Melee);
    assert!(!markers(&game, knights).contains(&"charged".to_string()));
    // The same 5 a charge made a kill now only routs: 5 + 0 − 0.
    let effects = act(&mut game, 0, &attack(knights), &[5, 3, 3]);
    assert_eq!(results(&effects)[0], "routed: two saves");
    assert!(!is_removed(&game, boyz));
}

#[test]
fn stupid_trolls_test_before_a_charge_too() {
    let mut position = Position::new([Race::Orcs, Race::Humans]);
    let trolls = position.place(0, "trolls", "d3");
    position.place(1, "infantry", "d5");
    let mut game = position.build();
    let effects = act(&mut game, 0, &charge(trolls, "d4"), &[1]);
    assert_eq!(
        rolls_told(&effects)[0].0,
        "Trolls on d3 stupidity test (3+)"
    );
    assert_eq!(square_of(&game, trolls).as_deref(), Some("d3"));
    assert!(destinations(&game, 0, "charge", trolls).is_empty());
}

/// Orc Trolls on d4 and Orc Boyz on c4, in their melee phase, destroy the
/// Human Infantry on d5: 5 + 1 − 0 is 6. Both may advance onto d5.
fn trolls_kill_the_infantry(rulings: Rulings) -> (ChessWar, PieceId, PieceId) {
    let mut position = Position::new([Race::Orcs, Race::Humans])
        .turn(0, Step::Melee, 1)
        .rulings(rulings);
    let trolls = position.place(0, "trolls", "d4");
    let boyz = position.place(0, "orc-boyz", "c4");
    position.place(1, "infantry", "d5");
    let mut game = position.build();
    let effects = act(&mut game, 0, &attack(trolls), &[5]);
    assert_eq!(results(&effects), vec!["destroyed"]);
    // The Boyz on c4 were next to d5 too, and are next to no enemy now.
    assert_eq!(notations_of(&game, 0, "advance"), vec!["Pc4-d5", "Rd4-d5"]);
    (game, trolls, boyz)
}

#[test]
fn stupid_trolls_test_before_the_advance_after_a_kill() {
    let (mut game, trolls, boyz) = trolls_kill_the_infantry(Rulings::Book);
    // The advance is a move: the stupidity test's 2 fails, and the Trolls
    // stay on d4, stupid for the rest of the turn.
    let effects = act(&mut game, 0, &advance(trolls, "d5"), &[2]);
    assert_eq!(
        rolls_told(&effects),
        vec![(
            "Trolls on d4 stupidity test (3+)".to_string(),
            vec![2],
            "stupid this turn".to_string()
        )]
    );
    assert_eq!(square_of(&game, trolls).as_deref(), Some("d4"));
    assert!(markers(&game, trolls).contains(&"stupid".to_string()));
    // The kill's advance is still there for the Boyz.
    assert_eq!(notations_of(&game, 0, "advance"), vec!["Pc4-d5"]);
    act(&mut game, 0, &advance(boyz, "d5"), &[]);
    assert_eq!(square_of(&game, boyz).as_deref(), Some("d5"));

    // Alone, Trolls that fail leave nobody to advance: the phase goes on.
    let mut position = Position::new([Race::Orcs, Race::Humans]).turn(0, Step::Melee, 1);
    let trolls = position.place(0, "trolls", "d4");
    position.place(1, "infantry", "d5");
    let mut game = position.build();
    act(&mut game, 0, &attack(trolls), &[6]);
    act(&mut game, 0, &advance(trolls, "d5"), &[1]);
    assert_eq!(notations(&game, 0), vec!["end"]);

    // A 3 passes: the Trolls advance, and act freely for the rest of the turn.
    let (mut game, trolls, _) = trolls_kill_the_infantry(Rulings::Book);
    act(&mut game, 0, &advance(trolls, "d5"), &[3]);
    assert_eq!(square_of(&game, trolls).as_deref(), Some("d5"));
    assert!(markers(&game, trolls).contains(&"tested".to_string()));
}

#[test]
fn with_the_fray_2026_rulings_stupid_trolls_advance_without_a_test() {
    let (mut game, trolls, _) = trolls_kill_the_infantry(Rulings::Fray2026);
    act(&mut game, 0, &advance(trolls, "d5"), &[]);
    assert_eq!(square_of(&game, trolls).as_deref(), Some("d5"));
}
