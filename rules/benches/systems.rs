//! Complete random games of every registered system, with its example pair
//! of armies and the default options, on the fast path (no effects) and
//! through the contract (`options` + `act`); and Chessboard Confrontation's
//! battle-map variant on the fast path.
//! Moves are chosen uniformly by a ChaCha stream apart from the game's dice.
//!
//! `cargo bench -p fray-rules --bench systems -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray_protocol::{MatchConfig, OptionValue, SystemId};
use fray_rules::{GameSystem, SystemVisitor};

mod random_play;
use random_play::{contract_game, fast_game};

/// `<system>/random_game`: `fast` and `contract`.
struct RandomGames<'a>(&'a mut Criterion);

impl SystemVisitor for RandomGames<'_> {
    type Output = ();

    fn visit<S: GameSystem>(self) {
        let config = MatchConfig::new(S::ID);
        let armies = fray_rules::example_armies(S::ID).expect("a registered system");
        let mut group = self
            .0
            .benchmark_group(format!("{}/random_game", S::ID.key()));
        group.throughput(Throughput::Elements(1));
        let mut seed = 0u64;
        group.bench_function("fast", |b| {
            b.iter(|| {
                seed += 1;
                black_box(fast_game::<S>(&config, &armies, seed).0)
            })
        });
        group.bench_function("contract", |b| {
            b.iter(|| {
                seed += 1;
                contract_game::<S>(&config, &armies, seed)
            })
        });
        group.finish();
    }
}

fn random_games(c: &mut Criterion) {
    for &system in fray_rules::registered() {
        fray_rules::with_system(system, RandomGames(c));
    }
}

/// The battle-map variant: 24×24 squares, obstacles over half of them laid
/// at every set-up; an option of one system, so named here.
fn chessboard_confrontation_battle_map(c: &mut Criterion) {
    use fray_rules::chessboard_confrontation::{ChessboardConfrontation, MAP};
    let system = SystemId::ChessboardConfrontation;
    let config = MatchConfig::new(system).with(MAP, OptionValue::Text("battle-map".into()));
    let armies = fray_rules::example_armies(system).expect("a registered system");
    let mut group = c.benchmark_group("chessboard-confrontation/battle_map_2_players");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("fast", |b| {
        b.iter(|| {
            seed += 1;
            black_box(fast_game::<ChessboardConfrontation>(&config, &armies, seed).0)
        })
    });
    group.finish();
}

criterion_group!(benches, random_games, chessboard_confrontation_battle_map);
criterion_main!(benches);
