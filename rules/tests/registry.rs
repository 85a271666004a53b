//! The registry of systems: every registered system describes itself, and
//! its example armies and random armies are valid lists that set up a game.

use fray_protocol::{ArmyList, MatchConfig, OptionKind, OptionValue, Seat, SystemId};
use fray_rules::{
    ChaChaDice, Game, GameSystem, SystemVisitor, registered, systems, validate_army,
    validate_army_for, with_system,
};
use proptest::prelude::*;

#[test]
fn the_registry_names_the_systems_the_protocol_calls_playable() {
    let mut ids = registered().to_vec();
    ids.sort();
    let mut playable = SystemId::PLAYABLE.to_vec();
    playable.sort();
    assert_eq!(ids, playable);
    let listed: Vec<SystemId> = systems().iter().map(|info| info.id).collect();
    assert_eq!(listed, registered(), "systems() follows the registry");
}

#[test]
fn every_system_publishes_examples_that_validate_and_set_up_a_game() {
    for info in systems() {
        assert!(!info.examples.is_empty(), "{}: no examples", info.id);
        for list in &info.examples {
            assert_eq!(list.system, info.id);
            assert_eq!(validate_army(list), Ok(()), "{}: {}", info.id, list.name);
            assert!(
                info.armies.iter().any(|army| army.key == list.army),
                "{}: {} names an army the system does not list",
                info.id,
                list.name
            );
        }
        let pair = fray_rules::example_armies(info.id).expect("a registered system");
        assert_eq!(
            pair[0], info.examples[0],
            "{}: the pair starts the examples",
            info.id
        );
        let config = MatchConfig::new(info.id);
        assert!(
            Game::setup(&config, &pair, &mut ChaChaDice::from_u64(1)).is_ok(),
            "{}: the example pair sets up a game",
            info.id
        );
    }
}

/// A config of `system` with each whole-number option at `at` (0 its least,
/// 1 its most) of its range, or the defaults when `at` is `None`.
fn config_at(system: SystemId, at: Option<f64>) -> MatchConfig {
    let mut config = MatchConfig::new(system);
    let Some(at) = at else { return config };
    let info = systems()
        .into_iter()
        .find(|info| info.id == system)
        .unwrap();
    for spec in info.options {
        if let OptionKind::Int { min, max } = spec.kind {
            let value = min + ((max - min) as f64 * at) as i64;
            config = config.with(&spec.key, OptionValue::Int(value));
        }
    }
    config
}

/// Every random army of one system, drawn from `seed`, for any army and for
/// each army by key, is valid for the match it was drawn for.
struct RandomArmies {
    seed: u64,
    at: Option<f64>,
}

impl SystemVisitor for RandomArmies {
    type Output = Result<(), TestCaseError>;

    fn visit<S: GameSystem>(self) -> Self::Output {
        let config = config_at(S::ID, self.at);
        let mut stream = self.seed;
        let mut pick = |n: usize| {
            // SplitMix64: any stream of picks will do.
            stream = stream.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = stream;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((u128::from(z ^ (z >> 31)) * n as u128) >> 64) as usize
        };
        let mut lists: Vec<ArmyList> = Vec::new();
        lists.push(S::random_army(&config, None, &mut pick).expect("any army"));
        for army in S::info().armies {
            let list = S::random_army(&config, Some(&army.key), &mut pick)
                .unwrap_or_else(|| panic!("{}: no random {}", S::ID, army.key));
            prop_assert_eq!(&list.army, &army.key);
            lists.push(list);
        }
        prop_assert!(S::random_army(&config, Some("no-such-army"), &mut pick).is_none());
        for list in &lists {
            prop_assert_eq!(list.system, S::ID);
            prop_assert_eq!(validate_army(list), Ok(()), "{}: {:?}", S::ID, list);
            prop_assert_eq!(
                validate_army_for(&config, Seat(0), list),
                Ok(()),
                "{}: {:?} for {:?}",
                S::ID,
                list,
                config
            );
        }
        let seats = S::info().seats.min;
        let armies: Vec<ArmyList> = lists.iter().cycle().take(seats.into()).cloned().collect();
        let set_up = Game::setup(&config, &armies, &mut ChaChaDice::from_u64(self.seed));
        prop_assert!(set_up.is_ok(), "{}: {:?}", S::ID, set_up.err());
        Ok(())
    }
}

proptest! {
    #[test]
    fn every_random_army_of_every_system_is_valid(
        seed in any::<u64>(),
        at in proptest::option::of(0.0f64..=1.0),
    ) {
        for &system in registered() {
            with_system(system, RandomArmies { seed, at }).expect("registered")?;
        }
    }
}
