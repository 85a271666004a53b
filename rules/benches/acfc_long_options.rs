//! Action Chess Faction Chess: whole random games of the factions with the
//! longest option lists, on the fast path (`legal_moves` + `play_quiet`)
//! and the contract path (`options` listed before every action, then `act`),
//! the same two paths as the `systems` bench, with its choice stream.
//!
//! The Wallmaster's start-of-turn lists are the longest of any faction (its
//! Chest and every Generator offer each placement they may make, so the
//! same placement is listed once per placer), and a Swarm's games are the
//! longest (its Hive Queen places a piece most turns). The pairings:
//!
//! - `swarm_v_wallmaster`: both at once, the worst case a server sees;
//! - `wallmaster_v_classique` and `swarm_v_classique`: each against the
//!   faction of the `systems` bench's example pair, to tell their costs apart;
//! - `ghost_v_classique`: not a long list but the one faction that hides a
//!   piece (a haunting Shade), so that the contract path builds and compares
//!   every viewer's view after each action, not the referee's alone.
//!
//! Each pairing cycles over the same [`SEEDS`] games (the coin decides
//! White), played to a cap of [`TURN_CAP`] turns, so the figures the bench
//! prints before measuring (actions, options listed, the largest list, the
//! time inside `options` and `act`) describe the games it times.
//!
//! `cargo bench -p fray-rules --bench acfc_long_options -- --warm-up-time 1 --measurement-time 10`

use std::collections::HashSet;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray_protocol::{Action, ArmyList, MatchConfig, OptionValue, SystemId};
use fray_rules::action_chess_faction_chess::{
    ActionChessFactionChess, Faction, MAX_TURNS, army_list,
};
use fray_rules::{ChaChaDice, GameRules};

mod random_play;
use random_play::{Chooser, contract_game, fast_game};

type Game = ActionChessFactionChess;

/// The turn cap: the one `rules/tests/acfc_pairings.rs` plays to. A Swarm's
/// game runs past a thousand actions at the default 500.
const TURN_CAP: i64 = 200;

/// The games each pairing cycles over: seeds 1 to `SEEDS`.
const SEEDS: u64 = 20;

const PAIRINGS: [(&str, [Faction; 2]); 4] = [
    ("swarm_v_wallmaster", [Faction::Swarm, Faction::Wallmaster]),
    (
        "wallmaster_v_classique",
        [Faction::Wallmaster, Faction::Classique],
    ),
    ("swarm_v_classique", [Faction::Swarm, Faction::Classique]),
    ("ghost_v_classique", [Faction::Ghost, Faction::Classique]),
];

fn config() -> MatchConfig {
    MatchConfig::new(SystemId::ActionChessFactionChess).with(MAX_TURNS, OptionValue::Int(TURN_CAP))
}

/// What one seat did over a pairing's games on the contract path.
#[derive(Default)]
struct SeatTally {
    actions: usize,
    options: usize,
    largest: usize,
    /// Options left once a placement's placer is ignored: the Chest and
    /// each Generator list the same `place` and `wall` actions.
    distinct: usize,
    /// The largest list as the server sends it: JSON bytes.
    largest_json: usize,
    wins: usize,
    in_options: Duration,
    in_act: Duration,
}

/// Plays the pairing's games on the contract path once, untimed by
/// criterion, and prints what they are made of.
fn describe(name: &str, factions: [Faction; 2], config: &MatchConfig, armies: &[ArmyList]) {
    let mut seats = [SeatTally::default(), SeatTally::default()];
    let mut lengths = Vec::new();
    let mut fast_lengths = Vec::new();
    let mut capped = 0;
    let mut endings = std::collections::BTreeMap::<String, usize>::new();
    for seed in 1..=SEEDS {
        let mut dice = ChaChaDice::from_u64(seed);
        let (mut game, _) = Game::setup(config, armies, &mut dice).expect("legal armies");
        let mut chooser = Chooser::new(seed);
        let mut actions = 0;
        while game.outcome().is_none() {
            let seat = game.to_act()[0];
            let tally = &mut seats[usize::from(seat.0)];
            let began = Instant::now();
            let options = game.options(seat);
            let listed = Instant::now();
            let option = &options[chooser.index(options.len())];
            black_box(game.act(seat, &option.action, &mut dice).expect("listed"));
            tally.in_act += listed.elapsed();
            tally.in_options += listed - began;
            tally.actions += 1;
            tally.options += options.len();
            if options.len() > tally.largest {
                tally.largest = options.len();
                tally.largest_json = serde_json::to_vec(&options)
                    .expect("options serialise")
                    .len();
            }
            tally.distinct += options
                .iter()
                .map(|option| {
                    let mut action = option.action.clone();
                    if matches!(action.verb.as_str(), "place" | "wall") {
                        action.piece = None;
                    }
                    action
                })
                .collect::<HashSet<Action>>()
                .len();
            actions += 1;
        }
        let outcome = game.outcome().expect("over");
        let reason = outcome
            .reason
            .to_string()
            .replace("seat 0", &format!("{:?}", factions[0]))
            .replace("seat 1", &format!("{:?}", factions[1]));
        *endings.entry(reason).or_default() += 1;
        if outcome.reason.to_string().contains("limit of") {
            capped += 1;
        }
        for winner in &outcome.winners {
            seats[usize::from(winner.0)].wins += 1;
        }
        lengths.push(actions);
        fast_lengths.push(fast_game::<Game>(config, armies, seed).1);
    }
    let games = SEEDS as f64;
    let actions: usize = lengths.iter().sum();
    let options: usize = seats.iter().map(|s| s.options).sum();
    let largest = seats.iter().map(|s| s.largest).max().unwrap_or(0);
    let spent: Duration = seats.iter().map(|s| s.in_options + s.in_act).sum();
    eprintln!(
        "{name}: {SEEDS} games, {capped} to the cap of {TURN_CAP} turns; \
         {:.0} actions a game (min {}, max {}; fast path {:.0}), \
         {:.0} options listed a game, {:.1} an action, largest list {largest}; \
         untimed contract pass {:.1} ms a game, {:.1} µs an action",
        actions as f64 / games,
        lengths.iter().min().unwrap_or(&0),
        lengths.iter().max().unwrap_or(&0),
        fast_lengths.iter().sum::<usize>() as f64 / games,
        options as f64 / games,
        options as f64 / actions as f64,
        spent.as_secs_f64() * 1e3 / games,
        spent.as_secs_f64() * 1e6 / actions as f64,
    );
    eprintln!("  endings: {endings:?}");
    for (faction, seat) in factions.iter().zip(&seats) {
        eprintln!(
            "  {faction:?}: won {}; {:.0} actions a game, {:.0} options listed a game \
             ({:.1} an action, largest {}, {:.0} kB as JSON; {:.0} a game once placers are ignored); \
             options {:.1} ms a game \
             ({:.2} µs an option), act {:.1} ms a game",
            seat.wins,
            seat.actions as f64 / games,
            seat.options as f64 / games,
            seat.options as f64 / seat.actions.max(1) as f64,
            seat.largest,
            seat.largest_json as f64 / 1e3,
            seat.distinct as f64 / games,
            seat.in_options.as_secs_f64() * 1e3 / games,
            seat.in_options.as_secs_f64() * 1e6 / seat.options.max(1) as f64,
            seat.in_act.as_secs_f64() * 1e3 / games,
        );
    }
}

fn long_options(c: &mut Criterion) {
    let config = config();
    for (name, factions) in PAIRINGS {
        let armies = factions.map(army_list);
        describe(name, factions, &config, &armies);
        let mut group = c.benchmark_group(format!("acfc/{name}"));
        group.throughput(Throughput::Elements(1));
        group.sample_size(10);
        let mut seed = 0u64;
        group.bench_function("fast", |b| {
            b.iter(|| {
                seed = seed % SEEDS + 1;
                fast_game::<Game>(&config, &armies, seed).1
            })
        });
        group.bench_function("contract", |b| {
            b.iter(|| {
                seed = seed % SEEDS + 1;
                contract_game::<Game>(&config, &armies, seed)
            })
        });
        group.finish();
    }
}

criterion_group!(benches, long_options);
criterion_main!(benches);
