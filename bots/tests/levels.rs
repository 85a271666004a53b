//! The bots play legal, repeatable games, and search beats chance.

use fray_bots::choose;
use fray_protocol::BotLevel;
use fray_protocol::{MatchConfig, Outcome, Seat, SystemId};
use fray_rules::{ChaChaDice, GameSystem, SystemVisitor, example_armies, registered, with_system};

/// A game of `S` with its example armies and default options, set up with
/// dice from `seed`, and those dice.
fn start<S: GameSystem>(seed: u64) -> (S, ChaChaDice) {
    let config = MatchConfig::new(S::ID);
    let armies = example_armies(S::ID).unwrap();
    let mut dice = ChaChaDice::from_u64(seed);
    let game = S::setup_quiet(&config, &armies, &mut dice).unwrap();
    (game, dice)
}

/// Plays one game of `system` to its end, seat `i` played by `levels[i]`
/// at `budget`, the match's dice from `seed`: the outcome, and every move
/// chosen, in order (as their Debug text).
fn play(system: SystemId, levels: [BotLevel; 2], budget: f64, seed: u64) -> (Outcome, Vec<String>) {
    struct Play([BotLevel; 2], f64, u64);
    impl SystemVisitor for Play {
        type Output = (Outcome, Vec<String>);
        fn visit<S: GameSystem>(self) -> Self::Output {
            let Play(levels, budget, seed) = self;
            let (mut game, mut dice) = start::<S>(seed);
            let mut chosen = Vec::new();
            while let Some(&seat) = game.to_act().first() {
                let level = levels[usize::from(seat.0)];
                let decision = seed ^ (chosen.len() as u64) << 20;
                let mv =
                    choose(&game, seat, level, budget, decision).expect("a seat to act has a move");
                chosen.push(format!("{mv:?}"));
                game.play_quiet(seat, mv, &mut dice);
                assert!(chosen.len() < 20_000, "the game did not end");
            }
            (
                game.outcome().expect("a game with no one to act is over"),
                chosen,
            )
        }
    }
    with_system(system, Play(levels, budget, seed)).unwrap()
}

/// Every system's opening decision, by each searching level at a small
/// budget: the same seed chooses the same move, and the move is legal.
#[test]
fn a_bot_chooses_the_same_move_from_the_same_seed() {
    struct Twice;
    impl SystemVisitor for Twice {
        type Output = ();
        fn visit<S: GameSystem>(self) {
            let (game, _) = start::<S>(3);
            let seat = game.to_act()[0];
            let legal = game.moves(seat);
            for level in [BotLevel::Easy, BotLevel::Club, BotLevel::Expert] {
                let first = choose(&game, seat, level, 0.05, 11).unwrap();
                assert_eq!(
                    choose(&game, seat, level, 0.05, 11),
                    Some(first),
                    "{}",
                    S::ID
                );
                assert!(legal.contains(&first), "{}: {first:?} is not legal", S::ID);
            }
        }
    }
    for system in registered() {
        with_system(*system, Twice).unwrap();
    }
}

/// Fantasy Armies' seats take turns: once one has moved, the other is
/// asked, and the first has nothing to decide.
#[test]
fn a_seat_with_nothing_to_decide_gets_no_move() {
    struct Idle;
    impl SystemVisitor for Idle {
        type Output = ();
        fn visit<S: GameSystem>(self) {
            let (mut game, mut dice) = start::<S>(1);
            for _ in 0..100 {
                let to_act = game.to_act();
                if let Some(idle) = (0..2).map(Seat).find(|seat| !to_act.contains(seat)) {
                    assert_eq!(choose(&game, idle, BotLevel::Expert, 0.1, 1), None);
                    return;
                }
                let mv = game.moves(to_act[0])[0];
                game.play_quiet(to_act[0], mv, &mut dice);
            }
            panic!("both seats decided at every one of 100 moves");
        }
    }
    with_system(SystemId::FantasyArmies, Idle).unwrap();
}

/// Search against chance, in the quickest system: the club bot (at a
/// tenth of its budget, as a debug build allows) wins nine of ten games or
/// more whichever seat it has (it won 40 of 40 such games in `simulate`).
/// Every game is seeded, so the count is the same every run; a search that
/// stopped looking ahead would lose it.
#[test]
fn a_searching_bot_beats_random_play() {
    let mut won = 0;
    for seed in 0..10u64 {
        let bot = Seat((seed % 2) as u8);
        let levels = match bot.0 {
            0 => [BotLevel::Club, BotLevel::Random],
            _ => [BotLevel::Random, BotLevel::Club],
        };
        let (outcome, _) = play(SystemId::SummonersChess, levels, 0.1, seed);
        won += usize::from(outcome.winners == [bot]);
    }
    assert!(won >= 9, "the club bot won {won} of 10 against random play");
}
