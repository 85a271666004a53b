//! Alchemist: Students that move as pawns and become Mutants when they
//! take; Mutants that must take when they can; three throwers that may,
//! after their move, throw a bomb, grenade or explosive a rolled distance
//! (0 included) along a chosen line, removing whatever it lands on
//! (`Pending::Throw`); an Arch-Chancellor that cannot take. The side loses
//! when its Arch-Chancellor is captured. Rulings A1–A13 in
//! `docs/rules/action-chess-faction-chess.md`.

use fray_protocol::{DiceRoll, Die, Phrase, PieceId, Seat};

use crate::kit::describe::Describe;
use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL, Sq};

use super::classique::{pawn_destinations, pawn_threats, play_pawn_move, push_pawn_moves};
use super::layout::{Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Decision, Ix, Pending};
use crate::kit::compass::Compass;

type Game = ActionChessFactionChess;

/// What a Student may become on the far rank (line 57).
const PROMOTIONS: [Kind; 3] = [Kind::Bombardier, Kind::Grenadier, Kind::Explosivista];

/// The die a throw rolls: a d8 read as face − 1, a distance of 0 to 7
/// squares, which is every distance a line of the board has (A7).
pub(super) const THROW_DIE: u8 = 8;

/// A Mutant's moves: 1 or 2 squares along each of the eight lines, leaping
/// the square between (A4).
const MUTANT_LEAPS: [(i8, i8); 16] = {
    let mut leaps = [(0, 0); 16];
    let mut at = 0;
    while at < 8 {
        let (df, dr) = ALL_DIRECTIONS[at];
        leaps[2 * at] = (df, dr);
        leaps[2 * at + 1] = (2 * df, 2 * dr);
        at += 1;
    }
    leaps
};

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| match role {
        Role::Pawn => Some(Kind::Student),
        Role::Rook => Some(Kind::Bombardier),
        Role::Bishop => Some(Kind::Grenadier),
        Role::Queen => Some(Kind::Explosivista),
        Role::King => Some(Kind::ArchChancellor),
        Role::Knight => None,
    })
}

/// How far a thrower slides, and along which lines.
fn slides(kind: Kind) -> Option<(&'static [(i8, i8)], u8)> {
    match kind {
        Kind::Bombardier => Some((&ORTHOGONAL, 3)),
        Kind::Grenadier => Some((&DIAGONAL, 3)),
        Kind::Explosivista => Some((&ALL_DIRECTIONS, 2)),
        _ => None,
    }
}

/// The lines a thrower throws along (lines 59–61).
fn throw_lines(kind: Kind) -> impl Iterator<Item = Compass> {
    Compass::ALL.into_iter().filter(move |c| match kind {
        Kind::Bombardier => c.is_diagonal(),
        Kind::Grenadier => !c.is_diagonal(),
        Kind::Explosivista => true,
        other => unreachable!("a {other:?} throws nothing"),
    })
}

/// What a thrower throws, for labels and the log.
fn missile(kind: Kind) -> &'static str {
    match kind {
        Kind::Bombardier => "bomb",
        Kind::Grenadier => "grenade",
        _ => "explosive",
    }
}

fn square_of(game: &Game, ix: Ix) -> Sq {
    game.piece(ix)
        .square
        .expect("an Alchemist piece that acts is on the board")
}

/// Every move of every piece, before the Mutants' duty to take.
fn all_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// One Alchemist piece's moves, without the Mutants' duty to take, which
/// is the whole side's (A5): a Student's pawn moves toward its owner's far
/// rank, a Mutant's leaps, a thrower's slides (its throw is a decision
/// after it), the Arch-Chancellor's steps.
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    match game.piece(ix).kind {
        Kind::Student => {
            let destinations = pawn_destinations(game, ix);
            push_pawn_moves(game, ix, destinations, &PROMOTIONS, out);
        }
        Kind::Mutant => game.push_leaps(ix, &MUTANT_LEAPS, out),
        Kind::ArchChancellor => out.extend(
            grid::neighbours(square_of(game, ix))
                .filter(|&to| game.passes(square_of(game, ix), to) && game.is_empty(to))
                .map(|to| Move::Go { piece: ix, to }),
        ),
        kind => {
            let (lines, reach) = slides(kind).expect("a thrower");
            game.push_slides(ix, lines, reach, out);
        }
    }
}

/// The Mutants' takes open now: when there is one, they are the only
/// moves (A5).
fn mutant_takes(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, piece) in game.pieces_of(seat) {
        if piece.kind == Kind::Mutant && bound_to_take(game, ix) {
            let from = square_of(game, ix);
            out.extend(
                MUTANT_LEAPS
                    .iter()
                    .filter_map(|&(df, dr)| grid::offset(from, df, dr))
                    .filter(|&to| game.passes(from, to) && game.takeable_by(seat, to))
                    .map(|to| Move::Go { piece: ix, to }),
            );
        }
    }
}

/// Whether Mutant `ix` owes the duty to take: a pinned one cannot move,
/// so cannot take (A14).
fn bound_to_take(game: &Game, ix: Ix) -> bool {
    !(game.rules.rulings.pinned_mutants_owe_no_take() && game.pinned(ix))
}

fn must_take(game: &Game, seat: u8) -> bool {
    let mut takes = Vec::new();
    mutant_takes(game, seat, &mut takes);
    !takes.is_empty()
}

pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    let first = out.len();
    mutant_takes(game, seat, out);
    if out.len() == first {
        all_moves(game, seat, out);
    }
}

pub(super) fn play_main(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    let (piece, to, into) = match mv {
        Move::Go { piece, to } => (piece, to, None),
        Move::Promote { piece, to, into } => (piece, to, Some(into)),
        other => unreachable!("not an Alchemist move: {other:?}"),
    };
    let kind = game.piece(piece).kind;
    if kind == Kind::Student {
        play_student(game, piece, to, into, dice, log);
        return;
    }
    if !game.go(piece, to, dice, log) {
        return;
    }
    if slides(kind).is_some() {
        game.pending.push(Decision {
            seat,
            pending: Pending::Throw { piece },
        });
    }
}

/// A Student's pawn move; one that takes (en passant too) makes it a
/// Mutant, unless it promotes (A2, A3).
fn play_student(
    game: &mut Game,
    piece: Ix,
    to: Sq,
    into: Option<Kind>,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    let mut took = false;
    play_pawn_move(game, piece, to, into, &mut |game, victim| {
        took = true;
        game.capture(victim, dice, log);
    });
    // A Student the Swarmlings removed becomes nothing (Q5).
    if took && into.is_none() && game.piece(piece).square.is_some() {
        game.change_kind(piece, Kind::Mutant);
    }
}

pub(super) fn decision_moves(game: &Game, decision: Decision, out: &mut Vec<Move>) {
    let Pending::Throw { piece } = decision.pending else {
        unreachable!("not an Alchemist decision: {:?}", decision.pending)
    };
    out.extend(throw_lines(game.piece(piece).kind).map(|toward| Move::Roll { piece, toward }));
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
        (Pending::Throw { piece }, Move::Roll { toward, .. }) => {
            throw(game, decision.seat, piece, toward, dice, log);
        }
        (Pending::Throw { .. }, Move::Done) => {}
        other => unreachable!("not an Alchemist decision and its answer: {other:?}"),
    }
}

/// The throw: a d8 less one squares along `toward` from the thrower; what
/// stands there is captured, the thrower itself at 0; off the board it
/// lands on nothing (A7–A9).
fn throw(
    game: &mut Game,
    seat: u8,
    piece: Ix,
    toward: Compass,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    let face = dice.roll(THROW_DIE);
    let distance = face - 1;
    let (df, dr) = toward.step();
    let from = square_of(game, piece);
    let lands = grid::offset(from, df * distance as i8, dr * distance as i8);
    // A Dryad stays where a missile lands on it (F7).
    let hit = lands
        .and_then(|sq| game.at(sq))
        .filter(|&victim| game.piece(victim).kind.can_be_captured());
    log.roll(|| DiceRoll {
        seat: Some(Seat(seat)),
        piece: Some(PieceId(u32::from(piece))),
        purpose: Phrase::from(format!(
            "the {}'s {} {} (d{THROW_DIE} − 1 squares)",
            game.describe(piece),
            missile(game.piece(piece).kind),
            toward.name()
        )),
        dice: vec![Die {
            sides: THROW_DIE,
            face,
        }],
        modifier: -1,
        total: i32::from(distance),
        result: Phrase::from(landing_text(game, distance, lands, hit)),
    });
    // A missile does not move into the square: no Swarmling defends (Q5).
    if let Some(victim) = hit {
        game.capture_undefended(victim, log);
        // It removes whatever is there: the Spirits that shared the square
        // too (D5).
        let spirits: Vec<Ix> = lands
            .into_iter()
            .flat_map(|sq| game.occupants(sq))
            .filter(|&spirit| game.piece(spirit).kind == Kind::Spirit && spirit != piece)
            .collect();
        for spirit in spirits {
            game.capture_undefended(spirit, log);
        }
    }
}

fn landing_text(game: &Game, distance: u8, lands: Option<Sq>, hit: Option<Ix>) -> String {
    let away = format!(
        "{distance} square{} away",
        if distance == 1 { "" } else { "s" }
    );
    match (lands, hit) {
        (None, _) => format!("{away}: off the board, it hits nothing"),
        (Some(sq), None) => match game.at(sq) {
            Some(untouched) => format!(
                "{away}: the {} cannot be captured and stays",
                game.describe(untouched)
            ),
            None => format!("{away}: {} is empty", grid::to_square(sq)),
        },
        (Some(_), Some(victim)) => format!("{away}: it removes the {}", game.describe(victim)),
    }
}

/// The option's words for a throw: the thrower, what, which way, the die.
pub(super) fn throw_label(game: &Game, piece: Ix, toward: Compass) -> String {
    format!(
        "{} throws a {} {}: it lands 0–7 squares away (d{THROW_DIE} − 1; 0 is its own \
         square), removing whatever is there",
        game.describe(piece),
        missile(game.piece(piece).kind),
        toward.name()
    )
}

/// What an Alchemist piece could capture on with its owner's next move
/// (A12): a Student its forward diagonals; a Mutant its sixteen leaps; a
/// thrower the squares of its slides, not where its throw might land; the
/// Arch-Chancellor nothing. While a Mutant must take (A5), only Mutants
/// threaten; the duty is the Alchemist side's, so a Phantom's copy of an
/// Alchemist piece, which moves without it (`piece_moves`), threatens
/// whatever its owner's copied Mutants could take.
pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    let piece = game.piece(ix);
    let from = square_of(game, ix);
    match piece.kind {
        Kind::Mutant => game.reach(from, &MUTANT_LEAPS),
        _ if !piece.copy && must_take(game, piece.owner) => 0,
        Kind::Student => pawn_threats(game, ix),
        Kind::ArchChancellor => 0,
        kind => {
            let (lines, reach) = slides(kind).expect("a thrower");
            game.slide_reach(from, lines, reach)
        }
    }
}

/// Where a missile the thrower `ix` could throw after its next move might
/// land (A7, A8): along each of its throwing lines from each square its
/// move may end on, past that square. No thrower moves while a Mutant
/// must take (A5). Not a threat for check (A12): asked only where the book
/// asks whether a piece "could capture" or is "threatened" (G4).
pub(super) fn throw_threats(game: &Game, ix: Ix) -> u64 {
    let piece = game.piece(ix);
    let Some((lines, reach)) = slides(piece.kind) else {
        return 0;
    };
    if !piece.copy && must_take(game, piece.owner) {
        return 0;
    }
    let mut moves = Vec::new();
    game.push_slides(ix, lines, reach, &mut moves);
    moves
        .into_iter()
        .filter_map(Move::destination)
        .fold(0, |mask, from| mask | missile_lines(piece.kind, from))
}

/// The squares a `kind`'s missile thrown from `from` may land on, its own
/// square left out (a throw of 0 hits the thrower).
fn missile_lines(kind: Kind, from: Sq) -> u64 {
    throw_lines(kind).fold(0, |mask, toward| {
        let (df, dr) = toward.step();
        (1..=7)
            .filter_map(|distance| grid::offset(from, df * distance, dr * distance))
            .fold(mask, |mask, sq| mask | grid::bit(sq))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action_chess_faction_chess::factions::Faction;
    use crate::kit::grid::{mask_of, named};

    fn game_with(pieces: &[(u8, Kind, &str)]) -> Game {
        let mut game = Game::empty(
            [Faction::Alchemist, Faction::Classique],
            0,
            Default::default(),
        );
        for &(seat, kind, at) in pieces {
            game.add_piece(kind, seat, named(at));
        }
        game
    }

    #[test]
    fn a_bombardier_threatens_its_slides_and_not_where_its_bomb_might_land() {
        let game = game_with(&[
            (0, Kind::ArchChancellor, "a1"),
            (0, Kind::Bombardier, "a8"),
            (1, Kind::King, "h1"),
        ]);
        let bombardier = game.at(named("a8")).expect("a piece");
        assert_eq!(
            threats(&game, bombardier),
            mask_of(&["a7", "a6", "a5", "b8", "c8", "d8"])
        );
        assert_eq!(threats(&game, game.at(named("a1")).expect("a piece")), 0);
    }

    #[test]
    fn a_copy_owes_no_mutants_duty_to_take() {
        // Black's copies of a Mutant and a Student: the Mutant could take
        // on c5, yet the Student moves, and threatens, as a Student.
        let mut game = game_with(&[
            (0, Kind::ArchChancellor, "a1"),
            (0, Kind::Bombardier, "c5"),
            (1, Kind::Mutant, "c7"),
            (1, Kind::Student, "f7"),
            (1, Kind::King, "h8"),
        ]);
        let at = |game: &Game, sq: &str| game.at(named(sq)).expect("a piece");
        let (mutant, student) = (at(&game, "c7"), at(&game, "f7"));
        // Not yet copies, they keep the duty: the Student waits on the take.
        assert_eq!(threats(&game, student), 0);
        game.pieces[usize::from(mutant)].copy = true;
        game.pieces[usize::from(student)].copy = true;
        assert_eq!(threats(&game, student), mask_of(&["e6", "g6"]));
        let mut moves = Vec::new();
        piece_moves(&game, student, &mut moves);
        assert_eq!(
            moves,
            [
                Move::Go {
                    piece: student,
                    to: named("f5")
                },
                Move::Go {
                    piece: student,
                    to: named("f6")
                },
            ]
        );
    }

    #[test]
    fn a_student_threatens_its_forward_diagonals_and_a_mutant_its_sixteen_leaps() {
        let game = game_with(&[
            (0, Kind::Student, "d4"),
            (0, Kind::Mutant, "h8"),
            (1, Kind::King, "a1"),
        ]);
        let at = |sq: &str| game.at(named(sq)).expect("a piece");
        assert_eq!(threats(&game, at("d4")), mask_of(&["c5", "e5"]));
        assert_eq!(
            threats(&game, at("h8")),
            mask_of(&["g8", "f8", "h7", "h6", "g7", "f6"])
        );
    }
}
