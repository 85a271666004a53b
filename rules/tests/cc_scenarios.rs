//! Scenarios and the caps that end a game.

mod cc_common;
mod kit;

use std::collections::BTreeSet;

use cc_common::*;
use fray_rules::chessboard_confrontation::{OBSTACLES as OBSTACLES_KEY, SCENARIO as SCENARIO_KEY};

#[test]
fn the_last_player_with_miniatures_wins() {
    let mut p = Position::new(3);
    let a = p.place(0, "regular", &[], "d4");
    let b = p.place(1, "regular", &[], "d5");
    let mut game = p.build();
    // Seat 2 has no miniatures at all; defeating seat 1's last leaves seat 0.
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[6, 1]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0)]);
    assert_eq!(
        outcome.reason,
        fray_protocol::Phrase::from(Seat(0))
            .text(" is the last player with miniatures on the board")
    );
    assert!(game.to_act().is_empty());
}

#[test]
fn infiltrate_needs_two_miniatures_on_an_opponents_side_at_once() {
    let mut p = Position::new(2);
    p.scenario(Scenario::Infiltrate);
    p.place(0, "regular", &[], "c8");
    let runner = p.place(0, "regular", &[], "d6");
    let corner = p.place(0, "regular", &[], "g6");
    p.place(1, "regular", &[], "a4");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(corner), &[]);
    // A corner does not count.
    play_rolling(&mut game, 0, &step(corner, "h8"), &[]);
    assert!(game.outcome().is_none());
    play_rolling(&mut game, 0, &end(), &[]);
    play_rolling(&mut game, 1, &Action::new("pass"), &[]);
    play_rolling(&mut game, 0, &activate(runner), &[]);
    play_rolling(&mut game, 0, &step(runner, "d8"), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn retrieve_pick_up_with_a_skill_roll_and_carry_home() {
    let mut p = Position::new(2);
    p.scenario(Scenario::Retrieve).objective("b2");
    let m = p.place(0, "regular", &[], "b3");
    p.place(1, "regular", &[], "h8");
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(m), &[]);
    play_rolling(&mut game, 0, &step(m, "b2"), &[]);
    let pick = Action::new("pick-up").piece(m);
    play_rolling(&mut game, 0, &pick, &[3]);
    assert!(!has_marker(&game, m, "objective"));
    // One try a turn.
    refuse(&mut game, 0, &pick);
    play_rolling(&mut game, 0, &end(), &[]);
    play_rolling(&mut game, 1, &Action::new("pass"), &[]);
    play_rolling(&mut game, 0, &Action::new("pass"), &[]);
    play_rolling(&mut game, 1, &Action::new("pass"), &[]);
    play_rolling(&mut game, 0, &Action::new("pass"), &[]);
    play_rolling(&mut game, 1, &Action::new("pass"), &[]);
    play_rolling(&mut game, 0, &Action::new("pass"), &[]);
    // Round 2: initiative d6 each, 6 and 1.
    play_rolling(&mut game, 1, &Action::new("pass"), &[6, 1]);
    play_rolling(&mut game, 0, &activate(m), &[]);
    play_rolling(&mut game, 0, &pick, &[4]);
    assert!(has_marker(&game, m, "objective"));
    assert!(!view(&game).terrain.contains_key(&sq("b2")));
    play_rolling(&mut game, 0, &step(m, "a1"), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn a_defeated_carrier_drops_the_objective_on_its_space() {
    let mut p = Position::new(2);
    p.scenario(Scenario::Retrieve);
    let carrier = p.place(0, "regular", &[], "d4");
    p.place(0, "regular", &[], "a1");
    let b = p.place(1, "regular", &[], "d5");
    p.marker(carrier, "objective");
    p.to_act(Seat(1));
    let mut game = p.build();
    play_rolling(&mut game, 1, &activate(b), &[]);
    play_rolling(&mut game, 1, &attack(b, carrier, "melee"), &[5, 2]);
    assert_eq!(
        view(&game).terrain.get(&sq("d4")).map(String::as_str),
        Some("objective")
    );
}

#[test]
fn survival_counts_miniatures_after_three_rounds() {
    let mut p = Position::new(2);
    p.scenario(Scenario::Survival)
        .round(3)
        .tokens(1, 0)
        .tokens(0, 1);
    p.place(0, "regular", &[], "d4");
    p.place(0, "regular", &[], "e4");
    p.place(1, "monster", &[], "d8");
    let mut game = p.build();
    play_rolling(&mut game, 0, &Action::new("pass"), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn rounds_without_a_defeat_end_the_game_in_a_draw() {
    let mut p = Position::new(2);
    p.quiet_rounds(5).tokens(1, 0).tokens(0, 1);
    p.place(0, "regular", &[], "d4");
    p.place(1, "regular", &[], "d8");
    let mut game = p.build();
    play_rolling(&mut game, 0, &Action::new("pass"), &[]);
    let outcome = game.outcome().unwrap();
    assert!(outcome.is_draw() && outcome.reason.to_string().contains("6 rounds"));
}

#[test]
fn a_cap_of_zero_rounds_is_no_cap() {
    // (round limit, rounds without a defeat, the round played, ends): five
    // quiet rounds are behind each game, so a cap of 6 draws at this
    // round's end, and so does a round limit reached.
    for (max_rounds, quiet_rounds, round, ends) in [
        (30, 0, 10, false),
        (0, 0, 30, false),
        (0, 6, 10, true),
        (30, 0, 30, true),
    ] {
        let mut p = Position::new(2);
        p.settings(Settings {
            max_rounds,
            quiet_rounds,
            ..Settings::default()
        });
        p.quiet_rounds(5).round(round).tokens(1, 0).tokens(0, 1);
        p.place(0, "regular", &[], "d4");
        p.place(1, "regular", &[], "d8");
        let mut game = p.build();
        // Initiative for the next round when the game goes on: 4, then 2.
        let rolls: &[u8] = if ends { &[] } else { &[4, 2] };
        play_rolling(&mut game, 0, &Action::new("pass"), rolls);
        assert_eq!(
            game.outcome().is_some(),
            ends,
            "limit {max_rounds}, quiet {quiet_rounds}, round {round}"
        );
    }
}

#[test]
fn the_objective_can_be_dropped_on_the_carriers_space_or_next_to_it() {
    let mut p = Position::new(2);
    p.scenario(Scenario::Retrieve).obstacles(&["e5"]);
    let carrier = p.place(0, "regular", &[], "d4");
    let ally = p.place(0, "regular", &[], "c5");
    p.place(1, "regular", &[], "h8");
    p.marker(carrier, "objective");
    p.turns(ally, 1);
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(carrier), &[]);
    let offered: BTreeSet<String> = verbs_of(&game, 0, carrier, "drop")
        .iter()
        .map(|a| a.to.unwrap().to_string())
        .collect();
    // Its own space and the eight around it, less the obstacle; an ally's space is fine.
    assert_eq!(
        offered,
        squares(&["c3", "d3", "e3", "c4", "d4", "e4", "c5", "d5"])
    );
    refuse(&mut game, 0, &drop_on(carrier, "e5"));
    refuse(&mut game, 0, &drop_on(carrier, "f6"));
    refuse(&mut game, 0, &Action::new("drop").piece(carrier));
    play_rolling(&mut game, 0, &drop_on(carrier, "c5"), &[]);
    assert!(!has_marker(&game, carrier, "objective"));
    let terrain = view(&game).terrain;
    assert_eq!(
        terrain.get(&sq("c5")).map(String::as_str),
        Some("objective")
    );
    assert!(!terrain.contains_key(&sq("d4")));
    play_rolling(&mut game, 0, &end(), &[]);
    play_rolling(&mut game, 1, &pass(), &[]);
    // The ally standing there picks it up on its turn: Skill 4.
    play_rolling(&mut game, 0, &activate(ally), &[]);
    play_rolling(&mut game, 0, &Action::new("pick-up").piece(ally), &[4]);
    assert!(has_marker(&game, ally, "objective"));
}

fn survival_at_the_end(tally: Tally) -> Position {
    let mut p = Position::new(2);
    p.settings(Settings {
        scenario: Scenario::Survival,
        survival: tally,
        ..Settings::default()
    })
    .round(3)
    .tokens(1, 0)
    .tokens(0, 1);
    p
}

#[test]
fn survival_by_points_counts_the_points_of_the_miniatures_left() {
    // Two Regular Troops (12 points) against one armored Big Monster (15).
    for (tally, winner) in [(Tally::Points, 1), (Tally::Miniatures, 0)] {
        let mut p = survival_at_the_end(tally);
        p.place(0, "regular", &[], "d4");
        p.place(0, "regular", &[], "e4");
        p.place(1, "monster", &["armor"], "d8");
        let mut game = p.build();
        play_rolling(&mut game, 0, &pass(), &[]);
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.winners, vec![Seat(winner)], "{tally:?}");
    }
    // 12 points each: by points the number of miniatures breaks the tie.
    let mut p = survival_at_the_end(Tally::Points);
    p.place(0, "regular", &[], "d4");
    p.place(0, "regular", &[], "e4");
    p.place(1, "monster", &[], "d8");
    let mut game = p.build();
    play_rolling(&mut game, 0, &pass(), &[]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0)]);
    assert!(outcome.reason.to_string().contains("most points"));
    // Equal in both: a draw.
    let mut p = survival_at_the_end(Tally::Points);
    p.place(0, "elite", &[], "d4");
    p.place(1, "regular", &["poison", "flight"], "d8");
    let mut game = p.build();
    play_rolling(&mut game, 0, &pass(), &[]);
    assert!(game.outcome().unwrap().is_draw());
}

#[test]
fn what_survival_counts_is_a_match_option() {
    use fray_rules::chessboard_confrontation::SURVIVAL_COUNT;
    let lists = vec![
        squad(vec![entry("minion", 2, &[])]),
        squad(vec![entry("minion", 1, &[])]),
    ];
    let points = config()
        .with(SCENARIO_KEY, OptionValue::Text("survival".into()))
        .with(SURVIVAL_COUNT, OptionValue::Text("points".into()))
        .with(OBSTACLES_KEY, OptionValue::Text("open".into()));
    let (game, _) = Game::setup(&points, &lists, &mut ScriptedDice::new([])).unwrap();
    assert_eq!(game.settings().survival, Tally::Points);
    let bad = config().with(SURVIVAL_COUNT, OptionValue::Text("heads".into()));
    assert!(Game::setup(&bad, &lists, &mut ScriptedDice::new([])).is_err());
}

/// Seat 0 with six Minions filling its side (b1 to g1) and a seventh waiting
/// for room, against six Regular Troops on seat 1's side; round 3's last
/// token is seat 0's.
fn six_against_six_and_one_waiting(rulings: Rulings) -> Game {
    let mut p = survival_at_the_end(Tally::Miniatures);
    p.rulings(rulings);
    for file in ['b', 'c', 'd', 'e', 'f', 'g'] {
        p.place(0, "minion", &[], &format!("{file}1"));
        p.place(1, "regular", &[], &format!("{file}8"));
    }
    p.waiting(0, "minion", &[]);
    p.build()
}

/// R23: Survival counts the miniatures "still on the board". Six against
/// six there, so points break the tie: seat 1's 36 against seat 0's 24 on
/// the board (28 with the one waiting). No die is rolled: seat 0's pass
/// spends round 3's last token and ends the game.
#[test]
fn survival_counts_only_the_miniatures_on_the_board() {
    let mut game = six_against_six_and_one_waiting(Rulings::Book);
    play_rolling(&mut game, 0, &pass(), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(1)]);
}

/// Under `fray-2026` the waiting Minion counts: seven against six.
#[test]
fn survival_under_fray_2026_counts_the_miniatures_waiting_too() {
    let mut game = six_against_six_and_one_waiting(Rulings::Fray2026);
    play_rolling(&mut game, 0, &pass(), &[]);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

/// Seat 0's Regular on d4 attacks seat 1's last Regular on the board, on
/// d5, while a Minion of seat 1 (and, with three players, one of seat 2)
/// waits off the board. The attack rolls 6, the Defense 1: defeated.
fn last_on_the_board_defeated(rulings: Rulings, seats: u8) -> Game {
    let mut p = Position::new(seats);
    p.rulings(rulings);
    let a = p.place(0, "regular", &[], "d4");
    let b = p.place(1, "regular", &[], "d5");
    for seat in 1..seats {
        p.waiting(seat, "minion", &[]);
    }
    let mut game = p.build();
    play_rolling(&mut game, 0, &activate(a), &[]);
    play_rolling(&mut game, 0, &attack(a, b, "melee"), &[6, 1]);
    game
}

/// R23: "The last player with miniatures still on the board wins": those
/// waiting to enter do not keep their player in the running.
#[test]
fn the_last_player_with_miniatures_on_the_board_wins_whatever_others_have_waiting() {
    for seats in [2, 3] {
        let game = last_on_the_board_defeated(Rulings::Book, seats);
        let outcome = game.outcome().unwrap_or_else(|| panic!("{seats} seats"));
        assert_eq!(outcome.winners, vec![Seat(0)], "{seats} seats");
    }
}

/// Under `fray-2026` a waiting Minion keeps seat 1 in the game.
#[test]
fn under_fray_2026_a_miniature_waiting_keeps_its_player_in() {
    let game = last_on_the_board_defeated(Rulings::Fray2026, 2);
    assert!(game.outcome().is_none());
}
