//! Classique: a regular chess side. Its King may not be left threatened
//! (G5), whatever the opponent's faction: a move is legal when, played on
//! a copy, no enemy piece's `threats` reach the King's square.
//!
//! The pawn's moves are shared with the Halflings' Villager, which "moves
//! and captures as a pawn", and the Alchemist's Student, which "moves as a
//! Pawn": [`pawn_destinations`], [`push_pawn_moves`] and [`play_pawn_move`]
//! serve all three, each with its own promotion targets.

use crate::kit::describe::Describe;
use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, DIAGONAL, KNIGHT_JUMPS, ORTHOGONAL, Sq, bit};

use super::factions::Faction;
use super::layout::{self, Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix};

type Game = ActionChessFactionChess;

/// What a Pawn may become on the far rank.
const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

/// The pieces that move as pawns: they open en passant and take by it.
const PAWN_LIKE: [Kind; 3] = [Kind::Pawn, Kind::Villager, Kind::Student];

/// A slide with no limit but the board's edge.
const FULL_LENGTH: u8 = 7;

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| {
        Some(match role {
            Role::Pawn => Kind::Pawn,
            Role::Rook => Kind::Rook,
            Role::Knight => Kind::Knight,
            Role::Bishop => Kind::Bishop,
            Role::Queen => Kind::Queen,
            Role::King => Kind::King,
        })
    })
}

/// Every legal move: the pieces' chess moves that leave the King safe.
pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    let first = out.len();
    pseudo_legal_moves(game, seat, out);
    retain_king_safe(game, seat, out, first);
}

/// Whether `seat` has a legal move that `allowed` lets it make: the first
/// of its chess moves that is allowed and leaves the King safe answers, so
/// a turn's start does not test every move against every threat.
pub(super) fn has_main_move(game: &Game, seat: u8, allowed: impl Fn(Move) -> bool) -> bool {
    let mut moves = Vec::new();
    pseudo_legal_moves(game, seat, &mut moves);
    let Some((king, _)) = game.find(seat, Kind::King) else {
        return moves.into_iter().any(allowed);
    };
    let mut scratch = game.clone();
    moves
        .into_iter()
        .any(|mv| allowed(mv) && leaves_king_safe(game, &mut scratch, seat, king, mv))
}

/// The pieces' chess moves, before asking whether they leave the King
/// threatened. Castling is already refused out of, through or into a
/// threatened square. No move takes a Dryad (F7): the shared steps and
/// slides and the pawn's diagonal ask `takeable_by`.
fn pseudo_legal_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// One Classique piece's chess moves, whoever owns it, before the King's
/// safety, which concerns the whole side (G5): castling is still refused
/// out of, through or into a threatened square, since that concerns the
/// castling King itself.
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    match game.piece(ix).kind {
        Kind::Pawn => {
            let destinations = pawn_destinations(game, ix);
            push_pawn_moves(game, ix, destinations, &PROMOTIONS, out);
        }
        Kind::Knight => game.push_leaps(ix, &KNIGHT_JUMPS, out),
        Kind::Bishop => game.push_slides(ix, &DIAGONAL, FULL_LENGTH, out),
        Kind::Rook => game.push_slides(ix, &ORTHOGONAL, FULL_LENGTH, out),
        Kind::Queen => game.push_slides(ix, &ALL_DIRECTIONS, FULL_LENGTH, out),
        Kind::King => {
            game.push_leaps(ix, &ALL_DIRECTIONS, out);
            push_castling(game, ix, out);
        }
        other => unreachable!("a {other:?} is not a Classique piece"),
    }
}

/// Drops from `out[first..]` every move after which the King would be
/// threatened. Each move is played on one scratch copy, which is then put
/// back as it was: one clone per listing, not one per move.
fn retain_king_safe(game: &Game, seat: u8, out: &mut Vec<Move>, first: usize) {
    let Some((king, _)) = game.find(seat, Kind::King) else {
        return;
    };
    let mut scratch = game.clone();
    let mut kept = first;
    for at in first..out.len() {
        let mv = out[at];
        if leaves_king_safe(game, &mut scratch, seat, king, mv) {
            out[kept] = mv;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Plays `mv` on `scratch` (a copy of `game`), asks whether the King is
/// threatened there, and puts `scratch` back.
fn leaves_king_safe(game: &Game, scratch: &mut Game, seat: u8, king: Ix, mv: Move) -> bool {
    // An Auroch steps away rather than be taken (K5), and a corpse may
    // arm a Diner: the test plays the capture as it would be played.
    scratch.set_acting(mv);
    apply(scratch, mv, &mut |scratch, victim| {
        scratch.capture_quietly(victim);
    });
    let king_square = scratch
        .piece(king)
        .square
        .expect("a King is never taken by its own side");
    let safe = if scratch.faction_of(1 - seat) == Faction::Classique {
        !chess_attacked(scratch, 1 - seat, king_square)
    } else {
        !scratch.threatened(seat, king_square)
    };
    scratch.board = game.board;
    scratch.pieces.copy_from_slice(&game.pieces);
    scratch.en_passant_next = game.en_passant_next;
    scratch.corpses = game.corpses;
    safe
}

pub(super) fn play_main(game: &mut Game, _seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    apply(game, mv, &mut |game, victim| {
        game.capture(victim, dice, log);
    });
}

/// A chess move: what it takes (by `take`), the piece's move, a castling
/// Rook's, a promotion, a double step's en passant square.
fn apply(game: &mut Game, mv: Move, take: &mut dyn FnMut(&mut Game, Ix)) {
    let (piece, to, into) = match mv {
        Move::Go { piece, to } => (piece, to, None),
        Move::Promote { piece, to, into } => (piece, to, Some(into)),
        other => unreachable!("not a Classique move: {other:?}"),
    };
    match game.piece(piece).kind {
        Kind::Pawn => play_pawn_move(game, piece, to, into, take),
        Kind::King => {
            castle_rook(game, piece, to);
            take_and_move(game, piece, to, take);
        }
        _ => take_and_move(game, piece, to, take),
    }
}

fn take_and_move(game: &mut Game, piece: Ix, to: Sq, take: &mut dyn FnMut(&mut Game, Ix)) {
    if let Some(victim) = game.at(to) {
        take(game, victim);
    }
    game.move_piece(piece, to);
}

fn square_of(game: &Game, ix: Ix) -> Sq {
    game.piece(ix)
        .square
        .expect("a moving piece is on the board")
}

// ---- Pawns, and the Villager that moves as one ----

/// Whether a pawn-like piece stands on its own second rank, unmoved: it
/// may step two squares.
fn may_double_step(game: &Game, ix: Ix) -> bool {
    let piece = game.piece(ix);
    let white = game.is_white(piece.owner);
    !piece.moved && layout::own_rank(white, grid::rank(square_of(game, ix))) == 1
}

/// The squares a pawn on its own may go to: one forward onto an empty
/// square, two from its second rank over an empty square, diagonally
/// forward onto an enemy, or onto the en passant square.
pub(super) fn pawn_destinations(game: &Game, ix: Ix) -> u64 {
    let (owner, from) = (game.piece(ix).owner, square_of(game, ix));
    let forward = game.forward(owner);
    let mut mask = 0;
    if let Some(one) = grid::offset(from, 0, forward)
        && game.passes(from, one)
        && game.is_empty(one)
    {
        mask |= bit(one);
        if let Some(two) = grid::offset(one, 0, forward)
            && game.passes(one, two)
            && game.is_empty(two)
            && may_double_step(game, ix)
        {
            mask |= bit(two);
        }
    }
    for df in [-1, 1] {
        if let Some(to) = grid::offset(from, df, forward)
            && game.passes(from, to)
            && (game.takeable_by(owner, to) || en_passant_victim(game, ix, to).is_some())
        {
            mask |= bit(to);
        }
    }
    mask
}

/// The two squares diagonally forward: what a pawn threatens.
pub(super) fn pawn_threats(game: &Game, ix: Ix) -> u64 {
    let (owner, from) = (game.piece(ix).owner, square_of(game, ix));
    let forward = game.forward(owner);
    [-1, 1]
        .into_iter()
        .filter_map(|df| grid::offset(from, df, forward))
        .filter(|&to| game.passes(from, to))
        .fold(0, |mask, sq| mask | bit(sq))
}

/// A move to each destination; onto the far rank, one per promotion.
pub(super) fn push_pawn_moves(
    game: &Game,
    ix: Ix,
    destinations: u64,
    promotions: &[Kind],
    out: &mut Vec<Move>,
) {
    let owner = game.piece(ix).owner;
    for to in grid::squares_of(destinations) {
        if game.on_far_rank(owner, to) {
            out.extend(promotions.iter().map(|&into| Move::Promote {
                piece: ix,
                to,
                into,
            }));
        } else {
            out.push(Move::Go { piece: ix, to });
        }
    }
}

/// The piece a pawn-like move from `ix` to `to` takes en passant: the
/// enemy Pawn, Villager or Student that has just skipped `to`, when `to` is
/// diagonally forward (C5).
pub(super) fn en_passant_victim(game: &Game, ix: Ix, to: Sq) -> Option<Ix> {
    if game.en_passant != Some(to) {
        return None;
    }
    let (owner, from) = (game.piece(ix).owner, square_of(game, ix));
    let forward = game.forward(owner);
    let diagonal_forward = grid::rank(to) as i8 - grid::rank(from) as i8 == forward
        && grid::file(to).abs_diff(grid::file(from)) == 1;
    if !diagonal_forward {
        return None;
    }
    let landed = grid::offset(to, 0, -forward)?;
    game.at(landed).filter(|&victim| {
        let piece = game.piece(victim);
        piece.owner != owner && PAWN_LIKE.contains(&piece.kind)
    })
}

/// A pawn-like move, or any move of a Villager: what it takes (on `to`, or
/// en passant), the move, the square a double step skips (the opponent's
/// en passant square next turn), a promotion. A move forward is progress
/// for the fifty-move rule (C9, H6); a Villager's step sideways or back
/// is not.
pub(super) fn play_pawn_move(
    game: &mut Game,
    piece: Ix,
    to: Sq,
    into: Option<Kind>,
    take: &mut dyn FnMut(&mut Game, Ix),
) {
    let from = square_of(game, piece);
    if let Some(victim) = game.at(to).or_else(|| en_passant_victim(game, piece, to)) {
        take(game, victim);
    }
    if grid::rank(from).abs_diff(grid::rank(to)) == 2 {
        game.en_passant_next = grid::offset(from, 0, game.forward(game.piece(piece).owner));
    }
    let forward = game.forward(game.piece(piece).owner);
    let advance = grid::rank(to) as i8 - grid::rank(from) as i8;
    game.move_piece(piece, to);
    if advance == forward || advance == 2 * forward {
        game.progress = true;
    }
    // A pawn the Swarmlings removed does not promote (Q5).
    if let Some(into) = into
        && game.piece(piece).square.is_some()
    {
        game.change_kind(piece, into);
    }
}

// ---- Castling ----

/// The files a castling King crosses and lands on, and its Rook's corner
/// file, kingside then queenside.
const CASTLINGS: [Castling; 2] = [
    Castling {
        rook_file: 7,
        king_path: [5, 6],
        rook_to: 5,
        between: &[5, 6],
    },
    Castling {
        rook_file: 0,
        king_path: [3, 2],
        rook_to: 3,
        between: &[1, 2, 3],
    },
];

struct Castling {
    rook_file: u8,
    /// The square the King crosses, then the one it lands on.
    king_path: [u8; 2],
    rook_to: u8,
    /// The files between King and Rook, which must be empty.
    between: &'static [u8],
}

const KING_FILE: u8 = 4;

/// The castlings open to an unmoved King on its square with an unmoved
/// Rook in the corner, free to move (C12), and nothing between, no wall
/// on the back rank between them either (W12), whatever threatens them.
fn castlings_open(game: &Game, king: Ix) -> impl Iterator<Item = &'static Castling> + '_ {
    let piece = game.piece(king);
    let white = game.is_white(piece.owner);
    let home = layout::square(white, KING_FILE, 0);
    let king_ready = !piece.moved && piece.square == Some(home);
    CASTLINGS.iter().filter(move |castling| {
        let rook_ready = game
            .at(layout::square(white, castling.rook_file, 0))
            .is_some_and(|ix| {
                let rook = game.piece(ix);
                rook.kind == Kind::Rook
                    && rook.owner == piece.owner
                    && !rook.moved
                    && !(game.rules.rulings.castling_spares_a_pinned_rook() && game.pinned(ix))
            });
        king_ready
            && rook_ready
            && castling
                .between
                .iter()
                .all(|&file| game.is_empty(layout::square(white, file, 0)))
            && unwalled(game, white, castling.rook_file)
    })
}

/// Whether no wall stands on the back rank between the King's file and
/// `rook_file`: King and Rook both pass there.
fn unwalled(game: &Game, white: bool, rook_file: u8) -> bool {
    let (low, high) = (KING_FILE.min(rook_file), KING_FILE.max(rook_file));
    (low..high).all(|file| {
        game.passes(
            layout::square(white, file, 0),
            layout::square(white, file + 1, 0),
        )
    })
}

/// The squares a castling King stands on, crosses and lands on: none may
/// be threatened.
fn castling_path(white: bool, castling: &Castling) -> [Sq; 3] {
    [
        layout::square(white, KING_FILE, 0),
        layout::square(white, castling.king_path[0], 0),
        layout::square(white, castling.king_path[1], 0),
    ]
}

fn push_castling(game: &Game, king: Ix, out: &mut Vec<Move>) {
    let white = game.is_white(game.piece(king).owner);
    for castling in castlings_open(game, king) {
        let path = castling_path(white, castling);
        if path.iter().all(|&sq| !threatened_on_path(game, king, sq)) {
            out.push(Move::Go {
                piece: king,
                to: path[2],
            });
        }
    }
}

/// Whether the castling King would be threatened on `sq`, a square it
/// stands on, crosses or lands on (C8).
fn threatened_on_path(game: &Game, king: Ix, sq: Sq) -> bool {
    let owner = game.piece(king).owner;
    king_moved_to(game, king, sq)
        .as_ref()
        .unwrap_or(game)
        .threatened(owner, sq)
}

/// `game` with the castling King standing on `sq`, a square it crosses or
/// lands on: the book's reading judges it as a step there would leave the
/// King (C8). `None` where the King stands on `sq` already, or where the
/// reading judges every square with the King at home.
fn king_moved_to(game: &Game, king: Ix, sq: Sq) -> Option<Game> {
    let judged_there = game
        .rules
        .rulings
        .castling_judges_each_square_with_the_king_there();
    if !judged_there || game.piece(king).square == Some(sq) {
        return None;
    }
    let mut there = game.clone();
    there.move_piece(king, sq);
    Some(there)
}

/// A King's two-square move is castling: its Rook crosses over it.
fn castle_rook(game: &mut Game, king: Ix, to: Sq) {
    let from = square_of(game, king);
    if grid::file(from).abs_diff(grid::file(to)) != 2 {
        return;
    }
    let white = game.is_white(game.piece(king).owner);
    let castling = CASTLINGS
        .iter()
        .find(|castling| layout::square(white, castling.king_path[1], 0) == to)
        .expect("a King moves two files only by castling");
    let rook = game
        .at(layout::square(white, castling.rook_file, 0))
        .expect("castling's Rook is in its corner");
    game.move_piece(rook, layout::square(white, castling.rook_to, 0));
}

// ---- Threats, and why a move is refused ----

/// Whether a Classique `attacker` attacks `sq`: the same answer as
/// [`Game::threatened`] against Classique pieces, found by looking out
/// from `sq` instead of listing every enemy piece's threats. Every legal
/// move asks it once, so it is what perft's speed rests on.
fn chess_attacked(game: &Game, attacker: u8, sq: Sq) -> bool {
    let enemy_on = |at: Option<Sq>, kinds: &[Kind]| {
        at.and_then(|at| game.at(at))
            .map(|ix| game.piece(ix))
            .is_some_and(|piece| piece.owner == attacker && kinds.contains(&piece.kind))
    };
    let leaps = |offsets: &[(i8, i8)], kind: Kind| {
        offsets.iter().any(|&(df, dr)| {
            let from = grid::offset(sq, df, dr).filter(|&from| game.passes(from, sq));
            enemy_on(from, &[kind])
        })
    };
    let slides = |lines: &[(i8, i8)], kinds: &[Kind]| {
        lines.iter().any(|&(df, dr)| {
            let mut at = sq;
            while let Some(next) = grid::offset(at, df, dr).filter(|&next| game.passes(at, next)) {
                if !game.is_empty(next) {
                    return enemy_on(Some(next), kinds);
                }
                at = next;
            }
            false
        })
    };
    let behind = -game.forward(attacker);
    leaps(&[(-1, behind), (1, behind)], Kind::Pawn)
        || leaps(&KNIGHT_JUMPS, Kind::Knight)
        || leaps(&ALL_DIRECTIONS, Kind::King)
        || slides(&ORTHOGONAL, &[Kind::Rook, Kind::Queen])
        || slides(&DIAGONAL, &[Kind::Bishop, Kind::Queen])
}

/// The squares a Classique piece attacks, as in chess: a pinned piece
/// still threatens (C3); a pawn its two forward diagonals; castling and en
/// passant threaten nothing (C4).
pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    let from = square_of(game, ix);
    match game.piece(ix).kind {
        Kind::Pawn => pawn_threats(game, ix),
        Kind::Knight => game.reach(from, &KNIGHT_JUMPS),
        Kind::Bishop => game.slide_reach(from, &DIAGONAL, FULL_LENGTH),
        Kind::Rook => game.slide_reach(from, &ORTHOGONAL, FULL_LENGTH),
        Kind::Queen => game.slide_reach(from, &ALL_DIRECTIONS, FULL_LENGTH),
        Kind::King => game.reach(from, &ALL_DIRECTIONS),
        other => unreachable!("a {other:?} is not a Classique piece"),
    }
}

/// Why a move of a Classique piece that the pieces' moves allow is not
/// legal: it would leave the King threatened, or castle through a
/// threatened square. `None` when the piece cannot move so at all.
pub(super) fn why_illegal(game: &Game, seat: u8, mv: Move) -> Option<String> {
    let (king, _) = game.find(seat, Kind::King)?;
    if let Move::Go { piece, to } = mv
        && piece == king
        && let Some(reason) = why_no_castling(game, king, to)
    {
        return Some(reason);
    }
    let mut pseudo = Vec::new();
    pseudo_legal_moves(game, seat, &mut pseudo);
    if !pseudo.contains(&mv) {
        return None;
    }
    let mut after = game.clone();
    after.set_acting(mv);
    apply(&mut after, mv, &mut |after, victim| {
        after.capture_quietly(victim);
    });
    let king_after = after
        .piece(king)
        .square
        .expect("a King is never taken by its own side");
    let attackers = threatening(&after, seat, king_after);
    let what = if mv.piece() == Some(king) {
        "put your King in check"
    } else {
        "leave your King in check"
    };
    Some(format!(
        "that would {what} on {}: the {} could take it",
        grid::to_square(king_after),
        attackers.join(" and the ")
    ))
}

/// Why a castling King may not make its two-square move: a square it
/// stands on, crosses or lands on is threatened.
fn why_no_castling(game: &Game, king: Ix, to: Sq) -> Option<String> {
    let owner = game.piece(king).owner;
    let white = game.is_white(owner);
    let castling = castlings_open(game, king).find(|c| castling_path(white, c)[2] == to)?;
    let (threatened, attackers) = castling_path(white, castling).into_iter().find_map(|sq| {
        let there = king_moved_to(game, king, sq);
        let judged = there.as_ref().unwrap_or(game);
        judged
            .threatened(owner, sq)
            .then(|| (sq, threatening(judged, owner, sq)))
    })?;
    Some(format!(
        "the King may not castle out of, through or into check: the {} could take on {}",
        attackers.join(" and the "),
        grid::to_square(threatened)
    ))
}

/// The enemy pieces that could capture on `sq` ("Bishop on b5").
fn threatening(game: &Game, seat: u8, sq: Sq) -> Vec<String> {
    game.pieces_of(1 - seat)
        .filter(|&(ix, _)| super::faction_rules::threats(game, ix) & bit(sq) != 0)
        .map(|(ix, _)| game.describe(ix))
        .collect()
}
