//! Where the engine asks a faction for its rules: each question goes to
//! the file of the faction it concerns (the seat's, or the piece's).

use crate::dice::Dice;
use crate::effect_log::Log;
use crate::grid::Sq;

use super::factions::Faction;
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Decision, Ix};
use super::{
    alchemist, beastfolk, butcher, classique, faerie, ghost, halflings, peasant, reaper, robot,
    slime, swarm, undead, wallmaster,
};

type Game = ActionChessFactionChess;

/// Decisions `seat` may make at the start of its turn, before its main
/// move (a Factory's placement); [`Move::Done`] is added by the engine
/// when there are any.
pub(super) fn start_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    match game.faction_of(seat) {
        Faction::Robot => robot::start_moves(game, seat, out),
        Faction::Swarm => swarm::start_moves(game, seat, out),
        Faction::Wallmaster => wallmaster::start_moves(game, seat, out),
        Faction::Ghost => ghost::start_moves(game, seat, out),
        _ => {}
    }
}

/// What `seat`'s faction rolls as its turn begins, before its decisions
/// (the Hive Queen's 2d6).
pub(super) fn roll_at_start(game: &mut Game, seat: u8, dice: &mut dyn Dice, log: &mut Log) {
    if game.faction_of(seat) == Faction::Swarm {
        swarm::roll_at_start(game, seat, dice, log);
    }
}

/// How many pieces a piece of `kind` is as the game begins: a Swarmling
/// stack is five (Q1).
pub(super) fn starting_count(kind: Kind) -> u16 {
    swarm::starting_count(kind)
}

pub(super) fn play_start(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    match game.faction_of(seat) {
        Faction::Robot => robot::play_start(game, seat, mv, dice, log),
        Faction::Swarm => swarm::play_start(game, seat, mv, dice, log),
        Faction::Wallmaster => wallmaster::play_start(game, seat, mv, dice, log),
        Faction::Ghost => ghost::play_start(game, seat, mv, dice, log),
        other => unreachable!("{other:?} makes no decision at the start of its turn"),
    }
}

/// `seat`'s main moves now: none moves a piece an enemy Spirit shares
/// its square with (line 37).
pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    let first = out.len();
    faction_main_moves(game, seat, out);
    drop_pinned(game, out, first);
}

/// Drops from `out[first..]` the moves that would move a pinned piece.
fn drop_pinned(game: &Game, out: &mut Vec<Move>, first: usize) {
    let mut at = first;
    while at < out.len() {
        if game.moving_piece(out[at]).is_some_and(|ix| game.pinned(ix)) {
            out.remove(at);
        } else {
            at += 1;
        }
    }
}

fn faction_main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    match game.faction_of(seat) {
        Faction::Classique => classique::main_moves(game, seat, out),
        Faction::Peasant => peasant::main_moves(game, seat, out),
        Faction::Beastfolk => beastfolk::main_moves(game, seat, out),
        Faction::Undead => undead::main_moves(game, seat, out),
        Faction::Slime => slime::main_moves(game, seat, out),
        Faction::Robot => robot::main_moves(game, seat, out),
        Faction::Halflings => halflings::main_moves(game, seat, out),
        Faction::Reaper => reaper::main_moves(game, seat, out),
        Faction::Alchemist => alchemist::main_moves(game, seat, out),
        Faction::Butcher => butcher::main_moves(game, seat, out),
        Faction::Faerie => faerie::main_moves(game, seat, out),
        Faction::Swarm => swarm::main_moves(game, seat, out),
        Faction::Wallmaster => wallmaster::main_moves(game, seat, out),
        Faction::Ghost => ghost::main_moves(game, seat, out),
    }
}

/// The moves of piece `ix` by the rules of its kind's faction, without
/// what that faction's rules say of its whole side (a Classique King's
/// safety): how a Phantom's copy of the piece moves (line 39).
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    match game.piece(ix).kind.faction() {
        Faction::Ghost => ghost::piece_moves(game, ix, out),
        other => unreachable!("{other:?} does not list one piece's moves yet"),
    }
}

/// Plays a legal main move of `seat`; a decision it leaves waiting goes on
/// [`ActionChessFactionChess::pending`].
pub(super) fn play_main(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    play_main_of(game.faction_of(seat), game, seat, mv, dice, log);
}

/// Plays a main move of `seat` by `faction`'s rules: its own faction's, or
/// the faction of the piece a Phantom's copy is (line 39).
pub(super) fn play_main_of(
    faction: Faction,
    game: &mut Game,
    seat: u8,
    mv: Move,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    match faction {
        Faction::Classique => classique::play_main(game, seat, mv, dice, log),
        Faction::Peasant => peasant::play_main(game, seat, mv, dice, log),
        Faction::Beastfolk => beastfolk::play_main(game, seat, mv, dice, log),
        Faction::Undead => undead::play_main(game, seat, mv, dice, log),
        Faction::Slime => slime::play_main(game, seat, mv, dice, log),
        Faction::Robot => robot::play_main(game, seat, mv, dice, log),
        Faction::Halflings => halflings::play_main(game, seat, mv, dice, log),
        Faction::Reaper => reaper::play_main(game, seat, mv, dice, log),
        Faction::Alchemist => alchemist::play_main(game, seat, mv, dice, log),
        Faction::Butcher => butcher::play_main(game, seat, mv, dice, log),
        Faction::Faerie => faerie::play_main(game, seat, mv, dice, log),
        Faction::Swarm => swarm::play_main(game, seat, mv, dice, log),
        Faction::Wallmaster => wallmaster::play_main(game, seat, mv, dice, log),
        Faction::Ghost => ghost::play_main(game, seat, mv, dice, log),
    }
}

/// The options of a waiting decision, [`Move::Done`] among them where it
/// may be declined; none moves a pinned piece.
pub(super) fn decision_moves(game: &Game, decision: Decision, out: &mut Vec<Move>) {
    let first = out.len();
    faction_decision_moves(game, decision, out);
    drop_pinned(game, out, first);
}

fn faction_decision_moves(game: &Game, decision: Decision, out: &mut Vec<Move>) {
    match game.faction_of(decision.seat) {
        Faction::Peasant => peasant::decision_moves(game, decision, out),
        Faction::Beastfolk => beastfolk::decision_moves(game, decision, out),
        Faction::Undead => undead::decision_moves(game, decision, out),
        Faction::Alchemist => alchemist::decision_moves(game, decision, out),
        Faction::Butcher => butcher::decision_moves(game, decision, out),
        Faction::Swarm => swarm::decision_moves(game, decision, out),
        other => unreachable!("{other:?} leaves no decision waiting"),
    }
}

/// Plays one of a decision's options; the decision is off the queue.
pub(super) fn play_decision(
    game: &mut Game,
    decision: Decision,
    mv: Move,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    match game.faction_of(decision.seat) {
        Faction::Peasant => peasant::play_decision(game, decision, mv, dice, log),
        Faction::Beastfolk => beastfolk::play_decision(game, decision, mv, dice, log),
        Faction::Undead => undead::play_decision(game, decision, mv, dice, log),
        Faction::Alchemist => alchemist::play_decision(game, decision, mv, dice, log),
        Faction::Butcher => butcher::play_decision(game, decision, mv, dice, log),
        Faction::Swarm => swarm::play_decision(game, decision, mv, dice, log),
        other => unreachable!("{other:?} leaves no decision waiting"),
    }
}

/// The squares piece `ix` could capture on on its owner's next move,
/// whatever stands there now: none by moving while it is pinned (line 37),
/// none while haunting (its capture then is no move, and must not show);
/// a Phantom's copy threatens as its kind and as a Phantom (D15).
pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    if game.is_haunting(ix) {
        return 0;
    }
    if game.pinned(ix) {
        return ghost::threats_in_place(game, ix);
    }
    ghost::threats_as_phantom(game, ix) | kind_threats(game, ix)
}

fn kind_threats(game: &Game, ix: Ix) -> u64 {
    match game.piece(ix).kind.faction() {
        Faction::Classique => classique::threats(game, ix),
        Faction::Peasant => peasant::threats(game, ix),
        Faction::Beastfolk => beastfolk::threats(game, ix),
        Faction::Undead => undead::threats(game, ix),
        Faction::Slime => slime::threats(game, ix),
        Faction::Robot => robot::threats(game, ix),
        Faction::Halflings => halflings::threats(game, ix),
        Faction::Reaper => reaper::threats(game, ix),
        Faction::Alchemist => alchemist::threats(game, ix),
        Faction::Butcher => butcher::threats(game, ix),
        Faction::Faerie => faerie::threats(game, ix),
        Faction::Swarm => swarm::threats(game, ix),
        Faction::Wallmaster => wallmaster::threats(game, ix),
        Faction::Ghost => ghost::threats(game, ix),
    }
}

/// Whether `seat` has lost by its faction's condition. `at_start` is true
/// when asked at the start of its own turn (the Undead's moment).
pub(super) fn defeated(game: &Game, seat: u8, at_start: bool) -> bool {
    let has = |kind: Kind| game.count_of(seat, kind) > 0;
    match game.faction_of(seat) {
        Faction::Classique => !has(Kind::King),
        Faction::Peasant => !has(Kind::Sergeant),
        Faction::Beastfolk => !has(Kind::Leonine),
        Faction::Undead => at_start && !has(Kind::LichKing),
        Faction::Slime => !has(Kind::Goobrain),
        Faction::Robot => !has(Kind::Factory),
        Faction::Halflings => !has(Kind::Mayor),
        Faction::Reaper => !has(Kind::Reaper),
        Faction::Alchemist => !has(Kind::ArchChancellor),
        Faction::Butcher => !has(Kind::Butcher),
        Faction::Faerie => !has(Kind::Oberon),
        Faction::Swarm => !has(Kind::HiveQueen),
        Faction::Wallmaster => !has(Kind::Chest),
        Faction::Ghost => !ghost::has_wraith(game, seat),
    }
}

/// Why `seat`'s move, refused, is not legal, when its faction can say more
/// than that the piece cannot move so (a Classique move that leaves the
/// King in check, a Mayor that may not move, a Sprite's flight while it
/// is not threatened).
pub(super) fn why_illegal(game: &Game, seat: u8, mv: Move) -> Option<String> {
    match game.faction_of(seat) {
        Faction::Classique => classique::why_illegal(game, seat, mv),
        Faction::Halflings => halflings::why_illegal(game, seat, mv),
        Faction::Faerie => faerie::why_illegal(game, seat, mv),
        _ => None,
    }
}

/// What follows a piece's capture, by its faction: a decision put on
/// [`ActionChessFactionChess::reactions`] (the Lich-King's return).
pub(super) fn on_captured(game: &mut Game, victim: Ix, log: &mut Log) {
    if game.piece(victim).kind.faction() == Faction::Undead {
        undead::on_captured(game, victim, log);
    }
}

/// The die a random move of `kind` rolls for its distance, if it moves at
/// random.
pub(super) fn distance_die(kind: Kind) -> Option<u8> {
    beastfolk::distance_die(kind)
}

/// The words of a `roll` that throws rather than moves: an Alchemist's
/// throw, offered while its `Pending::Throw` waits.
pub(super) fn throw_label(game: &Game, piece: Ix, toward: super::moves::Compass) -> String {
    alchemist::throw_label(game, piece, toward)
}

/// The pieces a faction starts with, on White's side or Black's.
pub(super) fn layout(faction: Faction, white: bool) -> Vec<(Kind, Sq)> {
    match faction {
        Faction::Classique => classique::layout(white),
        Faction::Peasant => peasant::layout(white),
        Faction::Beastfolk => beastfolk::layout(white),
        Faction::Undead => undead::layout(white),
        Faction::Slime => slime::layout(white),
        Faction::Robot => robot::layout(white),
        Faction::Halflings => halflings::layout(white),
        Faction::Reaper => reaper::layout(white),
        Faction::Alchemist => alchemist::layout(white),
        Faction::Butcher => butcher::layout(white),
        Faction::Faerie => faerie::layout(white),
        Faction::Swarm => swarm::layout(white),
        Faction::Wallmaster => wallmaster::layout(white),
        Faction::Ghost => ghost::layout(white),
    }
}
