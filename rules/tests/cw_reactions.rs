//! The reaction windows (W38, W40, W41, W44–W46): the book's example of a
//! Dispel on the opponent's turn paid for with the next turn's spell; no
//! second instant in one opponent's turn; Protection against an aimed
//! shot; Dispel against the opponent's Protection on one's own turn;
//! Healing a failed save; Raise Dead and anti-magic against it; windows
//! that open only when the seat has something to cast.

mod cw_common;
mod kit;
use cw_common::*;

/// Humans (a Wizard on d2) against Undead (a Necromancer on d6 and the
/// Liche on h6), seat 0 in the closing step of turn 1.
fn the_books_example() -> (ChessWar, PieceId, PieceId, PieceId) {
    let mut position = Position::new([Race::Humans, Race::Undead]).turn(0, Step::Closing, 1);
    let wizard = position.place(0, "wizard", "d2");
    let necromancer = position.place(1, "necromancer", "d6");
    let liche = position.place(1, "liche", "h6");
    (position.build(), wizard, necromancer, liche)
}

fn seat_to_act(game: &ChessWar) -> u8 {
    game.to_act()[0].0
}

#[test]
fn the_books_example_a_dispel_on_the_opponents_turn_spends_the_next_turns_spell() {
    let (mut game, wizard, necromancer, liche) = the_books_example();
    // A's wizard casts a summon on A's turn. B's Necromancer may answer it
    // (with its first turn's spell): B passes.
    act(&mut game, 0, &cast_on(wizard, "storm", "a4"), &[]);
    assert!(in_window(&game) && seat_to_act(&game) == 1);
    act(&mut game, 1, &pass(), &[]);
    assert_eq!(stat(&game, wizard, "Spell").as_deref(), Some("spent"));
    act(&mut game, 0, &end_phase(), &[]);
    // B's turn begins: A is asked first (Protection), and passes.
    assert!(in_window(&game) && seat_to_act(&game) == 0);
    act(&mut game, 0, &pass(), &[]);
    end_until(&mut game, 1, Step::Firing);
    // During B's turn the wizard is Zapped!: A answers with Dispel, from
    // the wizard's next turn's spell. No die is rolled.
    act(&mut game, 1, &cast_at(necromancer, "zap", wizard), &[]);
    assert!(in_window(&game) && seat_to_act(&game) == 0);
    let mut answers = notations(&game, 0);
    answers.sort();
    assert_eq!(answers, vec!["Qd2:dispel", "Qd2:protection@d2", "pass"]);
    let effects = act(&mut game, 0, &cast_answer(wizard, "dispel"), &[]);
    assert!(rolls_told(&effects).is_empty());
    let told: Vec<String> = effects
        .iter()
        .filter_map(|e| match &e.effect {
            Effect::Narration { text } => Some(text.render(|s| format!("seat {}", s.0))),
            _ => None,
        })
        .collect();
    assert!(
        told.contains(&"Wizard on d2 cast Dispel: cancel the Zap! of Necromancer on d6".into()),
        "{told:?}"
    );
    assert!(!in_window(&game));
    assert_eq!(
        stat(&game, wizard, "Spell").as_deref(),
        Some("spent, and the next turn's too")
    );
    // No two instants in the same opponent's turn: the Liche's Zap! opens
    // no window, and its dice are rolled at once (a miss).
    let effects = act(&mut game, 1, &cast_at(liche, "zap", wizard), &[2]);
    assert_eq!(results(&effects), vec!["missed"]);
    // On A's next turn the wizard cannot cast: it has already used it.
    end_until(&mut game, 0, Step::Firing);
    assert_eq!(stat(&game, wizard, "Spell").as_deref(), Some("spent"));
    assert!(notations_of(&game, 0, "cast").is_empty());
    end_until(&mut game, 0, Step::Closing);
    assert!(notations_of(&game, 0, "cast").is_empty());
}

#[test]
fn had_the_wizard_cast_nothing_the_dispel_uses_the_last_turns_spell() {
    let (mut game, wizard, necromancer, _) = the_books_example();
    act(&mut game, 0, &end_phase(), &[]);
    act(&mut game, 0, &pass(), &[]);
    end_until(&mut game, 1, Step::Firing);
    act(&mut game, 1, &cast_at(necromancer, "zap", wizard), &[]);
    act(&mut game, 0, &cast_answer(wizard, "dispel"), &[]);
    assert_eq!(stat(&game, wizard, "Spell").as_deref(), Some("spent"));
    end_until(&mut game, 0, Step::Firing);
    assert_eq!(stat(&game, wizard, "Spell").as_deref(), Some("ready"));
    assert!(notations_of(&game, 0, "cast").contains(&"Qd2:zap@d6".to_string()));
}

/// Humans (a Wizard, Infantry) against Orcs (Archers), in the Orcs'
/// firing phase.
fn shot_at_infantry() -> (ChessWar, PieceId, PieceId, PieceId) {
    let mut position = Position::new([Race::Humans, Race::Orcs]).turn(1, Step::Firing, 2);
    let wizard = position.place(0, "wizard", "d1");
    let infantry = position.place(0, "infantry", "c3");
    let archers = position.place(1, "archers", "c6");
    (position.build(), wizard, infantry, archers)
}

#[test]
fn a_shot_aimed_at_a_unit_opens_a_window_for_protection_before_any_die() {
    let (mut game, wizard, infantry, archers) = shot_at_infantry();
    let effects = act(&mut game, 1, &shoot(archers, infantry), &[]);
    assert!(rolls_told(&effects).is_empty());
    assert_eq!(game.view(Viewer::Spectator).turn.phase, "reaction");
    assert_eq!(notations(&game, 0), vec!["Qd1:protection@c3", "pass"]);
    assert_eq!(
        refused(&mut game, 1, &end_phase()).code,
        RejectCode::NotYourTurn
    );
    // Protected, the Infantry (4+) save on 2 + 2.
    act(
        &mut game,
        0,
        &cast_at(wizard, "protection", infantry),
        &[3, 2],
    );
    assert!(!is_removed(&game, infantry));
    assert!(markers(&game, infantry).contains(&"protected".to_string()));
    assert_eq!(seat_to_act(&game), 1);
}

#[test]
fn healing_makes_a_failed_save_again_and_the_unit_survives() {
    let mut position = Position::new([Race::Humans, Race::Orcs]).turn(1, Step::Firing, 2);
    let wizard = position.place(0, "wizard", "d1");
    let infantry = position.place(0, "infantry", "c3");
    let archers = position.place(1, "archers", "c6");
    // The Wizard's instant of this turn must still be there for Healing:
    // Protection is declined when the shot is aimed.
    let mut game = position.build();
    act(&mut game, 1, &shoot(archers, infantry), &[]);
    act(&mut game, 0, &pass(), &[3, 1]);
    assert!(in_window(&game));
    assert_eq!(notations(&game, 0), vec!["Qd1:healing", "pass"]);
    let effects = act(&mut game, 0, &cast_answer(wizard, "healing"), &[5]);
    assert_eq!(results(&effects), vec!["saved"]);
    assert!(!is_removed(&game, infantry));
    // Healed again and failed, it would have been destroyed.
    let (mut game, wizard, infantry, archers) = shot_at_infantry();
    act(&mut game, 1, &shoot(archers, infantry), &[]);
    act(&mut game, 0, &pass(), &[3, 1]);
    act(&mut game, 0, &cast_answer(wizard, "healing"), &[2]);
    assert!(is_removed(&game, infantry));
}

#[test]
fn the_mover_may_dispel_the_opponents_protection_on_its_own_turn() {
    let mut position = Position::new([Race::Humans, Race::Orcs]).turn(0, Step::Firing, 1);
    let wizard = position.place(0, "wizard", "d1");
    let archers = position.place(0, "archers", "c2");
    let shaman = position.place(1, "shaman", "f6");
    let boyz = position.place(1, "orc-boyz", "c6");
    let mut game = position.build();
    act(&mut game, 0, &shoot(archers, boyz), &[]);
    assert_eq!(seat_to_act(&game), 1);
    act(&mut game, 1, &cast_at(shaman, "protection", boyz), &[]);
    // The Wizard answers the Protection with Dispel.
    assert_eq!(seat_to_act(&game), 0);
    assert!(notations(&game, 0).contains(&"Qd1:dispel".to_string()));
    // Dispelled, the Boyz (3+) fail on 2 without the +2.
    act(&mut game, 0, &cast_answer(wizard, "dispel"), &[3, 2]);
    assert!(is_removed(&game, boyz));
}

#[test]
fn raise_dead_raises_a_zombie_of_the_casters_army_worth_two_points() {
    let mut position = Position::new([Race::Undead, Race::Humans]).turn(0, Step::Firing, 1);
    let necromancer = position.place(0, "necromancer", "d1");
    let archers = position.place(0, "undead-archers", "c2");
    let infantry = position.place(1, "infantry", "c5");
    let mut game = position.build();
    let before = game.survivors_points(0);
    act(&mut game, 0, &shoot(archers, infantry), &[4, 1]);
    assert!(is_removed(&game, infantry));
    assert!(in_window(&game));
    assert_eq!(notations(&game, 0), vec!["Qd1:raise-dead", "pass"]);
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.notation == "Qd1:raise-dead")
        .unwrap();
    assert_eq!(
        option.label,
        "Necromancer on d1 cast Raise Dead: a Zombie rises on c5"
    );
    act(&mut game, 0, &cast_answer(necromancer, "raise-dead"), &[]);
    let view = game.view(Viewer::Spectator);
    let zombie = view
        .pieces
        .values()
        .find(|p| p.square.map(|s| s.to_string()).as_deref() == Some("c5"))
        .expect("a Zombie on c5");
    assert_eq!((zombie.kind.as_str(), zombie.owner), ("zombies", Seat(0)));
    assert_eq!(zombie.id, PieceId(2));
    assert_eq!(game.survivors_points(0), before + 2);
}

#[test]
fn anti_magic_may_keep_a_dwarf_from_rising() {
    let mut position = Position::new([Race::Undead, Race::Dwarves]).turn(0, Step::Firing, 1);
    let necromancer = position.place(0, "necromancer", "d1");
    let archers = position.place(0, "undead-archers", "c2");
    let infantry = position.place(1, "infantry", "c5");
    let rune_lord = position.place(1, "rune-lord", "h8");
    position.spells(rune_lord, |s| {
        s.current_spent = true;
        s.next_spent = true;
    });
    let mut game = position.build();
    act(&mut game, 0, &shoot(archers, infantry), &[4, 1]);
    let effects = act(&mut game, 0, &cast_answer(necromancer, "raise-dead"), &[5]);
    assert_eq!(results(&effects), vec!["turned aside"]);
    assert_eq!(game.view(Viewer::Referee).pieces.len(), 3);
    // The dead Dwarf is in no view: its save names no piece.
    let pieces: Vec<Option<PieceId>> = effects
        .iter()
        .filter_map(|scoped| match &scoped.effect {
            Effect::DiceRolled { roll } => Some(roll.piece),
            _ => None,
        })
        .collect();
    assert_eq!(pieces, vec![None], "{infantry} is named after it fell");
}

#[test]
fn no_window_opens_for_a_seat_with_nothing_to_cast() {
    let mut position = Position::new([Race::Humans, Race::Orcs]).turn(1, Step::Firing, 2);
    let wizard = position.place(0, "wizard", "d1");
    let infantry = position.place(0, "infantry", "c3");
    let archers = position.place(1, "archers", "c6");
    // The Wizard has spent both spells it could answer with.
    position.spells(wizard, |s| {
        s.current_spent = true;
        s.next_spent = true;
    });
    let mut game = position.build();
    act(&mut game, 1, &shoot(archers, infantry), &[3, 1]);
    assert!(is_removed(&game, infantry));
    assert!(!in_window(&game));

    // Out of reach: a Wizard 7 squares from the aimed unit is not asked.
    let mut far = Position::new([Race::Humans, Race::Orcs]).turn(1, Step::Firing, 2);
    far.place(0, "wizard", "h1");
    let infantry = far.place(0, "infantry", "a3");
    let archers = far.place(1, "archers", "a6");
    let mut game = far.build();
    act(&mut game, 1, &shoot(archers, infantry), &[2]);
    assert!(!in_window(&game));
}

#[test]
fn the_start_of_the_opponents_turn_offers_protection_and_the_instant_is_then_spent() {
    let mut position = Position::new([Race::Humans, Race::Orcs]).turn(1, Step::Closing, 2);
    let wizard = position.place(0, "wizard", "d1");
    let infantry = position.place(0, "infantry", "c3");
    position.place(1, "orc-boyz", "c7");
    let mut game = position.build();
    // Seat 1 ends its turn; seat 0's begins, and seat 1 has no wizard.
    act(&mut game, 1, &end_phase(), &[]);
    assert_eq!((game.mover(), in_window(&game)), (Some(0), false));
    end_until(&mut game, 0, Step::Closing);
    act(&mut game, 0, &end_phase(), &[]);
    // Seat 1's turn begins: seat 0 is asked before its movement.
    assert_eq!(game.mover(), Some(1));
    assert!(in_window(&game));
    act(&mut game, 0, &cast_at(wizard, "protection", infantry), &[]);
    assert!(markers(&game, infantry).contains(&"protected".to_string()));
    assert_eq!((seat_to_act(&game), game.step()), (1, Some(Step::Movement)));
}

#[test]
fn dispel_reaches_six_squares_from_the_caster_or_from_what_it_aims_at() {
    let zap_from_h8 = |wizard_at: &str, faces: &[u8]| {
        let mut position = Position::new([Race::Humans, Race::Undead]).turn(1, Step::Firing, 2);
        position.place(0, "wizard", wizard_at);
        let infantry = position.place(0, "infantry", "h2");
        let necromancer = position.place(1, "necromancer", "h8");
        let mut game = position.build();
        let effects = act(&mut game, 1, &cast_at(necromancer, "zap", infantry), faces);
        (game, results(&effects))
    };
    // From a1 both the Necromancer and the Infantry are 7 away: no window,
    // the Zap! rolls at once.
    let (game, told) = zap_from_h8("a1", &[2]);
    assert!(!in_window(&game));
    assert_eq!(told, vec!["missed"]);
    // From b1 the Infantry on h2 is 6 away: Dispel and Protection.
    let (game, told) = zap_from_h8("b1", &[]);
    assert!(in_window(&game) && told.is_empty());
    assert_eq!(
        notations(&game, 0),
        vec!["Qb1:dispel", "Qb1:protection@h2", "pass"]
    );
}

#[test]
fn an_attack_roll_aimed_at_a_unit_opens_the_same_window() {
    let mut position = Position::new([Race::Humans, Race::Orcs]).turn(1, Step::Melee, 2);
    let wizard = position.place(0, "wizard", "d1");
    let infantry = position.place(0, "infantry", "d4");
    let boyz = position.place(1, "orc-boyz", "d5");
    let mut game = position.build();
    let effects = act(&mut game, 1, &attack(boyz), &[]);
    assert!(rolls_told(&effects).is_empty());
    assert_eq!(notations(&game, 0), vec!["Qd1:protection@d4", "pass"]);
    // 4: one save, which the Infantry (4+) make on 2 + 2.
    let effects = act(
        &mut game,
        0,
        &cast_at(wizard, "protection", infantry),
        &[4, 2],
    );
    assert_eq!(results(&effects), vec!["one save", "saved"]);
    assert!(!is_removed(&game, infantry));
}

#[test]
fn a_general_is_never_raised() {
    let mut position = Position::new([Race::Undead, Race::Humans])
        .options(MatchOptions {
            lengthened: true,
            ..MatchOptions::default()
        })
        .turn(0, Step::Firing, 1);
    position.place(0, "necromancer", "d1");
    let archers = position.place(0, "undead-archers", "c2");
    let general = position.place(1, "general", "c5");
    position.place(1, "infantry", "h8");
    let mut game = position.build();
    act(&mut game, 0, &shoot(archers, general), &[4, 1]);
    assert!(is_removed(&game, general));
    assert!(!in_window(&game));
}
