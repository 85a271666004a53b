//! Faerie: Sprites that go forward and flee backward when threatened,
//! leaping Faerie Knights, Dryads that can neither capture nor be captured,
//! Titania who flies far when threatened, and Oberon pacing his rank.
//! "Threatened" is G4's, judged as the Faerie's move is chosen: the flight
//! is a move the threatened piece may make on its own side's turn (F3).
//! Rulings F1–F12 in `docs/rules/action-chess-faction-chess.md`.
//!
//! That no piece of any faction captures a Dryad is kept by the shared
//! `takeable_by` and `open_to` (`movement.rs`), which every faction's
//! moves ask (F7).

use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, ORTHOGONAL, Sq, bit};

use super::layout::{Role, by_chess_role};
use super::movement::Conditions;
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix};

type Game = ActionChessFactionChess;

/// How far a Sprite goes forward (line 44).
const SPRITE_REACH: u8 = 2;
/// How far a Faerie Knight leaps along a rank or file (line 45).
const KNIGHT_REACH: i8 = 5;
/// A Dryad's slide has no limit but the board's edge (line 46).
const DRYAD_REACH: u8 = 7;
/// Titania's move, and her flight's length (line 47).
const TITANIA_REACH: u8 = 2;
const TITANIA_FLIGHT: u8 = 6;
/// How far Oberon goes along his rank (line 48).
const OBERON_REACH: u8 = 2;
const SIDEWAYS: [(i8, i8); 2] = [(1, 0), (-1, 0)];

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| {
        Some(match role {
            Role::Pawn | Role::Rook => Kind::Sprite,
            Role::Knight => Kind::FaerieKnight,
            Role::Bishop => Kind::Dryad,
            Role::Queen => Kind::Titania,
            Role::King => Kind::Oberon,
        })
    })
}

fn square_of(game: &Game, ix: Ix) -> Sq {
    game.piece(ix)
        .square
        .expect("a Faerie piece asked about is on the board")
}

/// The Faerie Knight's leaps: 1 to 5 squares along a rank or file (F5).
fn knight_leaps() -> Vec<(i8, i8)> {
    ORTHOGONAL
        .iter()
        .flat_map(|&(df, dr)| (1..=KNIGHT_REACH).map(move |k| (df * k, dr * k)))
        .collect()
}

/// A Sprite's line forward.
fn sprite_forward(game: &Game, seat: u8) -> [(i8, i8); 1] {
    [(0, game.forward(seat))]
}

/// A Sprite's diagonal first move: forward only (F2).
fn sprite_diagonals(game: &Game, seat: u8) -> [(i8, i8); 2] {
    let forward = game.forward(seat);
    [(-1, forward), (1, forward)]
}

/// A Sprite's flight: straight back and diagonally back (F3).
fn sprite_flight(game: &Game, seat: u8) -> [(i8, i8); 3] {
    let back = -game.forward(seat);
    [(0, back), (-1, back), (1, back)]
}

pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    // What the opponent could capture on next turn, asked once: the
    // flights are offered on it (F3).
    let endangering = game.endangering(1 - seat, Conditions::Judged);
    for (ix, _) in game.pieces_of(seat) {
        moves_of(game, ix, endangering, out);
    }
}

/// One Faerie piece's moves, a Sprite's forward being its owner's; a
/// Sprite's or Titania's flight while its owner's opponent threatens it.
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let piece = game.piece(ix);
    let endangering = if matches!(piece.kind, Kind::Sprite | Kind::Titania) {
        game.endangering(1 - piece.owner, Conditions::Judged)
    } else {
        0
    };
    moves_of(game, ix, endangering, out);
}

/// [`piece_moves`] with what the owner's opponent could capture on next
/// turn given: the squares the flights ask about (F3).
fn moves_of(game: &Game, ix: Ix, endangering: u64, out: &mut Vec<Move>) {
    let piece = game.piece(ix);
    let seat = piece.owner;
    let threatened = endangering & bit(square_of(game, ix)) != 0;
    let flight_takes = game.rules.rulings.flights_capture();
    match piece.kind {
        Kind::Sprite => {
            game.push_slides(ix, &sprite_forward(game, seat), SPRITE_REACH, out);
            if !piece.moved {
                game.push_leaps(ix, &sprite_diagonals(game, seat), out);
            }
            if threatened {
                let back = sprite_flight(game, seat);
                push_line_moves(game, ix, Line::new(&back, 1, 1), flight_takes, out);
            }
        }
        Kind::FaerieKnight => game.push_leaps(ix, &knight_leaps(), out),
        Kind::Dryad => {
            push_line_moves(
                game,
                ix,
                Line::new(&ALL_DIRECTIONS, 1, DRYAD_REACH),
                false,
                out,
            );
        }
        Kind::Titania => {
            game.push_slides(ix, &ALL_DIRECTIONS, TITANIA_REACH, out);
            if threatened {
                push_line_moves(game, ix, titania_flight(), flight_takes, out);
            }
        }
        Kind::Oberon => game.push_slides(ix, &SIDEWAYS, OBERON_REACH, out),
        other => unreachable!("a {other:?} is not a Faerie piece"),
    }
}

/// Lines a piece moves along, and how far: from `from_distance` to `reach`
/// squares.
#[derive(Clone, Copy)]
struct Line<'a> {
    lines: &'a [(i8, i8)],
    from_distance: u8,
    reach: u8,
}

impl<'a> Line<'a> {
    fn new(lines: &'a [(i8, i8)], from_distance: u8, reach: u8) -> Self {
        Line {
            lines,
            from_distance,
            reach,
        }
    }
}

/// Titania's flight: 3 to 6 squares along her rank or file, the first two
/// being her own move's (F9).
fn titania_flight() -> Line<'static> {
    Line::new(&ORTHOGONAL, TITANIA_REACH + 1, TITANIA_FLIGHT)
}

/// A Dryad's move or a flight (F3, F6, F13): along each line through empty
/// squares, to the empty squares in its range, and onto the first piece
/// there when the move `takes` and the piece is an enemy it may take.
fn push_line_moves(game: &Game, ix: Ix, line: Line, takes: bool, out: &mut Vec<Move>) {
    let (owner, from) = (game.piece(ix).owner, square_of(game, ix));
    for &(df, dr) in line.lines {
        let mut at = from;
        for distance in 1..=line.reach {
            let Some(to) = grid::offset(at, df, dr).filter(|&to| game.passes(at, to)) else {
                break;
            };
            let empty = game.is_empty(to);
            let lands = empty || (takes && game.takeable_by(owner, to));
            if lands && distance >= line.from_distance {
                out.push(Move::Go { piece: ix, to });
            }
            if !empty {
                break;
            }
            at = to;
        }
    }
}

pub(super) fn play_main(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    let Move::Go { piece, to } = mv else {
        unreachable!("not a Faerie move: {mv:?}")
    };
    let from = square_of(game, piece);
    let advance = grid::rank(to) as i8 - grid::rank(from) as i8;
    if game.piece(piece).kind == Kind::Sprite && advance.signum() == game.forward(seat) {
        // A Sprite's move forward is the Faerie's pawn-like advance (F4).
        game.progress = true;
    }
    game.go(piece, to, dice, log);
}

/// The squares a Faerie piece could capture on on its next move (G4),
/// whatever stands there now: a Sprite's and Titania's flights too while
/// they are threatened, asked as `conditions` says (F8).
pub(super) fn threats(game: &Game, ix: Ix, conditions: Conditions) -> u64 {
    let piece = game.piece(ix);
    let from = square_of(game, ix);
    match piece.kind {
        Kind::Sprite => {
            let mut mask = game.slide_reach(from, &sprite_forward(game, piece.owner), SPRITE_REACH);
            if !piece.moved {
                mask |= game.reach(from, &sprite_diagonals(game, piece.owner));
            }
            let back = sprite_flight(game, piece.owner);
            mask | flight_threats(game, ix, Line::new(&back, 1, 1), conditions)
        }
        Kind::FaerieKnight => game.reach(from, &knight_leaps()),
        Kind::Dryad => 0,
        Kind::Titania => {
            game.slide_reach(from, &ALL_DIRECTIONS, TITANIA_REACH)
                | flight_threats(game, ix, titania_flight(), conditions)
        }
        Kind::Oberon => game.slide_reach(from, &SIDEWAYS, OBERON_REACH),
        other => unreachable!("a {other:?} is not a Faerie piece"),
    }
}

/// The squares a flight could take on (F8, F13): its lines up to the first
/// piece, while the piece is threatened. From within another piece's
/// condition (`Conditions::TakenAsMet`) it is taken as threatened; else it
/// is judged on the position, the opponent's own conditions then taken as
/// met. None where a flight takes nothing (`fray-2026`).
fn flight_threats(game: &Game, ix: Ix, flight: Line, conditions: Conditions) -> u64 {
    if !game.rules.rulings.flights_capture() {
        return 0;
    }
    let piece = game.piece(ix);
    let from = square_of(game, ix);
    let threatened = conditions == Conditions::TakenAsMet
        || game.endangered(piece.owner, from, Conditions::TakenAsMet);
    if threatened {
        game.slide_reach(from, flight.lines, flight.reach)
    } else {
        0
    }
}

/// Why a Sprite's or Titania's flight, refused, is not offered: the piece
/// is not threatened now; or why a Dryad may not go onto a piece.
pub(super) fn why_illegal(game: &Game, seat: u8, mv: Move) -> Option<String> {
    let Move::Go { piece, to } = mv else {
        return None;
    };
    let p = *game.pieces.get(usize::from(piece))?;
    let from = p.square?;
    if p.owner != seat || from == to {
        return None;
    }
    let df = grid::file(to) as i8 - grid::file(from) as i8;
    let dr = grid::rank(to) as i8 - grid::rank(from) as i8;
    let threatened = game.endangered(seat, from, Conditions::Judged);
    let straight = df == 0 || dr == 0;
    let along_line = straight || df.abs() == dr.abs();
    match p.kind {
        Kind::Sprite if dr.signum() == -game.forward(seat) && df.abs() <= 1 && dr.abs() == 1 => {
            (!threatened).then(|| {
                "a Sprite steps back only while an enemy piece could capture it on its next move"
                    .into()
            })
        }
        Kind::Titania if straight && grid::distance(from, to) > TITANIA_REACH => {
            (!threatened && grid::distance(from, to) <= TITANIA_FLIGHT).then(|| {
                "Titania flies more than 2 squares only while an enemy piece could capture her \
                 on her next move"
                    .into()
            })
        }
        Kind::Dryad if along_line && !game.is_empty(to) => {
            Some("a Dryad cannot capture: it moves onto empty squares only".into())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action_chess_faction_chess::factions::Faction;
    use crate::action_chess_faction_chess::position::{Position, ix};
    use crate::kit::grid::mask_of;

    fn position() -> Position {
        let mut position = Position::new([Faction::Faerie, Faction::Classique]);
        position.place(0, "oberon", "h1");
        position.place(1, "king", "h8");
        position
    }

    #[test]
    fn a_sprites_threats_are_its_forward_squares_and_first_diagonals() {
        let mut position = position();
        let fresh = position.place(0, "sprite", "c2");
        let moved = position.place(0, "sprite", "e4");
        position.moved(moved);
        position.place(1, "pawn", "e5");
        let game = position.build();
        assert_eq!(
            threats(&game, ix(fresh), Conditions::Judged),
            mask_of(&["c3", "c4", "b3", "d3"])
        );
        // The pawn on e5 stops the line: e6 is out of reach.
        assert_eq!(
            threats(&game, ix(moved), Conditions::Judged),
            mask_of(&["e5"])
        );
    }

    #[test]
    fn a_sprites_flight_threatens_while_it_is_threatened_or_taken_to_be() {
        let mut position = position();
        let sprite = position.place(0, "sprite", "e4");
        position.moved(sprite);
        let game = position.build();
        let ahead = mask_of(&["e5", "e6"]);
        let behind = mask_of(&["d3", "e3", "f3"]);
        assert_eq!(threats(&game, ix(sprite), Conditions::Judged), ahead);
        assert_eq!(
            threats(&game, ix(sprite), Conditions::TakenAsMet),
            ahead | behind
        );
        // A Black Pawn on d5 threatens it: its flight is open, and takes.
        position.place(1, "pawn", "d5");
        let game = position.build();
        assert_eq!(
            threats(&game, ix(sprite), Conditions::Judged),
            ahead | behind
        );
    }

    #[test]
    fn a_dryad_threatens_nothing_and_oberon_his_rank() {
        let mut position = position();
        let dryad = position.place(0, "dryad", "d4");
        let game = position.build();
        assert_eq!(threats(&game, ix(dryad), Conditions::Judged), 0);
        let oberon = game.find(0, Kind::Oberon).expect("Oberon").0;
        assert_eq!(
            threats(&game, oberon, Conditions::Judged),
            mask_of(&["g1", "f1"])
        );
    }
}
