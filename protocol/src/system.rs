use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{ArmyList, Stat};

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
    /// `action-chess-faction-chess`.
    ActionChessFactionChess,
    /// `chess-war`.
    ChessWar,
    /// `summoners-chess`.
    SummonersChess,
}

impl SystemId {
    /// The systems a server plays; the others are named, not playable yet.
    pub const PLAYABLE: [SystemId; 5] = [
        SystemId::FantasyArmies,
        SystemId::ChessboardConfrontation,
        SystemId::ActionChessFactionChess,
        SystemId::ChessWar,
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
    /// (`fa`, `cc`, `acfc`, `cw`, `sc`).
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

    /// This config with every option `specs` declares and it leaves out set
    /// to its default. A match stores its options this way so that a default
    /// changed by a later release never changes a match already stored.
    pub fn with_defaults(mut self, specs: &[OptionSpec]) -> Self {
        for spec in specs {
            self.options
                .entry(spec.key.clone())
                .or_insert_with(|| spec.default.clone());
        }
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
    /// The numbers among `army_rules`, for a client to check a list against
    /// while it is built; the server still judges every list it stores.
    #[serde(default)]
    pub limits: ArmyLimits,
    /// Each seat's army list is shown only to its own player until the game
    /// reveals it or is over: the lobby shows other players and spectators
    /// `null` for its army and list name, and the rules' views hide the army
    /// until their reveal (a secret choice, revealed together). Left out by
    /// servers before this field: read it as `false`.
    #[serde(default)]
    pub secret_armies: bool,
    pub armies: Vec<ArmyInfo>,
    /// Army lists that are valid in a match that sets nothing: ready to
    /// play, or to start a list from.
    #[serde(default)]
    pub examples: Vec<ArmyList>,
}

/// What an army list may hold in all, as numbers.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct ArmyLimits {
    /// The most points a list may cost in a match that sets nothing; none
    /// where units cost nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<f64>,
    /// The match option that sets the points instead (an `int` option of
    /// `options`): a stored list may cost up to the option's `max`, and is
    /// held to a match's value when it creates or joins the match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points_option: Option<String>,
    /// The fewest pieces a list takes.
    #[serde(default)]
    pub min_pieces: u32,
    /// The most pieces a list takes; none: only the points limit them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_pieces: Option<u32>,
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
    /// How a list takes it; a unit, unless said otherwise.
    #[serde(default, skip_serializing_if = "Buy::is_unit")]
    pub buy: Buy,
    /// The fewest a list must take (an army's king piece: 1).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub min: u32,
    /// The most a list may take (an army's king piece: 1); for a trait, the
    /// most pieces of a list that may have it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// How an army list takes a [`UnitInfo`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Buy {
    /// As an entry's `unit`, with a count.
    #[default]
    Unit,
    /// Among an entry's `traits`: bought for each of its pieces.
    Trait,
    /// Not at all: it comes into play by the rules (Summoners Chess's
    /// summoned units); listed for its profile.
    None,
}

impl Buy {
    pub fn is_unit(&self) -> bool {
        *self == Buy::Unit
    }
}

impl UnitInfo {
    /// A unit bought as an entry, with no limit of its own.
    pub fn new(
        key: impl Into<String>,
        name: impl Into<String>,
        stats: Vec<Stat>,
        cost: f64,
    ) -> Self {
        UnitInfo {
            key: key.into(),
            name: name.into(),
            stats,
            cost,
            special: Vec::new(),
            buy: Buy::Unit,
            min: 0,
            max: None,
        }
    }
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
             chessboard-confrontation (cc), action-chess-faction-chess (acfc), \
             chess-war (cw), summoners-chess (sc)"
        );
        assert!(SystemId::ActionChessFactionChess.is_playable());
    }
}
