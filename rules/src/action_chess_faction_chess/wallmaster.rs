//! Wallmaster: a Chest that never moves and places up to three walls or
//! pieces at the start of each turn, Generators that place one more each,
//! Barracks that Minions gather beside, Traps that take their capturer with them.
//! The side loses when its Chest is captured (`faction_rules::defeated`).
//! Walls are in `walls.rs`.

use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, Sq, bit};

use super::layout;
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix};
use super::walls::{self, DOUBLE, EDGES};

type Game = ActionChessFactionChess;

/// How many pieces the Chest places at the start of a turn (line 83).
const CHEST_PLACEMENTS: u8 = 3;

/// What the Chest and the Generators may place: every non-Chest piece.
const PLACEABLE: [Kind; 4] = [Kind::Trap, Kind::Minion, Kind::Barracks, Kind::Generator];

/// The Chest stands on its owner's own bottom-left square, as the owner
/// sees the board: a1 for White, h8 for Black (W1).
pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    let file = if white { 0 } else { 7 };
    vec![(Kind::Chest, layout::square(white, file, 0))]
}

/// The Minions' steps; with none, a pass (`done`) as the main move (W9).
/// A pinned Minion has none: its steps would be dropped, and the pass
/// must still be there.
pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    let before = out.len();
    let skip_pinned = game.rules.rulings.pinned_minions_pass();
    for (ix, _) in game.pieces_of(seat) {
        if !(skip_pinned && game.pinned(ix)) {
            piece_moves(game, ix, out);
        }
    }
    if out.len() == before {
        out.push(Move::Done);
    }
}

/// A Minion's king steps; no other Wallmaster piece moves. The pass is
/// the side's, not a piece's.
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    if game.piece(ix).kind == Kind::Minion {
        game.push_leaps(ix, &ALL_DIRECTIONS, out);
    }
}

pub(super) fn play_main(game: &mut Game, _seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    match mv {
        Move::Go { piece, to } => {
            game.go(piece, to, dice, log);
        }
        Move::Done => {}
        other => unreachable!("not a Wallmaster move: {other:?}"),
    }
}

/// Only a Minion moves, so only a Minion threatens; a placement is not a
/// move (G4).
pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    let piece = game.piece(ix);
    match piece.kind {
        Kind::Minion => game.reach(piece.square.expect("on the board"), &ALL_DIRECTIONS),
        _ => 0,
    }
}

/// The Chest, while it has placements left, and each Generator that has not
/// placed this turn, may place any piece it may still place this turn on
/// any square where that piece may stand (W2–W5).
pub(super) fn start_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    let kinds: Vec<Kind> = PLACEABLE
        .into_iter()
        .filter(|&kind| match kind {
            Kind::Barracks => !game.placed.barracks,
            Kind::Generator => !game.placed.generator,
            _ => true,
        })
        .collect();
    for (placer, piece) in game.pieces_of(seat) {
        let at = piece.square.expect("on the board");
        let free = match piece.kind {
            Kind::Chest => game.placed.by_chest < CHEST_PLACEMENTS,
            Kind::Generator => game.factories_used & bit(at) == 0,
            _ => false,
        };
        if !free {
            continue;
        }
        out.extend(wall_edges(game, seat).map(|edge| {
            let [a, b] = walls::squares_of(edge);
            Move::Wall {
                piece: placer,
                a,
                b,
            }
        }));
        for &kind in &kinds {
            out.extend(
                (0..grid::SQUARES as Sq)
                    .filter(|&to| may_stand(game, seat, kind, to))
                    .map(|to| Move::Place {
                        piece: placer,
                        kind,
                        to,
                    }),
            );
        }
    }
}

/// The edges `seat` may wall now: any edge not yet doubled, unless the
/// wall would close the last open side of its Chest (W10, W14).
fn wall_edges(game: &Game, seat: u8) -> impl Iterator<Item = usize> + '_ {
    let chest = game.find(seat, Kind::Chest).map(|(_, sq)| sq);
    (0..EDGES).filter(move |&edge| {
        game.walls[edge] < DOUBLE && chest.is_none_or(|chest| !closes_in(game, chest, edge))
    })
}

/// Whether walling `edge` would leave no side of the Chest on `chest`
/// open: every orthogonal neighbour behind a wall.
fn closes_in(game: &Game, chest: Sq, edge: usize) -> bool {
    grid::neighbours(chest)
        .filter_map(|next| walls::edge(chest, next))
        .all(|side| side == edge || game.walls[side] > 0)
}

/// Whether a wall stands on a side of `sq`.
fn walled(game: &Game, sq: Sq) -> bool {
    grid::neighbours(sq)
        .filter_map(|next| walls::edge(sq, next))
        .any(|side| game.walls[side] > 0)
}

/// Whether `seat` may place a `kind` on `to` (W3–W5): always on an empty
/// square; a Trap not beside any Chest; a Minion beside its own Chest or
/// Barracks; a Barracks within one rank of its own Chest or Barracks and
/// not beside an enemy; a Generator anywhere.
fn may_stand(game: &Game, seat: u8, kind: Kind, to: Sq) -> bool {
    if !game.is_empty(to) {
        return false;
    }
    let beside = |test: &dyn Fn(u8, Kind) -> bool| {
        grid::neighbours(to)
            .filter_map(|sq| game.at(sq))
            .any(|ix| test(game.piece(ix).owner, game.piece(ix).kind))
    };
    let own_base = |kind: Kind| matches!(kind, Kind::Chest | Kind::Barracks);
    match kind {
        Kind::Trap => !beside(&|_, kind| kind == Kind::Chest) && !walled(game, to),
        Kind::Minion => beside(&|owner, kind| owner == seat && own_base(kind)),
        Kind::Barracks => {
            let near_base = game.pieces_of(seat).any(|(_, piece)| {
                own_base(piece.kind)
                    && grid::rank(piece.square.expect("on the board")).abs_diff(grid::rank(to)) <= 1
            });
            near_base && !beside(&|owner, _| owner != seat)
        }
        Kind::Generator => true,
        other => unreachable!("{other:?} is not placed by a Wallmaster"),
    }
}

pub(super) fn play_start(
    game: &mut Game,
    seat: u8,
    mv: Move,
    _dice: &mut dyn Dice,
    _log: &mut Log,
) {
    let placer = mv.piece().expect("a placement names its placer");
    count_placement(game, placer);
    match mv {
        Move::Place { kind, to, .. } => {
            match kind {
                Kind::Barracks => game.placed.barracks = true,
                Kind::Generator => game.placed.generator = true,
                _ => {}
            }
            game.add_piece(kind, seat, to);
        }
        Move::Wall { a, b, .. } => {
            let edge = walls::edge(a, b).expect("a listed wall stands between neighbours");
            game.walls[edge] += 1;
            game.walled = true;
            // A wall never comes down: the position cannot return (W15).
            game.progress = true;
        }
        other => unreachable!("not a Wallmaster start-of-turn decision: {other:?}"),
    }
}

/// The Chest's count goes up; a Generator has placed for the turn.
fn count_placement(game: &mut Game, placer: Ix) {
    let piece = game.piece(placer);
    let at = piece.square.expect("a placer is on the board");
    if piece.kind == Kind::Chest {
        game.placed.by_chest += 1;
    } else {
        game.factories_used |= bit(at);
    }
}
