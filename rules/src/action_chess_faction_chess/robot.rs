//! Robot: Drones that step and build Factories, Factories that make the
//! other pieces at the start of the turn, and three capped pieces. The side
//! loses when it has no Factories (`faction_rules::defeated`).

use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL, Sq, bit};

use super::layout::{Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix};

type Game = ActionChessFactionChess;

/// How far a Robo-Rook or an Auto-Bishop slides.
const SLIDE: u8 = 6;

/// What a Factory may place, each with how many may be on the board at
/// once (`None`: no cap).
const PRODUCTS: [(Kind, Option<usize>); 4] = [
    (Kind::Drone, None),
    (Kind::MechaKnight, Some(2)),
    (Kind::RoboRook, Some(2)),
    (Kind::AutoBishop, Some(2)),
];

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| match role {
        Role::Pawn => Some(Kind::Drone),
        Role::King => Some(Kind::Factory),
        Role::Rook | Role::Knight | Role::Bishop | Role::Queen => None,
    })
}

/// A Drone's steps: forward, left, right (R1).
fn drone_steps(game: &Game, seat: u8) -> [(i8, i8); 3] {
    [(0, game.forward(seat)), (-1, 0), (1, 0)]
}

/// A Mecha-Knight's leaps: two squares along each of the eight lines (R6).
fn mecha_leaps() -> [(i8, i8); 8] {
    ALL_DIRECTIONS.map(|(df, dr)| (2 * df, 2 * dr))
}

/// Every piece's moves, then the side's builds: a build names no piece.
pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
    out.extend(
        (0..grid::SQUARES as Sq)
            .filter(|&to| builders(game, seat, to).is_some())
            .map(|to| Move::Build { to }),
    );
}

/// One Robot piece's moves, a Drone's forward being its owner's; a
/// Factory does not move (its placements are the turn's start).
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let piece = game.piece(ix);
    match piece.kind {
        Kind::Drone => game.push_leaps(ix, &drone_steps(game, piece.owner), out),
        Kind::MechaKnight => game.push_leaps(ix, &mecha_leaps(), out),
        Kind::RoboRook => game.push_slides(ix, &ORTHOGONAL, SLIDE, out),
        Kind::AutoBishop => game.push_slides(ix, &DIAGONAL, SLIDE, out),
        Kind::Factory => {}
        other => unreachable!("{other:?} is not a Robot piece"),
    }
}

/// The three Drones that could all move into `to`, an empty square: the
/// one behind it (stepping forward) and those on its left and right
/// (stepping sideways) (R2), each with no wall in its way (W10) and no
/// Ghost's Spirit pinning it (D3).
fn builders(game: &Game, seat: u8, to: Sq) -> Option<[Ix; 3]> {
    if !game.is_empty(to) {
        return None;
    }
    let drone_at = |(df, dr): (i8, i8)| {
        let from = grid::offset(to, df, dr).filter(|&from| game.passes(from, to))?;
        game.at(from).filter(|&ix| {
            game.piece(ix).owner == seat && game.piece(ix).kind == Kind::Drone && !game.pinned(ix)
        })
    };
    Some([
        drone_at((0, -game.forward(seat)))?,
        drone_at((-1, 0))?,
        drone_at((1, 0))?,
    ])
}

pub(super) fn play_main(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    match mv {
        Move::Go { piece, to } => {
            let from = game
                .piece(piece)
                .square
                .expect("a moving piece is on the board");
            let advances =
                game.piece(piece).kind == Kind::Drone && grid::rank(from) != grid::rank(to);
            game.go(piece, to, dice, log);
            if advances {
                game.progress = true;
            }
        }
        Move::Build { to } => {
            let drones = builders(game, seat, to).expect("a listed build has its Drones");
            for drone in drones {
                game.lift(drone, "built into a Factory");
            }
            game.add_piece(Kind::Factory, seat, to);
        }
        other => unreachable!("not a Robot move: {other:?}"),
    }
}

/// The squares a Robot piece could capture on next turn. A Factory
/// captures nothing: its placement is not a move (G4); a build is not a
/// capture (R2).
pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    let piece = game.piece(ix);
    let from = piece.square.expect("on the board");
    match piece.kind {
        Kind::Drone => game.reach(from, &drone_steps(game, piece.owner)),
        Kind::MechaKnight => game.reach(from, &mecha_leaps()),
        Kind::RoboRook => game.slide_reach(from, &ORTHOGONAL, SLIDE),
        Kind::AutoBishop => game.slide_reach(from, &DIAGONAL, SLIDE),
        Kind::Factory => 0,
        other => unreachable!("{other:?} is not a Robot piece"),
    }
}

/// Each Factory that has not placed this turn may place any product still
/// under its cap on an empty square beside it (R3, R4).
pub(super) fn start_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    let products: Vec<Kind> = PRODUCTS
        .iter()
        .filter(|(kind, cap)| cap.is_none_or(|cap| game.count_of(seat, *kind) < cap))
        .map(|(kind, _)| *kind)
        .collect();
    for (factory, piece) in game.pieces_of(seat) {
        let at = piece.square.expect("on the board");
        if piece.kind != Kind::Factory || game.factories_used & bit(at) != 0 {
            continue;
        }
        for to in grid::neighbours(at).filter(|&to| game.is_empty(to)) {
            out.extend(products.iter().map(|&kind| Move::Place {
                piece: factory,
                kind,
                to,
            }));
        }
    }
}

pub(super) fn play_start(
    game: &mut Game,
    seat: u8,
    mv: Move,
    _dice: &mut dyn Dice,
    _log: &mut Log,
) {
    let Move::Place { piece, kind, to } = mv else {
        unreachable!("not a Robot start-of-turn decision: {mv:?}")
    };
    let at = game
        .piece(piece)
        .square
        .expect("a placing Factory is on the board");
    game.factories_used |= bit(at);
    game.add_piece(kind, seat, to);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action_chess_faction_chess::factions::Faction;
    use crate::kit::grid::{mask_of, named};

    fn game_with(pieces: &[(u8, Kind, &str)]) -> Game {
        let mut game = Game::empty([Faction::Robot, Faction::Robot], 0, Default::default());
        for &(seat, kind, at) in pieces {
            game.add_piece(kind, seat, named(at));
        }
        game
    }

    #[test]
    fn each_piece_threatens_where_its_moves_could_take() {
        let game = game_with(&[
            (0, Kind::Factory, "a1"),
            (0, Kind::Drone, "d4"),
            (1, Kind::Drone, "d5"),
            (0, Kind::MechaKnight, "h1"),
            (0, Kind::RoboRook, "a8"),
            (0, Kind::AutoBishop, "h8"),
            (1, Kind::Factory, "b7"),
        ]);
        let threats_at = |at: &str| threats(&game, game.at(named(at)).expect("a piece"));
        assert_eq!(
            threats_at("a1"),
            0,
            "a Factory's placement is not a move (G4)"
        );
        assert_eq!(threats_at("d4"), mask_of(&["c4", "e4", "d5"]));
        assert_eq!(
            threats_at("d5"),
            mask_of(&["c5", "e5", "d4"]),
            "Black steps toward rank 1"
        );
        assert_eq!(threats_at("h1"), mask_of(&["h3", "f3", "f1"]));
        assert_eq!(
            threats_at("a8"),
            mask_of(&[
                "b8", "c8", "d8", "e8", "f8", "g8", "a7", "a6", "a5", "a4", "a3", "a2"
            ])
        );
        assert_eq!(
            threats_at("h8"),
            mask_of(&["g7", "f6", "e5", "d4"]),
            "up to and including the first piece on the line, its own Drone on d4"
        );
        assert_eq!(game.attacked_by(1), mask_of(&["c5", "e5", "d4"]));
    }
}
