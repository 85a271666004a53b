//! Chat at a match's table: players speak, everyone reads; every line is
//! held to the text rules and a rate limit, stored with the match, sent to
//! those who come late and published in the replay.

mod common;

use common::TestServer;
use common::play::{Chooser, Follower, play, start_two_player, two_player_match};
use fray_protocol::{
    ChatLine, ClientMessage, ErrorCode, MatchId, Replay, Role, Seat, ServerMessage, SystemId,
};

fn say(follower: &mut Follower, text: &str) {
    follower.client.send(&ClientMessage::Chat {
        match_id: follower.match_id,
        text: text.to_owned(),
    });
}

fn next_chat(follower: &mut Follower) -> ChatLine {
    match follower.client.recv_game() {
        ServerMessage::Chat { match_id, chat } => {
            assert_eq!(match_id, follower.match_id);
            chat
        }
        other => panic!("expected a line of chat, got {other:?}"),
    }
}

fn refusal(follower: &mut Follower) -> ErrorCode {
    match follower.client.recv_game() {
        ServerMessage::Error { match_id, code, .. } => {
            assert_eq!(match_id, Some(follower.match_id));
            code
        }
        other => panic!("expected an error, got {other:?}"),
    }
}

fn spectator(server: &TestServer, id: MatchId) -> Follower {
    Follower::subscribe(server.client(None), id, Role::Spectator)
}

#[test]
fn a_line_reaches_every_subscriber_with_the_players_name_and_seq() {
    let server = TestServer::start();
    let (id, mut players) = start_two_player(&server, SystemId::FantasyArmies);
    let mut watcher = spectator(&server, id);

    say(&mut players[1], "good luck, ada 🙂");

    for follower in players.iter_mut().chain([&mut watcher]) {
        let line = next_chat(follower);
        assert_eq!(line.seat, Seat(1));
        assert_eq!(line.name, "Bob");
        assert_eq!(line.text, "good luck, ada 🙂");
        assert_eq!(line.seq, 0, "said after the set-up");
    }
}

#[test]
fn a_bad_line_is_refused_and_nobody_hears_it() {
    let server = TestServer::start();
    let (id, mut players) = start_two_player(&server, SystemId::FantasyArmies);
    let mut watcher = spectator(&server, id);

    for bad in [
        "",
        "   \u{200b}",
        "\u{1b}]0;pwned\u{7}",
        "abc\u{202e}fed",
        "line\nbreak",
    ] {
        say(&mut players[0], bad);
        assert_eq!(refusal(&mut players[0]), ErrorCode::BadRequest, "{bad:?}");
    }
    say(&mut players[0], &"x".repeat(281));
    assert_eq!(refusal(&mut players[0]), ErrorCode::BadRequest);
    say(&mut watcher, "spectators only read");
    assert_eq!(refusal(&mut watcher), ErrorCode::NotYourSeat);
    players[0].client.send(&ClientMessage::Chat {
        match_id: MatchId(id.0 + 100),
        text: "not subscribed".into(),
    });
    match players[0].client.recv_game() {
        ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::NotSubscribed),
        other => panic!("expected an error, got {other:?}"),
    }

    let longest = "y".repeat(280);
    say(&mut players[0], &longest);
    // The first thing anyone hears is the good line.
    for follower in players.iter_mut().chain([&mut watcher]) {
        assert_eq!(next_chat(follower).text, longest);
    }
}

#[test]
fn a_flood_of_chat_is_cut_to_the_chat_limit() {
    let server = TestServer::start();
    let (_id, mut players) = start_two_player(&server, SystemId::FantasyArmies);

    for n in 0..6 {
        say(&mut players[0], &format!("line {n}"));
    }

    let mut heard = Vec::new();
    let mut refused = Vec::new();
    for _ in 0..6 {
        match players[0].client.recv_game() {
            ServerMessage::Chat { chat, .. } => heard.push(chat.text),
            ServerMessage::Error { code, .. } => refused.push(code),
            other => panic!("expected chat or an error, got {other:?}"),
        }
    }
    assert_eq!(
        heard,
        (0..5).map(|n| format!("line {n}")).collect::<Vec<_>>()
    );
    assert_eq!(refused, vec![ErrorCode::RateLimited]);
    for n in 0..5 {
        assert_eq!(next_chat(&mut players[1]).text, format!("line {n}"));
    }
}

#[test]
fn subscribing_again_does_not_refill_the_chat_limit() {
    let server = TestServer::start();
    let (id, players) = start_two_player(&server, SystemId::FantasyArmies);
    let [mut ada, _bo] = players;
    for n in 0..5 {
        say(&mut ada, &format!("line {n}"));
    }
    for n in 0..5 {
        assert_eq!(next_chat(&mut ada).text, format!("line {n}"));
    }
    ada.client
        .send(&ClientMessage::Unsubscribe { match_id: id });
    let mut ada = Follower::subscribe(ada.client, id, Role::Player);
    for n in 0..5 {
        assert_eq!(next_chat(&mut ada).text, format!("line {n}"), "told again");
    }
    say(&mut ada, "and one more");
    assert_eq!(refusal(&mut ada), ErrorCode::RateLimited);
}

#[test]
fn chat_is_kept_for_latecomers_across_a_restart_and_published_in_the_replay() {
    let server = TestServer::start();
    let (id, [alice, bob]) = two_player_match(&server, SystemId::FantasyArmies);
    let mut players = [
        Follower::subscribe(server.client(Some(&alice.token)), id, Role::Player),
        Follower::subscribe(server.client(Some(&bob.token)), id, Role::Player),
    ];
    let mut chooser = Chooser::new(7);
    say(&mut players[0], "hello");
    for follower in players.iter_mut() {
        next_chat(follower);
    }
    play(&mut players, &mut [], &mut chooser, 2);
    say(&mut players[1], "nice move");
    for follower in players.iter_mut() {
        next_chat(follower);
    }

    // A spectator who comes late is told after its snapshot.
    let mut late = spectator(&server, id);
    let said: Vec<(u64, String)> = (0..2)
        .map(|_| next_chat(&mut late))
        .map(|line| (line.seq, line.text))
        .collect();
    assert_eq!(said, vec![(0, "hello".into()), (2, "nice move".into())]);
    drop(late);
    drop(players);

    // The match is rebuilt from the database: the chat is read back too.
    let server = server.restart();
    let mut late = spectator(&server, id);
    let again: Vec<(u64, String)> = (0..2)
        .map(|_| next_chat(&mut late))
        .map(|line| (line.seq, line.text))
        .collect();
    assert_eq!(again, said);
    drop(late);

    let (status, body) = server.request(
        "POST",
        &format!("/api/matches/{id}/resign"),
        Some(&bob.token),
        None,
    );
    assert_eq!(status, 200, "{body}");
    let (status, body) = server.get(&format!("/api/matches/{id}/replay"));
    assert_eq!(status, 200, "{body}");
    let replay: Replay = serde_json::from_value(body).unwrap();
    let lines: Vec<(u64, Seat, &str, &str)> = replay
        .chat
        .iter()
        .map(|line| (line.seq, line.seat, line.name.as_str(), line.text.as_str()))
        .collect();
    assert_eq!(
        lines,
        vec![
            (0, Seat(0), "Alice", "hello"),
            (2, Seat(1), "Bob", "nice move")
        ]
    );
}

#[test]
fn a_resumed_subscription_is_sent_the_chat_from_its_since_on() {
    let server = TestServer::start();
    let (id, mut players) = start_two_player(&server, SystemId::FantasyArmies);
    say(&mut players[0], "before");
    for follower in players.iter_mut() {
        next_chat(follower);
    }
    play(&mut players, &mut [], &mut Chooser::new(2), 2);
    say(&mut players[1], "after");
    for follower in players.iter_mut() {
        next_chat(follower);
    }

    let mut back = server.client(None);
    back.subscribe(id, Role::Spectator, Some(1));
    assert!(matches!(back.recv_game(), ServerMessage::Batch(batch) if batch.seq == 2));
    match back.recv_game() {
        ServerMessage::Chat { chat, .. } => {
            assert_eq!((chat.seq, chat.text.as_str()), (2, "after"))
        }
        other => panic!("expected the line said since, got {other:?}"),
    }
}

/// Says five lines as Alice in the finished match `id` over `client`, then
/// unsubscribes: how many of them were taken.
fn five_lines_then_leave(
    client: common::Client,
    id: MatchId,
    round: usize,
) -> (common::Client, usize) {
    let mut ada = Follower::subscribe(client, id, Role::Player);
    let prefix = format!("round {round}:");
    for n in 0..5 {
        say(&mut ada, &format!("{prefix} {n}"));
    }
    let mut taken = 0;
    let mut answered = 0;
    while answered < 5 {
        match ada.client.recv_game() {
            // Lines of earlier rounds, told again after the snapshot.
            ServerMessage::Chat { chat, .. } if !chat.text.starts_with(&prefix) => {}
            ServerMessage::Chat { .. } => {
                taken += 1;
                answered += 1;
            }
            ServerMessage::Error { code, .. } => {
                assert_eq!(code, ErrorCode::RateLimited);
                answered += 1;
            }
            other => panic!("expected chat or an error, got {other:?}"),
        }
    }
    ada.client
        .send(&ClientMessage::Unsubscribe { match_id: id });
    (ada.client, taken)
}

/// A finished match's actor stops when its last follower leaves, and a new
/// one is made for the next: the chat limit must not come back full with it,
/// or subscribing, chatting and leaving again stores lines without limit.
#[test]
fn the_chat_limit_outlives_a_finished_matchs_actor() {
    // No finished match kept in memory: each round makes a new actor.
    let server = TestServer::start_with(|config| config.finished_matches_kept = 0);
    let (id, [alice, bob]) = two_player_match(&server, SystemId::FantasyArmies);
    let (status, body) = server.request(
        "POST",
        &format!("/api/matches/{id}/resign"),
        Some(&bob.token),
        None,
    );
    assert_eq!(status, 200, "{body}");

    let mut client = server.client(Some(&alice.token));
    let mut taken = 0;
    for round in 0..3 {
        let (back, this_round) = five_lines_then_leave(client, id, round);
        client = back;
        taken += this_round;
        // Nobody follows the match now: its actor may stop meanwhile.
        let _ = server.figures();
    }

    // One burst of five, and whatever trickled back since (one line every
    // two seconds): never a second burst.
    assert!(
        taken < 10,
        "{taken} lines taken in three quick rounds of five"
    );
    let (status, body) = server.get(&format!("/api/matches/{id}/replay"));
    assert_eq!(status, 200, "{body}");
    let replay: Replay = serde_json::from_value(body).unwrap();
    assert_eq!(replay.chat.len(), taken, "the replay holds what was taken");
}
