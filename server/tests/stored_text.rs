//! Hostile text at the lobby: names and keys that are huge, hold terminal
//! commands, reorder the text around them or show nothing are refused with
//! the rule they break, in an answer that stays small.

mod common;

use common::TestServer;
use common::play::two_armies;
use fray_protocol::{ArmyEntry, StoredArmyList, SystemId};
use serde_json::{Value, json};

/// A name so long that five open matches holding it would make a list of
/// megabytes.
const HUGE: usize = 1_900_000;

/// Asserts a 400 `bad_request` whose message says `rule`, in a body that
/// does not grow with what was sent.
fn refused(answer: (u16, Value), rule: &str, case: &str) {
    let (status, body) = answer;
    assert_eq!(status, 400, "{case}: {body}");
    assert_eq!(body["error"]["code"], "bad_request", "{case}: {body}");
    let message = body["error"]["message"].as_str().expect("a message");
    assert!(message.contains(rule), "{case}: {message}");
    assert!(body.to_string().len() < 500, "{case}: {body}");
}

#[test]
fn a_player_name_with_controls_reordering_or_nothing_visible_is_refused() {
    let server = TestServer::start();
    let cases = [
        ("Ev\u{1b}]0;pwned\u{7}e", "cannot hold control characters"),
        ("Ev\u{1b}[2Je", "cannot hold control characters"),
        ("Eve\u{7}", "cannot hold control characters"),
        ("Eve\0", "cannot hold control characters"),
        ("Eve\u{9b}31m", "cannot hold control characters"),
        ("Eve\u{202e}gpj.exe", "reorder the text"),
        ("\u{2067}Eve", "reorder the text"),
        ("\u{200b}\u{200c}\u{200d}", "shows nothing"),
        ("\u{feff}\u{2060}", "shows nothing"),
        ("\u{3164}", "shows nothing"),
        ("   ", "cannot be empty"),
    ];
    for (name, rule) in cases {
        let answer = server.request("POST", "/api/players", None, Some(&json!({ "name": name })));
        refused(answer, rule, &format!("{name:?}"));
    }
    let huge = "x".repeat(HUGE);
    let answer = server.request("POST", "/api/players", None, Some(&json!({ "name": huge })));
    refused(answer, "has at most 32 characters", "a huge name");
}

#[test]
fn a_player_name_in_any_script_is_kept() {
    let server = TestServer::start();
    for name in ["Zoë 🙂", "شهرزاد", "山田太郎", "Ada\u{200d}Lovelace"] {
        assert_eq!(server.player(name).name, name);
    }
}

#[test]
fn an_army_list_name_follows_the_same_rules_when_stored_and_when_replaced() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let [mut list, _] = two_armies(SystemId::FantasyArmies);
    let post = |list: &fray_protocol::ArmyList| {
        let body = serde_json::to_value(list).unwrap();
        server.request("POST", "/api/army-lists", Some(&alice.token), Some(&body))
    };

    for (name, rule) in [
        ("x".repeat(HUGE), "has at most 64 characters"),
        ("x".repeat(65), "has at most 64 characters"),
        (
            "\u{1b}]8;;http://evil\u{7}click\u{1b}]8;;\u{7}".into(),
            "control",
        ),
        ("Elves\u{202e}".into(), "reorder the text"),
        ("\u{200b} ".into(), "shows nothing"),
    ] {
        list.name = name;
        refused(post(&list), rule, "a new list's name");
    }
    let (_, lists) = server.request("GET", "/api/army-lists", Some(&alice.token), None);
    assert_eq!(lists, json!([]), "nothing was stored");

    list.name = String::new();
    assert_eq!(post(&list).0, 201, "a list may have no name");
    list.name = "é".repeat(64);
    let (status, body) = post(&list);
    assert_eq!(status, 201);
    let stored: StoredArmyList = serde_json::from_value(body).unwrap();

    let path = format!("/api/army-lists/{}", stored.id);
    let mut renamed = list.clone();
    renamed.name = "Elves\u{1b}[8m".into();
    let body = serde_json::to_value(&renamed).unwrap();
    let answer = server.request("PUT", &path, Some(&alice.token), Some(&body));
    refused(answer, "control", "a replaced list's name");
    let (_, shown) = server.request("GET", &path, Some(&alice.token), None);
    assert_eq!(
        shown["list"]["name"],
        json!(list.name),
        "the list is unchanged"
    );
}

#[test]
fn keys_the_rules_would_quote_back_are_refused_when_huge_or_unsafe() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let [list, _] = two_armies(SystemId::FantasyArmies);
    let post = |list: &fray_protocol::ArmyList| {
        let body = serde_json::to_value(list).unwrap();
        server.request("POST", "/api/army-lists", Some(&alice.token), Some(&body))
    };

    let mut bad = list.clone();
    bad.army = "a".repeat(HUGE);
    refused(post(&bad), "the army key 'aaaa", "a huge army key");

    let mut bad = list.clone();
    bad.units.push(ArmyEntry::new("orc\u{1b}[2J", 1));
    refused(
        post(&bad),
        "the unit key 'orc\\u{1b}[2J' cannot hold control characters",
        "a unit key with ESC",
    );

    let mut bad = list.clone();
    bad.units[0].traits.push("t".repeat(HUGE));
    refused(post(&bad), "has at most 40 characters", "a huge trait key");

    let stored = server.army_list(&alice.token, &list);
    for (options, rule) in [
        (json!({ "k".repeat(HUGE): 1 }), "the option key 'kkkk"),
        (json!({"max-turns": "\u{7}".repeat(10)}), "the option value"),
    ] {
        let body = json!({
            "config": {"system": "fantasy-armies", "options": options},
            "army_list": stored.id,
        });
        let answer = server.request("POST", "/api/matches", Some(&alice.token), Some(&body));
        refused(answer, rule, "a match option");
    }
    let (_, matches) = server.get("/api/matches");
    assert_eq!(matches, json!([]), "no match was created");
}
