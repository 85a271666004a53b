//! `fray army`: the player's army lists.

use std::fs;
use std::io::{self, IsTerminal};
use std::path::Path;

use fray_protocol::{ArmyList, ArmyListId, StoredArmyList, SystemId, SystemInfo};

use crate::api::Server;
use crate::builder;
use crate::fail::Failure;
use crate::session::Session;
use crate::shown::{Escaping, shown};
use crate::{BuildArgs, print, render};

/// The systems, for points and names; a list still shows without them.
fn systems_or_none(server: &Server) -> Vec<SystemInfo> {
    server.systems().unwrap_or_default()
}

pub fn list(session: &Session, system: Option<SystemId>) -> Result<(), Failure> {
    let server = session.player_server()?;
    let mut lists = server.army_lists()?;
    if let Some(system) = system {
        lists.retain(|stored| stored.list.system == system);
    }
    let systems = systems_or_none(&server);
    print(&render::army_lists(&lists, &systems))
}

pub fn show(session: &Session, id: ArmyListId) -> Result<(), Failure> {
    let server = session.player_server()?;
    let stored = server.army_list(id)?;
    let systems = systems_or_none(&server);
    print(&render::army_list(&stored, &systems))
}

pub fn new(session: &Session, build: BuildArgs) -> Result<(), Failure> {
    let server = session.player_server()?;
    if build.is_empty() {
        if !io::stdin().is_terminal() {
            return Err(Failure::usage(
                "standard input is not a terminal, so there is no interactive builder: give the \
                 list with --system, --army, --name and --unit KEY=COUNT (see `fray army new --help`)",
            ));
        }
        let systems = server.systems()?;
        return interactive(&server, &systems, None);
    }
    let system = build
        .system
        .ok_or_else(|| Failure::usage("a new army list needs --system"))?;
    let army = match build.army {
        Some(army) => army,
        None => only_army(&server.systems()?, system)?,
    };
    // No --unit is a list of no units: what a Summoners Chess list is, and
    // for other systems the server's refusal says what the list lacks.
    let list = ArmyList {
        system,
        army,
        name: build.name.unwrap_or_default(),
        units: build.units,
    };
    let stored = server.create_army_list(&list)?;
    saved(&server, "Stored", &stored)
}

pub fn edit(session: &Session, id: ArmyListId, build: BuildArgs) -> Result<(), Failure> {
    let server = session.player_server()?;
    let stored = server.army_list(id)?;
    if build.is_empty() {
        if !io::stdin().is_terminal() {
            return Err(Failure::usage(
                "standard input is not a terminal, so there is no interactive builder: say what \
                 changes with --name, --army or --unit KEY=COUNT (see `fray army edit --help`)",
            ));
        }
        let systems = server.systems()?;
        return interactive(&server, &systems, Some(stored));
    }
    let mut list = stored.list;
    if let Some(system) = build.system {
        list.system = system;
    }
    if let Some(army) = build.army {
        list.army = army;
    }
    if let Some(name) = build.name {
        list.name = name;
    }
    if !build.units.is_empty() {
        list.units = build.units;
    }
    let stored = server.replace_army_list(id, &list)?;
    saved(&server, "Saved", &stored)
}

/// The army a list of `system` names when --army is not given: the
/// system's only one (Summoners Chess, Chessboard Confrontation), else a
/// usage error that lists the keys.
fn only_army(systems: &[SystemInfo], system: SystemId) -> Result<String, Failure> {
    let info = systems
        .iter()
        .find(|info| info.id == system)
        .ok_or_else(|| {
            Failure::usage(format!(
                "the server does not play {system}; `fray systems` lists what it plays"
            ))
        })?;
    match info.armies.as_slice() {
        [only] => Ok(only.key.clone()),
        armies => {
            let keys: Vec<&str> = armies.iter().map(|army| army.key.as_str()).collect();
            Err(Failure::usage(format!(
                "a new {system} list needs --army, one of: {}",
                shown(&keys.join(", "))
            )))
        }
    }
}

fn interactive(
    server: &Server,
    systems: &[SystemInfo],
    stored: Option<StoredArmyList>,
) -> Result<(), Failure> {
    let id = stored.as_ref().map(|stored| stored.id);
    let start = stored.map(|stored| stored.list);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = Escaping::new(io::stdout());
    let mut save = |list: &ArmyList| match id {
        Some(id) => server.replace_army_list(id, list),
        None => server.create_army_list(list),
    };
    match builder::build(&mut input, &mut out, systems, start, &mut save)? {
        Some(stored) => print(&format!("Saved army list {}.\n", stored.id)),
        None => print("Nothing saved.\n"),
    }
}

/// Says what was stored, and shows it.
fn saved(server: &Server, verb: &str, stored: &StoredArmyList) -> Result<(), Failure> {
    let systems = systems_or_none(server);
    print(&format!(
        "{verb} army list {}.\n\n{}",
        stored.id,
        render::army_list(stored, &systems)
    ))
}

pub fn delete(session: &Session, id: ArmyListId) -> Result<(), Failure> {
    session.player_server()?.delete_army_list(id)?;
    print(&format!("Deleted army list {id}.\n"))
}

pub fn import(session: &Session, file: &Path) -> Result<(), Failure> {
    let server = session.player_server()?;
    let text = fs::read_to_string(file)
        .map_err(|error| Failure::other(format!("cannot read {}: {error}", file.display())))?;
    let list = parse_list(&text).map_err(|error| {
        Failure::other(format!(
            "{} is not an army list ({error}); `fray army export` writes one",
            file.display()
        ))
    })?;
    let stored = server.create_army_list(&list)?;
    saved(&server, "Imported", &stored)
}

/// An `ArmyList`, or a stored one (as `GET /api/army-lists/{id}` answers).
fn parse_list(text: &str) -> Result<ArmyList, serde_json::Error> {
    serde_json::from_str::<ArmyList>(text).or_else(|error| {
        serde_json::from_str::<StoredArmyList>(text)
            .map(|stored| stored.list)
            .map_err(|_| error)
    })
}

pub fn export(session: &Session, id: ArmyListId, file: Option<&Path>) -> Result<(), Failure> {
    let stored = session.player_server()?.army_list(id)?;
    let mut json = serde_json::to_string_pretty(&stored.list).expect("a list serialises");
    json.push('\n');
    match file {
        None => print(&json),
        Some(file) => {
            fs::write(file, json).map_err(|error| {
                Failure::other(format!("cannot write {}: {error}", file.display()))
            })?;
            print(&format!("Wrote army list {id} to {}.\n", file.display()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_or_a_stored_list_imports() {
        let list = r#"{"system":"fantasy-armies","army":"elves","name":"E","units":[{"unit":"archer","count":4}]}"#;
        let stored = format!(r#"{{"id":3,"owner":1,"list":{list}}}"#);
        assert_eq!(parse_list(list).unwrap(), parse_list(&stored).unwrap());
        let error = parse_list(r#"{"army":"elves"}"#).unwrap_err().to_string();
        assert!(error.contains("system"), "{error}");
    }
}
