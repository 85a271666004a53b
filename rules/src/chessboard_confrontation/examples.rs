//! The example squads, and a random squad within a match's points.

use fray_protocol::{ArmyEntry, ArmyList, MatchConfig, SystemId};

use super::army::{ARMY_KEY, DEFAULT_BUDGET, LARGE_KEY, Trait, Troop};
use crate::contract::Pick;
use crate::kit::match_options::Choice;

/// A Lucky squad and an Armor squad: the pair tests and recorded games play
/// ([`crate::example_armies`]).
pub fn examples() -> Vec<ArmyList> {
    vec![squad("lucky"), squad("armor")]
}

/// A squad of the default 50 points: two Elites with the trait `trait_key`
/// and four Minions.
pub fn squad(trait_key: &str) -> ArmyList {
    ArmyList {
        system: SystemId::ChessboardConfrontation,
        army: ARMY_KEY.into(),
        name: format!("{trait_key} squad"),
        units: vec![
            ArmyEntry {
                unit: Troop::Elite.key().into(),
                count: 2,
                traits: vec![trait_key.into()],
            },
            ArmyEntry::new(Troop::Minion.key(), 4),
        ],
    }
}

/// A random legal squad within the match's points: miniatures of random
/// troop types, each trait taken with chance 1 in 8 (Support at most once in
/// the army), one in ten Large, bought while the points last.
pub fn random_army(config: &MatchConfig, army: Option<&str>, pick: Pick) -> Option<ArmyList> {
    if army.is_some_and(|key| key != ARMY_KEY) {
        return None;
    }
    // A config whose options are refused sets no points: such a match is
    // never played, so any legal squad does.
    let budget = super::read_settings(config).map_or(DEFAULT_BUDGET, |settings| settings.budget);
    Some(random_squad(budget, pick))
}

fn random_squad(budget: u32, pick: Pick) -> ArmyList {
    let cheapest = Troop::ALL.iter().map(|t| t.cost()).min().unwrap_or(1);
    let mut points = 0;
    let mut support = false;
    let mut units = Vec::new();
    let mut misses = 0;
    while points + cheapest <= budget && misses < 8 {
        let troop = Troop::ALL[pick(Troop::ALL.len())];
        let mut traits: Vec<Trait> = Trait::ALL
            .iter()
            .copied()
            .filter(|&t| pick(8) == 0 && !(support && t == Trait::Support))
            .collect();
        let large = pick(10) == 0;
        let cost = troop.cost() + traits.iter().map(|t| t.cost()).sum::<u32>();
        if points + cost > budget {
            // Too dear with its traits: try it bare before giving up on it.
            traits.clear();
            if points + troop.cost() > budget {
                misses += 1;
                continue;
            }
        }
        points += troop.cost() + traits.iter().map(|t| t.cost()).sum::<u32>();
        support |= traits.contains(&Trait::Support);
        let mut keys: Vec<String> = traits.iter().map(|t| t.key().to_string()).collect();
        if large {
            keys.push(LARGE_KEY.into());
        }
        units.push(ArmyEntry {
            unit: troop.key().into(),
            count: 1,
            traits: keys,
        });
    }
    if units.is_empty() {
        units.push(ArmyEntry::new(Troop::Minion.key(), 1));
    }
    ArmyList {
        system: SystemId::ChessboardConfrontation,
        army: ARMY_KEY.into(),
        name: "random squad".into(),
        units,
    }
}
