//! The Faerie (book lines 43–48) and their rulings F1–F13: Sprites going
//! forward, diagonally on their first move, and fleeing back when
//! threatened; leaping Faerie Knights; Dryads that neither capture nor can
//! be captured by any faction; Titania's flight; Oberon and the defeat.
//! The Faerie roll no dice; only the Beastfolk test scripts a roll.

mod acfc_common;
mod kit;
use acfc_common::*;

use std::collections::BTreeSet;

use fray_rules::action_chess_faction_chess::Rulings;

/// The readings before issue 35 (the match option `rulings`).
fn fray_2026() -> Rules {
    Rules {
        rulings: Rulings::Fray2026,
        ..Rules::default()
    }
}

fn reason(game: &Game) -> String {
    game.outcome()
        .expect("the game is over")
        .reason
        .render(|seat| format!("seat {}", seat.0))
}

/// Faerie as White (seat 0) against a Classique side whose King stands on
/// h8; Oberon waits on a1.
fn faerie_against_classique() -> Position {
    let mut position = Position::new([Faction::Faerie, Faction::Classique]);
    position.place(0, "oberon", "a1");
    position.place(1, "king", "h8");
    position
}

/// `faction` as White (seat 0, to move) against the Faerie, with a Black
/// Dryad on d4 and Oberon out of the way on a8.
fn against_a_dryad(faction: Faction) -> Position {
    let mut position = Position::new([faction, Faction::Faerie]);
    position.place(1, "oberon", "a8");
    position.place(1, "dryad", "d4");
    position
}

fn still_on_d4(game: &Game) {
    assert_eq!(occupant(game, "d4"), Some(("dryad".into(), 1)));
}

fn roll_directions(game: &Game, piece: PieceId) -> BTreeSet<String> {
    let owner = view(game).pieces[&piece].owner;
    options(game, owner.0)
        .into_iter()
        .filter(|a| a.verb == "roll" && a.piece == Some(piece))
        .map(|a| a.choice.expect("a roll names a direction"))
        .collect()
}

/// Every option of a piece as (square, choice) pairs, "" for no choice.
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

// ---- Layout ----

#[test]
fn the_faerie_start_on_the_chess_pieces_squares() {
    // The coin's 1 gives White to seat 0.
    let (game, _) = setup([Faction::Faerie, Faction::Classique], &[1]);
    for file in ["a", "b", "c", "d", "e", "f", "g", "h"] {
        assert_eq!(
            occupant(&game, &format!("{file}2")),
            Some(("sprite".into(), 0))
        );
    }
    let back = [
        ("a1", "sprite"),
        ("b1", "faerie-knight"),
        ("c1", "dryad"),
        ("d1", "titania"),
        ("e1", "oberon"),
        ("f1", "dryad"),
        ("g1", "faerie-knight"),
        ("h1", "sprite"),
    ];
    for (square, kind) in back {
        assert_eq!(occupant(&game, square), Some((kind.into(), 0)), "{square}");
    }
}

// ---- Sprite ----

#[test]
fn a_sprite_moves_up_to_two_forward_and_diagonally_forward_on_its_first_move() {
    let mut position = faerie_against_classique();
    let sprite = position.place(0, "sprite", "c2");
    let mut game = position.build();
    assert_eq!(
        destinations(&game, sprite),
        squares(&["c3", "c4", "b3", "d3"])
    );
    play(&mut game, 0, &step(sprite, "d3"));
    let king = piece_on(&game, "h8");
    play(&mut game, 1, &step(king, "g8"));
    // Moved once: forward only.
    assert_eq!(destinations(&game, sprite), squares(&["d4", "d5"]));
}

#[test]
fn a_black_sprite_goes_toward_rank_1() {
    let mut position = Position::new([Faction::Classique, Faction::Faerie]);
    position.place(0, "king", "h1");
    position.place(1, "oberon", "a8");
    let sprite = position.place(1, "sprite", "e7");
    let game = position.to_move(1).build();
    assert_eq!(
        destinations(&game, sprite),
        squares(&["e6", "e5", "d6", "f6"])
    );
}

#[test]
fn a_sprite_takes_on_the_square_it_moves_to_and_is_stopped_by_a_piece() {
    let mut position = faerie_against_classique();
    let blocked = position.place(0, "sprite", "c2");
    position.place(1, "pawn", "c3");
    let far = position.place(0, "sprite", "f2");
    position.place(1, "pawn", "f4");
    let friend_ahead = position.place(0, "sprite", "h3");
    position.moved(friend_ahead);
    position.place(0, "faerie-knight", "h4");
    let mut game = position.build();
    // c3 is taken; the Sprite cannot pass it. Diagonals b3, d3 are empty.
    assert_eq!(destinations(&game, blocked), squares(&["c3", "b3", "d3"]));
    assert_eq!(destinations(&game, far), squares(&["f3", "f4", "e3", "g3"]));
    assert_eq!(destinations(&game, friend_ahead), squares(&[]));
    play(&mut game, 0, &step(far, "f4"));
    assert_eq!(occupant(&game, "f4"), Some(("sprite".into(), 0)));
}

#[test]
fn a_sprites_first_diagonal_may_take_but_not_a_friend() {
    let mut position = faerie_against_classique();
    let sprite = position.place(0, "sprite", "e2");
    position.place(1, "knight", "d3");
    position.place(0, "dryad", "f3");
    let mut game = position.build();
    assert_eq!(destinations(&game, sprite), squares(&["e3", "e4", "d3"]));
    play(&mut game, 0, &step(sprite, "d3"));
    assert_eq!(occupant(&game, "d3"), Some(("sprite".into(), 0)));
}

/// A moved Sprite on e4, a Faerie Knight on d3; a Black Pawn on f3.
fn sprite_before_a_pawn(rules: Rules) -> (Position, PieceId, PieceId) {
    let mut position = faerie_against_classique();
    position.rules(rules);
    let sprite = position.place(0, "sprite", "e4");
    position.moved(sprite);
    position.place(0, "faerie-knight", "d3");
    let pawn = position.place(1, "pawn", "f3");
    (position, sprite, pawn)
}

/// F3: while threatened a Sprite may step back, and its flight takes like
/// any move (F13). No die is rolled.
#[test]
fn a_threatened_sprite_may_step_back_and_take() {
    let (mut position, sprite, pawn) = sprite_before_a_pawn(Rules::default());
    // Nothing threatens it: forward only.
    assert_eq!(
        destinations(&position.build(), sprite),
        squares(&["e5", "e6"])
    );
    // A Black Rook on e8 could take it next turn: it may flee to e3, or
    // onto the Pawn on f3, taking it (d3 is a friend's).
    position.place(1, "rook", "e8");
    let mut game = position.build();
    assert_eq!(
        destinations(&game, sprite),
        squares(&["e5", "e6", "e3", "f3"])
    );
    play(&mut game, 0, &step(sprite, "f3"));
    assert_eq!(square_of(&game, pawn), None);
    assert_eq!(square_of(&game, sprite).as_deref(), Some("f3"));
}

/// `fray-2026`: a flight took nothing.
#[test]
fn fray_2026_a_threatened_sprite_stepped_back_onto_empty_squares_only() {
    let (mut position, sprite, _) = sprite_before_a_pawn(fray_2026());
    position.place(1, "rook", "e8");
    let mut game = position.build();
    assert_eq!(destinations(&game, sprite), squares(&["e5", "e6", "e3"]));
    play(&mut game, 0, &step(sprite, "e3"));
    assert_eq!(square_of(&game, sprite).as_deref(), Some("e3"));
}

/// F8: a flight that takes threatens. The Black Sprite on e3 (moved, going
/// toward rank 1) threatens e2 and e1 ahead; once the White King stands
/// beside it, it is threatened, so it could flee back onto d4, e4 or f4
/// and take there: the King on c4 may step to d3 but not d4. No die is
/// rolled.
#[test]
fn a_king_may_not_step_where_the_sprite_it_threatens_could_flee_onto_it() {
    let king_moves = |rules: Rules| {
        let mut position = Position::new([Faction::Classique, Faction::Faerie]);
        position.rules(rules);
        let king = position.place(0, "king", "c4");
        position.moved(king);
        position.place(1, "oberon", "h8");
        let sprite = position.place(1, "sprite", "e3");
        position.moved(sprite);
        destinations(&position.build(), king)
    };
    assert_eq!(
        king_moves(Rules::default()),
        squares(&["b3", "b4", "b5", "c3", "c5", "d3", "d5"])
    );
    assert_eq!(
        king_moves(fray_2026()),
        squares(&["b3", "b4", "b5", "c3", "c5", "d3", "d4", "d5"])
    );
}

/// G4 as the Sprite asks it: a bomb the Bombardier on g8 could throw
/// south-west after stepping to g7 lands on f6, e5 or d4, so the Sprite on
/// d4 "could" be captured and may flee; its slides reach no further than
/// g5, d8 and h8. No die is rolled.
#[test]
fn a_sprite_a_bomb_could_reach_may_flee() {
    let sprite_moves = |rules: Rules| {
        let mut position = Position::new([Faction::Faerie, Faction::Alchemist]);
        position.rules(rules);
        position.place(0, "oberon", "a1");
        let sprite = position.place(0, "sprite", "d4");
        position.moved(sprite);
        position.place(1, "arch-chancellor", "a8");
        position.place(1, "bombardier", "g8");
        destinations(&position.build(), sprite)
    };
    assert_eq!(
        sprite_moves(Rules::default()),
        squares(&["d5", "d6", "c3", "d3", "e3"])
    );
    assert_eq!(sprite_moves(fray_2026()), squares(&["d5", "d6"]));
}

#[test]
fn an_unthreatened_sprite_is_told_why_it_may_not_step_back() {
    let mut position = faerie_against_classique();
    let sprite = position.place(0, "sprite", "e4");
    let mut game = position.build();
    let refusal = refuse(&mut game, 0, &step(sprite, "d3"));
    assert_eq!(
        refusal.message,
        "a Sprite steps back only while an enemy piece could capture it on its next move"
    );
}

#[test]
fn a_sprite_threatened_by_a_random_mover_may_flee_on_the_faeries_turn() {
    // A Minotaur on e8 could roll south far enough to take on e4 (B11).
    let mut position = Position::new([Faction::Faerie, Faction::Beastfolk]);
    position.place(0, "oberon", "a1");
    position.place(1, "leonine", "h8");
    position.place(1, "minotaur", "e8");
    let sprite = position.place(0, "sprite", "e4");
    position.moved(sprite);
    let game = position.build();
    assert_eq!(
        destinations(&game, sprite),
        squares(&["e5", "e6", "d3", "e3", "f3"])
    );
}

#[test]
fn a_sprite_on_the_far_rank_stays_a_sprite_and_can_only_flee() {
    let mut position = faerie_against_classique();
    let sprite = position.place(0, "sprite", "c8");
    position.moved(sprite);
    let mut game = position.build();
    assert_eq!(destinations(&game, sprite), squares(&[]));
    let mut position = faerie_against_classique();
    let sprite = position.place(0, "sprite", "c7");
    position.moved(sprite);
    game = position.build();
    play(&mut game, 0, &step(sprite, "c8"));
    assert_eq!(occupant(&game, "c8"), Some(("sprite".into(), 0)));
}

#[test]
fn a_sprites_advance_is_progress_and_its_flight_is_not() {
    let one_quiet_turn = Rules {
        limits: Limits {
            max_turns: 0,
            quiet_turns: 1,
        },
        ..Rules::default()
    };
    let threatened_sprite = || {
        let mut position = faerie_against_classique();
        let sprite = position.place(0, "sprite", "e4");
        position.moved(sprite);
        position.place(1, "rook", "e8");
        position.rules(one_quiet_turn);
        (position.build(), sprite)
    };
    let (mut game, sprite) = threatened_sprite();
    play(&mut game, 0, &step(sprite, "e3"));
    assert_eq!(
        reason(&game),
        "1 turns passed without a capture or a pawn's advance"
    );
    let (mut game, sprite) = threatened_sprite();
    play(&mut game, 0, &step(sprite, "e5"));
    assert_eq!(game.outcome(), None);
}

// ---- Faerie Knight ----

#[test]
fn a_faerie_knight_leaps_up_to_five_straight_over_anything() {
    let mut position = faerie_against_classique();
    let knight = position.place(0, "faerie-knight", "d4");
    position.place(0, "sprite", "d5");
    position.place(0, "sprite", "d6");
    position.place(1, "rook", "f4");
    position.place(1, "pawn", "e4");
    position.place(0, "titania", "b4");
    let mut game = position.build();
    // North over its Sprites to d7, d8; east onto the Pawn, or over it
    // onto the Rook, or on to h4; south to d1; west c4, a4 (b4 is
    // Titania's).
    assert_eq!(
        destinations(&game, knight),
        squares(&[
            "d7", "d8", "e4", "f4", "g4", "h4", "d3", "d2", "d1", "c4", "a4"
        ])
    );
    play(&mut game, 0, &step(knight, "f4"));
    assert_eq!(occupant(&game, "f4"), Some(("faerie-knight".into(), 0)));
    assert_eq!(occupant(&game, "e4"), Some(("pawn".into(), 1)));
}

#[test]
fn a_classique_king_is_in_check_from_a_faerie_knight_five_squares_off() {
    let mut position = Position::new([Faction::Classique, Faction::Faerie]);
    let king = position.place(0, "king", "e1");
    position.place(1, "oberon", "a8");
    position.place(1, "faerie-knight", "e6");
    let game = position.build();
    assert_eq!(
        destinations(&game, king),
        squares(&["d1", "d2", "f1", "f2"])
    );
}

// ---- Dryad ----

#[test]
fn a_dryad_slides_any_distance_onto_empty_squares_only() {
    let mut position = faerie_against_classique();
    let dryad = position.place(0, "dryad", "c3");
    position.place(1, "pawn", "c5");
    position.place(0, "sprite", "e3");
    position.place(1, "rook", "e5");
    let mut game = position.build();
    // North stops before the Pawn; east before the Sprite; north-east
    // before the Rook; a1 is Oberon's.
    assert_eq!(
        destinations(&game, dryad),
        squares(&[
            "c4", "d3", "d4", "b2", "c2", "c1", "d2", "e1", "b3", "a3", "b4", "a5",
        ])
    );
    let refusal = refuse(&mut game, 0, &step(dryad, "c5"));
    assert_eq!(
        refusal.message,
        "a Dryad cannot capture: it moves onto empty squares only"
    );
}

#[test]
fn a_classique_king_may_stand_beside_an_enemy_dryad() {
    let mut position = Position::new([Faction::Classique, Faction::Faerie]);
    let king = position.place(0, "king", "e1");
    position.place(1, "oberon", "a8");
    position.place(1, "dryad", "e3");
    let game = position.build();
    // The Dryad threatens nothing (F8), and the King cannot take it.
    assert_eq!(
        destinations(&game, king),
        squares(&["d1", "d2", "e2", "f1", "f2"])
    );
}

#[test]
fn a_dryad_is_safe_from_every_classique_piece() {
    let mut position = against_a_dryad(Faction::Classique);
    let rook = position.place(0, "rook", "d1");
    let bishop = position.place(0, "bishop", "a7");
    let knight = position.place(0, "knight", "b3");
    let pawn = position.place(0, "pawn", "c3");
    position.moved(pawn);
    let queen = position.place(0, "queen", "g4");
    let king = position.place(0, "king", "e5");
    let game = position.build();
    // The Rook and the Queen stop before it, the Bishop too.
    assert_eq!(
        destinations(&game, rook),
        squares(&["d2", "d3", "c1", "b1", "a1", "e1", "f1", "g1", "h1"])
    );
    assert!(!destinations(&game, bishop).contains("d4"));
    assert!(destinations(&game, bishop).contains("c5"));
    assert!(!destinations(&game, knight).contains("d4"));
    assert_eq!(destinations(&game, pawn), squares(&["c4"]));
    assert!(!destinations(&game, queen).contains("d4"));
    assert!(destinations(&game, queen).contains("e4"));
    assert!(!destinations(&game, queen).contains("c4"));
    assert!(!destinations(&game, king).contains("d4"));
}

#[test]
fn a_dryad_is_neither_jumped_nor_edge_taken_by_a_peasant() {
    let mut position = against_a_dryad(Faction::Peasant);
    position.place(0, "sergeant", "a1");
    let man = position.place(0, "man", "c3");
    let edge = position.place(0, "man", "g7");
    // On the board's edge, where a Man's edge take would reach it (P4).
    position.place(1, "dryad", "h8");
    let sergeant = position.place(0, "sergeant", "e5");
    let game = position.build();
    assert_eq!(destinations(&game, man), squares(&["b4"]));
    assert_eq!(destinations(&game, edge), squares(&["f8"]));
    assert_eq!(destinations(&game, sergeant), squares(&["d6", "f6", "f4"]));
}

#[test]
fn a_beastfolk_walk_stops_before_a_dryad() {
    let mut position = against_a_dryad(Faction::Beastfolk);
    position.place(0, "leonine", "a1");
    let minotaur = position.place(0, "minotaur", "d1");
    let beside = position.place(0, "boarman", "c3");
    let goatman = position.place(0, "goatman", "e3");
    let mut game = position.build();
    // The Boarman's north-east first square is the Dryad: not offered
    // (B6); nor is the Goatman's diagonal opened by it (B2).
    assert!(!roll_directions(&game, beside).contains("north-east"));
    assert_eq!(roll_directions(&game, goatman), squares(&["north"]));
    // Rolling 8 north, the Minotaur stops on d3, before the Dryad.
    play_rolling(&mut game, 0, &roll(minotaur, "north"), &[8]);
    assert_eq!(square_of(&game, minotaur).as_deref(), Some("d3"));
    still_on_d4(&game);
}

#[test]
fn a_leonine_stops_before_a_dryad_with_its_roll_left() {
    let mut position = against_a_dryad(Faction::Beastfolk);
    let leonine = position.place(0, "leonine", "d1");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(leonine, "north"), &[5]);
    assert_eq!(square_of(&game, leonine).as_deref(), Some("d3"));
    still_on_d4(&game);
}

#[test]
fn a_dryad_is_safe_from_every_undead_piece() {
    let mut position = against_a_dryad(Faction::Undead);
    let lich = position.place(0, "lich-king", "d2");
    let zombie = position.place(0, "zombie", "e2");
    let knight = position.place(0, "death-knight", "b5");
    let guard = position.place(0, "grave-guard", "a4");
    position.place(0, "grave-guard", "a3");
    let mut game = position.build();
    // The Lich-King slides north to d3 only.
    assert!(destinations(&game, lich).contains("d3"));
    assert!(!destinations(&game, lich).contains("d4"));
    assert_eq!(destinations(&game, zombie), squares(&["e3", "e4"]));
    // The knight's square d4 is shut: no leap there, no route through it.
    let knight_moves = moves_of(&game, knight);
    assert!(
        knight_moves
            .iter()
            .all(|(to, via)| to != "d4" && via != "d4")
    );
    // The Guard on a4 stops before the Dryad east.
    assert!(!destinations(&game, guard).contains("d4"));
    assert!(destinations(&game, guard).contains("c4"));
    play(&mut game, 0, &step(guard, "c4"));
    still_on_d4(&game);
}

#[test]
fn a_paired_grave_guard_does_not_follow_onto_a_dryad() {
    let mut position = against_a_dryad(Faction::Undead);
    position.place(0, "lich-king", "h1");
    let leader = position.place(0, "grave-guard", "a5");
    position.place(0, "grave-guard", "a4");
    let mut game = position.build();
    // The leader's three squares east end on d5; the follower's would end
    // on the Dryad: nothing is offered and the turn passes.
    play(&mut game, 0, &step(leader, "d5"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
    still_on_d4(&game);
}

#[test]
fn a_dryad_is_safe_from_every_slime_piece() {
    let mut position = against_a_dryad(Faction::Slime);
    let goobrain = position.place(0, "goobrain", "c4");
    let glob = position.place(0, "glob", "e5");
    let goobeast = position.place(0, "goobeast", "d8");
    let game = position.build();
    assert_eq!(destinations(&game, goobrain), squares(&["b4"]));
    assert!(!destinations(&game, glob).contains("d4"));
    assert!(destinations(&game, goobeast).contains("d5"));
    assert!(!destinations(&game, goobeast).contains("d4"));
}

#[test]
fn a_dryad_is_safe_from_every_robot_piece() {
    let mut position = against_a_dryad(Faction::Robot);
    position.place(0, "factory", "h1");
    let drone = position.place(0, "drone", "d3");
    let mecha = position.place(0, "mecha-knight", "b2");
    let rook = position.place(0, "robo-rook", "d7");
    let bishop = position.place(0, "auto-bishop", "a7");
    let mut game = position.build();
    play(&mut game, 0, &done());
    assert_eq!(destinations(&game, drone), squares(&["c3", "e3"]));
    assert!(!destinations(&game, mecha).contains("d4"));
    assert!(destinations(&game, rook).contains("d5"));
    assert!(!destinations(&game, rook).contains("d4"));
    assert!(destinations(&game, bishop).contains("c5"));
    assert!(!destinations(&game, bishop).contains("d4"));
}

#[test]
fn a_dryad_is_safe_from_every_halflings_piece() {
    let mut position = against_a_dryad(Faction::Halflings);
    let mayor = position.place(0, "mayor", "e3");
    position.place(0, "villager", "f2");
    let villager = position.place(0, "villager", "c3");
    position.moved(villager);
    let bunny = position.place(0, "bunny-knight", "b2");
    let through = position.place(0, "bunny-knight", "d6");
    let chef = position.place(0, "head-chef", "a4");
    let game = position.build();
    assert!(!destinations(&game, mayor).contains("d4"));
    assert!(destinations(&game, mayor).contains("e4"));
    assert_eq!(destinations(&game, villager), squares(&["c4"]));
    // b2 lands on d4 by b4 or by d2: neither is offered.
    assert!(moves_of(&game, bunny).iter().all(|(to, _)| to != "d4"));
    // From d6, the leg south lands on d4: the routes through it (to b4,
    // f4) are shut, and no option names it as its first landing.
    assert!(
        moves_of(&game, through)
            .iter()
            .all(|(to, via)| to != "d4" && via != "d4")
    );
    assert_eq!(
        destinations(&game, chef),
        squares(&[
            "b4", "c4", "a5", "a6", "a7", "a8", "b5", "c6", "d7", "e8", "a3", "a2", "a1", "b3",
            "c2", "d1",
        ])
    );
}

#[test]
fn no_faerie_piece_takes_an_enemy_dryad() {
    let mut position = Position::new([Faction::Faerie, Faction::Faerie]);
    position.place(0, "oberon", "c4");
    position.place(1, "oberon", "h8");
    position.place(1, "dryad", "d4");
    let titania = position.place(0, "titania", "d2");
    let knight = position.place(0, "faerie-knight", "d1");
    let sprite = position.place(0, "sprite", "e3");
    let game = position.build();
    assert!(!destinations(&game, titania).contains("d4"));
    assert!(!destinations(&game, knight).contains("d4"));
    assert!(destinations(&game, knight).contains("d5"));
    assert_eq!(destinations(&game, sprite), squares(&["e4", "e5", "f4"]));
    let oberon = piece_on(&game, "c4");
    assert_eq!(destinations(&game, oberon), squares(&["b4", "a4"]));
}

// ---- Titania ----

#[test]
fn titania_moves_up_to_two_any_way_and_flies_six_straight_when_threatened() {
    let mut position = faerie_against_classique();
    let titania = position.place(0, "titania", "d4");
    let quiet = position.build();
    let near = [
        "d5", "d6", "d3", "d2", "c4", "b4", "e4", "f4", "c5", "b6", "e5", "f6", "c3", "b2", "e3",
        "f2",
    ];
    assert_eq!(destinations(&quiet, titania), squares(&near));
    // A Rook on d8 could take her: she may fly up to six squares along a
    // rank or file, through empty squares, onto the Rook too (F13).
    position.place(1, "rook", "d8");
    let mut game = position.build();
    let mut far = squares(&near);
    far.extend(squares(&["d7", "d8", "d1", "g4", "h4", "a4"]));
    assert_eq!(destinations(&game, titania), far);
    play(&mut game, 0, &step(titania, "h4"));
    assert_eq!(square_of(&game, titania).as_deref(), Some("h4"));
}

/// Titania on d4 threatened by the Rook on d8, a friendly Sprite on g4, a
/// Black Pawn on a4.
fn titania_threatened(rules: Rules) -> (Game, PieceId, PieceId) {
    let mut position = faerie_against_classique();
    position.rules(rules);
    let titania = position.place(0, "titania", "d4");
    position.place(1, "rook", "d8");
    position.place(0, "sprite", "g4");
    let pawn = position.place(1, "pawn", "a4");
    (position.build(), titania, pawn)
}

/// Her flight stops at the first piece, taking an enemy there (F13): the
/// Pawn on a4, three squares off, and the Rook on d8; not past the Sprite.
/// No die is rolled.
#[test]
fn titanias_flight_stops_at_the_first_piece_taking_an_enemy() {
    let (mut game, titania, pawn) = titania_threatened(Rules::default());
    let dests = destinations(&game, titania);
    assert!(dests.contains("f4") && dests.contains("d7") && dests.contains("d8"));
    assert!(!dests.contains("g4") && !dests.contains("h4"));
    assert!(dests.contains("a4"));
    play(&mut game, 0, &step(titania, "a4"));
    assert_eq!(square_of(&game, pawn), None);
}

/// `fray-2026`: her flight took nothing, stopping before any piece.
#[test]
fn fray_2026_titanias_flight_stopped_before_any_piece() {
    let (mut game, titania, _) = titania_threatened(fray_2026());
    let dests = destinations(&game, titania);
    assert!(dests.contains("f4") && dests.contains("d7"));
    assert!(!dests.contains("g4") && !dests.contains("h4") && !dests.contains("d8"));
    assert!(!dests.contains("a4"));
    refuse(&mut game, 0, &step(titania, "a4"));
}

#[test]
fn an_unthreatened_titania_is_told_why_she_may_not_fly() {
    let mut position = faerie_against_classique();
    let titania = position.place(0, "titania", "d4");
    let mut game = position.build();
    let refusal = refuse(&mut game, 0, &step(titania, "d8"));
    assert_eq!(
        refusal.message,
        "Titania flies more than 2 squares only while an enemy piece could capture her on her \
         next move"
    );
}

// ---- Oberon, and the defeat ----

#[test]
fn oberon_moves_up_to_two_along_his_rank_and_takes() {
    let mut position = Position::new([Faction::Faerie, Faction::Classique]);
    let oberon = position.place(0, "oberon", "d1");
    position.place(1, "king", "h8");
    position.place(1, "knight", "f1");
    position.place(0, "sprite", "c1");
    let mut game = position.build();
    assert_eq!(destinations(&game, oberon), squares(&["e1", "f1"]));
    play(&mut game, 0, &step(oberon, "f1"));
    assert_eq!(occupant(&game, "f1"), Some(("oberon".into(), 0)));
}

#[test]
fn the_faerie_lose_when_oberon_is_captured() {
    let mut position = Position::new([Faction::Classique, Faction::Faerie]);
    position.place(0, "king", "a1");
    let rook = position.place(0, "rook", "e2");
    position.place(1, "oberon", "e7");
    position.place(1, "titania", "h7");
    let mut game = position.build();
    play(&mut game, 0, &step(rook, "e7"));
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
    assert_eq!(reason(&game), "seat 1 is defeated: Oberon is captured");
}

// ---- A position counted by hand ----

/// White Faerie: Oberon a1, an unmoved Sprite d4, Titania g4, a Faerie
/// Knight h1; Black: King h8.
/// - Oberon: b1, c1: 2.
/// - Sprite: d5, d6, and diagonally c5, e5: 4.
/// - Titania, two squares any way from g4: g5 g6, g3 g2, h4, f4 e4, h5,
///   f5 e6, h3, f3 e2: 13.
/// - Faerie Knight: h2–h6 and g1–c1 (over nothing): 10.
///
/// 2 + 4 + 13 + 10 = 29. A Black Rook on d8 then threatens the Sprite
/// (d7, d6, d5 empty): its flight adds d3, c3, e3: 32.
#[test]
fn a_small_faerie_position_has_twenty_nine_moves_and_three_more_with_a_threat() {
    let mut position = Position::new([Faction::Faerie, Faction::Classique]);
    position.place(0, "oberon", "a1");
    position.place(0, "sprite", "d4");
    position.place(0, "titania", "g4");
    position.place(0, "faerie-knight", "h1");
    position.place(1, "king", "h8");
    assert_eq!(perft(&position.build(), 1), 29);
    position.place(1, "rook", "d8");
    assert_eq!(perft(&position.build(), 1), 32);
}

#[test]
fn a_reapers_sweep_leaves_a_dryad_beside_it() {
    let mut position = against_a_dryad(Faction::Reaper);
    let reaper = position.place(0, "reaper", "h4");
    let mut game = position.build();
    play(&mut game, 0, &step(reaper, "e4"));
    still_on_d4(&game);
}

#[test]
fn a_dryad_is_safe_from_a_mutant_and_from_a_bomb() {
    let mut position = against_a_dryad(Faction::Alchemist);
    position.place(0, "arch-chancellor", "h1");
    let mutant = position.place(0, "mutant", "d2");
    let bombardier = position.place(0, "bombardier", "b1");
    let mut game = position.build();
    // A Dryad in a Mutant's reach is no take, so the Mutants' duty (A5)
    // does not hold the other pieces back.
    assert!(!destinations(&game, mutant).contains("d4"));
    assert!(destinations(&game, bombardier).contains("b2"));
    play(&mut game, 0, &step(bombardier, "b2"));
    // A d8 of 3 is 2 squares north-east of b2: d4.
    play_rolling(&mut game, 0, &roll(bombardier, "north-east"), &[3]);
    still_on_d4(&game);
}

#[test]
fn a_dryad_is_safe_from_every_butcher_piece() {
    let mut position = against_a_dryad(Faction::Butcher);
    let butcher = position.place(0, "butcher", "e5");
    let fowl = position.place(0, "fowl", "d5");
    let bull = position.place(0, "bull", "d1");
    let hog = position.place(0, "hog", "b2");
    let game = position.build();
    for piece in [butcher, fowl, bull, hog] {
        assert!(!destinations(&game, piece).contains("d4"), "{piece:?}");
    }
    assert!(destinations(&game, bull).contains("d3"));
    assert!(destinations(&game, hog).contains("c3"));
}
