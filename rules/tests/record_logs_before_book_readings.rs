//! Records the golden logs of `rules/tests/fixtures/logs_before_book_readings/`
//! (see the README there). It must be run against release 97b6eb6, the
//! release whose logs the fixtures keep, not against today's rules:
//!
//! ```text
//! git worktree add --detach /tmp/old 97b6eb6
//! cp rules/tests/record_logs_before_book_readings.rs /tmp/old/rules/tests/
//! cd /tmp/old && FRAY_GOLDEN_OUT=/path/to/rules/tests/fixtures/logs_before_book_readings \
//!     cargo test -p fray-rules --test record_logs_before_book_readings -- --ignored --nocapture
//! ```
//!
//! Each game: the config, the armies and the dice seed of `ChaChaDice::from_u64`,
//! the set-up's effects, then each action (chosen uniformly among
//! `options(seat)` of the one seat to act by a ChaCha8 seeded from the same
//! seed) with the effects it made, up to a cap of actions per game. It uses
//! only `Game`'s API, the same in both releases.

use std::collections::BTreeSet;

use fray_protocol::{
    Action, ArmyEntry, ArmyList, MatchConfig, OptionValue, ScopedEffect, Seat, SystemId,
};
use fray_rules::Choice;
use fray_rules::fantasy_armies::{Army, starter_list};
use fray_rules::{ChaChaDice, Game, example_armies};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
struct Fixture {
    release: String,
    system: SystemId,
    games: Vec<Recorded>,
}

#[derive(Serialize, Deserialize)]
struct Recorded {
    name: String,
    config: MatchConfig,
    armies: Vec<ArmyList>,
    seed: u64,
    setup: Vec<ScopedEffect>,
    events: Vec<Event>,
    ended: bool,
}

#[derive(Serialize, Deserialize)]
struct Event {
    seat: Seat,
    action: Action,
    effects: Vec<ScopedEffect>,
}

fn play(name: &str, config: &MatchConfig, armies: &[ArmyList], seed: u64, cap: usize) -> Recorded {
    let mut dice = ChaChaDice::from_u64(seed);
    let mut chooser = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_0FC0_FFEE);
    let (mut game, setup) = Game::setup(config, armies, &mut dice).expect("sets up");
    let mut events = Vec::new();
    while game.outcome().is_none() && events.len() < cap {
        let seats = game.to_act();
        let seat = seats[((u128::from(chooser.next_u64()) * seats.len() as u128) >> 64) as usize];
        let options = game.options(seat);
        assert!(
            !options.is_empty(),
            "{name}: {seat:?} to act with no options"
        );
        let pick = ((u128::from(chooser.next_u64()) * options.len() as u128) >> 64) as usize;
        let action = options[pick].action.clone();
        let effects = game.act(seat, &action, &mut dice).expect("a listed action");
        events.push(Event {
            seat,
            action,
            effects,
        });
    }
    Recorded {
        name: name.into(),
        config: config.clone(),
        armies: armies.to_vec(),
        seed,
        setup,
        ended: game.outcome().is_some(),
        events,
    }
}

/// What a recorded game exercises, by the texts and verbs of its log.
fn features(system: SystemId, game: &Recorded) -> BTreeSet<&'static str> {
    let mut found = BTreeSet::new();
    let text = serde_json::to_string(&game.events).unwrap();
    let checks: &[(&str, &str)] = match system {
        SystemId::FantasyArmies => &[
            ("vampire/ghoul feeds", "feeds and gains"),
            ("drain life", "loses 1 HTH;"),
            ("smash cast", "\"key\":\"smash\""),
            ("armour of thorns", "\"key\":\"armour-of-thorns\""),
            ("contest", " contests "),
            ("cannon defends", "Cannon"),
            ("raise dead", "The dead rise"),
            ("shoot", "\"verb\":\"shoot\""),
        ],
        SystemId::ChessboardConfrontation => &[
            ("poisoned", "is poisoned"),
            ("stunned", "is stunned"),
            ("summons", " summons "),
            ("area", "area"),
            ("defeated", "defeated"),
        ],
        SystemId::SummonersChess => &[("summon", "summon"), ("capture", "captur")],
        _ => &[],
    };
    for (feature, needle) in checks {
        if text.contains(needle) {
            found.insert(*feature);
        }
    }
    if system == SystemId::FantasyArmies {
        for event in &game.events {
            let action = &event.action;
            if action.choice.as_deref() == Some("armour-of-thorns")
                && action.target.is_some()
                && action.target != action.piece
                && serde_json::to_string(&event.effects)
                    .unwrap()
                    .contains("armour-of-thorns")
            {
                found.insert("armour of thorns on a friend");
            }
        }
        // A Cannon attacked: the defending roll names a Cannon.
        for event in &game.events {
            for scoped in &event.effects {
                let json = serde_json::to_string(&scoped.effect).unwrap();
                if json.contains("Cannon") && json.contains("defends") {
                    found.insert("cannon attacked");
                }
            }
        }
    }
    found
}

fn fa_games() -> Vec<(String, MatchConfig, Vec<ArmyList>)> {
    let pairs = [
        (Army::Dwarfs, Army::Undead),
        (Army::OrcsAndGoblins, Army::Elves),
        (Army::Undead, Army::OrcsAndGoblins),
        (Army::Elves, Army::Dwarfs),
        (Army::KingdomsOfMan, Army::Demons),
        (Army::Demons, Army::Undead),
    ];
    pairs
        .iter()
        .map(|&(a, b)| {
            (
                format!("{} v {}", a.key(), b.key()),
                MatchConfig::new(SystemId::FantasyArmies),
                vec![starter_list(a), starter_list(b)],
            )
        })
        .collect()
}

fn cc_squad(entries: &[(&str, &[&str])]) -> ArmyList {
    ArmyList {
        system: SystemId::ChessboardConfrontation,
        army: "squad".into(),
        name: "golden".into(),
        units: entries
            .iter()
            .map(|(unit, traits)| ArmyEntry {
                unit: (*unit).into(),
                count: 1,
                traits: traits.iter().map(|t| (*t).into()).collect(),
            })
            .collect(),
    }
}

fn cc_games() -> Vec<(String, MatchConfig, Vec<ArmyList>)> {
    let config = |scenario: &str, obstacles: &str| {
        MatchConfig::new(SystemId::ChessboardConfrontation)
            .with("scenario", OptionValue::Text(scenario.into()))
            .with("obstacles", OptionValue::Text(obstacles.into()))
            .with("points", OptionValue::Int(80))
    };
    let casters = cc_squad(&[
        ("elite", &["area-effect", "lesser-ranged"]),
        ("advanced", &["poison"]),
        ("advanced", &["stun"]),
        ("regular", &["summon"]),
        ("minion", &[]),
        ("minion", &[]),
    ]);
    let brutes = cc_squad(&[
        ("elite", &["poison", "fast"]),
        ("advanced", &["stun", "armor"]),
        ("regular", &["heal"]),
        ("regular", &["summon"]),
        ("minion", &["lucky"]),
        ("minion", &[]),
    ]);
    let shooters = cc_squad(&[
        ("elite", &["greater-ranged", "area-effect"]),
        ("regular", &["poison", "flight"]),
        ("regular", &["stun"]),
        ("minion", &["fear"]),
        ("minion", &[]),
    ]);
    let [lucky, armor] = example_armies(SystemId::ChessboardConfrontation).unwrap();
    vec![
        (
            "last-standing, casters v brutes".into(),
            config("last-standing", "random"),
            vec![casters.clone(), brutes.clone()],
        ),
        (
            "infiltrate, brutes v shooters".into(),
            config("infiltrate", "fixed"),
            vec![brutes.clone(), shooters.clone()],
        ),
        (
            "retrieve, shooters v casters".into(),
            config("retrieve", "random"),
            vec![shooters.clone(), casters.clone()],
        ),
        (
            "survival, casters v brutes".into(),
            config("survival", "open"),
            vec![casters.clone(), brutes.clone()],
        ),
        (
            "last-standing, lucky v armor (examples)".into(),
            config("last-standing", "random"),
            vec![lucky.clone(), armor.clone()],
        ),
        (
            "last-standing, four players".into(),
            config("last-standing", "random"),
            vec![casters, brutes, shooters, lucky],
        ),
    ]
}

fn sc_games() -> Vec<(String, MatchConfig, Vec<ArmyList>)> {
    let armies = example_armies(SystemId::SummonersChess).unwrap().to_vec();
    vec![(
        "summoners v summoners".into(),
        MatchConfig::new(SystemId::SummonersChess),
        armies,
    )]
}

/// Plays each game with seeds from `seeds`, keeping per game the seed whose
/// log exercises the most, then sizes it.
fn record(
    system: SystemId,
    games: Vec<(String, MatchConfig, Vec<ArmyList>)>,
    cap: usize,
    tries: u64,
    per_game: usize,
) -> Fixture {
    let mut recorded = Vec::new();
    let mut covered: BTreeSet<&'static str> = BTreeSet::new();
    for (index, (name, config, armies)) in games.iter().enumerate() {
        let mut candidates: Vec<(usize, Recorded)> = (0..tries)
            .map(|t| {
                let seed = 1000 * (index as u64 + 1) + t;
                let game = play(name, config, armies, seed, cap);
                let feats = features(system, &game);
                let new = feats.difference(&covered).count();
                (
                    feats.len() * 10 + new * 25 + usize::from(game.ended) * 5,
                    game,
                )
            })
            .collect();
        candidates.sort_by_key(|(score, game)| (std::cmp::Reverse(*score), game.seed));
        for (_, game) in candidates.into_iter().take(per_game) {
            let feats = features(system, &game);
            covered.extend(feats.iter().copied());
            eprintln!(
                "{system} {} seed {}: {} events{}, {:?}",
                game.name,
                game.seed,
                game.events.len(),
                if game.ended { " (ended)" } else { "" },
                feats
            );
            recorded.push(game);
        }
    }
    eprintln!("{system}: covered {covered:?}");
    Fixture {
        release: "97b6eb6".into(),
        system,
        games: recorded,
    }
}

/// Games that must reach their end within `cap` actions: per game, the
/// shortest of the seeds tried that ends, by the scenario's own goal when
/// one does (its outcome names the scenario's words), else by any end.
fn record_ended(
    fixture: &mut Fixture,
    games: Vec<(String, MatchConfig, Vec<ArmyList>, &'static str)>,
    cap: usize,
    tries: u64,
) {
    for (index, (name, config, armies, goal)) in games.into_iter().enumerate() {
        let ended: Vec<Recorded> = (0..tries)
            .map(|t| {
                play(
                    &name,
                    &config,
                    &armies,
                    100_000 + 1000 * index as u64 + t,
                    cap,
                )
            })
            .filter(|game| game.ended)
            .collect();
        let by_goal = |game: &&Recorded| {
            let last = game.events.last().map(|e| &e.effects);
            serde_json::to_string(&last).unwrap().contains(goal)
        };
        let game = ended
            .iter()
            .filter(by_goal)
            .min_by_key(|game| game.events.len())
            .or_else(|| ended.iter().min_by_key(|game| game.events.len()));
        let Some(game) = game else {
            eprintln!("{name}: no seed of {tries} ends within {cap} actions");
            continue;
        };
        let game = play(&name, &config, &armies, game.seed, cap);
        eprintln!(
            "{} {} seed {}: {} events (ended{}), {:?}",
            fixture.system,
            game.name,
            game.seed,
            game.events.len(),
            if by_goal(&&game) { ", by its goal" } else { "" },
            features(fixture.system, &game)
        );
        fixture.games.push(game);
    }
}

fn cc_games_to_the_end() -> Vec<(String, MatchConfig, Vec<ArmyList>, &'static str)> {
    let mut games = cc_games();
    let config = |scenario: &str| {
        games[0]
            .1
            .clone()
            .with("scenario", OptionValue::Text(scenario.into()))
    };
    let (infiltrate, retrieve) = (config("infiltrate"), config("retrieve"));
    let four = games.remove(5).2;
    vec![
        (
            "infiltrate to the end, three players".into(),
            infiltrate,
            four[..3].to_vec(),
            "starting side",
        ),
        (
            "retrieve to the end, casters v brutes".into(),
            retrieve,
            four[..2].to_vec(),
            "carried the objective",
        ),
    ]
}

#[test]
#[ignore = "writes the golden logs; run against release 97b6eb6 only (see the fixtures' README)"]
fn record_logs_before_book_readings() {
    let out = std::env::var("FRAY_GOLDEN_OUT").expect("FRAY_GOLDEN_OUT: the fixtures folder");
    std::fs::create_dir_all(&out).unwrap();
    let mut cc = record(SystemId::ChessboardConfrontation, cc_games(), 150, 8, 1);
    record_ended(&mut cc, cc_games_to_the_end(), 300, 30);
    let fixtures = [
        record(SystemId::FantasyArmies, fa_games(), 160, 20, 1),
        cc,
        record(SystemId::SummonersChess, sc_games(), 150, 6, 4),
    ];
    for fixture in fixtures {
        let path = format!("{out}/{}.json", fixture.system);
        let json = serde_json::to_string(&fixture).unwrap();
        eprintln!("{path}: {} bytes", json.len());
        std::fs::write(path, json + "\n").unwrap();
    }
}
