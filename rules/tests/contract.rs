//! The engine contract (docs/design.md, "The rules engine contract"), held
//! by every registered system: `fray_rules::systems()`, each with its
//! example armies and random lists bought within its published limits, its
//! players from fewest to most, and its match options at random. Games are
//! played to the end through the public `Game` API only, by choosing
//! uniformly among a deciding seat's options; `contract_harness` checks at
//! every position that
//!
//! 1. the same seed and choices give byte-identical effects, options and
//!    views (a second game is played in lockstep);
//! 2. options are the truth: every listed option is accepted; a seat that
//!    does not decide has none and is refused anything, and hostile actions
//!    (random, near misses, listed earlier or for another seat) are refused,
//!    changing nothing;
//! 3. effects are diffs for every viewer (each seat, a spectator, the
//!    referee), from `View::default()` at the set-up on;
//! 4. nothing leaks: an effect names only pieces its viewer sees, an option
//!    only pieces its seat sees and squares on the board, and `to_act` and
//!    `outcome` agree with every view;
//! 5. the spectator sees no more than any seat, and a seat no more than the
//!    referee;
//! 6. every game ends with an outcome, after which nobody decides.
//!
//! A new system is covered by registering it; `CASES` sets how many games
//! each plays (a system not listed plays `DEFAULT_CASES`).

mod contract_harness;
mod kit;

use contract_harness::cases::{Case, Chooser, make_case, random_list};
use contract_harness::play;
use fray_protocol::{MatchConfig, OptionKind, OptionValue, Seat, SystemId, SystemInfo};
use fray_rules::{ChaChaDice, Game, SetupError, example_armies, systems, validate_army_for};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestError, TestRunner};

/// Games per system and run, sized so that the suite takes about as long
/// as the three suites it replaced (docs/design.md).
const CASES: [(SystemId, u32); 3] = [
    (SystemId::FantasyArmies, 24),
    (SystemId::SummonersChess, 32),
    (SystemId::ChessboardConfrontation, 18),
];
const DEFAULT_CASES: u32 = 16;

/// Seeds that once found a fault, played first with the default options
/// and example armies: Summoners Chess's from `sc_properties`.
const KNOWN_SEEDS: [(SystemId, u64); 1] = [(SystemId::SummonersChess, 9_909_156_818_942_650_651)];

fn cases_for(system: SystemId) -> u32 {
    CASES
        .iter()
        .find(|(id, _)| *id == system)
        .map_or(DEFAULT_CASES, |(_, cases)| *cases)
}

/// `FRAY_CONTRACT_CASES` sets every system's games instead, for a longer
/// (or shorter) run by hand.
fn keeps_the_contract(info: &SystemInfo) -> Result<(), String> {
    let cases = std::env::var("FRAY_CONTRACT_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| cases_for(info.id));
    let began = std::time::Instant::now();
    let config = Config {
        cases,
        max_shrink_iters: 32,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let strategy = (any::<u64>(), any::<u64>());
    let result = runner.run(&strategy, |(shape, seed)| {
        let case = make_case(info, shape, seed);
        play(&case)
            .map(|_| ())
            .map_err(|e| TestCaseError::fail(format!("{e}\nin {case:?}")))
    });
    eprintln!(
        "{}: {cases} games in {:.1} s",
        info.name,
        began.elapsed().as_secs_f64()
    );
    match result {
        Ok(()) => Ok(()),
        Err(TestError::Fail(reason, (shape, seed))) => Err(format!(
            "{}: shape {shape}, seed {seed}: {reason}",
            info.name
        )),
        Err(other) => Err(format!("{}: {other}", info.name)),
    }
}

/// Each system on a thread of its own, so that they share the cores.
#[test]
fn every_registered_system_keeps_the_contract() {
    let failures: Vec<String> = std::thread::scope(|scope| {
        let running: Vec<_> = systems()
            .into_iter()
            .map(|info| scope.spawn(move || keeps_the_contract(&info)))
            .collect();
        running
            .into_iter()
            .filter_map(|thread| match thread.join() {
                Ok(Ok(())) => None,
                Ok(Err(failure)) => Some(failure),
                Err(_) => Some("a system's games panicked (see above)".into()),
            })
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn known_seeds_keep_the_contract() {
    for (system, seed) in KNOWN_SEEDS {
        let case = Case {
            config: MatchConfig::new(system),
            armies: example_armies(system).unwrap().to_vec(),
            seed,
        };
        if let Err(e) = play(&case) {
            panic!("{system}, seed {seed}: {e}");
        }
    }
}

/// Every value a system declares for each match option (an int's least and
/// most, every choice, either flag, the default) sets up a game with its
/// example armies, except that a points option below their cost refuses
/// the armies, never the option; an unknown option and an int out of its
/// range are refused as bad options.
#[test]
fn every_declared_option_value_sets_up() {
    for info in systems() {
        let armies = example_armies(info.id).unwrap();
        for spec in &info.options {
            let values: Vec<OptionValue> = match &spec.kind {
                OptionKind::Int { min, max } => {
                    vec![OptionValue::Int(*min), OptionValue::Int(*max)]
                }
                OptionKind::Choice { choices } => choices
                    .iter()
                    .map(|c| OptionValue::Text(c.clone()))
                    .collect(),
                OptionKind::Bool => vec![OptionValue::Bool(true), OptionValue::Bool(false)],
            };
            let points = info.limits.points_option.as_deref() == Some(spec.key.as_str());
            for value in values.into_iter().chain([spec.default.clone()]) {
                let config = MatchConfig::new(info.id).with(spec.key.clone(), value.clone());
                match Game::setup(&config, &armies, &mut ChaChaDice::from_u64(5)) {
                    Ok(_) => {}
                    Err(SetupError::InvalidArmy { .. }) if points => {}
                    Err(e) => panic!("{}: {} = {value:?} refused: {e}", info.name, spec.key),
                }
            }
            if let OptionKind::Int { min, max } = spec.kind {
                for outside in [min - 1, max + 1] {
                    let config =
                        MatchConfig::new(info.id).with(spec.key.clone(), OptionValue::Int(outside));
                    let refused = Game::setup(&config, &armies, &mut ChaChaDice::from_u64(5));
                    assert!(
                        matches!(refused, Err(SetupError::BadOption { .. })),
                        "{}: {} = {outside} was not refused as a bad option",
                        info.name,
                        spec.key
                    );
                }
            }
        }
        let config = MatchConfig::new(info.id).with("fog-of-war", OptionValue::Bool(true));
        let refused = Game::setup(&config, &armies, &mut ChaChaDice::from_u64(1));
        assert!(
            matches!(refused, Err(SetupError::BadOption { .. })),
            "{}: an unknown option set up",
            info.name
        );
    }
}

/// The suite's random lists are not all thrown away: where a system's
/// lists buy units, most lists bought within its published limits are
/// accepted, so the games play more than the example armies.
#[test]
fn most_random_lists_within_the_published_limits_are_accepted() {
    for info in systems() {
        let config = MatchConfig::new(info.id);
        let mut pick = Chooser::new(7);
        let made = 200;
        let accepted = (0..made)
            .filter(|_| {
                let list = random_list(&info, &config, &mut pick);
                validate_army_for(&config, Seat(0), &list).is_ok()
            })
            .count();
        assert!(
            accepted * 2 >= made,
            "{}: only {accepted} of {made} random lists are valid",
            info.name
        );
    }
}

/// The games are played to their end, so no case plays without its caps:
/// every whole-number option but the points is 1 or more, whether the case
/// sets it or leaves its default (a book's game has none: ChessWar!'s
/// `max-rounds` is 0 by default).
#[test]
fn no_case_switches_a_cap_off() {
    for info in systems() {
        let points = info.limits.points_option.as_deref();
        let caps: Vec<_> = info
            .options
            .iter()
            .filter(|spec| matches!(spec.kind, OptionKind::Int { .. }))
            .filter(|spec| Some(spec.key.as_str()) != points)
            .collect();
        for shape in 0..100 {
            let case = make_case(&info, shape, 0);
            for spec in &caps {
                let value = case.config.options.get(&spec.key).unwrap_or(&spec.default);
                assert!(
                    matches!(value, OptionValue::Int(cap) if *cap >= 1),
                    "{} shape {shape}: {} is {value:?}",
                    info.name,
                    spec.key
                );
            }
        }
    }
}

/// The check between viewers lets a seat see pieces the spectator does not
/// (hidden pieces), and nothing else: not a piece the other does not see,
/// nor one seen otherwise, nor another turn.
#[test]
fn the_check_between_viewers_allows_only_hidden_pieces() {
    use contract_harness::contained;
    use fray_protocol::{PieceId, PieceView, Square, View};
    let piece = |id: u32| PieceView {
        count: 1,
        id: PieceId(id),
        owner: Seat(0),
        kind: "scout".into(),
        name: "Scout".into(),
        glyph: "S".into(),
        square: Some(Square::new(1, 1)),
        stats: Vec::new(),
        markers: Vec::new(),
    };
    let spectator = View {
        system: "test".into(),
        width: 8,
        height: 8,
        pieces: [(PieceId(1), piece(1))].into(),
        ..View::default()
    };
    let mut seat = spectator.clone();
    seat.pieces.insert(PieceId(2), piece(2));
    assert!(contained(&spectator, &seat, "a hidden piece").is_ok());
    assert!(contained(&seat, &spectator, "a piece the spectator lacks").is_err());
    let mut moved = seat.clone();
    moved.pieces.get_mut(&PieceId(1)).unwrap().square = Some(Square::new(2, 2));
    assert!(contained(&spectator, &moved, "a piece seen elsewhere").is_err());
    let mut later = seat.clone();
    later.turn.number = 3;
    assert!(contained(&spectator, &later, "another turn").is_err());
}
