//! Halflings (book lines 50–54) and their rulings H1–H10: Villagers as
//! pawns, stepping any way beside the Head Chef; Bunny Knights' two leaps;
//! the Head Chef's slides; the Mayor's conditions; defeat with the Mayor;
//! each piece's threats as a Classique King feels them.

mod acfc_common;
mod kit;
use acfc_common::*;

use std::collections::BTreeSet;

use fray_rules::action_chess_faction_chess::Rulings;

fn reason(game: &Game) -> String {
    game.outcome()
        .expect("the game is over")
        .reason
        .render(|seat| format!("seat {}", seat.0))
}

/// Every option of a piece as (square, choice) pairs: a route's first
/// landing or a promotion's piece as the choice, "" for none.
fn moves_of(game: &Game, piece: PieceId) -> BTreeSet<(String, String)> {
    let owner = view(game).pieces[&piece].owner;
    options(game, owner.0)
        .into_iter()
        .filter(|a| a.piece == Some(piece))
        .map(|a| {
            (
                a.to.expect("a move names a square").to_string(),
                a.choice.unwrap_or_default(),
            )
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    list.iter()
        .map(|&(to, choice)| (to.to_string(), choice.to_string()))
        .collect()
}

/// Halflings as White (seat 0) against a lone Classique King on h8.
fn halflings_to_move() -> Position {
    let mut position = Position::new([Faction::Halflings, Faction::Classique]);
    position.place(1, "king", "h8");
    position
}

// ---- Villager ----

// ---- Layout ----

#[test]
fn the_halflings_start_on_the_chess_pieces_squares_mirrored_for_black() {
    // The coin's 2 gives White to seat 1.
    let (game, _) = setup([Faction::Halflings, Faction::Halflings], &[2]);
    assert_layout(
        &game,
        &[
            (
                "villager",
                &["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"],
            ),
            ("bunny-knight", &["a1", "b1", "c1", "f1", "g1", "h1"]),
            ("head-chef", &["d1"]),
            ("mayor", &["e1"]),
        ],
    );
}

#[test]
fn a_villager_moves_as_a_pawn_with_its_double_step() {
    let (game, _) = setup([Faction::Halflings, Faction::Classique], &[1]);
    let villager = piece_on(&game, "a2");
    assert_eq!(destinations(&game, villager), squares(&["a3", "a4"]));
    // The Head Chef starts on d1, beside the Villagers of c2, d2 and e2.
    let villager = piece_on(&game, "e2");
    assert_eq!(
        destinations(&game, villager),
        squares(&["d3", "e3", "e4", "f3"])
    );
}

#[test]
fn a_villager_takes_diagonally_forward_and_en_passant() {
    let mut position = Position::new([Faction::Halflings, Faction::Classique]);
    position.place(0, "mayor", "a1");
    let villager = position.place(0, "villager", "e5");
    position.moved(villager);
    position.place(1, "king", "h8");
    let pawn = position.place(1, "pawn", "d7");
    position.place(1, "knight", "f6");
    position.to_move(1);
    let mut game = position.build();
    play(&mut game, 1, &step(pawn, "d5"));
    assert_eq!(destinations(&game, villager), squares(&["d6", "e6", "f6"]));
    play(&mut game, 0, &step(villager, "d6"));
    assert_eq!(square_of(&game, pawn), None, "taken en passant");
}

#[test]
fn a_villager_on_the_far_rank_becomes_a_bunny_knight_or_head_chef() {
    let mut position = halflings_to_move();
    position.place(0, "mayor", "a1");
    let villager = position.place(0, "villager", "c7");
    let mut game = position.build();
    assert_eq!(
        moves_of(&game, villager),
        pairs(&[("c8", "bunny-knight"), ("c8", "head-chef")])
    );
    refuse(&mut game, 0, &promote(villager, "c8", "queen"));
    refuse(&mut game, 0, &step(villager, "c8"));
    play(&mut game, 0, &promote(villager, "c8", "head-chef"));
    assert_eq!(occupant(&game, "c8"), Some(("head-chef".into(), 0)));
}

/// H5: beside its Head Chef a Villager steps one square any way, and may
/// take so; away from it, it is a pawn again.
#[test]
fn a_villager_beside_its_head_chef_steps_any_way_and_may_take() {
    let mut position = halflings_to_move();
    position.place(0, "mayor", "a1");
    let villager = position.place(0, "villager", "d4");
    position.moved(villager);
    position.place(0, "head-chef", "c4");
    let knight = position.place(1, "knight", "d3");
    let mut game = position.build();
    assert_eq!(
        destinations(&game, villager),
        squares(&["c3", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
    play(&mut game, 0, &step(villager, "d3"));
    assert_eq!(square_of(&game, knight), None);
    assert_eq!(occupant(&game, "d3"), Some(("villager".into(), 0)));

    let mut position = halflings_to_move();
    position.place(0, "mayor", "a1");
    let villager = position.place(0, "villager", "d4");
    position.moved(villager);
    position.place(0, "head-chef", "a4");
    let game = position.build();
    assert_eq!(destinations(&game, villager), squares(&["d5"]));
}

/// H6: a step sideways or back is no advance, so the quiet count goes on;
/// a step forward restarts it.
#[test]
fn only_a_villagers_step_forward_is_progress() {
    let one_quiet_turn = Rules {
        limits: Limits {
            max_turns: 0,
            quiet_turns: 1,
        },
        ..Rules::default()
    };
    let game_with_a_villager_beside_the_chef = || {
        let mut position = halflings_to_move();
        position.place(0, "mayor", "a1");
        let villager = position.place(0, "villager", "d4");
        position.moved(villager);
        position.place(0, "head-chef", "c4");
        position.rules(one_quiet_turn);
        (position.build(), villager)
    };
    let (mut game, villager) = game_with_a_villager_beside_the_chef();
    play(&mut game, 0, &step(villager, "e4"));
    assert_eq!(
        reason(&game),
        "1 turns passed without a capture or a pawn's advance"
    );
    let (mut game, villager) = game_with_a_villager_beside_the_chef();
    play(&mut game, 0, &step(villager, "e5"));
    assert_eq!(game.outcome(), None);
}

/// G7: a Villager that has stepped away and back has lost its double
/// step, so the position is not the one it left. White's Villager e2
/// steps to f2 and back beside its Head Chef (e1) while Black's Knight
/// goes to f6 and back; no die is rolled. The first return does not
/// repeat the start, so after two returns the game goes on; the Villager's
/// third step to f2 makes a position (Villager on f2, Knight on g8, Black
/// to move) the third time, which draws.
#[test]
fn repetition_tells_a_villager_that_lost_its_double_step_from_an_unmoved_one() {
    let (mut game, villager, knight) = villager_shuffle(Rules::default());
    for _ in 0..2 {
        shuffle_once(&mut game, villager, knight);
        assert_eq!(game.outcome(), None);
    }
    play(&mut game, 0, &step(villager, "f2"));
    assert_eq!(reason(&game), THIRD_TIME);
}

/// `fray-2026` counted the unmoved Villager's start as the same position:
/// the second return drew.
#[test]
fn fray_2026_repetition_did_not_tell_a_villagers_double_step() {
    let (mut game, villager, knight) = villager_shuffle(Rules {
        rulings: Rulings::Fray2026,
        ..Rules::default()
    });
    shuffle_once(&mut game, villager, knight);
    assert_eq!(game.outcome(), None);
    shuffle_once(&mut game, villager, knight);
    assert_eq!(reason(&game), THIRD_TIME);
}

const THIRD_TIME: &str = "the same position came about for the third time";

/// White: Mayor a1, Head Chef e1, an unmoved Villager e2; Black: King
/// h8, Knight g8.
fn villager_shuffle(rules: Rules) -> (Game, PieceId, PieceId) {
    let mut position = halflings_to_move();
    position.rules(rules);
    position.place(0, "mayor", "a1");
    position.place(0, "head-chef", "e1");
    let villager = position.place(0, "villager", "e2");
    let knight = position.place(1, "knight", "g8");
    (position.build(), villager, knight)
}

/// The Villager to f2 and back, the Knight to f6 and back.
fn shuffle_once(game: &mut Game, villager: PieceId, knight: PieceId) {
    play(game, 0, &step(villager, "f2"));
    play(game, 1, &step(knight, "f6"));
    play(game, 0, &step(villager, "e2"));
    play(game, 1, &step(knight, "g8"));
}

// ---- Bunny Knight ----

/// From d4 a Bunny Knight lands two squares diagonally away (b2, b6, f2,
/// f6) or four straight away (d8; h4; a- and 0-ranks are off the board).
/// A landing reached only by a route that takes is a `Via`; one with an
/// empty first landing is a plain move; a friend on a first landing shuts
/// that route.
#[test]
fn a_bunny_knight_leaps_twice_at_a_right_angle_taking_on_either_leap() {
    let mut position = halflings_to_move();
    position.place(0, "mayor", "a1");
    let bunny = position.place(0, "bunny-knight", "d4");
    position.place(0, "villager", "b4");
    position.place(1, "pawn", "f6");
    position.place(1, "knight", "d6");
    position.place(1, "bishop", "f4");
    let game = position.build();
    // b2: by b4 (a friend: shut) or by d2 (empty): a plain move.
    // b6: by b4 (shut) or by d6 (a Knight: taken on the way).
    // f2: by f4 (a Bishop) or by d2 (empty): both.
    // f6: a Pawn there, by d6 (Knight) or f4 (Bishop): taken either way,
    //     with one more on the way, so two routes and no plain move.
    // h4: by f6 (Pawn) or f2 (empty). d8: by f6 (Pawn) or b6 (empty).
    assert_eq!(
        moves_of(&game, bunny),
        pairs(&[
            ("b2", ""),
            ("b6", "d6"),
            ("f2", ""),
            ("f2", "f4"),
            ("f6", "d6"),
            ("f6", "f4"),
            ("h4", ""),
            ("h4", "f6"),
            ("d8", ""),
            ("d8", "f6"),
        ])
    );
}

#[test]
fn a_bunny_knight_may_take_on_both_leaps_of_one_move() {
    let mut position = halflings_to_move();
    position.place(0, "mayor", "a1");
    let bunny = position.place(0, "bunny-knight", "d4");
    let knight = position.place(1, "knight", "d6");
    let pawn = position.place(1, "pawn", "f6");
    let mut game = position.build();
    play(&mut game, 0, &via(bunny, "d6", "f6"));
    assert_eq!(square_of(&game, bunny).as_deref(), Some("f6"));
    assert_eq!(square_of(&game, knight), None);
    assert_eq!(square_of(&game, pawn), None);
}

#[test]
fn a_route_is_named_only_where_it_takes() {
    let mut position = halflings_to_move();
    position.place(0, "mayor", "a1");
    let bunny = position.place(0, "bunny-knight", "d4");
    let mut game = position.build();
    let refusal = refuse(&mut game, 0, &via(bunny, "d6", "f6"));
    assert_eq!(
        refusal.message,
        "a Bunny Knight names its first landing only to take there: move it to f6 without \
         naming d6"
    );
    play(&mut game, 0, &step(bunny, "f6"));
}

// ---- Head Chef ----

#[test]
fn the_head_chef_slides_up_to_five_squares_any_way() {
    let mut position = halflings_to_move();
    position.place(0, "mayor", "h1");
    let chef = position.place(0, "head-chef", "a1");
    position.place(1, "pawn", "a4");
    let game = position.build();
    assert_eq!(
        destinations(&game, chef),
        squares(&[
            "a2", "a3", "a4", "b1", "c1", "d1", "e1", "f1", "b2", "c3", "d4", "e5", "f6"
        ])
    );
}

// ---- Mayor ----

#[test]
fn a_mayor_neither_beside_a_villager_nor_threatened_cannot_move() {
    let mut position = halflings_to_move();
    let mayor = position.place(0, "mayor", "e1");
    position.place(0, "villager", "a2");
    let mut game = position.build();
    assert!(moves_of(&game, mayor).is_empty());
    let refusal = refuse(&mut game, 0, &step(mayor, "e2"));
    assert_eq!(
        refusal.message,
        "the Mayor cannot move: it is neither beside a friendly Villager nor threatened by an \
         enemy piece"
    );
}

#[test]
fn a_threatened_mayor_moves_as_a_king() {
    let mut position = halflings_to_move();
    let mayor = position.place(0, "mayor", "e1");
    position.place(0, "villager", "a2");
    position.place(1, "rook", "e8");
    let game = position.build();
    assert_eq!(
        destinations(&game, mayor),
        squares(&["d1", "d2", "e2", "f1", "f2"])
    );
}

/// H8: two steps, through an empty square, to end beside a Villager; the
/// second may take. From e1 beside the Villager on e2, the squares two
/// away beside e2 are d3, e3 and f3.
#[test]
fn a_mayor_beside_a_villager_may_step_twice_to_end_beside_one() {
    let mut position = halflings_to_move();
    let mayor = position.place(0, "mayor", "e1");
    position.place(0, "villager", "e2");
    let pawn = position.place(1, "pawn", "d3");
    let mut game = position.build();
    assert_eq!(
        destinations(&game, mayor),
        squares(&["d1", "d2", "f1", "f2", "d3", "e3", "f3"])
    );
    let refusal = refuse(&mut game, 0, &step(mayor, "g3"));
    assert_eq!(
        refusal.message,
        "the Mayor takes a second step only to end beside a friendly Villager, and g3 is not \
         beside one"
    );
    play(&mut game, 0, &step(mayor, "d3"));
    assert_eq!(square_of(&game, pawn), None);
}

#[test]
fn a_mayors_two_steps_need_an_empty_square_between() {
    let mut position = halflings_to_move();
    let mayor = position.place(0, "mayor", "e1");
    position.place(0, "villager", "e2");
    position.place(1, "pawn", "d2");
    position.place(1, "pawn", "d3");
    let game = position.build();
    // d3 is reached through d2 (an enemy: a step onto it ends the move)
    // or e2 (the Villager), so not at all; d2 is taken by one step.
    assert_eq!(
        destinations(&game, mayor),
        squares(&["d1", "d2", "f1", "f2", "e3", "f3"])
    );
}

#[test]
fn the_halflings_lose_when_their_mayor_is_captured() {
    let mut position = Position::new([Faction::Classique, Faction::Halflings]);
    position.place(0, "king", "a1");
    let rook = position.place(0, "rook", "e2");
    position.place(1, "mayor", "e7");
    position.place(1, "villager", "h7");
    let mut game = position.build();
    play(&mut game, 0, &step(rook, "e7"));
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
    assert_eq!(reason(&game), "seat 1 is defeated: its Mayor is captured");
}

/// H7: the Black Mayor on e3 could step twice to e1 (through d2 or f2),
/// which is beside its Villager on e2: the White Mayor is threatened, so
/// it may move, and take the Villager.
#[test]
fn a_mayor_threatened_by_the_enemy_mayor_may_move() {
    let mut position = Position::new([Faction::Halflings, Faction::Halflings]);
    let mayor = position.place(0, "mayor", "e1");
    position.place(0, "villager", "a2");
    position.place(1, "mayor", "e3");
    position.place(1, "villager", "e2");
    let game = position.build();
    assert_eq!(
        destinations(&game, mayor),
        squares(&["d1", "d2", "e2", "f1", "f2"])
    );
}

/// H9: two lone Mayors side by side: each is threatened by the other,
/// counted as free to move, so the one to move may take the other.
#[test]
fn two_lone_mayors_side_by_side_may_take_each_other() {
    let mut position = Position::new([Faction::Halflings, Faction::Halflings]);
    let mayor = position.place(0, "mayor", "e1");
    position.place(0, "villager", "a2");
    position.place(1, "mayor", "e2");
    position.place(1, "villager", "h7");
    let mut game = position.build();
    assert!(destinations(&game, mayor).contains("e2"));
    play(&mut game, 0, &step(mayor, "e2"));
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

/// H7 with G4 as the Mayor's "threatened" asks it: the Grenadier on h6
/// could slide to e3 and throw a grenade south, landing on e2 or e1, so
/// the Mayor on e1, beside no Villager, may move; the Grenadier's slides
/// reach no nearer than e3. No die is rolled.
#[test]
fn a_mayor_a_grenade_could_reach_is_threatened_and_may_move() {
    let mayor_moves = |rules: Rules| {
        let mut position = Position::new([Faction::Halflings, Faction::Alchemist]);
        position.rules(rules);
        let mayor = position.place(0, "mayor", "e1");
        position.place(1, "arch-chancellor", "a8");
        position.place(1, "grenadier", "h6");
        destinations(&position.build(), mayor)
    };
    assert_eq!(
        mayor_moves(Rules::default()),
        squares(&["d1", "d2", "e2", "f1", "f2"])
    );
    // `fray-2026`: a throw threatened nothing.
    assert_eq!(
        mayor_moves(Rules {
            rulings: Rulings::Fray2026,
            ..Rules::default()
        }),
        squares(&[])
    );
}

// ---- Threats, as a Classique King feels them ----

/// A Black Mayor on e4 with a Villager on c2, two squares from it: free
/// to move, it could step twice onto d2 (through d3 or e3), which is
/// beside the Villager. It is free only while threatened, here by a White
/// Rook on a4; without the Rook it threatens nothing, and the King may go
/// to d2. (d1 is the Villager's, as a pawn's diagonal.)
#[test]
fn a_mayor_threatens_only_while_it_may_move() {
    let king_moves = |with_rook: bool| {
        let mut position = Position::new([Faction::Classique, Faction::Halflings]);
        let king = position.place(0, "king", "e1");
        position.moved(king);
        if with_rook {
            position.place(0, "rook", "a4");
        }
        position.place(1, "mayor", "e4");
        position.place(1, "villager", "c2");
        destinations(&position.build(), king)
    };
    assert_eq!(king_moves(true), squares(&["e2", "f1", "f2"]));
    assert_eq!(king_moves(false), squares(&["d2", "e2", "f1", "f2"]));
}

/// A Black Villager on e3 threatens d2 and f2 as a pawn; beside its Head
/// Chef (e4) it could step onto e2 too.
#[test]
fn a_villager_beside_its_head_chef_threatens_every_square_around_it() {
    let king_moves = |with_chef: bool| {
        let mut position = Position::new([Faction::Classique, Faction::Halflings]);
        let king = position.place(0, "king", "e1");
        position.moved(king);
        position.place(1, "mayor", "a8");
        position.place(1, "villager", "e3");
        if with_chef {
            position.place(1, "head-chef", "e4");
        }
        destinations(&position.build(), king)
    };
    assert_eq!(king_moves(false), squares(&["d1", "e2", "f1"]));
    assert_eq!(king_moves(true), squares(&["d1", "f1"]));
}

// ---- An exact count ----

/// White Halflings: Mayor e1, Villager e2 (unmoved), Bunny Knight c3;
/// Black Classique: King h8, Pawn e5. Counted by hand:
/// - Villager e2: e3, e4 (nothing to take on d3 or f3): 2.
/// - Bunny Knight c3: e5 (taking the Pawn; by e3 or c5, both empty: one
///   move), a5 (by a3 or c5), a1 (by a3 or c1), g3 (by e5, taking the
///   Pawn on the way: e1 is the Mayor's), c7 (by a5, a plain move, or by
///   e5 taking the Pawn on the way: two); e1 is the Mayor's; the other
///   landings are off the board: 6.
/// - Mayor e1, beside the Villager, so free: steps d1, d2, f1, f2 (e2 is
///   the Villager's), and two steps to the squares two away that are
///   beside e2 (d3 by d2, e3 by d2 or f2, f3 by f2): 7.
///
/// 2 + 6 + 7 = 15.
#[test]
fn a_small_halflings_position_has_fifteen_moves() {
    let mut position = halflings_to_move();
    position.place(0, "mayor", "e1");
    position.place(0, "villager", "e2");
    position.place(0, "bunny-knight", "c3");
    position.place(1, "pawn", "e5");
    let game = position.build();
    assert_eq!(perft(&game, 1), 15);
}
