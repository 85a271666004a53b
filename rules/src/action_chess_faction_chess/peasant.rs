//! Peasant: draughts pieces on a chess board. Men step diagonally forward
//! and take by leaping, Sergeants both ways; takes chain as a waiting
//! decision (`Pending::ChainJump`). A Man's first take may remove an enemy
//! on the board's edge together with the Man itself. Rulings P1–P9 in
//! `docs/rules/action-chess-faction-chess.md`.

use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, DIAGONAL, Sq, bit};

use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Decision, Ix, Pending};

type Game = ActionChessFactionChess;

/// Why a Man that made the edge take left the board, as viewers are told.
const EDGE_TAKE_REMOVAL: &str = "removed with the piece it took on the board's edge";

/// Draughts' start: the dark squares of the side's three nearest ranks
/// (a1 is dark), the Sergeants at either end of the front row.
pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    let mut layout = Vec::with_capacity(12);
    for own in 0..3u8 {
        let rank = super::layout::own_rank(white, own);
        let dark: Vec<u8> = (0..8u8)
            .filter(|file| (file + rank).is_multiple_of(2))
            .collect();
        for (at, &file) in dark.iter().enumerate() {
            let front_end = own == 2 && (at == 0 || at == dark.len() - 1);
            let kind = if front_end { Kind::Sergeant } else { Kind::Man };
            layout.push((kind, crate::kit::grid::at(file, rank)));
        }
    }
    layout
}

/// The diagonal steps a piece of `kind` owned by `seat` moves and takes
/// along: a Man's two forward ones, a Sergeant's four.
fn lines(game: &Game, seat: u8, kind: Kind) -> Vec<(i8, i8)> {
    match kind {
        Kind::Man => {
            let forward = game.forward(seat);
            vec![(-1, forward), (1, forward)]
        }
        Kind::Sergeant => DIAGONAL.to_vec(),
        other => unreachable!("{other:?} is not a Peasant piece"),
    }
}

fn square_of(game: &Game, ix: Ix) -> Sq {
    game.piece(ix)
        .square
        .expect("a Peasant piece that moves is on the board")
}

/// What one line from a square offers: a step to an empty square, a leap
/// over an enemy to the empty square beyond, or the edge take of an enemy
/// with no square beyond it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    Step(Sq),
    Jump { over: Sq, to: Sq },
    Edge(Sq),
    Nothing,
}

fn reach(game: &Game, seat: u8, from: Sq, (df, dr): (i8, i8)) -> Reach {
    let Some(next) = grid::offset(from, df, dr) else {
        return Reach::Nothing;
    };
    // A step crosses no wall; a jump is a leap, past a single wall (W11).
    if game.is_empty(next) {
        return if game.passes(from, next) {
            Reach::Step(next)
        } else {
            Reach::Nothing
        };
    }
    // A friend, or an enemy that cannot be captured (a Dryad, F7), is
    // neither jumped nor edge-taken.
    if !game.takeable_by(seat, next) {
        return Reach::Nothing;
    }
    match grid::offset(next, df, dr) {
        None if game.passes(from, next) => Reach::Edge(next),
        None => Reach::Nothing,
        Some(beyond) if game.is_empty(beyond) && game.passes(from, beyond) => Reach::Jump {
            over: next,
            to: beyond,
        },
        Some(_) => Reach::Nothing,
    }
}

pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// One Man's or Sergeant's steps, leaps and edge take, forward being its
/// owner's forward.
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let piece = game.piece(ix);
    let (owner, from) = (piece.owner, square_of(game, ix));
    for line in lines(game, owner, piece.kind) {
        let to = match reach(game, owner, from, line) {
            Reach::Step(to) | Reach::Jump { to, .. } => to,
            // The book gives the edge take to Men only (P4).
            Reach::Edge(enemy) if piece.kind == Kind::Man => enemy,
            Reach::Edge(_) | Reach::Nothing => continue,
        };
        out.push(Move::Go { piece: ix, to });
    }
}

/// The leaps `ix` could make now, as moves to their landing squares: a
/// chain's next takes.
fn jumps(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let piece = game.piece(ix);
    let Some(from) = piece.square else {
        return;
    };
    for line in lines(game, piece.owner, piece.kind) {
        if let Reach::Jump { to, .. } = reach(game, piece.owner, from, line) {
            out.push(Move::Go { piece: ix, to });
        }
    }
}

pub(super) fn play_main(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    let Move::Go { piece, to } = mv else {
        unreachable!("not a Peasant move: {mv:?}")
    };
    let from = square_of(game, piece);
    if game.piece(piece).kind == Kind::Man {
        // Every move of a Man is an advance (P8).
        game.progress = true;
    }
    if grid::distance(from, to) == 2 {
        return leap(game, seat, piece, to, 1, dice, log);
    }
    match game.at(to) {
        Some(enemy) => {
            game.capture(enemy, dice, log);
            game.lift(piece, EDGE_TAKE_REMOVAL);
        }
        None => {
            game.move_piece(piece, to);
            promote_on_far_rank(game, seat, piece);
        }
    }
}

/// `piece` leaps to `to`, taking the enemy it jumps; `takes` counts this
/// one. A Man that lands on the far rank becomes a Sergeant and its move
/// ends (P6); else, if it could take again, the chain waits (P5).
/// A leap whose victim's Swarmlings remove the leaper ends there (Q5).
fn leap(
    game: &mut Game,
    seat: u8,
    piece: Ix,
    to: Sq,
    takes: u8,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    let from = square_of(game, piece);
    let over = grid::at(
        (grid::file(from) + grid::file(to)) / 2,
        (grid::rank(from) + grid::rank(to)) / 2,
    );
    let victim = game.at(over).expect("a leap jumps a piece");
    if !game.capture(victim, dice, log) {
        return;
    }
    game.move_piece(piece, to);
    if promote_on_far_rank(game, seat, piece) {
        return;
    }
    let mut more = Vec::new();
    jumps(game, piece, &mut more);
    if !more.is_empty() {
        game.pending.push(Decision {
            seat,
            pending: Pending::ChainJump {
                piece,
                takes: takes.saturating_add(1),
            },
        });
    }
}

/// A Man on its far rank becomes a Sergeant; says whether it did.
fn promote_on_far_rank(game: &mut Game, seat: u8, piece: Ix) -> bool {
    let promotes =
        game.piece(piece).kind == Kind::Man && game.on_far_rank(seat, square_of(game, piece));
    if promotes {
        game.change_kind(piece, Kind::Sergeant);
    }
    promotes
}

pub(super) fn decision_moves(game: &Game, decision: Decision, out: &mut Vec<Move>) {
    let Pending::ChainJump { piece, .. } = decision.pending else {
        unreachable!("not a Peasant decision: {decision:?}")
    };
    jumps(game, piece, out);
    out.push(Move::Done);
}

pub(super) fn play_decision(
    game: &mut Game,
    decision: Decision,
    mv: Move,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    let Pending::ChainJump { piece, takes } = decision.pending else {
        unreachable!("not a Peasant decision: {decision:?}")
    };
    match mv {
        Move::Go { to, .. } => leap(game, decision.seat, piece, to, takes, dice, log),
        Move::Done => {}
        other => unreachable!("not a chained take: {other:?}"),
    }
}

/// The squares `ix` could take on on its next move (G4), whatever stands
/// there now: every square it could leap over or edge-take from where it
/// stands, and, since a chain is one move, from every square a chain of
/// takes of the enemies standing now could bring it to (P7).
pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    let piece = game.piece(ix);
    let from = piece.square.expect("on the board");
    let seat = piece.owner;
    let chain = Chain {
        game,
        lines: lines(game, seat, piece.kind),
        edge_takes: piece.kind == Kind::Man,
        far_rank: (piece.kind == Kind::Man).then(|| game.far_rank(seat)),
    };
    let occupied = game.on_board().fold(0, |mask, (_, p)| {
        mask | bit(p.square.expect("on the board"))
    });
    // The enemies a chain could take and go on from: not a Dryad (F7).
    let enemies = game.on_board().fold(0, |mask, (_, p)| {
        if p.owner == seat || !p.kind.can_be_captured() {
            mask
        } else {
            mask | bit(p.square.expect("on the board"))
        }
    });
    let mut mask = 0;
    chain.takes_from(from, true, occupied & !bit(from), enemies, &mut mask);
    mask
}

/// How a piece takes, for following its chains on bit boards.
struct Chain<'a> {
    game: &'a Game,
    lines: Vec<(i8, i8)>,
    edge_takes: bool,
    /// The rank where a Man's chain ends with its promotion.
    far_rank: Option<u8>,
}

impl Chain<'_> {
    /// Marks the squares the piece could take on from `at`, then follows
    /// every take of an enemy standing in `enemies`, each removed as taken.
    fn takes_from(&self, at: Sq, first: bool, occupied: u64, enemies: u64, mask: &mut u64) {
        for &(df, dr) in &self.lines {
            let Some(over) = grid::offset(at, df, dr) else {
                continue;
            };
            let Some(landing) = grid::offset(over, df, dr) else {
                if first && self.edge_takes && self.game.passes(at, over) {
                    *mask |= bit(over);
                }
                continue;
            };
            if occupied & bit(landing) != 0 || !self.game.passes(at, landing) {
                continue;
            }
            *mask |= bit(over);
            let ends_chain = self.far_rank == Some(grid::rank(landing));
            if enemies & bit(over) != 0 && !ends_chain {
                self.takes_from(
                    landing,
                    false,
                    occupied & !bit(over),
                    enemies & !bit(over),
                    mask,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action_chess_faction_chess::factions::Faction;
    use crate::action_chess_faction_chess::position::{Position, ix};
    use crate::kit::grid::mask_of;

    /// White Peasants against Black Peasants whose Sergeant stands far off.
    fn position() -> Position {
        let mut position = Position::new([Faction::Peasant, Faction::Peasant]);
        position.place(1, "sergeant", "h8");
        position
    }

    #[test]
    fn a_man_threatens_both_forward_diagonals_with_room_beyond() {
        let mut position = position();
        let man = position.place(0, "man", "c3");
        let game = position.build();
        assert_eq!(threats(&game, ix(man)), mask_of(&["b4", "d4"]));
    }

    #[test]
    fn no_threat_where_the_landing_square_is_taken() {
        let mut position = position();
        let man = position.place(0, "man", "c3");
        position.place(0, "sergeant", "e5");
        let game = position.build();
        assert_eq!(threats(&game, ix(man)), mask_of(&["b4"]));
    }

    #[test]
    fn a_man_threatens_the_edge_squares_before_it_and_a_sergeant_does_not() {
        let mut position = position();
        let man = position.place(0, "man", "g7");
        let sergeant = position.place(0, "sergeant", "a2");
        let game = position.build();
        assert_eq!(threats(&game, ix(man)), mask_of(&["f8", "h8"]));
        // a2's diagonals b1 and b3: only b3 has a square beyond it (c4).
        assert_eq!(threats(&game, ix(sergeant)), mask_of(&["b3"]));
    }

    #[test]
    fn a_chains_further_takes_are_threats() {
        let mut position = position();
        let man = position.place(0, "man", "c1");
        position.place(1, "man", "d2");
        position.place(1, "man", "d4");
        let game = position.build();
        // First take: b2 or d2. After ×d2 on e3: d4 or f4. After ×d4 on
        // c5: b6 or d6. The edge take is never a later take, and empty
        // squares open no chain.
        assert_eq!(
            threats(&game, ix(man)),
            mask_of(&["b2", "d2", "d4", "f4", "b6", "d6"])
        );
    }

    #[test]
    fn a_chain_stops_at_the_promotion() {
        let mut position = position();
        let man = position.place(0, "man", "c6");
        position.place(1, "man", "d7");
        position.place(1, "man", "f7");
        let game = position.build();
        // Landing on e8 ends the move: the new Sergeant's leap over f7 is
        // not part of it.
        assert_eq!(threats(&game, ix(man)), mask_of(&["b7", "d7"]));
    }
}
