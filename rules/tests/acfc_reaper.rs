//! The Reaper faction (book lines 68–70): the Reaper's queen's slides onto
//! empty squares, the removal of every piece beside where it ends (friend,
//! Shackle and foe, each a capture), the Shackle's leash, the Reaper's
//! threats as other factions see them, and the side's defeat and
//! stalemate. Rulings E1–E8 in docs/rules/action-chess-faction-chess.md.

mod acfc_common;
mod kit;
use acfc_common::*;

fn label_of(game: &Game, seat: u8, action: &Action) -> String {
    game.options(Seat(seat))
        .into_iter()
        .find(|option| option.action == *action)
        .unwrap_or_else(|| panic!("{action:?} is not offered"))
        .label
}

#[test]
fn the_reaper_starts_on_the_queens_square_and_the_shackle_on_the_kings() {
    // Coin 1: seat 0, the Reaper, plays White.
    let (game, _) = setup([Faction::Reaper, Faction::Classique], &[1]);
    assert_eq!(occupant(&game, "d1"), Some(("reaper".into(), 0)));
    assert_eq!(occupant(&game, "e1"), Some(("shackle".into(), 0)));
    let reapers: Vec<_> = view(&game)
        .pieces
        .values()
        .filter(|p| p.owner == Seat(0) && p.square.is_some())
        .map(|p| p.kind.clone())
        .collect();
    assert_eq!(reapers.len(), 2, "{reapers:?}");
}

#[test]
fn a_reaper_within_four_squares_of_its_shackle_slides_as_a_queen_and_stays_within_them() {
    let mut position = Position::new([Faction::Reaper, Faction::Classique]);
    let shackle = position.place(0, "shackle", "a1");
    let reaper = position.place(0, "reaper", "c3");
    position.place(1, "king", "h8");
    let game = position.build();
    // Within a1–e5 (4 king's steps of a1); south-west stops before the
    // Shackle.
    assert_eq!(
        destinations(&game, reaper),
        squares(&[
            "c4", "c5", "c2", "c1", "d3", "e3", "b3", "a3", "d4", "e5", "b4", "a5", "d2", "e1",
            "b2",
        ])
    );
    // Counted by hand: those 15 and nothing for the Shackle.
    assert_eq!(perft(&game, 1), 15);
    assert!(destinations(&game, shackle).is_empty());
    refuse(&mut game.clone(), 0, &step(reaper, "f6"));
}

#[test]
fn a_reaper_beyond_its_leash_moves_freely_and_is_held_once_back_within_it() {
    let mut position = Position::new([Faction::Reaper, Faction::Classique]);
    position.place(0, "shackle", "a1");
    let reaper = position.place(0, "reaper", "g7");
    let king = position.place(1, "king", "h1");
    let mut game = position.build();
    assert_eq!(destinations(&game, reaper).len(), 22);
    assert!(destinations(&game, reaper).contains("h8"));
    play(&mut game, 0, &step(reaper, "d4"));
    play(&mut game, 1, &step(king, "h2"));
    assert_eq!(
        destinations(&game, reaper),
        squares(&[
            "d5", "d3", "d2", "d1", "e4", "c4", "b4", "a4", "e5", "c5", "e3", "c3", "b2"
        ])
    );
}

#[test]
fn the_reaper_cannot_move_onto_a_piece() {
    let mut position = Position::new([Faction::Reaper, Faction::Classique]);
    position.place(0, "shackle", "h1");
    let reaper = position.place(0, "reaper", "d4");
    position.place(1, "pawn", "d6");
    position.place(1, "king", "a8");
    let mut game = position.build();
    let north: Vec<_> = destinations(&game, reaper)
        .into_iter()
        .filter(|to| to.starts_with('d') && to > &"d4".to_string())
        .collect();
    assert_eq!(north, vec!["d5".to_string()]);
    refuse(&mut game, 0, &step(reaper, "d6"));
}

#[test]
fn the_reaper_removes_every_piece_beside_where_it_ends_its_shackle_included() {
    let mut position = Position::new([Faction::Reaper, Faction::Classique]);
    let shackle = position.place(0, "shackle", "c3");
    let reaper = position.place(0, "reaper", "d6");
    let knight = position.place(1, "knight", "d3");
    let pawn = position.place(1, "pawn", "e5");
    let far = position.place(1, "pawn", "f6");
    let king = position.place(1, "king", "h8");
    let mut game = position.build();
    assert_eq!(
        label_of(&game, 0, &step(reaper, "d4")),
        "Reaper on d6 moves to d4, taking its own Shackle on c3 and Knight on d3 and Pawn on e5"
    );
    play(&mut game, 0, &step(reaper, "d4"));
    assert_eq!(square_of(&game, reaper).as_deref(), Some("d4"));
    for gone in [shackle, knight, pawn] {
        assert_eq!(square_of(&game, gone), None);
    }
    assert_eq!(square_of(&game, far).as_deref(), Some("f6"));
    assert!(
        game.outcome().is_none(),
        "the Reaper side lives without its Shackle"
    );
    // Without its Shackle the Reaper is held by nothing.
    play(&mut game, 1, &step(king, "h7"));
    assert!(destinations(&game, reaper).contains("a1"));
    assert!(destinations(&game, reaper).contains("d8"));
}

#[test]
fn a_reaped_classique_king_loses_the_game() {
    let mut position = Position::new([Faction::Reaper, Faction::Classique]);
    position.place(0, "shackle", "a1");
    let reaper = position.place(0, "reaper", "a4");
    position.place(1, "king", "c5");
    let mut game = position.build();
    play(&mut game, 0, &step(reaper, "b4"));
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

#[test]
fn a_reaped_lich_king_may_return_since_removal_is_a_capture() {
    let mut position = Position::new([Faction::Reaper, Faction::Undead]);
    position.place(0, "shackle", "a1");
    let reaper = position.place(0, "reaper", "a4");
    let lich = position.place(1, "lich-king", "c5");
    position.place(1, "phylactery", "h8");
    let mut game = position.build();
    play(&mut game, 0, &step(reaper, "b4"));
    assert_eq!(square_of(&game, lich), None);
    assert_eq!(game.to_act(), vec![Seat(1)]);
    let returns: Vec<_> = options(&game, 1)
        .into_iter()
        .filter(|a| a.verb == "place")
        .map(|a| a.to.expect("a square").to_string())
        .collect();
    assert_eq!(returns.len(), 3, "{returns:?}");
}

#[test]
fn a_classique_king_may_not_stand_beside_any_square_the_reaper_could_end_on() {
    let mut position = Position::new([Faction::Classique, Faction::Reaper]);
    let king = position.place(0, "king", "e1");
    // Eight squares from its Shackle: the Reaper is free of the leash.
    position.place(1, "shackle", "h8");
    position.place(1, "reaper", "a8");
    let game = position.build();
    // The Reaper may end on f3, g2 and h1 (its long diagonal): e2, f2 and
    // f1 are beside them.
    assert_eq!(destinations(&game, king), squares(&["d1", "d2"]));
}

#[test]
fn a_halfling_mayor_threatened_by_the_reaper_may_move() {
    let mayor_moves = |reaper_at: &str| {
        let mut position = Position::new([Faction::Halflings, Faction::Reaper]);
        let mayor = position.place(0, "mayor", "e1");
        position.place(1, "shackle", "h8");
        position.place(1, "reaper", reaper_at);
        destinations(&position.build(), mayor).len()
    };
    // From a5 the Reaper may end on d2, beside the Mayor; from a8 on no
    // square beside it.
    assert!(mayor_moves("a5") > 0);
    assert_eq!(mayor_moves("a8"), 0);
}

#[test]
fn the_reaper_side_loses_when_its_reaper_is_captured() {
    let mut position = Position::new([Faction::Reaper, Faction::Classique]);
    position.place(0, "shackle", "h1");
    position.place(0, "reaper", "a4");
    let rook = position.place(1, "rook", "a8");
    position.place(1, "king", "h8");
    position.to_move(1);
    let mut game = position.build();
    play(&mut game, 1, &step(rook, "a4"));
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(1)]);
}

#[test]
fn a_boxed_in_reaper_with_no_move_is_stalemated() {
    let after_rook_to = |to: &str| {
        let mut position = Position::new([Faction::Reaper, Faction::Classique]);
        position.place(0, "shackle", "h1");
        position.place(0, "reaper", "a1");
        position.place(1, "knight", "a2");
        position.place(1, "knight", "b2");
        let rook = position.place(1, "rook", "c1");
        position.place(1, "king", "h8");
        position.to_move(1);
        let mut game = position.build();
        play(&mut game, 1, &step(rook, to));
        game.outcome()
    };
    assert!(after_rook_to("c2").is_none(), "b1 is still open");
    let outcome = after_rook_to("b1").expect("the Reaper side has no legal move");
    assert!(outcome.winners.is_empty(), "{outcome:?}");
}
