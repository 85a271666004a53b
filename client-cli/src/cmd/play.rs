//! `fray play`, `fray watch`, `fray replay`, `fray bot`: full screen on a
//! terminal, plain lines otherwise.

use std::io::{self, IsTerminal};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::Args;
use fray_protocol::{BotLevel, ErrorCode, MatchId, MatchStatus, MatchSummary, PlayerId, Role};

use crate::api::{ApiError, Server};
use crate::fail::{Exit, Failure};
use crate::game_state::{GameState, say};
use crate::line::bot::BotSettings;
use crate::line::{self, follow, seat_names};
use crate::live::LiveMatch;
use crate::session::Session;
use crate::{print, tui};

/// How often an open match is asked whether it has started.
const POLL_OPEN_MATCH: Duration = Duration::from_secs(1);

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The match (see `fray match list --mine`).
    #[arg(value_name = "MATCH")]
    pub id: MatchId,
    /// Plain lines even on a terminal (described above).
    #[arg(long)]
    pub lines: bool,
}

#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The match (see `fray match list --status running`).
    #[arg(value_name = "MATCH")]
    pub id: MatchId,
    /// Plain lines even on a terminal: the board after every action.
    #[arg(long)]
    pub lines: bool,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The finished match (see `fray match list --status finished`).
    #[arg(value_name = "MATCH")]
    pub id: MatchId,
    /// Plain lines even on a terminal: one event per Enter (n next,
    /// p previous, j N jump, q quit); at the end of standard input, every
    /// event to the end and the seed check.
    #[arg(long)]
    pub lines: bool,
}

#[derive(Debug, Args)]
pub struct BotArgs {
    /// A match you sit in (it may still be waiting for players).
    #[arg(value_name = "MATCH")]
    pub id: MatchId,
    /// Seeds the bot's choices, to repeat them [default: from the clock].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Waits this long before each action, so a person can follow.
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub delay_ms: u64,
    /// How well to play: random picks among the options here; easy, club
    /// and expert ask the server's house bot of that level for each
    /// decision (expert may think up to 2 s).
    #[arg(long, value_name = "LEVEL", default_value_t = BotLevel::Random)]
    pub level: BotLevel,
}

pub fn play(session: &Session, args: PlayArgs) -> Result<(), Failure> {
    let (live, state) = take_seat(session, args.id)?;
    if full_screen(args.lines) {
        tui::run_live(live, state)
    } else {
        line::live::play(live, state, line::stdin_lines())
    }
}

pub fn watch(session: &Session, args: WatchArgs) -> Result<(), Failure> {
    let server = session.server()?;
    let summary = wait_until_started(&server, args.id, None)?;
    let live = LiveMatch::open(&session.base, None, args.id, Role::Spectator)?;
    let state = follow::first_state(&live, seat_names(&summary), print)?;
    if full_screen(args.lines) {
        tui::run_live(live, state)
    } else {
        line::live::watch(live, state)
    }
}

pub fn replay(session: &Session, args: ReplayArgs) -> Result<(), Failure> {
    let id = args.id;
    let replay = session.server()?.replay(id).map_err(|error| match error.code() {
        Some(ErrorCode::MatchNotRunning) => Failure::new(
            Exit::Conflict,
            format!("match {id} is not over yet, so it has no replay; watch it with `fray watch {id}`"),
        ),
        Some(ErrorCode::NotFound) => not_found(id),
        _ => Failure::from(error),
    })?;
    let (replay, info) = line::replay::prepare(replay);
    if full_screen(args.lines) {
        tui::run_replay(replay)
    } else {
        line::replay::run(replay, info, io::stdin().lock())
    }
}

pub fn bot(session: &Session, args: BotArgs) -> Result<(), Failure> {
    let (live, state) = take_seat(session, args.id)?;
    let settings = BotSettings {
        seed: args.seed.unwrap_or_else(clock_seed),
        delay: Duration::from_millis(args.delay_ms),
        level: args.level,
    };
    line::bot::run(live, state, session.player_server()?, &settings)
}

/// The saved player's seat in a match, once it has started: connected, with
/// the state from the first snapshot.
fn take_seat(session: &Session, id: MatchId) -> Result<(LiveMatch, GameState), Failure> {
    let login = session.login()?;
    let server = session.player_server()?;
    server.check_token()?;
    let summary = wait_until_started(&server, id, Some(login.player))?;
    if summary.status == MatchStatus::Finished {
        let outcome = summary
            .outcome
            .as_ref()
            .map(|outcome| format!(" ({})", say(&seat_names(&summary), &outcome.reason)))
            .unwrap_or_default();
        return Err(Failure::new(
            Exit::Conflict,
            format!("match {id} is over{outcome}; see how it went with `fray replay {id}`"),
        ));
    }
    let live = LiveMatch::open(&session.base, Some(login.token.clone()), id, Role::Player)?;
    let state = follow::first_state(&live, seat_names(&summary), print)?;
    Ok((live, state))
}

/// The match's summary once it is running or finished; while it is open,
/// says how many players it waits for and asks again every second. With
/// `player`, the match must be one they sit in.
fn wait_until_started(
    server: &Server,
    id: MatchId,
    player: Option<PlayerId>,
) -> Result<MatchSummary, Failure> {
    let mut told = None;
    loop {
        let summary = server.match_summary(id).map_err(|error| match error {
            ApiError::Refused {
                code: Some(ErrorCode::NotFound),
                ..
            } => not_found(id),
            error => Failure::from(error),
        })?;
        if let Some(player) = player {
            let seated = summary
                .seats
                .iter()
                .any(|seat| seat.player.as_ref().is_some_and(|p| p.id == player));
            if !seated {
                let how = if summary.status == MatchStatus::Open {
                    format!("join it with `fray match join {id} --army ID`, or watch it")
                } else {
                    "watch it".to_string()
                };
                return Err(Failure::new(
                    Exit::NotFound,
                    format!("you hold no seat in match {id}; {how} with `fray watch {id}`"),
                ));
            }
        }
        if summary.status != MatchStatus::Open {
            return Ok(summary);
        }
        let open = summary
            .seats
            .iter()
            .filter(|seat| seat.player.is_none())
            .count();
        if told != Some(open) {
            print(&format!(
                "Waiting for {open} more player{} to join match {id}…\n",
                if open == 1 { "" } else { "s" }
            ))?;
            told = Some(open);
        }
        std::thread::sleep(POLL_OPEN_MATCH);
    }
}

fn not_found(id: MatchId) -> Failure {
    Failure::new(
        Exit::NotFound,
        format!("there is no match {id}; see the matches with `fray match list`"),
    )
}

/// Full screen only when a person sits at a terminal on both ends.
fn full_screen(lines: bool) -> bool {
    !lines && io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// A seed that differs from run to run.
pub fn clock_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}
