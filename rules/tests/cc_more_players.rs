//! Every scenario with three and four players: seat 2's side is file a and
//! seat 3's file h; a player knocked out leaves the others playing on.

mod cc_common;
mod kit;

use cc_common::*;

#[test]
fn a_player_knocked_out_of_three_takes_no_more_turns_and_the_last_one_left_wins() {
    let mut p = Position::new(3);
    let hunter = p.place(0, "regular", &["assault"], "d4");
    let first = p.place(2, "regular", &[], "d5");
    let last = p.place(1, "regular", &[], "e4");
    let spare = p.place(0, "regular", &[], "a1");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(hunter), &[]);
    // 6 against 1: seat 2's only miniature falls, and seat 2 with it.
    play_rolling(&mut game, 0, &attack(hunter, first, "melee"), &[6, 1]);
    assert!(game.outcome().is_none(), "two players are left");
    // Its tokens go with it (the view shows none).
    assert_eq!(resource(&game, 2, "tokens"), None);
    // 1 against 6: seat 1's miniature stands.
    play_rolling(&mut game, 0, &attack(hunter, last, "melee"), &[1, 6]);
    play_rolling(&mut game, 0, &end(), &[]);
    // Seat 1 plays next, then seat 0 again: seat 2 is skipped.
    assert_eq!(active(&game), vec![Seat(1)]);
    play_rolling(&mut game, 1, &pass(), &[]);
    assert_eq!(active(&game), vec![Seat(0)]);
    assert!(options(&game, 2).is_empty());
    play_rolling(&mut game, 0, &activate(spare), &[]);
    play_rolling(&mut game, 0, &end(), &[]);
    play_rolling(&mut game, 1, &pass(), &[]);
    // The hunter's second turn: 5 against 2 and seat 0 is the last with miniatures.
    play_rolling(&mut game, 0, &activate(hunter), &[]);
    play_rolling(&mut game, 0, &attack(hunter, last, "melee"), &[5, 2]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0)]);
    assert!(game.to_act().is_empty());
}

/// Three players in Infiltrate: seat 0 already has a miniature on c8, on
/// seat 1's side (rank 8); its runner on b5 can step onto a5, seat 2's side
/// (file a), and another on d7 onto d8.
fn infiltration(rulings: Rulings) -> (Game, PieceId, PieceId) {
    let mut p = Position::new(3);
    p.scenario(Scenario::Infiltrate).rulings(rulings);
    p.place(0, "regular", &[], "c8");
    let runner = p.place(0, "regular", &[], "b5");
    let second = p.place(0, "regular", &[], "d7");
    p.place(1, "regular", &[], "h5");
    p.place(2, "regular", &[], "e2");
    (p.build(), runner, second)
}

#[test]
fn infiltrate_needs_two_miniatures_on_one_opponents_side() {
    let (mut game, runner, second) = infiltration(Rulings::Book);
    play_rolling(&mut game, 0, &activate(runner), &[]);
    // One on seat 1's side and one on seat 2's is no win.
    play_rolling(&mut game, 0, &step(runner, "a5"), &[]);
    assert!(game.outcome().is_none());
    play_rolling(&mut game, 0, &end(), &[]);
    play_rolling(&mut game, 1, &pass(), &[]);
    play_rolling(&mut game, 2, &pass(), &[]);
    play_rolling(&mut game, 0, &activate(second), &[]);
    // Two on seat 1's side at once.
    play_rolling(&mut game, 0, &step(second, "d8"), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn under_the_earlier_rulings_infiltrators_may_stand_on_two_opponents_sides() {
    let (mut game, runner, _) = infiltration(Rulings::Fray2025);
    play_rolling(&mut game, 0, &activate(runner), &[]);
    play_rolling(&mut game, 0, &step(runner, "a5"), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn with_four_players_file_h_is_seat_threes_side_to_infiltrate() {
    let mut p = Position::new(4);
    p.scenario(Scenario::Infiltrate).to_act(Seat(2));
    p.place(0, "regular", &[], "d1");
    p.place(1, "regular", &[], "d8");
    p.place(2, "regular", &[], "h4");
    let runner = p.place(2, "regular", &[], "f5");
    p.place(3, "regular", &[], "e5");
    let mut game = p.build();
    play_rolling(&mut game, 2, &activate(runner), &[]);
    // h8 is a corner: it does not count.
    play_rolling(&mut game, 2, &step(runner, "h7"), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(2)]);
    let mut p = Position::new(4);
    p.scenario(Scenario::Infiltrate).to_act(Seat(2));
    p.place(2, "regular", &[], "h4");
    let runner = p.place(2, "regular", &[], "g7");
    p.place(0, "regular", &[], "d1");
    p.place(1, "regular", &[], "d8");
    p.place(3, "regular", &[], "e5");
    let mut game = p.build();
    play_rolling(&mut game, 2, &activate(runner), &[]);
    play_rolling(&mut game, 2, &step(runner, "h8"), &[]);
    assert!(game.outcome().is_none());
}

#[test]
fn retrieve_with_four_players_is_won_on_a_corner_of_ones_own_side_only() {
    // Seat 3's side is file h: carried to a1 (seats 0 and 2's corner) it wins
    // nothing; to h1, its own, it wins.
    let carrying = |from: &str, corner: &str| {
        let mut p = Position::new(4);
        p.scenario(Scenario::Retrieve).to_act(Seat(3));
        let carrier = p.place(3, "elite", &[], from);
        p.place(0, "regular", &[], "d4");
        p.place(1, "regular", &[], "d8");
        p.place(2, "regular", &[], "a5");
        p.marker(carrier, "objective");
        let mut game = p.build();
        play_rolling(&mut game, 3, &activate(carrier), &[]);
        play_rolling(&mut game, 3, &step(carrier, corner), &[]);
        game.outcome()
    };
    assert!(carrying("b2", "a1").is_none());
    assert_eq!(carrying("g2", "h1").unwrap().winners, vec![Seat(3)]);
}

#[test]
fn retrieve_with_three_players_counts_seat_twos_corners_on_file_a() {
    let mut p = Position::new(3);
    p.scenario(Scenario::Retrieve).to_act(Seat(2));
    let carrier = p.place(2, "regular", &[], "b7");
    p.place(0, "regular", &[], "d4");
    p.place(1, "regular", &[], "e8");
    p.marker(carrier, "objective");
    let mut game = p.build();
    play_rolling(&mut game, 2, &activate(carrier), &[]);
    play_rolling(&mut game, 2, &step(carrier, "a8"), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(2)]);
}

#[test]
fn survival_with_four_players_counts_every_seat() {
    // Round 3's last token: seat 2 has three miniatures, the others two or one.
    let mut p = Position::new(4);
    p.scenario(Scenario::Survival).round(3);
    for seat in 0..4 {
        p.tokens(seat, 0);
    }
    p.tokens(0, 1);
    p.place(0, "regular", &[], "d1");
    p.place(0, "regular", &[], "e1");
    p.place(1, "monster", &[], "d8");
    p.place(2, "minion", &[], "a3");
    p.place(2, "minion", &[], "a4");
    p.place(2, "minion", &[], "a5");
    p.place(3, "regular", &[], "h4");
    let mut game = p.build();
    play_rolling(&mut game, 0, &pass(), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(2)]);
    // Three players with one miniature each: points break the tie (seat 1's 12).
    let mut p = Position::new(3);
    p.scenario(Scenario::Survival)
        .round(3)
        .tokens(1, 0)
        .tokens(2, 0)
        .tokens(0, 1);
    p.place(0, "minion", &[], "d1");
    p.place(1, "monster", &[], "d8");
    p.place(2, "advanced", &[], "a4");
    let mut game = p.build();
    play_rolling(&mut game, 0, &pass(), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(1)]);
}
