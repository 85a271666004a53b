//! Undead (book lines 15–20): Zombies that shamble forward in a line, two
//! Grave Guards that may move as a pair, Death Knights that add a diagonal
//! step to a knight's move, a Phylactery carried along by its neighbours,
//! and a Lich-King that returns beside the Phylactery when captured.
//! Rulings U1–U14 in `docs/rules/action-chess-faction-chess.md`.

use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, DIAGONAL, KNIGHT_JUMPS, ORTHOGONAL, Sq, bit};

use super::faction_rules;
use super::layout::{Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Decision, Ix, Pending};

type Game = ActionChessFactionChess;

const ZOMBIE_REACH: u8 = 2;
const GRAVE_GUARD_REACH: u8 = 6;
const LICH_KING_REACH: u8 = 3;

/// Why a piece leaves the board when the Lich-King returns onto it (U12).
const MADE_ROOM: &str = "removed to make room for the returning Lich-King";

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| match role {
        Role::Pawn => Some(Kind::Zombie),
        Role::Rook => Some(Kind::GraveGuard),
        Role::Knight | Role::Bishop => Some(Kind::DeathKnight),
        Role::Queen => Some(Kind::Phylactery),
        Role::King => Some(Kind::LichKing),
    })
}

fn square_of(game: &Game, ix: Ix) -> Sq {
    game.piece(ix)
        .square
        .expect("an Undead piece that acts is on the board")
}

/// The Zombie's one line: straight toward the opponent.
fn zombie_line(game: &Game, seat: u8) -> [(i8, i8); 1] {
    [(0, game.forward(seat))]
}

pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// One Undead piece's moves, a Zombie's forward being its owner's. The
/// Grave Guards' pair and the Phylactery's carry are decisions after the
/// move (`play_main`), among the owner's own pieces.
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let piece = game.piece(ix);
    match piece.kind {
        Kind::Zombie => game.push_slides(ix, &zombie_line(game, piece.owner), ZOMBIE_REACH, out),
        Kind::GraveGuard => game.push_slides(ix, &ORTHOGONAL, GRAVE_GUARD_REACH, out),
        Kind::DeathKnight => death_knight_moves(game, ix, out),
        Kind::Phylactery => {}
        Kind::LichKing => game.push_slides(ix, &ALL_DIRECTIONS, LICH_KING_REACH, out),
        other => unreachable!("{other:?} is not an Undead piece"),
    }
}

/// The knight's move alone, then the knight's move with a diagonal step
/// (U7, U8): a step from an empty landing square is listed once per square
/// it ends on, and not at all where the knight's move alone ends there,
/// since those moves do the same; a step after a capture goes to an empty
/// square only, the one capture being made.
fn death_knight_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let owner = game.piece(ix).owner;
    let from = square_of(game, ix);
    game.push_leaps(ix, &KNIGHT_JUMPS, out);
    let mut reached = game.reach(from, &KNIGHT_JUMPS);
    for via in grid::squares_of(game.reach(from, &KNIGHT_JUMPS)) {
        // A friend or a Dryad (F7) on the knight's square shuts the route.
        if !game.open_to(owner, via) {
            continue;
        }
        let took = game.takeable_by(owner, via);
        for to in grid::squares_of(game.reach(via, &DIAGONAL)) {
            let open = if took {
                game.is_empty(to)
            } else {
                game.open_to(owner, to) && reached & bit(to) == 0
            };
            if open {
                if !took {
                    reached |= bit(to);
                }
                out.push(Move::Via { piece: ix, via, to });
            }
        }
    }
}

pub(super) fn play_main(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    let mover = mv.piece().expect("every Undead main move names its piece");
    let carried = phylactery_beside(game, seat, square_of(game, mover));
    match mv {
        Move::Go { piece, to } => match game.piece(piece).kind {
            Kind::Zombie => zombie_go(game, piece, to, dice, log),
            Kind::GraveGuard => {
                let from = square_of(game, piece);
                // A Guard the Swarmlings removed leads no pair (Q5).
                if game.go(piece, to, dice, log) && offer_pair(game, seat, piece, from, to) {
                    // The carry waits for the pair's move (U6).
                    return;
                }
            }
            _ => {
                game.go(piece, to, dice, log);
            }
        },
        Move::Via { piece, via, to } => {
            if game.go(piece, via, dice, log) {
                game.go(piece, to, dice, log);
            }
        }
        other => unreachable!("not an Undead main move: {other:?}"),
    }
    offer_carry(game, seat, mover, carried);
}

/// A Zombie's move; a two-square one pushes the Zombies that stood beside
/// it one square forward, each into an empty square only (U2, U3), and
/// none that is pinned (U15).
fn zombie_go(game: &mut Game, zombie: Ix, to: Sq, dice: &mut dyn Dice, log: &mut Log) {
    let seat = game.piece(zombie).owner;
    let forward = game.forward(seat);
    let from = square_of(game, zombie);
    game.progress = true;
    // A Zombie the Swarmlings removed pushes no one (Q5).
    if !game.go(zombie, to, dice, log) || grid::rank(from).abs_diff(grid::rank(to)) < 2 {
        return;
    }
    for side in [-1, 1] {
        let Some(beside) = grid::offset(from, side, 0) else {
            continue;
        };
        let pushed = game
            .at(beside)
            .filter(|&ix| game.piece(ix).owner == seat && game.piece(ix).kind == Kind::Zombie)
            .filter(|&ix| {
                !(game.rules.rulings.zombie_push_spares_pinned_zombies() && game.pinned(ix))
            });
        if let Some(pushed) = pushed
            && let Some(ahead) = grid::offset(beside, 0, forward)
            && game.passes(beside, ahead)
            && game.is_empty(ahead)
        {
            game.move_piece(pushed, ahead);
        }
    }
}

/// `seat`'s Phylactery, if it stands next to `sq`.
fn phylactery_beside(game: &Game, seat: u8, sq: Sq) -> Option<Ix> {
    game.find(seat, Kind::Phylactery)
        .filter(|&(_, at)| grid::distance(at, sq) == 1)
        .map(|(ix, _)| ix)
}

/// The other Grave Guard of the Guard `ix`'s side, if it is on the board.
fn other_grave_guard(game: &Game, ix: Ix) -> Option<Ix> {
    let owner = game.piece(ix).owner;
    game.pieces_of(owner)
        .find(|&(other, piece)| other != ix && piece.kind == Kind::GraveGuard)
        .map(|(other, _)| other)
}

/// Offers the other Grave Guard the move the Guard `leader` just made, if
/// it is legal for it (U5) and it is free to move (G13); returns whether
/// it was offered.
fn offer_pair(game: &mut Game, seat: u8, leader: Ix, from: Sq, to: Sq) -> bool {
    let Some(follower) = other_grave_guard(game, leader) else {
        return false;
    };
    let distance = grid::distance(from, to);
    let df = (grid::file(to) as i8 - grid::file(from) as i8).signum();
    let dr = (grid::rank(to) as i8 - grid::rank(from) as i8).signum();
    if follow_target(game, follower, df, dr, distance).is_none() {
        return false;
    }
    faction_rules::ask(
        game,
        Decision {
            seat,
            pending: Pending::PairedMove {
                piece: follower,
                df,
                dr,
                distance,
            },
        },
    )
}

/// Where the Guard `follower` lands moving `distance` squares by
/// `(df, dr)`, if that is a legal slide now: empty squares on the way, an
/// empty square or an enemy to take at the end.
fn follow_target(game: &Game, follower: Ix, df: i8, dr: i8, distance: u8) -> Option<Sq> {
    let owner = game.piece(follower).owner;
    let from = square_of(game, follower);
    let path = slide_path(game, from, df, dr, distance)?;
    let (to, between) = path.split_last().expect("a distance of at least 1");
    (between.iter().all(|&sq| game.is_empty(sq)) && game.open_to(owner, *to)).then_some(*to)
}

/// The squares from `from` (not included) `distance` steps along
/// `(df, dr)`, if they are all on the board and no wall stands on the way
/// (W10).
fn slide_path(game: &Game, from: Sq, df: i8, dr: i8, distance: u8) -> Option<Vec<Sq>> {
    let mut path = Vec::with_capacity(distance as usize);
    let mut at = from;
    for _ in 0..distance {
        let to = grid::offset(at, df, dr).filter(|&to| game.passes(at, to))?;
        path.push(to);
        at = to;
    }
    Some(path)
}

/// Offers to put the Phylactery beside `mover`, if it began its move next
/// to it, a square beside it is free now (U9) and it is free to move
/// (G13).
fn offer_carry(game: &mut Game, seat: u8, mover: Ix, phylactery: Option<Ix>) {
    let Some(phylactery) = phylactery else {
        return;
    };
    // A mover the Swarmlings removed carries nothing (Q5).
    if game.piece(phylactery).square.is_none()
        || game.piece(mover).square.is_none()
        || free_beside(game, mover) == 0
    {
        return;
    }
    faction_rules::ask(
        game,
        Decision {
            seat,
            pending: Pending::CarryPhylactery { mover, phylactery },
        },
    );
}

/// The empty squares next to piece `ix`.
fn free_beside(game: &Game, ix: Ix) -> u64 {
    grid::neighbours(square_of(game, ix))
        .filter(|&sq| game.is_empty(sq))
        .fold(0, |mask, sq| mask | bit(sq))
}

/// The squares the Lich-King of `seat` may return to: next to its
/// Phylactery, empty or holding one of its own pieces (U11).
fn return_squares(game: &Game, seat: u8) -> u64 {
    let Some((_, phylactery)) = game.find(seat, Kind::Phylactery) else {
        return 0;
    };
    grid::neighbours(phylactery)
        .filter(|&sq| game.is_empty(sq) || game.holds(seat, sq))
        .fold(0, |mask, sq| mask | bit(sq))
}

pub(super) fn decision_moves(game: &Game, decision: Decision, out: &mut Vec<Move>) {
    match decision.pending {
        Pending::PairedMove {
            piece,
            df,
            dr,
            distance,
        } => {
            if let Some(to) = follow_target(game, piece, df, dr, distance) {
                out.push(Move::Go { piece, to });
            }
        }
        Pending::CarryPhylactery { mover, phylactery } => {
            out.extend(
                grid::squares_of(free_beside(game, mover)).map(|to| Move::Place {
                    piece: phylactery,
                    kind: Kind::Phylactery,
                    to,
                }),
            );
        }
        Pending::LichReturn { lich } => {
            out.extend(
                grid::squares_of(return_squares(game, decision.seat)).map(|to| Move::Place {
                    piece: lich,
                    kind: Kind::LichKing,
                    to,
                }),
            );
        }
        other => unreachable!("not an Undead decision: {other:?}"),
    }
    out.push(Move::Done);
}

pub(super) fn play_decision(
    game: &mut Game,
    decision: Decision,
    mv: Move,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    match (decision.pending, mv) {
        (
            Pending::PairedMove {
                piece,
                df,
                dr,
                distance,
            },
            _,
        ) => play_pair(
            game,
            decision.seat,
            piece,
            (df, dr, distance),
            mv,
            dice,
            log,
        ),
        (Pending::CarryPhylactery { phylactery, .. }, Move::Place { to, .. }) => {
            game.move_piece(phylactery, to);
        }
        (Pending::LichReturn { lich }, Move::Place { to, .. }) => {
            if let Some(friend) = game.at(to) {
                game.lift(friend, MADE_ROOM);
            }
            game.put_back(lich, to);
        }
        (_, Move::Done) => {}
        (pending, mv) => unreachable!("{mv:?} does not answer {pending:?}"),
    }
}

/// The other Grave Guard follows or stays; then the Phylactery may be
/// carried by the Guard that led, if it began beside it, else by the one
/// that followed (U6).
fn play_pair(
    game: &mut Game,
    seat: u8,
    follower: Ix,
    (df, dr, distance): (i8, i8, u8),
    mv: Move,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    let follower_from = square_of(game, follower);
    let carried_by_follower = phylactery_beside(game, seat, follower_from);
    if let Move::Go { to, .. } = mv {
        game.go(follower, to, dice, log);
    }
    // The Guard that led may have left the board since its move (a Shade
    // struck it there, D8): then no Phylactery follows it.
    let Some(leader) = other_grave_guard(game, follower) else {
        return;
    };
    let back = -(distance as i8);
    let leader_from = grid::offset(square_of(game, leader), df * back, dr * back)
        .expect("the Guard that led came from the board");
    if let Some(phylactery) = phylactery_beside(game, seat, leader_from) {
        offer_carry(game, seat, leader, Some(phylactery));
    } else if mv != Move::Done {
        offer_carry(game, seat, follower, carried_by_follower);
    }
}

/// A captured Lich-King may return at once, if it has somewhere to go
/// (U11).
pub(super) fn on_captured(game: &mut Game, victim: Ix, _log: &mut Log) {
    let piece = *game.piece(victim);
    if piece.kind == Kind::LichKing && return_squares(game, piece.owner) != 0 {
        game.reactions.push(Decision {
            seat: piece.owner,
            pending: Pending::LichReturn { lich: victim },
        });
    }
}

pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    let piece = game.piece(ix);
    let from = square_of(game, ix);
    match piece.kind {
        Kind::Zombie => game.slide_reach(from, &zombie_line(game, piece.owner), ZOMBIE_REACH),
        Kind::GraveGuard => {
            game.slide_reach(from, &ORTHOGONAL, GRAVE_GUARD_REACH) | follow_threats(game, ix)
        }
        Kind::DeathKnight => death_knight_threats(game, from),
        Kind::Phylactery => 0,
        Kind::LichKing => game.slide_reach(from, &ALL_DIRECTIONS, LICH_KING_REACH),
        other => unreachable!("{other:?} is not an Undead piece"),
    }
}

/// A Death Knight takes on its knight's landing square, or with the
/// diagonal step from an empty one.
fn death_knight_threats(game: &Game, from: Sq) -> u64 {
    let landings = game.reach(from, &KNIGHT_JUMPS);
    grid::squares_of(landings)
        .filter(|&via| game.is_empty(via))
        .fold(landings, |mask, via| mask | game.reach(via, &DIAGONAL))
}

/// Where Guard `follower` could take by following each legal move of the
/// other Guard: the board as it would be after that move, the leader gone
/// from its square and standing on its new one.
fn follow_threats(game: &Game, follower: Ix) -> u64 {
    let Some(leader) = other_grave_guard(game, follower) else {
        return 0;
    };
    let owner = game.piece(leader).owner;
    let leader_from = square_of(game, leader);
    let follower_from = square_of(game, follower);
    let mut mask = 0;
    for &(df, dr) in &ORTHOGONAL {
        for distance in 1..=GRAVE_GUARD_REACH {
            let Some(leader_to) =
                grid::offset(leader_from, df * distance as i8, dr * distance as i8)
            else {
                break;
            };
            let leader_before = grid::offset(
                leader_from,
                df * (distance as i8 - 1),
                dr * (distance as i8 - 1),
            )
            .expect("the square before is on the board");
            if !game.passes(leader_before, leader_to) || !game.open_to(owner, leader_to) {
                break;
            }
            let taken = |sq: Sq| sq == leader_to || (sq != leader_from && !game.is_empty(sq));
            if let Some(path) = slide_path(game, follower_from, df, dr, distance) {
                let (to, between) = path.split_last().expect("a distance of at least 1");
                if *to != leader_to && !between.iter().any(|&sq| taken(sq)) {
                    mask |= bit(*to);
                }
            }
            if !game.is_empty(leader_to) {
                break;
            }
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action_chess_faction_chess::factions::Faction;
    use crate::action_chess_faction_chess::position::Position;
    use crate::kit::grid::mask_of;

    /// Undead (seat 0) against the Slime, the leaders in the corners.
    fn position() -> Position {
        let mut position = Position::new([Faction::Undead, Faction::Slime]);
        position.place(0, "lich-king", "h1");
        position.place(1, "goobrain", "h8");
        position
    }

    fn threats_of(position: &Position, piece: fray_protocol::PieceId) -> u64 {
        threats(&position.build(), piece.0 as Ix)
    }

    #[test]
    fn a_zombie_threatens_straight_ahead_up_to_the_first_piece() {
        let mut open = position();
        let zombie = open.place(0, "zombie", "e2");
        assert_eq!(threats_of(&open, zombie), mask_of(&["e3", "e4"]));
        open.place(1, "glob", "e3");
        assert_eq!(threats_of(&open, zombie), mask_of(&["e3"]));
    }

    #[test]
    fn a_death_knight_threatens_its_knight_squares_and_the_steps_from_empty_ones() {
        let mut position = position();
        let knight = position.place(0, "death-knight", "a1");
        // b3 is taken: no step from it; from c2, b1 d1 d3 and b3.
        position.place(1, "glob", "b3");
        assert_eq!(
            threats_of(&position, knight),
            mask_of(&["b3", "c2", "b1", "d1", "d3"])
        );
    }

    #[test]
    fn a_grave_guard_threatens_where_it_could_follow_the_other_past_it() {
        let mut position = position();
        let behind = position.place(0, "grave-guard", "a1");
        position.place(0, "grave-guard", "a2");
        // Its own slides: a2 (its partner) and b1–g1. Following the Guard
        // on a2 north 1–6 it reaches a2–a7 through the square it left.
        assert_eq!(
            threats_of(&position, behind),
            mask_of(&[
                "a2", "a3", "a4", "a5", "a6", "a7", "b1", "c1", "d1", "e1", "f1", "g1"
            ])
        );
    }

    #[test]
    fn the_lich_king_threatens_three_squares_each_way_and_the_phylactery_nothing() {
        let mut position = position();
        let phylactery = position.place(0, "phylactery", "d4");
        let lich = crate::kit::grid::named("h1");
        let game = position.build();
        assert_eq!(threats(&game, phylactery.0 as Ix), 0);
        let lich = game.at(lich).expect("the Lich-King");
        assert_eq!(
            threats(&game, lich),
            mask_of(&["h2", "h3", "h4", "g1", "f1", "e1", "g2", "f3", "e4"])
        );
    }
}
