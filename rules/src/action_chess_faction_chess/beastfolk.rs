//! Beastfolk: every piece chooses a direction and the server rolls how far
//! it goes. On its way a beast takes each enemy it passes through unless
//! another enemy stands right behind it, and stops at the board's end, a
//! friendly piece, or such a pair of enemies. A Leonine may take friendly
//! non-Leonines in its way (`Pending::LeonineTake`); a Goatman on the far
//! rank becomes a Minotaur or a Boarman (`Pending::Promotion`). Rulings
//! B1–B12 in `docs/rules/action-chess-faction-chess.md`.

use fray_protocol::{DiceRoll, Die, Phrase, PieceId, Seat};

use crate::kit::describe::Describe;
use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, Sq, bit};

use super::layout::{Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Decision, Ix, Pending};
use crate::kit::compass::Compass;

type Game = ActionChessFactionChess;

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| match role {
        Role::Pawn => Some(Kind::Goatman),
        Role::Rook | Role::Bishop => Some(Kind::Minotaur),
        Role::Knight => Some(Kind::Boarman),
        Role::Queen | Role::King => Some(Kind::Leonine),
    })
}

/// The die a Beastfolk piece rolls for its distance.
pub(super) fn distance_die(kind: Kind) -> Option<u8> {
    match kind {
        Kind::Goatman => Some(4),
        Kind::Minotaur | Kind::Boarman | Kind::Leonine => Some(8),
        _ => None,
    }
}

/// The directions a piece's kind moves in, before what stands around it is
/// looked at; a Goatman's forward diagonals come with an enemy there (B2).
fn directions(game: &Game, ix: Ix) -> Vec<Compass> {
    let piece = game.piece(ix);
    let all = Compass::ALL.into_iter();
    match piece.kind {
        Kind::Goatman => {
            let forward = game.forward(piece.owner);
            all.filter(|c| c.step().1 == forward).collect()
        }
        Kind::Minotaur => all.filter(|c| !c.is_diagonal()).collect(),
        Kind::Boarman => all.filter(|c| c.is_diagonal()).collect(),
        Kind::Leonine => all.collect(),
        other => unreachable!("{other:?} is not a Beastfolk piece"),
    }
}

fn square_of(game: &Game, ix: Ix) -> Sq {
    game.piece(ix)
        .square
        .expect("a Beastfolk piece that moves is on the board")
}

fn next(at: Sq, toward: Compass) -> Option<Sq> {
    let (df, dr) = toward.step();
    grid::offset(at, df, dr)
}

/// The next square of a walk, unless a wall stands before it: a wall
/// stops a walk as the board's edge does (W10).
fn walk_on(game: &Game, at: Sq, toward: Compass) -> Option<Sq> {
    next(at, toward).filter(|&to| game.passes(at, to))
}

/// Whether the piece on `sq` is `seat`'s enemy with another enemy of
/// `seat` right behind it along `toward`: the pair a beast stops before.
/// "Behind" is the next square along the line (B4).
fn enemy_behind(game: &Game, seat: u8, sq: Sq, toward: Compass) -> bool {
    next(sq, toward).is_some_and(|behind| game.enemy_of(seat, behind))
}

/// What a beast finds on the next square of its way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ahead {
    /// The board's end, a friend it may not take, or an enemy with an enemy
    /// behind it: it stops where it is.
    Stop,
    /// An empty square: it goes on.
    Free,
    /// An enemy it takes as it passes, going on into its square.
    Take(Ix),
    /// A friendly non-Leonine in a Leonine's way: its owner chooses (B9).
    Friend(Ix),
}

fn ahead(game: &Game, ix: Ix, at: Sq, toward: Compass) -> (Ahead, Option<Sq>) {
    let piece = game.piece(ix);
    let Some(to) = walk_on(game, at, toward) else {
        return (Ahead::Stop, None);
    };
    let found = match game.at(to) {
        None => Ahead::Free,
        Some(other) if game.piece(other).owner != piece.owner => {
            // A Dryad cannot be captured (F7): the beast stops before it,
            // as before a friend.
            if !game.piece(other).kind.can_be_captured()
                || enemy_behind(game, piece.owner, to, toward)
            {
                Ahead::Stop
            } else {
                Ahead::Take(other)
            }
        }
        Some(friend) => {
            if piece.kind == Kind::Leonine && game.piece(friend).kind != Kind::Leonine {
                Ahead::Friend(friend)
            } else {
                Ahead::Stop
            }
        }
    };
    (found, Some(to))
}

/// The directions `ix` may roll toward: those where it can go at least one
/// square whatever it rolls (B6). A Goatman's forward diagonal needs an
/// enemy on its first square (B2).
fn rolls(game: &Game, ix: Ix) -> impl Iterator<Item = Compass> + '_ {
    let from = square_of(game, ix);
    let piece = game.piece(ix);
    directions(game, ix).into_iter().filter(move |&toward| {
        let (found, to) = ahead(game, ix, from, toward);
        let goatman_diagonal = piece.kind == Kind::Goatman && toward.is_diagonal();
        if goatman_diagonal && !to.is_some_and(|to| game.takeable_by(piece.owner, to)) {
            return false;
        }
        found != Ahead::Stop
    })
}

pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// One beast's rolls: a direction each.
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    out.extend(rolls(game, ix).map(|toward| Move::Roll { piece: ix, toward }));
}

pub(super) fn play_main(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    let Move::Roll { piece, toward } = mv else {
        unreachable!("not a Beastfolk move: {mv:?}")
    };
    let kind = game.piece(piece).kind;
    let die = distance_die(kind).expect("a Beastfolk piece");
    let distance = dice.roll(die);
    log.roll(|| DiceRoll {
        seat: Some(Seat(seat)),
        piece: Some(PieceId(u32::from(piece))),
        purpose: Phrase::from(format!(
            "distance {} for the {} (d{die})",
            toward.name(),
            game.describe(piece)
        )),
        dice: vec![Die {
            sides: die,
            face: distance,
        }],
        modifier: 0,
        total: i32::from(distance),
        result: Phrase::from(format!(
            "up to {distance} square{} {}",
            if distance == 1 { "" } else { "s" },
            toward.name()
        )),
    });
    if kind == Kind::Goatman {
        // A Goatman's every move advances it (B12).
        game.progress = true;
    }
    walk(game, seat, piece, toward, distance, dice, log);
}

/// `piece` goes up to `left` squares toward `toward`, taking the enemies
/// it passes through (B3–B5); it pauses for its owner's choice at a friend
/// a Leonine may take (B9), and a Goatman that ends on the far rank waits
/// for its promotion (B10). A walk stops where Swarmlings it would take
/// remove it (Q5).
fn walk(
    game: &mut Game,
    seat: u8,
    piece: Ix,
    toward: Compass,
    mut left: u8,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    while left > 0 {
        let at = square_of(game, piece);
        let (found, to) = ahead(game, piece, at, toward);
        match found {
            Ahead::Stop => break,
            Ahead::Free => {}
            Ahead::Take(enemy) => {
                if !game.capture(enemy, dice, log) {
                    return;
                }
            }
            Ahead::Friend(_) => {
                game.pending.push(Decision {
                    seat,
                    pending: Pending::LeonineTake {
                        piece,
                        toward,
                        left,
                    },
                });
                return;
            }
        }
        game.move_piece(piece, to.expect("a square ahead"));
        left -= 1;
    }
    let on_far_rank = game.on_far_rank(seat, square_of(game, piece));
    if game.piece(piece).kind == Kind::Goatman && on_far_rank {
        game.pending.push(Decision {
            seat,
            pending: Pending::Promotion { piece },
        });
    }
}

/// What a Goatman may become (B10).
const PROMOTIONS: [Kind; 2] = [Kind::Minotaur, Kind::Boarman];

pub(super) fn decision_moves(game: &Game, decision: Decision, out: &mut Vec<Move>) {
    match decision.pending {
        Pending::Promotion { piece } => {
            out.extend(PROMOTIONS.map(|into| Move::Become { piece, into }));
        }
        Pending::LeonineTake { piece, toward, .. } => {
            let at = square_of(game, piece);
            if let (Ahead::Friend(_), Some(to)) = ahead(game, piece, at, toward) {
                out.push(Move::Go { piece, to });
            }
            out.push(Move::Done);
        }
        other => unreachable!("not a Beastfolk decision: {other:?}"),
    }
}

pub(super) fn play_decision(
    game: &mut Game,
    decision: Decision,
    mv: Move,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    match (decision.pending, mv) {
        (Pending::Promotion { piece }, Move::Become { into, .. }) => {
            game.change_kind(piece, into);
        }
        (
            Pending::LeonineTake {
                piece,
                toward,
                left,
            },
            Move::Go { to, .. },
        ) => {
            let friend = game.at(to).expect("the friend the Leonine takes");
            game.capture(friend, dice, log);
            game.move_piece(piece, to);
            walk(game, decision.seat, piece, toward, left - 1, dice, log);
        }
        (Pending::LeonineTake { .. }, Move::Done) => {}
        other => unreachable!("not a Beastfolk decision and its answer: {other:?}"),
    }
}

/// The squares `ix` could take on on its next move with any roll (G4),
/// whatever stands there now (B11): along each way it may go, every
/// square its largest roll would carry it into, were an enemy there
/// without an enemy behind it, up to where it would stop. A Goatman's
/// forward diagonals count their first square, and the rest of the
/// diagonal only with an enemy there to open it.
pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    let piece = game.piece(ix);
    let from = square_of(game, ix);
    let reach = distance_die(piece.kind).expect("a Beastfolk piece");
    let mut mask = 0;
    for toward in directions(game, ix) {
        let opened =
            walk_on(game, from, toward).is_some_and(|to| game.takeable_by(piece.owner, to));
        let steps = if piece.kind == Kind::Goatman && toward.is_diagonal() && !opened {
            1
        } else {
            reach
        };
        mask |= way_reach(game, ix, from, toward, steps);
    }
    mask
}

/// The squares a walk of up to `steps` from `from` would take on, were an
/// enemy on each without an enemy behind it: it goes on through empty
/// squares and enemies it takes, and a Leonine through the friends it may
/// take; a friend it stops at is counted (it would be taken were an enemy
/// there instead).
fn way_reach(game: &Game, ix: Ix, from: Sq, toward: Compass, steps: u8) -> u64 {
    let owner = game.piece(ix).owner;
    let mut mask = 0;
    let mut at = from;
    for _ in 0..steps {
        let Some(to) = walk_on(game, at, toward) else {
            break;
        };
        if !enemy_behind(game, owner, to, toward) {
            mask |= bit(to);
        }
        let (found, _) = ahead(game, ix, at, toward);
        if found == Ahead::Stop {
            break;
        }
        at = to;
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action_chess_faction_chess::factions::Faction;
    use crate::action_chess_faction_chess::position::{Position, ix};
    use crate::kit::grid::mask_of;

    /// White Beastfolk with a Leonine on h1 against a Black King on h8.
    fn position() -> Position {
        let mut position = Position::new([Faction::Beastfolk, Faction::Classique]);
        position.place(0, "leonine", "h1");
        position.place(1, "king", "h8");
        position
    }

    #[test]
    fn a_goatman_threatens_four_squares_ahead_and_its_forward_diagonals() {
        let mut position = position();
        let goatman = position.place(0, "goatman", "e2");
        let game = position.build();
        assert_eq!(
            threats(&game, ix(goatman)),
            mask_of(&["e3", "e4", "e5", "e6", "d3", "f3"])
        );
    }

    #[test]
    fn an_enemy_on_a_goatmans_diagonal_opens_the_rest_of_it() {
        let mut position = position();
        let goatman = position.place(0, "goatman", "e2");
        position.place(1, "pawn", "f3");
        let game = position.build();
        // North-east, a d4: f3 (taken), g4, h5, then the board's end.
        assert_eq!(
            threats(&game, ix(goatman)),
            mask_of(&["e3", "e4", "e5", "e6", "d3", "f3", "g4", "h5"])
        );
    }

    #[test]
    fn a_minotaurs_threats_stop_where_its_walks_stop() {
        let mut position = position();
        let minotaur = position.place(0, "minotaur", "d4");
        // North: a friend on d6, counted, and the walk ends there.
        position.place(0, "goatman", "d6");
        // West: c4 would pair with the enemy on b4; the walk goes on
        // through c4 and stops before the pair b4–a4.
        position.place(1, "pawn", "b4");
        position.place(1, "pawn", "a4");
        // East: e4 would pair with f4 and is not a threat, but the walk
        // passes it and takes f4 (g4 is empty), then goes on to h4.
        position.place(1, "pawn", "f4");
        let game = position.build();
        assert_eq!(
            threats(&game, ix(minotaur)),
            mask_of(&["d5", "d6", "f4", "g4", "h4", "d3", "d2", "d1"])
        );
    }

    #[test]
    fn a_leonines_threats_go_on_through_friends_it_may_take() {
        let mut position = position();
        let leonine = position.place(0, "leonine", "a1");
        position.place(0, "goatman", "a3");
        position.place(0, "leonine", "b1");
        position.place(0, "minotaur", "b2");
        let game = position.build();
        // North through the Goatman to a8; north-east through the
        // Minotaur to the King on h8, with nothing behind it (g7 is not a
        // threat: an enemy there would have the King behind it); east the
        // other Leonine, which it stops at and which is counted.
        assert_eq!(
            threats(&game, ix(leonine)),
            mask_of(&[
                "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b2", "c3", "d4", "e5", "f6", "h8", "b1",
            ])
        );
    }
}
