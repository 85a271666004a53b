//! `fray`: a player's seat at a Fray server.
//!
//! The client is thin on purpose: it links the protocol only, never the rules,
//! and shows what the server sends.

#![forbid(unsafe_code)]

mod builder;
mod cells;
mod cmd;
mod game_state;
mod history;
mod line;
mod live;
mod render;
mod replay_state;
mod table;
mod tui;

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use fray_protocol::{ArmyEntry, ArmyListId, MatchId, MatchStatus, SystemId};

use fray_cli::{api, config, fail, random, session, shown};

use crate::fail::{EXIT_CODES, Failure};
use crate::session::Session;

/// Fray's command-line client: log in, build army lists, create and join
/// matches, play, watch and replay them.
///
/// Start with `fray login --server http://HOST:7878 --name NAME`; later
/// commands use that server and player unless --server names another.
/// `fray systems` shows the game systems, their armies and units;
/// `fray army new` builds a list; `fray match new` or `fray match join`
/// takes a seat; `fray play MATCH` plays it, `fray watch MATCH` follows
/// one, `fray replay MATCH` steps through a finished one, and `fray bot
/// MATCH` lets random legal choices, or the server's house bot, play
/// your seat.
/// Where the options every command takes are listed, apart from the
/// command's own: each is then described once, under one heading.
const GLOBAL_OPTIONS: &str = "Options of every command";

#[derive(Debug, Parser)]
#[command(name = "fray", version, after_help = EXIT_CODES)]
struct Cli {
    /// The Fray server to talk to (plain http) [default: the server of your
    /// last `fray login`, else http://127.0.0.1:7878]
    #[arg(
        long,
        env = "FRAY_SERVER",
        global = true,
        value_name = "URL",
        help_heading = GLOBAL_OPTIONS
    )]
    server: Option<String>,

    /// The file that keeps your logins and tokens [default:
    /// $XDG_CONFIG_HOME/fray/config.json, else ~/.config/fray/config.json]
    #[arg(
        long,
        env = "FRAY_CONFIG",
        global = true,
        value_name = "FILE",
        help_heading = GLOBAL_OPTIONS
    )]
    config: Option<PathBuf>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the server's game systems, their armies and every unit profile.
    Systems,
    /// Register a player on a server, or reuse the saved one
    ///
    /// Later commands act as this player.
    /// The server, player and token are saved in the config file (mode 0600).
    /// Logging in again with the same name on the same server reuses the
    /// saved player (a new one is registered if the server no longer knows
    /// its token).
    #[command(after_help = EXIT_CODES)]
    Login {
        /// Your player name, 1 to 32 characters.
        #[arg(long)]
        name: String,
    },
    /// Build, list, show, share and delete your army lists.
    #[command(subcommand)]
    Army(ArmyCommand),
    /// Create, list, show and join matches.
    #[command(subcommand)]
    Match(MatchCommand),
    /// Play a match you sit in: full screen on a terminal, plain lines
    /// otherwise
    ///
    /// A match still open is waited for. In plain lines (--lines, or when
    /// standard input or output is not a terminal) the board is text: ranks
    /// down the side, files along the bottom, a piece as its glyph with its
    /// owner's mark before it (none for yours, `*` for the opponent's: `*K`),
    /// `.` an empty square, a letter after it the square's terrain, a number
    /// how many pieces share the square. When you must
    /// decide, the options are numbered: type a number or a notation, or
    /// `board`, `resign`, `help` or `quit`. Quitting, or the end of standard
    /// input, leaves the match running; play it again to rejoin. A dropped
    /// connection is retried for two minutes.
    #[command(after_help = EXIT_CODES)]
    Play(cmd::play::PlayArgs),
    /// Watch a match as a spectator: the same screen, without choices
    ///
    /// Needs no login. In plain lines, the board after every action, until
    /// the match ends.
    #[command(after_help = EXIT_CODES)]
    Watch(cmd::play::WatchArgs),
    /// Step through a finished match, every roll shown, and check its dice
    /// seed against the commitment made at the start
    ///
    /// In plain lines: Enter or n for the next event, p the previous one,
    /// j N to jump to event N, q to quit. When standard input ends (as with
    /// </dev/null), every remaining event is printed, then the outcome and
    /// the seed check: a script gets the whole game.
    #[command(after_help = EXIT_CODES)]
    Replay(cmd::play::ReplayArgs),
    /// Take your seat in a match and let a bot play it until it ends
    ///
    /// Waits for an open match to start. At --level random (the default) it
    /// picks uniformly among the options the server lists (the same --seed
    /// makes the same choices); at easy, club or expert it asks the server
    /// what its house bot of that level would do, from your seat's view, for
    /// each decision. It prints one line per action and the outcome, and
    /// reconnects like `fray play`.
    #[command(after_help = EXIT_CODES)]
    Bot(cmd::play::BotArgs),
    /// Load a server with many matches of bots and report throughput,
    /// latency and memory: runs `fray-load ARGS` (`fray load --help` lists
    /// its flags)
    ///
    /// The load generator is a binary of its own, `fray-load`, found beside
    /// fray or on PATH; it exits with its own status.
    #[command(disable_help_flag = true)]
    Load {
        /// Everything after `load`, passed to fray-load as it is.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "ARGS"
        )]
        args: Vec<OsString>,
    },
}

#[derive(Debug, Subcommand)]
enum ArmyCommand {
    /// Your army lists, with their points.
    #[command(after_help = EXIT_CODES)]
    List {
        /// Only the lists for this system.
        #[arg(long, value_name = "SYSTEM")]
        system: Option<SystemId>,
    },
    /// One army list, unit by unit, with its points.
    #[command(after_help = EXIT_CODES)]
    Show { id: ArmyListId },
    /// Build a new army list
    ///
    /// With no options and a terminal on standard input, an interactive
    /// builder asks for the system, the army, then units and counts, showing
    /// the running point total and the server's reasons when a list is not
    /// valid. For scripts, give the list whole:
    ///
    ///   fray army new --system fantasy-armies --army elves --name "Elves starter" \
    ///     --unit clan-lord=1 --unit druid=1 --unit battlemaster=1 \
    ///     --unit pegasus-rider=1 --unit bowmaster=2 --unit ranger=2 --unit archer=4
    ///
    /// Traits (Chessboard Confrontation) follow a colon: --unit elite=2:support,fast
    ///
    /// --army may be left out where the system has one army, and --unit where
    /// the list takes no units: a Summoners Chess list is
    ///
    ///   fray army new --system summoners-chess --name "Summoners"
    ///
    /// and an Action Chess Faction Chess list is a faction (`fray systems`
    /// lists the playable ones):
    ///
    ///   fray army new --system acfc --army undead --name "Undead"
    #[command(verbatim_doc_comment, after_help = EXIT_CODES)]
    New(#[command(flatten)] BuildArgs),
    /// Change one of your army lists
    ///
    /// Interactively with no options on a terminal, else with --name, --army
    /// and --unit (the --unit options replace every unit of the list).
    #[command(after_help = EXIT_CODES)]
    Edit {
        id: ArmyListId,
        #[command(flatten)]
        build: BuildArgs,
    },
    /// Delete one of your army lists (matches that use it keep their copy).
    #[command(after_help = EXIT_CODES)]
    Delete { id: ArmyListId },
    /// Store an army list from a JSON file (as `fray army export` writes).
    #[command(after_help = EXIT_CODES)]
    Import { file: PathBuf },
    /// Write one of your army lists as JSON, to FILE or standard output, to
    /// share it or keep it.
    #[command(after_help = EXIT_CODES)]
    Export {
        id: ArmyListId,
        file: Option<PathBuf>,
    },
}

/// An army list given on the command line.
#[derive(Debug, Clone, Default, Args)]
struct BuildArgs {
    /// The game system by its key or short name, such as fantasy-armies or
    /// fa (see `fray systems`).
    #[arg(long, value_name = "SYSTEM")]
    system: Option<SystemId>,
    /// The army's or faction's key, such as elves [default: the system's
    /// only army, where it has one].
    #[arg(long, value_name = "ARMY")]
    army: Option<String>,
    /// The list's name.
    #[arg(long)]
    name: Option<String>,
    /// A unit and how many: KEY=COUNT, with bought traits after a colon:
    /// KEY=COUNT:TRAIT,TRAIT. Repeat for every unit.
    #[arg(long = "unit", value_name = "KEY=COUNT[:TRAITS]", value_parser = parse_unit)]
    units: Vec<ArmyEntry>,
}

impl BuildArgs {
    fn is_empty(&self) -> bool {
        self.system.is_none() && self.army.is_none() && self.name.is_none() && self.units.is_empty()
    }
}

#[derive(Debug, Subcommand)]
enum MatchCommand {
    /// Create a match with one of your army lists and take a seat, alone
    /// or against the computer
    ///
    /// Without --against the match waits for other players to join. With
    /// it, house bots take the other seats and the match starts at once
    /// (seats beyond the bots wait for friends), and fray goes to the table
    /// as `fray play` does:
    ///
    ///   fray match new --system sc --army 1 --against expert
    ///   fray match new --system fa --army 2 --against club --seat 2 --bot-army random
    ///   fray match new --system cc --army 3 --seats 4 --against easy --against expert
    #[command(verbatim_doc_comment, after_help = EXIT_CODES)]
    New(cmd::matches::NewMatchArgs),
    /// Matches on the server, newest first.
    #[command(after_help = EXIT_CODES)]
    List {
        /// Only open, running or finished matches.
        #[arg(long, value_name = "STATUS")]
        status: Option<MatchStatus>,
        /// Only matches of this system.
        #[arg(long, value_name = "SYSTEM")]
        system: Option<SystemId>,
        /// Only matches you sit in.
        #[arg(long)]
        mine: bool,
    },
    /// Take the next open seat of a match with one of your army lists.
    #[command(after_help = EXIT_CODES)]
    Join {
        #[arg(value_name = "MATCH")]
        id: MatchId,
        /// The id of your army list to play.
        #[arg(long, value_name = "ID")]
        army: ArmyListId,
    },
    /// Ask for the rematch of a finished match you played: the same
    /// players and options, seats moved on (two players swap), each with
    /// the army list they played. It starts when every player has asked.
    #[command(after_help = EXIT_CODES)]
    Rematch {
        #[arg(value_name = "MATCH")]
        id: MatchId,
    },
    /// One match: its options, seats, players and armies.
    #[command(after_help = EXIT_CODES)]
    Show {
        #[arg(value_name = "MATCH")]
        id: MatchId,
    },
}

/// `KEY=COUNT[:TRAIT,TRAIT]`.
fn parse_unit(text: &str) -> Result<ArmyEntry, String> {
    let (unit, rest) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}' is not KEY=COUNT (such as archer=4)"))?;
    let (count, traits) = match rest.split_once(':') {
        Some((count, traits)) => (count, traits),
        None => (rest, ""),
    };
    let unit = unit.trim();
    if unit.is_empty() {
        return Err(format!("'{text}' names no unit"));
    }
    let count: u32 = count
        .trim()
        .parse()
        .map_err(|_| format!("'{count}' in '{text}' is not a count"))?;
    let traits = traits
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    Ok(ArmyEntry {
        unit: unit.to_string(),
        count,
        traits,
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Load { args } = cli.command {
        return cmd::load::run(cli.server, cli.config, args);
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("fray: {}", shown::shown_lines(&failure.to_string()));
            failure.exit_code()
        }
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    let session = Session::open(cli.server, cli.config)?;
    match cli.command {
        Command::Systems => cmd::systems(&session),
        Command::Login { name } => cmd::login::run(session, &name),
        Command::Army(command) => match command {
            ArmyCommand::List { system } => cmd::army::list(&session, system),
            ArmyCommand::Show { id } => cmd::army::show(&session, id),
            ArmyCommand::New(build) => cmd::army::new(&session, build),
            ArmyCommand::Edit { id, build } => cmd::army::edit(&session, id, build),
            ArmyCommand::Delete { id } => cmd::army::delete(&session, id),
            ArmyCommand::Import { file } => cmd::army::import(&session, &file),
            ArmyCommand::Export { id, file } => cmd::army::export(&session, id, file.as_deref()),
        },
        Command::Match(command) => match command {
            MatchCommand::New(args) => cmd::matches::new(&session, args),
            MatchCommand::List {
                status,
                system,
                mine,
            } => cmd::matches::list(&session, status, system, mine),
            MatchCommand::Join { id, army } => cmd::matches::join(&session, id, army),
            MatchCommand::Rematch { id } => cmd::matches::rematch(&session, id),
            MatchCommand::Show { id } => cmd::matches::show(&session, id),
        },
        Command::Play(args) => cmd::play::play(&session, args),
        Command::Watch(args) => cmd::play::watch(&session, args),
        Command::Replay(args) => cmd::play::replay(&session, args),
        Command::Bot(args) => cmd::play::bot(&session, args),
        Command::Load { .. } => unreachable!("`fray load` runs fray-load before any session"),
    }
}

/// Writes to stdout, with anything a terminal would act on escaped (see
/// `shown`); a reader that went away (`fray systems | head`) is not an error
/// worth a word.
fn print(text: &str) -> Result<(), Failure> {
    let text = shown::shown_lines(text);
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(error) => Err(Failure::other(format!(
            "cannot write to standard output: {error}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_parse_with_and_without_traits() {
        assert_eq!(parse_unit("archer=4").unwrap(), ArmyEntry::new("archer", 4));
        let entry = parse_unit("elite=2:support, fast").unwrap();
        assert_eq!(entry.unit, "elite");
        assert_eq!(entry.count, 2);
        assert_eq!(entry.traits, ["support", "fast"]);
        for bad in ["archer", "=3", "archer=x", "archer=-1"] {
            assert!(parse_unit(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
