//! `POST /api/army-lists/check`: a list judged as storing it would judge
//! it, with nothing stored, and its points and pieces for a builder.

mod common;

use common::TestServer;
use common::play::two_armies;
use fray_protocol::{ArmyCheck, ArmyEntry, ArmyList, SystemId};
use serde_json::{Value, json};

fn body(list: &ArmyList) -> Value {
    serde_json::to_value(list).expect("a list serialises")
}

fn check(server: &TestServer, token: &str, list: &ArmyList) -> ArmyCheck {
    let (status, answer) = server.request(
        "POST",
        "/api/army-lists/check",
        Some(token),
        Some(&body(list)),
    );
    assert_eq!(status, 200, "{answer}");
    serde_json::from_value(answer).expect("an army check")
}

fn stored_lists(server: &TestServer, token: &str) -> Value {
    server
        .request("GET", "/api/army-lists", Some(token), None)
        .1
}

#[test]
fn a_valid_list_is_checked_valid_with_its_points_and_pieces_and_not_stored() {
    let server = TestServer::start();
    let ada = server.player("ada");
    let [dwarfs, _] = two_armies(SystemId::FantasyArmies);

    let checked = check(&server, &ada.token, &dwarfs);
    assert!(checked.valid, "{checked:?}");
    assert!(checked.reasons.is_empty());
    let pieces: u32 = dwarfs.units.iter().map(|entry| entry.count).sum();
    assert_eq!(checked.pieces, pieces);
    assert_eq!(checked.limits.points, Some(60.0));
    let points = checked.points.expect("Fantasy Armies' units cost points");
    assert!(points > 0.0 && points <= 60.0, "{points}");
    assert_eq!(stored_lists(&server, &ada.token), json!([]));
}

#[test]
fn an_invalid_list_is_checked_with_the_reasons_storing_it_would_give() {
    let server = TestServer::start();
    let ada = server.player("ada");
    let [mut dwarfs, _] = two_armies(SystemId::FantasyArmies);
    let before = check(&server, &ada.token, &dwarfs);
    dwarfs.units.push(ArmyEntry::new("no-such-unit", 1));
    dwarfs.units[0].count += 20;

    let checked = check(&server, &ada.token, &dwarfs);
    assert!(!checked.valid);
    let (status, refusal) = server.request(
        "POST",
        "/api/army-lists",
        Some(&ada.token),
        Some(&body(&dwarfs)),
    );
    assert_eq!(status, 422, "{refusal}");
    assert_eq!(json!(checked.reasons), refusal["error"]["reasons"]);
    assert!(checked.reasons.len() >= 2, "{:?}", checked.reasons);
    assert!(
        checked
            .reasons
            .iter()
            .any(|reason| reason.contains("'no-such-unit'")),
        "{:?}",
        checked.reasons
    );
    assert_eq!(checked.pieces, before.pieces + 21);
    assert!(checked.points > before.points, "the added units cost more");
    assert_eq!(stored_lists(&server, &ada.token), json!([]));
}

#[test]
fn bought_traits_count_in_the_points_and_free_systems_report_none() {
    let server = TestServer::start();
    let ada = server.player("ada");
    let [mut squad, _] = two_armies(SystemId::ChessboardConfrontation);
    let before = check(&server, &ada.token, &squad);
    let entry = squad
        .units
        .iter_mut()
        .find(|entry| !entry.traits.iter().any(|key| key == "flight"))
        .expect("an entry without Flight");
    entry.traits.push("flight".into());
    let count = f64::from(entry.count);
    let after = check(&server, &ada.token, &squad);
    let (Some(before), Some(after)) = (before.points, after.points) else {
        panic!("Chessboard Confrontation's units cost points");
    };
    assert_eq!(after - before, 2.0 * count, "Flight costs 2 a miniature");

    let [summoners, _] = two_armies(SystemId::SummonersChess);
    let checked = check(&server, &ada.token, &summoners);
    assert!(checked.valid, "{checked:?}");
    assert_eq!((checked.points, checked.pieces), (None, 0));
}

#[test]
fn a_bad_key_or_name_is_refused_as_storing_refuses_it() {
    let server = TestServer::start();
    let ada = server.player("ada");
    let [dwarfs, _] = two_armies(SystemId::FantasyArmies);
    let mut bad_key = dwarfs.clone();
    bad_key.units[0].unit = "x".repeat(41);
    let mut bad_name = dwarfs;
    bad_name.name = "line\nbreak".into();
    for list in [bad_key, bad_name] {
        let (status, checked) = server.request(
            "POST",
            "/api/army-lists/check",
            Some(&ada.token),
            Some(&body(&list)),
        );
        let (_, stored) = server.request(
            "POST",
            "/api/army-lists",
            Some(&ada.token),
            Some(&body(&list)),
        );
        assert_eq!(status, 400, "{checked}");
        assert_eq!(checked["error"]["code"], "bad_request");
        assert_eq!(checked, stored, "the same refusal as storing it");
    }
    assert_eq!(stored_lists(&server, &ada.token), json!([]));
}

#[test]
fn checking_needs_a_token() {
    let server = TestServer::start();
    let [dwarfs, _] = two_armies(SystemId::FantasyArmies);
    for (token, code) in [(None, "not_authenticated"), (Some("nope"), "bad_token")] {
        let (status, answer) =
            server.request("POST", "/api/army-lists/check", token, Some(&body(&dwarfs)));
        assert_eq!(status, 401, "{answer}");
        assert_eq!(answer["error"]["code"], code);
    }
}

#[test]
fn checks_are_not_counted_among_the_lobby_writes() {
    let server = TestServer::start_with(|config| {
        config.lobby_writes_per_minute = 1;
        config.lobby_writes_burst = 2;
    });
    let ada = server.player("ada");
    let [dwarfs, _] = two_armies(SystemId::FantasyArmies);
    for _ in 0..10 {
        assert!(check(&server, &ada.token, &dwarfs).valid);
    }
    server.army_list(&ada.token, &dwarfs);
}

#[test]
fn every_example_costs_what_its_units_cost_and_fits_the_default_budget() {
    for info in fray_rules::systems() {
        for example in &info.examples {
            let tally = example.tally(Some(&info));
            let counted: u32 = example.units.iter().map(|entry| entry.count).sum();
            assert_eq!(tally.pieces, counted, "{}", example.name);
            match (tally.points, info.limits.points) {
                (Some(points), Some(budget)) => {
                    assert!(
                        points > 0.0 && points <= budget,
                        "{}: {points}",
                        example.name
                    )
                }
                (None, None) => {}
                other => panic!("{}: points and budget {other:?}", example.name),
            }
        }
    }
}
