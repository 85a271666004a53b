//! Golden logs: games recorded by release 97b6eb6, before the book readings
//! (see `fixtures/logs_before_book_readings/README.md`), must still rebuild
//! with today's rules and the options migration 0007 gives matches stored
//! then, as the server rebuilds them on a restart and in `fray-server verify`:
//! the set-up's effects as stored (or as `Game::setup_as_made_earlier` makes
//! them), and each action accepted with the effects stored, or effects that
//! `agrees_as_made_earlier` takes for the same.

use fray_protocol::{
    Action, ArmyList, MatchConfig, OptionValue, ScopedEffect, Seat, SystemId, Viewer,
};
use fray_rules::{ChaChaDice, EveryView, Game, agrees_as_made_earlier};
use serde::Deserialize;

#[derive(Deserialize)]
struct Fixture {
    release: String,
    system: SystemId,
    games: Vec<Recorded>,
}

#[derive(Deserialize)]
struct Recorded {
    name: String,
    config: MatchConfig,
    armies: Vec<ArmyList>,
    seed: u64,
    setup: Vec<ScopedEffect>,
    events: Vec<Event>,
    #[allow(dead_code)]
    ended: bool,
}

#[derive(Deserialize)]
struct Event {
    seat: Seat,
    action: Action,
    effects: Vec<ScopedEffect>,
}

fn fixture(system: &str) -> Fixture {
    let path = format!(
        "{}/tests/fixtures/logs_before_book_readings/{system}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The config a match stored then has after migration 0007.
fn migrated(config: &MatchConfig) -> MatchConfig {
    let (key, value) = match config.system {
        SystemId::FantasyArmies => ("hth-modifiers", "extra-dice"),
        SystemId::SummonersChess => ("acolytes", "fixed"),
        SystemId::ChessboardConfrontation => ("rulings", "fray-2025"),
        other => panic!("{other}: no golden logs"),
    };
    let mut config = config.clone();
    config
        .options
        .entry(key.into())
        .or_insert(OptionValue::Text(value.into()));
    config
}

fn pretty<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).unwrap()
}

/// Where `made` first parts from `stored`, told in full.
fn first_difference(stored: &[ScopedEffect], made: &[ScopedEffect]) -> String {
    let index = stored
        .iter()
        .zip(made)
        .position(|(s, m)| s != m)
        .unwrap_or(stored.len().min(made.len()));
    let show = |effects: &[ScopedEffect]| {
        effects
            .get(index)
            .map_or_else(|| "(none: the log ends here)".to_string(), pretty)
    };
    format!(
        "first difference at effect {index} of {} stored / {} made\n--- stored:\n{}\n--- made:\n{}",
        stored.len(),
        made.len(),
        show(stored),
        show(made)
    )
}

/// Rebuilds every game of a system's fixture; the failures, one a game.
fn rebuild_all(system: &str) -> Vec<String> {
    let fixture = fixture(system);
    assert_eq!(fixture.release, "97b6eb6");
    assert!(!fixture.games.is_empty());
    let mut failures = Vec::new();
    for recorded in &fixture.games {
        if let Err(failure) = rebuild(fixture.system, recorded) {
            failures.push(format!(
                "{} game '{}' (seed {}): {failure}",
                fixture.system, recorded.name, recorded.seed
            ));
        }
    }
    failures
}

fn rebuild(system: SystemId, recorded: &Recorded) -> Result<(), String> {
    assert_eq!(recorded.config.system, system);
    let config = migrated(&recorded.config);
    let mut dice = ChaChaDice::from_u64(recorded.seed);
    let (mut game, setup) = Game::setup(&config, &recorded.armies, &mut dice)
        .map_err(|e| format!("set-up refused: {e}"))?;
    if setup != recorded.setup {
        let mut then = ChaChaDice::from_u64(recorded.seed);
        match Game::setup_as_made_earlier(&config, &recorded.armies, &mut then) {
            Some(Ok((earlier, made))) if made == recorded.setup => (game, dice) = (earlier, then),
            _ => {
                return Err(format!(
                    "the set-up differs: {}",
                    first_difference(&recorded.setup, &setup)
                ));
            }
        }
    }
    // Kept as the server's rebuild keeps it, by applying each action's
    // effects, and checked against the view the rules build.
    let mut before = EveryView::of(&game);
    for (index, event) in recorded.events.iter().enumerate() {
        let made = game
            .act(event.seat, &event.action, &mut dice)
            .map_err(|rejection| {
                format!(
                    "event {index}: today's rules refuse {:?}'s action {}: {}",
                    event.seat,
                    pretty(&event.action),
                    rejection.message
                )
            })?;
        if made != event.effects && !agrees_as_made_earlier(system, &before, &event.effects, &made)
        {
            return Err(format!(
                "event {index} ({:?}: {}): {}",
                event.seat,
                serde_json::to_string(&event.action).unwrap(),
                first_difference(&event.effects, &made)
            ));
        }
        before.apply(&made);
        if *before.referee() != game.view(Viewer::Referee) {
            return Err(format!(
                "event {index}: its effects do not give the referee's view after it"
            ));
        }
    }
    Ok(())
}

fn check(system: &str) {
    let failures = rebuild_all(system);
    assert!(
        failures.is_empty(),
        "{} of the golden games no longer rebuild:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn fantasy_armies_logs_stored_before_the_book_readings_rebuild() {
    check("fantasy-armies");
}

#[test]
fn chessboard_confrontation_logs_stored_before_the_book_readings_rebuild() {
    check("chessboard-confrontation");
}

#[test]
fn summoners_chess_logs_stored_before_the_book_readings_rebuild() {
    check("summoners-chess");
}
