//! The interactive army builder: a line at a time, on any reader and writer
//! (a terminal in use, a script in the tests). It offers what the server's
//! system descriptions list, shows the running point total, and leaves the
//! judging to the server: a list it refuses is shown with every reason and
//! can be fixed and saved again.

use std::io::{self, BufRead, Write};

use fray_protocol::{
    ArmyEntry, ArmyInfo, ArmyList, ErrorCode, StoredArmyList, SystemInfo, UnitInfo,
};

use crate::api::ApiError;
use crate::fail::Failure;
use crate::render;
use crate::table::{Align, Table};

const HELP: &str = "\
Commands:
  UNIT COUNT [TRAIT,TRAIT]  how many of a unit (its number or key), with bought
                            traits if the system sells them; 0 removes it
  units                     the army's units, traits and costs
  name TEXT                 rename the list
  save                      store the list on the server
  quit                      leave without saving
  help                      this text
";

/// Saves a list: creates it, or replaces the one being edited.
pub type Save<'a> = dyn FnMut(&ArmyList) -> Result<StoredArmyList, ApiError> + 'a;

/// Runs the builder from `start` (editing) or from nothing (a new list).
/// The stored list, or None when the user leaves without saving.
pub fn build(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    systems: &[SystemInfo],
    start: Option<ArmyList>,
    save: &mut Save<'_>,
) -> Result<Option<StoredArmyList>, Failure> {
    run(input, out, systems, start, save).map_err(|error| match error {
        Stop::Io(error) => Failure::other(format!("cannot talk to the terminal: {error}")),
        Stop::Failed(failure) => failure,
    })
}

enum Stop {
    Io(io::Error),
    Failed(Failure),
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Stop {
        Stop::Io(error)
    }
}

fn run(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    systems: &[SystemInfo],
    start: Option<ArmyList>,
    save: &mut Save<'_>,
) -> Result<Option<StoredArmyList>, Stop> {
    let mut list = match start {
        Some(list) => list,
        None => {
            if systems.is_empty() {
                return Err(Stop::Failed(Failure::other(
                    "the server offers no game systems",
                )));
            }
            let Some(system) = choose(input, out, "System", systems, |info| {
                (
                    format!("{} ({})", info.name, info.id),
                    info.id.key().to_string(),
                )
            })?
            else {
                return Ok(None);
            };
            if !system.army_rules.is_empty() {
                writeln!(out, "\nBuilding an army in {}:", system.name)?;
                for rule in &system.army_rules {
                    writeln!(out, "  - {rule}")?;
                }
            }
            writeln!(out)?;
            let Some(army) = choose(input, out, "Army", &system.armies, |army| {
                (format!("{} ({})", army.name, army.key), army.key.clone())
            })?
            else {
                return Ok(None);
            };
            let Some(name) = ask(input, out, "Name of the list: ")? else {
                return Ok(None);
            };
            ArmyList {
                system: system.id,
                army: army.key.clone(),
                name,
                units: Vec::new(),
            }
        }
    };
    let army = render::army_info(&list, systems);
    match army {
        Some(army) => write!(out, "\n{}", units(army))?,
        None => writeln!(
            out,
            "\nThe server describes no army '{}' in {}; units are taken as typed.",
            list.army, list.system
        )?,
    }
    write!(out, "\n{HELP}")?;
    loop {
        write!(out, "\n{}", render::army_entries(&list, systems))?;
        let Some(line) = ask(input, out, "> ")? else {
            writeln!(out)?;
            return Ok(None);
        };
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (line.as_str(), ""),
        };
        match word {
            "" => {}
            "help" | "?" => write!(out, "{HELP}")?,
            "quit" | "q" | "exit" => return Ok(None),
            "units" => match army {
                Some(army) => write!(out, "{}", units(army))?,
                None => writeln!(out, "(the server describes no units for this army)")?,
            },
            "name" => {
                list.name = rest.to_string();
                writeln!(out, "Renamed to '{}'.", list.name)?;
            }
            "save" => match save(&list) {
                Ok(stored) => return Ok(Some(stored)),
                Err(error) if refused_as_invalid(&error) => {
                    writeln!(out, "The server did not store it: {error}")?;
                    writeln!(out, "Change the list and `save` again, or `quit`.")?;
                }
                Err(error) => return Err(Stop::Failed(error.into())),
            },
            _ => match parse_entry(word, rest, army) {
                Ok(entry) => set_entry(&mut list, entry),
                Err(message) => writeln!(out, "{message} (type `help` for the commands)")?,
            },
        }
    }
}

fn refused_as_invalid(error: &ApiError) -> bool {
    matches!(
        error.code(),
        Some(ErrorCode::InvalidArmy | ErrorCode::BadRequest)
    )
}

/// Reads one line, after a prompt; None at the end of the input.
fn ask(input: &mut dyn BufRead, out: &mut dyn Write, prompt: &str) -> io::Result<Option<String>> {
    write!(out, "{prompt}")?;
    out.flush()?;
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

/// Offers `items` numbered; takes a number or a key. None at the end of the
/// input.
fn choose<'a, T>(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    what: &str,
    items: &'a [T],
    describe: impl Fn(&T) -> (String, String),
) -> io::Result<Option<&'a T>> {
    for (number, item) in items.iter().enumerate() {
        writeln!(out, "  {:>2}) {}", number + 1, describe(item).0)?;
    }
    loop {
        let Some(answer) = ask(input, out, &format!("{what} (1-{}): ", items.len()))? else {
            return Ok(None);
        };
        let by_number = answer
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|n| items.get(n));
        let by_key = || items.iter().find(|item| describe(item).1 == answer);
        match by_number.or_else(by_key) {
            Some(item) => return Ok(Some(item)),
            None => writeln!(
                out,
                "'{answer}' is none of these; a number or a key, please."
            )?,
        }
    }
}

/// Whether a "unit" of the system's description is a trait to buy for
/// another (Chessboard Confrontation lists its traits that way).
fn is_trait(unit: &UnitInfo) -> bool {
    unit.stats
        .iter()
        .any(|stat| stat.key == "kind" && stat.value == "trait")
}

/// The units a list may take, in the order `UNIT` numbers them.
fn pickable(army: &ArmyInfo) -> impl Iterator<Item = &UnitInfo> {
    army.units.iter().filter(|unit| !is_trait(unit))
}

/// The army's units, numbered, and its traits, with their costs.
fn units(army: &ArmyInfo) -> String {
    let costs = render::has_costs(army);
    let mut headers = vec!["#", "Unit", "Key"];
    if costs {
        headers.push("Cost");
    }
    headers.push("Special");
    let mut table = Table::new(headers.clone())
        .align(0, Align::Right)
        .align(3, if costs { Align::Right } else { Align::Left });
    for (number, unit) in pickable(army).enumerate() {
        let mut row = vec![
            (number + 1).to_string(),
            unit.name.clone(),
            unit.key.clone(),
        ];
        if costs {
            row.push(render::cost(unit.cost));
        }
        row.push(unit.special.join(", "));
        table.row(row);
    }
    let mut out = format!("Units of {}:\n{}", army.name, table.render("  "));
    let traits: Vec<&UnitInfo> = army.units.iter().filter(|unit| is_trait(unit)).collect();
    if !traits.is_empty() {
        let mut table = Table::new(["Trait", "Key", "Cost", "Effect"]).align(2, Align::Right);
        for unit in traits {
            let effect = unit
                .stats
                .iter()
                .find(|stat| stat.key == "effect")
                .map_or("", |stat| stat.value.as_str());
            table.row([
                unit.name.clone(),
                unit.key.clone(),
                render::cost(unit.cost),
                effect.to_string(),
            ]);
        }
        out.push_str(&format!("Traits (each per piece):\n{}", table.render("  ")));
    }
    out
}

/// `UNIT COUNT [TRAITS]`, the unit by its number or key.
fn parse_entry(unit: &str, rest: &str, army: Option<&ArmyInfo>) -> Result<ArmyEntry, String> {
    let mut words = rest.split_whitespace();
    let count = words
        .next()
        .ok_or_else(|| format!("how many {unit}? Type `{unit} COUNT`"))?;
    let count: u32 = count
        .parse()
        .map_err(|_| format!("'{count}' is not a count"))?;
    let traits: Vec<String> = words
        .flat_map(|word| word.split(','))
        .map(str::trim)
        .filter(|word| !word.is_empty())
        .map(str::to_string)
        .collect();
    let key = match army {
        None => unit.to_string(),
        Some(army) => {
            let by_number = unit
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|n| pickable(army).nth(n));
            let found = by_number.or_else(|| pickable(army).find(|u| u.key == unit));
            match found {
                Some(found) => found.key.clone(),
                None => return Err(format!("{} has no unit '{unit}'", army.name)),
            }
        }
    };
    Ok(ArmyEntry {
        unit: key,
        count,
        traits,
    })
}

/// Sets the count of the entry with the same unit and traits; 0 removes it.
fn set_entry(list: &mut ArmyList, entry: ArmyEntry) {
    let same = |old: &ArmyEntry| old.unit == entry.unit && old.traits == entry.traits;
    match list.units.iter_mut().find(|old| same(old)) {
        Some(old) if entry.count > 0 => old.count = entry.count,
        Some(_) => list.units.retain(|old| !same(old)),
        None if entry.count > 0 => list.units.push(entry),
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use fray_protocol::{ArmyListId, PlayerId, SeatRange, Stat, SystemId};

    use super::*;

    fn unit(key: &str, cost: f64, kind: &str) -> UnitInfo {
        UnitInfo {
            key: key.into(),
            name: key.to_uppercase(),
            stats: vec![Stat::new("kind", kind)],
            cost,
            special: Vec::new(),
        }
    }

    fn systems() -> Vec<SystemInfo> {
        vec![SystemInfo {
            id: SystemId::ChessboardConfrontation,
            name: "Chessboard Confrontation".into(),
            summary: String::new(),
            seats: SeatRange { min: 2, max: 2 },
            options: Vec::new(),
            army_rules: vec!["Spend at most 20 points.".into()],
            armies: vec![ArmyInfo {
                key: "squad".into(),
                name: "Squad".into(),
                description: String::new(),
                units: vec![
                    unit("grunt", 1.0, "troop"),
                    unit("elite", 3.0, "troop"),
                    unit("fast", 2.0, "trait"),
                ],
                special_rules: Vec::new(),
            }],
        }]
    }

    fn invalid(reasons: &[&str]) -> ApiError {
        ApiError::Refused {
            base: "http://x".into(),
            status: 422,
            code: Some(ErrorCode::InvalidArmy),
            message: "invalid".into(),
            reasons: reasons.iter().map(|r| r.to_string()).collect(),
        }
    }

    #[test]
    fn a_list_is_built_shown_refused_fixed_and_saved() {
        let script = "\
chessboard-confrontation
1
My squad
grunt 3
2 2 fast
nobody 1
save
grunt 0
save
";
        let mut input = script.as_bytes();
        let mut out = Vec::new();
        let mut tries = Vec::new();
        let mut save = |list: &ArmyList| {
            tries.push(list.clone());
            if tries.len() == 1 {
                Err(invalid(&["too many grunts", "no leader"]))
            } else {
                Ok(StoredArmyList {
                    id: ArmyListId(9),
                    owner: PlayerId(1),
                    list: list.clone(),
                })
            }
        };
        let stored = build(&mut input, &mut out, &systems(), None, &mut save)
            .unwrap()
            .expect("saved");
        let out = String::from_utf8(out).unwrap();
        assert_eq!(stored.id, ArmyListId(9));
        assert_eq!(stored.list.name, "My squad");
        assert_eq!(stored.list.system, SystemId::ChessboardConfrontation);
        assert_eq!(stored.list.units.len(), 1);
        assert_eq!(stored.list.units[0].unit, "elite");
        assert_eq!(stored.list.units[0].traits, ["fast"]);
        assert_eq!(tries.len(), 2);
        assert_eq!(tries[0].units.len(), 2);
        // The running total: 3 grunts, then 2 elites with a trait (2 × 5).
        assert!(out.contains("3 pieces, 3 points"), "{out}");
        assert!(out.contains("5 pieces, 13 points"), "{out}");
        assert!(out.contains("2 pieces, 10 points"), "{out}");
        assert!(out.contains("Squad has no unit 'nobody'"), "{out}");
        assert!(out.contains("  - too many grunts\n  - no leader"), "{out}");
        assert!(out.contains("Spend at most 20 points."), "{out}");
        assert!(out.contains("Traits (each per piece)"), "{out}");
    }

    #[test]
    fn the_end_of_input_saves_nothing() {
        let start = ArmyList {
            system: SystemId::ChessboardConfrontation,
            army: "squad".into(),
            name: "Old".into(),
            units: vec![ArmyEntry::new("grunt", 2)],
        };
        let mut input = "name New\n".as_bytes();
        let mut out = Vec::new();
        let mut save =
            |_: &ArmyList| -> Result<StoredArmyList, ApiError> { panic!("nothing is saved") };
        let result = build(&mut input, &mut out, &systems(), Some(start), &mut save).unwrap();
        assert!(result.is_none());
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("2 pieces, 2 points"), "{out}");
        assert!(out.contains("Renamed to 'New'"), "{out}");
    }

    #[test]
    fn another_refusal_ends_the_builder() {
        let mut input = "chessboard-confrontation\nsquad\nx\ngrunt 1\nsave\n".as_bytes();
        let mut out = Vec::new();
        let mut save = |_: &ArmyList| -> Result<StoredArmyList, ApiError> {
            Err(ApiError::Unreachable {
                base: "http://x".into(),
                reason: "connection refused".into(),
            })
        };
        let failure = build(&mut input, &mut out, &systems(), None, &mut save).unwrap_err();
        assert_eq!(failure.exit, crate::fail::Exit::Unreachable);
    }
}
