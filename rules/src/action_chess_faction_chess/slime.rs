//! Slime (book lines 22–27): four sizes of slime that move like queens
//! with a reach, two of a size merging into the next size up and one
//! splitting into two of the next size down, and a Goobrain that only
//! steps sideways. Rulings S1–S8 in `docs/rules/action-chess-faction-chess.md`.

use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, Sq};

use super::layout::{Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix};

type Game = ActionChessFactionChess;

/// The Goobrain's only steps: left and right, the same for both sides.
const SIDEWAYS: [(i8, i8); 2] = [(-1, 0), (1, 0)];

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| match role {
        Role::Pawn => Some(Kind::Glob),
        Role::Rook | Role::Bishop => Some(Kind::Oozle),
        Role::Knight => Some(Kind::Goolem),
        Role::Queen => Some(Kind::Goobeast),
        Role::King => Some(Kind::Goobrain),
    })
}

/// How far a slime of `kind` slides, if it is one that slides.
fn reach(kind: Kind) -> Option<u8> {
    match kind {
        Kind::Glob => Some(1),
        Kind::Oozle => Some(2),
        Kind::Goolem => Some(4),
        Kind::Goobeast => Some(8),
        _ => None,
    }
}

fn square_of(game: &Game, ix: Ix) -> Sq {
    game.piece(ix)
        .square
        .expect("a Slime piece that acts is on the board")
}

pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// One Slime piece's moves: its slides, merges with its owner's pieces of
/// its kind beside it, and splits; the Goobrain's sideways steps.
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let kind = game.piece(ix).kind;
    if kind == Kind::Goobrain {
        game.push_leaps(ix, &SIDEWAYS, out);
        return;
    }
    let reach = reach(kind).expect("every other Slime piece slides");
    game.push_slides(ix, &ALL_DIRECTIONS, reach, out);
    merges(game, ix, out);
    splits(game, ix, out);
}

/// A merge with each adjacent piece of the same kind. Either piece of a
/// pair may be the one that merges: the new piece stands where it stood
/// (S3), so both are listed, each ending differently.
fn merges(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let piece = game.piece(ix);
    if merged(piece.kind).is_none() {
        return;
    }
    for sq in grid::neighbours(square_of(game, ix)) {
        if let Some(with) = game.at(sq)
            && game.piece(with).owner == piece.owner
            && game.piece(with).kind == piece.kind
        {
            out.push(Move::Merge { piece: ix, with });
        }
    }
}

/// A split onto each empty adjacent square.
fn splits(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    if split(game.piece(ix).kind).is_none() {
        return;
    }
    for to in grid::neighbours(square_of(game, ix)) {
        if game.is_empty(to) {
            out.push(Move::Split { piece: ix, to });
        }
    }
}

pub(super) fn play_main(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    match mv {
        Move::Go { piece, to } => {
            game.go(piece, to, dice, log);
        }
        Move::Merge { piece, with } => merge(game, seat, piece, with),
        Move::Split { piece, to } => {
            let smaller = split(game.piece(piece).kind).expect("a piece that splits");
            game.change_kind(piece, smaller);
            game.add_piece(smaller, seat, to);
        }
        other => unreachable!("not a Slime move: {other:?}"),
    }
}

/// Both pieces leave the board and a new piece of the next size takes the
/// square of `piece`, the one that merged (S3, S4).
fn merge(game: &mut Game, seat: u8, piece: Ix, with: Ix) {
    let kind = game.piece(piece).kind;
    let into = merged(kind).expect("a piece that merges");
    let at = square_of(game, piece);
    let why = match into {
        Kind::Oozle => "merged into an Oozle",
        Kind::Goolem => "merged into a Goolem",
        _ => "merged into a Goobeast",
    };
    game.lift(piece, why);
    game.lift(with, why);
    game.add_piece(into, seat, at);
}

pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    let piece = game.piece(ix);
    let from = square_of(game, ix);
    match reach(piece.kind) {
        Some(reach) => game.slide_reach(from, &ALL_DIRECTIONS, reach),
        None => game.reach(from, &SIDEWAYS),
    }
}

/// What two of `kind` merge into.
pub(super) fn merged(kind: Kind) -> Option<Kind> {
    match kind {
        Kind::Glob => Some(Kind::Oozle),
        Kind::Oozle => Some(Kind::Goolem),
        Kind::Goolem => Some(Kind::Goobeast),
        _ => None,
    }
}

/// What a `kind` splits into (two of them).
pub(super) fn split(kind: Kind) -> Option<Kind> {
    match kind {
        Kind::Oozle => Some(Kind::Glob),
        Kind::Goolem => Some(Kind::Oozle),
        Kind::Goobeast => Some(Kind::Goolem),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action_chess_faction_chess::factions::Faction;
    use crate::action_chess_faction_chess::position::Position;
    use crate::kit::grid::mask_of;

    #[test]
    fn slimes_threaten_their_slides_and_the_goobrain_its_two_sides() {
        let mut position = Position::new([Faction::Slime, Faction::Undead]);
        let brain = position.place(0, "goobrain", "a1");
        let oozle = position.place(0, "oozle", "h1");
        position.place(1, "zombie", "h2");
        position.place(1, "lich-king", "a8");
        let game = position.build();
        assert_eq!(threats(&game, brain.0 as Ix), mask_of(&["b1"]));
        assert_eq!(
            threats(&game, oozle.0 as Ix),
            mask_of(&["h2", "g1", "f1", "g2", "f3"])
        );
    }
}
