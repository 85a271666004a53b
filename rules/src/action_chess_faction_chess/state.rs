//! The game state: every piece ever in play (a captured piece keeps its
//! slot, and so its id), an index board, whose turn it is and which
//! decisions wait, and what the draw rules count.

use crate::kit::grid::{self, SQUARES, Sq};
use crate::kit::kept_view::KeptView;

use super::factions::Faction;
use super::pieces::Kind;
use super::rulings::Rulings;
use crate::kit::compass::Compass;

/// A piece's index in [`ActionChessFactionChess::pieces`]: its id.
pub type Ix = u16;
pub const EMPTY: Ix = Ix::MAX;
/// How many Spirits may share a square with the piece standing there: one
/// of each Ghost army (D2).
pub const SHARERS: usize = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub kind: Kind,
    pub owner: u8,
    /// None once captured or removed.
    pub square: Option<Sq>,
    /// Whether it has moved (castling, a pawn's double step, first moves).
    pub moved: bool,
    /// Why it left the board ("captured", "merged"); empty while on it.
    pub removed: &'static str,
    /// How many pieces it is: a Swarmling stack counts its Swarmlings
    /// (Q1); every other piece is 1.
    pub count: u16,
    /// Whether it is a Ghost's Phantom become a copy of what it captured:
    /// it may turn back into a Phantom (line 39).
    pub copy: bool,
}

/// Where the turn is: its start (decisions a faction makes before moving,
/// such as a Factory's placement), the main move, or after it while its
/// consequences are decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Start,
    Main,
    After,
    Over(Ending),
}

/// A decision that waits after a move, offered to `seat` as options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    pub seat: u8,
    pub pending: Pending,
}

/// What a waiting decision is about; each belongs to one faction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// Peasant: the piece that just took may take again.
    ChainJump { piece: Ix, takes: u8 },
    /// Beastfolk: a Goatman on the back rank becomes a Minotaur or Boarman.
    Promotion { piece: Ix },
    /// Beastfolk: a Leonine has reached a friendly non-Leonine piece on its
    /// way `toward`, with `left` squares of its roll still to go (the step
    /// onto that piece among them): take it and go on, or stop before it.
    LeonineTake {
        piece: Ix,
        toward: Compass,
        left: u8,
    },
    /// Undead: the other Grave Guard may move the same distance and way.
    PairedMove {
        piece: Ix,
        df: i8,
        dr: i8,
        distance: u8,
    },
    /// Undead: the Phylactery may be put beside the piece that moved.
    CarryPhylactery { mover: Ix, phylactery: Ix },
    /// Undead: the captured Lich-King may return beside the Phylactery.
    LichReturn { lich: Ix },
    /// Alchemist: a Bombardier, Grenadier or Explosivista that has moved
    /// may throw along one of its lines; the server rolls the distance.
    Throw { piece: Ix },
    /// Butcher: the Butcher that moved may slaughter `left` more adjacent
    /// friends.
    Slaughter { butcher: Ix, left: u8 },
    /// Swarm: `count` Swarmlings of the stack `piece`, half of those that
    /// just moved, may move again if they attack.
    SwarmAgain { piece: Ix, count: u16 },
}

/// A Wallmaster's placements of the turn being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Placed {
    /// Pieces its Chest has placed (up to 3).
    pub by_chest: u8,
    pub barracks: bool,
    pub generator: bool,
}

impl Pending {
    /// Whether the decision is that of `ix` acting on: it lapses when `ix`
    /// leaves the board (a Trap's capturer, W6).
    pub fn acted_by(self, ix: Ix) -> bool {
        match self {
            Pending::ChainJump { piece, .. }
            | Pending::Promotion { piece }
            | Pending::LeonineTake { piece, .. }
            | Pending::Throw { piece }
            | Pending::SwarmAgain { piece, .. } => piece == ix,
            Pending::CarryPhylactery { mover, .. } => mover == ix,
            Pending::Slaughter { butcher, .. } => butcher == ix,
            Pending::PairedMove { .. } | Pending::LichReturn { .. } => false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// `loser`'s faction met its defeat condition.
    Defeated { loser: u8 },
    /// The player to move had no legal move and was not in check.
    Stalemate { seat: u8 },
    /// The same position, with the same player to move, for the third time.
    Repetition,
    /// The quiet-turns cap (the fifty-move rule) was reached.
    QuietTurns,
    /// The turn cap was reached.
    TurnLimit,
}

/// The caps that end a game that would never finish; 0 is no cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_turns: u32,
    /// Turns in a row with no capture and no pawn-like advance (the
    /// fifty-move rule is 100 turns).
    pub quiet_turns: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_turns: 500,
            quiet_turns: 100,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rules {
    pub limits: Limits,
    /// Which reading of the book the match plays (see `rulings.rs`).
    pub rulings: Rulings,
}

/// A game of Action Chess Faction Chess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionChessFactionChess {
    pub(crate) pieces: Vec<Piece>,
    /// Piece index per square, or [`EMPTY`]: the piece standing there.
    pub(crate) board: [Ix; SQUARES],
    /// The Ghost Spirits sharing a square with the piece in `board` (line
    /// 37), in the order they came, then [`EMPTY`]. Where Spirits and
    /// another piece share, the other piece is in `board`; Spirits alone,
    /// the first there.
    pub(crate) sharing: [[Ix; SHARERS]; SQUARES],
    /// A Ghost's Shade haunting the square unseen (line 38), or [`EMPTY`]:
    /// it stands on no layer the opponent's moves ask about.
    pub(crate) haunting: [Ix; SQUARES],
    pub(crate) factions: [Faction; 2],
    /// The seat playing White: it moves first, from ranks 1 and 2.
    pub(crate) white: u8,
    /// The seat whose turn it is.
    pub(crate) mover: u8,
    pub(crate) stage: Stage,
    /// Decisions waiting after the main move, the last first.
    pub(crate) pending: Vec<Decision>,
    /// Decisions a capture calls for at once (the Lich-King's return): they
    /// come before anything in `pending`.
    pub(crate) reactions: Vec<Decision>,
    /// The square the opponent's Pawn or Villager skipped on the turn just
    /// played, where it may be taken en passant.
    pub(crate) en_passant: Option<Sq>,
    /// The square a Pawn or Villager skips on the turn being played: the
    /// opponent's `en_passant` once the turn ends.
    pub(crate) en_passant_next: Option<Sq>,
    /// The squares of the mover's Robot Factories that have placed a piece
    /// this turn: each places at most one a turn. Factories never move, so
    /// a square names one. Cleared as each turn begins.
    pub(crate) factories_used: u64,
    /// What the mover's Wallmaster has placed this turn (its Chest's count,
    /// its one Barracks, its one Generator); its Generators that have
    /// placed are in `factories_used`, as they never move either. Cleared
    /// as each turn begins.
    pub(crate) placed: Placed,
    /// The piece that captured a Trap during the move being played: it
    /// leaves the board once the move is done (W6).
    pub(crate) trapped: Option<Ix>,
    /// The pieces that came onto a square by moving during the action
    /// being played: a haunting Shade strikes only a piece that enters its
    /// square so (D8).
    pub(crate) arrived: Vec<Ix>,
    /// How many pieces there were as the action being played began: a
    /// piece with a higher index was made by it.
    pub(crate) pieces_at_action_start: usize,
    /// The piece whose move is being played, if the move names one: the
    /// capturer, for what a capture sets off away from it.
    pub(crate) acting: Option<Ix>,
    /// Where the acting piece's move ends, when the move names it: no
    /// Auroch flees onto it (K5).
    pub(crate) acting_to: Option<Sq>,
    /// Set on a label's dry-run copy only: a Swarmling stack's defence is
    /// not rolled there (the label says that it rolls), the capture taken
    /// to succeed.
    pub(crate) labelling: bool,
    /// The Swarmlings the Hive Queen has still to place this turn (rolled
    /// on 2d6 as the Swarm's turn begins).
    pub(crate) hatching: u16,
    /// The corpse on each square, by the kind of piece it was (Butcher).
    pub(crate) corpses: [Option<Kind>; SQUARES],
    /// How high a wall stands on each edge between orthogonal neighbours
    /// (0: none), by `walls::edge` (Wallmaster).
    pub(crate) walls: [u8; super::walls::EDGES],
    /// Whether any wall stands: most games have none, and every step and
    /// leap of every piece asks the walls whether it may pass.
    pub(crate) walled: bool,
    /// Turns begun.
    pub(crate) turn: u32,
    /// Turns in a row with no progress (see [`Limits::quiet_turns`]).
    pub(crate) quiet_turns: u32,
    /// Whether the turn being played made progress: a capture, a piece
    /// added or changed, a pawn-like advance.
    pub(crate) progress: bool,
    /// Positions since the last progress, for threefold repetition.
    pub(crate) history: Vec<u64>,
    pub(crate) rules: Rules,
    pub(crate) kept_view: KeptView<ActionChessFactionChess>,
}

impl ActionChessFactionChess {
    /// An empty board, `white` to move on turn 1.
    pub(crate) fn empty(factions: [Faction; 2], white: u8, rules: Rules) -> Self {
        ActionChessFactionChess {
            pieces: Vec::with_capacity(40),
            board: [EMPTY; SQUARES],
            sharing: [[EMPTY; SHARERS]; SQUARES],
            haunting: [EMPTY; SQUARES],
            factions,
            white,
            mover: white,
            stage: Stage::Main,
            pending: Vec::new(),
            reactions: Vec::new(),
            en_passant: None,
            en_passant_next: None,
            factories_used: 0,
            placed: Placed::default(),
            trapped: None,
            arrived: Vec::new(),
            pieces_at_action_start: 0,
            acting: None,
            acting_to: None,
            labelling: false,
            hatching: 0,
            corpses: [None; SQUARES],
            walls: [0; super::walls::EDGES],
            walled: false,
            turn: 1,
            quiet_turns: 0,
            progress: false,
            history: Vec::new(),
            rules,
            kept_view: KeptView::default(),
        }
    }

    pub(crate) fn piece(&self, ix: Ix) -> &Piece {
        &self.pieces[ix as usize]
    }

    pub(crate) fn piece_mut(&mut self, ix: Ix) -> &mut Piece {
        &mut self.pieces[ix as usize]
    }

    pub(crate) fn at(&self, sq: Sq) -> Option<Ix> {
        let ix = self.board[sq as usize];
        (ix != EMPTY).then_some(ix)
    }

    pub(crate) fn is_empty(&self, sq: Sq) -> bool {
        self.board[sq as usize] == EMPTY
    }

    /// Whether `seat` has a piece on `sq`.
    pub(crate) fn holds(&self, seat: u8, sq: Sq) -> bool {
        self.at(sq).is_some_and(|ix| self.piece(ix).owner == seat)
    }

    /// Whether `seat`'s opponent has a piece on `sq`.
    pub(crate) fn enemy_of(&self, seat: u8, sq: Sq) -> bool {
        self.at(sq).is_some_and(|ix| self.piece(ix).owner != seat)
    }

    /// The pieces on the board, with their indices, in id order.
    pub(crate) fn on_board(&self) -> impl Iterator<Item = (Ix, &Piece)> {
        self.pieces
            .iter()
            .enumerate()
            .filter(|(_, piece)| piece.square.is_some())
            .map(|(ix, piece)| (ix as Ix, piece))
    }

    /// `seat`'s pieces on the board.
    pub(crate) fn pieces_of(&self, seat: u8) -> impl Iterator<Item = (Ix, &Piece)> {
        self.on_board()
            .filter(move |(_, piece)| piece.owner == seat)
    }

    /// `seat`'s pieces of `kind` on the board.
    pub(crate) fn count_of(&self, seat: u8, kind: Kind) -> usize {
        self.pieces_of(seat).filter(|(_, p)| p.kind == kind).count()
    }

    /// The square of the first of `seat`'s pieces of `kind`, if any is on
    /// the board.
    pub(crate) fn find(&self, seat: u8, kind: Kind) -> Option<(Ix, Sq)> {
        self.pieces_of(seat)
            .find(|(_, p)| p.kind == kind)
            .map(|(ix, p)| (ix, p.square.expect("on the board")))
    }

    /// Whether a Ghost plays: only then may a Spirit pin or a Shade haunt.
    pub(crate) fn ghost_plays(&self) -> bool {
        self.factions.contains(&Faction::Ghost)
    }

    pub(crate) fn faction_of(&self, seat: u8) -> Faction {
        self.factions[seat as usize]
    }

    pub(crate) fn is_white(&self, seat: u8) -> bool {
        seat == self.white
    }

    /// The rank step toward the opponent: +1 for White, −1 for Black.
    pub(crate) fn forward(&self, seat: u8) -> i8 {
        if self.is_white(seat) { 1 } else { -1 }
    }

    /// The rank (0–7) where `seat`'s pieces promote: the opponent's back rank.
    pub(crate) fn far_rank(&self, seat: u8) -> u8 {
        if self.is_white(seat) { 7 } else { 0 }
    }

    /// Whether `sq` is on `seat`'s far rank.
    pub(crate) fn on_far_rank(&self, seat: u8, sq: Sq) -> bool {
        grid::rank(sq) == self.far_rank(seat)
    }

    /// Puts a new piece on an empty square, or a Spirit beside the piece
    /// on one; returns its index.
    pub(crate) fn add_piece(&mut self, kind: Kind, owner: u8, sq: Sq) -> Ix {
        debug_assert!(self.is_empty(sq) || kind == Kind::Spirit, "{sq} is taken");
        let ix = self.pieces.len() as Ix;
        self.pieces.push(Piece {
            kind,
            owner,
            square: Some(sq),
            moved: false,
            removed: "",
            count: 1,
            copy: false,
        });
        self.occupy(ix, sq);
        self.progress = true;
        ix
    }

    /// The pieces standing on `sq`: the one in `board`, then the Spirits
    /// sharing with it. A haunting Shade is not among them.
    pub(crate) fn occupants(&self, sq: Sq) -> impl Iterator<Item = Ix> + use<> {
        std::iter::once(self.board[sq as usize])
            .chain(self.sharing[sq as usize])
            .filter(|&ix| ix != EMPTY)
    }

    /// The first Spirit sharing `sq` with the piece standing there, if any.
    pub(crate) fn sharer(&self, sq: Sq) -> Option<Ix> {
        let ix = self.sharing[sq as usize][0];
        (ix != EMPTY).then_some(ix)
    }

    /// The Shade haunting `sq`, if any.
    pub(crate) fn haunter(&self, sq: Sq) -> Option<Ix> {
        let ix = self.haunting[sq as usize];
        (ix != EMPTY).then_some(ix)
    }

    /// Whether piece `ix` is a Shade haunting its square unseen.
    pub(crate) fn is_haunting(&self, ix: Ix) -> bool {
        self.piece(ix)
            .square
            .is_some_and(|sq| self.haunting[sq as usize] == ix)
    }

    /// Whether piece `ix` may not move: an enemy Spirit shares its square
    /// (line 37).
    pub(crate) fn pinned(&self, ix: Ix) -> bool {
        let piece = self.piece(ix);
        piece.square.is_some_and(|sq| {
            self.occupants(sq).any(|other| {
                other != ix
                    && self.piece(other).kind == Kind::Spirit
                    && self.piece(other).owner != piece.owner
            })
        })
    }

    /// Takes `ix` off whichever layer of its square holds it; the first
    /// Spirit sharing with it then stands there, the others beside it.
    fn vacate(&mut self, ix: Ix, sq: Sq) {
        let at = sq as usize;
        if self.board[at] == ix {
            self.board[at] = self.shift_sharers(at, 0);
        } else if let Some(slot) = self.sharing[at].iter().position(|&s| s == ix) {
            self.shift_sharers(at, slot);
        } else if self.haunting[at] == ix {
            self.haunting[at] = EMPTY;
        }
    }

    /// Takes the sharer in `slot` off square `at`, moving the later ones
    /// up; returns it.
    fn shift_sharers(&mut self, at: usize, slot: usize) -> Ix {
        let sharers = &mut self.sharing[at];
        let taken = sharers[slot];
        sharers.copy_within(slot + 1.., slot);
        sharers[SHARERS - 1] = EMPTY;
        taken
    }

    /// Stands `ix` on `sq`: alone on an empty square; a Spirit beside the
    /// pieces there; any other piece in front of the Spirits left there (it
    /// captured what they shared with).
    fn occupy(&mut self, ix: Ix, sq: Sq) {
        let at = sq as usize;
        let standing = self.board[at];
        if standing == EMPTY || standing == ix {
            self.board[at] = ix;
            return;
        }
        let free = self.sharing[at].iter().position(|&s| s == EMPTY);
        debug_assert!(free.is_some(), "{sq} is full");
        let free = free.unwrap_or(SHARERS - 1);
        if self.piece(ix).kind == Kind::Spirit {
            self.sharing[at][free] = ix;
        } else {
            debug_assert_eq!(self.piece(standing).kind, Kind::Spirit, "{sq} is taken");
            self.sharing[at].copy_within(..free, 1);
            self.sharing[at][0] = standing;
            self.board[at] = ix;
        }
    }

    /// Hides a Shade on its square: it haunts there unseen (line 38).
    pub(crate) fn haunt(&mut self, ix: Ix) {
        let sq = self.piece(ix).square.expect("a Shade on the board");
        debug_assert_eq!(self.haunting[sq as usize], EMPTY, "{sq} is haunted");
        self.vacate(ix, sq);
        self.haunting[sq as usize] = ix;
    }

    /// A haunting Shade shows itself where it is, standing on its square
    /// (which its capture has just emptied).
    pub(crate) fn unhaunt(&mut self, ix: Ix) {
        let sq = self.piece(ix).square.expect("a Shade on the board");
        self.vacate(ix, sq);
        self.occupy(ix, sq);
    }

    /// Moves a piece to an empty square (what stood there was captured or
    /// moved first), or a Spirit to share a square.
    pub(crate) fn move_piece(&mut self, ix: Ix, to: Sq) {
        // A capturer the Swarmlings removed goes no further: the moves that
        // take, then move, need not each ask (Q5).
        let Some(from) = self.piece(ix).square else {
            debug_assert_eq!(self.piece(ix).removed, super::capture::REPELLED);
            return;
        };
        self.vacate(ix, from);
        self.occupy(ix, to);
        self.arrived.push(ix);
        let piece = self.piece_mut(ix);
        piece.square = Some(to);
        piece.moved = true;
    }

    /// Takes a piece off the board, for the reason told to viewers
    /// ("captured", "merged into an Oozle"), without a capture's
    /// consequences.
    pub(crate) fn lift(&mut self, ix: Ix, why: &'static str) {
        if let Some(sq) = self.piece(ix).square {
            self.vacate(ix, sq);
            let piece = self.piece_mut(ix);
            piece.square = None;
            piece.removed = why;
            self.progress = true;
        }
    }

    /// Puts a piece that left the board back on an empty square, with its
    /// id: the Undead's Lich-King returns as the same piece it was.
    pub(crate) fn put_back(&mut self, ix: Ix, sq: Sq) {
        debug_assert!(self.piece(ix).square.is_none(), "the piece is on the board");
        debug_assert!(self.is_empty(sq), "{sq} is taken");
        self.occupy(ix, sq);
        let piece = self.piece_mut(ix);
        piece.square = Some(sq);
        piece.removed = "";
        self.progress = true;
    }

    /// Names the piece whose move is played and where it ends, for what a
    /// capture sets off (an Auroch's flight).
    pub(crate) fn set_acting(&mut self, mv: super::moves::Move) {
        self.acting = mv.piece();
        self.acting_to = mv.destination();
    }

    /// The piece on the board a move carries to another square, if it
    /// moves one: not a piece that only places, builds or slaughters, nor
    /// one put back on the board.
    pub(crate) fn moving_piece(&self, mv: super::moves::Move) -> Option<Ix> {
        use super::moves::Move;
        match mv {
            Move::Go { piece, .. }
            | Move::Promote { piece, .. }
            | Move::Via { piece, .. }
            | Move::Roll { piece, .. }
            | Move::Merge { piece, .. }
            | Move::Feast { piece, .. }
            | Move::Swarm { piece, .. }
            | Move::Haunt { piece, .. } => Some(piece),
            // The Phylactery carried beside its mover (U-rulings).
            Move::Place { piece, kind, .. }
                if self.piece(piece).kind == kind && self.piece(piece).square.is_some() =>
            {
                Some(piece)
            }
            _ => None,
        }
    }

    /// Turns a piece into another kind where it stands (a promotion).
    pub(crate) fn change_kind(&mut self, ix: Ix, kind: Kind) {
        self.piece_mut(ix).kind = kind;
        self.progress = true;
    }

    /// The seat that decides now, if the game is on.
    pub(crate) fn deciding(&self) -> Option<u8> {
        if let Some(decision) = self.reactions.last().or(self.pending.last()) {
            return Some(decision.seat);
        }
        match self.stage {
            Stage::Over(_) => None,
            _ => Some(self.mover),
        }
    }

    /// The decision waiting now, if any.
    pub(crate) fn waiting(&self) -> Option<Decision> {
        self.reactions.last().or(self.pending.last()).copied()
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn white(&self) -> fray_protocol::Seat {
        fray_protocol::Seat(self.white)
    }

    pub fn faction(&self, seat: fray_protocol::Seat) -> Faction {
        self.faction_of(seat.0)
    }
}
