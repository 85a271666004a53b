//! House bots as seats: a match made against a bot starts at once, the bot
//! plays its seat through the same path as a player (stored, batched,
//! replayed, verified), survives a crash, answers draw offers, is never
//! away, sits where it is asked and nowhere else, and comes back for a
//! rematch. A player may ask a bot for a suggestion in their own seat.

mod common;

use common::TestServer;
use common::play::{Chooser, Follower, two_armies};
use fray_protocol::{
    ClientMessage, MatchId, MatchStatus, MatchSummary, PlayerCreated, Role, Seat, ServerMessage,
    Suggestion, SystemId,
};
use serde_json::{Value, json};

/// A match Alice makes in `seat` of `system` against the bots `bots`
/// (JSON `NewBot`s), with the system's first example army; its summary.
fn against(
    server: &TestServer,
    alice: &PlayerCreated,
    system: SystemId,
    seats: u8,
    seat: u8,
    bots: Value,
) -> (u16, Value) {
    let list = server.army_list(&alice.token, &two_armies(system)[0]);
    let body = json!({
        "config": {"system": system},
        "army_list": list.id,
        "seats": seats,
        "seat": seat,
        "bots": bots,
    });
    server.request("POST", "/api/matches", Some(&alice.token), Some(&body))
}

/// A two-seat match of `system`, Alice in seat 0 and a bot of `level` in
/// seat 1, running; its id.
fn against_a_bot(
    server: &TestServer,
    alice: &PlayerCreated,
    system: SystemId,
    level: &str,
) -> MatchId {
    let (status, body) = against(
        server,
        alice,
        system,
        2,
        0,
        json!([{"seat": 1, "level": level}]),
    );
    assert_eq!(status, 201, "{body}");
    summary(body).id
}

fn summary(body: Value) -> MatchSummary {
    serde_json::from_value(body).expect("a match summary")
}

/// Alice, following her seat, plays a random listed option whenever she
/// must decide and reads the bot's batches otherwise, until the game ends
/// or she has played `most` actions; how many she played.
fn play_against_the_bot(alice: &mut Follower, chooser: &mut Chooser, most: usize) -> usize {
    let me = alice.seat.expect("a seat");
    let mut played = 0;
    while !alice.is_over() && played < most {
        if alice.to_act.contains(&me) {
            let option = alice.options[chooser.index(alice.options.len())].clone();
            let id = alice.seq + 1;
            alice.client.send(&ClientMessage::Act {
                match_id: alice.match_id,
                id,
                action: option.action,
            });
            alice.next_batch();
            loop {
                match alice.client.recv_game() {
                    ServerMessage::Ack { id: acked, .. } if acked == id => break,
                    // The bot may answer before the ack is read.
                    ServerMessage::Batch(batch) => alice.take(batch),
                    other => panic!("expected the ack of {id}, got {other:?}"),
                }
            }
            played += 1;
        } else {
            assert!(
                !alice.to_act.is_empty(),
                "nobody decides, yet the game is not over"
            );
            alice.next_batch();
        }
    }
    played
}

#[test]
fn a_player_alone_plays_a_bot_to_the_end_and_its_actions_replay_and_verify() {
    // Alice answers at once, faster than a person's rate limit allows.
    let server = TestServer::start_unthrottled();
    let alice = server.player("Alice");
    let (status, body) = against(
        &server,
        &alice,
        SystemId::SummonersChess,
        2,
        1,
        json!([{"seat": 0, "level": "random"}]),
    );
    assert_eq!(status, 201, "{body}");
    let made = summary(body);
    assert_eq!(made.status, MatchStatus::Running, "no one else to wait for");
    let bot = made.seats[0].player.clone().expect("the bot holds seat 0");
    assert_eq!(bot.name, "Fray bot (random)");
    assert_eq!(made.seats[0].bot, Some(fray_protocol::BotLevel::Random));
    assert_eq!(made.seats[1].player.as_ref().map(|p| p.id), Some(alice.id));
    assert_eq!(made.seats[1].bot, None);

    let mut follower =
        Follower::subscribe(server.client(Some(&alice.token)), made.id, Role::Player);
    let played = play_against_the_bot(&mut follower, &mut Chooser::new(7), 2_000);
    assert!(
        follower.is_over(),
        "the game ended within 2,000 of Alice's actions"
    );
    assert!(played > 0);

    let (_, body) = server.get(&format!("/api/matches/{}", made.id));
    assert_eq!(summary(body).status, MatchStatus::Finished);
    let report = server.verify(made.id);
    assert!(report.matches(), "{report}");
    let replay = server.replay(made.id);
    let bot_actions = replay["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|event| event["kind"] == "action" && event["seat"] == 0)
        .count();
    assert!(bot_actions > 0, "the bot's actions are in the log");
    assert!(
        replay.to_string().contains("Fray bot (random)"),
        "the replay names the bot"
    );
    let figures = server.figures();
    assert!(figures.value("fray_bot_thought_seconds_count") >= bot_actions as f64);
    assert_eq!(figures.value("fray_bot_thoughts_waiting"), 0.0);
}

#[test]
fn a_bot_plays_on_after_a_crash() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let (status, body) = against(
        &server,
        &alice,
        SystemId::FantasyArmies,
        2,
        0,
        json!([{"seat": 1, "level": "easy"}]),
    );
    assert_eq!(status, 201, "{body}");
    let id = summary(body).id;
    let mut follower = Follower::subscribe(server.client(Some(&alice.token)), id, Role::Player);
    play_against_the_bot(&mut follower, &mut Chooser::new(3), 2);
    let seq = follower.seq;
    drop(follower);

    let server = server.crash_and_restart();
    let mut follower = Follower::subscribe(server.client(Some(&alice.token)), id, Role::Player);
    assert!(follower.seq >= seq);
    let restarted_at = follower.seq;
    // Long enough for the bot's turn to come (set-ups run to 16 placements).
    play_against_the_bot(&mut follower, &mut Chooser::new(4), 60);
    let history = server.history(&format!("/api/matches/{id}/history"), Some(&alice.token));
    let bot_actions_since = history
        .events
        .iter()
        .filter(|event| {
            event.kind == fray_protocol::EventKind::Action
                && event.seat == Some(Seat(1))
                && event.seq > restarted_at
        })
        .count();
    assert!(
        bot_actions_since > 0 || follower.is_over(),
        "the bot acted after the restart: {:?}",
        history
            .events
            .iter()
            .map(|e| (e.seq, e.seat, e.kind))
            .collect::<Vec<_>>()
    );
    let report = server.verify(id);
    assert!(report.matches(), "{report}");
}

#[test]
fn a_random_bot_declines_a_draw_and_is_never_away() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let id = against_a_bot(&server, &alice, SystemId::ChessboardConfrontation, "random");
    let mut client = server.client(Some(&alice.token));
    client.subscribe(id, Role::Player, None);
    client.send(&ClientMessage::OfferDraw { match_id: id });
    loop {
        match client.recv() {
            ServerMessage::SeatAway { seat, .. } => {
                panic!("{seat} was told away: a bot never is")
            }
            ServerMessage::DrawDeclined { seat, .. } => {
                assert_eq!(seat, Seat(1), "the bot answered");
                break;
            }
            _ => continue,
        }
    }
}

#[test]
fn bots_sit_only_where_they_may_and_no_player_may_take_a_bots_name() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let refused = |bots: Value, seat: u8| {
        let (status, body) = against(&server, &alice, SystemId::FantasyArmies, 2, seat, bots);
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["error"]["code"], "invalid_match");
        body["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    assert!(refused(json!([{"seat": 0, "level": "easy"}]), 0).contains("yours"));
    assert!(refused(json!([{"seat": 2, "level": "easy"}]), 0).contains("seats 0 to 1"));
    assert!(
        refused(
            json!([{"seat": 1, "level": "easy"}, {"seat": 1, "level": "club"}]),
            0
        )
        .contains("two bots")
    );
    assert!(
        refused(
            json!([{"seat": 1, "level": "easy", "army": {"kind": "example", "index": 9}}]),
            0
        )
        .contains("example armies")
    );
    let (status, body) = against(
        &server,
        &alice,
        SystemId::FantasyArmies,
        2,
        0,
        json!([{"seat": 1, "level": "hard"}]),
    );
    assert!(status == 400 || status == 422, "{status} {body}");
    let (_, matches) = server.get("/api/matches");
    assert_eq!(matches, json!([]), "nothing was made");

    for name in ["Fray bot (expert)", "fray BOT (grandmaster)"] {
        let (status, body) =
            server.request("POST", "/api/players", None, Some(&json!({"name": name})));
        assert_eq!(status, 409, "{name}: {body}");
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("house bots")
        );
    }
}

#[test]
fn three_bots_of_one_level_fill_a_four_seat_match_and_a_half_filled_one_waits_for_a_friend() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let (status, body) = against(
        &server,
        &alice,
        SystemId::ChessboardConfrontation,
        4,
        2,
        json!([
            {"seat": 0, "level": "random"},
            {"seat": 1, "level": "random", "army": {"kind": "random"}},
            {"seat": 3, "level": "random"},
        ]),
    );
    assert_eq!(status, 201, "{body}");
    let full = summary(body);
    assert_eq!(full.status, MatchStatus::Running);
    let names: Vec<String> = full
        .seats
        .iter()
        .map(|seat| seat.player.as_ref().unwrap().name.clone())
        .collect();
    assert_eq!(
        names,
        [
            "Fray bot (random)",
            "Fray bot (random) 2",
            "Alice",
            "Fray bot (random) 3"
        ]
    );

    let (status, body) = against(
        &server,
        &alice,
        SystemId::ChessboardConfrontation,
        3,
        0,
        json!([{"seat": 2, "level": "easy"}]),
    );
    assert_eq!(status, 201, "{body}");
    let open = summary(body);
    assert_eq!(open.status, MatchStatus::Open);
    let bob = server.player("Bob");
    let list = server.army_list(
        &bob.token,
        &two_armies(SystemId::ChessboardConfrontation)[1],
    );
    let (status, body) = server.request(
        "POST",
        &format!("/api/matches/{}/join", open.id),
        Some(&bob.token),
        Some(&json!({"army_list": list.id})),
    );
    assert_eq!(status, 200, "{body}");
    let joined = summary(body);
    assert_eq!(joined.status, MatchStatus::Running);
    assert_eq!(joined.seats[1].player.as_ref().unwrap().name, "Bob");
    assert_eq!(joined.seats[2].bot, Some(fray_protocol::BotLevel::Easy));
}

#[test]
fn a_rematch_against_a_bot_starts_when_its_player_asks() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let id = against_a_bot(&server, &alice, SystemId::FantasyArmies, "club");
    let (status, body) = server.request(
        "POST",
        &format!("/api/matches/{id}/resign"),
        Some(&alice.token),
        None,
    );
    assert_eq!(status, 200, "{body}");
    let (status, body) = server.request(
        "POST",
        &format!("/api/matches/{id}/rematch"),
        Some(&alice.token),
        None,
    );
    assert_eq!(status, 201, "{body}");
    let rematch = summary(body);
    assert_eq!(rematch.status, MatchStatus::Running);
    assert_eq!(rematch.seats[0].bot, Some(fray_protocol::BotLevel::Club));
    assert_eq!(rematch.seats[1].player.as_ref().unwrap().id, alice.id);
}

#[test]
fn a_player_asks_a_bot_what_it_would_do_in_their_own_seat() {
    let server = TestServer::start();
    let alice = server.player("Alice");
    let id = against_a_bot(&server, &alice, SystemId::FantasyArmies, "random");
    let mut follower = Follower::subscribe(server.client(Some(&alice.token)), id, Role::Player);
    while !follower.to_act.contains(&Seat(0)) {
        follower.next_batch();
    }

    let path = format!("/api/matches/{id}/suggestion");
    let (status, body) = server.request(
        "POST",
        &path,
        Some(&alice.token),
        Some(&json!({"level": "easy"})),
    );
    assert_eq!(status, 200, "{body}");
    let suggestion: Suggestion = serde_json::from_value(body).expect("a suggestion");
    assert_eq!(suggestion.seq, follower.seq);
    let action = suggestion.action.expect("Alice has something to decide");
    assert!(
        follower
            .options
            .iter()
            .any(|option| option.action == action),
        "the suggestion is one of Alice's options"
    );

    let bob = server.player("Bob");
    let (status, _) = server.request(
        "POST",
        &path,
        Some(&bob.token),
        Some(&json!({"level": "easy"})),
    );
    assert_eq!(status, 403, "only a player of the match may ask");
    let (status, _) = server.request("POST", &path, None, Some(&json!({"level": "easy"})));
    assert_eq!(status, 401);
}

#[test]
fn in_every_system_a_bot_plays_its_seat() {
    // A small budget: this is about the seat, not the strength.
    let server = TestServer::start_with(|config| {
        config.bot_budget = 0.02;
        config.messages_per_second = 10_000;
    });
    let alice = server.player("Alice");
    for &system in fray_rules::registered() {
        let (status, body) = against(
            &server,
            &alice,
            system,
            2,
            0,
            json!([{"seat": 1, "level": "club"}]),
        );
        assert_eq!(status, 201, "{system}: {body}");
        let id = summary(body).id;
        let mut follower = Follower::subscribe(server.client(Some(&alice.token)), id, Role::Player);
        let mut bot_acted = false;
        let mut chooser = Chooser::new(11);
        for _ in 0..30 {
            play_against_the_bot(&mut follower, &mut chooser, 5);
            let history = server.history(&format!("/api/matches/{id}/history"), Some(&alice.token));
            bot_acted = history
                .events
                .iter()
                .any(|event| event.seat == Some(Seat(1)));
            if bot_acted || follower.is_over() {
                break;
            }
        }
        assert!(bot_acted, "{system}: the bot acted in its seat");
        let (status, body) = server.request(
            "POST",
            &format!("/api/matches/{id}/resign"),
            Some(&alice.token),
            None,
        );
        assert!(status == 200 || status == 409, "{system}: {status} {body}");
    }
}
