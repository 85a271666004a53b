//! A quick timing of random Summoners Chess games, for docs/PERFORMANCE.md
//! until the criterion bench covers this system. Run it optimised:
//!
//! `cargo test -p fray-rules --release --test sc_timing -- --ignored --nocapture`

use std::hint::black_box;
use std::time::Instant;

use fray_protocol::{MatchConfig, OptionValue, SystemId};
use fray_rules::summoners_chess::{SECOND_UNIT, SummonersChess, army_list};
use fray_rules::{ChaChaDice, GameRules};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Chooses moves uniformly, from a ChaCha stream apart from the game's dice
/// (as the Fantasy Armies bench does).
struct Chooser(ChaCha8Rng);

impl Chooser {
    fn new(seed: u64) -> Self {
        Chooser(ChaCha8Rng::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15))
    }

    fn index(&mut self, n: usize) -> usize {
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }
}

fn config(variant: bool) -> MatchConfig {
    MatchConfig::new(SystemId::SummonersChess).with(SECOND_UNIT, OptionValue::Bool(variant))
}

/// One game on the fast path: `setup_quiet`, `legal_moves`, `play_quiet`.
/// Returns the turns it took and whether it was drawn.
fn fast_game(config: &MatchConfig, seed: u64) -> (u32, bool) {
    let mut dice = ChaChaDice::from_u64(seed);
    let mut game =
        SummonersChess::setup_quiet(config, &[army_list(), army_list()], &mut dice).unwrap();
    let mut chooser = Chooser::new(seed);
    let mut moves = Vec::with_capacity(128);
    let mut turns = 0;
    while !game.is_over() {
        moves.clear();
        game.legal_moves(&mut moves);
        game.play_quiet(moves[chooser.index(moves.len())], &mut dice);
        turns += 1;
    }
    (turns, game.outcome().unwrap().is_draw())
}

/// One game through the contract, every effect, notation and label built.
fn contract_game(config: &MatchConfig, seed: u64) -> u32 {
    let mut dice = ChaChaDice::from_u64(seed);
    let (mut game, effects) =
        SummonersChess::setup(config, &[army_list(), army_list()], &mut dice).unwrap();
    black_box(effects);
    let mut chooser = Chooser::new(seed);
    let mut turns = 0;
    while game.outcome().is_none() {
        let seat = game.to_act()[0];
        let options = game.options(seat);
        let option = &options[chooser.index(options.len())];
        black_box(game.act(seat, &option.action, &mut dice).unwrap());
        turns += 1;
    }
    turns
}

#[test]
#[ignore = "a timing, not a test: run with --release --ignored --nocapture"]
fn random_games_per_second() {
    for variant in [false, true] {
        let config = config(variant);
        let games = 20_000u64;
        let started = Instant::now();
        let (mut turns, mut draws) = (0u64, 0u64);
        for seed in 0..games {
            let (t, drawn) = fast_game(&config, seed);
            turns += u64::from(t);
            draws += u64::from(drawn);
        }
        let fast = started.elapsed().as_secs_f64();

        let contract_games = 2_000u64;
        let started = Instant::now();
        for seed in 0..contract_games {
            black_box(contract_game(&config, seed));
        }
        let contract = started.elapsed().as_secs_f64();

        eprintln!(
            "summoners-chess (second-unit {variant}): mean {:.1} turns per game, {:.1}% drawn; \
             fast path {:.0} games/s ({:.2} µs/turn); contract path {:.0} games/s",
            turns as f64 / games as f64,
            100.0 * draws as f64 / games as f64,
            games as f64 / fast,
            fast * 1e6 / turns as f64,
            contract_games as f64 / contract,
        );
    }
}
