//! The end of the game (W34–W37): the general hunt; both generals fallen
//! when an action resolves, a draw; the round limit; the lengthened game,
//! in which generals' deaths do not end it, the last army standing wins
//! (the one whose unit fell last if both vanish together), Trolls waiting
//! to regenerate keep their army in play, and the undead crumble.

mod cw_common;
mod kit;
use cw_common::*;

fn reason(game: &ChessWar) -> String {
    game.outcome()
        .expect("the game is over")
        .reason
        .render(|seat| format!("seat {}", seat.0))
}

#[test]
fn the_enemy_generals_death_wins_the_general_hunt() {
    let mut position = Position::new([Race::Humans, Race::Orcs]).turn(0, Step::Melee, 3);
    let knights = position.place(0, "knights", "d4");
    position.place(1, "warlord", "d5");
    position.place(1, "orc-boyz", "h8");
    let mut game = position.build();
    let effects = act(&mut game, 0, &attack(knights), &[6]);
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.winners, vec![Seat(0)]);
    assert_eq!(reason(&game), "the general of seat 1 is slain");
    assert!(game.to_act().is_empty());
    assert_eq!(game.view(Viewer::Spectator).turn.phase, "over");
    assert!(
        effects
            .iter()
            .any(|e| matches!(e.effect, Effect::GameEnded { .. }))
    );
    assert_eq!(
        refused(&mut game, 0, &end_phase()).code,
        RejectCode::GameOver
    );
}

#[test]
fn an_attacking_general_that_falls_loses_the_game() {
    let mut position = Position::new([Race::Humans, Race::Dwarves]).turn(0, Step::Melee, 1);
    let general = position.place(0, "general", "d4");
    position.place(1, "warlord", "d5");
    let mut game = position.build();
    // 1 + 1 − 2 = 0: the General (2+) fails on 1.
    act(&mut game, 0, &attack(general), &[1, 1]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(1)]);
}

#[test]
fn both_generals_fallen_when_an_action_resolves_is_a_draw() {
    // No action of movement or melee alone fells both generals (that takes
    // a spell); the rule is checked on a position where seat 1's general
    // already lies dead when seat 0's falls.
    let mut position = Position::new([Race::Humans, Race::Dwarves]).turn(0, Step::Melee, 1);
    let general = position.place(0, "general", "d4");
    position.fallen(1, "warlord");
    position.place(1, "infantry", "d5");
    let mut game = position.build();
    act(&mut game, 0, &attack(general), &[1, 1]);
    let outcome = game.outcome().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(reason(&game), "both generals fell in the same action");
}

#[test]
fn the_round_limit_draws_the_general_hunt_at_the_end_of_its_last_round() {
    let options = options(false, 2);
    let mut position = Position::new([Race::Humans, Race::Orcs])
        .options(options)
        .turn(0, Step::Closing, 3);
    position.place(0, "general", "a1");
    position.place(1, "warlord", "h8");
    let mut game = position.build();
    // Turn 3 is the first of round 2: the game goes on.
    act(&mut game, 0, &end_phase(), &[]);
    assert!(game.outcome().is_none());
    end_until(&mut game, 1, Step::Closing);
    act(&mut game, 1, &end_phase(), &[]);
    assert!(game.outcome().unwrap().is_draw());
    assert_eq!(
        reason(&game),
        "the round limit is reached with both generals alive"
    );
}

#[test]
fn by_default_no_round_limit_ends_the_general_hunt() {
    // The match's options as a match made with none takes them: the book
    // plays until a general dies.
    let options = fray_rules::chess_war::read_options(&config()).expect("the defaults");
    let mut position = Position::new([Race::Humans, Race::Orcs])
        .options(options)
        .turn(1, Step::Closing, 60);
    position.place(0, "general", "a1");
    position.place(1, "warlord", "h8");
    let mut game = position.build();
    // The end of round 30, which the former default cap closed with a
    // draw: no die, and seat 0's turn 61 begins.
    act(&mut game, 1, &end_phase(), &[]);
    assert!(game.outcome().is_none());
    assert_eq!((game.mover(), game.step()), (Some(0), Some(Step::Movement)));
}

#[test]
fn in_the_lengthened_game_the_generals_death_does_not_end_it() {
    let mut position = Position::new([Race::Humans, Race::Orcs])
        .options(options(true, 30))
        .turn(0, Step::Melee, 1);
    let knights = position.place(0, "knights", "d4");
    let warlord = position.place(1, "warlord", "d5");
    position.place(1, "orc-boyz", "h8");
    let mut game = position.build();
    act(&mut game, 0, &attack(knights), &[6]);
    assert!(is_removed(&game, warlord));
    assert!(game.outcome().is_none());
}

#[test]
fn the_last_army_on_the_field_wins_the_lengthened_game() {
    let mut position = Position::new([Race::Humans, Race::Orcs])
        .options(options(true, 30))
        .turn(0, Step::Melee, 1);
    let knights = position.place(0, "knights", "d4");
    position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    act(&mut game, 0, &attack(knights), &[6]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
    assert_eq!(
        reason(&game),
        "only the army of seat 0 is left on the field"
    );
}

#[test]
fn when_both_armies_vanish_in_one_action_the_one_removed_last_wins() {
    let mut position = Position::new([Race::Humans, Race::Chaos])
        .options(options(true, 30))
        .turn(0, Step::Melee, 1);
    let knights = position.place(0, "knights", "d4");
    position.place(1, "beastmen", "d5");
    let mut game = position.build();
    // The Beastmen fall first; their plague takes the Knights after them.
    act(&mut game, 0, &attack(knights), &[6, 1]);
    assert!(is_removed(&game, knights));
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn trolls_waiting_to_regenerate_keep_their_army_in_play() {
    for (face, returns) in [(2, false), (4, true)] {
        let mut position = Position::new([Race::Humans, Race::Orcs])
            .options(options(true, 30))
            .turn(0, Step::Melee, 1);
        let knights = position.place(0, "knights", "d4");
        let trolls = position.place(1, "trolls", "d5");
        let mut game = position.build();
        act(&mut game, 0, &attack(knights), &[6]);
        assert!(game.outcome().is_none(), "the Trolls may yet return");
        act(&mut game, 0, &pass(), &[]);
        act(&mut game, 0, &end_phase(), &[]);
        act(&mut game, 0, &end_phase(), &[face]);
        if returns {
            assert!(game.outcome().is_none());
            assert!(!is_removed(&game, trolls));
        } else {
            assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
        }
    }
}

#[test]
fn the_undead_crumble_when_their_liche_and_necromancers_are_gone() {
    let mut position = Position::new([Race::Humans, Race::Undead])
        .options(options(true, 30))
        .turn(0, Step::Melee, 1);
    let knights = position.place(0, "knights", "d4");
    position.place(0, "infantry", "a1");
    let liche = position.place(1, "liche", "d5");
    let necromancer = position.place(1, "necromancer", "h8");
    let zombies = position.place(1, "zombies", "g8");
    position.marks(knights, |marks| marks.charged = true);
    let mut game = position.build();
    // 5 + 0 + 1 (charged Knights) − 1 = 5: the Liche (2+) fails on 1.
    act(&mut game, 0, &attack(knights), &[5, 1]);
    assert!(is_removed(&game, liche));
    assert!(!is_removed(&game, zombies), "a Necromancer still stands");
    assert!(!is_removed(&game, necromancer));
    assert!(game.outcome().is_none());

    let mut position = Position::new([Race::Humans, Race::Undead])
        .options(options(true, 30))
        .turn(0, Step::Melee, 1);
    let knights = position.place(0, "knights", "d4");
    let liche = position.place(1, "liche", "d5");
    let zombies = position.place(1, "zombies", "g8");
    let archers = position.place(1, "undead-archers", "h8");
    let mut game = position.build();
    let effects = act(&mut game, 0, &attack(knights), &[6]);
    assert!(is_removed(&game, liche) && is_removed(&game, zombies) && is_removed(&game, archers));
    assert!(
        effects
            .iter()
            .any(|e| matches!(&e.effect, Effect::Narration { text }
        if text.render(|s| format!("seat {}", s.0)).contains("crumble to dust")))
    );
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn the_undead_do_not_crumble_in_the_general_hunt() {
    let mut position = Position::new([Race::Humans, Race::Undead]).turn(0, Step::Melee, 1);
    let knights = position.place(0, "knights", "d4");
    position.place(1, "liche", "d5");
    let zombies = position.place(1, "zombies", "g8");
    let mut game = position.build();
    act(&mut game, 0, &attack(knights), &[6]);
    assert!(!is_removed(&game, zombies));
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn at_the_round_limit_of_the_lengthened_game_the_survivors_points_decide() {
    for (boyz, winner) in [(3usize, Some(Seat(1))), (2, None), (1, Some(Seat(0)))] {
        let mut position = Position::new([Race::Humans, Race::Orcs])
            .options(options(true, 1))
            .turn(1, Step::Closing, 2);
        // Knights: 4 points; Orc Boyz: 2 each.
        position.place(0, "knights", "a1");
        for file in ["f", "g", "h"].iter().take(boyz) {
            position.place(1, "orc-boyz", &format!("{file}8"));
        }
        let mut game = position.build();
        act(&mut game, 1, &end_phase(), &[]);
        let outcome = game.outcome().unwrap();
        match winner {
            Some(seat) => assert_eq!(outcome.winners, vec![seat]),
            None => {
                assert!(outcome.is_draw());
                assert_eq!(
                    reason(&game),
                    "the round limit: the survivors are worth 4 points each"
                );
            }
        }
    }
}
