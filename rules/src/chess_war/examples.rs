//! The example armies, one per race at the default 50 points, and a random
//! army within a match's points.

use fray_protocol::{ArmyEntry, ArmyList, MatchConfig, SystemId};

use super::army::{DEFAULT_POINTS, MAX_UNITS};
use super::units::{Race, UnitId, profile, units_of};
use crate::contract::Pick;
use crate::kit::match_options::Choice;

/// Every race's example list, Humans and Undead first: the pair tests and
/// recorded games will play.
pub fn examples() -> Vec<ArmyList> {
    let first = [Race::Humans, Race::Undead];
    first
        .into_iter()
        .chain(
            Race::ALL
                .iter()
                .copied()
                .filter(|race| !first.contains(race)),
        )
        .map(example)
        .collect()
}

/// A legal list of `race` at the default 50 points, so a newcomer can play
/// at once: each race's units in the book's order.
pub fn example(race: Race) -> ArmyList {
    let units: &[(&str, u32)] = match race {
        Race::Humans => &[
            ("general", 1),
            ("wizard", 1),
            ("catapults", 1),
            ("archers", 4),
            ("knights", 3),
            ("infantry", 8),
        ],
        Race::Dwarves => &[
            ("warlord", 1),
            ("rune-lord", 1),
            ("catapults", 1),
            ("crossbowers", 2),
            ("infantry", 6),
        ],
        Race::Elves => &[
            ("general", 1),
            ("wizard", 1),
            ("treemen", 1),
            ("elite-archers", 2),
            ("cavalry", 2),
            ("archers", 6),
        ],
        Race::Undead => &[
            ("liche", 1),
            ("necromancer", 1),
            ("catapults", 1),
            ("undead-archers", 2),
            ("night-riders", 2),
            ("zombies", 7),
        ],
        Race::Orcs => &[
            ("warlord", 1),
            ("shaman", 1),
            ("trolls", 2),
            ("archers", 2),
            ("wolf-riders", 3),
            ("orc-boyz", 7),
        ],
        Race::Chaos => &[
            ("chaos-lord", 1),
            ("sorcerer", 1),
            ("giants", 1),
            ("thug-bowmen", 2),
            ("chaos-knights", 2),
            ("beastmen", 4),
        ],
    };
    ArmyList {
        system: SystemId::ChessWar,
        army: race.key().to_string(),
        name: format!("{} example", race.name()),
        units: units
            .iter()
            .map(|&(unit, count)| ArmyEntry::new(unit, count))
            .collect(),
    }
}

/// A random legal list of race `army`, else of a race drawn with one pick,
/// within the match's points ([`random_counts`]). `None` when `army` names
/// no race.
pub fn random_army(config: &MatchConfig, army: Option<&str>, pick: Pick) -> Option<ArmyList> {
    let race = match army {
        Some(key) => Race::from_key(key)?,
        None => Race::ALL[pick(Race::ALL.len())],
    };
    // A config whose options are refused sets no points: such a match is
    // never played, so a list for the default points does.
    let budget = super::read_options(config).map_or(DEFAULT_POINTS, |options| options.points);
    let counts = random_counts(race, budget, pick);
    Some(ArmyList {
        system: SystemId::ChessWar,
        army: race.key().to_string(),
        name: format!("random {}", race.name()),
        units: counts
            .into_iter()
            .filter(|&(_, count)| count > 0)
            .map(|(id, count)| ArmyEntry::new(profile(id).key, count))
            .collect(),
    })
}

/// How many of each of `race`'s units a random list within `budget` points
/// takes, in the book's order: the general and the fewest basic infantry
/// first, then units drawn one at a time among those that still fit, until
/// none does.
pub(crate) fn random_counts(race: Race, budget: u32, pick: Pick) -> Vec<(UnitId, u32)> {
    let mut counts: Vec<(UnitId, u32)> = units_of(race)
        .map(|(id, unit)| (id, u32::from(unit.min)))
        .collect();
    let mut cost: u32 = counts
        .iter()
        .map(|&(id, count)| u32::from(profile(id).cost) * count)
        .sum();
    let mut total: u32 = counts.iter().map(|&(_, count)| count).sum();
    loop {
        let fitting: Vec<usize> = counts
            .iter()
            .enumerate()
            .filter(|&(_, &(id, count))| {
                let unit = profile(id);
                count < u32::from(unit.max)
                    && cost + u32::from(unit.cost) <= budget
                    && total < MAX_UNITS
            })
            .map(|(index, _)| index)
            .collect();
        if fitting.is_empty() {
            return counts;
        }
        let (id, count) = &mut counts[fitting[pick(fitting.len())]];
        *count += 1;
        cost += u32::from(profile(*id).cost);
        total += 1;
    }
}
