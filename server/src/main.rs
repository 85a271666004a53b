//! `fray-server`: parse the command line, then serve until told to stop (the
//! default), verify a stored match, or simulate random games.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use fray_protocol::{MatchId, OptionValue, SystemId};
use fray_server::tools::output::print_report;
use fray_server::tools::simulate::{self, SimulateError, SimulateOptions};
use fray_server::tools::verify::{self, EXIT_NOTHING};
use fray_server::{Config, listen, serve, shutdown_signal};
use indicatif::{ProgressBar, ProgressStyle};
use mimalloc::MiMalloc;
use tracing_subscriber::EnvFilter;

/// Serving a match allocates and frees many small strings and buffers per
/// action (options, encoded frames, log rows) across threads, and glibc's
/// malloc is slow at that under load (docs/PERFORMANCE.md, "Second round").
#[global_allocator]
static ALLOCATOR: MiMalloc = MiMalloc;

const EXAMPLES: &str = "\
Examples:
  fray-server                                   serve on 127.0.0.1:7878 with ./fray.db
  fray-server serve --bind 0.0.0.0:7878 --database sqlite:///var/lib/fray/fray.db
  fray-server verify 42                         re-run match 42 from its seed; exit 0 if it matches
  fray-server simulate --system fantasy-armies --games 1000 --seed 7
  fray-server simulate --system fa --games 500 --armies undead,elves
  fray-server simulate --system cc --games 200 --seats 4 --option scenario=survival
  fray-server simulate --system sc --games 200 --players expert,random

See docs/tools.md for verify and simulate.";

/// Fray's authoritative game server: the lobby (REST under /api), live play
/// over websockets (/ws), every match kept in SQLite. With no command it
/// serves; `verify` and `simulate` are tools beside it.
#[derive(Debug, Parser)]
#[command(
    name = "fray-server",
    version,
    args_conflicts_with_subcommands = true,
    after_help = EXAMPLES
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    serve: Config,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the lobby and live play (the default when no command is given).
    Serve(Config),
    /// Re-run a stored match from its dice seed and actions and check every
    /// effect, the seed's commitment and the outcome.
    #[command(after_help = VERIFY_HELP)]
    Verify(VerifyArgs),
    /// Play many random legal games in-process and summarise them: wins by
    /// seat and army, draws, game lengths, speed.
    #[command(after_help = SIMULATE_HELP)]
    Simulate(SimulateArgs),
}

const VERIFY_HELP: &str = "\
Exit status: 0 when the match verifies; 1 when it does not (an effect, the
seed's commitment or the outcome differs: the first differing seq is named);
2 when there is nothing to verify (no database, no such match, a match still
waiting for players), the database cannot be read or the report cannot be
written. A reader that stops early (`| head -1`) does not change the status.

Examples:
  fray-server verify 42
  fray-server verify 42 --database sqlite:///var/lib/fray/fray.db";

#[derive(Debug, Args)]
struct VerifyArgs {
    /// The match's id, as the lobby shows it.
    #[arg(value_name = "MATCH-ID")]
    match_id: MatchId,

    /// The database, as an sqlx URL. It is not created if missing.
    #[arg(
        long,
        env = "FRAY_DATABASE",
        default_value = "sqlite://fray.db",
        value_name = "URL"
    )]
    database: String,
}

const SIMULATE_HELP: &str = "\
Armies (--armies, one per seat from seat 0, comma-separated; seats not named play `random`):
  random       (the default) the system's own random army, drawn anew each game and legal
               for the match's options (docs/tools.md says what each system draws)
  ARMY         one of the system's army keys (`fray systems` lists them): a random list of
               that army each game (for an army with one list, that list)
  @FILE        an army list in JSON (as the lobby stores it), every game

Every game is played to its end by choosing uniformly among the legal moves. Game i's
dice and choices come from the seed and i alone, so the same --seed gives the same
summary (all but the timing) whatever the number of threads. Without --seed a seed is
drawn and printed.

Examples:
  fray-server simulate --system fantasy-armies --games 1000 --seed 7
  fray-server simulate --system fa --games 500 --armies undead,elves
  fray-server simulate --system sc --games 200 --option second-unit=true
  fray-server simulate --system cc --games 200 --armies squad,squad,@my-squad.json";

#[derive(Debug, Args)]
struct SimulateArgs {
    /// The game system: its key, or its initials (fa, cc, acfc, cw, sc).
    #[arg(long, value_parser = simulate::parse_system, value_name = "SYSTEM")]
    system: SystemId,

    /// How many games to play.
    #[arg(long, default_value_t = 100, value_name = "N")]
    games: u64,

    /// The seed every game's dice and choices come from; drawn at random if
    /// not given.
    #[arg(long, value_name = "U64")]
    seed: Option<u64>,

    /// One army per seat: an army key, `random`, or @FILE (see below).
    #[arg(long, value_delimiter = ',', value_name = "ARMY,ARMY,...")]
    armies: Vec<String>,

    /// How many players, for systems that allow more than two; by default
    /// as many as --armies names, and at least the fewest the system allows.
    #[arg(long, value_name = "N")]
    seats: Option<u8>,

    /// A match option, as a match could be created with (repeatable); see
    /// GET /api/systems for each system's options.
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = simulate::parse_option)]
    options: Vec<(String, OptionValue)>,

    /// Worker threads; by default one per core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,

    /// Who plays each seat: random (the default), easy, club or expert.
    #[arg(long, value_delimiter = ',', value_name = "LEVEL,LEVEL,...")]
    players: Vec<fray_protocol::BotLevel>,

    /// Scales every bot's search: 0.1 for a tenth of each level's default.
    #[arg(long, default_value_t = 1.0, value_name = "F", value_parser = simulate::parse_budget)]
    budget: f64,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Serve(config)) => serve_until_stopped(config),
        None => serve_until_stopped(cli.serve),
        Some(Command::Verify(args)) => {
            init_logging("warn");
            verify_match(args)
        }
        Some(Command::Simulate(args)) => {
            init_logging("warn");
            simulate_games(args)
        }
    }
}

fn serve_until_stopped(config: Config) -> ExitCode {
    init_logging("info");
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            tracing::error!(%error, "cannot start the async runtime");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            tracing::error!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Logs to stderr at the level RUST_LOG asks for, `default` otherwise;
/// colours only on a terminal.
fn init_logging(default: &str) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
}

async fn run(config: Config) -> Result<(), String> {
    let listener = listen(config.bind)
        .map_err(|error| format!("cannot listen on {}: {error}", config.bind))?;
    let address = listener
        .local_addr()
        .map_err(|error| format!("cannot read the listening address: {error}"))?;
    tracing::info!(%address, version = env!("CARGO_PKG_VERSION"), "fray-server listening");
    tracing::info!(database = %config.database, "opening the database");
    serve(listener, config, shutdown_signal())
        .await
        .map_err(|error| error.to_string())?;
    tracing::info!("fray-server stopped");
    Ok(())
}

fn verify_match(args: VerifyArgs) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("fray-server verify: cannot start the async runtime: {error}");
            return ExitCode::from(EXIT_NOTHING);
        }
    };
    match runtime.block_on(verify::verify_url(&args.database, args.match_id)) {
        Ok(report) => match print_report(&report) {
            Ok(()) => ExitCode::from(report.exit_code()),
            Err(error) => {
                eprintln!("fray-server verify: cannot write the report: {error}");
                ExitCode::from(EXIT_NOTHING)
            }
        },
        Err(error) => {
            eprintln!("fray-server verify: {error}");
            ExitCode::from(EXIT_NOTHING)
        }
    }
}

fn simulate_games(args: SimulateArgs) -> ExitCode {
    let seed = args.seed.unwrap_or_else(random_seed);
    let options = SimulateOptions {
        system: args.system,
        games: args.games,
        seed,
        seats: args.seats,
        armies: args.armies,
        options: args.options.into_iter().collect(),
        threads: args.threads.map(usize::from),
        players: args.players,
        budget: args.budget,
    };
    let plan = match simulate::Plan::new(&options) {
        Ok(plan) => plan,
        Err(error) => {
            eprintln!("fray-server simulate: {error}");
            return ExitCode::from(2);
        }
    };
    let progress = if std::io::stderr().is_terminal() {
        ProgressBar::new(plan.games).with_style(
            ProgressStyle::with_template(
                "{bar:40} {human_pos}/{human_len} games, {elapsed} so far, {eta} left",
            )
            .expect("the progress template is valid"),
        )
    } else {
        ProgressBar::hidden()
    };
    let result = simulate::run(&plan, &progress);
    progress.finish_and_clear();
    match result {
        Ok(report) => match print_report(format_args!("{report}\n")) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("fray-server simulate: cannot write the summary: {error}");
                ExitCode::from(2)
            }
        },
        Err(error @ SimulateError::Engine { .. }) => {
            eprintln!("fray-server simulate: {error}");
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("fray-server simulate: {error}");
            ExitCode::from(2)
        }
    }
}

/// A seed for a run that was not given one; the summary prints it.
fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system's random source is available");
    u64::from_le_bytes(bytes)
}
