//! The lists: a list is the choice of a faction and nothing else, so there
//! is one per playable faction, and a random army picks a faction.

use fray_protocol::{ArmyList, MatchConfig, SystemId};

use super::factions::Faction;
use crate::contract::Pick;

/// The list that fields `faction`.
pub fn army_list(faction: Faction) -> ArmyList {
    ArmyList {
        system: SystemId::ActionChessFactionChess,
        army: faction.key().into(),
        name: faction.name().into(),
        units: Vec::new(),
    }
}

/// One list per playable faction; the first two (Classique, Peasant) are
/// the pair tests and benchmarks play.
pub fn examples() -> Vec<ArmyList> {
    Faction::PLAYABLE.into_iter().map(army_list).collect()
}

pub fn random_army(_config: &MatchConfig, army: Option<&str>, pick: Pick) -> Option<ArmyList> {
    let faction = match army {
        Some(key) => Faction::by_key(key).filter(|f| f.is_playable())?,
        None => Faction::PLAYABLE[pick(Faction::PLAYABLE.len())],
    };
    Some(army_list(faction))
}
