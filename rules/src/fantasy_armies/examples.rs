//! The example armies: a ready-made starter list for each army, so a
//! newcomer can play at once; and a random army, which is a random army's
//! starter list.

use fray_protocol::{ArmyEntry, ArmyList, MatchConfig, SystemId};

use super::units::Army;
use crate::contract::Pick;
use crate::kit::match_options::Choice;

/// Every army's starter list; Dwarfs and Undead first, the pair tests and
/// recorded games play ([`crate::example_armies`]).
pub fn examples() -> Vec<ArmyList> {
    let first = [Army::Dwarfs, Army::Undead];
    first
        .into_iter()
        .chain(
            Army::ALL
                .iter()
                .copied()
                .filter(|army| !first.contains(army)),
        )
        .map(starter_list)
        .collect()
}

/// The starter list of `army`, else of an army drawn with one pick. Every
/// list is legal whatever the match's options: no option changes army
/// selection.
pub fn random_army(_config: &MatchConfig, army: Option<&str>, pick: Pick) -> Option<ArmyList> {
    let army = match army {
        Some(key) => Army::from_key(key)?,
        None => Army::ALL[pick(Army::ALL.len())],
    };
    Some(starter_list(army))
}

/// A legal ready-made list for each army, so a newcomer can play at once.
pub fn starter_list(army: Army) -> ArmyList {
    let units: &[(&str, u32)] = match army {
        Army::KingdomsOfMan => &[
            ("king-of-men", 1),
            ("wizard", 1),
            ("cleric", 1),
            ("knight", 2),
            ("champion", 2),
            ("man-at-arms", 5),
            ("archer", 4),
        ],
        Army::OrcsAndGoblins => &[
            ("chieftain", 1),
            ("shaman", 1),
            ("great-orc", 1),
            ("wolf-rider", 2),
            ("orc", 2),
            ("hobgoblin", 4),
            ("goblin", 5),
        ],
        Army::Dwarfs => &[
            ("high-king", 1),
            ("dwarf-lord", 1),
            ("miner", 1),
            ("hunter", 1),
            ("cannon", 1),
            ("gunner", 2),
            ("warrior", 6),
        ],
        Army::Undead => &[
            ("liche-lord", 1),
            ("necromancer", 1),
            ("vampire", 1),
            ("spectre", 1),
            ("ghoul", 3),
            ("zombie", 4),
            ("skeleton", 5),
        ],
        Army::Elves => &[
            ("clan-lord", 1),
            ("druid", 1),
            ("battlemaster", 1),
            ("pegasus-rider", 1),
            ("bowmaster", 2),
            ("ranger", 2),
            ("archer", 4),
        ],
        Army::Demons => &[
            ("demon-king", 1),
            ("hellwitch", 1),
            ("blood-demon", 1),
            ("winged-demon", 1),
            ("bone-demon", 2),
            ("demospawn", 4),
            ("black-warrior", 4),
        ],
    };
    ArmyList {
        system: SystemId::FantasyArmies,
        army: army.key().to_string(),
        name: format!("{} starter", army.name()),
        units: units
            .iter()
            .map(|&(unit, count)| ArmyEntry::new(unit, count))
            .collect(),
    }
}
