//! A Chessboard Confrontation list is stored for no match in particular and
//! checked against the points of the match it is used for: when the match
//! is created, and when a seat is taken. Lists and matches are found by a
//! system's key or its short name.

mod common;

use common::TestServer;
use fray_protocol::{ArmyEntry, ArmyList, MatchConfig, MatchSummary, OptionValue, SystemId};
use serde_json::{Value, json};

/// Two Elites with Armor (13 points each) and six Minions (4 each) make 50;
/// an Elite more (10), 60.
fn squad_of(points: u32) -> ArmyList {
    let mut units = vec![
        ArmyEntry {
            unit: "elite".into(),
            count: 2,
            traits: vec!["armor".into()],
        },
        ArmyEntry::new("minion", 6),
    ];
    match points {
        50 => {}
        60 => units.push(ArmyEntry::new("elite", 1)),
        _ => panic!("no squad of {points}"),
    }
    ArmyList {
        system: SystemId::ChessboardConfrontation,
        army: "squad".into(),
        name: format!("{points} points"),
        units,
    }
}

fn config(points: Option<i64>) -> MatchConfig {
    let config = MatchConfig::new(SystemId::ChessboardConfrontation);
    match points {
        Some(points) => config.with("points", OptionValue::Int(points)),
        None => config,
    }
}

fn refused_for_budget(status: u16, answer: &Value, budget: u32) {
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["error"]["code"], "invalid_army");
    let reasons = answer["error"]["reasons"].as_array().expect("reasons");
    assert_eq!(
        reasons,
        &[json!(format!(
            "the army costs 60 points; the match's budget is {budget} (its 'points' option)"
        ))],
        "{answer}"
    );
}

#[test]
fn a_list_over_fifty_points_is_stored_and_plays_where_the_match_allows_it() {
    let server = TestServer::start_unthrottled();
    let ada = server.player("ada");
    let bo = server.player("bo");
    let big = server.army_list(&ada.token, &squad_of(60));
    let create = |config: MatchConfig| {
        server.request(
            "POST",
            "/api/matches",
            Some(&ada.token),
            Some(&json!({"config": config, "army_list": big.id})),
        )
    };

    let (status, answer) = create(config(None));
    refused_for_budget(status, &answer, 50);
    let (status, answer) = create(config(Some(55)));
    refused_for_budget(status, &answer, 55);
    let (status, answer) = create(config(Some(60)));
    assert_eq!(status, 201, "{answer}");
    let at_sixty: MatchSummary = serde_json::from_value(answer).unwrap();

    // Bo's 60 points fit the 60-point match, not a 50-point one.
    let small = server.army_list(&ada.token, &squad_of(50));
    let (status, answer) = server.request(
        "POST",
        "/api/matches",
        Some(&ada.token),
        Some(&json!({"config": config(None), "army_list": small.id})),
    );
    assert_eq!(status, 201, "{answer}");
    let at_fifty: MatchSummary = serde_json::from_value(answer).unwrap();
    let bos = server.army_list(&bo.token, &squad_of(60));
    let join = |id| {
        server.request(
            "POST",
            &format!("/api/matches/{id}/join"),
            Some(&bo.token),
            Some(&json!({"army_list": bos.id})),
        )
    };
    let (status, answer) = join(at_fifty.id);
    refused_for_budget(status, &answer, 50);
    let (_, still) = server.get(&format!("/api/matches/{}", at_fifty.id));
    assert_eq!(still["status"], "open", "the seat was not taken: {still}");
    assert!(still["seats"][1]["player"].is_null(), "{still}");

    let (status, answer) = join(at_sixty.id);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["status"], "running");
}

#[test]
fn a_list_no_match_could_field_is_refused_when_stored() {
    let server = TestServer::start_unthrottled();
    let ada = server.player("ada");
    let list = ArmyList {
        units: vec![ArmyEntry::new("monster", 42)],
        ..squad_of(50)
    };
    let body = serde_json::to_value(&list).unwrap();
    let (status, answer) = server.request("POST", "/api/army-lists", Some(&ada.token), Some(&body));
    assert_eq!(status, 422, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("504 points; no match's budget is over 500"),
        "{message}"
    );
}

#[test]
fn a_system_filter_takes_the_key_or_the_short_name() {
    let server = TestServer::start_unthrottled();
    let ada = server.player("ada");
    let list = server.army_list(&ada.token, &squad_of(50));
    let (status, _) = server.request(
        "POST",
        "/api/matches",
        Some(&ada.token),
        Some(&json!({"config": config(None), "army_list": list.id})),
    );
    assert_eq!(status, 201);
    for name in ["chessboard-confrontation", "cc"] {
        let (status, matches) = server.get(&format!("/api/matches?system={name}"));
        assert_eq!(status, 200, "{name}: {matches}");
        assert_eq!(matches.as_array().unwrap().len(), 1, "{name}: {matches}");
        let (status, lists) = server.request(
            "GET",
            &format!("/api/army-lists?system={name}"),
            Some(&ada.token),
            None,
        );
        assert_eq!(status, 200, "{name}: {lists}");
        assert_eq!(lists.as_array().unwrap().len(), 1, "{name}: {lists}");
    }
    let (status, answer) = server.get("/api/matches?system=chess");
    assert_eq!(status, 400, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains("summoners-chess (sc)"), "{message}");
    assert!(message.contains("chess-war (cw)"), "{message}");
    assert!(
        message.contains("action-chess-faction-chess (acfc)"),
        "{message}"
    );
}
