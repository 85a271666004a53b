use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Outcome, PieceId, Seat, Square};

/// Who is looking at a game: a player at a seat, a spectator, or the referee,
/// who sees everything (the server itself, replays of finished games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "kind", content = "seat")]
pub enum Viewer {
    /// The player at a seat: `{"kind": "seat", "seat": 0}`.
    Seat(Seat),
    /// Anyone watching: what every seat may see.
    Spectator,
    /// Everything.
    Referee,
}

impl Viewer {
    /// The seat this viewer plays, if it is a player.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator | Viewer::Referee => None,
        }
    }
}

/// Everything one viewer may see of a game, in a form any client can draw
/// without knowing the game's rules.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct View {
    /// The game system's key, such as `fantasy-armies`.
    pub system: String,
    /// Files on the board (a, b, …).
    pub width: u8,
    /// Ranks on the board (1, 2, …).
    pub height: u8,
    /// Terrain by square; a square that is not listed is open ground.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub terrain: BTreeMap<Square, String>,
    /// Walls between two neighbouring squares, kept sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walls: Vec<Wall>,
    /// Every piece the viewer may see. Several may share a square; a piece
    /// without a square is waiting off the board (not yet deployed, in reserve).
    pub pieces: BTreeMap<PieceId, PieceView>,
    /// Every seat's entry, in seat order.
    pub players: Vec<PlayerView>,
    pub turn: TurnView,
    /// How the game ended, once it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

impl View {
    /// The pieces standing on a square, in id order.
    pub fn pieces_at(&self, square: Square) -> impl Iterator<Item = &PieceView> {
        self.pieces
            .values()
            .filter(move |piece| piece.square == Some(square))
    }

    pub fn player(&self, seat: Seat) -> Option<&PlayerView> {
        self.players.iter().find(|player| player.seat == seat)
    }
}

/// Something between two neighbouring squares that blocks or changes movement.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
pub struct Wall {
    /// The two squares the wall stands between, the smaller first.
    pub between: [Square; 2],
    /// What stands there, such as `wall`.
    pub kind: String,
}

/// A piece as a viewer sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PieceView {
    pub id: PieceId,
    /// The seat that commands it.
    pub owner: Seat,
    /// The unit's machine key, such as `wizard`.
    pub kind: String,
    /// The unit's printed name, such as `Wizard`.
    pub name: String,
    /// One or two characters to draw the piece with.
    pub glyph: String,
    /// Where it stands; left out while it is off the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square: Option<Square>,
    /// The profile as it stands now, in the rule book's order.
    pub stats: Vec<Stat>,
    /// Spells, conditions and counters on the piece.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Marker>,
    /// How many miniatures the piece is, where the rules move several as
    /// one piece (a Swarmling stack); left out when it is one.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: u32,
}

fn one() -> u32 {
    1
}

fn is_one(count: &u32) -> bool {
    *count == 1
}

/// One entry of a profile, such as `{"key": "HTH", "value": "2"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Stat {
    /// The stat's short name as the rule book prints it.
    pub key: String,
    /// Its value as the rule book prints it: `2`, `4+`, `1/3`.
    pub value: String,
}

impl Stat {
    pub fn new(key: impl Into<String>, value: impl Into<String>) -> Self {
        Stat {
            key: key.into(),
            value: value.into(),
        }
    }
}

/// A spell, condition or counter on a piece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Marker {
    /// The marker's machine key, such as `armour-of-thorns`.
    pub key: String,
    /// What the marker does, in words.
    pub label: String,
}

impl Marker {
    pub fn new(key: impl Into<String>, label: impl Into<String>) -> Self {
        Marker {
            key: key.into(),
            label: label.into(),
        }
    }
}

/// A player's entry in a view.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct PlayerView {
    pub seat: Seat,
    /// The army or faction the player fields, once it may be seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub army: Option<String>,
    /// Counters the rules keep per player: tokens, points, bonuses.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub resources: BTreeMap<String, i64>,
}

/// Where the game is in its turns.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub struct TurnView {
    /// Turns begun so far; 0 before the first.
    pub number: u32,
    /// The round, for systems that count rounds of several turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// The phase's name in words, such as `deployment` or `battle`.
    pub phase: String,
    /// The seats that must decide now.
    pub active: Vec<Seat>,
}
