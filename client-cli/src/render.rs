//! A system, its options, armies and unit profiles, as text a person reads.

use std::fmt::Write;

use fray_protocol::{
    ArmyEntry, ArmyInfo, ArmyList, MatchStatus, MatchSummary, OptionKind, OptionSpec, OptionValue,
    Seat, SeatRange, SeatSummary, StoredArmyList, SystemInfo, UnitInfo,
};

use crate::game_state::{say, seat_name};
use crate::shown::shown;
use crate::table::{Align, Table};

/// Every system, one after another, in lines of at most `width` characters
/// where the text allows.
pub fn systems(systems: &[SystemInfo], width: usize) -> String {
    if systems.is_empty() {
        return "The server offers no game systems.\n".to_string();
    }
    let rendered: Vec<String> = systems.iter().map(|info| system(info, width)).collect();
    rendered.join("\n")
}

/// The width `fray systems` fits its lines to: the terminal's, or 80 when
/// standard output is not a terminal (a file, a pipe).
pub fn output_width() -> usize {
    use std::io::IsTerminal;
    match crossterm::terminal::size() {
        Ok((columns, _)) if columns > 0 && std::io::stdout().is_terminal() => usize::from(columns),
        _ => 80,
    }
}

/// Text wrapped to `width`, each line after `first` and the rest after
/// `then` (a bullet's hanging indent).
fn paragraph(out: &mut String, text: &str, first: &str, then: &str, width: usize) {
    let room = width
        .saturating_sub(first.chars().count())
        .max(crate::table::NARROWEST);
    for (at, line) in crate::table::wrap(&shown(text), room).iter().enumerate() {
        let lead = if at == 0 { first } else { then };
        let _ = writeln!(out, "{lead}{line}");
    }
}

/// One system: its name (and the names `--system` takes), summary, players,
/// options, army-building rules and each army.
pub fn system(info: &SystemInfo, width: usize) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let title = format!("{} ({}, or {})", info.name, info.id, info.id.short());
    let _ = writeln!(out, "{title}");
    let _ = writeln!(out, "{}", "=".repeat(title.chars().count()));
    if !info.summary.is_empty() {
        paragraph(&mut out, &info.summary, "", "", width);
    }
    let _ = writeln!(out, "Players: {}", seats(info.seats));

    if !info.options.is_empty() {
        let _ = writeln!(out, "\nMatch options:");
        out.push_str(&options(&info.options).render_within("  ", width));
    }
    if !info.army_rules.is_empty() {
        let _ = writeln!(out, "\nBuilding an army:");
        for rule in &info.army_rules {
            paragraph(&mut out, rule, "  - ", "    ", width);
        }
    }
    if !info.examples.is_empty() {
        // Numbered as `fray match new --bot-army example:N` takes them.
        let _ = writeln!(out, "\nExample armies:");
        for (at, example) in info.examples.iter().enumerate() {
            let line = format!("{} ({})", example.name, example.army);
            paragraph(&mut out, &line, &format!("  {}. ", at + 1), "     ", width);
        }
    }
    for army_info in &info.armies {
        out.push('\n');
        out.push_str(&army(army_info, width));
    }
    out
}

/// One army: its name, description, special rules and a table of its units
/// with their keys (what `--unit` takes), one column per stat.
pub fn army(info: &ArmyInfo, width: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", info.name, info.key);
    let _ = writeln!(
        out,
        "{}",
        "-".repeat(info.name.chars().count() + info.key.chars().count() + 3)
    );
    if !info.description.is_empty() {
        paragraph(&mut out, &info.description, "", "", width);
    }
    if !info.special_rules.is_empty() {
        let _ = writeln!(out, "Special rules:");
        for rule in &info.special_rules {
            paragraph(&mut out, rule, "  - ", "    ", width);
        }
    }
    if info.units.is_empty() {
        let _ = writeln!(out, "(no units)");
        return out;
    }

    // One column per stat key, in the order the keys first appear.
    let mut keys: Vec<&str> = Vec::new();
    for unit in &info.units {
        for stat in &unit.stats {
            if !keys.contains(&stat.key.as_str()) {
                keys.push(&stat.key);
            }
        }
    }
    let any_special = info.units.iter().any(|unit| !unit.special.is_empty());

    let mut headers = vec!["Unit".to_string(), "Key".to_string(), "Cost".to_string()];
    headers.extend(keys.iter().map(|key| key.to_string()));
    if any_special {
        headers.push("Special".to_string());
    }
    let mut table = Table::new(headers).align(2, Align::Right);
    out.push('\n');
    for unit in &info.units {
        let mut row = vec![unit.name.clone(), unit.key.clone(), cost(unit.cost)];
        for key in &keys {
            let value = unit.stats.iter().find(|stat| stat.key == *key);
            row.push(value.map_or_else(|| "-".to_string(), |stat| stat.value.clone()));
        }
        if any_special {
            row.push(unit.special.join(", "));
        }
        table.row(row);
    }
    out.push_str(&table.render_within("  ", width));
    out
}

fn options(options: &[OptionSpec]) -> Table {
    let mut table = Table::new(["Option", "Default", "Values", "Meaning"]);
    for option in options {
        let meaning = match (option.label.is_empty(), option.help.is_empty()) {
            (false, false) => format!("{}: {}", option.label, option.help),
            (false, true) => option.label.clone(),
            (true, _) => option.help.clone(),
        };
        table.row([
            option.key.clone(),
            value(&option.default),
            kind(&option.kind),
            meaning,
        ]);
    }
    table
}

fn seats(seats: SeatRange) -> String {
    if seats.min == seats.max {
        seats.min.to_string()
    } else {
        format!("{} to {}", seats.min, seats.max)
    }
}

fn value(value: &OptionValue) -> String {
    match value {
        OptionValue::Bool(true) => "yes".to_string(),
        OptionValue::Bool(false) => "no".to_string(),
        OptionValue::Int(n) => n.to_string(),
        OptionValue::Text(text) => text.clone(),
    }
}

fn kind(kind: &OptionKind) -> String {
    match kind {
        OptionKind::Bool => "yes/no".to_string(),
        OptionKind::Int { min, max } => format!("{min} to {max}"),
        OptionKind::Choice { choices } => choices.join(" | "),
    }
}

/// The army a list names, from the systems the server described.
pub fn army_info<'a>(list: &ArmyList, systems: &'a [SystemInfo]) -> Option<&'a ArmyInfo> {
    systems
        .iter()
        .find(|info| info.id == list.system)?
        .armies
        .iter()
        .find(|army| army.key == list.army)
}

/// Whether the army's units have costs at all: a system that buys no
/// points shows none.
pub fn has_costs(army: &ArmyInfo) -> bool {
    army.units.iter().any(|unit| unit.cost != 0.0)
}

/// What one entry costs: the unit and each bought trait (listed among the
/// army's units), times the count. None when a key is not the army's.
pub fn entry_points(army: &ArmyInfo, entry: &ArmyEntry) -> Option<f64> {
    let unit = find_unit(army, &entry.unit)?;
    let mut one = unit.cost;
    for key in &entry.traits {
        one += find_unit(army, key)?.cost;
    }
    Some(one * f64::from(entry.count))
}

/// The list's points as the server tallies them, when every key is known
/// and the army has costs: a list with a key its army lacks shows none
/// rather than a total that leaves the key out.
pub fn list_points(list: &ArmyList, systems: &[SystemInfo]) -> Option<f64> {
    let army = army_info(list, systems).filter(|army| has_costs(army))?;
    let every_key_known = list
        .units
        .iter()
        .all(|entry| entry_points(army, entry).is_some());
    let system = systems.iter().find(|info| info.id == list.system);
    every_key_known.then(|| list.tally(system).points)?
}

pub fn find_unit<'a>(army: &'a ArmyInfo, key: &str) -> Option<&'a UnitInfo> {
    army.units.iter().find(|unit| unit.key == key)
}

/// Whether the list's army is set by its rules, with no unit to buy.
fn buys_nothing(list: &ArmyList, systems: &[SystemInfo]) -> bool {
    army_info(list, systems).is_some_and(|info| {
        info.units
            .iter()
            .all(|unit| unit.buy == fray_protocol::Buy::None)
    })
}

/// The player's army lists, one row each.
pub fn army_lists(lists: &[StoredArmyList], systems: &[SystemInfo]) -> String {
    if lists.is_empty() {
        return "You have no army lists yet; build one with `fray army new`.\n".to_string();
    }
    let mut table = Table::new(["ID", "System", "Army", "Name", "Pieces", "Points"])
        .align(0, Align::Right)
        .align(4, Align::Right)
        .align(5, Align::Right);
    for stored in lists {
        let list = &stored.list;
        let army = army_info(list, systems).map_or_else(|| list.army.clone(), |a| a.name.clone());
        let pieces = list.pieces();
        // A list that buys nothing fields what its rules set, not 0 pieces.
        let pieces = if list.units.is_empty() && buys_nothing(list, systems) {
            "-".to_string()
        } else {
            pieces.to_string()
        };
        table.row([
            stored.id.to_string(),
            list.system.to_string(),
            army,
            list.name.clone(),
            pieces,
            list_points(list, systems).map_or_else(|| "-".to_string(), cost),
        ]);
    }
    table.render("")
}

/// One army list: its name, system and army, then a row per entry.
pub fn army_list(stored: &StoredArmyList, systems: &[SystemInfo]) -> String {
    let mut out = String::new();
    let title = if stored.list.name.is_empty() {
        format!("Army list {}", stored.id)
    } else {
        format!("Army list {}: {}", stored.id, shown(&stored.list.name))
    };
    let _ = writeln!(out, "{title}");
    out.push_str(&army_entries(&stored.list, systems));
    out
}

/// A list's system, army, entries and total, as the builder shows it too.
pub fn army_entries(list: &ArmyList, systems: &[SystemInfo]) -> String {
    let mut out = String::new();
    let army = army_info(list, systems);
    let army_name = army.map_or_else(
        || shown(&list.army).into_owned(),
        |info| format!("{} ({})", info.name, info.key),
    );
    let _ = writeln!(out, "System: {}   Army: {army_name}", list.system);
    if list.units.is_empty() && buys_nothing(list, systems) {
        // An empty table and "0 pieces" would read as an army of nothing.
        let _ = writeln!(out, "(nothing to buy: the army is set by the rules)");
        return out;
    } else if list.units.is_empty() {
        let _ = writeln!(out, "(no units yet)");
        return out;
    }
    let costs = army.filter(|army| has_costs(army));
    let any_traits = list.units.iter().any(|entry| !entry.traits.is_empty());
    let mut headers = vec!["Count", "Unit", "Key"];
    if any_traits {
        headers.push("Traits");
    }
    if costs.is_some() {
        headers.push("Points");
    }
    let last = headers.len() - 1;
    let mut table = Table::new(headers).align(0, Align::Right);
    if costs.is_some() {
        table = table.align(last, Align::Right);
    }
    for entry in &list.units {
        let name = army
            .and_then(|army| find_unit(army, &entry.unit))
            .map_or("?", |unit| unit.name.as_str());
        let mut row = vec![
            entry.count.to_string(),
            name.to_string(),
            entry.unit.clone(),
        ];
        if any_traits {
            row.push(entry.traits.join(", "));
        }
        if let Some(army) = costs {
            row.push(entry_points(army, entry).map_or_else(|| "?".to_string(), cost));
        }
        table.row(row);
    }
    out.push('\n');
    out.push_str(&table.render("  "));
    let pieces = list.pieces();
    let pieces = match pieces {
        1 => "1 piece".to_string(),
        n => format!("{n} pieces"),
    };
    match list_points(list, systems) {
        Some(points) => {
            let _ = writeln!(out, "\n{pieces}, {} points", cost(points));
        }
        None => {
            let _ = writeln!(out, "\n{pieces}");
        }
    }
    out
}

/// Matches, one row each.
pub fn matches(matches: &[MatchSummary]) -> String {
    if matches.is_empty() {
        return "No matches; start one with `fray match new`.\n".to_string();
    }
    let mut table = Table::new(["ID", "System", "Status", "Seats", "Players", "Created"])
        .align(0, Align::Right);
    for summary in matches {
        let taken = summary.seats.iter().filter(|s| s.player.is_some()).count();
        let players: Vec<String> = summary
            .seats
            .iter()
            .map(|seat| match &seat.player {
                // `(secret)` has its own brackets: "bo (secret)", not "bo ((secret))".
                Some(player) => match &seat.army {
                    Some(army) => format!("{} ({army})", player.name),
                    None => format!("{} {SECRET}", player.name),
                },
                None => "(open)".to_string(),
            })
            .collect();
        table.row([
            summary.id.to_string(),
            summary.system.to_string(),
            status(summary),
            format!("{taken}/{}", summary.seats.len()),
            players.join(", "),
            summary.created_at.clone(),
        ]);
    }
    table.render("")
}

/// "finished (won by ada)", safe to print.
fn status(summary: &MatchSummary) -> String {
    let names = summary_names(summary);
    match &summary.outcome {
        Some(outcome) if outcome.is_draw() => "finished (draw)".to_string(),
        Some(outcome) => {
            let winners: Vec<String> = outcome
                .winners
                .iter()
                .map(|seat| seat_name(&names, *seat))
                .collect();
            format!("finished (won by {})", winners.join(" and "))
        }
        // Its seats are kept for the players of the match it follows: no
        // one else may join it.
        None => match summary.rematch_of {
            Some(earlier) if summary.status == MatchStatus::Open => {
                format!("open (rematch of {earlier}: seats kept)")
            }
            _ => summary.status.to_string(),
        },
    }
}

/// The players' names by seat, as the summary has them.
fn summary_names(summary: &MatchSummary) -> Vec<(Seat, String)> {
    summary
        .seats
        .iter()
        .filter_map(|seat| Some((seat.seat, seat.player.as_ref()?.name.clone())))
        .collect()
}

/// What stands for an army or list name the server keeps secret.
const SECRET: &str = "(secret)";

/// What a taken seat's army is shown as: its key, or `(secret)` when the
/// server kept it from us (a system whose armies are secret shows a seat's
/// army to its own player alone until the match is over; every other taken
/// seat names its army).
fn seat_army(seat: &SeatSummary) -> String {
    seat.army.clone().unwrap_or_else(|| SECRET.to_string())
}

/// A taken seat's list name, hidden as its army is.
fn seat_list_name(seat: &SeatSummary) -> String {
    match (&seat.army, &seat.list_name) {
        (_, Some(name)) => name.clone(),
        (None, None) => SECRET.to_string(),
        (Some(_), None) => String::new(),
    }
}

/// A seat's number in the seat column: counted from 1, as the client
/// counts seats everywhere (`seat_number`).
fn seat_count(seat: Seat) -> String {
    (u16::from(seat.0) + 1).to_string()
}

/// One match: its system, status, options, then a row per seat.
pub fn match_summary(summary: &MatchSummary) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Match {}: {}", summary.id, summary.system);
    let _ = writeln!(out, "Status:   {}", status(summary));
    if let Some(outcome) = &summary.outcome {
        let reason = say(&summary_names(summary), &outcome.reason);
        let _ = writeln!(out, "Outcome:  {reason}");
    }
    if summary.seq > 0 {
        let _ = writeln!(out, "Actions:  {}", summary.seq);
    }
    let options = if summary.config.options.is_empty() {
        "the system's defaults".to_string()
    } else {
        let set: Vec<String> = summary
            .config
            .options
            .iter()
            .map(|(key, option)| format!("{}={}", shown(key), shown(&value(option))))
            .collect();
        format!("{} (the rest default)", set.join(", "))
    };
    let _ = writeln!(out, "Options:  {options}");
    let _ = writeln!(out, "Created:  {} UTC", summary.created_at);
    if let Some(of) = summary.rematch_of {
        let _ = writeln!(
            out,
            "Rematch:  of match {of}; its seats are kept for its players"
        );
    }
    if let Some(rematch) = summary.rematch {
        let _ = writeln!(out, "Rematch:  match {rematch}");
    }
    if let Some(commitment) = &summary.commitment {
        let _ = writeln!(out, "Dice:     seed committed as SHA-256 {commitment}");
    }
    let mut table = Table::new(["Seat", "Player", "Army", "List"]).align(0, Align::Right);
    for seat in &summary.seats {
        match &seat.player {
            Some(player) => table.row([
                seat_count(seat.seat),
                format!("{} (player {})", player.name, player.id),
                seat_army(seat),
                seat_list_name(seat),
            ]),
            None => table.row([seat_count(seat.seat), "(open)".to_string()]),
        }
    }
    out.push('\n');
    out.push_str(&table.render("  "));
    out
}

/// Points as a person writes them: `3`, `2.5`.
pub fn cost(cost: f64) -> String {
    if cost.fract() == 0.0 && cost.abs() < 1e15 {
        format!("{}", cost as i64)
    } else {
        format!("{cost}")
    }
}

#[cfg(test)]
mod tests {
    use fray_protocol::{Stat, SystemId, UnitInfo};

    use super::*;
    use crate::shown::{HOSTILE, is_safe_lines};

    fn unit(
        key: &str,
        name: &str,
        cost: f64,
        stats: &[(&str, &str)],
        special: &[&str],
    ) -> UnitInfo {
        UnitInfo {
            special: special.iter().map(|s| s.to_string()).collect(),
            ..UnitInfo::new(
                key,
                name,
                stats.iter().map(|(k, v)| Stat::new(*k, *v)).collect(),
                cost,
            )
        }
    }

    fn sample() -> SystemInfo {
        SystemInfo {
            id: SystemId::FantasyArmies,
            name: "Fantasy Armies".to_string(),
            summary: "Chess with dice.".to_string(),
            seats: SeatRange { min: 2, max: 2 },
            options: vec![OptionSpec {
                key: "points".to_string(),
                label: "Points".to_string(),
                kind: OptionKind::Int { min: 10, max: 100 },
                default: OptionValue::Int(40),
                help: "army size".to_string(),
            }],
            army_rules: vec!["At most one General.".to_string()],
            secret_armies: false,
            limits: Default::default(),
            armies: vec![ArmyInfo {
                key: "undead".to_string(),
                name: "Undead".to_string(),
                description: "They rise.".to_string(),
                units: vec![
                    unit("skeleton", "Skeleton", 1.0, &[("M", "1"), ("A", "4+")], &[]),
                    unit(
                        "archer",
                        "Skeleton Archer",
                        2.5,
                        &[("M", "1"), ("A", "5+"), ("R", "3")],
                        &["Shoot"],
                    ),
                    unit(
                        "necromancer",
                        "Necromancer",
                        12.0,
                        &[("M", "2")],
                        &["Raise Dead", "Zap"],
                    ),
                ],
                special_rules: vec!["Raise Dead: bring one back.".to_string()],
            }],
            examples: Vec::new(),
        }
    }

    #[test]
    fn a_system_renders_as_aligned_tables() {
        let expected = "\
Fantasy Armies (fantasy-armies, or fa)
======================================
Chess with dice.
Players: 2

Match options:
  Option  Default  Values     Meaning
  ------  -------  ---------  -----------------
  points  40       10 to 100  Points: army size

Building an army:
  - At most one General.

Undead (undead)
---------------
They rise.
Special rules:
  - Raise Dead: bring one back.

  Unit             Key          Cost  M  A   R  Special
  ---------------  -----------  ----  -  --  -  ---------------
  Skeleton         skeleton        1  1  4+  -
  Skeleton Archer  archer        2.5  1  5+  3  Shoot
  Necromancer      necromancer    12  2  -   -  Raise Dead, Zap
";
        assert_eq!(system(&sample(), 80), expected);
    }

    #[test]
    fn a_system_fits_the_width_it_is_given() {
        let mut info = sample();
        info.summary = "word ".repeat(40);
        info.army_rules = vec!["rule ".repeat(30)];
        info.options[0].help = "help ".repeat(30);
        for width in [64, 80] {
            let shown = system(&info, width);
            for line in shown.lines() {
                assert!(line.chars().count() <= width, "{width}: {line:?}\n{shown}");
            }
            assert!(shown.contains("\n    rule rule"), "a bullet hangs: {shown}");
        }
    }

    #[test]
    fn costs_read_as_written() {
        assert_eq!(cost(3.0), "3");
        assert_eq!(cost(2.5), "2.5");
        assert_eq!(cost(0.0), "0");
    }

    #[test]
    fn seat_ranges_read_as_numbers() {
        assert_eq!(seats(SeatRange { min: 2, max: 2 }), "2");
        assert_eq!(seats(SeatRange { min: 2, max: 4 }), "2 to 4");
    }

    /// A match as a hostile player (or a name stored before the server
    /// refused such names) makes it look.
    fn hostile_match() -> MatchSummary {
        use fray_protocol::{
            MatchConfig, MatchId, MatchStatus, Outcome, Phrase, PlayerId, PlayerRef, Seat,
            SeatSummary,
        };
        let seat = |n: u8, name: &str| SeatSummary {
            seat: Seat(n),
            player: Some(PlayerRef {
                id: PlayerId(i64::from(n) + 1),
                name: format!("{name}{HOSTILE}\nForged: line"),
            }),
            army: Some(format!("orcs{HOSTILE}")),
            list_name: Some(format!("list{HOSTILE}\nForged: line")),
            bot: None,
        };
        MatchSummary {
            id: MatchId(7),
            system: SystemId::FantasyArmies,
            config: MatchConfig::new(SystemId::FantasyArmies)
                .with(format!("key{HOSTILE}"), OptionValue::Text(HOSTILE.into())),
            status: MatchStatus::Finished,
            seats: vec![seat(0, "Eve"), seat(1, "Mallory")],
            seq: 12,
            commitment: None,
            outcome: Some(Outcome::win(
                Seat(1),
                Phrase::new()
                    .text(format!("won{HOSTILE}\nForged: line, against "))
                    .seat(Seat(0)),
            )),
            created_at: "2025-01-01 00:00:00".into(),
            rematch: None,
            rematch_of: None,
        }
    }

    #[test]
    fn an_open_rematch_is_listed_as_kept_for_its_players() {
        let mut rematch = hostile_match();
        rematch.outcome = None;
        rematch.status = MatchStatus::Open;
        rematch.rematch_of = Some(fray_protocol::MatchId(6));
        let listed = matches(std::slice::from_ref(&rematch));
        assert!(
            listed.contains("open (rematch of 6: seats kept)"),
            "{listed}"
        );
        rematch.status = MatchStatus::Running;
        assert!(!matches(&[rematch]).contains("rematch of"));
    }

    #[test]
    fn a_match_with_hostile_names_prints_them_escaped_on_their_own_lines() {
        let summary = hostile_match();
        for printed in [
            match_summary(&summary),
            matches(std::slice::from_ref(&summary)),
        ] {
            assert!(is_safe_lines(&printed), "{printed}");
            assert!(
                !printed.contains("\nForged"),
                "a name forged a line:\n{printed}"
            );
            assert!(printed.contains("Eve\\u{1b}]0;owned\\u{7}"), "{printed}");
        }
        let shown = match_summary(&summary);
        assert!(shown.contains("list\\u{1b}"), "{shown}");
        assert!(shown.contains("won\\u{1b}"), "{shown}");
    }

    #[test]
    fn an_army_the_server_keeps_secret_reads_as_secret() {
        let mut summary = hostile_match();
        summary.status = MatchStatus::Running;
        summary.outcome = None;
        summary.seats[1].army = None;
        summary.seats[1].list_name = None;
        let shown = match_summary(&summary);
        let rows: Vec<&str> = shown
            .lines()
            .filter(|line| line.contains("(player "))
            .collect();
        assert!(rows[0].contains("orcs\\u{1b}"), "{shown}");
        assert!(!rows[0].contains(SECRET), "{shown}");
        assert_eq!(rows[1].matches(SECRET).count(), 2, "{shown}");
        let listed = matches(std::slice::from_ref(&summary));
        assert!(listed.contains("Mallory"), "{listed}");
        assert!(
            listed.contains(&format!("Forged: line {SECRET}")),
            "{listed}"
        );
        assert!(!listed.contains("(("), "{listed}");
        assert!(is_safe_lines(&listed), "{listed}");
    }

    #[test]
    fn a_finished_match_names_its_players_and_counts_seats_from_1() {
        use fray_protocol::{Outcome, Phrase, PlayerId, PlayerRef, Seat};
        let mut summary = hostile_match();
        for (seat, name) in summary.seats.iter_mut().zip(["ada", "bo"]) {
            seat.player = Some(PlayerRef {
                id: PlayerId(1),
                name: name.into(),
            });
            seat.list_name = None;
        }
        summary.outcome = Some(Outcome::win(
            Seat(0),
            Phrase::from(Seat(1)).text("'s Clan Lord was removed"),
        ));
        let shown = match_summary(&summary);
        assert!(
            shown.contains("Status:   finished (won by ada)\n"),
            "{shown}"
        );
        assert!(
            shown.contains("Outcome:  bo's Clan Lord was removed\n"),
            "{shown}"
        );
        let seats: Vec<&str> = shown
            .lines()
            .filter(|line| line.contains("(player 1)"))
            .filter_map(|line| line.split_whitespace().next())
            .collect();
        assert_eq!(seats, ["1", "2"], "{shown}");
        let listed = matches(std::slice::from_ref(&summary));
        assert!(listed.contains("finished (won by ada)"), "{listed}");
    }

    #[test]
    fn an_army_list_with_a_hostile_name_prints_it_escaped() {
        let stored = StoredArmyList {
            id: fray_protocol::ArmyListId(3),
            owner: fray_protocol::PlayerId(1),
            list: ArmyList {
                system: SystemId::FantasyArmies,
                army: format!("undead{HOSTILE}"),
                name: format!("Elves{HOSTILE}\nForged: line"),
                units: vec![ArmyEntry::new(format!("skeleton{HOSTILE}"), 2)],
            },
        };
        for printed in [
            army_list(&stored, &[sample()]),
            army_lists(std::slice::from_ref(&stored), &[sample()]),
        ] {
            assert!(is_safe_lines(&printed), "{printed}");
            assert!(!printed.contains("\nForged"), "{printed}");
            assert!(printed.contains("Elves\\u{1b}"), "{printed}");
        }
    }

    #[test]
    fn an_empty_list_says_whether_anything_could_be_bought() {
        let list = ArmyList {
            system: SystemId::FantasyArmies,
            army: "undead".into(),
            name: "Nobody".into(),
            units: Vec::new(),
        };
        let mut system = sample();
        assert!(army_entries(&list, &[system.clone()]).contains("(no units yet)"));
        for unit in &mut system.armies[0].units {
            unit.buy = fray_protocol::Buy::None;
        }
        let printed = army_entries(&list, &[system]);
        assert!(printed.contains("nothing to buy"), "{printed}");
        assert!(!printed.contains("no units yet"), "{printed}");
        assert!(!printed.contains("0 pieces"), "{printed}");
        assert!(!printed.contains("Count"), "{printed}");
    }

    #[test]
    fn no_systems_says_so() {
        assert_eq!(systems(&[], 80), "The server offers no game systems.\n");
    }
}
