use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{
    Marker, Outcome, Phrase, PieceId, PieceView, PlayerView, Seat, Square, Stat, TurnView, Viewer,
};

/// One change to what a viewer sees, or one thing that happened worth telling
/// (dice, narration). [`crate::apply`] turns a view into the next view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Effect {
    /// The board and system of a new game; the first effect of every setup.
    /// It starts a fresh view: everything before it is forgotten.
    GameCreated {
        system: String,
        width: u8,
        height: u8,
    },
    /// A player's entry, added or replaced whole.
    PlayerChanged { player: PlayerView },
    /// One of a player's counters is now `value`; 0 takes it away.
    ResourceChanged { seat: Seat, key: String, value: i64 },
    /// A piece comes into the view, on the board or off it; an entry with the
    /// same id is replaced.
    PiecePlaced { piece: PieceView },
    /// A piece now stands on `to`; `from` is none when it came from off
    /// the board (deployed, summoned).
    PieceMoved {
        piece: PieceId,
        from: Option<Square>,
        to: Square,
    },
    /// A piece leaves the view: captured, removed from play, or hidden.
    PieceRemoved {
        piece: PieceId,
        /// Why, in words: `captured`, `removed from play`.
        reason: String,
    },
    /// Some parts of a piece changed.
    PieceChanged { piece: PieceId, change: PieceChange },
    /// A square's terrain is now `terrain`; none is open ground.
    TerrainChanged {
        square: Square,
        terrain: Option<String>,
    },
    /// The wall between two squares is now `wall`; none takes it away.
    WallChanged {
        between: [Square; 2],
        wall: Option<String>,
    },
    /// The turn, phase or deciding seats changed; replaces the whole turn.
    TurnChanged { turn: TurnView },
    /// Dice were rolled; changes nothing in the view, but tells the roll.
    DiceRolled { roll: DiceRoll },
    /// Something worth telling in words; changes nothing in the view.
    Narration { text: Phrase },
    /// The game is over; the view's `outcome` is set.
    GameEnded { outcome: Outcome },
}

/// The parts of a piece that changed; parts left out are as they were.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct PieceChange {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glyph: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<Vec<Stat>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub markers: Option<Vec<Marker>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
}

/// A roll of one or more dice, told in full so a replay never re-runs a generator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DiceRoll {
    /// The seat the roll is for, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// The piece that rolled, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<PieceId>,
    /// Why the dice were rolled, in words: "contest", "Fireblast casting (5+)".
    pub purpose: Phrase,
    pub dice: Vec<Die>,
    /// Added to the sum of the dice.
    #[serde(default)]
    pub modifier: i32,
    /// What the roll came to, as the rules count it.
    pub total: i32,
    /// What the roll did, in words: "hit", "saved", "fails to cast".
    pub result: Phrase,
}

/// One die of a roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Die {
    /// How many sides it has: 6 for a d6.
    pub sides: u8,
    /// The face it shows, from 1 to `sides`.
    pub face: u8,
}

/// Who may see an effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "kind", content = "seats")]
pub enum Audience {
    /// Every seat, spectators and the referee.
    Everyone,
    /// These seats and the referee.
    Seats(Vec<Seat>),
    /// Only the referee.
    Referee,
    /// Exactly these viewers: what `seats` cannot say, such as a piece that
    /// leaves one seat's sight while the referee still sees it, or something
    /// every seat and spectator sees but not the referee.
    Viewers(Vec<Viewer>),
}

impl Audience {
    pub fn includes(&self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Audience::Viewers(viewers), _) => viewers.contains(&viewer),
            (Audience::Everyone, _) | (_, Viewer::Referee) => true,
            (Audience::Seats(seats), Viewer::Seat(seat)) => seats.contains(&seat),
            _ => false,
        }
    }

    /// The shortest audience of exactly `viewers`, out of `all` there are:
    /// the forms stored logs have used wherever they say it.
    pub fn of(viewers: &[Viewer], all: &[Viewer]) -> Audience {
        if all.iter().all(|v| viewers.contains(v)) {
            return Audience::Everyone;
        }
        if viewers.contains(&Viewer::Referee) && !viewers.contains(&Viewer::Spectator) {
            let seats: Vec<Seat> = viewers
                .iter()
                .filter_map(|v| match v {
                    Viewer::Seat(seat) => Some(*seat),
                    _ => None,
                })
                .collect();
            return if seats.is_empty() {
                Audience::Referee
            } else {
                Audience::Seats(seats)
            };
        }
        Audience::Viewers(viewers.to_vec())
    }
}

/// An effect with the audience that may see it, as the rules produce them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ScopedEffect {
    pub audience: Audience,
    pub effect: Effect,
}

impl ScopedEffect {
    pub fn public(effect: Effect) -> Self {
        ScopedEffect {
            audience: Audience::Everyone,
            effect,
        }
    }

    /// The effects of `all` that `viewer` may see, in order.
    pub fn for_viewer(all: &[ScopedEffect], viewer: Viewer) -> Vec<Effect> {
        all.iter()
            .filter(|scoped| scoped.audience.includes(viewer))
            .map(|scoped| scoped.effect.clone())
            .collect()
    }
}
