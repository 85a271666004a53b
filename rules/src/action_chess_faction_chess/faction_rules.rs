//! Where the engine asks a faction for its rules: each question goes to
//! the file of the faction it concerns (the seat's, the piece's, or the
//! waiting decision's).

use crate::kit::compass::Compass;
use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::Sq;

use super::factions::Faction;
use super::movement::Conditions;
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Decision, Ix, Pending};
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
    // Only a Ghost's Spirits pin.
    if !game.ghost_plays() {
        return;
    }
    let mut at = 0;
    out.retain(|&mv| {
        at += 1;
        at <= first || !moves_pinned(game, mv)
    });
}

/// Whether `mv` would move a piece an enemy Spirit pins (line 37).
fn moves_pinned(game: &Game, mv: Move) -> bool {
    game.moving_piece(mv).is_some_and(|ix| game.pinned(ix))
}

/// Whether `seat` has a main move, as every turn's start asks: a side with
/// none is mated or stalemated. Outside the Classique, whose King's safety
/// is the whole side's, and the Alchemist, whose Mutants' duty to take is
/// (A5), a piece's own moves are all main moves (but a pinned piece's), so
/// the first piece with one answers; the Classique's first move that
/// leaves its King safe does. Listing every move there was two fifths of
/// a bot's playout (docs/PERFORMANCE.md).
pub(super) fn has_main_move(game: &Game, seat: u8) -> bool {
    let side = game.faction_of(seat);
    let free = |mv: Move| !moves_pinned(game, mv);
    if side == Faction::Classique {
        return classique::has_main_move(game, seat, free);
    }
    let mut moves = Vec::new();
    if side != Faction::Alchemist {
        let one_moves = game.pieces_of(seat).any(|(ix, piece)| {
            // A Ghost side's copy moves as its kind; any other side's
            // pieces are its own faction's.
            if piece.kind.faction() != side && side != Faction::Ghost {
                return false;
            }
            moves.clear();
            piece_moves(game, ix, &mut moves);
            moves.iter().any(|&mv| free(mv))
        });
        if one_moves {
            return true;
        }
        moves.clear();
    }
    main_moves(game, seat, &mut moves);
    !moves.is_empty()
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
        Faction::Classique => classique::piece_moves(game, ix, out),
        Faction::Peasant => peasant::piece_moves(game, ix, out),
        Faction::Beastfolk => beastfolk::piece_moves(game, ix, out),
        Faction::Undead => undead::piece_moves(game, ix, out),
        Faction::Slime => slime::piece_moves(game, ix, out),
        Faction::Robot => robot::piece_moves(game, ix, out),
        Faction::Halflings => halflings::piece_moves(game, ix, out),
        Faction::Reaper => reaper::piece_moves(game, ix, out),
        Faction::Alchemist => alchemist::piece_moves(game, ix, out),
        Faction::Butcher => butcher::piece_moves(game, ix, out),
        Faction::Faerie => faerie::piece_moves(game, ix, out),
        Faction::Swarm => swarm::piece_moves(game, ix, out),
        Faction::Wallmaster => wallmaster::piece_moves(game, ix, out),
        Faction::Ghost => ghost::piece_moves(game, ix, out),
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

/// Puts `decision` on [`ActionChessFactionChess::pending`] unless its only
/// answer would be `done` (a pinned piece to move, G13); returns whether
/// it was put there.
pub(super) fn ask(game: &mut Game, decision: Decision) -> bool {
    let asked = !game.rules.rulings.never_asks_only_done() || has_choice(game, decision);
    if asked {
        game.pending.push(decision);
    }
    asked
}

/// Whether `decision` offers anything but `done`.
fn has_choice(game: &Game, decision: Decision) -> bool {
    let mut options = Vec::new();
    decision_moves(game, decision, &mut options);
    options.iter().any(|&option| option != Move::Done)
}

/// The faction whose rules a waiting decision is of: not always the
/// seat's, since a Phantom's copy of a piece leaves its kind's decisions
/// for the Ghost's seat (line 39).
fn pending_faction(pending: Pending) -> Faction {
    match pending {
        Pending::ChainJump { .. } => Faction::Peasant,
        Pending::Promotion { .. } | Pending::LeonineTake { .. } => Faction::Beastfolk,
        Pending::PairedMove { .. }
        | Pending::CarryPhylactery { .. }
        | Pending::LichReturn { .. } => Faction::Undead,
        Pending::Throw { .. } => Faction::Alchemist,
        Pending::Slaughter { .. } => Faction::Butcher,
        Pending::SwarmAgain { .. } => Faction::Swarm,
    }
}

fn faction_decision_moves(game: &Game, decision: Decision, out: &mut Vec<Move>) {
    match pending_faction(decision.pending) {
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
    match pending_faction(decision.pending) {
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
    threats_with(game, ix, Conditions::Judged)
}

/// [`threats`], with a flight's or a Mayor's condition asked as
/// `conditions` says.
pub(super) fn threats_with(game: &Game, ix: Ix, conditions: Conditions) -> u64 {
    if game.is_haunting(ix) {
        return 0;
    }
    if game.pinned(ix) {
        return ghost::threats_in_place(game, ix);
    }
    ghost::threats_as_phantom(game, ix) | kind_threats(game, ix, conditions)
}

fn kind_threats(game: &Game, ix: Ix, conditions: Conditions) -> u64 {
    match game.piece(ix).kind.faction() {
        Faction::Classique => classique::threats(game, ix),
        Faction::Peasant => peasant::threats(game, ix),
        Faction::Beastfolk => beastfolk::threats(game, ix),
        Faction::Undead => undead::threats(game, ix),
        Faction::Slime => slime::threats(game, ix),
        Faction::Robot => robot::threats(game, ix),
        Faction::Halflings => halflings::threats(game, ix, conditions),
        Faction::Reaper => reaper::threats(game, ix),
        Faction::Alchemist => alchemist::threats(game, ix),
        Faction::Butcher => butcher::threats(game, ix),
        Faction::Faerie => faerie::threats(game, ix, conditions),
        Faction::Swarm => swarm::threats(game, ix),
        Faction::Wallmaster => wallmaster::threats(game, ix),
        Faction::Ghost => ghost::threats(game, ix),
    }
}

/// Where a missile piece `ix` could throw after its next move might land
/// (A7): none while it cannot move (pinned, line 37).
pub(super) fn throw_threats(game: &Game, ix: Ix) -> u64 {
    let thrower = game.piece(ix).kind.faction() == Faction::Alchemist;
    if !thrower || game.pinned(ix) {
        return 0;
    }
    alchemist::throw_threats(game, ix)
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

/// Why `seat`'s move, refused, is not legal, when a faction can say more
/// than that the piece cannot move so. The seat's faction speaks for its
/// side-wide rules (a Classique move that leaves the King in check); the
/// piece's own faction for the piece (a Mayor that may not move, a Sprite's
/// flight while it is not threatened), so that a Ghost's copy of a Sprite
/// is told the Sprite's reason, as it moves by the Sprite's rules (D16).
pub(super) fn why_illegal(game: &Game, seat: u8, mv: Move) -> Option<String> {
    let side_wide = match game.faction_of(seat) {
        Faction::Classique => classique::why_illegal(game, seat, mv),
        _ => None,
    };
    side_wide.or_else(|| {
        let piece = game.pieces.get(usize::from(mv.piece()?))?;
        match piece.kind.faction() {
            Faction::Halflings => halflings::why_illegal(game, seat, mv),
            Faction::Faerie => faerie::why_illegal(game, seat, mv),
            _ => None,
        }
    })
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
pub(super) fn throw_label(game: &Game, piece: Ix, toward: Compass) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::dice::ScriptedDice;
    use crate::kit::grid::{self, bit, mask_of, named};

    use super::super::position::{Position, ix};
    use crate::kit::compass::Compass;

    fn moves_of(game: &Game, piece: Ix) -> Vec<Move> {
        let mut out = Vec::new();
        piece_moves(game, piece, &mut out);
        out
    }

    /// The squares of `moves`, each a plain move of `piece` to a square
    /// listed once.
    fn destinations(moves: &[Move], piece: Ix) -> u64 {
        moves.iter().fold(0, |mask, &mv| {
            let Move::Go { piece: moved, to } = mv else {
                panic!("not a plain move: {mv:?}")
            };
            assert_eq!(moved, piece, "{mv:?} moves another piece");
            assert_eq!(mask & bit(to), 0, "{mv:?} is listed twice");
            mask | bit(to)
        })
    }

    #[test]
    fn pending_decisions_belong_to_the_faction_whose_rules_left_them() {
        let cases = [
            (Pending::ChainJump { piece: 0, takes: 1 }, Faction::Peasant),
            (Pending::Promotion { piece: 0 }, Faction::Beastfolk),
            (
                Pending::LeonineTake {
                    piece: 0,
                    toward: Compass(0),
                    left: 1,
                },
                Faction::Beastfolk,
            ),
            (
                Pending::PairedMove {
                    piece: 0,
                    df: 0,
                    dr: 1,
                    distance: 1,
                },
                Faction::Undead,
            ),
            (
                Pending::CarryPhylactery {
                    mover: 0,
                    phylactery: 1,
                },
                Faction::Undead,
            ),
            (Pending::LichReturn { lich: 0 }, Faction::Undead),
            (Pending::Throw { piece: 0 }, Faction::Alchemist),
            (
                Pending::Slaughter {
                    butcher: 0,
                    left: 3,
                },
                Faction::Butcher,
            ),
            (Pending::SwarmAgain { piece: 0, count: 1 }, Faction::Swarm),
        ];
        for (pending, faction) in cases {
            assert_eq!(pending_faction(pending), faction, "{pending:?}");
        }
    }

    #[test]
    fn a_queen_owned_by_a_peasant_seat_slides_as_a_queen() {
        // Black's Classique side moves; the Queen of White's Peasants
        // waits its turn (a Peasant side's own listing knows no Queen).
        let mut position = Position::new([Faction::Peasant, Faction::Classique]);
        position.to_move(1);
        position.place(0, "sergeant", "a8");
        let queen = position.place(0, "queen", "d4");
        position.place(0, "man", "d6");
        position.place(1, "pawn", "f6");
        position.place(1, "king", "h8");
        let game = position.build();
        let moves = moves_of(&game, ix(queen));
        assert_eq!(moves.len(), 22);
        assert_eq!(
            destinations(&moves, ix(queen)),
            mask_of(&[
                "d5", "d3", "d2", "d1", "e4", "f4", "g4", "h4", "c4", "b4", "a4", "e5", "f6", "c5",
                "b6", "a7", "e3", "f2", "g1", "c3", "b2", "a1",
            ])
        );
    }

    #[test]
    fn a_classique_sides_moves_are_its_pieces_moves_in_order() {
        let mut position = Position::new([Faction::Classique, Faction::Peasant]);
        position.starting_pieces(0).starting_pieces(1);
        let game = position.build();
        let mut side = Vec::new();
        main_moves(&game, 0, &mut side);
        let mut pieces = Vec::new();
        for (piece, _) in game.pieces_of(0) {
            piece_moves(&game, piece, &mut pieces);
        }
        // The opening: no move leaves the King in check, so the side's
        // filter keeps every piece's move.
        assert_eq!(side, pieces);
        assert_eq!(side.len(), 20);
    }

    /// Every faction's starting pieces, owned by a Classique seat on either
    /// side, list their moves without a panic, and a Drone, Zombie or
    /// Sprite goes its owner's way.
    #[test]
    fn every_factions_pieces_list_their_moves_for_a_classique_owner() {
        for faction in Faction::ALL {
            for owner in [0u8, 1] {
                let mut position = Position::new([Faction::Classique; 2]);
                let mover = 1 - owner;
                position.to_move(mover);
                position.place(mover, "king", if mover == 0 { "e4" } else { "e5" });
                let mut placed = Vec::new();
                for (kind, sq) in layout(faction, owner == 0) {
                    let name = grid::to_square(sq).to_string();
                    placed.push((kind, position.place(owner, kind.key(), &name)));
                }
                let game = position.build();
                for (kind, piece) in placed {
                    let mut out = Vec::new();
                    piece_moves(&game, ix(piece), &mut out);
                    for mv in out {
                        assert_eq!(mv.piece(), Some(ix(piece)), "{kind:?}: {mv:?}");
                        if matches!(kind, Kind::Drone | Kind::Zombie | Kind::Sprite)
                            && let Move::Go { to, .. } = mv
                        {
                            let from = game.piece(ix(piece)).square.expect("on the board");
                            let advance = grid::rank(to) as i8 - grid::rank(from) as i8;
                            assert_ne!(advance.signum(), -game.forward(owner), "{kind:?}: {mv:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_minotaur_owned_by_a_classique_seat_rolls_where_a_minotaur_may() {
        let mut position = Position::new([Faction::Beastfolk, Faction::Classique]);
        position.place(0, "leonine", "h1");
        let minotaur = position.place(1, "minotaur", "d4");
        position.place(1, "pawn", "d5");
        // South: an enemy with an enemy behind it stops the way (B4).
        position.place(0, "goatman", "d3");
        position.place(0, "goatman", "d2");
        // East: an enemy alone is taken on the way.
        position.place(0, "goatman", "e4");
        let game = position.build();
        assert_eq!(
            moves_of(&game, ix(minotaur)),
            [Compass(2), Compass(6)].map(|toward| Move::Roll {
                piece: ix(minotaur),
                toward
            })
        );
    }

    #[test]
    fn a_goatman_owned_by_black_goes_south() {
        let mut position = Position::new([Faction::Beastfolk, Faction::Classique]);
        position.place(0, "leonine", "a1");
        let goatman = position.place(1, "goatman", "g6");
        // South-east opens with an enemy there; south-west stays shut.
        position.place(0, "goatman", "h5");
        let game = position.build();
        assert_eq!(
            moves_of(&game, ix(goatman)),
            [Compass(3), Compass(4)].map(|toward| Move::Roll {
                piece: ix(goatman),
                toward
            })
        );
    }

    #[test]
    fn a_man_owned_by_black_steps_and_leaps_south() {
        let mut position = Position::new([Faction::Peasant, Faction::Classique]);
        position.place(0, "sergeant", "a1");
        position.place(1, "king", "h8");
        let man = position.place(1, "man", "d5");
        position.place(0, "man", "e4");
        let game = position.build();
        assert_eq!(
            moves_of(&game, ix(man)),
            [
                Move::Go {
                    piece: ix(man),
                    to: named("c4")
                },
                Move::Go {
                    piece: ix(man),
                    to: named("f3")
                },
            ]
        );
    }

    #[test]
    fn a_chain_jump_waiting_for_a_classique_seat_offers_the_peasant_takes() {
        let mut position = Position::new([Faction::Classique, Faction::Peasant]);
        position.to_move(1);
        position.place(0, "king", "h1");
        position.place(1, "sergeant", "h8");
        let man = position.place(0, "man", "c3");
        let first = position.place(1, "man", "b4");
        position.place(1, "man", "d4");
        position.place(1, "man", "b6");
        let mut game = position.build();
        let decision = Decision {
            seat: 0,
            pending: Pending::ChainJump {
                piece: ix(man),
                takes: 1,
            },
        };
        let mut options = Vec::new();
        decision_moves(&game, decision, &mut options);
        let go = |to| Move::Go {
            piece: ix(man),
            to: named(to),
        };
        assert_eq!(options, [go("a5"), go("e5"), Move::Done]);

        // The take is played by the Peasant's rules: b4 is taken, and the
        // Man on a5 may take b6 next, for seat 0 still.
        game.pending.clear();
        play_decision(
            &mut game,
            decision,
            go("a5"),
            &mut ScriptedDice::new([]),
            &mut Log::silent(),
        );
        assert_eq!(game.piece(ix(man)).square, Some(named("a5")));
        assert_eq!(game.piece(ix(first)).square, None);
        assert_eq!(
            game.pending.last(),
            Some(&Decision {
                seat: 0,
                pending: Pending::ChainJump {
                    piece: ix(man),
                    takes: 2,
                },
            })
        );
    }

    /// Every position of a random game of each ordered pairing (the
    /// fourteen factions, walls, pins and copies among them), the last
    /// included: whether a side has a main move is what listing them all
    /// says, stalemates and mates among them.
    #[test]
    fn a_side_has_a_main_move_exactly_when_its_list_has_one() {
        use crate::contract::GameRules;
        use crate::kit::dice::ChaChaDice;
        use fray_protocol::{MatchConfig, SystemId};

        let config = MatchConfig::new(SystemId::ActionChessFactionChess);
        let mut positions = 0;
        let mut without = 0;
        for (seed, armies) in Faction::PLAYABLE
            .iter()
            .flat_map(|&a| Faction::PLAYABLE.iter().map(move |&b| [a, b]))
            .enumerate()
        {
            let mut dice = ChaChaDice::from_u64(seed as u64);
            let lists = armies.map(super::super::examples::army_list);
            let mut game = Game::setup_quiet(&config, &lists, &mut dice).expect("sets up");
            let mut legal = Vec::new();
            let mut pick = crate::kit::picks(seed as u64);
            for action in 0..600 {
                let mut listed = Vec::new();
                main_moves(&game, game.mover, &mut listed);
                assert_eq!(
                    has_main_move(&game, game.mover),
                    !listed.is_empty(),
                    "{armies:?}, seed {seed}, action {action}"
                );
                positions += 1;
                without += usize::from(listed.is_empty());
                let Some(&seat) = game.to_act().first() else {
                    break;
                };
                legal.clear();
                game.legal_moves(seat, &mut legal);
                game.play_quiet(seat, legal[pick(legal.len())], &mut dice);
            }
        }
        assert!(positions > 30_000, "{positions} positions");
        assert!(without > 0, "no position without a main move was met");
    }
}
