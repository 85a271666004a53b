//! A match's history and replay come in pages: a long game's log is never
//! one unbounded answer. Each page says where the next begins (`next`, to
//! give as `after`); the pages, followed to the end, are the whole log.

mod common;

use common::TestServer;
use common::play::{Chooser, Follower, play, two_player_match};
use fray_protocol::{ClientMessage, MatchId, Role, ServerMessage, SystemId};
use serde_json::Value;

/// Every page of `path` (which has a query already) of at most `limit`
/// events: each page's body.
fn pages(server: &TestServer, path: &str, limit: usize) -> Vec<Value> {
    let mut pages = Vec::new();
    let mut after: Option<u64> = None;
    loop {
        let mut asked = format!("{path}&limit={limit}");
        if let Some(after) = after {
            asked += &format!("&after={after}");
        }
        let (status, page) = server.get(&asked);
        assert_eq!(status, 200, "{asked}: {page}");
        let events = page["events"].as_array().expect("events").len();
        assert!(
            events <= limit,
            "{asked}: {events} events on a page of {limit}"
        );
        after = page["next"].as_u64();
        pages.push(page);
        if after.is_none() {
            return pages;
        }
        assert!(pages.len() < 1_000, "the pages never end");
    }
}

fn events_of(pages: &[Value], field: &str) -> Vec<Value> {
    pages
        .iter()
        .flat_map(|page| page[field].as_array().cloned().unwrap_or_default())
        .collect()
}

/// A match of a dozen events, with chat among them, that `resign` ends.
fn played(server: &TestServer, resign: bool) -> MatchId {
    let (id, players) = two_player_match(server, SystemId::FantasyArmies);
    let mut followers = [0, 1].map(|seat| {
        Follower::subscribe(server.client(Some(&players[seat].token)), id, Role::Player)
    });
    let mut chooser = Chooser::new(9);
    for round in 0..3 {
        play(&mut followers, &mut [], &mut chooser, 4);
        followers[0].client.send(&ClientMessage::Chat {
            match_id: id,
            text: format!("round {round}"),
        });
        // Read back by both, so that the next actions come after it.
        for follower in &mut followers {
            match follower.client.recv_game() {
                ServerMessage::Chat { .. } => {}
                other => panic!("expected the line, got {other:?}"),
            }
        }
    }
    if resign {
        let path = format!("/api/matches/{id}/resign");
        let (status, body) = server.request("POST", &path, Some(&players[1].token), None);
        assert_eq!(status, 200, "{body}");
    }
    id
}

#[test]
fn a_history_comes_in_pages_that_make_the_whole() {
    let server = TestServer::start_unthrottled();
    let id = played(&server, false);
    let path = format!("/api/matches/{id}/history?role=spectator");
    let (status, whole) = server.get(&path);
    assert_eq!(status, 200, "{whole}");
    assert!(whole["next"].is_null(), "a short log is one page: {whole}");
    let whole = whole["events"].as_array().unwrap().clone();
    assert!(whole.len() > 10, "{} events", whole.len());

    let pages = pages(&server, &path, 4);

    assert!(pages.len() >= 3, "{} pages", pages.len());
    assert_eq!(events_of(&pages, "events"), whole);
}

#[test]
fn a_replay_comes_in_pages_that_make_the_whole_chat_included() {
    let server = TestServer::start_unthrottled();
    let id = played(&server, true);
    let path = format!("/api/matches/{id}/replay?");
    let (status, whole) = server.get(&path);
    assert_eq!(status, 200, "{whole}");
    assert!(whole["next"].is_null(), "a short log is one page");

    let pages = pages(&server, &path, 4);

    assert!(pages.len() >= 3, "{} pages", pages.len());
    assert_eq!(
        events_of(&pages, "events"),
        *whole["events"].as_array().unwrap()
    );
    assert_eq!(
        events_of(&pages, "chat"),
        *whole["chat"].as_array().unwrap()
    );
    for page in &pages {
        assert_eq!(page["seed"], whole["seed"]);
        assert_eq!(page["summary"], whole["summary"]);
    }
}

#[test]
fn a_page_size_out_of_range_is_refused() {
    let server = TestServer::start_unthrottled();
    let id = played(&server, true);
    for path in [
        format!("/api/matches/{id}/history?limit=0"),
        format!("/api/matches/{id}/replay?limit=0"),
        format!("/api/matches/{id}/replay?limit=1001"),
        format!("/api/matches/{id}/history?limit=many"),
    ] {
        let (status, body) = server.get(&path);
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(body["error"]["code"], "bad_request", "{path}: {body}");
    }
}
