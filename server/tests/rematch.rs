//! Rematches: the same players, seats moved on, the lists they played; the
//! seats kept for them, and the match started when the last has asked.

mod common;

use common::TestServer;
use common::play::{two_armies, two_player_match};
use fray_protocol::{
    MatchConfig, MatchId, MatchStatus, MatchSummary, PlayerCreated, Role, Seat, ServerMessage,
    SystemId,
};

struct Finished {
    server: TestServer,
    id: MatchId,
    alice: PlayerCreated,
    bob: PlayerCreated,
    old: MatchSummary,
}

/// A match Bob resigned.
fn finished() -> Finished {
    let server = TestServer::start();
    let (id, [alice, bob]) = two_player_match(&server, SystemId::FantasyArmies);
    let (status, body) = server.request(
        "POST",
        &format!("/api/matches/{id}/resign"),
        Some(&bob.token),
        None,
    );
    assert_eq!(status, 200, "{body}");
    let old: MatchSummary = serde_json::from_value(body).unwrap();
    Finished {
        server,
        id,
        alice,
        bob,
        old,
    }
}

fn rematch(server: &TestServer, id: MatchId, token: &str) -> (u16, serde_json::Value) {
    server.request(
        "POST",
        &format!("/api/matches/{id}/rematch"),
        Some(token),
        None,
    )
}

#[test]
fn the_rematch_swaps_the_seats_keeps_the_lists_and_starts_when_both_asked() {
    let Finished {
        server,
        id,
        alice,
        bob,
        old,
    } = finished();
    // A list deleted since changes no rematch: it plays what was played.
    let (status, lists) = server.request("GET", "/api/army-lists", Some(&alice.token), None);
    assert_eq!(status, 200);
    let list_id = lists[0]["id"].as_i64().unwrap();
    let (status, _) = server.request(
        "DELETE",
        &format!("/api/army-lists/{list_id}"),
        Some(&alice.token),
        None,
    );
    assert_eq!(status, 204);

    let (status, body) = rematch(&server, id, &alice.token);
    assert_eq!(status, 201, "{body}");
    let made: MatchSummary = serde_json::from_value(body).unwrap();
    assert_eq!(made.status, MatchStatus::Open);
    assert_eq!(made.rematch_of, Some(id));
    assert_eq!(made.config, old.config);
    assert!(made.seats[0].player.is_none(), "seat 0 is kept for Bob");
    assert_eq!(made.seats[1].player.as_ref().unwrap().id, alice.id);
    assert_eq!(made.seats[1].list_name, old.seats[0].list_name);
    assert_eq!(made.seats[1].army, old.seats[0].army);

    // Asking again answers the same match; the old one links to it.
    let (status, again) = rematch(&server, id, &alice.token);
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["id"], made.id.0);
    let (_, linked) = server.get(&format!("/api/matches/{id}"));
    assert_eq!(linked["rematch"], made.id.0);

    // Nobody else takes the seat kept for Bob.
    let carol = server.player("Carol");
    let [carol_list, _] = two_armies(SystemId::FantasyArmies);
    let carol_list = server.army_list(&carol.token, &carol_list);
    let (status, body) = server.request(
        "POST",
        &format!("/api/matches/{}/join", made.id),
        Some(&carol.token),
        Some(&serde_json::json!({"army_list": carol_list.id})),
    );
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (403, Some("forbidden")),
        "{body}"
    );
    let (status, body) = rematch(&server, id, &carol.token);
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (403, Some("forbidden")),
        "{body}"
    );

    let (status, body) = rematch(&server, id, &bob.token);
    assert_eq!(status, 200, "{body}");
    let started: MatchSummary = serde_json::from_value(body).unwrap();
    assert_eq!(started.id, made.id);
    assert_eq!(started.status, MatchStatus::Running);
    assert!(started.commitment.is_some());
    assert_eq!(started.seats[0].player.as_ref().unwrap().id, bob.id);
    assert_eq!(started.seats[0].army, old.seats[1].army);

    // It plays: Bob holds seat 0 now.
    let mut client = server.client(Some(&bob.token));
    client.subscribe(made.id, Role::Player, None);
    match client.recv_game() {
        ServerMessage::Snapshot(snapshot) => assert_eq!(snapshot.seat, Some(Seat(0))),
        other => panic!("expected a snapshot, got {other:?}"),
    }
}

#[test]
fn only_a_finished_match_has_a_rematch_and_only_for_its_players() {
    let server = TestServer::start();
    let (id, [alice, _bob]) = two_player_match(&server, SystemId::FantasyArmies);

    let (status, body) = rematch(&server, id, &alice.token);
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("match_not_over")),
        "{body}"
    );
    let (status, body) = rematch(&server, MatchId(id.0 + 50), &alice.token);
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (404, Some("not_found"))
    );
    let (status, _) = server.request("POST", &format!("/api/matches/{id}/rematch"), None, None);
    assert_eq!(status, 401);
    let (_, summary) = server.get(&format!("/api/matches/{id}"));
    assert!(summary.get("rematch").is_none(), "{summary}");
}

#[test]
fn with_three_players_each_moves_one_seat_on() {
    let server = TestServer::start();
    let system = SystemId::ChessboardConfrontation;
    let [a, b] = two_armies(system);
    let players: Vec<PlayerCreated> = ["Alice", "Bob", "Carol"]
        .iter()
        .map(|name| server.player(name))
        .collect();
    let config = MatchConfig::new(system);
    let id = server
        .started_match(
            &config,
            &[(&players[0], &a), (&players[1], &b), (&players[2], &a)],
        )
        .id;
    let (status, _) = server.request(
        "POST",
        &format!("/api/matches/{id}/resign"),
        Some(&players[2].token),
        None,
    );
    assert_eq!(status, 200);

    let mut last = serde_json::Value::Null;
    for (n, player) in players.iter().enumerate() {
        let (status, body) = rematch(&server, id, &player.token);
        assert_eq!(status, if n == 0 { 201 } else { 200 }, "{body}");
        last = body;
    }
    let started: MatchSummary = serde_json::from_value(last).unwrap();
    assert_eq!(started.status, MatchStatus::Running);
    let order: Vec<_> = started
        .seats
        .iter()
        .map(|seat| seat.player.as_ref().unwrap().id)
        .collect();
    assert_eq!(order, [players[2].id, players[0].id, players[1].id]);
}
