//! Set positions without playing up to them: for tests of a single rule,
//! puzzles, and analysis. A position starts with the tiles in chart order
//! (a1–d1 Ruins, e1–h1 Swamps, a2–d2 Mountains, … e8–h8 Badlands: see
//! [`super::terrain::chart_order`]), no piece on the board, and seat 0 to
//! move on turn 1; place what the position needs.

use fray_protocol::{PieceId, Seat, Square};

use super::board::{self, SQUARES, Sq};
use super::state::{Limits, Phase, Piece, Place, Rules, SummonersChess};
use super::terrain::{chart_order, tiles_by_terrain};
use super::units::{PROFILES, Terrain, UnitId, unit_by_key};

pub struct Position {
    game: SummonersChess,
}

impl Default for Position {
    fn default() -> Self {
        Self::new()
    }
}

fn square(name: &str) -> Sq {
    let square: Square = name.parse().expect("a square such as e4");
    board::from_square(square).expect("a square on the board")
}

fn unit(key: &str) -> UnitId {
    unit_by_key(key).unwrap_or_else(|| {
        let known: Vec<_> = PROFILES.iter().map(|p| p.key).collect();
        panic!("no unit '{key}'; the units are {}", known.join(", "))
    })
}

impl Position {
    pub fn new() -> Self {
        Position::with_layout(chart_order())
    }

    /// An empty board on a given layout (four tiles of each terrain).
    pub fn with_layout(layout: [Terrain; SQUARES]) -> Self {
        Position {
            game: SummonersChess::empty(layout, Rules::default()),
        }
    }

    /// Exchanges the tiles of two squares.
    pub fn swap_tiles(&mut self, a: &str, b: &str) -> &mut Self {
        self.game
            .terrain
            .swap(square(a) as usize, square(b) as usize);
        self.game.tiles = tiles_by_terrain(&self.game.terrain);
        self
    }

    /// Puts a unit ("acolyte", "skeletons", …) of a seat on a square ("e4").
    /// A summoned unit counts as summoned by that seat. Panics on a taken
    /// square or a unit already summoned: a test set up wrongly.
    pub fn place(&mut self, seat: u8, unit_key: &str, at: &str) -> PieceId {
        let unit = unit(unit_key);
        let sq = square(at);
        assert!(self.game.is_empty(sq), "{at} is taken");
        self.mark_summoned(seat, unit);
        PieceId(u32::from(self.game.add_piece(unit, seat, sq)))
    }

    /// Adds a unit of a seat that has already been captured.
    pub fn fallen(&mut self, seat: u8, unit_key: &str) -> PieceId {
        let unit = unit(unit_key);
        self.mark_summoned(seat, unit);
        let index = self.game.count;
        self.game.pieces[index as usize] = Piece {
            unit,
            owner: seat,
            place: Place::Captured,
        };
        self.game.count += 1;
        PieceId(u32::from(index))
    }

    fn mark_summoned(&mut self, seat: u8, unit: UnitId) {
        let profile = &PROFILES[unit as usize];
        if let Some((terrain, chart)) = profile.summoned_from {
            assert!(
                !self.game.is_summoned(terrain, chart),
                "{} has already been summoned",
                profile.name
            );
            self.game.summoned[chart as usize][seat as usize] |= terrain.bit();
        }
    }

    pub fn to_move(&mut self, seat: Seat) -> &mut Self {
        self.game.phase = Phase::Play { seat: seat.0 };
        self
    }

    /// Plays with the Second Tile Unit Chart.
    pub fn second_unit(&mut self, on: bool) -> &mut Self {
        self.game.rules.second_unit = on;
        self
    }

    pub fn limits(&mut self, limits: Limits) -> &mut Self {
        self.game.rules.limits = limits;
        self
    }

    /// Turns already played without a capture or summons, for tests of the cap.
    pub fn quiet_turns(&mut self, turns: u32) -> &mut Self {
        self.game.quiet_turns = turns;
        self
    }

    pub fn turn(&mut self, turn: u32) -> &mut Self {
        self.game.turn = turn;
        self
    }

    pub fn build(&self) -> SummonersChess {
        self.game.clone()
    }
}
