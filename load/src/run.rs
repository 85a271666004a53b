//! The run: set-up, connections, the timed play, the drain of a durability
//! run, the summary and the check.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use tokio::sync::{Semaphore, watch};
use tokio::task::JoinHandle;

use super::acks::{self, AckLog};
use super::args::{Plan, Systems};
use super::bot;
use super::conn::Conn;
use super::memory::{self, Memory};
use super::pace::GlobalRate;
use super::report::{Memories, Report};
use super::rest::Rest;
use super::setup::{self, ExampleArmies};
use super::stats::{self, Stats};
use super::watchers;
use fray_cli::fail::{Exit, Failure};

/// Where the run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Playing; slots start new matches.
    Running,
    /// No new matches: the running ones play to their end.
    Draining,
    /// Everything stops now.
    Stopping,
}

/// What every task of the run shares.
pub struct Ctx {
    pub plan: Plan,
    pub stats: Arc<Stats>,
    pub phase: watch::Receiver<Phase>,
    pub rate: Option<GlobalRate>,
    pub acks: Option<AckLog>,
    pub rest: Rest,
    /// Connection attempts in flight at once.
    connecting: Semaphore,
}

impl Ctx {
    /// Opens and greets a websocket connection, a bounded number at a time.
    pub async fn open(&self, token: Option<&str>) -> Result<Conn, String> {
        let _permit = self.connecting.acquire().await;
        Conn::open(&self.plan.ws_url, token, &self.stats).await
    }

    /// A connection attempt failed: expected while a durability run's server
    /// restarts, an error otherwise.
    pub fn connect_failed(&self, error: &str) {
        if self.plan.durability.is_some() {
            self.stats.retries.fetch_add(1, Relaxed);
        } else {
            self.stats
                .error("connect_failed", format!("cannot connect: {error}"));
        }
    }

    pub fn note_disconnect(&self, why: &str) {
        if self.plan.durability.is_none() {
            self.stats.note(format!("a connection dropped: {why}"));
        }
    }
}

/// The example armies of the systems the run plays, as the server
/// publishes them; a system it offers none of is refused before any player
/// is registered.
async fn example_armies(
    rest: &Rest,
    stats: &Arc<Stats>,
    systems: &Systems,
) -> Result<ExampleArmies, Failure> {
    let (rest, request_stats) = (rest.clone(), stats.clone());
    let offered = setup::blocking(move || setup::retry(&request_stats, || rest.systems()))
        .await
        .map_err(|error| {
            Failure::new(
                Exit::Unreachable,
                format!("set-up failed: cannot read the systems: {error}"),
            )
        })?;
    let examples = ExampleArmies::of(&offered);
    match systems
        .0
        .iter()
        .find(|&&system| examples.get(system).is_none())
    {
        Some(missing) => Err(Failure::usage(format!(
            "the server offers no example armies of {missing}"
        ))),
        None => Ok(examples),
    }
}

/// Resolves once the run is stopping.
pub async fn until_stopping(phase: &mut watch::Receiver<Phase>) {
    if phase.wait_for(|now| *now == Phase::Stopping).await.is_err() {
        std::future::pending::<()>().await;
    }
}

pub async fn run(plan: Plan) -> Result<(), Failure> {
    let rest = Rest::new(&plan.base, plan.concurrency)?;
    if let Some(path) = &plan.verify_only {
        let entries = acks::read(path).map_err(Failure::other)?;
        eprintln!(
            "checking {} log entries of {} against {}",
            entries.len(),
            path.display(),
            plan.base
        );
        let verdict = acks::verify(entries, &rest, plan.concurrency).await;
        if plan.json {
            println!("{}", serde_json::json!({ "durability": verdict.json() }));
        } else {
            println!("{verdict}");
        }
        return if verdict.passed() {
            Ok(())
        } else {
            Err(Failure::new(Exit::Other, "acknowledged actions were lost"))
        };
    }
    play(plan, rest).await
}

async fn play(plan: Plan, rest: Rest) -> Result<(), Failure> {
    let stats = Arc::new(Stats::default());
    let (phase_tx, phase) = watch::channel(Phase::Running);
    let acks = match &plan.durability {
        Some(path) => Some(AckLog::create(path).map_err(Failure::other)?),
        None => None,
    };
    let mut memories = Memories::default();
    let sample = |label: &str| -> Option<Memory> {
        let pid = plan.server_pid?;
        match memory::read(pid) {
            Ok(memory) => Some(memory),
            Err(error) => {
                eprintln!("[memory] {label}: {error}");
                None
            }
        }
    };
    memories.before_setup = sample("before set-up");

    // Set-up over REST: players, army lists, the first matches.
    let setup_started = Instant::now();
    eprintln!(
        "[setup] registering {} pairs of players with army lists ({}) at {}",
        plan.matches + plan.house_bot_games,
        plan.systems.describe(),
        plan.base
    );
    let examples = example_armies(&rest, &stats, &plan.systems).await?;
    let pairs = setup::pairs(
        &rest,
        &stats,
        &plan.systems,
        &examples,
        (plan.matches, plan.house_bot_games, plan.house_bot_level),
        plan.concurrency,
    )
    .await
    .map_err(|error| Failure::new(Exit::Unreachable, format!("set-up failed: {error}")))?;
    let firsts = first_matches(&rest, &stats, &pairs, plan.concurrency).await?;
    let setup_time = setup_started.elapsed();
    eprintln!(
        "[setup] {} players, {} army lists and {} matches in {:.1} s",
        pairs.len() * 2,
        pairs.len() * 2,
        firsts.len(),
        setup_time.as_secs_f64()
    );
    memories.before_connecting = sample("before connecting");

    let ctx = Arc::new(Ctx {
        rate: plan.rate.map(GlobalRate::new),
        connecting: Semaphore::new(plan.concurrency),
        plan: plan.clone(),
        stats: stats.clone(),
        phase,
        acks: acks.clone(),
        rest,
    });
    let expected = (plan.matches * 2 + plan.house_bot_games + plan.idle + plan.spectators) as i64;

    // The connections, and the clock.
    let started = Instant::now();
    let (progress_stop, progress_stopped) = watch::channel(false);
    let progress = tokio::spawn(stats::progress(
        stats.clone(),
        "load",
        started,
        progress_stopped,
    ));
    let mut follows = Vec::with_capacity(pairs.len());
    let mut slots: Vec<JoinHandle<hdrhistogram::Histogram<u64>>> = Vec::new();
    for (slot, (pair, first)) in pairs.into_iter().zip(firsts).enumerate() {
        let (follow, followed) = watch::channel(Some(first));
        follows.push(followed);
        slots.push(tokio::spawn(bot::run_slot(
            ctx.clone(),
            slot,
            pair,
            first,
            follow,
        )));
    }
    let mut watchers = Vec::new();
    for spectator in 0..plan.spectators {
        let followed = follows[spectator % follows.len()].clone();
        watchers.push(tokio::spawn(watchers::spectator(ctx.clone(), followed)));
    }
    drop(follows);
    for _ in 0..plan.idle {
        watchers.push(tokio::spawn(watchers::idle(ctx.clone())));
    }

    // Every connection open: the memory they take.
    let deadline = started + plan.duration;
    let mut all_open: Option<Duration> = None;
    while Instant::now() < deadline {
        if stats.connections.load(Relaxed) >= expected {
            all_open = Some(started.elapsed());
            eprintln!(
                "[connect] all {expected} connections open after {:.1} s",
                started.elapsed().as_secs_f64()
            );
            // Let the server settle its buffers before reading.
            tokio::time::sleep(Duration::from_millis(500).min(deadline - Instant::now())).await;
            memories.open = sample("with every connection open");
            memories.open_connections = stats.connections.load(Relaxed);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep_until(deadline.into()).await;
    let held = stats.connections.load(Relaxed);
    let played = started.elapsed();
    memories.end = sample("at the end");

    // The end: a durability run lets its matches finish first.
    let mut latencies = stats::latency_histogram();
    let mut drained = None;
    if plan.durability.is_some() {
        let _ = phase_tx.send(Phase::Draining);
        eprintln!(
            "[drain] no new matches; waiting up to {:.0} s for the running ones to finish",
            plan.drain_timeout.as_secs_f64()
        );
        let drain_started = Instant::now();
        let drain_deadline = tokio::time::Instant::now() + plan.drain_timeout;
        while let Some(slot) = slots.last_mut() {
            match tokio::time::timeout_at(drain_deadline, slot).await {
                Ok(histogram) => {
                    slots.pop();
                    if let Ok(histogram) = histogram {
                        let _ = latencies.add(&histogram);
                    }
                }
                Err(_) => break,
            }
        }
        drained = Some(drain_started.elapsed());
    }
    let _ = phase_tx.send(Phase::Stopping);
    for slot in slots {
        if let Ok(histogram) = slot.await {
            let _ = latencies.add(&histogram);
        }
    }
    for watcher in watchers {
        let _ = watcher.await;
    }
    let _ = progress_stop.send(true);
    let _ = progress.await;

    let report = Report {
        plan: &plan,
        stats: &stats,
        setup: setup_time,
        played,
        drained,
        expected,
        held,
        all_open,
        latencies: &latencies,
        memories,
    };
    let verdict = match (&acks, &plan.durability) {
        (Some(log), Some(path)) => {
            log.flush().await.map_err(Failure::other)?;
            let entries = acks::read(path).map_err(Failure::other)?;
            eprintln!(
                "[check] checking {} log entries against the replays",
                entries.len()
            );
            Some(acks::verify(entries, &ctx.rest, plan.concurrency).await)
        }
        _ => None,
    };
    if plan.json {
        let mut summary = report.json();
        if let Some(verdict) = &verdict {
            summary["durability"] = verdict.json();
        }
        println!("{summary}");
    } else {
        print!("{report}");
        if let Some(verdict) = &verdict {
            println!("{verdict}");
        }
    }
    match verdict {
        Some(verdict) if !verdict.passed() => Err(Failure::new(
            Exit::Other,
            format!(
                "durability check failed: {} acknowledged actions lost or changed, {} problems",
                verdict.lost(),
                verdict.problems.len()
            ),
        )),
        _ => Ok(()),
    }
}

/// Creates the first match of every slot, concurrently.
async fn first_matches(
    rest: &Rest,
    stats: &Arc<Stats>,
    pairs: &[setup::Pair],
    concurrency: usize,
) -> Result<Vec<fray_protocol::MatchId>, Failure> {
    let limit = Arc::new(Semaphore::new(concurrency));
    let mut tasks = Vec::with_capacity(pairs.len());
    for pair in pairs {
        let (rest, stats, limit, pair) = (rest.clone(), stats.clone(), limit.clone(), pair.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = limit.acquire_owned().await;
            setup::blocking(move || setup::new_match(&rest, &stats, &pair)).await
        }));
    }
    let mut ids = Vec::with_capacity(pairs.len());
    for task in tasks {
        let id = task
            .await
            .map_err(|error| Failure::other(error.to_string()))?
            .map_err(|error| Failure::other(format!("cannot start a match: {error}")))?;
        stats.matches_started.fetch_add(1, Relaxed);
        ids.push(id);
    }
    Ok(ids)
}
