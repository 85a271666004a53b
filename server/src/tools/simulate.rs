//! `fray-server simulate`: many complete games of random legal moves, played
//! in-process on the rules' fast path (no effects are built), with a summary:
//! wins by seat and by army, draws and why, game lengths, games per second.
//!
//! Game `i` of a run depends only on the run's seed and `i`: its dice are
//! ChaCha20 from `seed ‖ i`, and its choices (random armies, then every move)
//! come from a ChaCha8 stream of its own. So the games can be shared among
//! threads in any order; the summary, which only counts, sums and takes
//! minima and maxima, is the same run after run whatever the threads; only
//! the timing differs.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use fray_protocol::BotLevel;
use fray_protocol::{ArmyList, MatchConfig, OptionValue, Outcome, Seat, SystemId};
use fray_rules::{ChaChaDice, GameSystem, SetupError, SystemVisitor};
use indicatif::ProgressBar;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use thiserror::Error;

/// No game of any system comes near this many actions with its turn caps on
/// (the defaults); a game that does is reported rather than run forever: a
/// rules bug, or caps a match option switched off.
pub const MAX_ACTIONS_PER_GAME: u64 = 1_000_000;

/// What to simulate, as the command line gives it.
#[derive(Debug, Clone)]
pub struct SimulateOptions {
    pub system: SystemId,
    pub games: u64,
    pub seed: u64,
    /// How many players; by default as many as `armies` names, and at
    /// least the system's fewest.
    pub seats: Option<u8>,
    /// One army per seat, from seat 0: an army key, `random`, or `@FILE` (an
    /// army list in JSON). Seats not named play `random`.
    pub armies: Vec<String>,
    /// Match options, as a match would be created with.
    pub options: BTreeMap<String, OptionValue>,
    /// Worker threads; by default as many as the machine has cores.
    pub threads: Option<usize>,
    /// Who plays each seat, from seat 0; seats not named play `random`.
    pub players: Vec<BotLevel>,
    /// Scales every bot's search (1: each level's default).
    pub budget: f64,
}

impl SimulateOptions {
    /// `games` games of `system` from `seed`, with the default armies and options.
    pub fn new(system: SystemId, games: u64, seed: u64) -> Self {
        SimulateOptions {
            system,
            games,
            seed,
            seats: None,
            armies: Vec::new(),
            options: BTreeMap::new(),
            threads: None,
            players: Vec::new(),
            budget: 1.0,
        }
    }
}

/// Why a simulation could not run, or stopped.
#[derive(Debug, Error)]
pub enum SimulateError {
    #[error("{0} is not playable yet; playable systems: {1}")]
    NotPlayable(SystemId, String),
    #[error("{system} is played by {} players, not {got}", seat_range(*min, *max))]
    SeatCount {
        system: SystemId,
        min: u8,
        max: u8,
        got: usize,
    },
    #[error("--seats {seats} but --armies names {armies} armies: give at most one army per seat")]
    ArmiesPerSeat { seats: u8, armies: usize },
    #[error("{seats} seats but --players names {players} players: give at most one per seat")]
    PlayersPerSeat { seats: usize, players: usize },
    #[error("{0}")]
    BadArmy(String),
    #[error("the match cannot be set up: {0}")]
    Setup(#[from] SetupError),
    #[error("game {game} (seed {seed}): {problem}; this is a rules bug")]
    Engine {
        game: u64,
        seed: u64,
        problem: String,
    },
}

/// Where each seat's army comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum ArmyChoice {
    /// The same list every game.
    Fixed { label: String, list: ArmyList },
    /// A random army of the system (`army: None`), or a random list of one
    /// army, drawn each game by the rules' own generator: for Fantasy
    /// Armies the army's starter list, for Chessboard Confrontation a squad
    /// within the match's points, for Summoners Chess its one list.
    Random { army: Option<String> },
}

impl ArmyChoice {
    /// Reads one `--armies` entry for `system`: `random`, one of the
    /// system's army keys, or `@FILE`.
    pub fn parse(system: SystemId, spec: &str) -> Result<Self, SimulateError> {
        let spec = spec.trim();
        if let Some(path) = spec.strip_prefix('@') {
            return Self::from_file(system, Path::new(path));
        }
        if spec == "random" {
            return Ok(ArmyChoice::Random { army: None });
        }
        let info = fray_rules::systems()
            .into_iter()
            .find(|info| info.id == system)
            .ok_or_else(|| not_playable(system))?;
        if !info.armies.iter().any(|army| army.key == spec) {
            let known: Vec<&str> = info.armies.iter().map(|army| army.key.as_str()).collect();
            return Err(unknown_army(system, spec, &known.join(", ")));
        }
        Ok(ArmyChoice::Random {
            army: Some(spec.into()),
        })
    }

    fn from_file(system: SystemId, path: &Path) -> Result<Self, SimulateError> {
        let text = std::fs::read_to_string(path).map_err(|error| {
            SimulateError::BadArmy(format!("cannot read {}: {error}", path.display()))
        })?;
        let list: ArmyList = serde_json::from_str(&text).map_err(|error| {
            SimulateError::BadArmy(format!("{} is not an army list: {error}", path.display()))
        })?;
        if list.system != system {
            return Err(SimulateError::BadArmy(format!(
                "{} is a {} list, not {system}",
                path.display(),
                list.system
            )));
        }
        fray_rules::validate_army(&list).map_err(|reasons| {
            SimulateError::BadArmy(format!(
                "{} is not a legal list: {}",
                path.display(),
                reasons.join("; ")
            ))
        })?;
        Ok(ArmyChoice::Fixed {
            label: format!("{} ({})", list.army, path.display()),
            list,
        })
    }

    /// How the summary names this seat's armies.
    pub fn describe(&self) -> String {
        match self {
            ArmyChoice::Fixed { label, .. } => label.clone(),
            ArmyChoice::Random { army: None } => "random".into(),
            ArmyChoice::Random { army: Some(army) } => army.clone(),
        }
    }

    /// This game's list, and the name its results are counted under: its
    /// army's key.
    fn pick(&self, config: &MatchConfig, chooser: &mut Chooser) -> (String, ArmyList) {
        match self {
            ArmyChoice::Fixed { label, list } => (label.clone(), list.clone()),
            ArmyChoice::Random { army } => {
                let list =
                    fray_rules::random_army(config, army.as_deref(), &mut |n| chooser.index(n))
                        .expect("the army was checked when the plan was made");
                (list.army.clone(), list)
            }
        }
    }
}

fn seat_range(min: u8, max: u8) -> String {
    if min == max {
        min.to_string()
    } else {
        format!("{min} to {max}")
    }
}

fn unknown_army(system: SystemId, spec: &str, known: &str) -> SimulateError {
    SimulateError::BadArmy(format!(
        "'{spec}' is not a {system} army; choose one of {known}, random, or @FILE (an army list in JSON)"
    ))
}

fn playable() -> String {
    fray_rules::systems()
        .iter()
        .map(|info| info.id.key())
        .collect::<Vec<_>>()
        .join(", ")
}

fn not_playable(system: SystemId) -> SimulateError {
    SimulateError::NotPlayable(system, playable())
}

/// Chooses uniformly from a ChaCha8 stream apart from the game's dice.
struct Chooser(ChaCha8Rng);

impl Chooser {
    fn index(&mut self, n: usize) -> usize {
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }

    /// A seed for a bot's decision, from the game's stream of choices.
    fn seed(&mut self) -> u64 {
        self.0.next_u64()
    }
}

/// Game `game`'s seeds: its dice (ChaCha20) and its choices (ChaCha8), both
/// from the run's seed and the game's number, told apart by the last byte.
fn game_seeds(seed: u64, game: u64) -> ([u8; 32], [u8; 32]) {
    let mut dice = [0u8; 32];
    dice[..8].copy_from_slice(&seed.to_le_bytes());
    dice[8..16].copy_from_slice(&game.to_le_bytes());
    let mut choices = dice;
    choices[31] = 1;
    (dice, choices)
}

/// A run, checked and ready: the match config and each seat's army.
#[derive(Debug, Clone)]
pub struct Plan {
    pub config: MatchConfig,
    pub armies: Vec<ArmyChoice>,
    /// Who plays each seat, by seat.
    pub players: Vec<BotLevel>,
    pub budget: f64,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
}

impl Plan {
    /// Checks the system, seats, armies and options: the first game is set
    /// up once here, so a bad option fails before anything runs.
    pub fn new(options: &SimulateOptions) -> Result<Plan, SimulateError> {
        let info = fray_rules::systems()
            .into_iter()
            .find(|info| info.id == options.system)
            .ok_or_else(|| not_playable(options.system))?;
        let named = options.armies.len();
        let seats = match options.seats {
            Some(seats) if usize::from(seats) < named => {
                return Err(SimulateError::ArmiesPerSeat {
                    seats,
                    armies: named,
                });
            }
            Some(seats) => usize::from(seats),
            None => named
                .max(options.players.len())
                .max(usize::from(info.seats.min)),
        };
        if !(usize::from(info.seats.min)..=usize::from(info.seats.max)).contains(&seats) {
            return Err(SimulateError::SeatCount {
                system: info.id,
                min: info.seats.min,
                max: info.seats.max,
                got: seats,
            });
        }
        let config = MatchConfig {
            system: info.id,
            options: options.options.clone(),
        };
        // Seats the armies do not name play a random army.
        let armies = (0..seats)
            .map(|seat| {
                let spec = options.armies.get(seat).map_or("random", String::as_str);
                ArmyChoice::parse(info.id, spec)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let threads = options
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .clamp(
                1,
                usize::try_from(options.games.max(1)).unwrap_or(usize::MAX),
            );
        if options.players.len() > seats {
            return Err(SimulateError::PlayersPerSeat {
                seats,
                players: options.players.len(),
            });
        }
        let players = (0..seats)
            .map(|seat| {
                options
                    .players
                    .get(seat)
                    .copied()
                    .unwrap_or(BotLevel::Random)
            })
            .collect();
        let plan = Plan {
            config,
            armies,
            players,
            budget: options.budget,
            games: options.games,
            seed: options.seed,
            threads,
        };
        let (_, mut choices) = plan.game_start(0);
        let lists: Vec<ArmyList> = plan.pick_armies(&mut choices).1;
        let mut dice = ChaChaDice::from_u64(plan.seed);
        struct SetUp<'a>(&'a MatchConfig, &'a [ArmyList], &'a mut ChaChaDice);
        impl SystemVisitor for SetUp<'_> {
            type Output = Result<(), SetupError>;
            fn visit<S: GameSystem>(self) -> Result<(), SetupError> {
                S::setup_quiet(self.0, self.1, self.2).map(drop)
            }
        }
        fray_rules::with_system(info.id, SetUp(&plan.config, &lists, &mut dice))
            .ok_or_else(|| not_playable(info.id))??;
        Ok(plan)
    }

    fn game_start(&self, game: u64) -> (ChaChaDice, Chooser) {
        let (dice, choices) = game_seeds(self.seed, game);
        (
            ChaChaDice::from_seed(dice),
            Chooser(ChaCha8Rng::from_seed(choices)),
        )
    }

    fn pick_armies(&self, chooser: &mut Chooser) -> (Vec<String>, Vec<ArmyList>) {
        self.armies
            .iter()
            .map(|choice| choice.pick(&self.config, chooser))
            .unzip()
    }
}

/// One finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    /// The name each seat's army is counted under, by seat.
    pub armies: Vec<String>,
    pub outcome: Outcome,
    /// Every decision from set-up to the end: deployment, placement and
    /// reactions count as actions too.
    pub actions: u64,
}

/// Plays game `game` of the plan to its end on the fast path.
fn play_game<G: GameSystem>(
    plan: &Plan,
    game: u64,
    moves: &mut Vec<G::Move>,
    thinking: &mut DecisionTimes,
) -> Result<GameResult, SimulateError> {
    let engine = |problem: String| SimulateError::Engine {
        game,
        seed: plan.seed,
        problem,
    };
    let (mut dice, mut chooser) = plan.game_start(game);
    let (armies, lists) = plan.pick_armies(&mut chooser);
    let mut state = G::setup_quiet(&plan.config, &lists, &mut dice)?;
    let mut actions = 0u64;
    // Where several decide at once, the first in seat order goes first.
    while let Some(&seat) = state.to_act().first() {
        moves.clear();
        state.legal_moves(seat, moves);
        if moves.is_empty() {
            return Err(engine(format!(
                "{seat} must decide after {actions} actions but has no legal move"
            )));
        }
        let mv = match plan.players[usize::from(seat.0)] {
            // Random seats draw as they always have, so that a seed plays
            // the same random games as before bots came.
            BotLevel::Random => moves[chooser.index(moves.len())],
            level => {
                let started = Instant::now();
                let chosen = fray_bots::choose(&state, seat, level, plan.budget, chooser.seed());
                thinking.add(level, started.elapsed());
                chosen.ok_or_else(|| engine(format!("the {level} bot found no move for {seat}")))?
            }
        };
        state.play_quiet(seat, mv, &mut dice);
        actions += 1;
        if actions >= MAX_ACTIONS_PER_GAME {
            return Err(engine(format!(
                "the game did not end in {actions} actions (a cap set to 0 lets a game go on \
                 for ever)"
            )));
        }
    }
    let outcome = state
        .outcome()
        .ok_or_else(|| engine("no seat decides, but the game has no outcome".into()))?;
    Ok(GameResult {
        armies,
        outcome,
        actions,
    })
}

/// Plays every game of the plan on its threads, each taking the next game
/// not yet taken and counting its results in a summary of its own; then adds
/// the threads' summaries up. A summary holds only counts, sums, minima and
/// maxima, so which thread played which game changes nothing in it, and no
/// game's result is kept once counted.
fn play_all<G: GameSystem>(
    plan: &Plan,
    progress: &ProgressBar,
) -> Result<(Summary, DecisionTimes), SimulateError> {
    let next = AtomicU64::new(0);
    let failed: Mutex<Vec<(u64, SimulateError)>> = Mutex::new(Vec::new());
    let parts: Vec<(Summary, DecisionTimes)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..plan.threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut summary = Summary::empty(plan);
                    let mut thinking = DecisionTimes::default();
                    let mut moves = Vec::with_capacity(256);
                    loop {
                        let game = next.fetch_add(1, Ordering::Relaxed);
                        if game >= plan.games {
                            return (summary, thinking);
                        }
                        match play_game::<G>(plan, game, &mut moves, &mut thinking) {
                            Ok(result) => summary.add(&result),
                            Err(error) => {
                                // Stop every worker: no game is taken after this.
                                next.store(plan.games, Ordering::Relaxed);
                                failed
                                    .lock()
                                    .unwrap_or_else(|e| e.into_inner())
                                    .push((game, error));
                                return (summary, thinking);
                            }
                        }
                        progress.inc(1);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a simulation thread panicked"))
            .collect()
    });
    // Every game before a failed one was taken before it and played to its
    // end, so the earliest failure is the same whatever the threads.
    let failed = failed.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some((_, error)) = failed.into_iter().min_by_key(|(game, _)| *game) {
        return Err(error);
    }
    let mut total = Summary::empty(plan);
    let mut thinking = DecisionTimes::default();
    for (part, times) in parts {
        total.merge(&part);
        thinking.merge(times);
    }
    Ok((total, thinking))
}

/// Plays the plan's games; `progress` counts them (pass a hidden bar for none).
pub fn run(plan: &Plan, progress: &ProgressBar) -> Result<Report, SimulateError> {
    let started = Instant::now();
    struct PlayAll<'a>(&'a Plan, &'a ProgressBar);
    impl SystemVisitor for PlayAll<'_> {
        type Output = Result<(Summary, DecisionTimes), SimulateError>;
        fn visit<S: GameSystem>(self) -> Self::Output {
            play_all::<S>(self.0, self.1)
        }
    }
    let (summary, thinking) = fray_rules::with_system(plan.config.system, PlayAll(plan, progress))
        .ok_or_else(|| not_playable(plan.config.system))??;
    let elapsed = started.elapsed();
    Ok(Report {
        summary,
        elapsed,
        threads: plan.threads,
        thinking,
    })
}

/// Checks the options and plays the games.
pub fn simulate(
    options: &SimulateOptions,
    progress: &ProgressBar,
) -> Result<Report, SimulateError> {
    run(&Plan::new(options)?, progress)
}

/// How one army fared, over every seat it held in every game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ArmyRecord {
    /// Seats held: a game of the army against itself counts twice.
    pub played: u64,
    pub wins: u64,
    pub draws: u64,
}

impl ArmyRecord {
    pub fn losses(&self) -> u64 {
        self.played - self.wins - self.draws
    }
}

/// Two armies' games against each other in two-player games, named first
/// and second by name order (for an army against itself, first is seat 0):
/// a balance table's cell.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PairingRecord {
    pub games: u64,
    pub first_wins: u64,
    pub second_wins: u64,
    pub draws: u64,
}

impl PairingRecord {
    fn merge(&mut self, other: &PairingRecord) {
        self.games += other.games;
        self.first_wins += other.first_wins;
        self.second_wins += other.second_wins;
        self.draws += other.draws;
    }
}

/// What the games came to: everything but the timing, so that the same seed
/// gives an equal summary.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub system: SystemId,
    pub seed: u64,
    pub games: u64,
    /// How each seat's army was chosen, by seat.
    pub seat_armies: Vec<String>,
    /// Who played each seat, by seat.
    pub seat_players: Vec<BotLevel>,
    /// Games each seat won, by seat.
    pub wins_by_seat: Vec<u64>,
    pub draws: u64,
    /// Drawn games by the reason the rules gave.
    pub draw_reasons: BTreeMap<String, u64>,
    /// By the name each army is counted under.
    pub armies: BTreeMap<String, ArmyRecord>,
    /// Two-player games by pairing of the armies' names, the lesser first.
    pub pairings: BTreeMap<(String, String), PairingRecord>,
    /// Actions in all games, and in the shortest and longest (0 if none).
    pub total_actions: u64,
    pub min_actions: u64,
    pub max_actions: u64,
}

impl Summary {
    /// No games yet.
    pub fn empty(plan: &Plan) -> Summary {
        Summary {
            system: plan.config.system,
            seed: plan.seed,
            games: 0,
            seat_armies: plan.armies.iter().map(ArmyChoice::describe).collect(),
            seat_players: plan.players.clone(),
            wins_by_seat: vec![0; plan.armies.len()],
            draws: 0,
            draw_reasons: BTreeMap::new(),
            armies: BTreeMap::new(),
            pairings: BTreeMap::new(),
            total_actions: 0,
            min_actions: 0,
            max_actions: 0,
        }
    }

    /// The summary of these games, in any order.
    pub fn of(plan: &Plan, results: &[GameResult]) -> Summary {
        let mut summary = Summary::empty(plan);
        for result in results {
            summary.add(result);
        }
        summary
    }

    /// Counts one more game.
    pub fn add(&mut self, result: &GameResult) {
        self.count_lengths(1, result.actions, result.actions, result.actions);
        let drawn = result.outcome.is_draw();
        if drawn {
            self.draws += 1;
            *self
                .draw_reasons
                .entry(result.outcome.reason.to_string())
                .or_default() += 1;
        }
        for &Seat(winner) in &result.outcome.winners {
            if let Some(wins) = self.wins_by_seat.get_mut(usize::from(winner)) {
                *wins += 1;
            }
        }
        for (seat, army) in result.armies.iter().enumerate() {
            let record = self.armies.entry(army.clone()).or_default();
            record.played += 1;
            if drawn {
                record.draws += 1;
            } else if result.outcome.winners.contains(&Seat(seat as u8)) {
                record.wins += 1;
            }
        }
        self.count_pairing(result, drawn);
    }

    /// The game in its pairing's record, when two armies met.
    fn count_pairing(&mut self, result: &GameResult, drawn: bool) {
        let [seat_0, seat_1] = result.armies.as_slice() else {
            return;
        };
        // The army named first holds seat 0 unless the names sort otherwise.
        let first_seat = if seat_1 < seat_0 { 1 } else { 0 };
        let key = if first_seat == 0 {
            (seat_0.clone(), seat_1.clone())
        } else {
            (seat_1.clone(), seat_0.clone())
        };
        let record = self.pairings.entry(key).or_default();
        record.games += 1;
        if drawn {
            record.draws += 1;
        } else if result.outcome.winners.contains(&Seat(first_seat)) {
            record.first_wins += 1;
        } else {
            record.second_wins += 1;
        }
    }

    /// Counts the games of another summary of the same plan.
    pub fn merge(&mut self, other: &Summary) {
        self.count_lengths(
            other.games,
            other.total_actions,
            other.min_actions,
            other.max_actions,
        );
        self.draws += other.draws;
        for (reason, count) in &other.draw_reasons {
            *self.draw_reasons.entry(reason.clone()).or_default() += count;
        }
        for (mine, theirs) in self.wins_by_seat.iter_mut().zip(&other.wins_by_seat) {
            *mine += theirs;
        }
        for (army, theirs) in &other.armies {
            let mine = self.armies.entry(army.clone()).or_default();
            mine.played += theirs.played;
            mine.wins += theirs.wins;
            mine.draws += theirs.draws;
        }
        for (pairing, theirs) in &other.pairings {
            self.pairings
                .entry(pairing.clone())
                .or_default()
                .merge(theirs);
        }
    }

    fn count_lengths(&mut self, games: u64, total: u64, min: u64, max: u64) {
        if games == 0 {
            return;
        }
        if self.games == 0 {
            (self.min_actions, self.max_actions) = (min, max);
        } else {
            self.min_actions = self.min_actions.min(min);
            self.max_actions = self.max_actions.max(max);
        }
        self.games += games;
        self.total_actions += total;
    }

    /// Games that someone won.
    pub fn decided(&self) -> u64 {
        self.games - self.draws
    }

    pub fn mean_actions(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_actions as f64 / self.games as f64
        }
    }
}

/// A finished run: the summary, and how long it took.
#[derive(Debug, Clone)]
pub struct Report {
    pub summary: Summary,
    pub elapsed: Duration,
    pub threads: usize,
    /// How long each bot level took per decision.
    pub thinking: DecisionTimes,
}

/// Each bot level's time per decision, every decision kept (a few hundred
/// thousand at most in a run worth making).
#[derive(Debug, Clone, Default)]
pub struct DecisionTimes(BTreeMap<BotLevel, Vec<Duration>>);

impl DecisionTimes {
    fn add(&mut self, level: BotLevel, took: Duration) {
        self.0.entry(level).or_default().push(took);
    }

    fn merge(&mut self, other: DecisionTimes) {
        for (level, times) in other.0 {
            self.0.entry(level).or_default().extend(times);
        }
    }

    /// A level's decisions, median and 99th percentile; none if it made none.
    pub fn of(&self, level: BotLevel) -> Option<(usize, Duration, Duration)> {
        let mut times = self.0.get(&level)?.clone();
        times.sort_unstable();
        let at = |quantile: f64| times[((times.len() - 1) as f64 * quantile).round() as usize];
        Some((times.len(), at(0.5), at(0.99)))
    }
}

impl Report {
    pub fn games_per_second(&self) -> f64 {
        self.summary.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The 95% Wilson score interval of `wins` in `games`, in percent: a win
/// rate's error bars that stay within 0–100% at the extremes.
pub fn wilson_interval(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 100.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = games as f64;
    let p = wins as f64 / n;
    let centre = p + Z * Z / (2.0 * n);
    let spread = Z * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + Z * Z / n;
    (
        100.0 * (centre - spread) / scale,
        100.0 * (centre + spread) / scale,
    )
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bots = self
            .seat_players
            .iter()
            .any(|level| *level != BotLevel::Random);
        let seats: Vec<String> = self
            .seat_armies
            .iter()
            .zip(&self.seat_players)
            .enumerate()
            .map(|(seat, (army, level))| match bots {
                true => format!("seat {seat}: {level} with {army}"),
                false => format!("seat {seat}: {army}"),
            })
            .collect();
        writeln!(
            f,
            "{} {}games of {} (seed {}; {})",
            self.games,
            if bots { "" } else { "random " },
            self.system,
            self.seed,
            seats.join(", ")
        )?;
        let mut results: Vec<String> = self
            .wins_by_seat
            .iter()
            .enumerate()
            .map(|(seat, &wins)| match bots {
                true => {
                    let (low, high) = wilson_interval(wins, self.games);
                    format!(
                        "seat {seat} won {wins} ({:.1}%, 95% CI {low:.1}–{high:.1}%)",
                        percent(wins, self.games)
                    )
                }
                false => format!("seat {seat} won {wins} ({:.1}%)", percent(wins, self.games)),
            })
            .collect();
        results.push(format!(
            "drawn {} ({:.1}%)",
            self.draws,
            percent(self.draws, self.games)
        ));
        writeln!(f, "  results  {}", results.join(", "))?;
        for (reason, count) in &self.draw_reasons {
            writeln!(f, "  drawn    {count} × {reason}")?;
        }
        if self.armies.len() < 2 {
            // One army in every seat: the results by seat say it all.
            return write_lengths(f, self);
        }
        let width = self
            .armies
            .keys()
            .map(|k| k.len())
            .max()
            .unwrap_or(4)
            .max(4);
        writeln!(
            f,
            "  {:<width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>6}",
            "army", "played", "won", "drawn", "lost", "won %"
        )?;
        for (army, record) in &self.armies {
            writeln!(
                f,
                "  {army:<width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>5.1}%",
                record.played,
                record.wins,
                record.draws,
                record.losses(),
                percent(record.wins, record.played)
            )?;
        }
        write_pairings(f, self)?;
        write_lengths(f, self)
    }
}

/// Each pairing's games, the first-named army's wins and draws and the
/// second's wins, once two or more pairings were played: win rates by
/// pairing, a balance table's cells.
fn write_pairings(f: &mut fmt::Formatter<'_>, summary: &Summary) -> fmt::Result {
    if summary.pairings.len() < 2 {
        return Ok(());
    }
    let names: Vec<String> = summary
        .pairings
        .keys()
        .map(|(first, second)| format!("{first} v {second}"))
        .collect();
    let width = names.iter().map(String::len).max().unwrap_or(7).max(7);
    writeln!(
        f,
        "  {:<width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>7}",
        "pairing", "games", "1st won", "drawn", "2nd won", "1st %"
    )?;
    for (name, record) in names.iter().zip(summary.pairings.values()) {
        writeln!(
            f,
            "  {name:<width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>6.1}%",
            record.games,
            record.first_wins,
            record.draws,
            record.second_wins,
            percent(record.first_wins, record.games)
        )?;
    }
    Ok(())
}

fn write_lengths(f: &mut fmt::Formatter<'_>, summary: &Summary) -> fmt::Result {
    write!(
        f,
        "  length   mean {:.1} actions, shortest {}, longest {}",
        summary.mean_actions(),
        summary.min_actions,
        summary.max_actions
    )
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.summary)?;
        for level in BotLevel::ALL {
            if let Some((decisions, median, p99)) = self.thinking.of(level) {
                writeln!(
                    f,
                    "  thinking {level}: {decisions} decisions, median {:.1} ms, p99 {:.1} ms",
                    median.as_secs_f64() * 1e3,
                    p99.as_secs_f64() * 1e3
                )?;
            }
        }
        write!(
            f,
            "  speed    {:.2} s on {} thread{}: {:.1} games/s",
            self.elapsed.as_secs_f64(),
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            self.games_per_second()
        )
    }
}

/// Reads `--budget`: a positive scale for the bots' search.
pub fn parse_budget(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(budget) if budget.is_finite() && budget > 0.0 => Ok(budget),
        _ => Err(format!(
            "'{text}' is not a positive number, such as 0.1 or 2"
        )),
    }
}

/// Reads `KEY=VALUE` for `--option`: `true`/`false`, a whole number, or text.
pub fn parse_option(text: &str) -> Result<(String, OptionValue), String> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}' is not KEY=VALUE"))?;
    let value = match value {
        "true" => OptionValue::Bool(true),
        "false" => OptionValue::Bool(false),
        _ => match value.parse::<i64>() {
            Ok(number) => OptionValue::Int(number),
            Err(_) => OptionValue::Text(value.to_string()),
        },
    };
    Ok((key.trim().to_string(), value))
}

/// Reads `--system`: a system's key or its short name (`fa`, `cc`, `acfc`,
/// `cw`, `sc`),
/// as every tool reads it; a system not playable yet is refused here.
pub fn parse_system(text: &str) -> Result<SystemId, String> {
    let system: SystemId = text.parse()?;
    if system.is_playable() {
        Ok(system)
    } else {
        Err(format!(
            "{system} is not playable yet; playable: {}",
            playable()
        ))
    }
}
