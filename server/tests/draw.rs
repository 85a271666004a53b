//! Draws by agreement: one offer at a time, answered by the other seats;
//! accepted, it ends the match as a stored `draw` event that replays,
//! restarts and verification all read back.

mod common;

use common::TestServer;
use common::play::{Chooser, Follower, play, start_two_player};
use fray_protocol::{
    ClientMessage, Effect, ErrorCode, EventKind, MatchId, MatchStatus, Replay, Role, Seat,
    ServerMessage, SystemId,
};

fn offer(follower: &mut Follower) {
    follower.client.send(&ClientMessage::OfferDraw {
        match_id: follower.match_id,
    });
}

fn answer(follower: &mut Follower, accept: bool) {
    follower.client.send(&ClientMessage::AnswerDraw {
        match_id: follower.match_id,
        accept,
    });
}

fn refusal(follower: &mut Follower) -> ErrorCode {
    match follower.client.recv_game() {
        ServerMessage::Error {
            match_id,
            code,
            message,
            ..
        } => {
            assert_eq!(match_id, Some(follower.match_id));
            // Plain text a client cannot rename names no seat by number.
            assert!(
                !(0..4).any(|seat| message.contains(&format!("seat {seat}"))),
                "{message}"
            );
            code
        }
        other => panic!("expected an error, got {other:?}"),
    }
}

fn offered(follower: &mut Follower) -> (Seat, Vec<Seat>) {
    match follower.client.recv_game() {
        ServerMessage::DrawOffered { seat, accepted, .. } => (seat, accepted),
        other => panic!("expected a draw offer, got {other:?}"),
    }
}

fn declined(follower: &mut Follower) -> Seat {
    match follower.client.recv_game() {
        ServerMessage::DrawDeclined { seat, .. } => seat,
        other => panic!("expected a declined draw, got {other:?}"),
    }
}

fn spectator(server: &TestServer, id: MatchId) -> Follower {
    Follower::subscribe(server.client(None), id, Role::Spectator)
}

#[test]
fn an_accepted_offer_ends_the_match_drawn_and_everything_agrees() {
    let server = TestServer::start();
    let (id, mut players) = start_two_player(&server, SystemId::ChessboardConfrontation);
    let mut watcher = spectator(&server, id);
    play(&mut players, &mut [], &mut Chooser::new(3), 2);
    watcher.next_batch();
    watcher.next_batch();

    offer(&mut players[0]);
    for follower in players.iter_mut().chain([&mut watcher]) {
        assert_eq!(offered(follower), (Seat(0), vec![]));
    }
    answer(&mut players[0], true);
    assert_eq!(refusal(&mut players[0]), ErrorCode::OwnDrawOffer);
    offer(&mut players[1]);
    assert_eq!(refusal(&mut players[1]), ErrorCode::DrawOfferStanding);
    answer(&mut watcher, true);
    assert_eq!(refusal(&mut watcher), ErrorCode::NotYourSeat);

    answer(&mut players[1], true);
    for follower in players.iter_mut().chain([&mut watcher]) {
        let batch = follower.next_batch();
        assert_eq!(batch.seq, 3);
        assert!(batch.to_act.is_empty() && batch.options.is_empty());
        let outcome = follower.view.outcome.clone().expect("the game ended");
        assert!(outcome.winners.is_empty(), "a draw has no winners");
        assert_eq!(outcome.reason, "drawn by agreement");
    }
    offer(&mut players[0]);
    assert_eq!(refusal(&mut players[0]), ErrorCode::GameOver);
    let ended_view = watcher.view.clone();
    drop(players);
    drop(watcher);

    let (_, body) = server.get(&format!("/api/matches/{id}/replay"));
    let replay: Replay = serde_json::from_value(body).unwrap();
    let last = replay.events.last().unwrap();
    assert_eq!(
        (last.seq, last.kind, last.seat),
        (3, EventKind::Draw, Some(Seat(1)))
    );
    assert!(
        matches!(&last.effects[0].effect, Effect::GameEnded { outcome } if outcome.winners.is_empty())
    );
    let report = server.verify(id);
    assert!(report.matches(), "{report}");

    let server = server.restart();
    let mut late = server.client(None);
    late.subscribe(id, Role::Spectator, None);
    match late.recv_game() {
        ServerMessage::Snapshot(snapshot) => {
            assert_eq!(snapshot.status, MatchStatus::Finished);
            assert_eq!(snapshot.view, ended_view);
        }
        other => panic!("expected a snapshot, got {other:?}"),
    }
}

#[test]
fn a_declined_offer_is_told_and_cannot_be_repeated_until_the_game_moves() {
    let server = TestServer::start();
    let (id, mut players) = start_two_player(&server, SystemId::FantasyArmies);

    answer(&mut players[1], false);
    assert_eq!(refusal(&mut players[1]), ErrorCode::NoDrawOffer);

    offer(&mut players[0]);
    for follower in players.iter_mut() {
        offered(follower);
    }
    answer(&mut players[1], false);
    for follower in players.iter_mut() {
        assert_eq!(declined(follower), Seat(1));
    }
    answer(&mut players[1], true);
    assert_eq!(refusal(&mut players[1]), ErrorCode::NoDrawOffer);
    offer(&mut players[0]);
    assert_eq!(refusal(&mut players[0]), ErrorCode::OfferTooSoon);

    // The other seat may offer meanwhile, and the offerer withdraw it.
    offer(&mut players[1]);
    for follower in players.iter_mut() {
        assert_eq!(offered(follower).0, Seat(1));
    }
    answer(&mut players[1], false);
    for follower in players.iter_mut() {
        assert_eq!(declined(follower), Seat(1));
    }
    // A withdrawn offer waits for a move as a declined one does.
    offer(&mut players[1]);
    assert_eq!(refusal(&mut players[1]), ErrorCode::OfferTooSoon);

    // Once an action is played, both may offer again.
    play(&mut players, &mut [], &mut Chooser::new(5), 1);
    offer(&mut players[0]);
    for follower in players.iter_mut() {
        assert_eq!(offered(follower).0, Seat(0));
    }
    answer(&mut players[0], false);
    for follower in players.iter_mut() {
        assert_eq!(declined(follower), Seat(0));
    }
    play(&mut players, &mut [], &mut Chooser::new(6), 1);
    offer(&mut players[1]);
    for follower in players.iter_mut() {
        assert_eq!(offered(follower).0, Seat(1));
    }
    let (status, summary) = server.get(&format!("/api/matches/{id}"));
    assert_eq!((status, summary["status"].as_str()), (200, Some("running")));
}

#[test]
fn an_offer_lapses_when_an_action_is_played_and_a_newcomer_is_told_of_one_that_stands() {
    let server = TestServer::start();
    let (id, mut players) = start_two_player(&server, SystemId::FantasyArmies);

    offer(&mut players[1]);
    for follower in players.iter_mut() {
        offered(follower);
    }
    let mut late = server.client(None);
    late.subscribe(id, Role::Spectator, None);
    assert!(matches!(late.recv_game(), ServerMessage::Snapshot(_)));
    assert!(matches!(
        late.recv_game(),
        ServerMessage::DrawOffered { seat: Seat(1), .. }
    ));

    play(&mut players, &mut [], &mut Chooser::new(9), 1);
    answer(&mut players[0], true);
    assert_eq!(refusal(&mut players[0]), ErrorCode::NoDrawOffer);
}

#[test]
fn in_a_match_of_three_every_other_seat_must_accept() {
    let server = TestServer::start();
    let system = SystemId::ChessboardConfrontation;
    let [a, b] = common::play::two_armies(system);
    let players: Vec<_> = ["Alice", "Bob", "Carol"]
        .iter()
        .map(|name| server.player(name))
        .collect();
    let config = fray_protocol::MatchConfig::new(system);
    let id = server
        .started_match(
            &config,
            &[(&players[0], &a), (&players[1], &b), (&players[2], &a)],
        )
        .id;
    let mut seats: Vec<Follower> = players
        .iter()
        .map(|player| Follower::subscribe(server.client(Some(&player.token)), id, Role::Player))
        .collect();

    offer(&mut seats[0]);
    for follower in seats.iter_mut() {
        assert_eq!(offered(follower), (Seat(0), vec![]));
    }
    answer(&mut seats[1], true);
    for follower in seats.iter_mut() {
        assert_eq!(offered(follower), (Seat(0), vec![Seat(1)]), "not over yet");
    }
    answer(&mut seats[1], true);
    assert_eq!(refusal(&mut seats[1]), ErrorCode::DrawOfferStanding);
    answer(&mut seats[2], true);
    for follower in seats.iter_mut() {
        follower.next_batch();
        let outcome = follower.view.outcome.clone().expect("drawn");
        assert!(outcome.winners.is_empty());
    }
}
