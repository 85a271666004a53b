//! Set positions without playing up to them, for tests of a single rule: a
//! game in round 1 with no obstacles and no miniature on the board, seat 0 to
//! choose a miniature. Place what the position needs.

use fray_protocol::{PieceId, Seat, Square};

use super::army::{LARGE_KEY, Trait, Traits, Troop};
use super::board::{self, Board, Sq};
use super::large::Reach;
use super::map::Map;
use super::rulings::Rulings;
use super::state::{
    ChessboardConfrontation, EMPTY, MAX_SEATS, Mini, Phase, Place, Scenario, Settings, TOKENS,
    marks,
};
use crate::kit::match_options::Choice;

pub struct Position {
    game: ChessboardConfrontation,
}

fn sq(board: Board, name: &str) -> Sq {
    let square: Square = name.parse().expect("a square such as e4");
    board
        .address(square)
        .unwrap_or_else(|| panic!("{name} is not on the board"))
}

fn traits_of(keys: &[&str]) -> Traits {
    keys.iter().fold(Traits::default(), |t, key| {
        if *key == LARGE_KEY {
            t.with_large()
        } else {
            t.with(Trait::from_key(key).unwrap_or_else(|| panic!("{key} is not a trait")))
        }
    })
}

impl Position {
    /// An open chessboard for `seats` players in round 1, initiative in seat order.
    pub fn new(seats: u8) -> Self {
        Self::on(Map::Chessboard, seats)
    }

    /// [`Position::new`] on the battle map of the variant.
    pub fn battle_map(seats: u8) -> Self {
        Self::on(Map::BattleMap, seats)
    }

    fn on(map: Map, seats: u8) -> Self {
        assert!((2..=4).contains(&seats));
        let mut order = [u8::MAX; MAX_SEATS];
        for s in 0..seats {
            order[s as usize] = s;
        }
        let mut tokens = [0; MAX_SEATS];
        tokens[..seats as usize].fill(TOKENS);
        Position {
            game: ChessboardConfrontation {
                minis: Vec::new(),
                board: map.board(),
                occupants: [EMPTY; board::ADDRESSES],
                obstacles: board::Squares::EMPTY,
                objective: None,
                seats,
                tokens,
                order,
                order_len: seats,
                phase: Phase::Battle { seat: 0 },
                activation: None,
                strike: None,
                pending: None,
                round: 1,
                turn: 0,
                quiet_rounds: 0,
                removed_this_round: false,
                settings: Settings {
                    map,
                    ..Settings::default()
                },
                kept_view: Default::default(),
            },
        }
    }

    fn push(
        &mut self,
        seat: u8,
        troop: &str,
        traits: &[&str],
        place: Place,
        reach: Reach,
    ) -> PieceId {
        let troop = Troop::from_key(troop).unwrap_or_else(|| panic!("{troop} is not a troop"));
        let index = self.game.minis.len() as u8;
        self.game.minis.push(Mini {
            troop,
            traits: traits_of(traits),
            owner: seat,
            place: Place::Waiting,
            markers: 0,
            turns: 0,
            reach,
        });
        if let Place::Board(at) = place {
            assert!(
                self.game.fits(index, at),
                "{} is taken",
                board::to_square(at)
            );
            self.game.put(index, at);
        } else {
            self.game.minis[index as usize].place = place;
        }
        PieceId(u32::from(index))
    }

    /// Puts a miniature (troop key, trait keys) of a seat on a square ("e4").
    /// A Large miniature reaches forward and along its side to higher files
    /// or ranks.
    pub fn place(&mut self, seat: u8, troop: &str, traits: &[&str], square: &str) -> PieceId {
        let reach = Reach::default_for(seat);
        self.push(
            seat,
            troop,
            traits,
            Place::Board(sq(self.game.board, square)),
            reach,
        )
    }

    /// Puts a Large miniature with its main space on `square`, its body
    /// reaching `reach` ("ne", "nw", "se" or "sw") from it.
    pub fn place_large(
        &mut self,
        seat: u8,
        troop: &str,
        traits: &[&str],
        square: &str,
        reach: &str,
    ) -> PieceId {
        let reach = Reach::from_key(reach).unwrap_or_else(|| panic!("{reach} is not a reach"));
        let mut traits = traits.to_vec();
        if !traits.contains(&LARGE_KEY) {
            traits.push(LARGE_KEY);
        }
        self.push(
            seat,
            troop,
            &traits,
            Place::Board(sq(self.game.board, square)),
            reach,
        )
    }

    /// A miniature waiting to join the board.
    pub fn waiting(&mut self, seat: u8, troop: &str, traits: &[&str]) -> PieceId {
        self.push(
            seat,
            troop,
            traits,
            Place::Waiting,
            Reach::default_for(seat),
        )
    }

    pub fn obstacles(&mut self, squares: &[&str]) -> &mut Self {
        for name in squares {
            self.game.obstacles |= board::bit(sq(self.game.board, name));
        }
        self
    }

    pub fn objective(&mut self, square: &str) -> &mut Self {
        self.game.objective = Some(sq(self.game.board, square));
        self
    }

    pub fn scenario(&mut self, scenario: Scenario) -> &mut Self {
        self.game.settings.scenario = scenario;
        self
    }

    /// Which reading of the book the position plays (the match option `rulings`).
    pub fn rulings(&mut self, rulings: Rulings) -> &mut Self {
        self.game.settings.rulings = rulings;
        self
    }

    /// The match options; a different map only before any miniature is placed.
    pub fn settings(&mut self, settings: Settings) -> &mut Self {
        assert!(
            settings.map == self.game.settings.map || self.game.minis.is_empty(),
            "choose the map before placing miniatures"
        );
        self.game.board = settings.map.board();
        self.game.settings = settings;
        self
    }

    /// Puts a marker ("poison", "stun", "stealth", "heal", "support",
    /// "supported", "objective") on a miniature's card.
    pub fn marker(&mut self, piece: PieceId, key: &str) -> &mut Self {
        let bit = match key {
            "poison" => marks::POISON,
            "stun" => marks::STUN,
            "stealth" => marks::STEALTH,
            "heal" => marks::HEAL,
            "support" => marks::SUPPORT,
            "supported" => marks::SUPPORTED,
            "objective" => marks::OBJECTIVE,
            other => panic!("{other} is not a marker"),
        };
        self.game.minis[piece.0 as usize].markers |= bit;
        self
    }

    /// Turns a miniature has taken this round.
    pub fn turns(&mut self, piece: PieceId, turns: u8) -> &mut Self {
        self.game.minis[piece.0 as usize].turns = turns;
        self
    }

    pub fn tokens(&mut self, seat: u8, tokens: u8) -> &mut Self {
        self.game.tokens[seat as usize] = tokens;
        self
    }

    /// Initiative order for the round, highest first.
    pub fn order(&mut self, seats: &[u8]) -> &mut Self {
        self.game.order = [u8::MAX; MAX_SEATS];
        self.game.order[..seats.len()].copy_from_slice(seats);
        self.game.order_len = seats.len() as u8;
        self
    }

    pub fn to_act(&mut self, seat: Seat) -> &mut Self {
        self.game.phase = Phase::Battle { seat: seat.0 };
        self
    }

    pub fn round(&mut self, round: u32) -> &mut Self {
        self.game.round = round;
        self
    }

    /// Whole rounds already played without a defeat.
    pub fn quiet_rounds(&mut self, rounds: u32) -> &mut Self {
        self.game.quiet_rounds = rounds;
        self
    }

    pub fn build(&self) -> ChessboardConfrontation {
        self.game.clone()
    }
}
