//! Records the screen fixtures under `tests/fixtures/`: for each system, a
//! real game played by seeded random choices, kept as seat 0 saw it (a
//! snapshot and the batches after it). The fixtures are committed; this only
//! remakes them after the rules change what a game looks like:
//!
//!   cargo test -p fray-cli --test record_screens -- --ignored
//!
//! then bless the screens (`FRAY_BLESS=1 cargo test -p fray-cli tui::`).
//! To remake one system's only, keep the others' fixtures as they were
//! (`git checkout -- client-cli/tests/fixtures/<other>.json`) before
//! blessing.

use std::path::PathBuf;

use fray_protocol::{
    ArmyList, Batch, Effect, MatchConfig, MatchId, MatchStatus, OptionValue, ScopedEffect, Seat,
    Snapshot, SystemId, View, Viewer, apply_all,
};
use fray_rules::{ChaChaDice, Dice, Game};

const ME: Seat = Seat(0);
/// Batches kept after the snapshot, so the log and dice panels have lines.
const KEPT: usize = 6;

/// None when the game ended before it reached such a position.
fn record(
    config: &MatchConfig,
    armies: &[ArmyList],
    seed: u64,
    min_actions: u64,
    rolls: bool,
) -> Option<serde_json::Value> {
    let system = config.system;
    let mut dice = ChaChaDice::from_u64(seed);
    let (mut game, setup) =
        Game::setup(config, armies, &mut dice).unwrap_or_else(|e| panic!("{system}: {e}"));
    let mut view = View::default();
    apply_all(
        &mut view,
        &ScopedEffect::for_viewer(&setup, Viewer::Seat(ME)),
    );
    let options = |game: &Game| {
        if game.to_act().contains(&ME) {
            game.options(ME)
        } else {
            Vec::new()
        }
    };
    let mut snapshots = Vec::new();
    let mut batches: Vec<Batch> = Vec::new();
    let mut seq = 0;
    loop {
        if game.outcome().is_some() {
            return None;
        }
        snapshots.push(Snapshot {
            match_id: MatchId(1),
            seq,
            status: MatchStatus::Running,
            seat: Some(ME),
            view: view.clone(),
            to_act: game.to_act(),
            options: options(&game),
            commitment: "5e".repeat(32),
        });
        let seat = game.to_act()[0];
        let listed = game.options(seat);
        let pick = usize::from(dice.roll(250)) % listed.len();
        let effects = game.act(seat, &listed[pick].action, &mut dice).unwrap();
        seq += 1;
        let batch = Batch {
            match_id: MatchId(1),
            seq,
            effects: ScopedEffect::for_viewer(&effects, Viewer::Seat(ME)),
            to_act: game.to_act(),
            options: options(&game),
        };
        apply_all(&mut view, &batch.effects);
        batches.push(batch);
        let rolled = batches[batches.len().saturating_sub(KEPT)..]
            .iter()
            .flat_map(|batch| &batch.effects)
            .any(|effect| matches!(effect, Effect::DiceRolled { .. }));
        if seq >= min_actions && (rolled || !rolls) && !options(&game).is_empty() {
            break;
        }
    }
    let from = batches.len() - KEPT;
    Some(serde_json::json!({
        "snapshot": snapshots[from],
        "batches": batches[from..],
    }))
}

/// The lists a system's game is recorded with: its example pair, but for
/// Action Chess Faction Chess, whose pair (Classique, Peasant) names fewer
/// kinds of piece than the pairing recorded.
fn armies(system: SystemId) -> Vec<ArmyList> {
    if system == SystemId::ActionChessFactionChess {
        use fray_rules::action_chess_faction_chess::{Faction, army_list};
        return vec![army_list(Faction::Classique), army_list(Faction::Undead)];
    }
    fray_rules::example_armies(system)
        .expect("a playable system")
        .to_vec()
}

#[test]
#[ignore = "remakes the committed fixtures"]
fn record_screen_fixtures() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let battle_map = MatchConfig::new(SystemId::ChessboardConfrontation).with(
        fray_rules::chessboard_confrontation::MAP,
        OptionValue::Text("battle-map".into()),
    );
    // Summoners Chess rolls only at the set-up, so its batches hold no dice.
    for (name, config, seed, min_actions, rolls) in [
        (
            "fantasy-armies",
            MatchConfig::new(SystemId::FantasyArmies),
            3,
            40,
            true,
        ),
        (
            "summoners-chess",
            MatchConfig::new(SystemId::SummonersChess),
            5,
            20,
            false,
        ),
        (
            "chessboard-confrontation",
            MatchConfig::new(SystemId::ChessboardConfrontation),
            7,
            20,
            true,
        ),
        // Past the 33 placements behind the screen, into the battle.
        (
            "chess-war",
            MatchConfig::new(SystemId::ChessWar),
            11,
            60,
            true,
        ),
        (
            "chessboard-confrontation-battle-map",
            battle_map,
            7,
            40,
            true,
        ),
        // Classique against the Undead: two factions of 16 pieces and eleven
        // kinds, the longest legend of the example lists.
        (
            "action-chess-faction-chess",
            MatchConfig::new(SystemId::ActionChessFactionChess),
            13,
            20,
            false,
        ),
    ] {
        let armies = armies(config.system);
        let recorded = (seed..seed + 50)
            .find_map(|seed| record(&config, &armies, seed, min_actions, rolls))
            .unwrap_or_else(|| panic!("{name}: every game ended too soon"));
        let json = serde_json::to_string_pretty(&recorded).unwrap();
        std::fs::write(dir.join(format!("{name}.json")), json + "\n").unwrap();
    }
}
