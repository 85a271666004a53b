//! Playing the computer from the terminal: `fray match new --against LEVEL`
//! seats the server's house bot and goes to the table, and `fray bot
//! --level easy` plays a seat by the server's suggestions.

mod common;

use std::io::Read;
use std::time::{Duration, Instant};

use common::{Player, TestServer, get_json, number_after, start_server};
use serde_json::{Value, json};

/// The most a whole game of a bot against a bot may take here.
const GAME_PATIENCE: Duration = Duration::from_secs(300);

/// Ada, logged in, with a Summoners Chess list stored; the list's id.
fn ada_with_a_list(server: &TestServer) -> (Player, String) {
    let ada = Player::new();
    ada.login(server, "ada");
    let list = ada.import_army(&json!({
        "system": "summoners-chess",
        "army": "summoners",
        "name": "Summoners",
        "units": []
    }));
    (ada, list)
}

/// `fray match new` of Summoners Chess with Ada's list, and `more`.
fn match_new<'a>(list: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["match", "new", "--system", "sc", "--army", list];
    args.extend_from_slice(more);
    args
}

fn seat(summary: &Value, seat: usize) -> &Value {
    &summary["seats"][seat]
}

#[test]
fn a_match_against_a_bot_starts_at_once_and_fray_goes_to_the_table() {
    let server = start_server();
    let (ada, list) = ada_with_a_list(&server);
    let out = ada.ok(&match_new(&list, &["--against", "random"]));
    let id = number_after(&out, "Created match ");
    assert!(
        out.contains("Every seat is taken: the match has started."),
        "{out}"
    );
    assert!(out.contains("Fray bot (random)"), "{out}");
    // At the table: standard input is closed here, so fray leaves it at once.
    assert!(
        out.contains(&format!("Match {id}, summoners-chess: you play seat 1.")),
        "{out}"
    );
    assert!(out.contains("Standard input ended"), "{out}");

    let summary = get_json(&server, &format!("/api/matches/{id}"));
    assert_eq!(summary["status"], json!("running"), "{summary}");
    assert_eq!(seat(&summary, 0)["player"]["name"], json!("ada"));
    assert_eq!(seat(&summary, 1)["bot"], json!("random"), "{summary}");
    assert_eq!(
        seat(&summary, 1)["player"]["name"],
        json!("Fray bot (random)")
    );
}

#[test]
fn the_players_seat_and_the_bots_army_are_chosen_and_misfits_refused() {
    let server = start_server();
    let (ada, list) = ada_with_a_list(&server);
    let out = ada.ok(&match_new(
        &list,
        &[
            "--against",
            "expert",
            "--seat",
            "2",
            "--bot-army",
            "example:1",
            "--no-play",
        ],
    ));
    let id = number_after(&out, "Created match ");
    assert!(
        out.contains(&format!("`fray play {id}` plays it.")),
        "{out}"
    );
    assert!(!out.contains("you play seat"), "--no-play: {out}");
    let summary = get_json(&server, &format!("/api/matches/{id}"));
    assert_eq!(seat(&summary, 1)["player"]["name"], json!("ada"));
    assert_eq!(seat(&summary, 0)["bot"], json!("expert"), "{summary}");

    let two_bots = ada.fray(&match_new(
        &list,
        &["--against", "easy", "--against", "easy"],
    ));
    let message = two_bots.fails(2);
    assert!(
        message.contains("2 bots and you make 3 players, and the match seats 2"),
        "{message}"
    );
    let no_level = ada.fray(&match_new(&list, &["--against", "grandmaster"]));
    assert_eq!(no_level.code, 2, "{}", no_level.stderr);
    assert!(
        no_level
            .stderr
            .contains("choose random, easy, club or expert"),
        "{}",
        no_level.stderr
    );
}

#[test]
fn fray_bot_at_easy_plays_a_seat_by_the_servers_suggestions_to_the_end() {
    let server = start_server();
    let (ada, list) = ada_with_a_list(&server);
    let out = ada.ok(&match_new(&list, &["--against", "random", "--no-play"]));
    let id = number_after(&out, "Created match ");

    let mut bot = ada.spawn(&["bot", &id, "--level", "easy"]);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = bot.try_wait().expect("fray bot is waited for") {
            break status;
        }
        if started.elapsed() > GAME_PATIENCE {
            let _ = bot.kill();
            panic!("fray bot --level easy did not finish the game in {GAME_PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut text = String::new();
    bot.stdout
        .take()
        .expect("its output")
        .read_to_string(&mut text)
        .expect("utf-8");
    let mut errors = String::new();
    let _ = bot
        .stderr
        .take()
        .expect("its errors")
        .read_to_string(&mut errors);
    assert!(status.success(), "{text}\n{errors}");
    assert!(text.contains("(the server's easy bot)"), "{text}");
    let accepted = number_after(&text, "The server accepted ");
    assert!(
        accepted.parse::<u32>().expect("a count") > 0,
        "the bot played nothing:\n{text}"
    );

    let summary = get_json(&server, &format!("/api/matches/{id}"));
    assert_eq!(summary["status"], json!("finished"), "{summary}");
    eprintln!(
        "fray bot --level easy: {accepted} actions, then: {}",
        text.lines().last().unwrap_or_default()
    );
}

#[test]
fn help_says_how_to_play_the_computer() {
    let out = Player::new().ok(&["match", "new", "--help"]);
    for said in ["--against", "--bot-army", "--seat", "--no-play", "expert"] {
        assert!(out.contains(said), "{said} in {out}");
    }
    let out = Player::new().ok(&["bot", "--help"]);
    assert!(
        out.contains("--level") && out.contains("house bot"),
        "{out}"
    );
}
