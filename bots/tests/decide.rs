//! The bots over a match's game of any system, as the server asks them:
//! a decision is one of the seat's options, and a value reads the game's
//! end where there is one, which is what a bot answers a draw offer by.

use fray_bots::{decide, evaluate};
use fray_protocol::{BotLevel, MatchConfig, Seat, SystemId};
use fray_rules::{ChaChaDice, Game, example_armies, registered};

fn start(system: SystemId, seed: u64) -> (Game, ChaChaDice) {
    let armies = example_armies(system).unwrap();
    let mut dice = ChaChaDice::from_u64(seed);
    let (game, _) = Game::setup(&MatchConfig::new(system), &armies, &mut dice).unwrap();
    (game, dice)
}

#[test]
fn a_decision_is_one_of_the_seats_options_in_every_system() {
    for &system in registered() {
        let (game, _) = start(system, 5);
        let seat = game.to_act()[0];
        let options = game.options(seat);
        for level in BotLevel::ALL {
            let decision = decide(&game, seat, level, 0.02, 9).expect("a seat to act decides");
            assert!(
                options
                    .iter()
                    .any(|option| option.action == decision.action),
                "{system} {level}: {:?} is not an option",
                decision.action
            );
            match decision.value {
                Some(value) => {
                    assert!(level != BotLevel::Random && options.len() > 1);
                    assert!((0.0..=1.0).contains(&value), "{system} {level}: {value}");
                }
                // A system that cannot yet draw what it hides is not
                // searched; these hide nothing at their start.
                None => assert!(
                    level == BotLevel::Random
                        || options.len() == 1
                        || !matches!(
                            system,
                            SystemId::FantasyArmies | SystemId::ChessboardConfrontation
                        ),
                    "{system} {level}: a search gives a value"
                ),
            }
        }
        let idle = (0..2).map(Seat).find(|seat| !game.to_act().contains(seat));
        if let Some(idle) = idle {
            assert_eq!(decide(&game, idle, BotLevel::Easy, 0.02, 9), None);
        }
    }
}

#[test]
fn a_finished_game_is_worth_all_to_its_winner_and_nothing_to_its_loser() {
    // Summoners Chess between two random bots, the dice from seed 1, 2, …
    // until a game is won rather than drawn.
    let (game, outcome) = (1..20)
        .map(|seed| {
            let (mut game, mut dice) = start(SystemId::SummonersChess, seed);
            let mut decisions = 0u64;
            while let Some(&seat) = game.to_act().first() {
                let decision = decide(&game, seat, BotLevel::Random, 1.0, decisions).unwrap();
                game.act(seat, &decision.action, &mut dice)
                    .expect("a bot's action is legal");
                decisions += 1;
                assert!(decisions < 20_000, "the game did not end");
            }
            let outcome = game.outcome().expect("over");
            (game, outcome)
        })
        .find(|(_, outcome)| !outcome.is_draw())
        .expect("one of 19 random games is won");
    let winner = outcome.winners[0];
    let loser = Seat(1 - winner.0);
    assert_eq!(evaluate(&game, winner, BotLevel::Easy, 1.0, 1), Some(1.0));
    assert_eq!(evaluate(&game, loser, BotLevel::Expert, 1.0, 1), Some(0.0));
    assert_eq!(
        evaluate(&game, loser, BotLevel::Random, 1.0, 1),
        None,
        "random values nothing"
    );
}

#[test]
fn a_game_under_way_is_worth_something_between_to_each_seat() {
    let (game, _) = start(SystemId::FantasyArmies, 2);
    for seat in [Seat(0), Seat(1)] {
        let value = evaluate(&game, seat, BotLevel::Easy, 0.5, 3).expect("a value");
        assert!((0.0..=1.0).contains(&value), "{value}");
    }
}
