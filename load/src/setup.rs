//! Set-up over REST: two players and their army lists per match slot, and
//! each new match (created by one, joined by the other). Requests the server
//! could not answer (it is away or restarting) are tried again.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use fray_protocol::{
    ArmyList, ArmyListId, BotLevel, ErrorCode, MatchConfig, MatchId, OptionValue, SystemId,
    SystemInfo,
};

use super::rest::Rest;
use super::stats::Stats;
use fray_cli::api::ApiError;

/// How long a request is tried again while the server is away.
const PATIENCE: Duration = Duration::from_secs(120);

/// One seat's player: its token and its army list for the slot's system.
#[derive(Debug, Clone)]
pub struct Player {
    pub token: String,
    pub army_list: ArmyListId,
}

/// The two players of a slot, who play its matches one after another; or
/// one player against a house bot, whose second player is then unused.
#[derive(Debug, Clone)]
pub struct Pair {
    pub system: SystemId,
    pub players: [Player; 2],
    /// The level of the house bot seat 1 holds, in a slot against one.
    pub house_bot: Option<BotLevel>,
}

/// Tries `request` until it succeeds, fails for good, or `PATIENCE` passes
/// with the server away. Blocking.
pub fn retry<T>(
    stats: &Stats,
    mut request: impl FnMut() -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let started = Instant::now();
    let mut wait = Duration::from_millis(50);
    loop {
        match request() {
            Err(error) if error.is_transient() && started.elapsed() < PATIENCE => {
                stats.retries.fetch_add(1, Relaxed);
                std::thread::sleep(wait);
                wait = (wait * 2).min(Duration::from_secs(2));
            }
            other => return other,
        }
    }
}

/// What sets this run's player names apart from an earlier run's on the
/// same server, where names are unique.
fn run_tag() -> &'static str {
    static TAG: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TAG.get_or_init(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.subsec_nanos());
        format!("{:08x}", nanos ^ std::process::id().rotate_left(16))
    })
}

/// The army lists each system's pairs play: two of the examples the server
/// publishes in `GET /api/systems`, one per seat.
#[derive(Debug, Clone, Default)]
pub struct ExampleArmies(HashMap<SystemId, [ArmyList; 2]>);

impl ExampleArmies {
    /// The first two examples of each system, or its only one twice: the
    /// pairs the rules' own tests play (Dwarfs against Undead, a Lucky
    /// squad against an Armor squad, Summoners against Summoners).
    pub fn of(systems: &[SystemInfo]) -> ExampleArmies {
        let pairs = systems.iter().filter_map(|info| {
            let first = info.examples.first()?;
            let second = info.examples.get(1).unwrap_or(first);
            Some((info.id, [first.clone(), second.clone()]))
        });
        ExampleArmies(pairs.collect())
    }

    pub fn get(&self, system: SystemId) -> Option<&[ArmyList; 2]> {
        self.0.get(&system)
    }
}

/// Registers a slot's two players with their army lists. Blocking.
pub fn pair(
    rest: &Rest,
    stats: &Stats,
    slot: usize,
    system: SystemId,
    lists: &[ArmyList; 2],
    house_bot: Option<BotLevel>,
) -> Result<Pair, ApiError> {
    let mut players = Vec::with_capacity(2);
    for (seat, list) in lists.iter().enumerate() {
        let name = format!("load-{}-{slot}-{}", run_tag(), ["a", "b"][seat]);
        let created = retry(stats, || rest.register(&name))?;
        let army_list = retry(stats, || rest.create_army_list(&created.token, list))?;
        players.push(Player {
            token: created.token,
            army_list,
        });
    }
    let [a, b]: [Player; 2] = players.try_into().expect("two players");
    Ok(Pair {
        system,
        players: [a, b],
        house_bot,
    })
}

/// The round limit of the tool's ChessWar! matches.
const CHESS_WAR_ROUNDS: i64 = 30;
/// The key of ChessWar!'s round limit among the options `GET /api/systems`
/// publishes; the server refuses a match with an option it does not offer.
const CHESS_WAR_MAX_ROUNDS: &str = "max-rounds";

/// The options of the tool's matches: each system's defaults, but a round
/// limit for ChessWar!, whose default is the book's game without one, so
/// that every match the tool starts ends (a durability run waits for them).
fn match_config(system: SystemId) -> MatchConfig {
    let config = MatchConfig::new(system);
    match system {
        SystemId::ChessWar => config.with(CHESS_WAR_MAX_ROUNDS, OptionValue::Int(CHESS_WAR_ROUNDS)),
        _ => config,
    }
}

/// Creates a match for a pair and has the second player join it, or, for a
/// slot against a house bot, one the bot's seat fills at once: it is running
/// when this returns. Blocking.
pub fn new_match(rest: &Rest, stats: &Stats, pair: &Pair) -> Result<MatchId, ApiError> {
    let [a, b] = &pair.players;
    let config = match_config(pair.system);
    let created = retry(stats, || {
        rest.create_match(&a.token, &config, a.army_list, pair.house_bot)
    })?;
    if pair.house_bot.is_some() {
        return Ok(created.id);
    }
    let mut attempts = 0;
    let joined = retry(stats, || {
        attempts += 1;
        match rest.join(&b.token, created.id, b.army_list) {
            // A join whose answer was lost to a restart already took the
            // seat: the retry finds it taken.
            Err(error)
                if attempts > 1
                    && matches!(
                        error.code(),
                        Some(ErrorCode::AlreadySeated | ErrorCode::MatchFull)
                    ) =>
            {
                Ok(())
            }
            other => other.map(|_| ()),
        }
    });
    joined.map(|()| created.id)
}

/// Runs `work` on the blocking pool.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|error| std::panic::resume_unwind(error.into_panic()))
}

/// Sets up `slots` pairs, `concurrency` at a time, reporting progress on
/// stderr; the last `house_bot_games` of them play against a house bot of
/// `level`.
pub async fn pairs(
    rest: &Rest,
    stats: &Arc<Stats>,
    systems: &super::args::Systems,
    examples: &ExampleArmies,
    (slots, house_bot_games, level): (usize, usize, BotLevel),
    concurrency: usize,
) -> Result<Vec<Pair>, ApiError> {
    let slots = slots + house_bot_games;
    let house_bots_from = slots - house_bot_games;
    let limit = Arc::new(tokio::sync::Semaphore::new(concurrency));
    let done = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut tasks = Vec::with_capacity(slots);
    for slot in 0..slots {
        let (rest, stats, limit, done) = (rest.clone(), stats.clone(), limit.clone(), done.clone());
        let system = systems.for_slot(slot);
        let lists = examples
            .get(system)
            .expect("the run checked each system has examples")
            .clone();
        let house_bot = (slot >= house_bots_from).then_some(level);
        tasks.push(tokio::spawn(async move {
            let _permit = limit.acquire_owned().await;
            let pair = blocking(move || pair(&rest, &stats, slot, system, &lists, house_bot)).await;
            let finished = done.fetch_add(1, Relaxed) + 1;
            if finished % 100 == 0 && finished < slots {
                eprintln!("[setup] {finished}/{slots} pairs of players registered");
            }
            pair
        }));
    }
    let mut pairs = Vec::with_capacity(slots);
    for task in tasks {
        let pair = task
            .await
            .unwrap_or_else(|error| std::panic::resume_unwind(error.into_panic()))?;
        pairs.push(pair);
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use fray_protocol::{ArmyLimits, SeatRange};

    use super::*;

    fn system(id: SystemId, examples: &[&str]) -> SystemInfo {
        SystemInfo {
            id,
            name: id.key().into(),
            summary: String::new(),
            seats: SeatRange { min: 2, max: 2 },
            options: Vec::new(),
            army_rules: Vec::new(),
            limits: ArmyLimits::default(),
            secret_armies: false,
            armies: Vec::new(),
            examples: examples
                .iter()
                .map(|name| ArmyList {
                    system: id,
                    army: "army".into(),
                    name: (*name).into(),
                    units: Vec::new(),
                })
                .collect(),
        }
    }

    fn names(examples: &ExampleArmies, system: SystemId) -> Option<[String; 2]> {
        examples
            .get(system)
            .map(|pair| pair.clone().map(|list| list.name))
    }

    #[test]
    fn each_system_plays_its_first_two_examples_or_its_only_one_twice() {
        let examples = ExampleArmies::of(&[
            system(SystemId::FantasyArmies, &["Dwarfs", "Undead", "Elves"]),
            system(SystemId::SummonersChess, &["Summoners"]),
            system(SystemId::ChessWar, &[]),
        ]);
        assert_eq!(
            names(&examples, SystemId::FantasyArmies),
            Some(["Dwarfs".into(), "Undead".into()])
        );
        assert_eq!(
            names(&examples, SystemId::SummonersChess),
            Some(["Summoners".into(), "Summoners".into()])
        );
        assert_eq!(names(&examples, SystemId::ChessWar), None, "none to play");
        assert_eq!(names(&examples, SystemId::ChessboardConfrontation), None);
    }
}
