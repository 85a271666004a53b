//! The game state: small `Copy` miniatures in a vector, an occupancy board of
//! indices and an obstacle mask, so a position clones in one allocation.

use super::army::{Trait, Traits, Troop};
use super::board::{self, ADDRESSES, Board, Sq, Squares};
use super::large::{Reach, footprint, footprint_mask};
use super::map::Map;
use super::rulings::Rulings;
use crate::kit::match_options::Choice;

pub const EMPTY: u8 = u8::MAX;
pub const MAX_SEATS: usize = 4;
pub const TOKENS: u8 = 4;

/// Marker bits on a miniature's card.
pub mod marks {
    pub const POISON: u8 = 1;
    pub const STUN: u8 = 2;
    pub const STEALTH: u8 = 4;
    /// Heal: ready to let it or an ally reroll a failed Defence roll.
    pub const HEAL: u8 = 8;
    /// Support: held by the Support miniature, ready to give.
    pub const SUPPORT: u8 = 16;
    /// Support given: one reroll on its own turn.
    pub const SUPPORTED: u8 = 32;
    /// Retrieve: carries the objective marker.
    pub const OBJECTIVE: u8 = 64;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Not yet on the board: the side was full.
    Waiting,
    Board(Sq),
    Removed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mini {
    pub troop: Troop,
    pub traits: Traits,
    pub owner: u8,
    pub place: Place,
    pub markers: u8,
    /// Turns taken this round.
    pub turns: u8,
    /// A Large miniature: the way its body reaches from its main space.
    pub reach: Reach,
}

impl Mini {
    pub fn square(&self) -> Option<Sq> {
        match self.place {
            Place::Board(sq) => Some(sq),
            _ => None,
        }
    }

    pub fn has(&self, t: Trait) -> bool {
        self.traits.has(t)
    }

    pub fn marked(&self, mark: u8) -> bool {
        self.markers & mark != 0
    }

    pub fn in_play(&self) -> bool {
        self.place != Place::Removed
    }

    /// Its Move on the match's map, Fast included.
    pub fn movement(&self, map: Map) -> u8 {
        let fast = if self.has(Trait::Fast) {
            map.fast_bonus()
        } else {
            0
        };
        map.movement(self.troop) + fast
    }

    pub fn cost(&self) -> u32 {
        self.troop.cost() + self.traits.cost()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scenario {
    LastStanding,
    Infiltrate,
    Retrieve,
    Survival,
}

impl Choice for Scenario {
    const ALL: &'static [Self] = &[
        Scenario::LastStanding,
        Scenario::Infiltrate,
        Scenario::Retrieve,
        Scenario::Survival,
    ];

    fn key(self) -> &'static str {
        match self {
            Scenario::LastStanding => "last-standing",
            Scenario::Infiltrate => "infiltrate",
            Scenario::Retrieve => "retrieve",
            Scenario::Survival => "survival",
        }
    }
}

/// What Survival counts at the end of round 3: the book's "most miniatures
/// still on the board (or the most points worth of miniatures)" (R26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tally {
    /// Most miniatures; points break a tie.
    Miniatures,
    /// Most points of miniatures; their number breaks a tie.
    Points,
}

impl Choice for Tally {
    const ALL: &'static [Self] = &[Tally::Miniatures, Tally::Points];

    fn key(self) -> &'static str {
        match self {
            Tally::Miniatures => "miniatures",
            Tally::Points => "points",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// d6+10 obstacles by d8 rolls.
    Random,
    /// The same obstacles every game.
    Fixed,
    /// No obstacles.
    Open,
}

impl Choice for Layout {
    const ALL: &'static [Self] = &[Layout::Random, Layout::Fixed, Layout::Open];

    fn key(self) -> &'static str {
        match self {
            Layout::Random => "random",
            Layout::Fixed => "fixed",
            Layout::Open => "open",
        }
    }
}

/// The match options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub budget: u32,
    pub scenario: Scenario,
    /// Survival: what decides the winner.
    pub survival: Tally,
    pub layout: Layout,
    /// The chessboard, or the battle map of the variant.
    pub map: Map,
    /// The game is over at the end of this round; 0: never.
    pub max_rounds: u32,
    /// The game is over after this many whole rounds in a row without a
    /// removal; 0: never.
    pub quiet_rounds: u32,
    /// In Retrieve, no random obstacle on a corner of a seated player's
    /// side. Not an option: false only to set up again a match stored before
    /// the corners were kept clear.
    pub corners_clear: bool,
    /// Which reading of the book the match plays where Fray's changed.
    pub rulings: Rulings,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            budget: super::army::DEFAULT_BUDGET,
            scenario: Scenario::LastStanding,
            survival: Tally::Miniatures,
            layout: Layout::Random,
            map: Map::Chessboard,
            max_rounds: 30,
            quiet_rounds: 6,
            corners_clear: true,
            rulings: Rulings::Book,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    LastStanding { winner: u8 },
    Infiltrated { winner: u8 },
    Retrieved { winner: u8 },
    Survived { winner: Option<u8> },
    RoundLimit,
    QuietRounds,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Setting up: the seat places one miniature.
    Place {
        seat: u8,
    },
    /// The seat's turn; `Game::activation` says whether a miniature acts.
    Battle {
        seat: u8,
    },
    /// The end of the seat's turn: a waiting miniature joins the board.
    Arrive {
        seat: u8,
    },
    Over(Ending),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Melee,
    Lesser,
    Greater,
    Area,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Melee, Kind::Lesser, Kind::Greater, Kind::Area];

    pub fn key(self) -> &'static str {
        match self {
            Kind::Melee => "melee",
            Kind::Lesser => "lesser",
            Kind::Greater => "greater",
            Kind::Area => "area",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Melee => "Melee",
            Kind::Lesser => "Lesser Ranged",
            Kind::Greater => "Greater Ranged",
            Kind::Area => "Area Effect",
        }
    }

    pub fn ranged(self) -> bool {
        self != Kind::Melee
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    Regular,
    Poison,
    Stun,
}

impl Mode {
    pub fn key(self) -> &'static str {
        match self {
            Mode::Regular => "",
            Mode::Poison => "poison",
            Mode::Stun => "stun",
        }
    }
}

/// The miniature taking the current turn and what it has done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Activation {
    pub piece: u8,
    pub moved: bool,
    pub attacks: u8,
    pub kind: Option<Kind>,
    pub summoned: bool,
    pub lucky_used: bool,
    pub tried_pickup: bool,
    pub dropped: bool,
    /// End-of-turn steps done: 0 none, 1 Stealth, 2 Poison, 3 Stun.
    pub ending: u8,
}

/// The attack on one target, rolled and waiting to be settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exchange {
    pub target: u8,
    pub attack: u8,
    pub defence: u8,
}

/// An attack action under way: its targets in order (Area Effect has several).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strike {
    pub attacker: u8,
    pub kind: Kind,
    pub mode: Mode,
    pub targets: [u8; 12],
    pub count: u8,
    pub next: u8,
    pub current: Option<Exchange>,
    /// The Support window before the next target's dice has been offered.
    pub support_offered: bool,
}

/// A roll the acting miniature may reroll with Lucky or Support.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rerollable {
    /// The Skill roll Fear demands before attacking `target`; it failed.
    Fear { target: u8 },
    /// The attack roll of the current exchange; the attack failed.
    Attack,
    /// The end-of-turn Skill roll to shed a Poison or Stun marker; it failed.
    Recover { mark: u8 },
    /// The Skill roll to pick up the objective; it failed.
    PickUp,
    /// The Skill roll to summon `ally` to `to`; it failed.
    Summon { ally: u8, to: Sq },
}

/// A decision that interrupts the flow of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// The acting miniature's owner may reroll a failed roll.
    Reroll(Rerollable),
    /// The defender's owner may spend a Heal marker to reroll its failed Defence.
    Heal { defender: u8 },
    /// Another player's Support miniature is about to be attacked: its owner
    /// may give its Support marker to an ally before the dice are rolled.
    Support { supporter: u8 },
}

/// A game of Chessboard Confrontation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChessboardConfrontation {
    pub(crate) minis: Vec<Mini>,
    /// The chessboard, or the battle map of the variant.
    pub(crate) board: Board,
    /// Miniature index per square (every space a Large miniature covers), or [`EMPTY`].
    pub(crate) occupants: [u8; ADDRESSES],
    pub(crate) obstacles: Squares,
    /// Retrieve: where the objective marker lies, if no one carries it.
    pub(crate) objective: Option<Sq>,
    pub(crate) seats: u8,
    pub(crate) tokens: [u8; MAX_SEATS],
    /// Seats in initiative order this round.
    pub(crate) order: [u8; MAX_SEATS],
    /// How many seats `order` holds.
    pub(crate) order_len: u8,
    pub(crate) phase: Phase,
    pub(crate) activation: Option<Activation>,
    pub(crate) strike: Option<Strike>,
    pub(crate) pending: Option<Pending>,
    pub(crate) round: u32,
    pub(crate) turn: u32,
    pub(crate) quiet_rounds: u32,
    pub(crate) removed_this_round: bool,
    pub(crate) settings: Settings,
    /// The referee's view after the last action, kept to compare the next
    /// with rather than built again.
    pub(crate) kept_view: crate::kit::kept_view::KeptView<ChessboardConfrontation>,
}

impl ChessboardConfrontation {
    pub(crate) fn mini(&self, index: u8) -> &Mini {
        &self.minis[index as usize]
    }

    pub(crate) fn mini_mut(&mut self, index: u8) -> &mut Mini {
        &mut self.minis[index as usize]
    }

    pub(crate) fn occupant(&self, sq: Sq) -> Option<u8> {
        let index = self.occupants[usize::from(sq)];
        (index != EMPTY).then_some(index)
    }

    pub(crate) fn is_obstacle(&self, sq: Sq) -> bool {
        self.obstacles.contains(sq)
    }

    /// The spaces a miniature on the board covers.
    pub(crate) fn covers(&self, index: u8) -> Squares {
        let mini = self.mini(index);
        mini.square().map_or(Squares::EMPTY, |sq| {
            footprint_mask(self.board, mini.traits.large(), mini.reach, sq)
        })
    }

    pub(crate) fn on_board(&self) -> impl Iterator<Item = (u8, &Mini)> {
        self.minis
            .iter()
            .enumerate()
            .filter(|(_, m)| matches!(m.place, Place::Board(_)))
            .map(|(i, m)| (i as u8, m))
    }

    /// Squares holding a miniature of another player than `seat`.
    pub(crate) fn enemy_mask(&self, seat: u8) -> Squares {
        let mut mask = Squares::EMPTY;
        for (_, mini) in self.on_board().filter(|(_, m)| m.owner != seat) {
            let at = mini.square().expect("on the board");
            let body = footprint(self.board, mini.traits.large(), mini.reach, at);
            for sq in body.into_iter().flatten() {
                mask.insert(sq);
            }
        }
        mask
    }

    /// Puts a miniature on the board with its main space on `sq`.
    pub(crate) fn put(&mut self, index: u8, sq: Sq) {
        self.lift(index);
        let mini = self.mini(index);
        let squares =
            footprint(self.board, mini.traits.large(), mini.reach, sq).expect("a space that fits");
        for s in squares {
            self.occupants[usize::from(s)] = index;
        }
        self.mini_mut(index).place = Place::Board(sq);
    }

    /// Takes a miniature's spaces off the board (its place is left as it was).
    pub(crate) fn lift(&mut self, index: u8) {
        // Only the board's own squares can hold it.
        for rank in 0..self.board.height() {
            let row = usize::from(board::at(0, rank));
            for cell in &mut self.occupants[row..row + usize::from(self.board.width())] {
                if *cell == index {
                    *cell = EMPTY;
                }
            }
        }
    }

    /// Whether a miniature could stand with its main space on `sq`: on open
    /// ground, with all its spaces on the board and free of other miniatures
    /// (a Large miniature's other spaces may lie on obstacles).
    pub(crate) fn fits(&self, index: u8, sq: Sq) -> bool {
        self.fits_as(index, sq, self.mini(index).reach)
    }

    /// [`Self::fits`] with its body reaching the way `reach` says.
    pub(crate) fn fits_as(&self, index: u8, sq: Sq, reach: Reach) -> bool {
        let mini = self.mini(index);
        if self.is_obstacle(sq) {
            return false;
        }
        match footprint(self.board, mini.traits.large(), reach, sq) {
            None => false,
            Some(squares) => squares
                .iter()
                .all(|&s| self.occupant(s).is_none_or(|o| o == index)),
        }
    }

    /// How the match counts moves and ranges.
    pub(crate) fn measure(&self) -> board::Measure {
        self.settings.map.measure(self.settings.rulings)
    }

    /// Whether a seat still has miniatures in play (on the board or waiting).
    pub(crate) fn alive(&self, seat: u8) -> bool {
        self.minis.iter().any(|m| m.owner == seat && m.in_play())
    }

    pub(crate) fn seat_to_act(&self) -> Option<u8> {
        match self.pending {
            Some(Pending::Heal { defender }) => return Some(self.mini(defender).owner),
            Some(Pending::Support { supporter }) => return Some(self.mini(supporter).owner),
            Some(Pending::Reroll(_)) => {
                if let Some(a) = self.activation {
                    return Some(self.mini(a.piece).owner);
                }
            }
            None => {}
        }
        match self.phase {
            Phase::Place { seat } | Phase::Battle { seat } | Phase::Arrive { seat } => Some(seat),
            Phase::Over(_) => None,
        }
    }

    pub(crate) fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }
}
