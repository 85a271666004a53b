//! Halflings: Villagers that move as pawns (the pawn code is Classique's),
//! Bunny Knights that make two leaps at a right angle, a Head Chef that
//! lets the Villagers beside it step any way, and a Mayor that moves only
//! with a Villager beside it or an enemy threatening it. Rulings H1–H10 in
//! the rules document.

use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, Sq, bit};

use super::classique;
use super::layout::{Role, by_chess_role};
use super::movement::Conditions;
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix};

type Game = ActionChessFactionChess;

/// What a Villager may become on the far rank.
const PROMOTIONS: [Kind; 2] = [Kind::BunnyKnight, Kind::HeadChef];

/// The Head Chef's longest slide.
const CHEF_REACH: u8 = 5;

/// A Bunny Knight's move: where it lands (as an offset) and the two first
/// legs that reach it, two squares one way, then two at a right angle.
struct BunnyRoute {
    to: (i8, i8),
    first_legs: [(i8, i8); 2],
}

const fn route(to: (i8, i8), a: (i8, i8), b: (i8, i8)) -> BunnyRoute {
    BunnyRoute {
        to,
        first_legs: [a, b],
    }
}

/// Two squares straight then two aside lands diagonally, two away; two
/// diagonally then two at a right angle lands straight, four away. Each
/// landing is reached by two first legs.
const BUNNY_ROUTES: [BunnyRoute; 8] = [
    route((2, 2), (2, 0), (0, 2)),
    route((2, -2), (2, 0), (0, -2)),
    route((-2, 2), (-2, 0), (0, 2)),
    route((-2, -2), (-2, 0), (0, -2)),
    route((4, 0), (2, 2), (2, -2)),
    route((-4, 0), (-2, 2), (-2, -2)),
    route((0, 4), (2, 2), (-2, 2)),
    route((0, -4), (2, -2), (-2, -2)),
];

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| match role {
        Role::Pawn => Some(Kind::Villager),
        Role::Rook | Role::Knight | Role::Bishop => Some(Kind::BunnyKnight),
        Role::Queen => Some(Kind::HeadChef),
        Role::King => Some(Kind::Mayor),
    })
}

pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// One Halflings piece's moves. The Mayor's limits (H7, H8) are its own,
/// asked of its owner's pieces beside it and its owner's enemies, and so
/// are a Villager's steps beside its owner's Head Chef (H5).
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    match game.piece(ix).kind {
        Kind::Villager => {
            let destinations = villager_destinations(game, ix);
            classique::push_pawn_moves(game, ix, destinations, &PROMOTIONS, out);
        }
        Kind::BunnyKnight => push_bunny_moves(game, ix, out),
        Kind::HeadChef => game.push_slides(ix, &ALL_DIRECTIONS, CHEF_REACH, out),
        Kind::Mayor => {
            if mayor_may_move(game, ix) {
                let to = mayor_destinations(game, ix);
                out.extend(grid::squares_of(to).map(|to| Move::Go { piece: ix, to }));
            }
        }
        other => unreachable!("a {other:?} is not a Halflings piece"),
    }
}

pub(super) fn play_main(game: &mut Game, _seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    let mut take = |game: &mut Game, victim: Ix| {
        game.capture(victim, dice, log);
    };
    match mv {
        Move::Go { piece, to } if game.piece(piece).kind == Kind::Villager => {
            classique::play_pawn_move(game, piece, to, None, &mut take);
        }
        Move::Promote { piece, to, into } => {
            classique::play_pawn_move(game, piece, to, Some(into), &mut take);
        }
        Move::Go { piece, to } => {
            take_at(game, to, &mut take);
            game.move_piece(piece, to);
        }
        Move::Via { piece, via, to } => {
            take_at(game, via, &mut take);
            take_at(game, to, &mut take);
            game.move_piece(piece, to);
        }
        other => unreachable!("not a Halflings move: {other:?}"),
    }
}

fn take_at(game: &mut Game, sq: Sq, take: &mut dyn FnMut(&mut Game, Ix)) {
    if let Some(victim) = game.at(sq) {
        take(game, victim);
    }
}

/// The squares a Halflings piece could capture on on its next move (G4):
/// the Mayor's while it is free to move, asked as `conditions` says (H9).
pub(super) fn threats(game: &Game, ix: Ix, conditions: Conditions) -> u64 {
    let from = square_of(game, ix);
    match game.piece(ix).kind {
        Kind::Villager => {
            let mut mask = classique::pawn_threats(game, ix);
            if beside_head_chef(game, ix) {
                mask |= game.reach(from, &ALL_DIRECTIONS);
            }
            mask
        }
        Kind::BunnyKnight => bunny_threats(game, ix),
        Kind::HeadChef => game.slide_reach(from, &ALL_DIRECTIONS, CHEF_REACH),
        Kind::Mayor => {
            if conditions == Conditions::TakenAsMet || mayor_may_move_next(game, ix) {
                mayor_reach(game, ix)
            } else {
                0
            }
        }
        other => unreachable!("a {other:?} is not a Halflings piece"),
    }
}

fn square_of(game: &Game, ix: Ix) -> Sq {
    game.piece(ix)
        .square
        .expect("a Halflings piece asked about is on the board")
}

/// Whether a friendly piece of `kind` stands beside `sq`.
fn beside(game: &Game, seat: u8, sq: Sq, kind: Kind) -> bool {
    grid::neighbours(sq).any(|n| {
        game.at(n)
            .map(|other| game.piece(other))
            .is_some_and(|other| other.owner == seat && other.kind == kind)
    })
}

/// The squares beside `from` a piece of `seat` may step to: a king's step.
fn steps(game: &Game, seat: u8, from: Sq) -> u64 {
    grid::neighbours(from)
        .filter(|&to| game.passes(from, to) && game.open_to(seat, to))
        .fold(0, |mask, to| mask | bit(to))
}

// ---- Villager ----

/// A Villager beginning its move beside its Head Chef may step one square
/// any way, onto an empty square or an enemy (H5).
fn beside_head_chef(game: &Game, ix: Ix) -> bool {
    beside(
        game,
        game.piece(ix).owner,
        square_of(game, ix),
        Kind::HeadChef,
    )
}

/// A pawn's squares, and beside the Head Chef a king's step (H5).
fn villager_destinations(game: &Game, ix: Ix) -> u64 {
    let mut mask = classique::pawn_destinations(game, ix);
    if beside_head_chef(game, ix) {
        mask |= steps(game, game.piece(ix).owner, square_of(game, ix));
    }
    mask
}

// ---- Bunny Knight ----

/// One option per landing by a route that takes nothing on the way (`Go`),
/// and one per enemy on a first landing, taken on the way (`Via`): two
/// routes differ only in what they take (H2).
fn push_bunny_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let (owner, from) = (game.piece(ix).owner, square_of(game, ix));
    for route in &BUNNY_ROUTES {
        let Some(to) = grid::offset(from, route.to.0, route.to.1) else {
            continue;
        };
        if !game.open_to(owner, to) {
            continue;
        }
        let mut quiet_route = false;
        for &(df, dr) in &route.first_legs {
            // Each leg is a leap of its own past walls (W11).
            let Some(via) = grid::offset(from, df, dr)
                .filter(|&via| game.passes(from, via) && game.passes(via, to))
            else {
                continue;
            };
            match game.at(via) {
                None => quiet_route = true,
                // A Dryad on the first landing shuts the route as a friend
                // does (F7).
                Some(_) if game.takeable_by(owner, via) => {
                    out.push(Move::Via { piece: ix, via, to });
                }
                Some(_) => {}
            }
        }
        if quiet_route {
            out.push(Move::Go { piece: ix, to });
        }
    }
}

/// A landing is threatened when a first landing on the way to it is open
/// (empty, or an enemy it may take: not a friend nor a Dryad); a first
/// landing when a second leg from it ends on such a square.
fn bunny_threats(game: &Game, ix: Ix) -> u64 {
    let (owner, from) = (game.piece(ix).owner, square_of(game, ix));
    let mut mask = 0;
    for route in &BUNNY_ROUTES {
        let Some(to) = grid::offset(from, route.to.0, route.to.1) else {
            continue;
        };
        for &(df, dr) in &route.first_legs {
            let Some(via) = grid::offset(from, df, dr)
                .filter(|&via| game.passes(from, via) && game.passes(via, to))
            else {
                continue;
            };
            if game.open_to(owner, via) {
                mask |= bit(to);
            }
            if game.open_to(owner, to) {
                mask |= bit(via);
            }
        }
    }
    mask
}

// ---- Mayor ----

/// A Mayor moves only beside a friendly Villager or threatened (H7).
fn mayor_may_move(game: &Game, ix: Ix) -> bool {
    let (owner, sq) = (game.piece(ix).owner, square_of(game, ix));
    beside(game, owner, sq, Kind::Villager) || game.endangered(owner, sq, Conditions::Judged)
}

/// [`mayor_may_move`] as the Mayor's threats ask it: an enemy Mayor counts
/// as free to move, and a Sprite or Titania as threatened, so that two
/// such conditions do not each wait on the other (H9, F8).
fn mayor_may_move_next(game: &Game, ix: Ix) -> bool {
    let (owner, sq) = (game.piece(ix).owner, square_of(game, ix));
    beside(game, owner, sq, Kind::Villager) || game.endangered(owner, sq, Conditions::TakenAsMet)
}

/// Where a Mayor free to move may go: a king's step, or two steps through
/// an empty square when it ends beside a friendly Villager (H8).
fn mayor_destinations(game: &Game, ix: Ix) -> u64 {
    let (owner, from) = (game.piece(ix).owner, square_of(game, ix));
    let mut mask = steps(game, owner, from);
    for middle in grid::neighbours(from).filter(|&sq| game.is_empty(sq) && game.passes(from, sq)) {
        for to in grid::neighbours(middle) {
            if grid::distance(from, to) == 2
                && game.passes(middle, to)
                && game.open_to(owner, to)
                && beside(game, owner, to, Kind::Villager)
            {
                mask |= bit(to);
            }
        }
    }
    mask
}

/// The squares a Mayor free to move could take on: where it may go,
/// whatever stands there.
fn mayor_reach(game: &Game, ix: Ix) -> u64 {
    let (owner, from) = (game.piece(ix).owner, square_of(game, ix));
    let mut mask = game.reach(from, &ALL_DIRECTIONS);
    for middle in grid::neighbours(from).filter(|&sq| game.is_empty(sq) && game.passes(from, sq)) {
        for to in grid::neighbours(middle) {
            if grid::distance(from, to) == 2
                && game.passes(middle, to)
                && beside(game, owner, to, Kind::Villager)
            {
                mask |= bit(to);
            }
        }
    }
    mask
}

/// Why a Halflings move is refused, where the piece's line does not say
/// it: a Mayor not free to move, a second step that does not end beside a
/// Villager, a Bunny Knight's route named where it takes nothing.
pub(super) fn why_illegal(game: &Game, seat: u8, mv: Move) -> Option<String> {
    let ix = mv.piece()?;
    let piece = game.piece(ix);
    let from = piece.square?;
    match (piece.kind, mv) {
        (Kind::Mayor, _) if !mayor_may_move(game, ix) => Some(
            "the Mayor cannot move: it is neither beside a friendly Villager nor threatened by \
             an enemy piece"
                .into(),
        ),
        (Kind::Mayor, Move::Go { to, .. })
            if grid::distance(from, to) == 2 && !beside(game, seat, to, Kind::Villager) =>
        {
            Some(format!(
                "the Mayor takes a second step only to end beside a friendly Villager, and {} \
                 is not beside one",
                grid::to_square(to)
            ))
        }
        (Kind::BunnyKnight, Move::Via { via, to, .. }) if game.is_empty(via) => {
            let mut quiet = Vec::new();
            push_bunny_moves(game, ix, &mut quiet);
            quiet.contains(&Move::Go { piece: ix, to }).then(|| {
                format!(
                    "a Bunny Knight names its first landing only to take there: move it to {} \
                         without naming {}",
                    grid::to_square(to),
                    grid::to_square(via)
                )
            })
        }
        _ => None,
    }
}
