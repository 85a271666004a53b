//! Complete random games of Summoners Chess and Chessboard Confrontation (on
//! the chessboard and the battle map), on the fast path (no effects) and
//! through the contract (`options` + `act`).
//! Moves are chosen uniformly by a ChaCha stream apart from the game's dice.
//!
//! `cargo bench -p fray-rules --bench systems -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray_protocol::{ArmyEntry, ArmyList, MatchConfig, OptionValue, SystemId};
use fray_rules::MoveRules;
use fray_rules::chessboard_confrontation::ChessboardConfrontation;
use fray_rules::summoners_chess::{SummonersChess, army_list};
use fray_rules::{ChaChaDice, GameRules};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

struct Chooser(ChaCha8Rng);

impl Chooser {
    fn new(seed: u64) -> Self {
        Chooser(ChaCha8Rng::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15))
    }

    fn index(&mut self, n: usize) -> usize {
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }
}

/// A 50-point squad: two Elites with a trait each and four Minions.
fn squad(traits: [&str; 2]) -> ArmyList {
    let elite = |t: &str| ArmyEntry {
        unit: "elite".into(),
        count: 1,
        traits: vec![t.into()],
    };
    ArmyList {
        system: SystemId::ChessboardConfrontation,
        army: "squad".into(),
        name: String::new(),
        units: vec![
            elite(traits[0]),
            elite(traits[1]),
            ArmyEntry::new("minion", 4),
        ],
    }
}

/// Plays the contract path to the end; returns the actions taken.
fn contract_game<G: GameRules>(config: &MatchConfig, armies: &[ArmyList], seed: u64) -> usize {
    let mut dice = ChaChaDice::from_u64(seed);
    let (mut game, effects) = G::setup(config, armies, &mut dice).expect("legal armies");
    black_box(effects);
    let mut chooser = Chooser::new(seed);
    let mut actions = 0;
    while game.outcome().is_none() {
        let seat = game.to_act()[0];
        let options = game.options(seat);
        let option = &options[chooser.index(options.len())];
        black_box(game.act(seat, &option.action, &mut dice).expect("listed"));
        actions += 1;
    }
    actions
}

fn summoners_chess(c: &mut Criterion) {
    let config = MatchConfig::new(SystemId::SummonersChess);
    let armies = [army_list(), army_list()];
    let mut group = c.benchmark_group("summoners_chess/random_game");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("fast", |b| {
        b.iter(|| {
            seed += 1;
            let mut dice = ChaChaDice::from_u64(seed);
            let mut game = SummonersChess::setup_quiet(&config, &armies, &mut dice).unwrap();
            let mut chooser = Chooser::new(seed);
            let mut moves = Vec::with_capacity(128);
            while !game.is_over() {
                moves.clear();
                let seat = game.to_act()[0];
                game.legal_moves(seat.0, &mut moves);
                game.play_quiet(seat, moves[chooser.index(moves.len())], &mut dice);
            }
            black_box(game)
        })
    });
    group.bench_function("contract", |b| {
        b.iter(|| {
            seed += 1;
            contract_game::<SummonersChess>(&config, &armies, seed)
        })
    });
    group.finish();
}

/// One random Chessboard Confrontation game on the fast path (no effects).
fn chessboard_confrontation_fast_game(
    config: &MatchConfig,
    armies: &[ArmyList],
    seed: u64,
) -> ChessboardConfrontation {
    let mut dice = ChaChaDice::from_u64(seed);
    let mut game = ChessboardConfrontation::setup_quiet(config, armies, &mut dice).unwrap();
    let mut chooser = Chooser::new(seed);
    let mut moves = Vec::with_capacity(512);
    while !game.finished() {
        moves.clear();
        game.legal_moves(&mut moves);
        game.play_quiet(
            game.to_act()[0],
            moves[chooser.index(moves.len())],
            &mut dice,
        );
    }
    game
}

fn chessboard_confrontation(c: &mut Criterion) {
    let config = MatchConfig::new(SystemId::ChessboardConfrontation);
    let armies = [
        squad(["armor", "fast"]),
        squad(["heal", "lesser-ranged"]),
        squad(["lucky", "assault"]),
    ];
    let mut group = c.benchmark_group("chessboard_confrontation/random_game_3_players");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("fast", |b| {
        b.iter(|| {
            seed += 1;
            black_box(chessboard_confrontation_fast_game(&config, &armies, seed))
        })
    });
    group.bench_function("contract", |b| {
        b.iter(|| {
            seed += 1;
            contract_game::<ChessboardConfrontation>(&config, &armies, seed)
        })
    });
    group.finish();
}

/// The battle-map variant: 24×24 squares, obstacles over half of them laid
/// at every set-up.
fn chessboard_confrontation_battle_map(c: &mut Criterion) {
    let config = MatchConfig::new(SystemId::ChessboardConfrontation).with(
        fray_rules::chessboard_confrontation::MAP,
        OptionValue::Text("battle-map".into()),
    );
    let armies = [squad(["armor", "fast"]), squad(["heal", "greater-ranged"])];
    let mut group = c.benchmark_group("chessboard_confrontation/battle_map_2_players");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("fast", |b| {
        b.iter(|| {
            seed += 1;
            black_box(chessboard_confrontation_fast_game(&config, &armies, seed))
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    summoners_chess,
    chessboard_confrontation,
    chessboard_confrontation_battle_map
);
criterion_main!(benches);
