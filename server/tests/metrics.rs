//! `GET /metrics`: what an operator sees of a server at work, each figure
//! moved by what the test does.

mod common;

use common::play::{Chooser, play, start_two_player};
use common::{Client, TestServer};
use fray_protocol::{Action, ClientMessage, ErrorCode, Role, ServerMessage, SystemId};

#[test]
fn metrics_count_what_the_server_does() {
    let server = TestServer::start_unthrottled();
    let (id, mut players) = start_two_player(&server, SystemId::SummonersChess);
    assert_eq!(play(&mut players, &mut [], &mut Chooser::new(1), 3), 3);

    let waiting = 1 - players[0].to_act[0].0 as usize;
    players[waiting].client.send(&ClientMessage::Act {
        match_id: id,
        id: 1_000,
        action: Action::new("pass"),
    });
    match players[waiting].client.recv_game() {
        ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::NotYourTurn),
        other => panic!("expected a refusal, got {other:?}"),
    }
    let (status, _) = server.get("/api/matches/999");
    assert_eq!(status, 404);

    let figures = server.figures();
    assert_eq!(figures.value("fray_acks_total"), 3.0);
    assert_eq!(figures.value("fray_matches_running"), 1.0);
    assert_eq!(figures.value("fray_websocket_connections"), 2.0);
    assert!(
        figures.value("fray_connections") >= 2.0,
        "the websockets' too"
    );
    assert!(figures.value("fray_commit_seconds_count") >= 3.0);
    assert_eq!(
        figures.value(r#"fray_refusals_total{code="not_your_turn",via="websocket"}"#),
        1.0
    );
    assert_eq!(
        figures.value(r#"fray_refusals_total{code="not_found",via="rest"}"#),
        1.0
    );

    players[waiting].client.send(&ClientMessage::Resign {
        match_id: id,
        id: 2_000,
    });
    for player in &mut players {
        player.next_batch();
    }
    let figures = server.figures();
    assert_eq!(figures.value("fray_acks_total"), 4.0);
    assert_eq!(
        figures.value("fray_matches_running"),
        0.0,
        "the match is over"
    );
}

#[test]
fn a_connection_dropped_as_too_slow_is_counted() {
    let server = TestServer::start_with(|config| {
        config.outbox_frames = 4;
        config.messages_per_second = 10_000;
    });
    let (id, _players) = start_two_player(&server, SystemId::FantasyArmies);
    let mut slow = Client::connect_slow(server.address, &server.ws_url());
    slow.hello();
    for _ in 0..500 {
        slow.subscribe(id, Role::Spectator, None);
    }
    slow.drain_until_closed().expect("dropped as too slow");

    let figures = server.figures();
    assert_eq!(
        figures.value(r#"fray_websocket_dropped_total{reason="too_slow"}"#),
        1.0
    );
}
