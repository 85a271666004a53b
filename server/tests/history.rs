//! `GET /api/matches/{id}/history`: the log as each viewer was told it, from
//! the set-up on, while the match runs and after it ends.

mod common;

use common::TestServer;
use common::play::{Chooser, Follower, play, two_armies, two_player_match};
use fray_protocol::{
    Effect, EventKind, History, MatchConfig, MatchId, PlayerCreated, Role, Seat, SystemId, View,
    apply_all,
};

struct Table {
    id: MatchId,
    players: [PlayerCreated; 2],
    followers: [Follower; 2],
}

fn started(server: &TestServer, system: SystemId) -> Table {
    let (id, players) = two_player_match(server, system);
    let followers = [0, 1].map(|seat| {
        Follower::subscribe(server.client(Some(&players[seat].token)), id, Role::Player)
    });
    Table {
        id,
        players,
        followers,
    }
}

/// The view the history's effects build from nothing.
fn rebuilt(history: &History) -> View {
    let mut view = View::default();
    for event in &history.events {
        apply_all(&mut view, &event.effects);
    }
    view
}

#[test]
fn each_player_is_told_the_batches_it_was_sent_from_the_set_up_on() {
    let server = TestServer::start();
    let mut table = started(&server, SystemId::FantasyArmies);
    play(&mut table.followers, &mut [], &mut Chooser::new(3), 6);

    for (seat, player) in table.players.iter().enumerate() {
        let path = format!("/api/matches/{}/history?role=player", table.id);
        let told = server.history(&path, Some(&player.token));
        let follower = &table.followers[seat];
        assert_eq!(told.seat, Some(Seat(seat as u8)));
        assert_eq!(told.events.len(), 7, "the set-up and six actions");
        let setup = &told.events[0];
        assert_eq!(
            (setup.seq, setup.kind, setup.seat),
            (0, EventKind::Setup, None)
        );
        assert!(
            matches!(setup.effects.first(), Some(Effect::GameCreated { .. })),
            "{:?}",
            setup.effects
        );
        assert!(
            setup
                .effects
                .iter()
                .any(|effect| matches!(effect, Effect::DiceRolled { .. })),
            "the deployment roll-off is in the set-up: {:?}",
            setup.effects
        );
        for (event, batch) in told.events[1..].iter().zip(&follower.batches) {
            assert_eq!(event.seq, batch.seq);
            assert_eq!(event.effects, batch.effects, "seq {}", batch.seq);
            assert_eq!(event.kind, EventKind::Action);
            let own = event.seat == Some(Seat(seat as u8));
            assert_eq!(
                event.action.is_some(),
                own,
                "seq {}: only its own actions",
                event.seq
            );
        }
        assert_eq!(rebuilt(&told), follower.view);
    }
}

#[test]
fn a_spectator_needs_no_token_and_upto_stops_at_a_snapshot() {
    let server = TestServer::start();
    let mut table = started(&server, SystemId::SummonersChess);
    play(&mut table.followers, &mut [], &mut Chooser::new(8), 3);
    let watcher = Follower::subscribe(server.client(None), table.id, Role::Spectator);
    play(&mut table.followers, &mut [], &mut Chooser::new(9), 2);

    let path = format!("/api/matches/{}/history?upto={}", table.id, watcher.seq);
    let told = server.history(&path, None);
    assert_eq!(told.seat, None);
    let seqs: Vec<u64> = told.events.iter().map(|event| event.seq).collect();
    assert_eq!(seqs, vec![0, 1, 2, 3]);
    assert!(told.events.iter().all(|event| event.action.is_none()));
    assert_eq!(rebuilt(&told), watcher.view);

    let whole = server.history(&format!("/api/matches/{}/history", table.id), None);
    assert_eq!(whole.events.len(), 6);
}

#[test]
fn refusals_say_why() {
    let server = TestServer::start();
    let table = started(&server, SystemId::ChessboardConfrontation);
    let outsider = server.player("cy");
    let base = format!("/api/matches/{}/history", table.id);

    let (status, body) = server.request("GET", &format!("{base}?role=player"), None, None);
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (401, Some("not_authenticated"))
    );
    let (status, body) = server.request(
        "GET",
        &format!("{base}?role=player"),
        Some(&outsider.token),
        None,
    );
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (403, Some("forbidden")),
        "{body}"
    );
    let (status, body) = server.get(&format!("{base}?role=referee"));
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (400, Some("bad_request")),
        "{body}"
    );
    let (status, body) = server.get("/api/matches/999/history");
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (404, Some("not_found"))
    );

    let [list, _] = two_armies(SystemId::ChessboardConfrontation);
    let stored = server.army_list(&outsider.token, &list);
    let (status, open) = server.request(
        "POST",
        "/api/matches",
        Some(&outsider.token),
        Some(&serde_json::json!({
            "config": MatchConfig::new(SystemId::ChessboardConfrontation),
            "army_list": stored.id,
        })),
    );
    assert_eq!(status, 201, "{open}");
    let (status, body) = server.get(&format!("/api/matches/{}/history", open["id"]));
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("match_not_running"))
    );
}
