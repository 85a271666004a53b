//! The house bots as the lobby names them: their levels, a bot asked for
//! when a match is made, the army it brings, and a bot's suggestion to a
//! seat (`POST /api/matches/{id}/suggestion`, which `fray bot` plays by).

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Action, ArmyListId, Seat};

/// How well a house bot plays.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// Any legal action, uniformly.
    Random,
    /// A short search: sees a piece left hanging, not much further.
    Easy,
    /// A search a club player's length.
    Club,
    /// The longest search: within 2 s a decision at p99.
    Expert,
}

impl BotLevel {
    pub const ALL: [BotLevel; 4] = [
        BotLevel::Random,
        BotLevel::Easy,
        BotLevel::Club,
        BotLevel::Expert,
    ];

    pub fn key(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Easy => "easy",
            BotLevel::Club => "club",
            BotLevel::Expert => "expert",
        }
    }

    /// The name the house bot of this level plays under, in every lobby,
    /// history and replay.
    pub fn player_name(self) -> String {
        format!("Fray bot ({})", self.key())
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A bot level named that is none of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownBotLevel(pub String);

impl fmt::Display for UnknownBotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no bot level '{}': choose random, easy, club or expert",
            self.0
        )
    }
}

impl std::error::Error for UnknownBotLevel {}

impl FromStr for BotLevel {
    type Err = UnknownBotLevel;

    fn from_str(text: &str) -> Result<BotLevel, UnknownBotLevel> {
        BotLevel::ALL
            .into_iter()
            .find(|level| level.key() == text)
            .ok_or_else(|| UnknownBotLevel(text.to_owned()))
    }
}

/// A house bot to seat in a match as it is made (`NewMatch::bots`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NewBot {
    pub seat: Seat,
    pub level: BotLevel,
    /// The army it brings; the system's example for its seat when left
    /// out.
    #[serde(default)]
    pub army: BotArmy,
}

/// The army a house bot brings to a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BotArmy {
    /// One of the system's example armies (`SystemInfo::examples`), by its
    /// place in that list; when left out, the one for the bot's seat (the
    /// first two make the pair the examples are made for).
    Example {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        index: Option<usize>,
    },
    /// A random legal list for the match, of `army` (a key of the
    /// system's armies) if given, else of any army.
    Random {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        army: Option<String>,
    },
    /// One of the creator's stored army lists.
    List { army_list: ArmyListId },
}

impl Default for BotArmy {
    fn default() -> BotArmy {
        BotArmy::Example { index: None }
    }
}

/// `POST /api/matches/{id}/suggestion`: what a house bot of `level` would
/// do in the asker's seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SuggestionRequest {
    pub level: BotLevel,
}

/// A house bot's suggestion for the asker's seat, from what that seat may
/// see and nothing else.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Suggestion {
    /// The match as it stood when the bot looked, in the asker's
    /// numbering: a suggestion for an earlier `seq` may no longer be legal.
    pub seq: u64,
    /// One of the seat's options, to send back as it is in `act`; `null`
    /// when the seat has nothing to decide.
    pub action: Option<Action>,
}
