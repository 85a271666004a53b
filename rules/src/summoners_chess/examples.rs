//! The example army: both players field the same set, so there is one list,
//! and a random army is that list.

use fray_protocol::{ArmyList, MatchConfig, SystemId};

use super::ARMY_KEY;
use crate::contract::Pick;

/// The list both players bring.
pub fn army_list() -> ArmyList {
    ArmyList {
        system: SystemId::SummonersChess,
        army: ARMY_KEY.into(),
        name: "Summoners".into(),
        units: Vec::new(),
    }
}

pub fn examples() -> Vec<ArmyList> {
    vec![army_list()]
}

/// The one list; nothing to pick.
pub fn random_army(_config: &MatchConfig, army: Option<&str>, _pick: Pick) -> Option<ArmyList> {
    army.is_none_or(|key| key == ARMY_KEY).then(army_list)
}
