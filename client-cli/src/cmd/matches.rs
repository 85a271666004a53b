//! `fray match`: create, list, show and join matches.

use std::collections::BTreeMap;

use fray_protocol::{
    ArmyListId, MatchConfig, MatchId, MatchStatus, NewMatch, OptionKind, OptionValue, SystemId,
    SystemInfo,
};

use crate::api::MatchFilter;
use crate::fail::Failure;
use crate::game_state::seat_number;
use crate::session::Session;
use crate::{print, render};

pub fn new(
    session: &Session,
    system: SystemId,
    options: &[String],
    army: ArmyListId,
    seats: Option<u8>,
) -> Result<(), Failure> {
    let server = session.player_server()?;
    let info = if options.is_empty() {
        None
    } else {
        server.systems()?.into_iter().find(|info| info.id == system)
    };
    let options = parse_options(options, info.as_ref()).map_err(Failure::usage)?;
    let new = NewMatch {
        config: MatchConfig { system, options },
        army_list: army,
        seats,
        seat: None,
        bots: Vec::new(),
    };
    let summary = server.create_match(&new)?;
    let open = summary
        .seats
        .iter()
        .filter(|seat| seat.player.is_none())
        .count();
    let mut out = format!("Created match {}.", summary.id);
    if open > 0 {
        out.push_str(&format!(
            " Waiting for {open} more player{}: they join with `fray match join {} --army ID`.",
            if open == 1 { "" } else { "s" },
            summary.id
        ));
    }
    out.push_str("\n\n");
    out.push_str(&render::match_summary(&summary));
    print(&out)
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
