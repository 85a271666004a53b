//! The checks every system's army list begins with, in the same words: the
//! list is for this system, and names one of its armies.

use fray_protocol::{ArmyList, SystemId};

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
