//! Everything a client may get wrong over the socket is refused with its
//! code, changes nothing, and leaves the connection and the match working.

mod common;

use common::play::{Follower, start_two_player_with};
use common::{Client, TestServer};
use fray_protocol::{
    Action, ClientMessage, ErrorCode, MatchConfig, MatchId, MatchSummary, OptionValue,
    PROTOCOL_VERSION, Role, ServerMessage, SystemId,
};

/// The code of the next message, which must be an error.
fn refusal(client: &mut Client) -> (ErrorCode, Option<u64>, String) {
    match client.recv_game() {
        ServerMessage::Error {
            code, id, message, ..
        } => (code, id, message),
        other => panic!("expected an error, got {other:?}"),
    }
}

/// The connection still answers.
fn still_alive(client: &mut Client, nonce: u64) {
    client.send(&ClientMessage::Ping { nonce });
    match client.recv_game() {
        ServerMessage::Pong { nonce: answered } => assert_eq!(answered, nonce),
        other => panic!("expected pong {nonce}, got {other:?}"),
    }
}

fn seq_of(server: &TestServer, id: MatchId) -> u64 {
    let (_, body) = server.get(&format!("/api/matches/{id}"));
    serde_json::from_value::<MatchSummary>(body).unwrap().seq
}

struct Table {
    server: TestServer,
    id: MatchId,
    players: [Follower; 2],
}

/// A running Summoners Chess match with both players subscribed; whoever
/// must act (the coin flip decides) is `to_act[0]`. Its Acolytes stand on
/// fixed squares, so both seats have pieces to name from the first action.
fn table() -> Table {
    let server = TestServer::start();
    let config = MatchConfig::new(SystemId::SummonersChess).with(
        fray_rules::summoners_chess::ACOLYTES,
        OptionValue::Text("fixed".into()),
    );
    let (id, players) = start_two_player_with(&server, &config);
    Table {
        id,
        server,
        players,
    }
}

impl Table {
    /// (the seat that must act, the seat that must not).
    fn mover_and_waiter(&self) -> (usize, usize) {
        let mover = self.players[0].to_act[0].0 as usize;
        (mover, 1 - mover)
    }
}

#[test]
fn acting_out_of_turn_or_with_the_other_seats_piece_is_refused_and_changes_nothing() {
    let mut table = table();
    let (mover, waiter) = table.mover_and_waiter();
    let legal = table.players[mover].options[0].action.clone();

    // The waiting player sends the mover's legal move: not their turn.
    table.players[waiter].client.send(&ClientMessage::Act {
        match_id: table.id,
        id: 7,
        action: legal.clone(),
    });
    let (code, id, message) = refusal(&mut table.players[waiter].client);
    assert_eq!((code, id), (ErrorCode::NotYourTurn, Some(7)), "{message}");

    // The mover names a piece of the other seat.
    let theirs = table.players[mover]
        .view
        .pieces
        .values()
        .find(|piece| piece.owner.0 as usize == waiter)
        .expect("the other seat has pieces")
        .id;
    let mut foreign = legal.clone();
    foreign.piece = Some(theirs);
    table.players[mover].client.send(&ClientMessage::Act {
        match_id: table.id,
        id: 8,
        action: foreign,
    });
    let (code, id, _) = refusal(&mut table.players[mover].client);
    assert_eq!(id, Some(8));
    assert!(
        matches!(code, ErrorCode::NotYourPiece | ErrorCode::IllegalAction),
        "{code:?}"
    );

    // A verb the game does not know.
    table.players[mover].client.send(&ClientMessage::Act {
        match_id: table.id,
        id: 9,
        action: Action::new("teleport"),
    });
    let (code, _, _) = refusal(&mut table.players[mover].client);
    assert!(
        matches!(code, ErrorCode::UnknownAction | ErrorCode::IllegalAction),
        "{code:?}"
    );

    assert_eq!(seq_of(&table.server, table.id), 0, "nothing was played");
    still_alive(&mut table.players[waiter].client, 1);

    // The legal move is still accepted, as seq 1, by everyone.
    table.players[mover].client.send(&ClientMessage::Act {
        match_id: table.id,
        id: 10,
        action: legal,
    });
    for player in &mut table.players {
        assert_eq!(player.next_batch().seq, 1);
    }
    match table.players[mover].client.recv_game() {
        ServerMessage::Ack { id, seq, .. } => assert_eq!((id, seq), (10, 1)),
        other => panic!("expected the ack, got {other:?}"),
    }
}

#[test]
fn malformed_unknown_binary_and_oversized_messages_are_refused_and_the_connection_lives() {
    let mut table = table();
    let client = &mut table.players[0].client;
    client.send_text("{not json");
    assert_eq!(refusal(client).0, ErrorCode::BadRequest);
    client.send_text(r#"{"type":"teleport","to":"e4"}"#);
    let (code, _, message) = refusal(client);
    assert_eq!(code, ErrorCode::BadRequest);
    assert!(message.contains("teleport"), "{message}");
    client.send_text(r#"{"type":"act","match_id":1}"#);
    assert_eq!(refusal(client).0, ErrorCode::BadRequest);

    let limit = table.server.config.max_frame_bytes as usize;
    let padding = "x".repeat(limit + 1);
    client.send_text(&format!(r#"{{"type":"ping","nonce":1,"pad":"{padding}"}}"#));
    let (code, _, message) = refusal(client);
    assert_eq!(code, ErrorCode::FrameTooLarge, "{message}");

    still_alive(client, 2);
    assert_eq!(seq_of(&table.server, table.id), 0);
}

#[test]
fn a_spectator_or_an_unsubscribed_connection_acts_for_no_one() {
    let table = table();
    let (mover, _) = table.mover_and_waiter();
    let legal = table.players[mover].options[0].action.clone();

    let mut spectator = Follower::subscribe(table.server.client(None), table.id, Role::Spectator);
    spectator.client.send(&ClientMessage::Act {
        match_id: table.id,
        id: 1,
        action: legal.clone(),
    });
    assert_eq!(refusal(&mut spectator.client).0, ErrorCode::NotYourSeat);

    // A player of this match on a connection that has not subscribed.
    let mut fresh = table.server.client(None);
    fresh.send(&ClientMessage::Act {
        match_id: table.id,
        id: 2,
        action: legal.clone(),
    });
    assert_eq!(refusal(&mut fresh).0, ErrorCode::NotSubscribed);

    // Someone with a token but no seat cannot subscribe as a player.
    let carol = table.server.player("Carol");
    let mut stranger = table.server.client(Some(&carol.token));
    stranger.subscribe(table.id, Role::Player, None);
    assert_eq!(refusal(&mut stranger).0, ErrorCode::NotYourSeat);

    assert_eq!(seq_of(&table.server, table.id), 0);
    still_alive(&mut spectator.client, 3);
}

#[test]
fn hello_with_a_wrong_token_or_version_is_refused_and_may_be_retried() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let mut client = Client::connect(&server.ws_url());

    client.send(&ClientMessage::Subscribe {
        match_id: MatchId(1),
        role: Role::Spectator,
        since: None,
    });
    assert_eq!(
        refusal(&mut client).0,
        ErrorCode::NotAuthenticated,
        "hello first"
    );

    client.send(&ClientMessage::Hello {
        version: PROTOCOL_VERSION + 1,
        token: None,
    });
    assert_eq!(refusal(&mut client).0, ErrorCode::UnsupportedVersion);

    client.send(&ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        token: Some("0".repeat(64)),
    });
    assert_eq!(refusal(&mut client).0, ErrorCode::BadToken);

    client.send(&ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        token: Some(alice.token.clone()),
    });
    match client.recv_game() {
        ServerMessage::Welcome {
            player, version, ..
        } => {
            assert_eq!(version, PROTOCOL_VERSION);
            assert_eq!(player.map(|p| p.id), Some(alice.id));
        }
        other => panic!("expected welcome, got {other:?}"),
    }

    client.subscribe(MatchId(404), Role::Spectator, None);
    assert_eq!(refusal(&mut client).0, ErrorCode::NotFound);
}

/// Reads the answers to `sent` messages: (pongs, other answers, the
/// `rate_limited` errors), until every message is accounted for: a
/// `rate_limited` error answers its `count` of them.
fn answers(client: &mut Client, sent: u64) -> (u64, u64, Vec<u64>) {
    let (mut pongs, mut other, mut notices) = (0, 0, Vec::new());
    while pongs + other + notices.iter().sum::<u64>() < sent {
        match client.recv_game() {
            ServerMessage::Pong { .. } => pongs += 1,
            ServerMessage::Error {
                code: ErrorCode::RateLimited,
                count,
                message,
                ..
            } => {
                let count = count.unwrap_or(1);
                assert!(message.contains(&count.to_string()), "{message}");
                notices.push(count);
            }
            ServerMessage::Error { .. } => other += 1,
            unexpected => panic!("unexpected {unexpected:?}"),
        }
    }
    (pongs, other, notices)
}

#[test]
fn too_many_messages_a_second_are_refused_with_rate_limited() {
    let server = TestServer::start_with(|config| config.messages_per_second = 5);
    let mut client = server.client(None);
    for nonce in 0..20 {
        client.send(&ClientMessage::Ping { nonce });
    }
    let (pongs, _, notices) = answers(&mut client, 20);
    assert!(pongs >= 4, "the burst allowance is honoured: {pongs}");
    assert!(pongs <= 7, "the limit holds: {pongs} of 20 answered");
    assert!(
        notices.len() <= 3,
        "refusals are told together, once a second: {notices:?}"
    );
    still_alive(&mut client, 99);
}

/// A burst far over the limit, from a client that reads, of every kind of
/// message the limit holds: answered with one error each, those errors
/// would be queued faster than the socket takes them, and the client
/// dropped as too slow.
#[test]
fn a_burst_of_refused_messages_keeps_a_reading_client_connected() {
    let server = TestServer::start();
    let limit = server.config.max_frame_bytes as usize;
    let oversized = format!(
        r#"{{"type":"ping","nonce":1,"pad":"{}"}}"#,
        "x".repeat(limit + 1)
    );
    let mut client = Client::connect_slow(server.address, &server.ws_url());
    client.hello();

    for nonce in 0..300 {
        client.send(&ClientMessage::Ping { nonce });
    }
    let (pongs, _, notices) = answers(&mut client, 300);
    assert!(pongs <= 60, "{pongs} of 300 answered");
    assert!(notices.len() <= 3, "{notices:?}");
    still_alive(&mut client, 1_000);

    std::thread::sleep(std::time::Duration::from_millis(1_100));
    for _ in 0..300 {
        client.send_text(&oversized);
    }
    let (_, too_large, notices) = answers(&mut client, 300);
    assert!(
        too_large <= 60,
        "each refused alone only within the limit: {too_large}"
    );
    assert!(notices.len() <= 3, "{notices:?}");
    still_alive(&mut client, 1_001);

    std::thread::sleep(std::time::Duration::from_millis(1_100));
    for _ in 0..300 {
        client.send_binary(b"\x00\x01");
    }
    let (_, binary, notices) = answers(&mut client, 300);
    assert!(
        binary <= 60,
        "binary frames take tokens too: {binary} refused alone"
    );
    assert!(notices.len() <= 3, "{notices:?}");
    still_alive(&mut client, 1_002);
}

#[test]
fn a_silent_connection_is_closed_as_idle_and_a_talking_one_is_kept() {
    let server = TestServer::start_with(|config| config.idle_seconds = 1);
    // Reads raw bytes as they come, so never answers the server's pings.
    // (Read at once: bytes still unread when the server hangs up may be
    // dropped by a reset.)
    let silent = server.client(None);
    let silent = std::thread::spawn(move || silent.close_code_without_answering());
    let mut talking = server.client(None);
    for nonce in 0..8 {
        std::thread::sleep(std::time::Duration::from_millis(300));
        still_alive(&mut talking, nonce);
    }
    assert_eq!(
        silent.join().expect("the reader thread"),
        Some(4001),
        "closed as idle"
    );
    still_alive(&mut talking, 99);
}

#[test]
fn subscribing_as_a_player_without_a_token_asks_for_one() {
    let table = table();
    let mut anonymous = table.server.client(None);
    anonymous.subscribe(table.id, Role::Player, None);
    assert_eq!(refusal(&mut anonymous).0, ErrorCode::NotAuthenticated);
}
