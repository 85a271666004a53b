//! The movement phase (W10–W16, W30, W32): moves through empty squares
//! that never enter an enemy's neighbour nor squeeze diagonally between two
//! units; units in melee stay; the charge step; catapults never move; the
//! Liche's teleport; fear when charging a fear-causer and when one charges;
//! the stupidity test; the phases in order, the firing phase ended at once.

mod cw_common;
mod kit;
use cw_common::*;

fn humans_against(race: Race) -> Position {
    Position::new([Race::Humans, race])
}

#[test]
fn a_move_goes_through_empty_squares_and_never_next_to_an_enemy() {
    let mut position = humans_against(Race::Orcs);
    let knights = position.place(0, "knights", "b1");
    position.place(0, "infantry", "b2");
    position.place(1, "orc-boyz", "d5");
    let game = position.build();
    let reach = destinations(&game, 0, "move", knights);
    // Three steps from b1 round the Infantry on b2, stopping short of d5's
    // neighbours (c4, d4, e4 and the rest).
    for square in [
        "a1", "a2", "a3", "a4", "b3", "b4", "c1", "c2", "c3", "d1", "d3", "e3", "e2",
    ] {
        assert!(reach.contains(&square.to_string()), "{square} in {reach:?}");
    }
    for square in ["b2", "c4", "d4", "e4", "b5", "f4"] {
        assert!(
            !reach.contains(&square.to_string()),
            "{square} in {reach:?}"
        );
    }
    // And no charge from b1: no enemy is one step away.
    assert!(destinations(&game, 0, "charge", knights).is_empty());
}

#[test]
fn a_move_never_squeezes_diagonally_between_two_units() {
    let mut position = humans_against(Race::Orcs);
    let knights = position.place(0, "knights", "a1");
    position.place(0, "infantry", "a2");
    position.place(0, "infantry", "b1");
    let mut game = position.build();
    assert!(destinations(&game, 0, "move", knights).is_empty());
    let refusal = refused(&mut game, 0, &step(knights, "b2"));
    assert!(
        refusal.message.contains("cannot reach b2"),
        "{}",
        refusal.message
    );
}

#[test]
fn a_unit_in_melee_does_not_move_and_catapults_never_do() {
    let mut position = humans_against(Race::Orcs);
    let knights = position.place(0, "knights", "d4");
    let catapults = position.place(0, "catapults", "a1");
    position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    assert!(destinations(&game, 0, "move", knights).is_empty());
    assert!(destinations(&game, 0, "charge", knights).is_empty());
    let stuck = refused(&mut game, 0, &step(knights, "d3"));
    assert!(stuck.message.contains("is in melee"), "{}", stuck.message);
    assert!(destinations(&game, 0, "move", catapults).is_empty());
    let never = refused(&mut game, 0, &step(catapults, "a2"));
    assert!(never.message.contains("Move 0"), "{}", never.message);
}

#[test]
fn the_charge_step_comes_after_the_move_and_nothing_moves_after_it() {
    let mut position = humans_against(Race::Orcs);
    let knights = position.place(0, "knights", "b1");
    let boyz = position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    act(&mut game, 0, &step(knights, "c3"), &[]);
    // Moved: no second move, but the charge is still there.
    assert!(destinations(&game, 0, "move", knights).is_empty());
    assert_eq!(
        destinations(&game, 0, "charge", knights),
        vec!["c4", "d4"],
        "one step onto an empty square next to the enemy"
    );
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.action.verb == "charge" && o.action.to == Some(sq("d4")))
        .unwrap();
    assert_eq!(option.notation, "Nc3>d4");
    assert_eq!(option.label, "Knights on c3 charge d4");
    act(&mut game, 0, &charge(knights, "d4"), &[]);
    assert_eq!(square_of(&game, knights).as_deref(), Some("d4"));
    assert!(markers(&game, knights).contains(&"charged".to_string()));
    let again = refused(&mut game, 0, &step(knights, "d3"));
    assert!(again.message.contains("has charged"), "{}", again.message);
    assert!(square_of(&game, boyz).is_some());
}

#[test]
fn the_phases_come_in_order_and_the_firing_phase_is_ended_at_once_without_weapons() {
    let mut position = humans_against(Race::Orcs);
    let knights = position.place(0, "knights", "b1");
    position.place(1, "orc-boyz", "h8");
    let mut game = position.build();
    act(&mut game, 0, &end_phase(), &[]);
    assert_eq!(game.step(), Some(Step::Firing));
    assert_eq!(notations(&game, 0), vec!["end"]);
    let late = refused(&mut game, 0, &step(knights, "b2"));
    assert!(late.message.contains("movement phase"), "{}", late.message);
    let fire = refused(
        &mut game,
        0,
        &Action::new("fire").piece(knights).to(sq("h8")),
    );
    assert!(
        fire.message.contains("no ranged weapon"),
        "{}",
        fire.message
    );
    act(&mut game, 0, &end_phase(), &[]);
    assert_eq!(game.step(), Some(Step::Melee));
    act(&mut game, 0, &end_phase(), &[]);
    assert_eq!(game.step(), Some(Step::Closing));
    let closing = game.options(Seat(0));
    assert_eq!(closing.len(), 1);
    assert_eq!(closing[0].label, "End the turn");
    act(&mut game, 0, &end_phase(), &[]);
    assert_eq!(game.mover(), Some(1));
    assert_eq!(game.step(), Some(Step::Movement));
    let view = game.view(Viewer::Spectator);
    assert_eq!((view.turn.number, view.turn.round), (2, Some(1)));
    assert_eq!(
        refused(&mut game, 0, &end_phase()).code,
        RejectCode::NotYourTurn
    );
}

#[test]
fn the_liche_teleports_out_of_melee_over_units_and_may_then_charge() {
    let mut position = Position::new([Race::Undead, Race::Humans]);
    let liche = position.place(0, "liche", "d4");
    position.place(0, "zombies", "c3");
    position.place(0, "zombies", "d3");
    position.place(0, "zombies", "e3");
    position.place(1, "infantry", "d5");
    let mut game = position.build();
    let reach = destinations(&game, 0, "move", liche);
    // Within 2, empty, and next to no enemy: over the Zombies to rank 2.
    assert!(reach.contains(&"d2".to_string()));
    assert!(reach.contains(&"b2".to_string()));
    assert!(reach.contains(&"f4".to_string()) && !reach.contains(&"e4".to_string()));
    assert!(!reach.contains(&"d6".to_string()) && reach.contains(&"b6".to_string()));
    let teleport = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.action.verb == "move" && o.action.to == Some(sq("f4")))
        .unwrap();
    assert_eq!(teleport.label, "Liche on d4 teleport to f4");
    act(&mut game, 0, &step(liche, "f4"), &[]);
    assert_eq!(destinations(&game, 0, "charge", liche), vec!["e4", "e5"]);
    act(&mut game, 0, &charge(liche, "e5"), &[]);
    assert_eq!(square_of(&game, liche).as_deref(), Some("e5"));
}

#[test]
fn stupid_trolls_that_fail_their_test_do_nothing_but_fight_this_turn() {
    let mut position = Position::new([Race::Orcs, Race::Humans]);
    let trolls = position.place(0, "trolls", "d2");
    position.place(1, "infantry", "d5");
    let mut game = position.build();
    let effects = act(&mut game, 0, &step(trolls, "d3"), &[2]);
    assert_eq!(rolls_told(&effects)[0].2, "stupid this turn");
    assert_eq!(square_of(&game, trolls).as_deref(), Some("d2"));
    assert!(markers(&game, trolls).contains(&"stupid".to_string()));
    assert!(destinations(&game, 0, "move", trolls).is_empty());
    assert!(destinations(&game, 0, "charge", trolls).is_empty());
    let refusal = refused(&mut game, 0, &step(trolls, "d3"));
    assert!(refusal.message.contains("stupid"), "{}", refusal.message);
}

#[test]
fn trolls_that_pass_their_test_act_freely_for_the_rest_of_the_turn() {
    let mut position = Position::new([Race::Orcs, Race::Humans]);
    let trolls = position.place(0, "trolls", "d2");
    position.place(1, "infantry", "d5");
    let mut game = position.build();
    act(&mut game, 0, &step(trolls, "d3"), &[3]);
    assert_eq!(square_of(&game, trolls).as_deref(), Some("d3"));
    // The charge needs no second test.
    act(&mut game, 0, &charge(trolls, "d4"), &[]);
    assert_eq!(square_of(&game, trolls).as_deref(), Some("d4"));
}

#[test]
fn a_charger_that_fails_its_fear_save_stops_and_cannot_enter_melee() {
    let mut position = humans_against(Race::Chaos);
    let knights = position.place(0, "knights", "d3");
    position.place(1, "chaos-lord", "d5");
    let mut game = position.build();
    // Knights save on 3+: a 2 fails.
    let effects = act(&mut game, 0, &charge(knights, "d4"), &[2]);
    assert!(
        rolls_told(&effects)[0]
            .0
            .contains("against fear before charging")
    );
    assert_eq!(square_of(&game, knights).as_deref(), Some("d3"));
    assert!(markers(&game, knights).contains(&"halted".to_string()));
    assert!(destinations(&game, 0, "charge", knights).is_empty());
    assert!(destinations(&game, 0, "move", knights).is_empty());
}

#[test]
fn a_charger_that_passes_its_fear_save_charges_and_is_steadfast() {
    let mut position = humans_against(Race::Chaos);
    let knights = position.place(0, "knights", "d3");
    let general = position.place(0, "general", "f3");
    position.place(1, "chaos-lord", "d5");
    let mut game = position.build();
    act(&mut game, 0, &charge(knights, "d4"), &[3]);
    assert_eq!(square_of(&game, knights).as_deref(), Some("d4"));
    assert!(markers(&game, knights).contains(&"steadfast".to_string()));
    // The General is immune to fear: no roll.
    act(&mut game, 0, &charge(general, "e4"), &[]);
    assert_eq!(square_of(&game, general).as_deref(), Some("e4"));
}

#[test]
fn a_fear_causer_that_charges_scares_the_units_it_charges() {
    let mut position = Position::new([Race::Chaos, Race::Humans]);
    let lord = position.place(0, "chaos-lord", "d3");
    let infantry = position.place(1, "infantry", "c5");
    let archers = position.place(1, "archers", "e5");
    let general = position.place(1, "general", "d5");
    let mut game = position.build();
    // Infantry (4+) roll 3 and are scared; Archers (5+) roll 5 and stand.
    let effects = act(&mut game, 0, &charge(lord, "d4"), &[3, 5]);
    let told = rolls_told(&effects);
    assert_eq!(told.len(), 2, "the General is immune: {told:?}");
    assert!(markers(&game, infantry).contains(&"scared".to_string()));
    assert!(markers(&game, archers).contains(&"steadfast".to_string()));
    assert!(markers(&game, general).is_empty());
}

/// Dwarf Crossbowers on d3 that have not moved, and the Chaos Lord, who
/// causes fear, on d5.
fn crossbowers_facing_the_chaos_lord(rulings: Rulings) -> (ChessWar, PieceId, PieceId) {
    let mut position = Position::new([Race::Dwarves, Race::Chaos]).rulings(rulings);
    let crossbowers = position.place(0, "crossbowers", "d3");
    let lord = position.place(1, "chaos-lord", "d5");
    (position.build(), crossbowers, lord)
}

#[test]
fn crossbowers_stopped_by_fear_before_they_moved_may_fire_normally() {
    let (mut game, crossbowers, lord) = crossbowers_facing_the_chaos_lord(Rulings::Book);
    // The fear save: a 1 always fails. The Crossbowers stay on d3, halted
    // but not moved.
    let effects = act(&mut game, 0, &charge(crossbowers, "d4"), &[1]);
    assert_eq!(results(&effects), vec!["failed"]);
    assert_eq!(square_of(&game, crossbowers).as_deref(), Some("d3"));
    assert_eq!(markers(&game, crossbowers), vec!["halted"]);
    end_until(&mut game, 0, Step::Firing);
    // "But it may fire normally": 3 hits; the Lord's 2+ at −1 saves on 6.
    let effects = act(&mut game, 0, &shoot(crossbowers, lord), &[3, 6]);
    assert_eq!(results(&effects), vec!["hit", "saved"]);
}

#[test]
fn with_the_fray_2026_rulings_a_charger_stopped_by_fear_counts_as_moved() {
    let (mut game, crossbowers, lord) = crossbowers_facing_the_chaos_lord(Rulings::Fray2026);
    // The fear save: 1 fails.
    act(&mut game, 0, &charge(crossbowers, "d4"), &[1]);
    assert_eq!(markers(&game, crossbowers), vec!["moved", "halted"]);
    end_until(&mut game, 0, Step::Firing);
    let refusal = refused(&mut game, 0, &shoot(crossbowers, lord));
    assert!(
        refusal.message.contains("cannot fire after moving"),
        "{}",
        refusal.message
    );
}

#[test]
fn a_charger_stopped_by_fear_is_neither_flown_nor_summons() {
    // The Orc Boyz on c3 and the Shaman on e3 each try to charge next to
    // the Chaos Lord on d5, and each fails its fear save with a 1.
    let mut position = Position::new([Race::Orcs, Race::Chaos]);
    position.place(0, "shaman", "e3");
    let boyz = position.place(0, "orc-boyz", "c3");
    position.place(1, "chaos-lord", "d5");
    let mut game = position.build();
    act(&mut game, 0, &charge(boyz, "c4"), &[1]);
    assert!(
        !notations_of(&game, 0, "cast")
            .iter()
            .any(|cast| cast.starts_with("Qe3:flight@c3")),
        "the halted Boyz are not flown"
    );
    // The Elves' Wizard knows Fear, a summon; it tried to charge and was
    // stopped, so its movement phase was not spent standing still.
    let mut position = Position::new([Race::Elves, Race::Chaos]);
    let wizard = position.place(0, "wizard", "e3");
    position.place(1, "chaos-lord", "d5");
    let mut game = position.build();
    act(&mut game, 0, &charge(wizard, "e4"), &[1]);
    end_until(&mut game, 0, Step::Firing);
    let refusal = refused(&mut game, 0, &cast_on(wizard, "fear", "d5"));
    assert!(
        refusal.message.contains("stopped by fear"),
        "{}",
        refusal.message
    );
}
