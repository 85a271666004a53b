//! Army selection: one race, each of its units within the No column's
//! bounds, exactly one general, at least four basic infantry, at most 24
//! units (the deployment zone's squares), the whole within the points.

use std::fmt;

use fray_protocol::{ArmyList, SystemId};

use super::units::{Race, UnitId, profile, unit_by_key, units_of};
use crate::kit::army_check;
use crate::kit::match_options::Choice;

/// The points a match gives each army unless its `points` option says else.
pub const DEFAULT_POINTS: u32 = 50;
/// The fewest points the `points` option allows: every race's smallest
/// legal army (the Dwarves', 21) fits, with a little to spare.
pub const MIN_POINTS: u32 = 25;
/// The most points the `points` option allows: more than any race's whole
/// table costs (the Dwarves' again, 109), so above it nothing changes.
pub const MAX_POINTS: u32 = 120;
/// The most units an army may have: the squares of its deployment zone,
/// three ranks of eight (W6, W8).
pub const MAX_UNITS: u32 = 24;

/// The points a list is checked against. A stored list is for no match in
/// particular, so it is held to the most any match allows; the match's own
/// points are checked when the list is brought to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// The points of the match the list plays in (its `points` option).
    Match(u32),
    /// No match in particular: [`MAX_POINTS`].
    AnyMatch,
}

impl Budget {
    pub fn points(self) -> u32 {
        match self {
            Budget::Match(points) => points,
            Budget::AnyMatch => MAX_POINTS,
        }
    }
}

/// One reason a list is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArmyProblem {
    /// The list is for another system, or names no race of this one: the
    /// words every system uses.
    NotThisSystem(String),
    UnknownUnit {
        key: String,
        race: Race,
    },
    ZeroCount {
        unit: &'static str,
    },
    Traits {
        unit: &'static str,
    },
    Generals {
        general: &'static str,
        count: u32,
    },
    TooFewInfantry {
        infantry: &'static str,
        count: u32,
        min: u8,
    },
    TooManyInfantry {
        infantry: &'static str,
        count: u32,
        max: u8,
    },
    TooMany {
        unit: &'static str,
        count: u32,
        max: u8,
    },
    TooManyUnits {
        count: u32,
    },
    OverBudget {
        cost: u32,
        budget: Budget,
    },
}

impl fmt::Display for ArmyProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArmyProblem::NotThisSystem(reason) => f.write_str(reason),
            ArmyProblem::UnknownUnit { key, race } => {
                write!(f, "'{key}' is not in the {} army list", race.name())
            }
            ArmyProblem::ZeroCount { unit } => write!(f, "{unit} is listed with a count of 0"),
            ArmyProblem::Traits { unit } => {
                write!(f, "{unit} cannot take traits: ChessWar! has none")
            }
            ArmyProblem::Generals { general, count } => write!(
                f,
                "the army must include exactly 1 {general} (its general), not {count}"
            ),
            ArmyProblem::TooFewInfantry {
                infantry,
                count,
                min,
            } => write!(
                f,
                "the army has {count} {infantry}; it needs at least {min} basic infantry"
            ),
            ArmyProblem::TooManyInfantry {
                infantry,
                count,
                max,
            } => write!(
                f,
                "the army has {count} {infantry}; it may have at most {max}"
            ),
            ArmyProblem::TooMany { unit, count, max } => {
                write!(f, "the army has {count} {unit}; it may have at most {max}")
            }
            ArmyProblem::TooManyUnits { count } => write!(
                f,
                "the army has {count} units; at most {MAX_UNITS} fit its deployment zone"
            ),
            ArmyProblem::OverBudget {
                cost,
                budget: Budget::Match(points),
            } => write!(
                f,
                "the army costs {cost} points; the match's budget is {points} (its 'points' option)"
            ),
            ArmyProblem::OverBudget {
                cost,
                budget: Budget::AnyMatch,
            } => write!(
                f,
                "the army costs {cost} points; no match's budget is over {MAX_POINTS}"
            ),
        }
    }
}

/// A list that passed the check: its race and one unit id per unit, in the
/// race's table order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedArmy {
    pub race: Race,
    pub units: Vec<UnitId>,
}

impl CheckedArmy {
    pub fn cost(&self) -> u32 {
        self.units
            .iter()
            .map(|&unit| u32::from(profile(unit).cost))
            .sum()
    }
}

/// Checks a list against army selection within `budget`, with every reason
/// it fails, not only the first.
pub fn check(list: &ArmyList, budget: Budget) -> Result<CheckedArmy, Vec<ArmyProblem>> {
    let mut problems: Vec<ArmyProblem> = army_check::system_and_army(
        list,
        SystemId::ChessWar,
        super::NAME,
        &Race::ALL.iter().map(|race| race.key()).collect::<Vec<_>>(),
    )
    .into_iter()
    .map(ArmyProblem::NotThisSystem)
    .collect();
    let Some(race) = Race::from_key(&list.army) else {
        return Err(problems);
    };

    let mut counts: Vec<(UnitId, u32)> = units_of(race).map(|(id, _)| (id, 0)).collect();
    for entry in &list.units {
        let Some(unit) = unit_by_key(race, &entry.unit) else {
            problems.push(ArmyProblem::UnknownUnit {
                key: entry.unit.clone(),
                race,
            });
            continue;
        };
        let name = profile(unit).name;
        if entry.count == 0 {
            problems.push(ArmyProblem::ZeroCount { unit: name });
        }
        if !entry.traits.is_empty() {
            problems.push(ArmyProblem::Traits { unit: name });
        }
        if let Some((_, count)) = counts.iter_mut().find(|(id, _)| *id == unit) {
            *count = count.saturating_add(entry.count);
        }
    }

    let mut total = 0u32;
    let mut cost = 0u32;
    for &(unit, count) in &counts {
        let profile = profile(unit);
        total = total.saturating_add(count);
        cost = cost.saturating_add(u32::from(profile.cost).saturating_mul(count));
        let (min, max) = (u32::from(profile.min), u32::from(profile.max));
        if profile.is_general() {
            if count != 1 {
                problems.push(ArmyProblem::Generals {
                    general: profile.name,
                    count,
                });
            }
        } else if profile.is_basic_infantry() && count < min {
            problems.push(ArmyProblem::TooFewInfantry {
                infantry: profile.name,
                count,
                min: profile.min,
            });
        } else if profile.is_basic_infantry() && count > max {
            problems.push(ArmyProblem::TooManyInfantry {
                infantry: profile.name,
                count,
                max: profile.max,
            });
        } else if count > max {
            problems.push(ArmyProblem::TooMany {
                unit: profile.name,
                count,
                max: profile.max,
            });
        }
    }
    if total > MAX_UNITS {
        problems.push(ArmyProblem::TooManyUnits { count: total });
    }
    if cost > budget.points() {
        problems.push(ArmyProblem::OverBudget { cost, budget });
    }

    if !problems.is_empty() {
        return Err(problems);
    }
    let units = counts
        .into_iter()
        .flat_map(|(unit, count)| std::iter::repeat_n(unit, count as usize))
        .collect();
    Ok(CheckedArmy { race, units })
}

/// [`check`] with its problems in words, as clients are told them.
pub fn reasons(list: &ArmyList, budget: Budget) -> Result<CheckedArmy, Vec<String>> {
    check(list, budget).map_err(|problems| problems.iter().map(ToString::to_string).collect())
}
