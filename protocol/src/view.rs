use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{Outcome, PieceId, Seat, Square};

/// Who is looking at a game: a player at a seat, a spectator, or the referee,
/// who sees everything (the server itself, replays of finished games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "seat")]
pub enum Viewer {
    Seat(Seat),
    Spectator,
    Referee,
}

/// Everything one viewer may see of a game, in a form any client can draw
/// without knowing the game's rules.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct View {
    /// The game system's key, such as `fantasy-armies`.
    pub system: String,
    pub width: u8,
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
    pub players: Vec<PlayerView>,
    pub turn: TurnView,
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

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Wall {
    /// The two squares the wall stands between, the smaller first.
    pub between: [Square; 2],
    pub kind: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PieceView {
    pub id: PieceId,
    pub owner: Seat,
    /// The unit's machine key, such as `wizard`.
    pub kind: String,
    /// The unit's printed name, such as `Wizard`.
    pub name: String,
    /// One or two characters to draw the piece with.
    pub glyph: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square: Option<Square>,
    /// The profile as it stands now, in the rule book's order.
    pub stats: Vec<Stat>,
    /// Spells, conditions and counters on the piece.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Marker>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stat {
    pub key: String,
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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
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

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    /// The army or faction the player fields, once it may be seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub army: Option<String>,
    /// Counters the rules keep per player: tokens, points, bonuses.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub resources: BTreeMap<String, i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnView {
    /// Turns begun so far; 0 before the first.
    pub number: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// The phase's name in words, such as `deployment` or `battle`.
    pub phase: String,
    /// The seats that must decide now.
    pub active: Vec<Seat>,
}
