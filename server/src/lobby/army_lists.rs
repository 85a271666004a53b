//! What a stored army list must be: its text (a name as names are, keys as
//! keys are) and its rules, judged for no match in particular. A list is
//! judged again against a match's options when it is brought to one.

use fray_protocol::ArmyList;

use super::LobbyError;
use crate::text::{ARMY_LIST_NAME, TextError, check_key};

/// Judges `list` as storing it does: its text, then every reason its
/// system's rules refuse it.
pub fn judge(list: &ArmyList) -> Result<(), LobbyError> {
    check_text(list)?;
    fray_rules::validate_army(list).map_err(LobbyError::InvalidArmy)
}

/// The list's name and keys, before the rules read (and may quote) them.
pub fn check_text(list: &ArmyList) -> Result<(), TextError> {
    ARMY_LIST_NAME.check(&list.name)?;
    check_key("army key", &list.army)?;
    for entry in &list.units {
        check_key("unit key", &entry.unit)?;
        for key in &entry.traits {
            check_key("trait key", key)?;
        }
    }
    Ok(())
}
