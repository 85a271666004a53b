//! A system, its options, armies and unit profiles, as text a person reads.

use std::fmt::Write;

use fray_protocol::{ArmyInfo, OptionKind, OptionSpec, OptionValue, SeatRange, SystemInfo};

use crate::table::{Align, Table};

/// Every system, one after another.
pub fn systems(systems: &[SystemInfo]) -> String {
    if systems.is_empty() {
        return "The server offers no game systems.\n".to_string();
    }
    let rendered: Vec<String> = systems.iter().map(system).collect();
    rendered.join("\n")
}

/// One system: its name, summary, players, options, army-building rules and
/// each army.
pub fn system(info: &SystemInfo) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(out, "{} ({})", info.name, info.id);
    let _ = writeln!(
        out,
        "{}",
        "=".repeat(info.name.chars().count() + info.id.key().len() + 3)
    );
    if !info.summary.is_empty() {
        let _ = writeln!(out, "{}", info.summary);
    }
    let _ = writeln!(out, "Players: {}", seats(info.seats));

    if !info.options.is_empty() {
        let _ = writeln!(out, "\nMatch options:");
        out.push_str(&options(&info.options).render("  "));
    }
    if !info.army_rules.is_empty() {
        let _ = writeln!(out, "\nBuilding an army:");
        for rule in &info.army_rules {
            let _ = writeln!(out, "  - {rule}");
        }
    }
    for army_info in &info.armies {
        out.push('\n');
        out.push_str(&army(army_info));
    }
    out
}

/// One army: its name, description, special rules and a table of its units,
/// one column per stat.
pub fn army(info: &ArmyInfo) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", info.name, info.key);
    let _ = writeln!(
        out,
        "{}",
        "-".repeat(info.name.chars().count() + info.key.chars().count() + 3)
    );
    if !info.description.is_empty() {
        let _ = writeln!(out, "{}", info.description);
    }
    if !info.special_rules.is_empty() {
        let _ = writeln!(out, "Special rules:");
        for rule in &info.special_rules {
            let _ = writeln!(out, "  - {rule}");
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

    let mut headers = vec!["Unit".to_string(), "Cost".to_string()];
    headers.extend(keys.iter().map(|key| key.to_string()));
    if any_special {
        headers.push("Special".to_string());
    }
    let mut table = Table::new(headers).align(1, Align::Right);
    out.push('\n');
    for unit in &info.units {
        let mut row = vec![unit.name.clone(), cost(unit.cost)];
        for key in &keys {
            let value = unit.stats.iter().find(|stat| stat.key == *key);
            row.push(value.map_or_else(|| "-".to_string(), |stat| stat.value.clone()));
        }
        if any_special {
            row.push(unit.special.join(", "));
        }
        table.row(row);
    }
    out.push_str(&table.render("  "));
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

/// Points as a person writes them: `3`, `2.5`.
fn cost(cost: f64) -> String {
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

    fn unit(
        key: &str,
        name: &str,
        cost: f64,
        stats: &[(&str, &str)],
        special: &[&str],
    ) -> UnitInfo {
        UnitInfo {
            key: key.to_string(),
            name: name.to_string(),
            stats: stats.iter().map(|(k, v)| Stat::new(*k, *v)).collect(),
            cost,
            special: special.iter().map(|s| s.to_string()).collect(),
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
        }
    }

    #[test]
    fn a_system_renders_as_aligned_tables() {
        let expected = "\
Fantasy Armies (fantasy-armies)
===============================
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

  Unit             Cost  M  A   R  Special
  ---------------  ----  -  --  -  ---------------
  Skeleton            1  1  4+  -
  Skeleton Archer   2.5  1  5+  3  Shoot
  Necromancer        12  2  -   -  Raise Dead, Zap
";
        assert_eq!(system(&sample()), expected);
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

    #[test]
    fn no_systems_says_so() {
        assert_eq!(systems(&[]), "The server offers no game systems.\n");
    }
}
