use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{ArmyLimits, SystemId};

/// A player's army list, as data: the system, the army or faction, and the
/// units taken. The rules validate it; this type only carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ArmyList {
    pub system: SystemId,
    /// The army's or faction's key, such as `undead`; at most 40 characters.
    pub army: String,
    /// The list's own name, chosen by its owner: at most 64 characters, the
    /// characters a player's name may hold; may be empty.
    #[serde(default)]
    pub name: String,
    pub units: Vec<ArmyEntry>,
}

/// Units of one kind taken into an army list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ArmyEntry {
    /// The unit's key in its army, such as `skeleton`.
    pub unit: String,
    /// How many are taken.
    pub count: u32,
    /// Bought traits, for systems that sell them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
}

impl ArmyEntry {
    pub fn new(unit: impl Into<String>, count: u32) -> Self {
        ArmyEntry {
            unit: unit.into(),
            count,
            traits: Vec::new(),
        }
    }
}

/// The answer to `POST /api/army-lists/check`: what storing the list would
/// say of it, with nothing stored, and its tally for a builder to show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ArmyCheck {
    /// Whether the rules take the list: storing it would succeed.
    pub valid: bool,
    /// Every reason the rules refuse it, as storing it would list them (the
    /// first 20, then how many more); empty when it is valid.
    pub reasons: Vec<String>,
    /// What the list costs by its system's published costs (`/api/systems`:
    /// each unit's `cost`, and each bought trait's, times the count), counting
    /// only the keys its army knows; left out where units cost nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<f64>,
    /// How many pieces the list takes: the sum of its entries' counts.
    pub pieces: u32,
    /// The system's limits, as `/api/systems` gives them, to set `points`
    /// and `pieces` against.
    pub limits: ArmyLimits,
}
