//! The Alchemist faction (book lines 56–62): Students as pawns (en passant
//! and promotion included) becoming Mutants when they take, the Mutants'
//! leaps and their duty to take, the throwers' slides and their throws
//! with scripted d8s (0 on the thrower itself, off the board, a removal
//! that is a capture), the Arch-Chancellor that cannot take, what the
//! Alchemist threatens as a Classique King sees it, and defeat. Rulings
//! A1–A13 in docs/rules/action-chess-faction-chess.md.

mod acfc_common;
mod kit;
use acfc_common::*;
use std::collections::BTreeSet;

fn label_of(game: &Game, seat: u8, action: &Action) -> String {
    game.options(Seat(seat))
        .into_iter()
        .find(|option| option.action == *action)
        .unwrap_or_else(|| panic!("{action:?} is not offered"))
        .label
}

/// A die told in an action's effects: (seat, piece, sides, face, total).
type Told = (Option<Seat>, Option<PieceId>, u8, u8, i32);

/// The dice an action's effects tell of.
fn rolls_told(effects: &[ScopedEffect]) -> Vec<Told> {
    effects
        .iter()
        .filter_map(|scoped| match &scoped.effect {
            Effect::DiceRolled { roll } => Some(roll),
            _ => None,
        })
        .flat_map(|roll| {
            roll.dice
                .iter()
                .map(|die| (roll.seat, roll.piece, die.sides, die.face, roll.total))
        })
        .collect()
}

/// White Alchemists (seat 0, to move) with their Arch-Chancellor on a1,
/// against a Black Classique King on h8.
fn position() -> Position {
    let mut position = Position::new([Faction::Alchemist, Faction::Classique]);
    position.place(0, "arch-chancellor", "a1");
    position.place(1, "king", "h8");
    position
}

fn throws_offered(game: &Game, seat: u8) -> BTreeSet<String> {
    options(game, seat)
        .into_iter()
        .filter(|a| a.verb == "roll")
        .map(|a| a.choice.expect("a direction"))
        .collect()
}

#[test]
fn the_alchemists_start_on_the_chess_squares_with_the_knights_squares_empty() {
    // Coin 1: seat 0, the Alchemist, plays White.
    let (game, _) = setup([Faction::Alchemist, Faction::Classique], &[1]);
    let expect = [
        ("a1", "bombardier"),
        ("b1", ""),
        ("c1", "grenadier"),
        ("d1", "explosivista"),
        ("e1", "arch-chancellor"),
        ("f1", "grenadier"),
        ("g1", ""),
        ("h1", "bombardier"),
        ("a2", "student"),
        ("h2", "student"),
    ];
    for (at, kind) in expect {
        let found = occupant(&game, at)
            .map(|(kind, _)| kind)
            .unwrap_or_default();
        assert_eq!(found, kind, "on {at}");
    }
}

#[test]
fn a_small_position_has_the_moves_counted_by_hand() {
    let mut position = position();
    position.place(0, "student", "a2");
    position.place(0, "grenadier", "c1");
    position.place(0, "mutant", "h4");
    let game = position.build();
    // Arch-Chancellor b1, b2 (a2 is its own Student); Student a3, a4;
    // Grenadier b2, a3, d2, e3, f4; Mutant g3, g4, g5, h3, h5, f2, f4, f6,
    // h2, h6.
    assert_eq!(perft(&game, 1), 2 + 2 + 5 + 10);
}

#[test]
fn the_arch_chancellor_steps_as_a_king_and_cannot_take() {
    let mut position = position();
    position.place(1, "pawn", "b2");
    let chancellor = PieceId(0);
    let mut game = position.build();
    assert_eq!(destinations(&game, chancellor), squares(&["a2", "b1"]));
    refuse(&mut game, 0, &step(chancellor, "b2"));
}

#[test]
fn a_student_that_takes_becomes_a_mutant() {
    let mut position = position();
    let student = position.place(0, "student", "d4");
    position.place(1, "knight", "e5");
    let mut game = position.build();
    assert_eq!(destinations(&game, student), squares(&["d5", "e5"]));
    play(&mut game, 0, &step(student, "e5"));
    assert_eq!(occupant(&game, "e5"), Some(("mutant".into(), 0)));
}

#[test]
fn a_student_that_only_moves_stays_a_student_and_may_step_two_from_its_second_rank() {
    let mut position = position();
    let student = position.place(0, "student", "c2");
    let mut game = position.build();
    assert_eq!(destinations(&game, student), squares(&["c3", "c4"]));
    play(&mut game, 0, &step(student, "c4"));
    assert_eq!(occupant(&game, "c4"), Some(("student".into(), 0)));
}

#[test]
fn a_pawn_takes_a_student_en_passant_and_a_student_a_pawn_becoming_a_mutant() {
    let mut position = position();
    let student = position.place(0, "student", "c2");
    let pawn = position.place(1, "pawn", "d4");
    let mut game = position.build();
    play(&mut game, 0, &step(student, "c4"));
    play(&mut game, 1, &step(pawn, "c3"));
    assert_eq!(square_of(&game, student), None);

    let mut position = position_with_black_pawn_on_d7();
    let student = position.place(0, "student", "e5");
    let mut game = position.build();
    let pawn = piece_on(&game, "d7");
    play(&mut game, 1, &step(pawn, "d5"));
    play(&mut game, 0, &step(student, "d6"));
    assert_eq!(square_of(&game, pawn), None);
    assert_eq!(occupant(&game, "d6"), Some(("mutant".into(), 0)));
}

fn position_with_black_pawn_on_d7() -> Position {
    let mut position = position();
    position.place(1, "pawn", "d7");
    position.to_move(1);
    position
}

#[test]
fn a_student_promotes_on_the_far_rank_and_a_promotion_that_takes_is_no_mutant() {
    let mut position = position();
    let student = position.place(0, "student", "b7");
    position.place(1, "rook", "c8");
    let mut game = position.build();
    let promotions: BTreeSet<String> = options(&game, 0)
        .into_iter()
        .filter(|a| a.piece == Some(student) && a.to == Some(sq("c8")))
        .map(|a| a.choice.expect("a promotion"))
        .collect();
    assert_eq!(
        promotions,
        ["bombardier", "explosivista", "grenadier"]
            .map(String::from)
            .into()
    );
    play(&mut game, 0, &promote(student, "c8", "grenadier"));
    assert_eq!(occupant(&game, "c8"), Some(("grenadier".into(), 0)));
    // A Student's move, not a Grenadier's: no throw waits.
    assert_eq!(game.to_act(), vec![Seat(1)]);
}

#[test]
fn a_mutant_leaps_one_or_two_squares_along_the_eight_lines() {
    let mut position = position();
    let mutant = position.place(0, "mutant", "d4");
    position.place(0, "student", "d5");
    position.place(0, "student", "e4");
    let game = position.build();
    // Over its own Students on d5 and e4 to d6 and f4, not onto them.
    assert_eq!(
        destinations(&game, mutant),
        squares(&[
            "d6", "d3", "d2", "c4", "b4", "f4", "e5", "f6", "c5", "b6", "e3", "f2", "c3", "b2",
        ])
    );
}

#[test]
fn a_mutant_that_can_take_must_and_no_other_move_is_offered() {
    let mut position = position();
    let mutant = position.place(0, "mutant", "d4");
    position.place(0, "bombardier", "h1");
    position.place(1, "pawn", "f6");
    position.place(1, "knight", "d5");
    let mut game = position.build();
    let offered: BTreeSet<String> = options(&game, 0)
        .into_iter()
        .map(|a| {
            format!(
                "{}>{}",
                a.piece.map_or(99, |p| p.0),
                a.to.map_or(String::new(), |t| t.to_string())
            )
        })
        .collect();
    assert_eq!(
        offered,
        [format!("{}>d5", mutant.0), format!("{}>f6", mutant.0)].into()
    );
    refuse(&mut game, 0, &step(mutant, "d3"));
    play(&mut game, 0, &step(mutant, "f6"));
    assert_eq!(occupant(&game, "f6"), Some(("mutant".into(), 0)));
}

#[test]
fn a_bombardier_slides_up_to_three_squares_straight_and_takes_by_moving() {
    let mut position = position();
    let bombardier = position.place(0, "bombardier", "d4");
    position.place(1, "pawn", "d6");
    position.place(0, "student", "f4");
    let game = position.build();
    assert_eq!(
        destinations(&game, bombardier),
        squares(&["d5", "d6", "d3", "d2", "d1", "c4", "b4", "a4", "e4"])
    );
}

#[test]
fn a_bombardier_throws_diagonally_and_the_bomb_removes_what_it_lands_on() {
    let mut position = position();
    let bombardier = position.place(0, "bombardier", "d2");
    let pawn = position.place(1, "pawn", "f6");
    let mut game = position.build();
    play(&mut game, 0, &step(bombardier, "d4"));
    assert_eq!(game.to_act(), vec![Seat(0)], "the throw waits");
    assert_eq!(
        throws_offered(&game, 0),
        ["north-east", "north-west", "south-east", "south-west"]
            .map(String::from)
            .into()
    );
    assert_eq!(
        label_of(&game, 0, &roll(bombardier, "north-east")),
        "Bombardier on d4 throws a bomb north-east: it lands 0–7 squares away (d8 − 1; 0 is \
         its own square), removing whatever is there"
    );
    // A 3 on the d8: two squares north-east, f6.
    let effects = play_rolling(&mut game, 0, &roll(bombardier, "north-east"), &[3]);
    assert_eq!(
        rolls_told(&effects),
        vec![(Some(Seat(0)), Some(bombardier), 8, 3, 2)]
    );
    assert_eq!(square_of(&game, pawn), None);
    assert_eq!(square_of(&game, bombardier).as_deref(), Some("d4"));
    assert_eq!(game.to_act(), vec![Seat(1)]);
}

#[test]
fn a_throw_that_lands_on_an_empty_square_or_off_the_board_removes_nothing() {
    for (face, toward) in [(2, "north-west"), (8, "south-west")] {
        let mut position = position();
        let bombardier = position.place(0, "bombardier", "d2");
        let pawn = position.place(1, "pawn", "f6");
        let mut game = position.build();
        play(&mut game, 0, &step(bombardier, "d4"));
        // A 2: c5, empty. An 8: seven squares south-west, off the board.
        play_rolling(&mut game, 0, &roll(bombardier, toward), &[face]);
        assert_eq!(square_of(&game, pawn).as_deref(), Some("f6"));
        assert_eq!(square_of(&game, bombardier).as_deref(), Some("d4"));
        assert!(game.outcome().is_none());
    }
}

#[test]
fn a_throw_of_zero_lands_on_the_thrower_and_removes_it() {
    let mut position = position();
    let grenadier = position.place(0, "grenadier", "c1");
    let mut game = position.build();
    play(&mut game, 0, &step(grenadier, "e3"));
    assert_eq!(
        throws_offered(&game, 0),
        ["east", "north", "south", "west"].map(String::from).into()
    );
    let effects = play_rolling(&mut game, 0, &roll(grenadier, "north"), &[1]);
    assert_eq!(rolls_told(&effects)[0].4, 0);
    assert_eq!(square_of(&game, grenadier), None);
    assert!(game.outcome().is_none());
}

#[test]
fn the_thrower_may_throw_nothing() {
    // Against a Reaper: a Classique King would be mated here, every square
    // around h8 lying on a line a throw could take after some move.
    let mut position = Position::new([Faction::Alchemist, Faction::Reaper]);
    position.place(0, "arch-chancellor", "a1");
    position.place(1, "shackle", "h8");
    position.place(1, "reaper", "h6");
    let explosivista = position.place(0, "explosivista", "d1");
    let mut game = position.build();
    play(&mut game, 0, &step(explosivista, "d3"));
    assert_eq!(throws_offered(&game, 0).len(), 8);
    assert_eq!(label_of(&game, 0, &done()), "Throw nothing");
    play(&mut game, 0, &done());
    assert_eq!(game.to_act(), vec![Seat(1)]);
    assert_eq!(square_of(&game, explosivista).as_deref(), Some("d3"));
}

#[test]
fn a_throw_on_the_enemy_king_wins_and_on_the_own_arch_chancellor_loses() {
    let mut first = position();
    let explosivista = first.place(0, "explosivista", "f5");
    let mut game = first.build();
    play(&mut game, 0, &step(explosivista, "f6"));
    // A 3: two squares north-east, h8.
    play_rolling(&mut game, 0, &roll(explosivista, "north-east"), &[3]);
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);

    let mut second = position();
    let explosivista = second.place(0, "explosivista", "a5");
    let mut game = second.build();
    play(&mut game, 0, &step(explosivista, "a3"));
    play_rolling(&mut game, 0, &roll(explosivista, "south"), &[3]);
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(1)]);
}

#[test]
fn a_thrown_lich_king_may_return_since_the_removal_is_a_capture() {
    let mut position = Position::new([Faction::Alchemist, Faction::Undead]);
    position.place(0, "arch-chancellor", "a1");
    let grenadier = position.place(0, "grenadier", "c1");
    let lich = position.place(1, "lich-king", "e7");
    position.place(1, "phylactery", "h8");
    let mut game = position.build();
    play(&mut game, 0, &step(grenadier, "e3"));
    // A 5: four squares north, e7.
    play_rolling(&mut game, 0, &roll(grenadier, "north"), &[5]);
    assert_eq!(square_of(&game, lich), None);
    assert_eq!(game.to_act(), vec![Seat(1)]);
    assert!(options(&game, 1).iter().any(|a| a.verb == "place"));
}

#[test]
fn a_throw_gives_no_check_but_a_throwers_slide_does() {
    let mut position = Position::new([Faction::Classique, Faction::Alchemist]);
    let king = position.place(0, "king", "h4");
    position.place(1, "arch-chancellor", "a8");
    position.place(1, "bombardier", "e5");
    let game = position.build();
    // The Bombardier's slides east reach f5, g5 and h5: those are check.
    // Its bombs, thrown diagonally after any move, could land on g3, g4
    // or h3, but a throw is no threat (A12).
    assert_eq!(destinations(&game, king), squares(&["g3", "g4", "h3"]));
}

/// White Alchemists (seat 0, to move) against the Ghost, read by
/// `rulings`: a Mutant on d4 that could take the Phantom on d5, pinned by
/// the Spirit sharing d4, and an Arch-Chancellor on a1 free to step. No
/// dice are rolled.
fn pinned_mutant(rulings: Rulings) -> (Game, PieceId, PieceId) {
    let mut position = Position::new([Faction::Alchemist, Faction::Ghost]);
    position.rules(Rules {
        rulings,
        ..Rules::default()
    });
    let chancellor = position.place(0, "arch-chancellor", "a1");
    let mutant = position.place(0, "mutant", "d4");
    position.sharing_spirit(1, "d4");
    position.place(1, "phantom", "d5");
    position.place(1, "wraith", "h8");
    (position.build(), chancellor, mutant)
}

#[test]
fn a_pinned_mutant_cannot_take_so_the_duty_lapses_and_the_others_move() {
    let (mut game, chancellor, mutant) = pinned_mutant(Rulings::Book);
    assert!(game.outcome().is_none(), "not stalemated");
    assert_eq!(destinations(&game, mutant), squares(&[]));
    assert_eq!(
        destinations(&game, chancellor),
        squares(&["a2", "b1", "b2"])
    );
    play(&mut game, 0, &step(chancellor, "b2"));
    assert_eq!(game.to_act(), vec![Seat(1)]);
}

#[test]
fn fray_2026_keeps_the_pinned_mutants_duty_and_stalemates_the_side() {
    let (game, _, _) = pinned_mutant(Rulings::Fray2026);
    assert!(game.outcome().expect("stalemate").is_draw());
}

#[test]
fn while_a_mutant_must_take_the_throwers_threaten_nothing() {
    let mut position = Position::new([Faction::Classique, Faction::Alchemist]);
    let king = position.place(0, "king", "h4");
    position.place(1, "arch-chancellor", "a8");
    position.place(1, "bombardier", "e5");
    position.place(1, "mutant", "c3");
    position.place(0, "pawn", "c2");
    let game = position.build();
    // The Mutant must take the Pawn on c2, so the Bombardier cannot move:
    // its slides threaten nothing, and the Mutant's leaps come nowhere
    // near h4.
    assert_eq!(
        destinations(&game, king),
        squares(&["g3", "g4", "g5", "h3", "h5"])
    );
}
