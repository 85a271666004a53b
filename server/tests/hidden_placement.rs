//! Summoners Chess's Acolyte placement over real websockets: both seats
//! choose at once, in either order, and a choice reaches nobody but its
//! maker (not the other seat, a spectator, their histories) until the other
//! has chosen; then both sets go down for everyone.

mod common;

use common::TestServer;
use common::play::{Follower, play_option, subscribed, two_player_match};
use fray_protocol::{Effect, SystemId};

fn placed(effects: &[Effect]) -> usize {
    effects
        .iter()
        .filter(|effect| matches!(effect, Effect::PiecePlaced { .. }))
        .count()
}

/// Asserts that `follower`'s first batch told nothing of the placement but
/// whose turn it is.
fn told_only_whose_turn(follower: &Follower) {
    let told = &follower.batches[0].effects;
    assert!(
        told.iter()
            .all(|effect| matches!(effect, Effect::TurnChanged { .. })),
        "{:?} was told more than whose turn it is: {told:?}",
        follower.seat
    );
}

/// The squares of `seat`'s pieces in `follower`'s view, sorted.
fn squares_of(follower: &Follower, seat: u8) -> Vec<String> {
    let mut squares: Vec<String> = follower
        .view
        .pieces
        .values()
        .filter(|piece| piece.owner == fray_protocol::Seat(seat))
        .map(|piece| piece.square.unwrap().to_string())
        .collect();
    squares.sort();
    squares
}

#[test]
fn seat_0s_placement_is_seen_by_nobody_else_until_seat_1_has_placed() {
    let server = TestServer::start();
    let (id, players) = two_player_match(&server, SystemId::SummonersChess);
    let (mut seats, mut watchers) = subscribed(&server, id, &players);
    assert!(seats[0].view.pieces.is_empty(), "no piece before placing");
    assert_eq!(seats[0].options.len(), 2, "a-c-e-g or b-d-f-h");
    assert_eq!(seats[1].options.len(), 2, "both choose at once");

    // Seat 0 takes b-d-f-h: its own batch says so, nobody else's does.
    let chosen = seats[0]
        .options
        .iter()
        .position(|option| option.label.contains("b1, d1, f1 and h1"))
        .expect("b-d-f-h is offered");
    play_option(&mut seats, &mut watchers, 0, chosen);
    let own = &seats[0].batches[0].effects;
    assert!(
        own.iter()
            .any(|effect| format!("{effect:?}").contains("b1, d1, f1 and h1")),
        "{own:?}"
    );
    for other in [&seats[1], &watchers[0]] {
        told_only_whose_turn(other);
        assert!(other.view.pieces.is_empty());
    }
    let path = format!("/api/matches/{id}/history?role=player");
    let seat_1s = server.history(&path, Some(&players[1].token));
    assert_eq!(seat_1s.events[1].action, None, "another seat's action");
    assert_eq!(seat_1s.events[1].effects, seats[1].batches[0].effects);
    let path = format!("/api/matches/{id}/history?role=spectator");
    let spectators = server.history(&path, None);
    assert_eq!(spectators.events[1].effects, watchers[0].batches[0].effects);
    assert!(seats[0].options.is_empty(), "seat 0 has chosen");
    // Seat 1's choices are its own row's, whatever seat 0 chose.
    let labels: Vec<&str> = seats[1].options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Place your Acolytes on g8, e8, c8 and a8",
            "Place your Acolytes on h8, f8, d8 and b8"
        ]
    );

    // Seat 1 places: both sets go down for everyone, seat 0's as it chose.
    play_option(&mut seats, &mut watchers, 1, 0);
    for follower in seats.iter().chain(&watchers) {
        assert_eq!(
            placed(&follower.batches[1].effects),
            8,
            "{:?}",
            follower.seat
        );
        assert_eq!(
            squares_of(follower, 0),
            ["b1", "d1", "f1", "h1"],
            "{:?}",
            follower.seat
        );
    }
}

#[test]
fn seat_1_may_place_first_and_seat_0_still_chooses_unseen() {
    let server = TestServer::start();
    let (id, players) = two_player_match(&server, SystemId::SummonersChess);
    let (mut seats, mut watchers) = subscribed(&server, id, &players);
    play_option(&mut seats, &mut watchers, 1, 1);
    for other in [&seats[0], &watchers[0]] {
        told_only_whose_turn(other);
    }
    assert_eq!(seats[0].options.len(), 2, "seat 0 still chooses");
    assert!(seats[1].options.is_empty(), "seat 1 has chosen");
    assert_eq!(seats[1].to_act, [fray_protocol::Seat(0)]);

    // Seat 0 places last: the reveal, and seat 1's choice as it made it.
    play_option(&mut seats, &mut watchers, 0, 0);
    for follower in seats.iter().chain(&watchers) {
        assert_eq!(placed(&follower.batches[1].effects), 8);
        assert_eq!(
            squares_of(follower, 1),
            ["b8", "d8", "f8", "h8"],
            "{:?}",
            follower.seat
        );
    }
    let path = format!("/api/matches/{id}/history?role=spectator");
    let spectators = server.history(&path, None);
    assert_eq!(spectators.events[1].effects, watchers[0].batches[0].effects);
}
