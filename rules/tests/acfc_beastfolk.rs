//! The Beastfolk faction (book lines 9–13; rulings B1–B12): directions
//! chosen, distances rolled on the server (each die scripted and stated),
//! pass-through takes, the stopping rules, the Goatman's diagonal and
//! promotion, the Leonine's friendly take, progress and defeat.

mod acfc_common;
mod kit;
use std::collections::BTreeSet;

use acfc_common::*;

/// The directions `piece` is offered to roll toward.
fn roll_directions(game: &Game, piece: PieceId) -> BTreeSet<String> {
    let owner = view(game).pieces[&piece].owner;
    options(game, owner.0)
        .into_iter()
        .filter(|a| a.verb == "roll" && a.piece == Some(piece))
        .map(|a| a.choice.expect("a roll names its direction"))
        .collect()
}

fn label_of(game: &Game, seat: u8, action: &Action) -> String {
    game.options(Seat(seat))
        .into_iter()
        .find(|option| &option.action == action)
        .unwrap_or_else(|| panic!("{action:?} is not offered"))
        .label
}

fn become_(piece: PieceId, kind: &str) -> Action {
    Action::new("become").piece(piece).choice(kind)
}

/// The dice an action's effects tell of: (seat, piece, sides, face).
fn rolls_told(effects: &[ScopedEffect]) -> Vec<(Option<Seat>, Option<PieceId>, u8, u8)> {
    effects
        .iter()
        .filter_map(|scoped| match &scoped.effect {
            Effect::DiceRolled { roll } => Some(roll),
            _ => None,
        })
        .flat_map(|roll| {
            roll.dice
                .iter()
                .map(|die| (roll.seat, roll.piece, die.sides, die.face))
        })
        .collect()
}

/// White Beastfolk (seat 0, to move) with a Leonine on h1, against a Black
/// Classique King on h8; every test keeps their lines clear of both.
fn against_a_king() -> Position {
    let mut position = Position::new([Faction::Beastfolk, Faction::Classique]);
    position.place(0, "leonine", "h1");
    position.place(1, "king", "h8");
    position
}

#[test]
fn the_layout_replaces_the_chess_pieces() {
    let (game, _) = setup([Faction::Beastfolk, Faction::Beastfolk], &[2]);
    assert_eq!(game.white(), Seat(1));
    let back = [
        "minotaur", "boarman", "minotaur", "leonine", "leonine", "minotaur", "boarman", "minotaur",
    ];
    for (file, kind) in "abcdefgh".chars().zip(back) {
        assert_eq!(occupant(&game, &format!("{file}1")), Some((kind.into(), 1)));
        assert_eq!(occupant(&game, &format!("{file}8")), Some((kind.into(), 0)));
        assert_eq!(
            occupant(&game, &format!("{file}2")),
            Some(("goatman".into(), 1))
        );
        assert_eq!(
            occupant(&game, &format!("{file}7")),
            Some(("goatman".into(), 0))
        );
    }
}

#[test]
fn a_goatman_rolls_a_d4_forward() {
    let mut position = against_a_king();
    let goatman = position.place(0, "goatman", "e2");
    let mut game = position.build();
    assert_eq!(roll_directions(&game, goatman), squares(&["north"]));
    assert_eq!(
        label_of(&game, 0, &roll(goatman, "north")),
        "Goatman on e2 moves north 1–4 squares: the distance is rolled (d4)"
    );
    let effects = play_rolling(&mut game, 0, &roll(goatman, "north"), &[3]);
    assert_eq!(
        rolls_told(&effects),
        vec![(Some(Seat(0)), Some(goatman), 4, 3)]
    );
    let told: Vec<(String, String)> = effects
        .iter()
        .filter_map(|scoped| match &scoped.effect {
            Effect::DiceRolled { roll } => {
                Some((roll.purpose.to_string(), roll.result.to_string()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        told,
        vec![(
            "distance north for the Goatman on e2 (d4)".to_string(),
            "up to 3 squares north".to_string()
        )]
    );
    assert_eq!(square_of(&game, goatman).as_deref(), Some("e5"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn blacks_goatman_goes_south() {
    let mut position = Position::new([Faction::Beastfolk, Faction::Beastfolk]);
    position.place(0, "leonine", "a1");
    position.place(1, "leonine", "h8");
    let goatman = position.place(1, "goatman", "d7");
    position.to_move(1);
    let mut game = position.build();
    assert_eq!(roll_directions(&game, goatman), squares(&["south"]));
    play_rolling(&mut game, 1, &roll(goatman, "south"), &[4]);
    assert_eq!(square_of(&game, goatman).as_deref(), Some("d3"));
}

#[test]
fn a_goatman_may_go_diagonally_forward_toward_an_enemy_unless_one_stands_behind_it() {
    let mut position = against_a_king();
    let goatman = position.place(0, "goatman", "e4");
    position.place(1, "pawn", "f5");
    position.place(1, "pawn", "d5");
    // Behind d5 toward the north-west: c6, an enemy: that pair stops it
    // before d5, so it could not move that way at all (B6).
    position.place(1, "pawn", "c6");
    let game = position.build();
    assert_eq!(
        roll_directions(&game, goatman),
        squares(&["north", "north-east"])
    );
}

#[test]
fn a_goatmans_diagonal_is_a_rolled_distance_taking_the_enemy_first() {
    let mut position = against_a_king();
    let goatman = position.place(0, "goatman", "c4");
    let pawn = position.place(1, "pawn", "d5");
    let mut game = position.build();
    let effects = play_rolling(&mut game, 0, &roll(goatman, "north-east"), &[2]);
    assert_eq!(
        rolls_told(&effects),
        vec![(Some(Seat(0)), Some(goatman), 4, 2)]
    );
    assert_eq!(square_of(&game, pawn), None);
    assert_eq!(square_of(&game, goatman).as_deref(), Some("e6"));
}

#[test]
fn a_goatman_stops_on_the_far_rank_and_becomes_a_minotaur_or_boarman() {
    let mut position = against_a_king();
    let goatman = position.place(0, "goatman", "e6");
    let mut game = position.build();
    // A roll of 4 with 2 squares of room is cut short at the edge (B5).
    play_rolling(&mut game, 0, &roll(goatman, "north"), &[4]);
    assert_eq!(square_of(&game, goatman).as_deref(), Some("e8"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(0)]);
    assert_eq!(
        options(&game, 0),
        vec![become_(goatman, "minotaur"), become_(goatman, "boarman")]
    );
    assert_eq!(
        label_of(&game, 0, &become_(goatman, "boarman")),
        "Goatman on e8 becomes a Boarman"
    );
    refuse(&mut game, 0, &done());
    refuse(&mut game, 0, &become_(goatman, "leonine"));
    play(&mut game, 0, &become_(goatman, "boarman"));
    assert_eq!(occupant(&game, "e8"), Some(("boarman".into(), 0)));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_minotaur_rolls_cardinal_ways_that_are_open() {
    let mut position = against_a_king();
    let minotaur = position.place(0, "minotaur", "d4");
    position.place(0, "goatman", "d5");
    position.place(1, "pawn", "c4");
    position.place(1, "pawn", "b4");
    // e4 is an enemy with a friend behind it: it would be taken.
    position.place(1, "pawn", "e4");
    position.place(0, "goatman", "f4");
    let game = position.build();
    assert_eq!(
        roll_directions(&game, minotaur),
        squares(&["east", "south"])
    );
    assert_eq!(
        label_of(&game, 0, &roll(minotaur, "south")),
        "Minotaur on d4 moves south 1–8 squares: the distance is rolled (d8)"
    );
}

#[test]
fn a_beast_takes_every_lone_enemy_it_passes_and_goes_on() {
    let mut position = against_a_king();
    let minotaur = position.place(0, "minotaur", "a1");
    let first = position.place(1, "pawn", "a3");
    let second = position.place(1, "rook", "a5");
    let mut game = position.build();
    let effects = play_rolling(&mut game, 0, &roll(minotaur, "north"), &[6]);
    assert_eq!(
        rolls_told(&effects),
        vec![(Some(Seat(0)), Some(minotaur), 8, 6)]
    );
    assert_eq!(square_of(&game, first), None);
    assert_eq!(square_of(&game, second), None);
    assert_eq!(square_of(&game, minotaur).as_deref(), Some("a7"));
}

#[test]
fn a_beast_stops_before_an_enemy_with_an_enemy_behind_it() {
    let mut position = against_a_king();
    let minotaur = position.place(0, "minotaur", "a1");
    let front = position.place(1, "pawn", "a3");
    let behind = position.place(1, "pawn", "a4");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(minotaur, "north"), &[5]);
    assert_eq!(square_of(&game, minotaur).as_deref(), Some("a2"));
    assert_eq!(square_of(&game, front).as_deref(), Some("a3"));
    assert_eq!(square_of(&game, behind).as_deref(), Some("a4"));
}

#[test]
fn a_roll_ending_on_a_lone_enemy_takes_it() {
    let mut position = against_a_king();
    let minotaur = position.place(0, "minotaur", "a1");
    let pawn = position.place(1, "pawn", "a3");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(minotaur, "north"), &[2]);
    assert_eq!(square_of(&game, pawn), None);
    assert_eq!(square_of(&game, minotaur).as_deref(), Some("a3"));
}

#[test]
fn an_enemy_with_a_friend_behind_is_taken_then_the_friend_stops_the_beast() {
    let mut position = against_a_king();
    let minotaur = position.place(0, "minotaur", "a1");
    let pawn = position.place(1, "pawn", "a3");
    position.place(0, "goatman", "a4");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(minotaur, "north"), &[8]);
    assert_eq!(square_of(&game, pawn), None);
    assert_eq!(square_of(&game, minotaur).as_deref(), Some("a3"));
}

#[test]
fn an_enemy_on_the_edge_has_nothing_behind_it() {
    let mut position = against_a_king();
    let minotaur = position.place(0, "minotaur", "a1");
    let rook = position.place(1, "rook", "a8");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(minotaur, "north"), &[8]);
    assert_eq!(square_of(&game, rook), None);
    assert_eq!(square_of(&game, minotaur).as_deref(), Some("a8"));
}

#[test]
fn a_beast_stops_before_a_friend() {
    let mut position = against_a_king();
    let minotaur = position.place(0, "minotaur", "a1");
    position.place(0, "goatman", "a5");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(minotaur, "north"), &[8]);
    assert_eq!(square_of(&game, minotaur).as_deref(), Some("a4"));
    assert_eq!(occupant(&game, "a5"), Some(("goatman".into(), 0)));
}

#[test]
fn a_boarman_rolls_diagonally_to_the_edge() {
    let mut position = against_a_king();
    let boarman = position.place(0, "boarman", "b1");
    let mut game = position.build();
    assert_eq!(
        roll_directions(&game, boarman),
        squares(&["north-east", "north-west"])
    );
    play_rolling(&mut game, 0, &roll(boarman, "north-east"), &[8]);
    assert_eq!(square_of(&game, boarman).as_deref(), Some("h7"));
}

#[test]
fn a_leonine_rolls_every_way_open() {
    let mut position = Position::new([Faction::Beastfolk, Faction::Classique]);
    let leonine = position.place(0, "leonine", "d1");
    position.place(0, "leonine", "e1");
    position.place(0, "goatman", "c2");
    position.place(1, "king", "h8");
    let game = position.build();
    // East is the other Leonine, which no Leonine takes; north-west a
    // Goatman it may take (B9); south-east, south and south-west are off
    // the board.
    assert_eq!(
        roll_directions(&game, leonine),
        squares(&["north", "north-east", "north-west", "west"])
    );
}

#[test]
fn a_leonine_may_take_a_friend_in_its_way_and_go_on() {
    let mut position = against_a_king();
    let leonine = position.place(0, "leonine", "d1");
    let goatman = position.place(0, "goatman", "d3");
    let pawn = position.place(1, "pawn", "d5");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(leonine, "north"), &[5]);
    // One square gone (d2); the Goatman on d3 waits for the choice.
    assert_eq!(square_of(&game, leonine).as_deref(), Some("d2"));
    assert_eq!(options(&game, 0), vec![step(leonine, "d3"), done()]);
    assert_eq!(
        label_of(&game, 0, &step(leonine, "d3")),
        "Leonine on d2 moves to d3 and on to d6, taking its own Goatman on d3 and Pawn on d5"
    );
    assert_eq!(
        label_of(&game, 0, &done()),
        "Stop before the friendly piece"
    );
    play(&mut game, 0, &step(leonine, "d3"));
    assert_eq!(square_of(&game, goatman), None);
    assert_eq!(square_of(&game, pawn), None);
    assert_eq!(square_of(&game, leonine).as_deref(), Some("d6"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_leonine_may_stop_before_the_friend() {
    let mut position = against_a_king();
    let leonine = position.place(0, "leonine", "d1");
    let goatman = position.place(0, "goatman", "d3");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(leonine, "north"), &[5]);
    play(&mut game, 0, &done());
    assert_eq!(square_of(&game, leonine).as_deref(), Some("d2"));
    assert_eq!(square_of(&game, goatman).as_deref(), Some("d3"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_leonine_decides_at_each_friend_in_turn() {
    let mut position = against_a_king();
    let leonine = position.place(0, "leonine", "d1");
    let first = position.place(0, "goatman", "d2");
    let second = position.place(0, "minotaur", "d4");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(leonine, "north"), &[3]);
    // The friend on the first square: nothing gone yet.
    assert_eq!(square_of(&game, leonine).as_deref(), Some("d1"));
    play(&mut game, 0, &step(leonine, "d2"));
    assert_eq!(square_of(&game, first), None);
    // d2 then d3: the third square is the Minotaur's; a second choice.
    assert_eq!(square_of(&game, leonine).as_deref(), Some("d3"));
    assert_eq!(options(&game, 0), vec![step(leonine, "d4"), done()]);
    play(&mut game, 0, &step(leonine, "d4"));
    assert_eq!(square_of(&game, second), None);
    assert_eq!(square_of(&game, leonine).as_deref(), Some("d4"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_leonine_that_declines_its_first_square_stays() {
    let mut position = against_a_king();
    let leonine = position.place(0, "leonine", "d1");
    position.place(0, "goatman", "d2");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(leonine, "north"), &[7]);
    play(&mut game, 0, &done());
    assert_eq!(square_of(&game, leonine).as_deref(), Some("d1"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn a_leonine_stops_before_another_leonine() {
    let mut position = against_a_king();
    let leonine = position.place(0, "leonine", "d1");
    position.place(0, "leonine", "d4");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(leonine, "north"), &[8]);
    assert_eq!(square_of(&game, leonine).as_deref(), Some("d3"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}

#[test]
fn only_offered_directions_are_accepted() {
    let mut position = against_a_king();
    let goatman = position.place(0, "goatman", "e2");
    let minotaur = position.place(0, "minotaur", "a1");
    let mut game = position.build();
    refuse(&mut game, 0, &roll(goatman, "south"));
    refuse(&mut game, 0, &roll(goatman, "north-east"));
    refuse(&mut game, 0, &roll(minotaur, "north-east"));
    refuse(&mut game, 0, &roll(minotaur, "west"));
    refuse(&mut game, 0, &step(goatman, "e3"));
}

#[test]
fn the_beastfolk_lose_with_their_last_leonine() {
    let mut position = Position::new([Faction::Beastfolk, Faction::Beastfolk]);
    position.place(0, "leonine", "h1");
    let minotaur = position.place(0, "minotaur", "a1");
    position.place(1, "leonine", "a5");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(minotaur, "north"), &[4]);
    assert!(game.is_over());
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

fn one_quiet_turn() -> Rules {
    Rules {
        limits: Limits {
            max_turns: 0,
            quiet_turns: 1,
        },
        ..Rules::default()
    }
}

#[test]
fn a_goatmans_move_is_progress_and_another_beasts_is_not() {
    let mut position = against_a_king();
    let goatman = position.place(0, "goatman", "e2");
    let minotaur = position.place(0, "minotaur", "a1");
    position.rules(one_quiet_turn());
    let game = position.build();
    let mut by_goatman = game.clone();
    play_rolling(&mut by_goatman, 0, &roll(goatman, "north"), &[1]);
    assert!(
        !by_goatman.is_over(),
        "a Goatman's move is an advance (B12)"
    );
    let mut by_minotaur = game;
    play_rolling(&mut by_minotaur, 0, &roll(minotaur, "north"), &[1]);
    assert!(
        by_minotaur.is_over(),
        "a Minotaur's move without a take is not"
    );
}

/// The options of a small position, counted by hand.
///
/// White (seat 0, to move): Leonine e1, Goatman e2, Minotaur a1, Boarman
/// c1. Black: King h8, Pawns f3, b2, a3.
///
/// - Goatman e2: north (e3 empty); north-east, toward the Pawn on f3 with
///   g4 empty behind it; not north-west (d3 holds no enemy) = 2
/// - Leonine e1: north (the Goatman on e2, which it may take),
///   north-east, east, west, north-west; south-east, south and south-west
///   are off the board = 5
/// - Minotaur a1: north (a2), east (b1) = 2
/// - Boarman c1: north-east (d2); not north-west, where the Pawn on b2 has
///   the Pawn on a3 behind it = 1
///
/// That is 10, each a roll, so the count stops at depth 1.
#[test]
fn perft_of_a_small_beastfolk_position() {
    let mut position = Position::new([Faction::Beastfolk, Faction::Classique]);
    position.place(0, "leonine", "e1");
    position.place(0, "goatman", "e2");
    position.place(0, "minotaur", "a1");
    position.place(0, "boarman", "c1");
    position.place(1, "king", "h8");
    position.place(1, "pawn", "f3");
    position.place(1, "pawn", "b2");
    position.place(1, "pawn", "a3");
    let game = position.build();
    assert_eq!(perft(&game, 1), 10);
    assert!(options(&game, 0).iter().all(|action| action.verb == "roll"));
}

#[test]
fn a_friend_is_taken_whatever_stands_behind_it() {
    let mut position = against_a_king();
    let leonine = position.place(0, "leonine", "d1");
    let goatman = position.place(0, "goatman", "d2");
    let front = position.place(1, "pawn", "d3");
    let behind = position.place(1, "pawn", "d4");
    let mut game = position.build();
    play_rolling(&mut game, 0, &roll(leonine, "north"), &[5]);
    // B9: the enemy on d3 behind the Goatman does not keep the Leonine
    // from taking it; then d3 has d4 behind it, a pair that stops it (B4).
    play(&mut game, 0, &step(leonine, "d2"));
    assert_eq!(square_of(&game, goatman), None);
    assert_eq!(square_of(&game, leonine).as_deref(), Some("d2"));
    assert_eq!(square_of(&game, front).as_deref(), Some("d3"));
    assert_eq!(square_of(&game, behind).as_deref(), Some("d4"));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
}
