//! Action ids: an action (or a resignation) sent again with the same id,
//! after an ack that did not arrive, is answered with the first ack and not
//! played twice, also after a restart; an id used for another action is
//! refused.

mod common;

use common::play::{Chooser, Follower, play, start_two_player, two_player_match};
use common::{Client, TestServer};
use fray_protocol::{Action, ClientMessage, ErrorCode, MatchId, Role, ServerMessage, SystemId};

fn act(client: &mut Client, match_id: MatchId, id: u64, action: &Action) {
    client.send(&ClientMessage::Act {
        match_id,
        id,
        action: action.clone(),
    });
}

/// The match's `seq` as a new spectator sees it.
fn seq_now(server: &TestServer, id: MatchId) -> u64 {
    Follower::subscribe(server.client(None), id, Role::Spectator).seq
}

fn ack(client: &mut Client) -> (u64, u64) {
    match client.recv_game() {
        ServerMessage::Ack { id, seq, .. } => (id, seq),
        other => panic!("expected an ack, got {other:?}"),
    }
}

#[test]
fn an_action_sent_again_with_its_id_is_acked_again_and_played_once() {
    let server = TestServer::start_unthrottled();
    let (id, mut players) = start_two_player(&server, SystemId::SummonersChess);
    let seat = players[0].to_act[0].0 as usize;
    let action = players[seat].options[0].action.clone();

    act(&mut players[seat].client, id, 41, &action);
    for player in &mut players {
        assert_eq!(player.next_batch().seq, 1);
    }
    assert_eq!(ack(&mut players[seat].client), (41, 1));

    // The ack was lost, say: the same action with the same id, twice.
    for _ in 0..2 {
        act(&mut players[seat].client, id, 41, &action);
        assert_eq!(ack(&mut players[seat].client), (41, 1), "the first ack");
    }
    assert_eq!(seq_now(&server, id), 1, "played once");

    // The same id for another action is a client's mistake, said so. (The
    // other seat may be offered the very action just played, such as the
    // same placement of its Acolytes: that one would be a resend.)
    let other = players[1 - seat]
        .options
        .iter()
        .map(|option| option.action.clone())
        .find(|other| *other != action)
        .expect("the other seat is offered an action other than the one played");
    act(&mut players[seat].client, id, 41, &other);
    match players[seat].client.recv_game() {
        ServerMessage::Error {
            code,
            id: Some(41),
            message,
            ..
        } => {
            assert_eq!(code, ErrorCode::DuplicateId, "{message}");
            assert!(message.contains("seq 1"), "{message}");
        }
        other => panic!("expected duplicate_id, got {other:?}"),
    }

    // Ids are each seat's own: the other seat may use 41 too.
    let reply = players[1 - seat].options[0].action.clone();
    act(&mut players[1 - seat].client, id, 41, &reply);
    for player in &mut players {
        assert_eq!(player.next_batch().seq, 2);
    }
    assert_eq!(ack(&mut players[1 - seat].client), (41, 2));
    assert_eq!(seq_now(&server, id), 2);
}

#[test]
fn a_resend_after_a_crash_is_known_from_the_log() {
    let server = TestServer::start_unthrottled();
    let (id, [alice, bob]) = two_player_match(&server, SystemId::FantasyArmies);
    let tokens = [&alice.token, &bob.token];
    let mut players =
        tokens.map(|token| Follower::subscribe(server.client(Some(token)), id, Role::Player));
    play(&mut players, &mut [], &mut Chooser::new(4), 3);
    let seat = players[0].to_act[0].0 as usize;
    let action = players[seat].options[0].action.clone();
    act(&mut players[seat].client, id, 1_000, &action);
    for player in &mut players {
        assert_eq!(player.next_batch().seq, 4);
    }
    assert_eq!(ack(&mut players[seat].client), (1_000, 4));
    drop(players);

    let server = server.crash_and_restart();
    let mut back = Follower::subscribe(server.client(Some(tokens[seat])), id, Role::Player);
    assert_eq!(back.seq, 4);
    act(&mut back.client, id, 1_000, &action);
    assert_eq!(
        ack(&mut back.client),
        (1_000, 4),
        "the first ack, from the log"
    );
    assert_eq!(seq_now(&server, id), 4, "not played again");
}

#[test]
fn a_resignation_sent_again_is_acked_again_not_refused_as_over() {
    let server = TestServer::start_unthrottled();
    let (id, mut players) = start_two_player(&server, SystemId::ChessboardConfrontation);
    players[1].client.send(&ClientMessage::Resign {
        match_id: id,
        id: 3,
    });
    for player in &mut players {
        assert_eq!(player.next_batch().seq, 1);
    }
    assert_eq!(ack(&mut players[1].client), (3, 1));

    players[1].client.send(&ClientMessage::Resign {
        match_id: id,
        id: 3,
    });
    assert_eq!(ack(&mut players[1].client), (3, 1), "the first ack");

    // Another id is another resignation: the match is over.
    players[1].client.send(&ClientMessage::Resign {
        match_id: id,
        id: 4,
    });
    match players[1].client.recv_game() {
        ServerMessage::Error {
            code, id: Some(4), ..
        } => assert_eq!(code, ErrorCode::GameOver),
        other => panic!("expected game_over, got {other:?}"),
    }
}
