//! Set positions without playing up to them: for tests of a single rule,
//! puzzles, and analysis. A position starts in the battle with both armies
//! chosen and no piece on the board; place what the position needs.

use fray_protocol::{PieceId, Seat, Square};

use super::board;
use super::hth::HthModifiers;
use super::state::{EMPTY, FantasyArmies, Lasting, Limits, Phase, Piece, Place};
use super::units::{Army, unit_by_key};

pub struct Position {
    game: FantasyArmies,
}

impl Position {
    /// An empty board between two armies, seat 0 to act, on turn 1.
    pub fn new(armies: [Army; 2]) -> Self {
        Position {
            game: FantasyArmies {
                pieces: Vec::new(),
                board: [EMPTY; board::SQUARES],
                armies,
                phase: Phase::Battle { seat: 0 },
                first_deployer: 0,
                turn: 1,
                turns_since_removal: 0,
                removals: 0,
                extra_turns: [0; 2],
                ritual_bonus: [false; 2],
                king_removed: None,
                limits: Limits::default(),
                hth_modifiers: HthModifiers::default(),
                kept_view: Default::default(),
            },
        }
    }

    /// Puts a unit of the seat's army on a square ("e4"). Panics on a unit the
    /// army does not have or a square that is taken: a test set up wrongly.
    pub fn place(&mut self, seat: u8, unit: &str, square: &str) -> PieceId {
        let army = self.game.armies[seat as usize];
        let unit = unit_by_key(army, unit)
            .unwrap_or_else(|| panic!("{unit} is not in the {} army", army.name()));
        let square: Square = square.parse().expect("a square such as e4");
        let sq = board::from_square(square).expect("a square on the board");
        assert!(self.game.is_empty(sq), "{square} is taken");
        let index = self.game.pieces.len() as u8;
        self.game.pieces.push(Piece {
            unit,
            owner: seat,
            place: Place::Board(sq),
            hth_change: 0,
            moved: false,
            entangled: false,
            lasting: None,
        });
        self.game.board[sq as usize] = index;
        PieceId(u32::from(index))
    }

    /// Adds a piece of the seat's army that has already been removed from play.
    pub fn fallen(&mut self, seat: u8, unit: &str) -> PieceId {
        let army = self.game.armies[seat as usize];
        let unit = unit_by_key(army, unit)
            .unwrap_or_else(|| panic!("{unit} is not in the {} army", army.name()));
        let index = self.game.pieces.len() as u8;
        let order = self.game.removals;
        self.game.removals += 1;
        self.game.pieces.push(Piece {
            unit,
            owner: seat,
            place: Place::Removed {
                order,
                cause: "removed before the position",
            },
            hth_change: 0,
            moved: false,
            entangled: false,
            lasting: None,
        });
        PieceId(u32::from(index))
    }

    /// Marks a pawn as having moved already (no double step).
    pub fn moved(&mut self, piece: PieceId) -> &mut Self {
        self.game.pieces[piece.0 as usize].moved = true;
        self
    }

    pub fn entangled(&mut self, piece: PieceId) -> &mut Self {
        self.game.pieces[piece.0 as usize].entangled = true;
        self
    }

    /// Gives a piece a permanent HTH gain (positive) or loss (negative), as
    /// Vampire and Ghoul kills and Drain Life leave it.
    pub fn hth_change(&mut self, piece: PieceId, change: i8) -> &mut Self {
        self.game.pieces[piece.0 as usize].hth_change = change;
        self
    }

    /// The Wizard keeps Armour up.
    pub fn armour(&mut self, wizard: PieceId) -> &mut Self {
        self.game.pieces[wizard.0 as usize].lasting = Some(Lasting::Armour);
        self
    }

    /// The Shaman keeps Smash! up.
    pub fn smash(&mut self, shaman: PieceId) -> &mut Self {
        self.game.pieces[shaman.0 as usize].lasting = Some(Lasting::Smash);
        self
    }

    /// The Druid keeps Armour of Thorns up on `target`.
    pub fn thorns(&mut self, druid: PieceId, target: PieceId) -> &mut Self {
        self.game.pieces[druid.0 as usize].lasting = Some(Lasting::ArmourOfThorns {
            target: target.0 as u8,
        });
        self
    }

    pub fn dark_ritual(&mut self, seat: u8) -> &mut Self {
        self.game.ritual_bonus[seat as usize] = true;
        self
    }

    pub fn extra_turns(&mut self, seat: u8, turns: u8) -> &mut Self {
        self.game.extra_turns[seat as usize] = turns;
        self
    }

    pub fn to_move(&mut self, seat: Seat) -> &mut Self {
        self.game.phase = Phase::Battle { seat: seat.0 };
        self
    }

    pub fn limits(&mut self, limits: Limits) -> &mut Self {
        self.game.limits = limits;
        self
    }

    /// How "+1 HTH" is read (the default is the book's, add to the roll).
    pub fn hth_modifiers(&mut self, reading: HthModifiers) -> &mut Self {
        self.game.hth_modifiers = reading;
        self
    }

    /// Turns already played without a removal, for tests of the cap.
    pub fn quiet_turns(&mut self, turns: u32) -> &mut Self {
        self.game.turns_since_removal = turns;
        self
    }

    pub fn turn(&mut self, turn: u32) -> &mut Self {
        self.game.turn = turn;
        self
    }

    pub fn build(&self) -> FantasyArmies {
        self.game.clone()
    }
}
