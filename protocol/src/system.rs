use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::Stat;

/// The game systems Fray knows of.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum SystemId {
    /// `fantasy-armies`.
    FantasyArmies,
    /// `chessboard-confrontation`.
    ChessboardConfrontation,
    /// `action-chess-faction-chess` (not playable yet).
    ActionChessFactionChess,
    /// `chess-war` (not playable yet).
    ChessWar,
    /// `summoners-chess`.
    SummonersChess,
}

impl SystemId {
    /// The systems a server plays; the others are named, not playable yet.
    pub const PLAYABLE: [SystemId; 3] = [
        SystemId::FantasyArmies,
        SystemId::ChessboardConfrontation,
        SystemId::SummonersChess,
    ];

    pub const ALL: [SystemId; 5] = [
        SystemId::FantasyArmies,
        SystemId::ChessboardConfrontation,
        SystemId::ActionChessFactionChess,
        SystemId::ChessWar,
        SystemId::SummonersChess,
    ];

    pub fn key(self) -> &'static str {
        match self {
            SystemId::FantasyArmies => "fantasy-armies",
            SystemId::ChessboardConfrontation => "chessboard-confrontation",
            SystemId::ActionChessFactionChess => "action-chess-faction-chess",
            SystemId::ChessWar => "chess-war",
            SystemId::SummonersChess => "summoners-chess",
        }
    }

    /// The short name a person may type for the key: its words' initials
    /// (`fa`, `cc`, `sc`).
    pub fn short(self) -> &'static str {
        match self {
            SystemId::FantasyArmies => "fa",
            SystemId::ChessboardConfrontation => "cc",
            SystemId::ActionChessFactionChess => "acfc",
            SystemId::ChessWar => "cw",
            SystemId::SummonersChess => "sc",
        }
    }

    pub fn is_playable(self) -> bool {
        SystemId::PLAYABLE.contains(&self)
    }
}

/// `fantasy-armies (fa), …`: the playable systems as a person may name them.
fn playable_names() -> String {
    let names: Vec<String> = SystemId::PLAYABLE
        .iter()
        .map(|system| format!("{} ({})", system.key(), system.short()))
        .collect();
    names.join(", ")
}

impl fmt::Display for SystemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A system by its key (`fantasy-armies`) or its short name (`fa`), the
/// names every tool takes. Systems not playable yet are read too (a server
/// answers that it does not play them); an unknown name's error lists only
/// the playable ones.
impl FromStr for SystemId {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        SystemId::ALL
            .into_iter()
            .find(|system| system.key() == text || system.short() == text)
            .ok_or_else(|| {
                format!(
                    "unknown game system '{text}'; the systems: {}",
                    playable_names()
                )
            })
    }
}

/// A match option's value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Text(String),
}

/// The system and options a match is played with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MatchConfig {
    pub system: SystemId,
    /// Option values by key (see the system's `options`); a key left out
    /// takes its default.
    #[serde(default)]
    pub options: BTreeMap<String, OptionValue>,
}

impl MatchConfig {
    pub fn new(system: SystemId) -> Self {
        MatchConfig {
            system,
            options: BTreeMap::new(),
        }
    }

    pub fn with(mut self, key: impl Into<String>, value: OptionValue) -> Self {
        self.options.insert(key.into(), value);
        self
    }
}

/// What a client needs to know of a system to offer it: its options, armies
/// and every unit profile, without knowing its rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SystemInfo {
    pub id: SystemId,
    /// The system's printed name.
    pub name: String,
    /// What the game is, in a sentence or two.
    pub summary: String,
    /// How many players it takes.
    pub seats: SeatRange,
    /// The options a match may set.
    pub options: Vec<OptionSpec>,
    /// How an army list is built, in words.
    pub army_rules: Vec<String>,
    pub armies: Vec<ArmyInfo>,
}

/// The fewest and the most players, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeatRange {
    pub min: u8,
    pub max: u8,
}

/// One match option a system offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OptionSpec {
    /// The key in `MatchConfig.options`.
    pub key: String,
    /// The option's name in words.
    pub label: String,
    pub kind: OptionKind,
    /// The value a match takes when it sets none.
    pub default: OptionValue,
    /// What the option does, in words.
    pub help: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
/// The values an option takes.
#[serde(rename_all = "snake_case", tag = "type")]
pub enum OptionKind {
    /// `true` or `false`.
    Bool,
    /// A whole number from `min` to `max`, both included.
    Int { min: i64, max: i64 },
    /// One of `choices`, as text.
    Choice { choices: Vec<String> },
}

/// One army or faction of a system, with every unit it may take.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ArmyInfo {
    /// The key an army list names, such as `undead`.
    pub key: String,
    pub name: String,
    pub description: String,
    pub units: Vec<UnitInfo>,
    /// The army's special rules, in words.
    pub special_rules: Vec<String>,
}

/// A unit's profile as the rule book prints it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UnitInfo {
    /// The key an army list's entry names, such as `skeleton`.
    pub key: String,
    pub name: String,
    pub stats: Vec<Stat>,
    /// Points to take one; halves occur (Fantasy Armies' Archer costs 2.5).
    pub cost: f64,
    /// Letters or names of the special rules the unit has.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_system_is_named_by_its_key_or_its_short_name() {
        for system in SystemId::ALL {
            assert_eq!(system.key().parse::<SystemId>(), Ok(system));
            assert_eq!(system.short().parse::<SystemId>(), Ok(system));
        }
        assert_eq!("cc".parse(), Ok(SystemId::ChessboardConfrontation));
        assert_eq!("sc".parse(), Ok(SystemId::SummonersChess));
        assert_eq!("fa".parse(), Ok(SystemId::FantasyArmies));
    }

    #[test]
    fn an_unknown_name_lists_only_the_playable_systems() {
        let error = "chess".parse::<SystemId>().unwrap_err();
        assert_eq!(
            error,
            "unknown game system 'chess'; the systems: fantasy-armies (fa), \
             chessboard-confrontation (cc), summoners-chess (sc)"
        );
        assert!(!SystemId::ChessWar.is_playable());
    }
}
