//! Set positions without playing up to them: for tests of a single rule,
//! puzzles and perft. A position starts with an empty board, seat 0 playing
//! White and to move on turn 1, at its main move; place what it needs.

use fray_protocol::{PieceId, Square};

use crate::kit::grid::{self, Sq};

use super::factions::Faction;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Rules, Stage};

/// The engine's index of a piece a position placed, for unit tests.
#[cfg(test)]
pub(crate) fn ix(id: PieceId) -> super::state::Ix {
    id.0 as super::state::Ix
}

pub struct Position {
    game: ActionChessFactionChess,
}

fn square(name: &str) -> Sq {
    let square: Square = name.parse().expect("a square such as e4");
    grid::from_square(square).expect("a square on the board")
}

fn kind(key: &str) -> Kind {
    Kind::by_key(key).unwrap_or_else(|| {
        let known: Vec<_> = Kind::ALL.iter().map(|k| k.key()).collect();
        panic!("no piece '{key}'; the pieces are {}", known.join(", "))
    })
}

impl Position {
    /// An empty board for two factions, seat 0 White.
    pub fn new(factions: [Faction; 2]) -> Self {
        Position {
            game: ActionChessFactionChess::empty(factions, 0, Rules::default()),
        }
    }

    /// Seat 1 plays White (and so moves first unless [`Position::to_move`]
    /// says otherwise).
    pub fn black_is_seat_0(&mut self) -> &mut Self {
        self.game.white = 1;
        self.game.mover = 1;
        self
    }

    /// Every piece of the faction of `seat` where it starts.
    pub fn starting_pieces(&mut self, seat: u8) -> &mut Self {
        let faction = self.game.factions[seat as usize];
        let white = self.game.is_white(seat);
        for (kind, sq) in super::faction_rules::layout(faction, white) {
            let ix = self.game.add_piece(kind, seat, sq);
            self.game.piece_mut(ix).count = super::faction_rules::starting_count(kind);
        }
        self
    }

    /// Puts a piece ("pawn", "goatman", …) of a seat on a square ("e4").
    /// Panics on a taken square: a test set up wrongly.
    pub fn place(&mut self, seat: u8, kind_key: &str, at: &str) -> PieceId {
        let sq = square(at);
        assert!(self.game.is_empty(sq), "{at} is taken");
        PieceId(u32::from(self.game.add_piece(kind(kind_key), seat, sq)))
    }

    /// A Spirit of `seat` sharing `at` with the piece standing there
    /// (Ghost).
    pub fn sharing_spirit(&mut self, seat: u8, at: &str) -> PieceId {
        let sq = square(at);
        assert!(!self.game.is_empty(sq), "nothing on {at} to share with");
        PieceId(u32::from(self.game.add_piece(Kind::Spirit, seat, sq)))
    }

    /// A Shade of `seat` haunting `at` unseen (Ghost).
    pub fn haunting_shade(&mut self, seat: u8, at: &str) -> PieceId {
        let id = self.place(seat, "shade", at);
        self.game.haunt(id.0 as super::state::Ix);
        id
    }

    /// A Phantom of `seat` become a copy of a `kind_key` on `at` (Ghost).
    pub fn phantom_copy(&mut self, seat: u8, kind_key: &str, at: &str) -> PieceId {
        let id = self.place(seat, kind_key, at);
        self.copied(id);
        id
    }

    /// Makes a placed piece a Phantom's copy (a stack of several, say).
    pub fn copied(&mut self, piece: PieceId) -> &mut Self {
        self.game.pieces[piece.0 as usize].copy = true;
        self.game.pieces[piece.0 as usize].moved = true;
        self
    }

    /// `count` Swarmlings of `seat` stacked on `at`: one piece.
    pub fn stack(&mut self, seat: u8, at: &str, count: u16) -> PieceId {
        let id = self.place(seat, "swarmling", at);
        self.game.pieces[id.0 as usize].count = count;
        id
    }

    /// A corpse of `kind_key` lies on `at` (Butcher).
    pub fn corpse(&mut self, kind_key: &str, at: &str) -> &mut Self {
        self.game.corpses[square(at) as usize] = Some(kind(kind_key));
        self
    }

    /// Marks a placed piece as having moved (no castling with it, no
    /// double step).
    pub fn moved(&mut self, piece: PieceId) -> &mut Self {
        self.game.pieces[piece.0 as usize].moved = true;
        self
    }

    pub fn to_move(&mut self, seat: u8) -> &mut Self {
        self.game.mover = seat;
        self
    }

    /// A Pawn or Villager of the player not to move has just made a double
    /// step over `skipped`.
    pub fn en_passant(&mut self, skipped: &str) -> &mut Self {
        self.game.en_passant = Some(square(skipped));
        self
    }

    pub fn rules(&mut self, rules: Rules) -> &mut Self {
        self.game.rules = rules;
        self
    }

    /// The game, at the start of the mover's turn (its start-of-turn
    /// decisions, if it has any, else its main move).
    pub fn build(&self) -> ActionChessFactionChess {
        self.build_rolling(&[])
    }

    /// [`Position::build`] for a mover that rolls as its turn begins (the
    /// Hive Queen's 2d6): `faces` are its rolls.
    pub fn build_rolling(&self, faces: &[u8]) -> ActionChessFactionChess {
        let mut game = self.game.clone();
        game.progress = false;
        game.stage = Stage::Main;
        game.begin_turn(
            &mut crate::kit::dice::ScriptedDice::new(faces.iter().copied()),
            &mut crate::kit::effect_log::Log::silent(),
        );
        game
    }
}
