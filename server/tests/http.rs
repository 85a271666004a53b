//! Black-box tests of the REST lobby: the real server on an ephemeral port
//! with a temporary database, real HTTP requests.

mod common;

use common::TestServer;
use common::play::two_armies;
use fray_protocol::{
    ArmyEntry, MatchConfig, MatchStatus, MatchSummary, OptionKind, OptionValue, Replay,
    StoredArmyList, SystemId, SystemInfo,
};
use serde_json::{Value, json};

#[test]
fn healthz_says_ok_and_the_version() {
    let server = TestServer::start();
    let (status, body) = server.get("/healthz");
    assert_eq!(status, 200);
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
}

#[test]
fn systems_lists_fantasy_armies_with_six_armies() {
    let server = TestServer::start();
    let (status, body) = server.get("/api/systems");
    assert_eq!(status, 200);
    let systems: Vec<SystemInfo> =
        serde_json::from_value(body).expect("the body is a list of SystemInfo");
    let fantasy = systems
        .iter()
        .find(|system| system.id == SystemId::FantasyArmies)
        .expect("fantasy-armies is offered");
    assert_eq!(fantasy.armies.len(), 6, "armies: {:?}", army_keys(fantasy));
    for army in &fantasy.armies {
        assert!(!army.units.is_empty(), "{} has no units", army.key);
    }
    assert_eq!(
        systems,
        fray_rules::systems(),
        "the server sends the rules' own description"
    );
}

#[test]
fn systems_serve_example_armies_the_lobby_stores() {
    let server = TestServer::start();
    let (status, body) = server.get("/api/systems");
    assert_eq!(status, 200);
    let systems: Vec<SystemInfo> = serde_json::from_value(body).expect("SystemInfo");
    assert_eq!(systems.len(), fray_rules::registered().len());
    let ada = server.player("Ada");
    for system in &systems {
        assert!(!system.examples.is_empty(), "{}: no examples", system.id);
        for list in &system.examples {
            let body = serde_json::to_value(list).unwrap();
            let (status, answer) =
                server.request("POST", "/api/army-lists", Some(&ada.token), Some(&body));
            assert_eq!(status, 201, "{}: {}: {answer}", system.id, list.name);
        }
    }
}

#[test]
fn unknown_paths_are_json_404s() {
    let server = TestServer::start();
    let (status, body) = server.get("/no/such/thing");
    assert_eq!(status, 404);
    assert_eq!(body["error"]["code"], "not_found");
    let message = body["error"]["message"].as_str().expect("a message");
    assert!(message.contains("/no/such/thing"), "{message}");
}

#[test]
fn a_wrong_method_is_a_json_405() {
    let server = TestServer::start();
    let (status, body) = server.request("POST", "/healthz", None, None);
    assert_eq!(status, 405);
    assert_eq!(body["error"]["code"], "method_not_allowed");
}

fn army_keys(system: &SystemInfo) -> Vec<&str> {
    system.armies.iter().map(|army| army.key.as_str()).collect()
}

#[test]
fn a_player_is_registered_with_a_token_that_is_stored_only_as_a_hash() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    assert_eq!(alice.name, "Alice");
    assert_eq!(alice.token.len(), 64, "32 random bytes as hex");
    let other = server.player("Alicia");
    assert_ne!(alice.token, other.token);
    assert_ne!(alice.id, other.id);

    let db = std::fs::read(server.database_path()).expect("the database file");
    let wal = std::fs::read(server.database_path().with_extension("db-wal")).unwrap_or_default();
    for bytes in [&db, &wal] {
        assert!(
            !bytes
                .windows(alice.token.len())
                .any(|window| window == alice.token.as_bytes()),
            "the token itself is never written to the database"
        );
    }
}

#[test]
fn a_token_says_whose_it_is() {
    let server = TestServer::start();
    let ada = server.player("Ada");
    server.player("Bo");
    let (status, me) = server.request("GET", "/api/players/me", Some(&ada.token), None);
    assert_eq!(status, 200, "{me}");
    assert_eq!(me, json!({"id": ada.id, "name": "Ada"}));
    for (token, code) in [
        (None, "not_authenticated"),
        (Some("0".repeat(64)), "bad_token"),
    ] {
        let (status, answer) = server.request("GET", "/api/players/me", token.as_deref(), None);
        assert_eq!(
            (status, answer["error"]["code"].clone()),
            (401, json!(code))
        );
    }
}

#[test]
fn a_blank_or_malformed_registration_is_refused() {
    let server = TestServer::start();
    for body in [
        json!({"name": "  "}),
        json!({"name": "x".repeat(33)}),
        json!({"nom": "x"}),
    ] {
        let (status, answer) = server.request("POST", "/api/players", None, Some(&body));
        assert_eq!(status, 400, "{body} -> {answer}");
        assert_eq!(answer["error"]["code"], "bad_request");
    }
}

#[test]
fn a_name_another_player_holds_in_any_case_is_refused_as_taken() {
    let server = TestServer::start();
    server.player("Ada");
    for taken in ["Ada", "ada", "ADA", " ada ", "ada\u{200b}", "a\u{2060}DA"] {
        let (status, answer) =
            server.request("POST", "/api/players", None, Some(&json!({"name": taken})));
        assert_eq!(status, 409, "{taken:?} -> {answer}");
        assert_eq!(answer["error"]["code"], "name_taken");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains("is taken"), "{message}");
    }
    server.player("Émile");
    let (status, _) = server.request(
        "POST",
        "/api/players",
        None,
        Some(&json!({"name": "éMILE"})),
    );
    assert_eq!(status, 409, "case beyond ASCII is the same name");
    server.player("Ada Lovelace");
}

#[test]
fn army_lists_are_created_listed_shown_replaced_and_deleted_by_their_owner_only() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let bob = server.player("Bob");
    let [dwarfs, undead] = two_armies(SystemId::FantasyArmies);

    let stored = server.army_list(&alice.token, &dwarfs);
    assert_eq!(stored.list, dwarfs);
    assert_eq!(stored.owner, alice.id);
    let path = format!("/api/army-lists/{}", stored.id);

    let (status, body) = server.request("GET", "/api/army-lists", Some(&alice.token), None);
    assert_eq!(status, 200);
    let lists: Vec<StoredArmyList> = serde_json::from_value(body).unwrap();
    assert_eq!(lists, vec![stored.clone()]);
    let (_, body) = server.request("GET", "/api/army-lists", Some(&bob.token), None);
    assert_eq!(body, json!([]), "Bob sees none of Alice's lists");

    let (status, body) = server.request("GET", &path, Some(&bob.token), None);
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (404, json!("not_found"))
    );
    let (status, _) = server.request("DELETE", &path, Some(&bob.token), None);
    assert_eq!(status, 404, "Bob cannot delete Alice's list");

    let undead_json = serde_json::to_value(&undead).unwrap();
    let (status, body) = server.request("PUT", &path, Some(&alice.token), Some(&undead_json));
    assert_eq!(status, 200, "{body}");
    let (_, body) = server.request("GET", &path, Some(&alice.token), None);
    let shown: StoredArmyList = serde_json::from_value(body).unwrap();
    assert_eq!(shown.list, undead);

    let (status, _) = server.request("DELETE", &path, Some(&alice.token), None);
    assert_eq!(status, 204);
    let (status, _) = server.request("GET", &path, Some(&alice.token), None);
    assert_eq!(status, 404);
}

#[test]
fn an_invalid_army_list_is_refused_with_every_reason_and_nothing_is_stored() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let [mut list, _] = two_armies(SystemId::FantasyArmies);
    list.units.push(ArmyEntry::new("no-such-unit", 1));
    list.units[0].count = 99;
    let body = serde_json::to_value(&list).unwrap();
    let (status, answer) =
        server.request("POST", "/api/army-lists", Some(&alice.token), Some(&body));
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["error"]["code"], "invalid_army");
    let reasons = answer["error"]["reasons"].as_array().expect("reasons");
    let expected = fray_rules::validate_army(&list).expect_err("the rules refuse it too");
    assert_eq!(reasons.len(), expected.len());
    assert!(expected.len() >= 2, "{expected:?}");
    let (_, lists) = server.request("GET", "/api/army-lists", Some(&alice.token), None);
    assert_eq!(lists, json!([]));
}

#[test]
fn an_error_answer_stays_smaller_than_the_request_that_caused_it() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let [mut list, _] = two_armies(SystemId::FantasyArmies);
    list.units
        .extend((0..30_000).map(|n| ArmyEntry::new(format!("no-such-unit-{n}"), 1)));
    let request = serde_json::to_string(&list).unwrap();
    let (status, answer) = server.request(
        "POST",
        "/api/army-lists",
        Some(&alice.token),
        Some(&serde_json::to_value(&list).unwrap()),
    );
    assert_eq!(status, 422);
    let answer_bytes = answer.to_string().len();
    assert!(
        answer_bytes < 4_000,
        "{answer_bytes} bytes answer a {} byte request",
        request.len()
    );
    let reasons = answer["error"]["reasons"].as_array().expect("reasons");
    assert_eq!(reasons.len(), 21, "20 reasons and a count");
    assert_eq!(
        reasons[0],
        "'no-such-unit-0' is not in the Dwarfs army list"
    );
    assert_eq!(reasons[20], "and 29980 more");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.ends_with("(and 29999 more reasons)"), "{message}");

    // serde's refusal quotes what it did not know; the answer cuts it.
    let body = json!({"system": "x".repeat(1_000_000), "army": "dwarfs", "units": []});
    let (status, answer) =
        server.request("POST", "/api/army-lists", Some(&alice.token), Some(&body));
    assert_eq!(status, 400);
    assert!(answer.to_string().len() < 2_000, "{answer}");
}

#[test]
fn acting_without_a_token_or_with_a_wrong_one_is_refused() {
    let server = TestServer::start();
    let (status, body) = server.request("GET", "/api/army-lists", None, None);
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (401, json!("not_authenticated"))
    );
    let (status, body) = server.request("GET", "/api/army-lists", Some("not-a-token"), None);
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (401, json!("bad_token"))
    );
}

#[test]
fn a_match_is_created_joined_started_with_a_commitment_and_listed_by_status() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let bob = server.player("Bob");
    let [dwarfs, undead] = two_armies(SystemId::FantasyArmies);
    let list = server.army_list(&alice.token, &dwarfs);
    let config = MatchConfig::new(SystemId::FantasyArmies);
    let body = json!({"config": config, "army_list": list.id});
    let (status, body) = server.request("POST", "/api/matches", Some(&alice.token), Some(&body));
    assert_eq!(status, 201, "{body}");
    let open: MatchSummary = serde_json::from_value(body).unwrap();
    assert_eq!(open.status, MatchStatus::Open);
    assert_eq!(open.seats.len(), 2);
    assert_eq!(open.seats[0].player.as_ref().unwrap().id, alice.id);
    assert!(open.seats[1].player.is_none());
    assert_eq!(open.commitment, None);

    let (_, listed) = server.get("/api/matches?status=open&system=fantasy-armies");
    let listed: Vec<MatchSummary> = serde_json::from_value(listed).unwrap();
    assert_eq!(listed, vec![open.clone()]);
    let (_, none) = server.get("/api/matches?status=open&system=summoners-chess");
    assert_eq!(none, json!([]));

    let join = format!("/api/matches/{}/join", open.id);
    let alice_again = json!({"army_list": list.id});
    let (status, body) = server.request("POST", &join, Some(&alice.token), Some(&alice_again));
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (409, json!("already_seated"))
    );

    let bob_list = server.army_list(&bob.token, &undead);
    let (status, body) = server.request(
        "POST",
        &join,
        Some(&bob.token),
        Some(&json!({"army_list": bob_list.id})),
    );
    assert_eq!(status, 200, "{body}");
    let running: MatchSummary = serde_json::from_value(body).unwrap();
    assert_eq!(running.status, MatchStatus::Running);
    assert_eq!(running.seq, 0);
    let commitment = running
        .commitment
        .clone()
        .expect("a commitment once started");
    assert_eq!(commitment.len(), 64);
    assert_eq!(running.seats[1].army.as_deref(), Some("undead"));

    let carol = server.player("Carol");
    let carol_list = server.army_list(&carol.token, &undead);
    let (status, body) = server.request(
        "POST",
        &join,
        Some(&carol.token),
        Some(&json!({"army_list": carol_list.id})),
    );
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (409, json!("match_full"))
    );

    let (status, body) = server.get(&format!("/api/matches/{}/replay", open.id));
    assert_eq!(status, 409, "no replay (and no seed) while it runs: {body}");
    let (_, shown) = server.get(&format!("/api/matches/{}", open.id));
    assert_eq!(
        serde_json::from_value::<MatchSummary>(shown).unwrap(),
        running
    );
}

/// Six players join a four-seat match at once: three seats are free, so
/// three join and three are told the match is full; the seats go to three
/// different players and the match starts once.
#[test]
fn players_who_join_at_once_take_each_free_seat_once() {
    let server = TestServer::start();
    let [squad, _] = two_armies(SystemId::ChessboardConfrontation);
    let host = server.player("Host");
    let host_list = server.army_list(&host.token, &squad);
    let config = MatchConfig::new(SystemId::ChessboardConfrontation);
    let body = json!({"config": config, "army_list": host_list.id, "seats": 4});
    let (status, body) = server.request("POST", "/api/matches", Some(&host.token), Some(&body));
    assert_eq!(status, 201, "{body}");
    let open: MatchSummary = serde_json::from_value(body).unwrap();
    let join = format!("/api/matches/{}/join", open.id);
    let joiners: Vec<_> = (0..6)
        .map(|n| {
            let player = server.player(&format!("Joiner {n}"));
            let list = server.army_list(&player.token, &squad);
            (player, json!({"army_list": list.id}))
        })
        .collect();

    let answers: Vec<(u16, Value)> = std::thread::scope(|scope| {
        let asks: Vec<_> = joiners
            .iter()
            .map(|(player, body)| {
                scope.spawn(|| server.request("POST", &join, Some(&player.token), Some(body)))
            })
            .collect();
        asks.into_iter().map(|ask| ask.join().unwrap()).collect()
    });

    let joined = answers.iter().filter(|(status, _)| *status == 200).count();
    let full = answers
        .iter()
        .filter(|(status, body)| (*status, &body["error"]["code"]) == (409, &json!("match_full")))
        .count();
    assert_eq!((joined, full), (3, 3), "{answers:#?}");
    let (_, shown) = server.get(&format!("/api/matches/{}", open.id));
    let shown: MatchSummary = serde_json::from_value(shown).unwrap();
    assert_eq!(shown.status, MatchStatus::Running);
    assert_eq!(shown.seq, 0, "the match was set up once");
    let mut seated: Vec<_> = shown
        .seats
        .iter()
        .map(|seat| seat.player.as_ref().expect("every seat taken").id)
        .collect();
    seated.sort();
    seated.dedup();
    assert_eq!(seated.len(), 4, "a player holds two seats: {shown:#?}");
}

#[test]
fn a_match_with_a_list_of_another_system_or_bad_options_is_refused() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let [dwarfs, _] = two_armies(SystemId::FantasyArmies);
    let list = server.army_list(&alice.token, &dwarfs);
    let cases = [
        json!({"config": {"system": "summoners-chess"}, "army_list": list.id}),
        json!({"config": {"system": "fantasy-armies"}, "army_list": list.id, "seats": 3}),
        json!({"config": {"system": "fantasy-armies", "options": {"no-such-option": 1}}, "army_list": list.id}),
    ];
    for body in cases {
        let (status, answer) =
            server.request("POST", "/api/matches", Some(&alice.token), Some(&body));
        assert_eq!(status, 422, "{body} -> {answer}");
        assert_eq!(answer["error"]["code"], "invalid_match");
    }
    let (_, listed) = server.get("/api/matches");
    assert_eq!(listed, json!([]), "nothing was created");
}

/// A match stores every option its system declares, the ones its creator
/// left out at their defaults, so that a later release changing a default
/// does not change how a stored match plays when it is re-run.
#[test]
fn a_new_match_stores_every_option_with_the_defaults_it_was_created_under() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    for system in [
        SystemId::FantasyArmies,
        SystemId::ChessboardConfrontation,
        SystemId::SummonersChess,
    ] {
        let [list, _] = two_armies(system);
        let list = server.army_list(&alice.token, &list);
        let info: SystemInfo = serde_json::from_value(server.get("/api/systems").1)
            .map(|systems: Vec<SystemInfo>| {
                systems.into_iter().find(|info| info.id == system).unwrap()
            })
            .unwrap();
        let chosen = &info.options[0];
        let chosen_value = match &chosen.kind {
            OptionKind::Int { min, max } => json!(if chosen.default == OptionValue::Int(*max) {
                min
            } else {
                max
            }),
            OptionKind::Bool => json!(chosen.default != OptionValue::Bool(true)),
            OptionKind::Choice { choices } => json!(
                choices
                    .iter()
                    .find(|choice| chosen.default != OptionValue::Text(choice.to_string()))
                    .unwrap()
            ),
        };
        let body = json!({
            "config": {"system": system, "options": {chosen.key.clone(): chosen_value}},
            "army_list": list.id,
        });
        let (status, made) =
            server.request("POST", "/api/matches", Some(&alice.token), Some(&body));
        assert_eq!(status, 201, "{made}");
        let made: MatchSummary = serde_json::from_value(made).unwrap();

        let mut expected: Vec<(String, OptionValue)> = info
            .options
            .iter()
            .map(|spec| (spec.key.clone(), spec.default.clone()))
            .collect();
        expected[0].1 = serde_json::from_value(chosen_value).unwrap();
        let stored: Vec<(String, OptionValue)> = made.config.options.into_iter().collect();
        expected.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(stored, expected, "{system}");
    }
}

#[test]
fn resigning_ends_the_match_and_publishes_the_replay_with_the_seed() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let bob = server.player("Bob");
    let [a, b] = two_armies(SystemId::SummonersChess);
    let config = MatchConfig::new(SystemId::SummonersChess);
    let running = server.started_match(&config, &[(&alice, &a), (&bob, &b)]);
    let resign = format!("/api/matches/{}/resign", running.id);

    let carol = server.player("Carol");
    let (status, _) = server.request("POST", &resign, Some(&carol.token), None);
    assert_eq!(status, 403, "only a seated player resigns");

    let carol_list = server.army_list(&carol.token, &a);
    let body = json!({"config": config, "army_list": carol_list.id});
    let (_, open) = server.request("POST", "/api/matches", Some(&carol.token), Some(&body));
    let open_resign = format!("/api/matches/{}/resign", open["id"]);
    let (status, body) = server.request("POST", &open_resign, Some(&carol.token), None);
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (409, json!("match_not_running")),
        "a match still waiting for players is not running"
    );

    let (status, body) = server.request("POST", &resign, Some(&bob.token), None);
    assert_eq!(status, 200, "{body}");
    let finished: MatchSummary = serde_json::from_value(body).unwrap();
    assert_eq!(finished.status, MatchStatus::Finished);
    let outcome = finished.outcome.clone().expect("an outcome");
    assert_eq!(outcome.winners, vec![fray_protocol::Seat(0)]);
    assert_eq!(
        outcome.reason,
        fray_protocol::Phrase::from(fray_protocol::Seat(1)).text(" resigned")
    );

    let (status, body) = server.request("POST", &resign, Some(&alice.token), None);
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (409, json!("game_over"))
    );

    let (status, body) = server.get(&format!("/api/matches/{}/replay", running.id));
    assert_eq!(status, 200, "{body}");
    let replay: Replay = serde_json::from_value(body).unwrap();
    assert_eq!(replay.events.len(), 2, "the set-up and the resignation");
    assert_eq!(replay.armies, vec![a, b]);
    let seed: Vec<u8> = (0..32)
        .map(|i| u8::from_str_radix(&replay.seed[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    let seed: [u8; 32] = seed.try_into().unwrap();
    assert_eq!(
        Some(fray_server::lobby::seed::commitment(&seed)),
        running.commitment,
        "the revealed seed is the one committed to"
    );
}

#[test]
fn bad_ids_and_unknown_matches_are_json_errors() {
    let server = TestServer::start();
    let (status, body) = server.get("/api/matches/abc");
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (400, json!("bad_request"))
    );
    let (status, body) = server.get("/api/matches/999");
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (404, json!("not_found"))
    );
    let (status, body) = server.get("/api/matches?status=paused");
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (400, json!("bad_request"))
    );
    for limit in [0, 201, 500] {
        let (status, body) = server.get(&format!("/api/matches?limit={limit}"));
        assert_eq!(status, 400, "limit={limit}: {body}");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.contains("1 to 200"), "{message}");
    }
    let (status, _) = server.get("/api/matches?limit=200");
    assert_eq!(status, 200);
    let _: Value = body;
}
