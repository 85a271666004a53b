//! The fast path (`GameRules::setup_quiet` and `play_quiet`, what
//! simulations and benchmarks play) plays every system exactly as the
//! contract's `setup` and `act` do: the same options in the same order, the
//! same game after every move, the same dice drawn. Played over the contract
//! suite's cases (tests/contract.rs): random options, players and lists.

mod contract_harness;
mod kit;

use contract_harness::ACTION_CAP;
use contract_harness::cases::{Case, Chooser, make_case};
use fray_rules::{ChaChaDice, Dice, Game, GameRules, systems};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn same_dice(a: &ChaChaDice, b: &ChaChaDice) -> bool {
    let (mut a, mut b) = (a.clone(), b.clone());
    (0..6).all(|_| a.roll(255) == b.roll(255))
}

fn both_paths<G: GameRules + PartialEq>(case: &Case) -> Result<(), TestCaseError> {
    let mut dice = ChaChaDice::from_u64(case.seed);
    let (mut game, _) = G::setup(&case.config, &case.armies, &mut dice)
        .map_err(|e| TestCaseError::fail(format!("setup refused: {e}")))?;
    let mut quiet_dice = ChaChaDice::from_u64(case.seed);
    let mut quiet = G::setup_quiet(&case.config, &case.armies, &mut quiet_dice)
        .map_err(|e| TestCaseError::fail(format!("setup_quiet refused: {e}")))?;
    prop_assert!(game == quiet, "setup_quiet made another game");
    prop_assert!(same_dice(&dice, &quiet_dice), "setup_quiet drew other dice");
    let mut pick = Chooser::new(case.seed);
    for _ in 0..ACTION_CAP {
        if game.outcome().is_some() {
            prop_assert!(quiet.to_act().is_empty());
            return Ok(());
        }
        let seats = game.to_act();
        prop_assert_eq!(quiet.to_act(), seats, "both paths wait for the same seats");
        let seat = seats[pick.index(seats.len())];
        let options = game.options(seat);
        let moves = quiet.moves(seat);
        prop_assert_eq!(options.len(), moves.len());
        let at = pick.index(options.len());
        prop_assert_eq!(&quiet.option_for(seat, moves[at]), &options[at]);
        game.act(seat, &options[at].action, &mut dice)
            .map_err(|r| TestCaseError::fail(format!("{:?} was refused: {r:?}", options[at])))?;
        quiet.play_quiet(seat, moves[at], &mut quiet_dice);
        prop_assert!(
            game == quiet,
            "the paths differ after {:?}",
            options[at].action
        );
        prop_assert!(
            same_dice(&dice, &quiet_dice),
            "the paths drew different dice"
        );
    }
    Err(TestCaseError::fail("the game did not end"))
}

fn fast_path_plays_as_act(case: &Case) -> Result<(), TestCaseError> {
    let mut dice = ChaChaDice::from_u64(case.seed);
    let (game, _) = Game::setup(&case.config, &case.armies, &mut dice)
        .map_err(|e| TestCaseError::fail(format!("setup refused: {e}")))?;
    match game {
        Game::FantasyArmies(_) => both_paths::<fray_rules::fantasy_armies::FantasyArmies>(case),
        Game::SummonersChess(_) => both_paths::<fray_rules::summoners_chess::SummonersChess>(case),
        Game::ChessWar(_) => both_paths::<fray_rules::chess_war::ChessWar>(case),
        Game::ActionChessFactionChess(_) => {
            both_paths::<fray_rules::action_chess_faction_chess::ActionChessFactionChess>(case)
        }
        Game::ChessboardConfrontation(_) => {
            both_paths::<fray_rules::chessboard_confrontation::ChessboardConfrontation>(case)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, max_shrink_iters: 16, ..ProptestConfig::default() })]

    #[test]
    fn the_fast_path_plays_exactly_as_act(system in 0..systems().len(), shape in any::<u64>(), seed in any::<u64>()) {
        let case = make_case(&systems()[system], shape, seed);
        fast_path_plays_as_act(&case).map_err(|e| TestCaseError::fail(format!("{e}\nin {case:?}")))?;
    }
}
