//! Swarm: stacks of Swarmlings that step any way, attack on a d20 and may
//! attack again with half of those that moved, and a Hive Queen that never
//! moves but places 2d6 Swarmlings as each of its turns begins. The side
//! loses when the Hive Queen is captured (`faction_rules::defeated`).
//!
//! A stack is one piece whose `count` is its Swarmlings (Q1). Moving part
//! of a stack makes the moving part a new piece; moving onto a friendly
//! stack adds to that stack, and a whole stack that joins another leaves
//! the board as "merged" (Q2).

use fray_protocol::{DiceRoll, Die, Phrase, PieceId, Seat};

use crate::kit::describe::Describe;
use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, Sq, bit};

use super::faction_rules;
use super::layout::{Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Decision, Ix, Pending};

type Game = ActionChessFactionChess;

/// Swarmlings in each starting stack: five replace each Pawn.
const STARTING_STACK: u16 = 5;
/// An attack succeeds when d20 + the moving Swarmlings is above this (Q4).
const ATTACK_ABOVE: u16 = 10;
/// A defence holds when d20 + the defending Swarmlings is at least this:
/// the capture succeeds below it (Q5).
const DEFENCE_HOLDS_AT: u16 = 16;

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| match role {
        Role::Pawn => Some(Kind::Swarmling),
        Role::King => Some(Kind::HiveQueen),
        _ => None,
    })
}

pub(super) fn starting_count(kind: Kind) -> u16 {
    if kind == Kind::Swarmling {
        STARTING_STACK
    } else {
        1
    }
}

fn square_of(game: &Game, ix: Ix) -> Sq {
    game.piece(ix).square.expect("a Swarm piece on the board")
}

/// Every split of every stack onto each neighbour: an empty square, a
/// friendly stack, or an enemy it may take (Q3). The Hive Queen never
/// moves.
pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// One stack's splits onto each neighbour: an empty square, a stack of its
/// owner's, or an enemy it may take (Q3). The Hive Queen never moves.
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let piece = game.piece(ix);
    if piece.kind != Kind::Swarmling {
        return;
    }
    let (owner, count) = (piece.owner, piece.count);
    let from = square_of(game, ix);
    for to in grid::neighbours(from) {
        if game.passes(from, to) && (game.open_to(owner, to) || joins(game, owner, to)) {
            out.extend((1..=count).map(|count| Move::Swarm {
                piece: ix,
                to,
                count,
            }));
        }
    }
}

/// Whether `to` holds a Swarmling stack of `seat`'s.
fn joins(game: &Game, seat: u8, to: Sq) -> bool {
    game.at(to)
        .is_some_and(|ix| game.piece(ix).owner == seat && game.piece(ix).kind == Kind::Swarmling)
}

pub(super) fn play_main(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    let Move::Swarm { piece, to, count } = mv else {
        unreachable!("not a Swarm move: {mv:?}")
    };
    let attacked = game.enemy_of(seat, to);
    let arrived = swarm_move(game, seat, piece, to, count, dice, log);
    let half = count / 2;
    if attacked || half == 0 {
        return;
    }
    let Some(stack) = arrived else { return };
    if !attacks(game, stack, half).is_empty() {
        // A stack joined to a pinned one has no second move (G13).
        faction_rules::ask(
            game,
            Decision {
                seat,
                pending: Pending::SwarmAgain {
                    piece: stack,
                    count: half,
                },
            },
        );
    }
}

/// The second move's options: `count` of the stack onto each enemy beside
/// it (Q6).
fn attacks(game: &Game, stack: Ix, count: u16) -> Vec<Move> {
    let seat = game.piece(stack).owner;
    let from = square_of(game, stack);
    grid::neighbours(from)
        .filter(|&to| game.passes(from, to) && game.takeable_by(seat, to))
        .map(|to| Move::Swarm {
            piece: stack,
            to,
            count,
        })
        .collect()
}

pub(super) fn decision_moves(game: &Game, decision: Decision, out: &mut Vec<Move>) {
    let Pending::SwarmAgain { piece, count } = decision.pending else {
        unreachable!("not a Swarm decision: {decision:?}")
    };
    out.extend(attacks(game, piece, count));
    out.push(Move::Done);
}

pub(super) fn play_decision(
    game: &mut Game,
    decision: Decision,
    mv: Move,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    if let Move::Swarm { piece, to, count } = mv {
        swarm_move(game, decision.seat, piece, to, count, dice, log);
    }
}

/// Moves `count` Swarmlings of `stack` to `to`, attacking an enemy there
/// on a d20. Returns the stack they are part of afterwards, or None when
/// they were lost.
fn swarm_move(
    game: &mut Game,
    seat: u8,
    stack: Ix,
    to: Sq,
    count: u16,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Option<Ix> {
    // Moving and joining stacks is no progress (Q8); `lift` and
    // `add_piece` would say it was.
    let progress = game.progress;
    if let Some(victim) = game.at(to)
        && game.piece(victim).owner != seat
    {
        game.progress = true;
        if !attack_succeeds(game, seat, stack, victim, count, dice, log) {
            shrink(game, stack, count, "lost in a failed attack");
            return None;
        }
        // Swarmlings attacked defend too; only the moving ones are lost
        // (Q7).
        if game.piece(victim).kind == Kind::Swarmling
            && !game.labelling
            && defends(
                game,
                victim,
                &format!("{count} attacking Swarmlings"),
                dice,
                log,
            )
        {
            shrink(game, stack, count, "lost attacking Swarmlings");
            return None;
        }
        game.capture_undefended(victim, log);
        // The capture set `progress`, which stands.
        return Some(arrive(game, seat, stack, to, count));
    }
    let arrived = arrive(game, seat, stack, to, count);
    game.progress = progress;
    Some(arrived)
}

/// The attack's roll: d20 + the moving Swarmlings, above 10 (Q4).
fn attack_succeeds(
    game: &Game,
    seat: u8,
    stack: Ix,
    victim: Ix,
    count: u16,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> bool {
    let face = dice.roll(20);
    let total = u16::from(face) + count;
    let succeeds = total > ATTACK_ABOVE;
    log.roll(|| DiceRoll {
        seat: Some(Seat(seat)),
        piece: Some(PieceId(u32::from(stack))),
        purpose: Phrase::from(format!(
            "{count} Swarmlings from {} attack the {} (d20 + {count}, above {ATTACK_ABOVE} takes it)",
            grid::to_square(square_of(game, stack)),
            game.describe(victim)
        )),
        dice: vec![Die { sides: 20, face }],
        modifier: i32::from(count),
        total: i32::from(total),
        result: Phrase::from(if succeeds {
            "the attack succeeds"
        } else {
            "the attacking Swarmlings are lost"
        }),
    });
    succeeds
}

/// Takes `count` Swarmlings off `stack`; an emptied stack leaves the board
/// for `why`.
fn shrink(game: &mut Game, stack: Ix, count: u16, why: &'static str) {
    let piece = game.piece_mut(stack);
    debug_assert!(piece.count >= count, "more Swarmlings than the stack has");
    piece.count -= count;
    if piece.count == 0 {
        game.lift(stack, why);
    }
}

/// `count` Swarmlings of `stack` end on `to`, empty or a friendly stack;
/// returns the stack they are part of there (Q2).
fn arrive(game: &mut Game, seat: u8, stack: Ix, to: Sq, count: u16) -> Ix {
    let whole = game.piece(stack).count == count;
    if let Some(host) = game.at(to).filter(|&ix| ix != stack) {
        debug_assert!(joins(game, seat, to), "Swarmlings end on a friendly stack");
        game.piece_mut(host).count += count;
        game.arrived.push(host);
        shrink(game, stack, count, "merged into another stack");
        return host;
    }
    if whole {
        game.move_piece(stack, to);
        return stack;
    }
    game.piece_mut(stack).count -= count;
    let part = game.add_piece(Kind::Swarmling, seat, to);
    game.arrived.push(part);
    let piece = game.piece_mut(part);
    piece.count = count;
    piece.moved = true;
    part
}

/// A Swarmling stack could capture on any square beside it (whatever its
/// roll: G4); the Hive Queen never moves.
pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    let piece = game.piece(ix);
    match piece.kind {
        Kind::Swarmling => game.reach(piece.square.expect("on the board"), &ALL_DIRECTIONS),
        Kind::HiveQueen => 0,
        other => unreachable!("{other:?} is not a Swarm piece"),
    }
}

/// As the Swarm's turn begins the server rolls 2d6: the Swarmlings the
/// Hive Queen places (Q9).
pub(super) fn roll_at_start(game: &mut Game, seat: u8, dice: &mut dyn Dice, log: &mut Log) {
    let Some((queen, _)) = game.find(seat, Kind::HiveQueen) else {
        return;
    };
    let faces = [dice.roll(6), dice.roll(6)];
    let total = u16::from(faces[0]) + u16::from(faces[1]);
    game.hatching = total;
    log.roll_after_change_of(PieceId(u32::from(queen)), || DiceRoll {
        seat: Some(Seat(seat)),
        piece: Some(PieceId(u32::from(queen))),
        purpose: Phrase::from("the Hive Queen's Swarmlings to place (2d6)"),
        dice: faces.iter().map(|&face| Die { sides: 6, face }).collect(),
        modifier: 0,
        total: i32::from(total),
        result: Phrase::from(format!("{total} Swarmlings to place")),
    });
}

/// Where the Hive Queen may place: on any friendly stack, or on an empty
/// square beside her (Q9).
fn nests(game: &Game, seat: u8, queen: Ix) -> u64 {
    let stacks = game
        .pieces_of(seat)
        .filter(|(_, piece)| piece.kind == Kind::Swarmling)
        .fold(0, |mask, (_, piece)| {
            mask | bit(piece.square.expect("on the board"))
        });
    let beside = grid::neighbours(square_of(game, queen))
        .filter(|&sq| game.is_empty(sq))
        .fold(0, |mask, sq| mask | bit(sq));
    stacks | beside
}

/// The placements still to make: any number up to those left, on each
/// nest (Q10).
pub(super) fn start_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    let Some((queen, _)) = game.find(seat, Kind::HiveQueen) else {
        return;
    };
    if game.hatching == 0 {
        return;
    }
    for to in grid::squares_of(nests(game, seat, queen)) {
        out.extend((1..=game.hatching).map(|count| Move::Hatch {
            piece: queen,
            to,
            count,
        }));
    }
}

pub(super) fn play_start(
    game: &mut Game,
    seat: u8,
    mv: Move,
    _dice: &mut dyn Dice,
    _log: &mut Log,
) {
    let Move::Hatch { to, count, .. } = mv else {
        unreachable!("not a Hive Queen placement: {mv:?}")
    };
    game.hatching -= count;
    match game.at(to) {
        Some(stack) => {
            game.piece_mut(stack).count += count;
            game.progress = true;
        }
        None => {
            let stack = game.add_piece(Kind::Swarmling, seat, to);
            game.piece_mut(stack).count = count;
        }
    }
}

/// A Swarmling stack's defence against `capturer`'s capture of it: d20 +
/// its Swarmlings; at 16 or more the capture fails and the capturer is
/// removed (Q5). No roll for a capture of anything else, by a Swarm
/// attack (which rolls its own, [`swarm_move`]), or on a label's dry run,
/// where the capture is taken to succeed (the label says the Swarmlings
/// roll).
pub(super) fn defence_holds(
    game: &Game,
    capturer: Ix,
    victim: Ix,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> bool {
    let (attacker, defender) = (game.piece(capturer), game.piece(victim));
    if defender.kind != Kind::Swarmling
        || attacker.kind == Kind::Swarmling
        || attacker.owner == defender.owner
        || attacker.square.is_none()
        || game.labelling
    {
        return false;
    }
    defends(game, victim, &game.describe(capturer), dice, log)
}

/// Rolls the defence of the stack `victim` against `attacker` (words).
fn defends(game: &Game, victim: Ix, attacker: &str, dice: &mut dyn Dice, log: &mut Log) -> bool {
    let defenders = game.piece(victim).count;
    let face = dice.roll(20);
    let total = u16::from(face) + defenders;
    let holds = total >= DEFENCE_HOLDS_AT;
    // A stack that moved off its stack in this action is new: the roll
    // names it once it is placed, or not at all when it is taken at once
    // (a Shade's strike, D8), since no viewer ever sees it.
    let new = usize::from(victim) >= game.pieces_at_action_start;
    let roll = || DiceRoll {
        seat: Some(Seat(game.piece(victim).owner)),
        piece: (!new || holds).then_some(PieceId(u32::from(victim))),
        purpose: Phrase::from(format!(
            "the {defenders} Swarmlings on {} defend against the {attacker} (d20 + {defenders}, {DEFENCE_HOLDS_AT} or more holds)",
            grid::to_square(square_of(game, victim)),
        )),
        dice: vec![Die { sides: 20, face }],
        modifier: i32::from(defenders),
        total: i32::from(total),
        result: Phrase::from(if holds {
            "the defence holds: the attacker is removed"
        } else {
            "the capture succeeds"
        }),
    };
    if new && holds {
        log.roll_after_change_of(PieceId(u32::from(victim)), roll);
    } else {
        log.roll(roll);
    }
    holds
}
