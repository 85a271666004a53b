//! `fray match`: create, list, show and join matches.

use std::collections::BTreeMap;

use clap::Args;
use fray_protocol::{
    ArmyListId, BotLevel, MatchConfig, MatchId, MatchStatus, NewMatch, OptionKind, OptionValue,
    SystemId, SystemInfo,
};

use super::against::{BotArmyArg, SeatChoice, seat_bots};
use super::play::{self, PlayArgs, clock_seed};
use crate::api::MatchFilter;
use crate::fail::Failure;
use crate::game_state::seat_number;
use crate::random::SplitMix64;
use crate::session::Session;
use crate::{print, render};

/// `fray match new`.
#[derive(Debug, Args)]
pub struct NewMatchArgs {
    /// The game system by its key or short name, such as fantasy-armies or fa.
    #[arg(long, value_name = "SYSTEM")]
    pub system: SystemId,
    /// A match option, KEY=VALUE (see `fray systems`); repeat for more.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The id of your army list to play (see `fray army list`).
    #[arg(long, value_name = "ID")]
    pub army: ArmyListId,
    /// How many players [default: the system's fewest, or one more than
    /// the bots].
    #[arg(long, value_name = "N")]
    pub seats: Option<u8>,
    /// Your seat, from 1, or random [default: 1].
    #[arg(long, value_name = "N|random")]
    pub seat: Option<SeatChoice>,
    /// Play the computer: a house bot of this level (random, easy, club,
    /// expert) takes the next other seat. Repeat for more bots (3-4-seat
    /// Chessboard Confrontation); seats left over are open for friends.
    #[arg(long = "against", value_name = "LEVEL")]
    pub against: Vec<BotLevel>,
    /// The army a bot brings: example (the system's example for its seat),
    /// example:N (the Nth of `fray systems`' examples), random (a random
    /// legal list), random:ARMY (of that army), list:ID (one of your
    /// lists). Once for every bot, or one for all [default: example].
    #[arg(long = "bot-army", value_name = "ARMY")]
    pub bot_armies: Vec<BotArmyArg>,
    /// Only create the match: do not go to the table, as `fray match new`
    /// does when it seats bots.
    #[arg(long)]
    pub no_play: bool,
    /// At the table, plain lines even on a terminal (see `fray play`).
    #[arg(long)]
    pub lines: bool,
}

/// Creates the match; with bots in it, goes to the table as `fray play`
/// does (unless `--no-play`).
pub fn new(session: &Session, args: NewMatchArgs) -> Result<(), Failure> {
    let server = session.player_server()?;
    let placing = args.seat.is_some() || !args.against.is_empty();
    let info = if args.options.is_empty() && !placing {
        None
    } else {
        let systems = server.systems()?;
        Some(
            systems
                .into_iter()
                .find(|info| info.id == args.system)
                .ok_or_else(|| {
                    Failure::usage(format!("the server offers no system {}", args.system))
                })?,
        )
    };
    let options = parse_options(&args.options, info.as_ref()).map_err(Failure::usage)?;
    let (seats, seat, bots) = match &info {
        Some(info) if placing => {
            let wanted = (args.against.len() + 1).min(usize::from(info.seats.max)) as u8;
            let seats = args.seats.unwrap_or(info.seats.min.max(wanted));
            let (seat, bots) = seat_bots(seats, args.seat, &args.against, &args.bot_armies, |n| {
                SplitMix64::new(clock_seed()).below(n)
            })
            .map_err(|error| Failure::usage(error.to_string()))?;
            (Some(seats), Some(seat), bots)
        }
        _ => (args.seats, None, Vec::new()),
    };
    let new = NewMatch {
        config: MatchConfig {
            system: args.system,
            options,
        },
        army_list: args.army,
        seats,
        seat,
        bots,
    };
    let summary = server.create_match(&new)?;
    let open = summary
        .seats
        .iter()
        .filter(|seat| seat.player.is_none())
        .count();
    let mut out = format!("Created match {}.", summary.id);
    let to_the_table = !args.against.is_empty() && !args.no_play;
    if summary.status == MatchStatus::Running {
        out.push_str(" Every seat is taken: the match has started.");
        if !to_the_table {
            out.push_str(&format!(" `fray play {}` plays it.", summary.id));
        }
    }
    if open > 0 {
        out.push_str(&format!(
            " Waiting for {open} more player{}: they join with `fray match join {} --army ID`.",
            if open == 1 { "" } else { "s" },
            summary.id
        ));
    }
    out.push_str("\n\n");
    out.push_str(&render::match_summary(&summary));
    print(&out)?;
    if !to_the_table {
        return Ok(());
    }
    print("\n")?;
    play::play(
        session,
        PlayArgs {
            id: summary.id,
            lines: args.lines,
        },
    )
}

pub fn list(
    session: &Session,
    status: Option<MatchStatus>,
    system: Option<SystemId>,
    mine: bool,
) -> Result<(), Failure> {
    let player = if mine {
        Some(session.login()?.player)
    } else {
        None
    };
    let filter = MatchFilter {
        status,
        system,
        player,
    };
    let matches = session.maybe_player_server()?.matches(&filter)?;
    print(&render::matches(&matches))
}

pub fn join(session: &Session, id: MatchId, army: ArmyListId) -> Result<(), Failure> {
    let me = session.login()?.player;
    let summary = session.player_server()?.join_match(id, army)?;
    let seat = summary
        .seats
        .iter()
        .find(|seat| seat.player.as_ref().is_some_and(|player| player.id == me))
        .map(|seat| seat_number(seat.seat))
        .unwrap_or_else(|| "a seat".to_string());
    let mut out = format!("Joined match {} in {seat}.", summary.id);
    match summary.status {
        MatchStatus::Running => out.push_str(" Every seat is taken: the match has started."),
        MatchStatus::Open => out.push_str(" Waiting for more players."),
        MatchStatus::Finished => {}
    }
    out.push_str("\n\n");
    out.push_str(&render::match_summary(&summary));
    print(&out)
}

/// Asks for the rematch of finished match `id`: the same players and
/// options, seats moved on, each with the list they played.
pub fn rematch(session: &Session, id: MatchId) -> Result<(), Failure> {
    let me = session.login()?.player;
    let summary = session.player_server()?.rematch(id)?;
    let seat = summary
        .seats
        .iter()
        .find(|seat| seat.player.as_ref().is_some_and(|player| player.id == me))
        .map(|seat| crate::game_state::seat_number(seat.seat))
        .unwrap_or_else(|| "seat ?".to_string());
    let new = summary.id;
    let mut out = format!("Rematch of match {id}: match {new}, you in {seat}.");
    match summary.status {
        MatchStatus::Running => out.push_str(&format!(
            " Everyone asked: it has started. `fray play {new}`."
        )),
        MatchStatus::Open => {
            let waiting = summary.seats.iter().filter(|s| s.player.is_none()).count();
            out.push_str(&format!(
                " Waiting for {waiting} more player{} to ask with `fray match rematch {id}`; \
                 `fray play {new}` waits with you.",
                if waiting == 1 { "" } else { "s" }
            ));
        }
        MatchStatus::Finished => {}
    }
    out.push_str("\n\n");
    out.push_str(&render::match_summary(&summary));
    print(&out)
}

pub fn show(session: &Session, id: MatchId) -> Result<(), Failure> {
    let summary = session.maybe_player_server()?.match_summary(id)?;
    print(&render::match_summary(&summary))
}

/// `KEY=VALUE` options, typed by the system's option specs where it names
/// the key (else: yes/no/true/false, a whole number, or text).
fn parse_options(
    options: &[String],
    info: Option<&SystemInfo>,
) -> Result<BTreeMap<String, OptionValue>, String> {
    let mut parsed = BTreeMap::new();
    for option in options {
        let (key, value) = option
            .split_once('=')
            .ok_or_else(|| format!("'{option}' is not KEY=VALUE (such as max-turns=200)"))?;
        let (key, value) = (key.trim(), value.trim());
        let spec = info.and_then(|info| info.options.iter().find(|spec| spec.key == key));
        let value = match spec.map(|spec| &spec.kind) {
            Some(OptionKind::Bool) => boolean(value)
                .map(OptionValue::Bool)
                .ok_or_else(|| format!("option {key} takes yes or no, not '{value}'"))?,
            Some(OptionKind::Int { .. }) => value
                .parse()
                .map(OptionValue::Int)
                .map_err(|_| format!("option {key} takes a whole number, not '{value}'"))?,
            Some(OptionKind::Choice { .. }) => OptionValue::Text(value.to_string()),
            None => match (boolean(value), value.parse::<i64>()) {
                (Some(flag), _) => OptionValue::Bool(flag),
                (None, Ok(number)) => OptionValue::Int(number),
                (None, Err(_)) => OptionValue::Text(value.to_string()),
            },
        };
        parsed.insert(key.to_string(), value);
    }
    Ok(parsed)
}

fn boolean(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "yes" | "true" | "on" => Some(true),
        "no" | "false" | "off" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use fray_protocol::{OptionSpec, SeatRange};

    use super::*;

    #[test]
    fn options_take_the_type_their_system_gives() {
        let info = SystemInfo {
            id: SystemId::FantasyArmies,
            name: "Fantasy Armies".into(),
            summary: String::new(),
            seats: SeatRange { min: 2, max: 2 },
            options: vec![OptionSpec {
                key: "mode".into(),
                label: String::new(),
                kind: OptionKind::Choice {
                    choices: vec!["1".into(), "open".into()],
                },
                default: OptionValue::Text("open".into()),
                help: String::new(),
            }],
            limits: Default::default(),
            army_rules: Vec::new(),
            secret_armies: false,
            armies: Vec::new(),
            examples: Vec::new(),
        };
        let options: Vec<String> = ["mode=1", "max-turns=200", "fog=yes", "x=y"]
            .map(String::from)
            .into();
        let parsed = parse_options(&options, Some(&info)).unwrap();
        assert_eq!(parsed["mode"], OptionValue::Text("1".into()));
        assert_eq!(parsed["max-turns"], OptionValue::Int(200));
        assert_eq!(parsed["fog"], OptionValue::Bool(true));
        assert_eq!(parsed["x"], OptionValue::Text("y".into()));
        assert!(parse_options(&["nokey".to_string()], None).is_err());
    }
}
