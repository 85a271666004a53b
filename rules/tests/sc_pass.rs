//! The pass (R12): offered, alone, only to a player none of whose pieces can
//! move, and refused otherwise. No such position arises in play: an enemy
//! piece never blocks (a piece may capture it), so every piece of the player
//! must be boxed in by the player's own pieces, and a search over every set
//! of squares, with the rules' own move lists, finds no such set of 20
//! pieces or fewer, the most a player ever has (four Acolytes and one unit
//! per terrain: each first-chart unit is summoned once, by one player, and
//! its second-chart unit only by the other, R4 and R10). So the pass is
//! tested in positions set up directly, and its being unreachable is tested
//! by the search.

mod kit;
mod sc_common;
use sc_common::*;

/// The most pieces one player can ever have: four Acolytes and sixteen units.
const MOST_PIECES: u32 = 4 + 16;

/// One unit of each movement type: King, Page, Squire, Knight, Bishop,
/// Rook, Queen.
const ONE_OF_EACH_MOVEMENT: [&str; 7] = [
    "acolyte",
    "skeletons",
    "dwarves",
    "serpents",
    "cat-people",
    "ice-giants",
    "wizard",
];
const SLIDERS: [&str; 3] = ["cat-people", "ice-giants", "wizard"];

fn bit(square: Square) -> u64 {
    1 << (square.rank * 8 + square.file)
}

fn index_square(index: u32) -> Square {
    Square::new((index % 8) as u8, (index / 8) as u8)
}

/// For each square, the distinct sets of squares that must hold the
/// player's own pieces for some piece standing there to have no move. Read
/// from the rules' own move list for a lone piece of each movement type:
/// every square a stepper or a knight reaches, and for a slider the first
/// square of each line (an own piece there stops it).
fn boxing_sets() -> Vec<Vec<u64>> {
    (0..64)
        .map(|index| {
            let from = index_square(index);
            let mut sets: Vec<u64> = ONE_OF_EACH_MOVEMENT
                .iter()
                .map(|unit| {
                    let mut p = Position::new();
                    let piece = p.place(0, unit, &from.to_string());
                    let game = p.build();
                    let slider = SLIDERS.contains(unit);
                    destinations(&game, piece)
                        .iter()
                        .map(|to| sq(to))
                        .filter(|to| {
                            let near = to.file.abs_diff(from.file).max(to.rank.abs_diff(from.rank));
                            !slider || near == 1
                        })
                        .fold(0, |set, to| set | bit(to))
                })
                .collect();
            sets.sort();
            sets.dedup();
            sets
        })
        .collect()
}

/// A set of squares holding `held` and within `limit` squares in which every
/// square can hold a piece with no move, avoiding `excluded`; `pending`
/// are the squares of `held` whose piece is not yet chosen.
fn box_in(held: u64, pending: u64, excluded: u64, limit: u32, sets: &[Vec<u64>]) -> Option<u64> {
    if pending == 0 {
        return Some(held);
    }
    let square = pending.trailing_zeros();
    let rest = pending & !(1 << square);
    for &needs in &sets[square as usize] {
        let added = needs & !held;
        if needs & excluded != 0 || (held | added).count_ones() > limit {
            continue;
        }
        if let Some(found) = box_in(held | added, rest | added, excluded, limit, sets) {
            return Some(found);
        }
    }
    None
}

/// Some set of at most `limit` squares whose pieces can all be boxed in by
/// one another. Complete: a set whose lowest square is `seed` is searched
/// for from that seed with every lower square excluded (none of them can be
/// in a set found from an earlier seed's failure).
fn boxed_in_set(limit: u32, sets: &[Vec<u64>]) -> Option<u64> {
    let mut excluded = 0;
    for seed in 0..64 {
        let square = 1 << seed;
        if let Some(found) = box_in(square, square, excluded, limit, sets) {
            return Some(found);
        }
        excluded |= square;
    }
    None
}

#[test]
fn no_player_can_have_enough_pieces_to_box_themselves_in() {
    let sets = boxing_sets();
    assert_eq!(boxed_in_set(MOST_PIECES, &sets), None);
}

#[test]
fn the_search_finds_a_boxed_in_set_when_there_is_one() {
    // Diagonal movers on all 32 dark squares block one another: more pieces
    // than a player has, but the search must find such a set when allowed.
    let sets = boxing_sets();
    let dark: u64 = (0..64)
        .map(index_square)
        .filter(|s| (s.file + s.rank) % 2 == 0)
        .fold(0, |set, s| set | bit(s));
    let found = box_in(1, 1, !dark, 32, &sets).expect("the dark squares box themselves in");
    assert_eq!(found, dark);
}

#[test]
fn a_player_with_no_move_passes() {
    // Only a pass is offered when no piece can move: here seat 0 has no piece
    // at all, a position that play never reaches but the builder allows.
    let mut p = Position::new();
    p.place(1, "acolyte", "h8");
    let mut game = p.build();
    assert_eq!(options(&game, 0), vec![Action::new("pass")]);
    let effects = play(&mut game, 0, &Action::new("pass"));
    assert!(effects.iter().any(|e| matches!(
        &e.effect,
        Effect::Narration { text } if *text == "No piece can move: the turn passes"
    )));
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(view(&game).turn.number, 2);
}

#[test]
fn a_pass_is_refused_while_a_piece_can_move() {
    let mut p = Position::new();
    let acolyte = p.place(0, "acolyte", "e4");
    let mut game = p.build();
    let rejection = refuse(&mut game, 0, &Action::new("pass"));
    assert_eq!(rejection.code, RejectCode::IllegalAction);
    assert_eq!(
        rejection.message,
        "you may pass only when none of your pieces can move"
    );
    assert_eq!(destinations(&game, acolyte).len(), 8);
}
