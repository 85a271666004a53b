//! The interactive army builder: a line at a time, on any reader and writer
//! (a terminal in use, a script in the tests). It offers what the server's
//! system descriptions list, and checks each change against the limits they
//! publish (points, pieces, the most of a unit or trait): a change that
//! would break one is refused as it is typed, and what the list still lacks
//! is shown. The server still judges the list when it is saved: a list it
//! refuses is shown with every reason and can be fixed and saved again.

use std::io::{self, BufRead, Write};

use fray_protocol::{
    ArmyEntry, ArmyInfo, ArmyList, Buy, ErrorCode, OptionKind, StoredArmyList, SystemInfo, UnitInfo,
};

use crate::api::ApiError;
use crate::fail::Failure;
use crate::render;
use crate::shown::shown;
use crate::table::{Align, Table};

const HELP: &str = "\
Commands:
  UNIT COUNT [TRAIT,TRAIT]  how many of a unit (its number or key), with bought
                            traits if the system sells them; 0 removes it
  units                     the army's units, traits and costs
  name TEXT                 rename the list
  save                      store the list on the server
  quit                      leave (asks first if there are changes to lose)
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
                    format!("{} ({}, or {})", info.name, info.id, info.id.short()),
                    vec![info.id.key().to_string(), info.id.short().to_string()],
                )
            })?
            else {
                return Ok(None);
            };
            if !system.army_rules.is_empty() {
                writeln!(out, "\nBuilding an army in {}:", system.name)?;
                let room = render::output_width().saturating_sub(4).max(20);
                for rule in &system.army_rules {
                    for (at, line) in crate::table::wrap(rule, room).iter().enumerate() {
                        let lead = if at == 0 { "  - " } else { "    " };
                        writeln!(out, "{lead}{line}")?;
                    }
                }
            }
            writeln!(out)?;
            let Some(army) = choose(input, out, "Army", &system.armies, |army| {
                (
                    format!("{} ({})", army.name, army.key),
                    vec![army.key.clone()],
                )
            })?
            else {
                return Ok(None);
            };
            let name = loop {
                let Some(name) = ask(input, out, "Name of the list: ")? else {
                    return Ok(None);
                };
                if name.is_empty() {
                    writeln!(out, "A list needs a name; other players read it.")?;
                } else {
                    break name;
                }
            };
            ArmyList {
                system: system.id,
                army: army.key.clone(),
                name,
                units: Vec::new(),
            }
        }
    };
    // What the list was when the builder began: leaving with anything else
    // asks first (a save that succeeds ends the builder).
    let kept = list.clone();
    let system = systems.iter().find(|info| info.id == list.system);
    let army = render::army_info(&list, systems);
    let rules = system
        .zip(army)
        .map(|(system, army)| Rules { system, army });
    match &rules {
        Some(rules) if rules.takes_units() => write!(out, "\n{}", rules.units())?,
        Some(rules) => writeln!(
            out,
            "\nIn {} a list takes no units: name it and `save`.",
            rules.system.name
        )?,
        None => writeln!(
            out,
            "\nThe server describes no army '{}' in {}; units are taken as typed.",
            shown(&list.army),
            list.system
        )?,
    }
    write!(out, "\n{HELP}")?;
    loop {
        write!(out, "\n{}", render::army_entries(&list, systems))?;
        if let Some(rules) = &rules {
            for line in rules.state(&list) {
                writeln!(out, "{line}")?;
            }
        }
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
            "quit" | "q" | "exit" => {
                if list == kept {
                    return Ok(None);
                }
                match ask(input, out, "Leave without saving your changes? (y/n) ")? {
                    None => return Ok(None),
                    Some(answer) if matches!(answer.as_str(), "y" | "yes") => return Ok(None),
                    Some(_) => writeln!(out, "Kept; `save` stores them.")?,
                }
            }
            "units" => match &rules {
                Some(rules) => write!(out, "{}", rules.units())?,
                None => writeln!(out, "(the server describes no units for this army)")?,
            },
            "name" if rest.is_empty() => {
                writeln!(out, "A list needs a name: `name TEXT`.")?;
            }
            "name" => {
                list.name = rest.to_string();
                writeln!(out, "Renamed to '{}'.", shown(&list.name))?;
            }
            "save" => match save(&list) {
                Ok(stored) => return Ok(Some(stored)),
                Err(error) if refused_as_invalid(&error) => {
                    writeln!(out, "The server did not store it: {error}")?;
                    writeln!(out, "Change the list and `save` again, or `quit`.")?;
                }
                Err(error) => return Err(Stop::Failed(error.into())),
            },
            _ => {
                let changed = parse_entry(word, rest, rules.as_ref()).and_then(|entry| {
                    let mut changed = list.clone();
                    set_entry(&mut changed, entry);
                    match &rules {
                        Some(rules) => rules.allows(&list, &changed).map(|()| changed),
                        None => Ok(changed),
                    }
                });
                match changed {
                    Ok(changed) => list = changed,
                    Err(message) => writeln!(out, "{message} (type `help` for the commands)")?,
                }
            }
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

/// Offers `items` numbered; takes a number or one of an item's names. None
/// at the end of the input.
fn choose<'a, T>(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    what: &str,
    items: &'a [T],
    describe: impl Fn(&T) -> (String, Vec<String>),
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
        let by_key = || items.iter().find(|item| describe(item).1.contains(&answer));
        match by_number.or_else(by_key) {
            Some(item) => return Ok(Some(item)),
            None => writeln!(
                out,
                "'{}' is none of these; a number or a key, please.",
                shown(&answer)
            )?,
        }
    }
}

/// Points in half points, as the rules count them (Fantasy Armies' Archer
/// costs 2.5): sums of halves are exact, and totals agree with the server's.
fn halves(points: f64) -> u64 {
    (points * 2.0).round().max(0.0) as u64
}

fn points_text(halves: u64) -> String {
    render::cost(halves as f64 / 2.0)
}

/// An army as the server describes it, with the system's limits: what the
/// builder offers and checks a list against.
struct Rules<'a> {
    system: &'a SystemInfo,
    army: &'a ArmyInfo,
}

/// One measure of a list that a limit caps.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Measure {
    Points,
    Pieces,
    Unit(String),
    Trait(String),
}

impl<'a> Rules<'a> {
    /// The units a list may take, in the order `UNIT` numbers them.
    fn pickable(&self) -> impl Iterator<Item = &'a UnitInfo> + 'a {
        self.army.units.iter().filter(|unit| unit.buy == Buy::Unit)
    }

    fn traits(&self) -> impl Iterator<Item = &'a UnitInfo> + 'a {
        self.army.units.iter().filter(|unit| unit.buy == Buy::Trait)
    }

    fn takes_units(&self) -> bool {
        self.pickable().next().is_some()
    }

    /// The most points a stored list may cost: the points option's maximum
    /// where a match sets the points, else the system's points.
    fn most_points(&self) -> Option<u64> {
        let limits = &self.system.limits;
        let by_option = limits
            .points_option
            .as_ref()
            .and_then(|key| self.system.options.iter().find(|option| &option.key == key));
        match by_option.map(|option| &option.kind) {
            Some(OptionKind::Int { max, .. }) => Some(u64::try_from(*max).unwrap_or(0) * 2),
            _ => limits.points.map(halves),
        }
    }

    /// The list's points in halves, as the server tallies them.
    fn points(&self, list: &ArmyList) -> u64 {
        halves(list.tally(Some(self.system)).points.unwrap_or(0.0))
    }

    fn pieces(list: &ArmyList) -> u64 {
        u64::from(list.pieces())
    }

    fn count_of(list: &ArmyList, key: &str) -> u64 {
        list.units
            .iter()
            .filter(|entry| entry.unit == key)
            .map(|entry| u64::from(entry.count))
            .sum()
    }

    fn with_trait(list: &ArmyList, key: &str) -> u64 {
        list.units
            .iter()
            .filter(|entry| entry.traits.iter().any(|t| t == key))
            .map(|entry| u64::from(entry.count))
            .sum()
    }

    /// Each capped measure of the list: its value, its cap, and how to say
    /// that the value passes the cap.
    fn capped(&self, list: &ArmyList) -> Vec<(Measure, u64, u64, String)> {
        let mut capped = Vec::new();
        if let Some(most) = self.most_points() {
            let points = self.points(list);
            capped.push((
                Measure::Points,
                points,
                most,
                format!(
                    "that makes {} points, over the {} a list may cost",
                    points_text(points),
                    points_text(most)
                ),
            ));
        }
        if let Some(most) = self.system.limits.max_pieces {
            let pieces = Self::pieces(list);
            capped.push((
                Measure::Pieces,
                pieces,
                u64::from(most),
                format!("that makes {pieces} pieces; a list takes at most {most}"),
            ));
        }
        for unit in self.pickable() {
            if let Some(most) = unit.max {
                let count = Self::count_of(list, &unit.key);
                capped.push((
                    Measure::Unit(unit.key.clone()),
                    count,
                    u64::from(most),
                    format!(
                        "that makes {count} {}; a list takes at most {most}",
                        unit.name
                    ),
                ));
            }
        }
        for unit in self.traits() {
            if let Some(most) = unit.max {
                let count = Self::with_trait(list, &unit.key);
                capped.push((
                    Measure::Trait(unit.key.clone()),
                    count,
                    u64::from(most),
                    format!(
                        "that makes {count} pieces with {}; a list may have at most {most}",
                        unit.name
                    ),
                ));
            }
        }
        capped
    }

    /// Whether a change from `before` to `after` may be made: it may not take
    /// any capped measure past its cap, or further past it (a list stored
    /// over a cap can still be brought down).
    fn allows(&self, before: &ArmyList, after: &ArmyList) -> Result<(), String> {
        let was = self.capped(before);
        for (measure, value, most, over) in self.capped(after) {
            let old = was
                .iter()
                .find(|(m, ..)| *m == measure)
                .map_or(0, |(_, value, ..)| *value);
            if value > most && value > old {
                return Err(format!("Not changed: {over}."));
            }
        }
        Ok(())
    }

    /// The list against the limits, in lines: points and pieces of the
    /// most, and what it still lacks.
    fn state(&self, list: &ArmyList) -> Vec<String> {
        let limits = &self.system.limits;
        let mut lines = Vec::new();
        let mut counts = Vec::new();
        if let Some(points) = limits.points {
            let spent = self.points(list);
            let budget = halves(points);
            counts.push(format!(
                "{} of {} points",
                points_text(spent),
                points_text(budget)
            ));
            if let (Some(option), true) = (&limits.points_option, spent > budget) {
                lines.push(format!(
                    "Over the {} points of a match that sets none: the list plays only in a \
                     match whose '{}' is {} or more.",
                    points_text(budget),
                    option,
                    points_text(spent)
                ));
            }
        }
        let pieces = Self::pieces(list);
        match limits.max_pieces {
            Some(most) => counts.push(format!(
                "{pieces} pieces of {} to {most}",
                limits.min_pieces
            )),
            None if limits.min_pieces > 0 => {
                counts.push(format!("{pieces} pieces (at least {})", limits.min_pieces))
            }
            None => {}
        }
        let mut needs = Vec::new();
        if pieces < u64::from(limits.min_pieces) {
            needs.push(format!(
                "{} more pieces",
                u64::from(limits.min_pieces) - pieces
            ));
        }
        for unit in self.pickable() {
            let count = Self::count_of(list, &unit.key);
            if count < u64::from(unit.min) {
                needs.push(format!(
                    "{} {} ({})",
                    u64::from(unit.min) - count,
                    unit.name,
                    unit.key
                ));
            }
        }
        if !counts.is_empty() {
            lines.insert(0, format!("Limits: {}.", counts.join("; ")));
        }
        if !needs.is_empty() {
            lines.push(format!("Still needed: {}.", needs.join(", ")));
        }
        lines
    }

    /// The army's units, numbered, with every stat and special rule (and
    /// what each special means), then its traits, with their costs.
    fn units(&self) -> String {
        let army = self.army;
        let units: Vec<&UnitInfo> = self.pickable().collect();
        let mut keys: Vec<&str> = Vec::new();
        for unit in &units {
            for stat in &unit.stats {
                if !keys.contains(&stat.key.as_str()) {
                    keys.push(&stat.key);
                }
            }
        }
        let any_special = units.iter().any(|unit| !unit.special.is_empty());
        let any_limit = units.iter().any(|unit| unit.min > 0 || unit.max.is_some());
        let table = |with_special: bool| {
            let mut headers = vec!["#", "Unit", "Key", "Cost"];
            headers.extend(keys.iter().copied());
            if with_special {
                headers.push("Special");
            }
            if any_limit {
                headers.push("Takes");
            }
            let mut table = Table::new(headers)
                .align(0, Align::Right)
                .align(3, Align::Right);
            for (number, unit) in units.iter().enumerate() {
                let mut row = vec![
                    (number + 1).to_string(),
                    unit.name.clone(),
                    unit.key.clone(),
                    render::cost(unit.cost),
                ];
                for key in &keys {
                    let value = unit.stats.iter().find(|stat| stat.key == *key);
                    row.push(value.map_or_else(|| "-".to_string(), |stat| stat.value.clone()));
                }
                if with_special {
                    row.push(unit.special.join(", "));
                }
                if any_limit {
                    row.push(takes(unit));
                }
                table.row(row);
            }
            table
        };
        // The effects of traits run long: fitted to the terminal, as
        // `fray systems` is. A table of many stats (ChessWar!'s) has no room
        // left for the specials, even a word a line: they follow it, one
        // unit a line.
        let width = render::output_width();
        let mut rendered = table(any_special).render_within("  ", width);
        let fits = |text: &str| text.lines().all(|line| line.chars().count() <= width);
        let specials_apart = any_special && !fits(&rendered);
        if specials_apart {
            rendered = table(false).render_within("  ", width);
        }
        let mut out = format!("Units of {}:\n{rendered}", army.name);
        if specials_apart {
            out.push_str("Special:\n");
            for unit in units.iter().filter(|unit| !unit.special.is_empty()) {
                let text = format!("{}: {}", unit.name, unit.special.join(", "));
                let text = shown(&text);
                for (at, line) in crate::table::wrap(&text, width.saturating_sub(6).max(20))
                    .iter()
                    .enumerate()
                {
                    let lead = if at == 0 { "  " } else { "      " };
                    out.push_str(&format!("{lead}{line}\n"));
                }
            }
        }
        if !army.special_rules.is_empty() {
            out.push_str("Special rules:\n");
            for rule in &army.special_rules {
                for (at, line) in crate::table::wrap(rule, width.saturating_sub(4).max(20))
                    .iter()
                    .enumerate()
                {
                    let lead = if at == 0 { "  " } else { "     " };
                    out.push_str(&format!("{lead}{line}\n"));
                }
            }
        }
        let traits: Vec<&UnitInfo> = self.traits().collect();
        if !traits.is_empty() {
            let mut table =
                Table::new(["Trait", "Key", "Cost", "Effect", "Takes"]).align(2, Align::Right);
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
                    takes(unit),
                ]);
            }
            out.push_str(&format!(
                "Traits (each per piece):\n{}",
                table.render_within("  ", width)
            ));
        }
        out
    }
}

/// A unit's own limit in words: "exactly 1", "at most 1", "at least 2".
fn takes(unit: &UnitInfo) -> String {
    match (unit.min, unit.max) {
        (min, Some(max)) if min == max => format!("exactly {max}"),
        (0, Some(max)) => format!("at most {max}"),
        (0, None) => String::new(),
        (min, None) => format!("at least {min}"),
        (min, Some(max)) => format!("{min} to {max}"),
    }
}

/// `UNIT COUNT [TRAITS]`, the unit by its number or key, each trait one the
/// system sells.
fn parse_entry(unit: &str, rest: &str, rules: Option<&Rules<'_>>) -> Result<ArmyEntry, String> {
    let mut words = rest.split_whitespace();
    let count = words
        .next()
        .ok_or_else(|| format!("how many {}? Type `{} COUNT`", shown(unit), shown(unit)))?;
    let count: u32 = count
        .parse()
        .map_err(|_| format!("'{}' is not a count", shown(count)))?;
    let traits: Vec<String> = words
        .flat_map(|word| word.split(','))
        .map(str::trim)
        .filter(|word| !word.is_empty())
        .map(str::to_string)
        .collect();
    let Some(rules) = rules else {
        return Ok(ArmyEntry {
            unit: unit.to_string(),
            count,
            traits,
        });
    };
    if !rules.takes_units() {
        return Err(format!("in {} a list takes no units", rules.system.name));
    }
    let by_number = unit
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|n| rules.pickable().nth(n));
    let Some(found) = by_number.or_else(|| rules.pickable().find(|u| u.key == unit)) else {
        return Err(format!("{} has no unit '{}'", rules.army.name, shown(unit)));
    };
    if !traits.is_empty() && rules.traits().next().is_none() {
        return Err(format!(
            "{} has no traits to buy: type `{} COUNT`",
            rules.system.name, found.key
        ));
    }
    for key in &traits {
        if !rules.traits().any(|t| &t.key == key) {
            let known: Vec<&str> = rules.traits().map(|t| t.key.as_str()).collect();
            return Err(format!(
                "'{}' is not a trait; the traits: {}",
                shown(key),
                known.join(", ")
            ));
        }
    }
    Ok(ArmyEntry {
        unit: found.key.clone(),
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
            buy: if kind == "trait" {
                Buy::Trait
            } else {
                Buy::Unit
            },
            ..UnitInfo::new(key, key.to_uppercase(), vec![Stat::new("kind", kind)], cost)
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
            secret_armies: false,
            limits: fray_protocol::ArmyLimits {
                points: Some(20.0),
                ..Default::default()
            },
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
            examples: Vec::new(),
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

    /// The systems as the server describes them.
    fn real() -> Vec<SystemInfo> {
        fray_rules::systems()
    }

    /// Runs the builder on the real systems with `script`, saving nothing
    /// (a save is answered as the server's rules answer it): what it printed
    /// and what it stored.
    fn run_real(start: Option<ArmyList>, script: &str) -> (String, Option<ArmyList>) {
        let mut input = script.as_bytes();
        let mut out = Vec::new();
        let mut save = |list: &ArmyList| match fray_rules::validate_army(list) {
            Ok(()) => Ok(StoredArmyList {
                id: ArmyListId(1),
                owner: PlayerId(1),
                list: list.clone(),
            }),
            Err(reasons) => Err(invalid(
                &reasons.iter().map(String::as_str).collect::<Vec<_>>(),
            )),
        };
        let stored = build(&mut input, &mut out, &real(), start, &mut save).unwrap();
        (
            String::from_utf8(out).unwrap(),
            stored.map(|stored| stored.list),
        )
    }

    fn undead() -> ArmyList {
        let [_, undead] = fray_rules::example_armies(SystemId::FantasyArmies).unwrap();
        assert_eq!(undead.army, "undead");
        undead
    }

    #[test]
    fn a_second_king_piece_and_points_past_the_limit_are_refused_as_typed() {
        let bones = ArmyList {
            units: vec![
                ArmyEntry::new("liche-lord", 1),
                ArmyEntry::new("skeleton", 7),
            ],
            ..undead()
        };
        let (out, stored) = run_real(Some(bones.clone()), "liche-lord 2\nvampire 7\nsave\n");
        assert!(
            out.contains("Not changed: that makes 2 Liche Lord; a list takes at most 1."),
            "{out}"
        );
        assert!(
            out.contains("Not changed: that makes 62 points, over the 60 a list may cost."),
            "{out}"
        );
        assert_eq!(stored, Some(bones), "the list saved is the one it began as");
        assert!(
            out.contains("Limits: 20 of 60 points; 8 pieces of 8 to 16."),
            "{out}"
        );
        let (out, _) = run_real(Some(undead()), "skeleton 6\n");
        assert!(
            out.contains("Not changed: that makes 17 pieces; a list takes at most 16."),
            "{out}"
        );
    }

    #[test]
    fn a_list_short_of_its_minimums_says_what_it_still_needs() {
        let script = "fa\nundead\nBones\nskeleton 3\nquit\ny\n";
        let (out, stored) = run_real(None, script);
        assert!(stored.is_none());
        // The rules of army building, shown when the system is chosen, fit
        // 80 columns (Chessboard Confrontation's run long).
        let (rules, _) = run_real(None, "cc\n");
        assert!(
            rules.contains("stored for no match in particular"),
            "{rules}"
        );
        for line in rules.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
        assert!(
            out.contains("Still needed: 5 more pieces, 1 Liche Lord (liche-lord)."),
            "{out}"
        );
    }

    #[test]
    fn every_stat_and_what_each_special_means_is_shown() {
        let (out, _) = run_real(Some(undead()), "");
        // Not a terminal: 80 columns.
        for line in out.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
        let squad =
            fray_rules::example_armies(SystemId::ChessboardConfrontation).unwrap()[0].clone();
        let (squad_out, _) = run_real(Some(squad), "");
        for line in squad_out.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
        for header in [
            "Unit", "Key", "Cost", "M", "HTH", "RA", "D", "Special", "Takes",
        ] {
            assert!(out.contains(&format!("  {header}")), "{header}: {out}");
        }
        assert!(
            out.contains("a) The army must include 1 Liche Lord"),
            "{out}"
        );
        assert!(out.contains("exactly 1"), "{out}");
    }

    #[test]
    fn every_systems_unit_table_fits_80_columns() {
        for system in [
            SystemId::FantasyArmies,
            SystemId::ChessboardConfrontation,
            SystemId::ChessWar,
            SystemId::SummonersChess,
            SystemId::ActionChessFactionChess,
        ] {
            for list in fray_rules::example_armies(system).unwrap() {
                let (out, _) = run_real(Some(list.clone()), "");
                // Not a terminal: 80 columns.
                for line in out.lines() {
                    assert!(line.chars().count() <= 80, "{system:?}: {line}\n{out}");
                }
                if system == SystemId::ChessWar {
                    // Its many stats leave the specials no room: under it.
                    assert!(out.contains("  Takes\n"), "{out}");
                    assert!(out.contains("\nSpecial:\n  "), "{out}");
                }
            }
        }
    }

    #[test]
    fn traits_are_refused_where_the_system_sells_none() {
        let (out, stored) = run_real(Some(undead()), "skeleton 6 lucky\nsave\n");
        assert!(
            out.contains("Fantasy Armies has no traits to buy: type `skeleton COUNT`"),
            "{out}"
        );
        assert_eq!(stored, Some(undead()));
        let squad =
            fray_rules::example_armies(SystemId::ChessboardConfrontation).unwrap()[0].clone();
        let (out, _) = run_real(Some(squad), "minion 1 sword\n");
        assert!(
            out.contains("'sword' is not a trait; the traits: flight"),
            "{out}"
        );
    }

    #[test]
    fn a_squad_over_the_default_points_is_kept_but_said_to_need_a_bigger_match() {
        let squad =
            fray_rules::example_armies(SystemId::ChessboardConfrontation).unwrap()[0].clone();
        let (out, stored) = run_real(Some(squad.clone()), "monster 1\nmonster 40\nsave\n");
        assert!(
            out.contains("a match whose 'points' is 56 or more"),
            "{out}"
        );
        assert!(out.contains("over the 500 a list may cost"), "{out}");
        let stored = stored.expect("saved");
        assert_eq!(stored.units.len(), squad.units.len() + 1);
        // Support is one per army, as typed.
        let (out, _) = run_real(Some(squad), "minion 2 support\n");
        assert!(
            out.contains("pieces with Support; a list may have at most 1"),
            "{out}"
        );
    }

    #[test]
    fn units_that_cannot_be_bought_are_not_offered() {
        let script = "sc\nsummoners\nMine\nacolyte 1\nsave\n";
        let (out, stored) = run_real(None, script);
        assert!(
            out.contains("In Summoners Chess a list takes no units"),
            "{out}"
        );
        assert!(
            out.contains("in Summoners Chess a list takes no units ("),
            "{out}"
        );
        assert!(!out.contains("Units of"), "{out}");
        let stored = stored.expect("saved");
        assert!(stored.units.is_empty());
        // Large is a trait of a squad, not a unit of it.
        let squad =
            fray_rules::example_armies(SystemId::ChessboardConfrontation).unwrap()[0].clone();
        let (out, _) = run_real(Some(squad), "large 1\n");
        assert!(out.contains("Squad has no unit 'large'"), "{out}");
    }

    #[test]
    fn an_empty_name_is_refused() {
        let (out, stored) = run_real(None, "sc\n1\n\n  \nMine\nname\nsave\n");
        assert_eq!(
            out.matches("A list needs a name; other players read it.")
                .count(),
            2,
            "{out}"
        );
        assert!(out.contains("A list needs a name: `name TEXT`."), "{out}");
        assert_eq!(stored.expect("saved").name, "Mine");
    }

    #[test]
    fn leaving_with_changes_asks_first() {
        let (out, stored) = run_real(Some(undead()), "skeleton 4\nquit\nn\nsave\n");
        assert!(
            out.contains("Leave without saving your changes? (y/n)"),
            "{out}"
        );
        assert!(out.contains("Kept; `save` stores them."), "{out}");
        let skeletons = stored
            .expect("saved")
            .units
            .iter()
            .find(|e| e.unit == "skeleton")
            .unwrap()
            .count;
        assert_eq!(skeletons, 4);
        // Unchanged, quit asks nothing.
        let (out, stored) = run_real(Some(undead()), "quit\n");
        assert!(!out.contains("Leave without saving"), "{out}");
        assert!(stored.is_none());
    }

    #[test]
    fn the_total_is_the_servers_to_the_half_point() {
        use fray_rules::fantasy_armies::army::cost_halves;
        let systems = real();
        let fa = systems
            .iter()
            .find(|s| s.id == SystemId::FantasyArmies)
            .unwrap();
        for army in &fa.armies {
            let rules = Rules { system: fa, army };
            for unit in rules.pickable() {
                for count in [1, 3] {
                    let list = ArmyList {
                        system: SystemId::FantasyArmies,
                        army: army.key.clone(),
                        name: "x".into(),
                        units: vec![ArmyEntry::new(unit.key.clone(), count)],
                    };
                    let server = u64::from(cost_halves(&list));
                    assert_eq!(rules.points(&list), server, "{}", unit.key);
                    assert_eq!(
                        render::list_points(&list, &systems).map(halves),
                        Some(server),
                        "{}",
                        unit.key
                    );
                }
            }
        }
    }
}
