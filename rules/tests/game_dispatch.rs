//! `Game` plays every system through one type: the server's view of the engine.

use fray_protocol::{ArmyEntry, ArmyList, MatchConfig, SystemId, View, Viewer, apply_all};
use fray_rules::fantasy_armies::{Army, starter_list};
use fray_rules::{ChaChaDice, Dice, Game, summoners_chess, systems, validate_army};

fn lists(system: SystemId) -> Vec<ArmyList> {
    match system {
        SystemId::FantasyArmies => vec![starter_list(Army::Elves), starter_list(Army::Demons)],
        SystemId::SummonersChess => vec![summoners_chess::army_list(); 2],
        SystemId::ChessboardConfrontation => (0..3)
            .map(|_| ArmyList {
                system,
                army: "squad".into(),
                name: String::new(),
                units: vec![ArmyEntry::new("elite", 2), ArmyEntry::new("minion", 4)],
            })
            .collect(),
        SystemId::ChessWar | SystemId::ActionChessFactionChess => {
            fray_rules::example_armies(system).unwrap().to_vec()
        }
    }
}

#[test]
fn every_listed_system_plays_a_whole_game_through_game() {
    let listed: Vec<SystemId> = systems().iter().map(|info| info.id).collect();
    assert_eq!(
        listed,
        [
            SystemId::FantasyArmies,
            SystemId::ChessboardConfrontation,
            SystemId::ActionChessFactionChess,
            SystemId::ChessWar,
            SystemId::SummonersChess
        ]
    );
    for system in listed {
        let armies = lists(system);
        for list in &armies {
            assert_eq!(validate_army(list), Ok(()), "{system}");
        }
        let mut dice = ChaChaDice::from_u64(11);
        let (mut game, effects) = Game::setup(&MatchConfig::new(system), &armies, &mut dice)
            .unwrap_or_else(|e| panic!("{system}: {e}"));
        assert_eq!(game.system(), system);
        let mut spectator = View::default();
        // A secret set-up tells the spectator only what it may see.
        apply_all(
            &mut spectator,
            &fray_protocol::ScopedEffect::for_viewer(&effects, Viewer::Spectator),
        );
        let mut actions = 0;
        while game.outcome().is_none() {
            let seat = game.to_act()[0];
            let options = game.options(seat);
            let pick = usize::from(dice.roll(250)) % options.len();
            let effects = game.act(seat, &options[pick].action, &mut dice).unwrap();
            let seen = fray_protocol::ScopedEffect::for_viewer(&effects, Viewer::Spectator);
            apply_all(&mut spectator, &seen);
            actions += 1;
            assert!(actions < 20_000, "{system} did not end");
        }
        assert_eq!(spectator, game.view(Viewer::Spectator), "{system}");
        assert_eq!(spectator.system, system.key());
    }
}

/// A player may type a notation as one word, in any case
/// (`fray_protocol::text::typed_notation`): no two options of one decision
/// may read alike that way, in any system, in random games from set-up to
/// the end.
#[test]
fn the_options_of_a_decision_differ_when_typed_as_one_word_in_any_case() {
    use fray_protocol::text::typed_notation;
    use std::collections::BTreeMap;
    for system in [
        SystemId::FantasyArmies,
        SystemId::ChessboardConfrontation,
        SystemId::ActionChessFactionChess,
        SystemId::SummonersChess,
    ] {
        let mut with_spaces = 0;
        for seed in 0..6 {
            let armies = lists(system);
            let mut dice = ChaChaDice::from_u64(seed);
            let (mut game, _) = Game::setup(&MatchConfig::new(system), &armies, &mut dice)
                .unwrap_or_else(|e| panic!("{system}: {e}"));
            let mut actions = 0;
            while game.outcome().is_none() && actions < 3_000 {
                for seat in game.to_act() {
                    let mut typed = BTreeMap::new();
                    for option in game.options(seat) {
                        with_spaces += usize::from(option.notation.contains(' '));
                        if let Some(other) =
                            typed.insert(typed_notation(&option.notation), option.notation.clone())
                        {
                            panic!("{system}: '{other}' and '{}' read alike", option.notation);
                        }
                    }
                }
                let seat = game.to_act()[0];
                let options = game.options(seat);
                let pick = usize::from(dice.roll(250)) % options.len();
                game.act(seat, &options[pick].action, &mut dice).unwrap();
                actions += 1;
            }
        }
        // These two write every notation without spaces (`Pe2-e4`, `Mb1>ne`).
        let spaceless = [SystemId::SummonersChess, SystemId::ActionChessFactionChess];
        if !spaceless.contains(&system) {
            assert!(
                with_spaces > 0,
                "{system}: no notation with spaces was seen"
            );
        }
    }
}
