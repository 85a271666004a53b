//! Chessboard Confrontation's board rules, read from the referee's view
//! after every action of random games (tests/contract.rs's cases: two to
//! four players, random squads, scenarios, obstacles, maps, rulings and
//! caps): no two miniatures on one space (a Large one covers four), no main
//! space on an obstacle, at most four tokens a player, a stunned miniature
//! stays where it stood. On the battle map, the obstacles cover about half
//! the map and leave it in one piece. The engine contract itself is
//! tests/contract.rs's.

mod cc_common;
mod contract_harness;
mod kit;

use std::collections::HashSet;

use cc_common::open_squares_connected;
use contract_harness::ACTION_CAP;
use contract_harness::cases::{Case, Chooser, make_case};
use fray_protocol::{OptionValue, Square, SystemId, View, Viewer};
use fray_rules::chessboard_confrontation::{MAP, OBSTACLES};
use fray_rules::{ChaChaDice, Game, systems};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The spaces a piece in the view covers: its square, or for a Large
/// miniature the 2×2 its `reach` stat names from it; off the board is an error.
fn spaces_of(view: &View, piece: &fray_protocol::PieceView) -> Result<Vec<Square>, TestCaseError> {
    let Some(main) = piece.square else {
        return Ok(Vec::new());
    };
    let stat = |key: &str| {
        piece
            .stats
            .iter()
            .find(|s| s.key == key)
            .map(|s| s.value.as_str())
    };
    if stat("size") != Some("large") {
        return Ok(vec![main]);
    }
    let (df, dr): (i16, i16) = match stat("reach") {
        Some("north-east") => (1, 1),
        Some("north-west") => (-1, 1),
        Some("south-east") => (1, -1),
        Some("south-west") => (-1, -1),
        other => {
            return Err(TestCaseError::fail(format!(
                "a Large miniature reaching {other:?}"
            )));
        }
    };
    let mut spaces = Vec::new();
    for (f, r) in [(0, 0), (df, 0), (0, dr), (df, dr)] {
        let (file, rank) = (i16::from(main.file) + f, i16::from(main.rank) + r);
        prop_assert!(
            (0..i16::from(view.width)).contains(&file)
                && (0..i16::from(view.height)).contains(&rank),
            "{:?} reaches off the board from {}",
            piece.id,
            main
        );
        spaces.push(Square::new(file as u8, rank as u8));
    }
    Ok(spaces)
}

/// The rules' invariants, read from the referee's view after every action:
/// no two miniatures on one space, no main space on an obstacle (a Large
/// miniature's body may lie on one), at most four tokens a player, and a
/// miniature stunned before the action still where it stood (or defeated).
fn keeps_the_rules(before: &View, after: &View) -> Result<(), TestCaseError> {
    let mut taken = HashSet::new();
    for piece in after.pieces.values() {
        for space in spaces_of(after, piece)? {
            prop_assert!(taken.insert(space), "two miniatures on {}", space);
        }
        if let Some(main) = piece.square {
            prop_assert!(
                after.terrain.get(&main).map(String::as_str) != Some("obstacle"),
                "{:?} stands on the obstacle {}",
                piece.id,
                main
            );
        }
    }
    for player in &after.players {
        let tokens = player.resources.get("tokens").copied().unwrap_or(0);
        prop_assert!((0..=4).contains(&tokens), "{} tokens", tokens);
    }
    for piece in before.pieces.values() {
        if piece.markers.iter().any(|m| m.key == "stun")
            && let Some(now) = after.pieces.get(&piece.id)
        {
            prop_assert_eq!(now.square, piece.square, "a stunned {:?} moved", piece.id);
        }
    }
    Ok(())
}

fn plays_by_the_board_rules(case: &Case) -> Result<(), TestCaseError> {
    let mut dice = ChaChaDice::from_u64(case.seed);
    let (mut game, _) = Game::setup(&case.config, &case.armies, &mut dice)
        .map_err(|e| TestCaseError::fail(format!("setup refused: {e}")))?;
    let mut pick = Chooser::new(case.seed);
    let mut before = game.view(Viewer::Referee);
    keeps_the_rules(&before, &before)?;
    for _ in 0..ACTION_CAP {
        if game.outcome().is_some() {
            return Ok(());
        }
        let seat = *pick.pick(&game.to_act());
        let options = game.options(seat);
        let option = pick.pick(&options);
        game.act(seat, &option.action, &mut dice)
            .map_err(|r| TestCaseError::fail(format!("{option:?} was refused: {r:?}")))?;
        let after = game.view(Viewer::Referee);
        keeps_the_rules(&before, &after)?;
        before = after;
    }
    Err(TestCaseError::fail("the game did not end"))
}

fn cc_case(shape: u64, seed: u64) -> Case {
    let info = systems()
        .into_iter()
        .find(|i| i.id == SystemId::ChessboardConfrontation)
        .unwrap();
    make_case(&info, shape, seed)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, max_shrink_iters: 16, ..ProptestConfig::default() })]

    #[test]
    fn every_game_keeps_the_board_rules(shape in any::<u64>(), seed in any::<u64>()) {
        let case = cc_case(shape, seed);
        plays_by_the_board_rules(&case).map_err(|e| TestCaseError::fail(format!("{e}\nin {case:?}")))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, max_shrink_iters: 8, ..ProptestConfig::default() })]

    /// On the battle map the obstacles cover about half the map and leave it
    /// in one piece, and every game keeps the board rules.
    #[test]
    fn every_battle_map_game_keeps_the_board_rules(shape in any::<u64>(), seed in any::<u64>()) {
        let mut case = cc_case(shape, seed);
        case.config = case.config.with(MAP, OptionValue::Text("battle-map".into()));
        let (game, _) = Game::setup(&case.config, &case.armies, &mut ChaChaDice::from_u64(seed))
            .map_err(|e| TestCaseError::fail(format!("setup refused: {e}")))?;
        let seen = game.view(Viewer::Referee);
        prop_assert_eq!((seen.width, seen.height), (24, 24));
        prop_assert!(open_squares_connected(&seen));
        let random = case.config.options.get(OBSTACLES).is_none_or(|o| *o == OptionValue::Text("random".into()));
        let covered = seen.terrain.values().filter(|t| *t == "obstacle").count();
        prop_assert!(!random || covered >= 24 * 24 / 2, "{} covered", covered);
        plays_by_the_board_rules(&case).map_err(|e| TestCaseError::fail(format!("{e}\nin {case:?}")))?;
    }
}
