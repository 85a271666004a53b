//! How a Fantasy Armies game ends, over the contract suite's random cases
//! (tests/contract.rs: random lists, caps and HTH readings): by removing the
//! losing king in the last action, the winner's king still on the board; or
//! drawn at a cap, the turn limit or the turns without a removal, with the
//! reason saying which; never before. Battle turns are what the view counts.

mod contract_harness;
mod kit;

use contract_harness::cases::{Case, Chooser, make_case};
use fray_protocol::{
    Action, Effect, MatchConfig, OptionValue, PieceId, ScopedEffect, Seat, SystemId, Viewer,
};
use fray_rules::fantasy_armies::{MAX_TURNS, TURNS_WITHOUT_REMOVAL};
use fray_rules::{ChaChaDice, Game, systems};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

const ACTION_CAP: usize = 2_000;

/// An int option as the match plays it: set, or its default.
fn int_option(config: &MatchConfig, key: &str) -> u32 {
    let info = systems()
        .into_iter()
        .find(|info| info.id == config.system)
        .unwrap();
    let default = info
        .options
        .iter()
        .find(|spec| spec.key == key)
        .map(|spec| &spec.default);
    match config.options.get(key).or(default) {
        Some(OptionValue::Int(n)) => *n as u32,
        other => panic!("{key}: {other:?}"),
    }
}

fn is_battle_action(action: &Action) -> bool {
    !matches!(action.verb.as_str(), "deploy" | "go-first")
}

fn removes_a_piece(effects: &[ScopedEffect]) -> bool {
    effects
        .iter()
        .any(|e| matches!(e.effect, Effect::PieceRemoved { .. }))
}

fn ends_by_a_king_or_a_cap(case: &Case) -> Result<(), TestCaseError> {
    let max_turns = int_option(&case.config, MAX_TURNS);
    let quiet_cap = int_option(&case.config, TURNS_WITHOUT_REMOVAL);
    let mut dice = ChaChaDice::from_u64(case.seed);
    let (mut game, _) = Game::setup(&case.config, &case.armies, &mut dice)
        .map_err(|e| TestCaseError::fail(format!("setup refused: {e}")))?;
    let kings: Vec<(Seat, PieceId)> = game
        .view(Viewer::Referee)
        .pieces
        .values()
        .filter(|p| p.markers.iter().any(|m| m.key == "king"))
        .map(|p| (p.owner, p.id))
        .collect();
    prop_assert_eq!(kings.len(), 2);
    let mut pick = Chooser::new(case.seed);
    let (mut actions, mut battle_turns, mut quiet) = (0usize, 0u32, 0u32);
    let mut last_effects = Vec::new();
    while game.outcome().is_none() {
        prop_assert!(
            actions < ACTION_CAP,
            "the game did not end after {actions} actions"
        );
        let seats = game.to_act();
        prop_assert_eq!(seats.len(), 1, "Fantasy Armies has one decider at a time");
        let options = game.options(seats[0]);
        let option = pick.pick(&options);
        let effects = game
            .act(seats[0], &option.action, &mut dice)
            .map_err(|r| TestCaseError::fail(format!("{option:?} was refused: {r:?}")))?;
        if is_battle_action(&option.action) {
            battle_turns += 1;
            quiet = if removes_a_piece(&effects) {
                0
            } else {
                quiet + 1
            };
        }
        actions += 1;
        last_effects = effects;
    }
    let outcome = game.outcome().expect("over");
    let view = game.view(Viewer::Referee);
    prop_assert!(battle_turns <= max_turns);
    prop_assert_eq!(view.turn.number, battle_turns);
    if outcome.is_draw() {
        if quiet >= quiet_cap {
            prop_assert_eq!(quiet, quiet_cap);
            prop_assert!(
                outcome
                    .reason
                    .to_string()
                    .contains("without a piece removed"),
                "{}",
                outcome.reason
            );
        } else {
            prop_assert_eq!(
                battle_turns,
                max_turns,
                "a draw before either cap: {:?}",
                outcome
            );
            prop_assert!(
                outcome.reason.to_string().contains("limit"),
                "{}",
                outcome.reason
            );
        }
    } else {
        prop_assert_eq!(outcome.winners.len(), 1);
        let winner = outcome.winners[0];
        for &(owner, king) in &kings {
            let on_board = view.pieces.contains_key(&king);
            prop_assert_eq!(on_board, owner == winner, "king {} of {}", king, owner);
            if owner != winner {
                let removed = last_effects.iter().any(|e| {
                    matches!(
                        e.effect, Effect::PieceRemoved { piece, .. } if piece == king
                    )
                });
                prop_assert!(removed, "the last action did not remove the king");
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, max_shrink_iters: 32, ..ProptestConfig::default() })]

    #[test]
    fn every_game_ends_by_a_king_or_a_cap(shape in any::<u64>(), seed in any::<u64>()) {
        let info = systems().into_iter().find(|i| i.id == SystemId::FantasyArmies).unwrap();
        let case = make_case(&info, shape, seed);
        ends_by_a_king_or_a_cap(&case).map_err(|e| TestCaseError::fail(format!("{e}\nin {case:?}")))?;
    }
}
