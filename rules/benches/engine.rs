//! Benchmarks of the Fantasy Armies referee (docs/PERFORMANCE.md has the figures).
//!
//! - `random_game/*`: complete games of uniformly random legal moves, from
//!   setup to the end, with the starter lists. `fast` is the simulation path
//!   (`moves(seat)` + `play_quiet`, no effects); `contract` is the server's path
//!   (`options()` + `act()`, with every effect built). One game per element.
//! - `mid_game/*`: listing the options, listing the moves, cloning and viewing
//!   a position some 60 battle turns into a random game.
//!
//! Run: `cargo bench -p fray-rules --bench engine -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use fray_protocol::{ArmyList, MatchConfig, SystemId, Viewer};
use fray_rules::fantasy_armies::{Army, FantasyArmies, starter_list};
use fray_rules::{ChaChaDice, Choice, GameRules};

mod random_play;
use random_play::Chooser;

/// The 36 ordered pairings of the six starter lists.
fn pairings() -> Vec<[ArmyList; 2]> {
    let mut all = Vec::new();
    for &a in Army::ALL {
        for &b in Army::ALL {
            all.push([starter_list(a), starter_list(b)]);
        }
    }
    all
}

fn setup(lists: &[ArmyList; 2], seed: u64) -> (FantasyArmies, ChaChaDice) {
    let mut dice = ChaChaDice::from_u64(seed);
    let (game, _effects) =
        FantasyArmies::setup(&MatchConfig::new(SystemId::FantasyArmies), lists, &mut dice)
            .expect("starter lists are legal");
    (game, dice)
}

/// One game on the fast path; returns the number of actions it took.
/// Setup without effects and one move buffer for the whole game.
fn fast_game(lists: &[ArmyList; 2], seed: u64) -> usize {
    let mut dice = ChaChaDice::from_u64(seed);
    let mut game =
        FantasyArmies::setup_quiet(&MatchConfig::new(SystemId::FantasyArmies), lists, &mut dice)
            .expect("starter lists are legal");
    let mut chooser = Chooser::new(seed);
    let mut moves = Vec::with_capacity(256);
    let mut actions = 0;
    while !game.is_over() {
        moves.clear();
        let seat = game.to_act()[0];
        game.legal_moves(seat, &mut moves);
        let mv = moves[chooser.index(moves.len())];
        game.play_quiet(seat, mv, &mut dice);
        actions += 1;
    }
    actions
}

/// One game through the contract, every effect built; returns the number of actions.
fn contract_game(lists: &[ArmyList; 2], seed: u64) -> usize {
    let config = MatchConfig::new(SystemId::FantasyArmies);
    random_play::contract_game::<FantasyArmies>(&config, lists, seed)
}

/// Mean actions per game over `per_pairing` games of each of the 36 pairings,
/// overall and for each army, with the share of draws; checks on the way that
/// the fast and contract paths play the same games.
fn report_game_lengths(pairings: &[[ArmyList; 2]], per_pairing: u64) {
    let pieces = |lists: &[ArmyList; 2]| -> usize {
        lists
            .iter()
            .flat_map(|list| &list.units)
            .map(|entry| entry.count as usize)
            .sum()
    };
    // Per army: games, actions, battle turns; the last slot is every game.
    let mut sums = [(0usize, 0usize, 0usize); 7];
    let mut draws = 0usize;
    for (p, lists) in pairings.iter().enumerate() {
        for k in 0..per_pairing {
            let seed = p as u64 * 1_000 + k;
            let fast = fast_game(lists, seed);
            let (mut game, mut dice) = setup(lists, seed);
            let mut chooser = Chooser::new(seed);
            let mut contract = 0;
            while game.outcome().is_none() {
                let seat = game.to_act()[0];
                let options = game.options(seat);
                let option = &options[chooser.index(options.len())];
                game.act(seat, &option.action, &mut dice).unwrap();
                contract += 1;
            }
            assert_eq!(
                fast, contract,
                "the fast and contract paths played different games"
            );
            draws += usize::from(game.outcome().unwrap().is_draw());
            // Deployment takes one action per piece, then one choice of who goes first.
            let battle = fast - pieces(lists) - 1;
            let mut armies = vec![p / 6, p % 6, 6];
            armies.dedup();
            for a in armies {
                sums[a].0 += 1;
                sums[a].1 += fast;
                sums[a].2 += battle;
            }
        }
    }
    let mean = |(games, total, _): (usize, usize, usize)| total as f64 / games as f64;
    let battle = |(games, _, turns): (usize, usize, usize)| turns as f64 / games as f64;
    eprintln!(
        "random games, starter lists, all 36 pairings: {} games, mean {:.1} actions per game \
         ({:.1} battle turns after deployment), {:.1}% drawn by a cap",
        sums[6].0,
        mean(sums[6]),
        battle(sums[6]),
        100.0 * draws as f64 / sums[6].0 as f64
    );
    for (a, &army) in Army::ALL.iter().enumerate() {
        eprintln!(
            "  {} against the field: mean {:.1} actions ({:.1} battle turns)",
            army.key(),
            mean(sums[a]),
            battle(sums[a])
        );
    }
}

fn random_games(c: &mut Criterion) {
    let pairings = pairings();
    report_game_lengths(&pairings, 20);

    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(1));
    // Each iteration plays the next pairing with the next seed, so a
    // measurement averages over all 36 pairings and many seeds.
    group.bench_function("fast/all_pairings", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(fast_game(&pairings[(i % 36) as usize], i))
        })
    });
    group.bench_function("contract/all_pairings", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(contract_game(&pairings[(i % 36) as usize], i))
        })
    });
    for (a, &army) in Army::ALL.iter().enumerate() {
        // The army against each of the six, on either seat.
        let mine: Vec<&[ArmyList; 2]> = pairings
            .iter()
            .enumerate()
            .filter(|(p, _)| p / 6 == a || p % 6 == a)
            .map(|(_, lists)| lists)
            .collect();
        group.bench_with_input(
            BenchmarkId::new("fast/army_vs_field", army.key()),
            &mine,
            |b, mine| {
                let mut i = 0u64;
                b.iter(|| {
                    i += 1;
                    black_box(fast_game(mine[(i % mine.len() as u64) as usize], i))
                })
            },
        );
    }
    group.finish();
}

/// A position `turns` battle turns into a random game of these lists, with
/// the seed it came from, for each of the first `seeds` seeds whose game lasts.
fn mid_games(lists: &[ArmyList; 2], turns: u32, seeds: u64) -> Vec<(FantasyArmies, u64)> {
    let mut found = Vec::new();
    for seed in 0..seeds {
        let (mut game, mut dice) = setup(lists, seed);
        let mut chooser = Chooser::new(seed);
        while !game.is_over() && game.view(Viewer::Referee).turn.number < turns {
            let seat = game.to_act()[0];
            let moves = game.moves(seat);
            game.play_quiet(seat, moves[chooser.index(moves.len())], &mut dice);
        }
        if !game.is_over() {
            found.push((game, seed));
        }
    }
    found
}

fn option_count(game: &FantasyArmies) -> usize {
    game.moves(game.to_act()[0]).len()
}

fn mid_game_position(c: &mut Criterion) {
    let lists = [
        starter_list(Army::KingdomsOfMan),
        starter_list(Army::Undead),
    ];
    // Two positions 60 battle turns in: the first seed's ("typical"), and the
    // one with the most options among the first 20 seeds ("busy": a Wizard's
    // Teleport alone offers every vacant square for itself and each neighbour).
    let games = mid_games(&lists, 60, 20);
    let typical = games.first().expect("a game lasts 60 turns").clone();
    let busy = games
        .iter()
        .max_by_key(|(game, _)| option_count(game))
        .expect("a game lasts 60 turns")
        .clone();

    let mut group = c.benchmark_group("mid_game");
    for (name, (game, seed)) in [("typical", typical), ("busy", busy)] {
        let seat = game.to_act()[0];
        let view = game.view(Viewer::Referee);
        let options = game.options(seat).len();
        eprintln!(
            "mid-game position '{name}': Kingdoms of Man against Undead, seed {seed}, turn {}, \
             {} pieces on the board, {options} options for {seat}",
            view.turn.number,
            view.pieces.values().filter(|p| p.square.is_some()).count(),
        );
        let id = |what: &str| BenchmarkId::new(what, format!("{name}-{options}-options"));
        group.bench_function(id("options"), |b| b.iter(|| black_box(&game).options(seat)));
        group.bench_function(id("moves"), |b| b.iter(|| black_box(&game).moves(seat)));
        group.bench_function(id("clone"), |b| b.iter(|| black_box(&game).clone()));
        // What the server does with each action: judge it against the legal
        // moves, play it, and find the effects (every piece before and after).
        let first = game.options(seat).swap_remove(0).action;
        group.bench_function(id("act"), |b| {
            b.iter_batched(
                || (game.clone(), ChaChaDice::from_u64(seed)),
                |(mut game, mut dice)| game.act(seat, black_box(&first), &mut dice),
                criterion::BatchSize::SmallInput,
            )
        });
        group.bench_function(id("view"), |b| {
            b.iter(|| black_box(&game).view(Viewer::Spectator))
        });
    }
    group.finish();
}

criterion_group!(benches, random_games, mid_game_position);
criterion_main!(benches);
