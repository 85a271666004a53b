//! The checks every system's army list begins with, in the same words: the
//! list is for this system, and names one of its armies; and those every
//! set-up begins with: the match and every list are for this system, with
//! as many lists as it seats.

use fray_protocol::{ArmyList, MatchConfig, SystemId};

use crate::contract::SetupError;

/// The set-up's first checks: the match plays `system` (printed `name`),
/// with `min` to `max` lists, each of them for `system`.
pub fn match_and_lists(
    config: &MatchConfig,
    armies: &[ArmyList],
    system: SystemId,
    name: &str,
    (min, max): (u8, u8),
) -> Result<(), SetupError> {
    let wrong = |found: SystemId| SetupError::WrongSystem {
        expected: system.to_string(),
        found: found.to_string(),
    };
    if config.system != system {
        return Err(wrong(config.system));
    }
    if !(usize::from(min)..=usize::from(max)).contains(&armies.len()) {
        return Err(SetupError::WrongSeatCount {
            system: name.into(),
            min,
            max,
            got: armies.len(),
        });
    }
    match armies.iter().find(|list| list.system != system) {
        Some(list) => Err(wrong(list.system)),
        None => Ok(()),
    }
}

/// Every reason `list` fails the checks all systems share: it must be for
/// `system` (printed `name`) and its army one of `armies`' keys. A system's
/// own checks add their reasons after these.
pub fn system_and_army(
    list: &ArmyList,
    system: SystemId,
    name: &str,
    armies: &[&str],
) -> Vec<String> {
    let mut reasons = Vec::new();
    if list.system != system {
        reasons.push(format!("the list is for {}, not {system}", list.system));
    }
    if !armies.contains(&list.army.as_str()) {
        let choose = match armies {
            [only] => format!("every list is a '{only}'"),
            _ => format!("choose one of {}", armies.join(", ")),
        };
        reasons.push(format!("'{}' is not a {name} army: {choose}", list.army));
    }
    reasons
}
