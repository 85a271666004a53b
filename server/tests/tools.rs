//! The command-line tools: `simulate` (random games in-process, summarised)
//! and `verify` (a stored match re-run from its seed against its log), through
//! their library functions and through the `fray-server` binary.

use std::collections::BTreeMap;
use std::process::{Command, Stdio};

use fray_protocol::{
    ArmyEntry, ArmyList, EventKind, MatchConfig, MatchId, MatchStatus, OptionValue, Seat, SystemId,
};
use fray_rules::chessboard_confrontation as cc;
use fray_rules::fantasy_armies::{Army, starter_list};
use fray_rules::{ChaChaDice, Game};
use fray_server::db;
use fray_server::lobby::seed::commitment;
use fray_server::store::{self, NewEvent};
use fray_server::tools::simulate::{
    self, ArmyChoice, SimulateError, SimulateOptions, Summary, simulate,
};
use fray_server::tools::verify::{self, Problem, VerifyError, verify, verify_url};
use indicatif::ProgressBar;
use serde_json::Value;
use sqlx::SqlitePool;
use tempfile::TempDir;

fn run(options: &SimulateOptions) -> Summary {
    simulate(options, &ProgressBar::hidden())
        .unwrap_or_else(|error| panic!("{options:?} does not simulate: {error}"))
        .summary
}

fn options(system: SystemId, games: u64, seed: u64) -> SimulateOptions {
    let mut options = SimulateOptions::new(system, games, seed);
    options.options = bounded_options(system);
    options.threads = Some(2);
    options
}

/// `system`'s default options, but a round limit for ChessWar!, whose
/// default is the book's game without one: every game played here ends.
fn bounded_options(system: SystemId) -> BTreeMap<String, OptionValue> {
    match system {
        SystemId::ChessWar => BTreeMap::from([(
            fray_rules::chess_war::MAX_ROUNDS.into(),
            OptionValue::Int(30),
        )]),
        _ => BTreeMap::new(),
    }
}

/// The counts of a summary agree with each other.
fn assert_consistent(summary: &Summary, seats: usize) {
    let what = format!("{} seed {}", summary.system, summary.seed);
    assert_eq!(summary.wins_by_seat.len(), seats, "{what}: seats");
    assert_eq!(summary.seat_armies.len(), seats, "{what}: seat armies");
    let wins: u64 = summary.wins_by_seat.iter().sum();
    assert_eq!(wins + summary.draws, summary.games, "{what}: wins + draws");
    assert_eq!(summary.decided(), wins, "{what}: decided games");
    assert_eq!(
        summary.draw_reasons.values().sum::<u64>(),
        summary.draws,
        "{what}: draws by reason"
    );
    let played: u64 = summary.armies.values().map(|army| army.played).sum();
    assert_eq!(played, summary.games * seats as u64, "{what}: seats played");
    let army_wins: u64 = summary.armies.values().map(|army| army.wins).sum();
    assert_eq!(army_wins, wins, "{what}: wins by army");
    let army_draws: u64 = summary.armies.values().map(|army| army.draws).sum();
    assert_eq!(
        army_draws,
        summary.draws * seats as u64,
        "{what}: draws by army"
    );
    for record in summary.armies.values() {
        assert_eq!(
            record.wins + record.draws + record.losses(),
            record.played,
            "{what}: an army's games"
        );
    }
    if seats == 2 {
        let pairings = summary.pairings.values();
        assert_eq!(
            pairings.clone().map(|p| p.games).sum::<u64>(),
            summary.games,
            "{what}: games by pairing"
        );
        assert_eq!(
            pairings.clone().map(|p| p.draws).sum::<u64>(),
            summary.draws,
            "{what}: draws by pairing"
        );
        for (key, pairing) in &summary.pairings {
            assert!(key.0 <= key.1, "{what}: {key:?} is not in name order");
            assert_eq!(
                pairing.first_wins + pairing.draws + pairing.second_wins,
                pairing.games,
                "{what}: {key:?}'s games"
            );
        }
    } else {
        assert!(
            summary.pairings.is_empty(),
            "{what}: pairings of {seats} seats"
        );
    }
    assert!(summary.min_actions > 0, "{what}: a game without actions");
    assert!(
        summary.min_actions <= summary.max_actions,
        "{what}: lengths"
    );
    let mean = summary.mean_actions();
    assert!(
        summary.min_actions as f64 <= mean && mean <= summary.max_actions as f64,
        "{what}: mean {mean} outside {}..={}",
        summary.min_actions,
        summary.max_actions
    );
}

#[test]
fn every_playable_system_simulates_with_consistent_counts() {
    for system in SystemId::PLAYABLE {
        let summary = run(&options(system, 6, 11));
        assert_eq!(summary.games, 6);
        assert_eq!(summary.system, system);
        assert_consistent(&summary, 2);
    }
    let mut four = options(SystemId::ChessboardConfrontation, 5, 12);
    four.seats = Some(4);
    let summary = run(&four);
    assert_consistent(&summary, 4);
    assert_eq!(summary.armies["squad"].played, 20);
}

#[test]
fn the_same_seed_gives_the_same_summary_whatever_the_threads() {
    for system in SystemId::PLAYABLE {
        let mut one = options(system, 8, 99);
        one.threads = Some(1);
        let mut three = one.clone();
        three.threads = Some(3);
        let first = run(&one);
        assert_eq!(first, run(&three), "{system}: 1 thread against 3");
        assert_eq!(first, run(&one), "{system}: run again");
        let other = run(&options(system, 8, 100));
        assert_ne!(
            first, other,
            "{system}: seeds 99 and 100 played the same games"
        );
    }
}

#[test]
fn named_armies_are_played_in_their_seats() {
    let mut named = options(SystemId::FantasyArmies, 6, 5);
    named.armies = vec!["undead".into(), "elves".into()];
    let summary = run(&named);
    assert_consistent(&summary, 2);
    assert_eq!(summary.seat_armies, ["undead", "elves"]);
    assert_eq!(
        summary.armies.keys().collect::<Vec<_>>(),
        ["elves", "undead"],
        "only the named armies play"
    );
    assert!(summary.armies.values().all(|army| army.played == 6));
    let pairing = summary.pairings[&("elves".to_string(), "undead".to_string())];
    assert_eq!(summary.pairings.len(), 1);
    assert_eq!(pairing.games, 6);
    assert_eq!(pairing.first_wins, summary.armies["elves"].wins);
    assert_eq!(pairing.second_wins, summary.armies["undead"].wins);

    // A seat not named plays a random starter list.
    let mut one = options(SystemId::FantasyArmies, 12, 5);
    one.armies = vec!["dwarfs".into()];
    let summary = run(&one);
    assert_consistent(&summary, 2);
    assert_eq!(
        summary.seat_armies[1],
        ArmyChoice::Random { army: None }.describe()
    );
    assert!(summary.armies["dwarfs"].played >= 12);
    assert!(
        summary.armies.len() > 2,
        "12 random armies were all dwarfs?"
    );

    // The default: a random army in each seat, each game.
    let summary = run(&options(SystemId::FantasyArmies, 12, 5));
    assert!(summary.armies.len() > 2);
}

/// Win rates by faction pairing (issue 23): random factions in both seats
/// meet in many pairings, each counted once whichever seat each held; in a
/// faction's games against itself, the first is seat 0.
#[test]
fn action_chess_faction_chess_reports_each_faction_pairing() {
    let summary = run(&options(SystemId::ActionChessFactionChess, 60, 3));
    assert_consistent(&summary, 2);
    assert!(summary.pairings.len() > 10, "{:?}", summary.pairings.keys());
    for (first, second) in summary.pairings.keys() {
        for faction in [first, second] {
            assert!(summary.armies.contains_key(faction), "{faction}");
        }
    }
    for (faction, record) in &summary.armies {
        // A mirror match's wins, first's and second's, are all the faction's.
        let wins: u64 = summary
            .pairings
            .iter()
            .map(|((first, second), p)| {
                u64::from(first == faction) * p.first_wins
                    + u64::from(second == faction) * p.second_wins
            })
            .sum();
        assert_eq!(wins, record.wins, "{faction}'s wins by pairing");
    }
    let text = summary.to_string();
    assert!(text.contains("pairing"), "{text}");
    let (first, second) = summary.pairings.keys().next().expect("a pairing");
    assert!(text.contains(&format!("{first} v {second}")), "{text}");
}

#[test]
fn a_list_from_a_file_is_played_every_game() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("knights.json");
    let list = ArmyList {
        system: SystemId::ChessboardConfrontation,
        army: cc::ARMY_KEY.into(),
        name: "two elites".into(),
        units: vec![
            ArmyEntry {
                unit: "elite".into(),
                count: 2,
                traits: vec!["armor".into()],
            },
            ArmyEntry::new("minion", 3),
        ],
    };
    std::fs::write(&path, serde_json::to_string(&list).unwrap()).unwrap();
    let mut with_file = options(SystemId::ChessboardConfrontation, 4, 8);
    with_file.armies = vec![format!("@{}", path.display()), "squad".into()];
    let summary = run(&with_file);
    assert_consistent(&summary, 2);
    let label = format!("squad ({})", path.display());
    assert_eq!(summary.seat_armies[0], label);
    assert_eq!(summary.armies[&label].played, 4);
    assert_eq!(summary.armies["squad"].played, 4);

    // A list of another system is refused.
    with_file.system = SystemId::FantasyArmies;
    assert!(matches!(
        simulate(&with_file, &ProgressBar::hidden()),
        Err(SimulateError::BadArmy(_))
    ));
}

#[test]
fn bad_requests_are_refused_before_any_game() {
    let refused = |options: &SimulateOptions| {
        simulate::Plan::new(options).expect_err("a bad request must be refused")
    };
    let mut unknown = options(SystemId::FantasyArmies, 3, 1);
    unknown.armies = vec!["undead".into(), "goblins".into()];
    assert!(
        matches!(refused(&unknown), SimulateError::BadArmy(message) if message.contains("goblins"))
    );

    let mut three = options(SystemId::SummonersChess, 3, 1);
    three.seats = Some(3);
    assert!(matches!(
        refused(&three),
        SimulateError::SeatCount { got: 3, .. }
    ));

    let mut too_many = options(SystemId::ChessboardConfrontation, 3, 1);
    too_many.armies = vec!["squad".into(); 5];
    assert!(matches!(
        refused(&too_many),
        SimulateError::SeatCount { got: 5, .. }
    ));

    let mut bad_option = options(SystemId::FantasyArmies, 3, 1);
    bad_option.options = BTreeMap::from([("max-turns".into(), OptionValue::Int(1))]);
    assert!(matches!(refused(&bad_option), SimulateError::Setup(_)));
}

/// Bots play the seats named, repeatably: the same seed gives the same
/// games, the header says who played, and random seats play as they did
/// before bots came (the all-random summary is unchanged by naming them).
#[test]
fn bots_play_the_seats_they_are_named_for_and_repeat_their_games() {
    let mut bots = options(SystemId::SummonersChess, 4, 5);
    bots.players = vec![
        fray_protocol::BotLevel::Club,
        fray_protocol::BotLevel::Random,
    ];
    bots.budget = 0.05;

    let report = simulate(&bots, &ProgressBar::hidden()).unwrap();

    assert_consistent(&report.summary, 2);
    assert_eq!(
        report.summary,
        run(&bots),
        "the same seed played other games"
    );
    let printed = report.to_string();
    assert!(
        printed.contains("seat 0: club with") && printed.contains("seat 1: random with"),
        "{printed}"
    );
    assert!(printed.contains("thinking club:"), "{printed}");
    let mut named_random = options(SystemId::SummonersChess, 4, 5);
    named_random.players = vec![fray_protocol::BotLevel::Random; 2];
    assert_eq!(
        run(&named_random),
        run(&options(SystemId::SummonersChess, 4, 5))
    );

    let mut three = options(SystemId::SummonersChess, 2, 5);
    three.players = vec![fray_protocol::BotLevel::Easy; 3];
    assert!(matches!(
        simulate::Plan::new(&three),
        Err(SimulateError::SeatCount { got: 3, .. })
    ));
    assert!(simulate::parse_budget("0").is_err());
    assert_eq!(simulate::parse_budget("0.5"), Ok(0.5));
}

#[test]
fn match_options_reach_the_games() {
    // A turn limit of 10 cuts every Fantasy Armies game short: 10 battle
    // turns after at most 32 deployments and the choice of who goes first.
    let mut short = options(SystemId::FantasyArmies, 6, 3);
    short.options = BTreeMap::from([("max-turns".into(), OptionValue::Int(10))]);
    let summary = run(&short);
    assert_consistent(&summary, 2);
    assert!(summary.max_actions <= 10 + 32 + 1, "{summary:?}");
}

#[test]
fn system_names_and_options_parse() {
    assert_eq!(simulate::parse_system("fa"), Ok(SystemId::FantasyArmies));
    assert_eq!(
        simulate::parse_system("chessboard-confrontation"),
        Ok(SystemId::ChessboardConfrontation)
    );
    assert_eq!(simulate::parse_system("sc"), Ok(SystemId::SummonersChess));
    assert_eq!(simulate::parse_system("cw"), Ok(SystemId::ChessWar));
    assert_eq!(
        simulate::parse_system("acfc"),
        Ok(SystemId::ActionChessFactionChess)
    );
    assert!(simulate::parse_system("chess").is_err());
    assert_eq!(
        simulate::parse_option("max-turns=40"),
        Ok(("max-turns".into(), OptionValue::Int(40)))
    );
    assert_eq!(
        simulate::parse_option("second-unit=true"),
        Ok(("second-unit".into(), OptionValue::Bool(true)))
    );
    assert_eq!(
        simulate::parse_option("scenario=survival"),
        Ok(("scenario".into(), OptionValue::Text("survival".into())))
    );
    assert!(simulate::parse_option("scenario").is_err());
}

// ---- verify -------------------------------------------------------------

/// Chooses uniformly from a stream of its own, apart from the match's dice.
struct Chooser(ChaChaDice);

impl Chooser {
    fn index(&mut self, n: usize) -> usize {
        use fray_rules::Dice;
        // Two d256-ish rolls are plenty for the few dozen options a position has.
        let high = usize::from(self.0.roll(255)) - 1;
        let low = usize::from(self.0.roll(255)) - 1;
        (high * 255 + low) % n
    }
}

/// A database in a temporary directory.
struct TestDb {
    dir: TempDir,
    url: String,
    pool: SqlitePool,
}

async fn test_db() -> TestDb {
    let dir = TempDir::new().unwrap();
    let url = format!("sqlite://{}", dir.path().join("fray.db").display());
    let pool = db::connect(&url).await.expect("the database opens");
    TestDb { dir, url, pool }
}

/// Stores a match as the server would: two players, their seats, the seed
/// and its commitment, the set-up event, then up to `actions` random legal
/// actions (all of them if `None`), finishing the match if the game ends.
async fn store_match(
    pool: &SqlitePool,
    armies: [ArmyList; 2],
    seed: u8,
    actions: Option<usize>,
) -> MatchId {
    let system = armies[0].system;
    let config = MatchConfig {
        options: bounded_options(system),
        ..MatchConfig::new(system)
    };
    store_match_as(pool, &config, armies, seed, actions, Release::Now).await
}

/// Which release's set-up a stored match was given.
#[derive(Clone, Copy, PartialEq)]
enum Release {
    Now,
    /// Before Retrieve kept the corners clear of random obstacles.
    Earlier,
}

async fn store_match_as(
    pool: &SqlitePool,
    config: &MatchConfig,
    armies: [ArmyList; 2],
    seed: u8,
    actions: Option<usize>,
    release: Release,
) -> MatchId {
    let config = config.clone();
    let mut tx = pool.begin().await.unwrap();
    let mut players = Vec::new();
    for name in ["ann", "bob"] {
        let token_hash = [seed, name.as_bytes()[0], 7, 7];
        // Names are unique, as tokens are: each match its own players.
        players.push(
            db::players::create(&mut tx, &format!("{name} {seed}"), &token_hash)
                .await
                .unwrap(),
        );
    }
    let id = db::matches::create(
        &mut tx,
        &config,
        2,
        fray_server::lobby::fray_rules_version(),
    )
    .await
    .unwrap();
    for (seat, (player, army)) in players.iter().zip(&armies).enumerate() {
        db::matches::take_seat(&mut tx, id, Seat(seat as u8), *player, army)
            .await
            .unwrap();
    }
    let seed = [seed; 32];
    db::matches::start(&mut tx, id, &seed, &commitment(&seed))
        .await
        .unwrap();
    let mut dice = ChaChaDice::from_seed(seed);
    let (mut game, effects) = match release {
        Release::Now => Game::setup(&config, &armies, &mut dice).unwrap(),
        Release::Earlier => Game::setup_as_made_earlier(&config, &armies, &mut dice)
            .expect("an earlier set-up")
            .unwrap(),
    };
    let mut events = vec![NewEvent::setup(id, effects)];
    let mut chooser = Chooser(ChaChaDice::from_u64(u64::from(seed[0])));
    while game.outcome().is_none() && actions.is_none_or(|most| events.len() <= most) {
        let seat = game.to_act()[0];
        let options = game.options(seat);
        let action = options[chooser.index(options.len())].action.clone();
        let effects = game.act(seat, &action, &mut dice).unwrap();
        events.push(NewEvent {
            match_id: id,
            seq: events.len() as u64,
            kind: EventKind::Action,
            seat: Some(seat),
            action: Some(action),
            action_id: Some(events.len() as u64),
            effects,
        });
    }
    let rows: Vec<&NewEvent> = events.iter().collect();
    store::events::insert_all(&mut tx, &rows).await.unwrap();
    if let Some(outcome) = game.outcome() {
        sqlx::query("UPDATE matches SET status = 'finished', outcome = ? WHERE id = ?")
            .bind(serde_json::to_string(&outcome).unwrap())
            .bind(id.0)
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    id
}

fn summoners() -> [ArmyList; 2] {
    let list = fray_rules::summoners_chess::army_list();
    [list.clone(), list]
}

fn kingdoms_against_undead() -> [ArmyList; 2] {
    [
        starter_list(Army::KingdomsOfMan),
        starter_list(Army::Undead),
    ]
}

async fn tamper(pool: &SqlitePool, sql: &str, id: MatchId) {
    sqlx::query(sql).bind(id.0).execute(pool).await.unwrap();
}

#[tokio::test]
async fn a_finished_match_verifies() {
    let db = test_db().await;
    let id = store_match(&db.pool, summoners(), 1, None).await;
    let report = verify(&db.pool, id).await.unwrap();
    assert!(report.matches(), "{report}");
    assert_eq!(report.exit_code(), verify::EXIT_MATCHES);
    assert_eq!(report.status, MatchStatus::Finished);
    assert_eq!(report.system, SystemId::SummonersChess);
    assert!(report.commitment.holds());
    assert!(report.stored_outcome.is_some());
    assert_eq!(report.replayed_outcome, report.stored_outcome);
    assert_eq!(report.last_seq, Some(report.events as u64 - 1));
    assert_eq!(report.seats.len(), 2);
    assert_eq!(report.seats[1].player, "bob 1");
    let text = report.to_string();
    assert!(text.lines().next().unwrap().contains("VERIFIED"), "{text}");
    assert!(text.contains("= SHA-256(seed)"), "{text}");
}

#[tokio::test]
async fn a_finished_match_of_every_playable_system_verifies() {
    let db = test_db().await;
    for (seed, system) in (1..).zip(SystemId::PLAYABLE) {
        let armies = fray_rules::example_armies(system).expect("a playable system");
        let id = store_match(&db.pool, armies, seed, None).await;
        let report = verify(&db.pool, id).await.unwrap();
        assert!(report.matches(), "{system}: {report}");
        assert_eq!(report.system, system);
        assert_eq!(report.status, MatchStatus::Finished, "{system}");
        assert_eq!(report.replayed_outcome, report.stored_outcome, "{system}");
    }
}

/// Writes every phrase of `value` as the servers before phrases stored it:
/// one string, each seat spelled out as "seat N".
fn spelled_out(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, field) in map.iter_mut() {
                let phrase = ["text", "purpose", "result", "reason"].contains(&key.as_str());
                match field {
                    Value::Array(parts) if phrase => {
                        let text: String = parts
                            .iter()
                            .map(|part| match part {
                                Value::String(text) => text.clone(),
                                seat => format!("seat {}", seat["seat"]),
                            })
                            .collect();
                        *field = Value::String(text);
                    }
                    other => spelled_out(other),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(spelled_out),
        _ => {}
    }
}

/// Rewrites a stored match's events and outcome in the form before phrases;
/// true if some seat was spelled out.
async fn store_as_before_phrases(pool: &SqlitePool, id: MatchId) -> bool {
    let rows: Vec<(i64, String)> =
        sqlx::query_as("SELECT seq, effects FROM events WHERE match_id = ?")
            .bind(id.0)
            .fetch_all(pool)
            .await
            .unwrap();
    let mut any_seat = false;
    for (seq, effects) in rows {
        let mut value: Value = serde_json::from_str(&effects).unwrap();
        spelled_out(&mut value);
        let old = value.to_string();
        any_seat |= old.contains("seat 0") || old.contains("seat 1");
        sqlx::query("UPDATE events SET effects = ? WHERE match_id = ? AND seq = ?")
            .bind(old)
            .bind(id.0)
            .bind(seq)
            .execute(pool)
            .await
            .unwrap();
    }
    let outcome: Option<String> = sqlx::query_scalar("SELECT outcome FROM matches WHERE id = ?")
        .bind(id.0)
        .fetch_one(pool)
        .await
        .unwrap();
    if let Some(outcome) = outcome {
        let mut value: Value = serde_json::from_str(&outcome).unwrap();
        spelled_out(&mut value);
        assert!(value["reason"].is_string(), "{value}");
        sqlx::query("UPDATE matches SET outcome = ? WHERE id = ?")
            .bind(value.to_string())
            .bind(id.0)
            .execute(pool)
            .await
            .unwrap();
    }
    any_seat
}

#[tokio::test]
async fn a_match_stored_before_phrases_verifies_and_reads_its_seats_back() {
    let db = test_db().await;
    for (armies, seed) in [(summoners(), 1), (kingdoms_against_undead(), 4)] {
        let id = store_match(&db.pool, armies, seed, None).await;
        let before = db::matches::summary(&db.pool, id).await.unwrap().unwrap();
        assert!(
            store_as_before_phrases(&db.pool, id).await,
            "the set-up or the ending names a seat"
        );
        let report = verify(&db.pool, id).await.unwrap();
        assert!(report.matches(), "{report}");
        // "seat 1's Clan Lord was removed" reads as seat 1 again, for a
        // client to name.
        let after = db::matches::summary(&db.pool, id).await.unwrap().unwrap();
        assert_eq!(after.outcome, before.outcome);
        let reason = after.outcome.expect("the game was played out").reason;
        if !before.outcome.as_ref().unwrap().is_draw() {
            assert_eq!(reason.seats().count(), 1, "{reason}");
        }
    }
}

/// Rewrites each action's effects of a stored match as releases before
/// protocol version 3 made them: a Summoners Chess summons told before the
/// move that caused it, a Chessboard Confrontation step narrated just before
/// its move, a Fantasy Armies removal narrated with its cause and then told
/// as "removed from play". How many effects moved or were added.
async fn store_in_earlier_order(pool: &SqlitePool, id: MatchId, system: SystemId) -> usize {
    let rows: Vec<(i64, Option<String>, String)> =
        sqlx::query_as("SELECT seq, action, effects FROM events WHERE match_id = ? ORDER BY seq")
            .bind(id.0)
            .fetch_all(pool)
            .await
            .unwrap();
    let mut names = BTreeMap::new();
    let mut changed = 0;
    for (seq, action, effects) in rows {
        let effects: Vec<Value> = serde_json::from_str(&effects).unwrap();
        let step = system == SystemId::ChessboardConfrontation
            && action.is_some_and(|action| action.contains(r#""verb":"move""#));
        let kind = |effect: &Value| effect["effect"]["type"].as_str().unwrap_or("").to_string();
        let mut earlier = Vec::new();
        let mut summons = Vec::new();
        for (at, effect) in effects.iter().enumerate() {
            if kind(effect) == "piece_placed" {
                let piece = &effect["effect"]["piece"];
                names.insert(piece["id"].clone().to_string(), piece["name"].clone());
            }
            let after_placed = system == SystemId::SummonersChess
                && seq > 0
                && at > 0
                && kind(&effects[at - 1]) == "piece_placed";
            if kind(effect) == "narration" && after_placed {
                summons.push(effect.clone());
                continue;
            }
            if kind(effect) == "piece_moved" && step && !effect["effect"]["from"].is_null() {
                let moved = &effect["effect"];
                let name = names[&moved["piece"].to_string()].as_str().unwrap();
                let text = format!(
                    "the {name} moves from {} to {}",
                    moved["from"].as_str().unwrap(),
                    moved["to"].as_str().unwrap()
                );
                earlier.push(serde_json::json!({
                    "audience": {"kind": "everyone"},
                    "effect": {"type": "narration", "text": text},
                }));
                changed += 1;
            }
            let removal = effect["effect"]["reason"]
                .as_str()
                .and_then(|reason| reason.strip_prefix("removed ("))
                .and_then(|cause| cause.strip_suffix(')'));
            if let (SystemId::FantasyArmies, "piece_removed", Some(cause)) =
                (system, kind(effect).as_str(), removal)
            {
                let name = names[&effect["effect"]["piece"].to_string()]
                    .as_str()
                    .unwrap();
                earlier.push(serde_json::json!({
                    "audience": {"kind": "everyone"},
                    "effect": {"type": "narration", "text": format!("{name} is removed ({cause})")},
                }));
                let mut told = effect.clone();
                told["effect"]["reason"] = "removed from play".into();
                earlier.push(told);
                changed += 1;
                continue;
            }
            earlier.push(effect.clone());
        }
        changed += summons.len();
        let told_first = earlier
            .iter()
            .take_while(|effect| kind(effect) == "narration")
            .count();
        earlier.splice(told_first..told_first, summons);
        sqlx::query("UPDATE events SET effects = ? WHERE match_id = ? AND seq = ?")
            .bind(Value::Array(earlier).to_string())
            .bind(id.0)
            .bind(seq)
            .execute(pool)
            .await
            .unwrap();
    }
    changed
}

#[tokio::test]
async fn a_match_stored_with_summons_told_first_or_steps_or_removals_told_twice_verifies() {
    let db = test_db().await;
    let squads = fray_rules::example_armies(SystemId::ChessboardConfrontation).unwrap();
    for (armies, seeds) in [
        (summoners(), 1..=60),
        (squads, 101..=160),
        (kingdoms_against_undead(), 161..=220),
    ] {
        let system = armies[0].system;
        // Random play summons rarely: the first seeds whose game does.
        let mut rewritten = 0;
        for seed in seeds {
            let id = store_match(&db.pool, armies.clone(), seed, None).await;
            if store_in_earlier_order(&db.pool, id, system).await == 0 {
                continue;
            }
            let report = verify(&db.pool, id).await.unwrap();
            assert!(report.matches(), "{system}: {report}");
            rewritten += 1;
            if rewritten == 2 {
                break;
            }
        }
        assert_eq!(
            rewritten, 2,
            "{system}: too few games told in the earlier order"
        );
    }
    // Told in an order no release made, it differs.
    let id = store_match(&db.pool, summoners(), 200, None).await;
    tamper(
        &db.pool,
        "UPDATE events SET effects = json_insert(effects, '$[#]', json_extract(effects, '$[0]')) \
         WHERE match_id = ? AND seq = 1",
        id,
    )
    .await;
    assert!(!verify(&db.pool, id).await.unwrap().matches());
}

/// Retrieve with random obstacles: a match whose set-up put an obstacle on
/// a home corner, as releases before the corners were kept clear did,
/// verifies; the same log with today's set-up does not.
#[tokio::test]
async fn a_retrieve_match_stored_before_the_corners_were_kept_clear_verifies() {
    let db = test_db().await;
    let squads = fray_rules::example_armies(SystemId::ChessboardConfrontation).unwrap();
    let mut config = MatchConfig::new(SystemId::ChessboardConfrontation);
    config.options = BTreeMap::from([
        (cc::SCENARIO.into(), OptionValue::Text("retrieve".into())),
        (cc::OBSTACLES.into(), OptionValue::Text("random".into())),
    ]);
    let mut differing = 0;
    for seed in 1..=40u8 {
        let mut now = ChaChaDice::from_seed([seed; 32]);
        let (_, today) = Game::setup(&config, &squads, &mut now).unwrap();
        let mut then = ChaChaDice::from_seed([seed; 32]);
        let (_, earlier) = Game::setup_as_made_earlier(&config, &squads, &mut then)
            .unwrap()
            .unwrap();
        if today == earlier {
            continue;
        }
        let id = store_match_as(
            &db.pool,
            &config,
            squads.clone(),
            seed,
            Some(30),
            Release::Earlier,
        )
        .await;
        let report = verify(&db.pool, id).await.unwrap();
        assert!(report.matches(), "seed {seed}: {report}");
        differing += 1;
        if differing == 3 {
            break;
        }
    }
    assert_eq!(differing, 3, "too few set-ups changed by the corners rule");
    // Any other set-up still differs.
    let id = store_match_as(&db.pool, &config, squads, 41, Some(5), Release::Now).await;
    tamper(
        &db.pool,
        "UPDATE events SET effects = json_remove(effects, '$[1]') WHERE match_id = ? AND seq = 0",
        id,
    )
    .await;
    assert!(!verify(&db.pool, id).await.unwrap().matches());
}

#[tokio::test]
async fn a_running_match_verifies_as_far_as_it_went() {
    let db = test_db().await;
    let id = store_match(&db.pool, kingdoms_against_undead(), 2, Some(40)).await;
    let report = verify(&db.pool, id).await.unwrap();
    assert!(report.matches(), "{report}");
    assert_eq!(report.status, MatchStatus::Running);
    assert_eq!(report.events, 41);
    assert_eq!(report.replayed_outcome, None);
}

#[tokio::test]
async fn a_changed_effect_is_found_at_its_seq() {
    let db = test_db().await;
    let id = store_match(&db.pool, kingdoms_against_undead(), 3, Some(30)).await;
    // Event 12's effects replaced by event 13's.
    tamper(
        &db.pool,
        "UPDATE events SET effects = (SELECT effects FROM events WHERE match_id = ?1 AND seq = 13) \
         WHERE match_id = ?1 AND seq = 12",
        id,
    )
    .await;
    let report = verify(&db.pool, id).await.unwrap();
    assert!(!report.matches());
    assert_eq!(report.exit_code(), verify::EXIT_DIFFERS);
    assert_eq!(report.differing_seq(), Some(12), "{report}");
    let Some(Problem::Event(difference)) = report.problems.first() else {
        panic!("{report}");
    };
    let effect = difference.effect.as_ref().expect("the differing effect");
    assert_ne!(effect.stored, effect.replayed);
    let verdict = report.verdict();
    assert!(verdict.contains("DOES NOT VERIFY"), "{verdict}");
    assert!(verdict.contains("event 12"), "{verdict}");
    // The seed itself is still the committed one.
    assert!(report.commitment.holds());
}

#[tokio::test]
async fn a_dropped_effect_and_an_unreadable_one_are_found() {
    let db = test_db().await;
    let id = store_match(&db.pool, summoners(), 4, Some(20)).await;
    tamper(
        &db.pool,
        "UPDATE events SET effects = json_remove(effects, '$[#-1]') WHERE match_id = ? AND seq = 0",
        id,
    )
    .await;
    let report = verify(&db.pool, id).await.unwrap();
    assert_eq!(report.differing_seq(), Some(0), "{report}");

    let id = store_match(&db.pool, summoners(), 5, Some(20)).await;
    tamper(
        &db.pool,
        "UPDATE events SET effects = '[{\"not\": \"an effect\"}]' WHERE match_id = ? AND seq = 7",
        id,
    )
    .await;
    let report = verify(&db.pool, id).await.unwrap();
    assert_eq!(report.differing_seq(), Some(7), "{report}");
    assert_eq!(report.exit_code(), verify::EXIT_DIFFERS);
}

#[tokio::test]
async fn a_wrong_commitment_or_outcome_is_reported() {
    let db = test_db().await;
    let id = store_match(&db.pool, summoners(), 6, None).await;
    tamper(
        &db.pool,
        "UPDATE matches SET commitment = 'deadbeef' WHERE id = ?",
        id,
    )
    .await;
    let report = verify(&db.pool, id).await.unwrap();
    assert_eq!(report.problems, [Problem::Commitment], "{report}");
    assert_eq!(report.exit_code(), verify::EXIT_DIFFERS);

    let id = store_match(&db.pool, summoners(), 7, None).await;
    tamper(
        &db.pool,
        "UPDATE matches SET outcome = '{\"winners\":[],\"reason\":\"agreed\"}' WHERE id = ?",
        id,
    )
    .await;
    let report = verify(&db.pool, id).await.unwrap();
    assert!(
        matches!(report.problems.as_slice(), [Problem::Outcome { .. }]),
        "{report}"
    );
}

#[tokio::test]
async fn nothing_to_verify_is_an_error() {
    let db = test_db().await;
    assert!(matches!(
        verify(&db.pool, MatchId(404)).await,
        Err(VerifyError::NoMatch(MatchId(404)))
    ));
    // An open match: one seat taken, no seed.
    let mut tx = db.pool.begin().await.unwrap();
    let player = db::players::create(&mut tx, "cat", &[9]).await.unwrap();
    let config = MatchConfig::new(SystemId::SummonersChess);
    let id = db::matches::create(&mut tx, &config, 2, "0").await.unwrap();
    db::matches::take_seat(&mut tx, id, Seat(0), player, &summoners()[0])
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert!(matches!(
        verify(&db.pool, id).await,
        Err(VerifyError::NotStarted(open)) if open == id
    ));

    let dir = TempDir::new().unwrap();
    let missing = dir.path().join("missing.db");
    let url = format!("sqlite://{}", missing.display());
    assert!(matches!(
        verify_url(&url, MatchId(1)).await,
        Err(VerifyError::NoDatabase(_))
    ));
    assert!(!missing.exists(), "verify created a database");
}

// ---- the binary ---------------------------------------------------------

fn fray_server(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_fray-server"))
        .args(args)
        .env_remove("FRAY_DATABASE")
        .env_remove("RUST_LOG")
        .output()
        .expect("fray-server runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[tokio::test]
async fn the_verify_command_says_so_and_exits_by_its_verdict() {
    let db = test_db().await;
    let good = store_match(&db.pool, summoners(), 8, None).await;
    let bad = store_match(&db.pool, summoners(), 9, Some(25)).await;
    tamper(
        &db.pool,
        "UPDATE events SET effects = '[]' WHERE match_id = ? AND seq = 4",
        bad,
    )
    .await;
    db.pool.close().await;

    let (code, out, _) = fray_server(&["verify", &good.to_string(), "--database", &db.url]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with(&format!("match {good} VERIFIED")), "{out}");

    let (code, out, _) = fray_server(&["verify", &bad.to_string(), "--database", &db.url]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("event 4 differs"), "{out}");

    let (code, _, err) = fray_server(&["verify", "999", "--database", &db.url]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no match 999"), "{err}");

    let missing = format!("sqlite://{}", db.dir.path().join("nope.db").display());
    let (code, _, err) = fray_server(&["verify", "1", "--database", &missing]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no database"), "{err}");
}

/// A pipe whose reader is already gone, as `| head -1` leaves it once head
/// has its line; made before the tool starts, so that its first write finds
/// it closed.
fn pipe_without_reader() -> Stdio {
    // Both ends are close-on-exec, which keeps the reader out of any other
    // test's child.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Stdio::from(writer)
}

/// Runs the binary with its stdout a pipe nobody reads: the exit status
/// and stderr.
fn fray_server_into_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_fray-server"))
        .args(args)
        .env_remove("FRAY_DATABASE")
        .env_remove("RUST_LOG")
        .stdout(pipe_without_reader())
        .output()
        .expect("fray-server runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// `fray-server verify 42 | head -1` panicked on the broken pipe (exit 101
/// and a backtrace on stderr); a closed reader is not the tool's failure.
#[tokio::test]
async fn a_reader_that_stops_reading_ends_the_tools_quietly_with_their_status() {
    let db = test_db().await;
    let good = store_match(&db.pool, summoners(), 10, None).await;
    let bad = store_match(&db.pool, summoners(), 11, Some(20)).await;
    tamper(
        &db.pool,
        "UPDATE events SET effects = '[]' WHERE match_id = ? AND seq = 3",
        bad,
    )
    .await;
    db.pool.close().await;

    let (code, err) =
        fray_server_into_closed_pipe(&["verify", &good.to_string(), "--database", &db.url]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let (code, err) =
        fray_server_into_closed_pipe(&["verify", &bad.to_string(), "--database", &db.url]);
    assert_eq!(
        (code, err.as_str()),
        (Some(1), ""),
        "the verdict still counts"
    );

    let simulate = ["simulate", "--system", "sc", "--games", "2", "--seed", "3"];
    let (code, err) = fray_server_into_closed_pipe(&simulate);
    assert_eq!((code, err.as_str()), (Some(0), ""));
}

#[test]
fn the_simulate_command_prints_the_same_summary_for_the_same_seed() {
    let args = ["simulate", "--system", "sc", "--games", "5", "--seed", "21"];
    let (code, first, err) = fray_server(&args);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        first.starts_with("5 random games of summoners-chess (seed 21"),
        "{first}"
    );
    assert!(err.is_empty(), "no progress bar off a terminal: {err}");
    let (_, second, _) = fray_server(&args);
    let without_speed = |text: &str| -> String {
        text.lines()
            .filter(|line| !line.trim_start().starts_with("speed"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(without_speed(&first), without_speed(&second));

    let (code, _, err) = fray_server(&["simulate", "--system", "fa", "--armies", "trolls"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("'trolls' is not a fantasy-armies army"),
        "{err}"
    );
}

/// A log edited so that one seat is sent, early, what another seat chose in
/// secret (Summoners Chess's Acolytes, here told to seat 1 alone, so that
/// neither the referee's nor a spectator's view changes) does not verify,
/// and a restart does not rebuild it: the allowance for logs stored by
/// earlier releases compares every viewer's view, each seat's included.
#[tokio::test]
async fn a_secret_told_early_to_another_seat_does_not_verify() {
    let db = test_db().await;
    let id = store_match(&db.pool, summoners(), 4, Some(2)).await;
    let log = db::events::all(&db.pool, id).await.unwrap();
    let chooser = log[1].seat.expect("a seat chose first");
    let other = Seat(1 - chooser.0);
    let acolyte = log[2]
        .effects
        .iter()
        .find(|scoped| {
            matches!(&scoped.effect, fray_protocol::Effect::PiecePlaced { piece } if piece.owner == chooser)
        })
        .expect("the reveal places the first chooser's Acolytes")
        .effect
        .clone();
    let mut told_early = log[1].effects.clone();
    told_early.push(fray_protocol::ScopedEffect {
        audience: fray_protocol::Audience::Viewers(vec![fray_protocol::Viewer::Seat(other)]),
        effect: acolyte,
    });
    sqlx::query("UPDATE events SET effects = ? WHERE match_id = ? AND seq = 1")
        .bind(serde_json::to_string(&told_early).unwrap())
        .bind(id.0)
        .execute(&db.pool)
        .await
        .unwrap();
    let report = verify(&db.pool, id).await.unwrap();
    assert!(!report.matches(), "{report}");
    assert_eq!(report.differing_seq(), Some(1), "{report}");
}

/// An event whose `secret` mark was changed would have the lobby count a
/// spectator's events wrongly: it does not verify, either way.
#[tokio::test]
async fn a_changed_secret_mark_does_not_verify() {
    let db = test_db().await;
    let id = store_match(&db.pool, kingdoms_against_undead(), 5, Some(6)).await;
    assert!(verify(&db.pool, id).await.unwrap().matches());
    tamper(
        &db.pool,
        "UPDATE events SET secret = 1 WHERE match_id = ? AND seq = 4",
        id,
    )
    .await;
    let report = verify(&db.pool, id).await.unwrap();
    assert_eq!(report.differing_seq(), Some(4), "{report}");
    assert!(report.verdict().contains("DOES NOT VERIFY"), "{report}");
}
