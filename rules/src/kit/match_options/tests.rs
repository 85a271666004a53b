use fray_protocol::{MatchConfig, OptionKind, OptionSpec, OptionValue, SystemId};

use super::{CheckedOptions, Choice};
use crate::contract::SetupError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Weather {
    Dry,
    Rain,
}

impl Choice for Weather {
    const ALL: &'static [Self] = &[Weather::Dry, Weather::Rain];

    fn key(self) -> &'static str {
        match self {
            Weather::Dry => "dry",
            Weather::Rain => "rain",
        }
    }
}

const SYSTEM: &str = "Test Game";

fn spec(key: &str, kind: OptionKind, default: OptionValue) -> OptionSpec {
    OptionSpec {
        key: key.into(),
        label: key.into(),
        kind,
        default,
        help: String::new(),
    }
}

fn specs() -> Vec<OptionSpec> {
    vec![
        spec("fog", OptionKind::Bool, OptionValue::Bool(false)),
        spec(
            "rounds",
            OptionKind::Int { min: 0, max: 50 },
            OptionValue::Int(12),
        ),
        spec(
            "weather",
            Weather::option_kind(),
            Weather::Dry.option_value(),
        ),
    ]
}

fn config(options: &[(&str, OptionValue)]) -> MatchConfig {
    options.iter().fold(
        MatchConfig::new(SystemId::FantasyArmies),
        |config, (key, value)| config.with(*key, value.clone()),
    )
}

fn refusal(options: &[(&str, OptionValue)]) -> (String, String) {
    let specs = specs();
    let config = config(options);
    match CheckedOptions::check(SYSTEM, &specs, &config) {
        Err(SetupError::BadOption { key, reason }) => (key, reason),
        other => panic!("expected a refused option, got {other:?}"),
    }
}

#[test]
fn options_left_out_take_the_specs_defaults() {
    let specs = specs();
    let config = config(&[]);
    let options = CheckedOptions::check(SYSTEM, &specs, &config).unwrap();
    assert!(!options.flag("fog"));
    assert_eq!(options.int::<u32>("rounds"), 12);
    assert_eq!(options.choice::<Weather>("weather"), Weather::Dry);
}

#[test]
fn options_set_are_read_as_set() {
    let specs = specs();
    let config = config(&[
        ("fog", OptionValue::Bool(true)),
        ("rounds", OptionValue::Int(50)),
        ("weather", OptionValue::Text("rain".into())),
    ]);
    let options = CheckedOptions::check(SYSTEM, &specs, &config).unwrap();
    assert!(options.flag("fog"));
    assert_eq!(options.int::<i64>("rounds"), 50);
    assert_eq!(options.choice::<Weather>("weather"), Weather::Rain);
}

#[test]
fn both_ends_of_a_range_are_accepted() {
    let specs = specs();
    for n in [0, 50] {
        let config = config(&[("rounds", OptionValue::Int(n))]);
        let options = CheckedOptions::check(SYSTEM, &specs, &config).unwrap();
        assert_eq!(options.int::<i64>("rounds"), n);
    }
}

#[test]
fn an_unknown_option_is_refused_naming_the_systems_options() {
    assert_eq!(
        refusal(&[("wind", OptionValue::Bool(true))]),
        (
            "wind".into(),
            "Test Game has no such option; its options are fog, rounds and weather".into()
        )
    );
}

#[test]
fn a_system_with_one_option_or_none_says_so() {
    let config = config(&[("wind", OptionValue::Bool(true))]);
    let one = [spec("fog", OptionKind::Bool, OptionValue::Bool(false))];
    let reason = |specs: &[OptionSpec]| match CheckedOptions::check(SYSTEM, specs, &config) {
        Err(SetupError::BadOption { reason, .. }) => reason,
        other => panic!("expected a refused option, got {other:?}"),
    };
    assert_eq!(
        reason(&one),
        "Test Game has no such option; its option is fog"
    );
    assert_eq!(reason(&[]), "Test Game has no options");
}

#[test]
fn a_flag_must_be_true_or_false() {
    for value in [OptionValue::Int(1), OptionValue::Text("yes".into())] {
        assert_eq!(
            refusal(&[("fog", value)]),
            ("fog".into(), "must be true or false".into())
        );
    }
}

#[test]
fn a_whole_number_must_be_one_in_the_specs_range() {
    for value in [
        OptionValue::Int(-1),
        OptionValue::Int(51),
        OptionValue::Text("12".into()),
        OptionValue::Bool(true),
    ] {
        assert_eq!(
            refusal(&[("rounds", value)]),
            (
                "rounds".into(),
                "must be a whole number from 0 to 50".into()
            )
        );
    }
}

#[test]
fn a_choice_must_be_one_of_the_specs_choices() {
    for value in [
        OptionValue::Text("snow".into()),
        OptionValue::Text("Dry".into()),
        OptionValue::Int(0),
    ] {
        assert_eq!(
            refusal(&[("weather", value)]),
            ("weather".into(), "must be one of dry, rain".into())
        );
    }
}

#[test]
fn the_first_refused_option_in_key_order_is_the_error() {
    let (key, _) = refusal(&[
        ("weather", OptionValue::Int(0)),
        ("fog", OptionValue::Int(0)),
    ]);
    assert_eq!(key, "fog");
}

#[test]
fn a_choice_is_found_by_its_key() {
    for weather in Weather::ALL {
        assert_eq!(Weather::from_key(weather.key()), Some(*weather));
    }
    assert_eq!(Weather::from_key("snow"), None);
}

/// Every system's defaults are values its own specs accept, as a stored
/// match keeps them (`MatchConfig::with_defaults`); a key none declares is not.
#[test]
fn every_systems_defaults_are_accepted_by_its_specs() {
    for info in crate::systems() {
        let mut config = MatchConfig::new(info.id).with_defaults(&info.options);
        assert!(
            CheckedOptions::check(&info.name, &info.options, &config).is_ok(),
            "{}",
            info.name
        );
        config
            .options
            .insert("no-such-option".into(), OptionValue::Bool(true));
        assert!(
            CheckedOptions::check(&info.name, &info.options, &config).is_err(),
            "{}",
            info.name
        );
    }
}

/// What each system says to an option it does not have, and to a choice it
/// does not offer: the same words in every system.
#[test]
fn every_system_refuses_in_the_same_words() {
    let unknown = [
        (
            SystemId::FantasyArmies,
            "Fantasy Armies has no such option; its options are max-turns, \
             turns-without-removal and hth-modifiers",
        ),
        (
            SystemId::ChessboardConfrontation,
            "Chessboard Confrontation has no such option; its options are points, scenario, \
             survival-count, obstacles, map, max-rounds, rounds-without-defeat and rulings",
        ),
        (
            SystemId::SummonersChess,
            "Summoners Chess has no such option; its options are second-unit, acolytes, \
             max-turns and quiet-turns",
        ),
    ];
    let refused = |config: &MatchConfig| {
        let armies = crate::example_armies(config.system).expect("a playable system");
        match crate::Game::setup(config, &armies, &mut crate::ScriptedDice::new([])) {
            Err(SetupError::BadOption { reason, .. }) => reason,
            Err(other) => panic!("{}: refused for another reason: {other}", config.system),
            Ok(_) => panic!("{}: a bad option was accepted", config.system),
        }
    };
    for (system, reason) in unknown {
        let config = MatchConfig::new(system).with("no-such-option", OptionValue::Bool(true));
        assert_eq!(refused(&config), reason);
    }
    let choices = [
        (
            SystemId::FantasyArmies,
            "hth-modifiers",
            "add-to-roll, extra-dice",
        ),
        (
            SystemId::ChessboardConfrontation,
            "rulings",
            "book, fray-2026, fray-2025",
        ),
        (
            SystemId::ChessboardConfrontation,
            "scenario",
            "last-standing, infiltrate, retrieve, survival",
        ),
        (SystemId::SummonersChess, "acolytes", "chosen, fixed"),
    ];
    for (system, key, offered) in choices {
        let config = MatchConfig::new(system).with(key, OptionValue::Int(1));
        assert_eq!(
            refused(&config),
            format!("must be one of {offered}"),
            "{system} {key}"
        );
    }
}
