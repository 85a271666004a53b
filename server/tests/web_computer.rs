//! "Play the computer" in the browser: a first-time visitor gives a name
//! and, from the lobby's form, plays a whole game of Summoners Chess
//! against the server's `random` bot, clicking as
//! the whole-game test does; the bot's seat is marked as a bot's and never
//! said to be away. Another player takes the second seat against `expert`
//! and sees the bot reply.
//!
//! Skipped, with a line saying so, where no Chromium is installed.

mod common;

use std::time::{Duration, Instant};

use common::TestServer;
use common::browser::{
    Browser, STEP, TABLE, chromium_or_skip, my_turn, register_in_the_page, say, screenshots_dir,
    servers_snapshot,
};
use common::page_play::page_plays;
use common::play::Chooser;
use fray_protocol::{EventKind, Seat};
use serde_json::{Value, json};

/// The most a whole game against the bot may take here.
const GAME_PATIENCE: Duration = Duration::from_secs(600);

/// More of the page's actions than a short game takes.
const MOST_ACTIONS: usize = 1000;

/// A Summoners Chess option set in the form, to see it reach the match.
const TURN_LIMIT: [(&str, &str); 1] = [("max-turns", "60")];

/// Fills the lobby's "Play the computer" form on `page`: the system, the
/// player's seat (`random` or a number from 0), every opponent's level and
/// the match's options; starts, and waits at the table. The match's id.
fn play_the_computer(
    browser: &mut Browser,
    page: &str,
    system: &str,
    seat: &str,
    level: &str,
    options: &[(&str, &str)],
) -> i64 {
    browser.wait_for(page, "the form", "document.querySelector('#computer-form')");
    let options: Value = options
        .iter()
        .map(|(key, value)| ((*key).to_owned(), json!(value)))
        .collect::<serde_json::Map<_, _>>()
        .into();
    browser.eval(
        page,
        &format!(
            r#"(() => {{
  const system = document.querySelector('#bot-system');
  system.value = {system};
  system.dispatchEvent(new Event('change'));
  document.querySelector('#bot-seat').value = {seat};
  for (const select of document.querySelectorAll('#computer-form select.bot-level')) select.value = {level};
  for (const [key, value] of Object.entries({options})) document.querySelector(`#bot-opt-${{key}}`).value = value;
  document.querySelector('#play-computer').click();
  return true;
}})()"#,
            system = json!(system),
            seat = json!(seat),
            level = json!(level),
        ),
    );
    browser.wait_for(
        page,
        "the table of the match against the computer",
        &format!(
            "location.hash.startsWith('#/play/') && {TABLE} && {TABLE}.game.seq !== null && document.querySelector('#board [data-square]')"
        ),
    );
    browser
        .eval(page, "Number(location.hash.split('/')[2])")
        .as_i64()
        .expect("the match's id")
}

/// A server, and a browser's page on which a first-time visitor has
/// registered `name` and sees the lobby; none where no Chromium is
/// installed.
fn a_visitor_named(name: &str) -> Option<(TestServer, Browser, String)> {
    let chromium = chromium_or_skip()?;
    let server = TestServer::start_unthrottled();
    let mut browser = Browser::launch(&chromium);
    let page = browser.page(1100, 820, false);
    register_in_the_page(&mut browser, &page, &server.url("/"), name);
    Some((server, browser, page))
}

/// The login the page keeps: the player's token.
fn token(browser: &mut Browser, page: &str) -> String {
    browser
        .eval(page, "JSON.parse(localStorage.getItem('fray.login')).token")
        .as_str()
        .expect("a token")
        .to_owned()
}

fn over(browser: &mut Browser, page: &str) -> bool {
    browser.eval(page, "!!document.querySelector('#turn.over')") == json!(true)
}

/// The legend's line for the seat a bot holds, as text, once the page
/// has marked it.
fn bots_legend_line(browser: &mut Browser, page: &str) -> String {
    browser.wait_for(
        page,
        "the bot's mark",
        "document.querySelector('#legend .bot-mark')",
    );
    browser
        .eval(
            page,
            "document.querySelector('#legend .bot-mark').closest('li').textContent",
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn a_first_visitor_plays_a_whole_game_against_the_random_bot() {
    let shots = screenshots_dir();
    let Some((server, mut browser, page)) = a_visitor_named("ada") else {
        return;
    };
    browser.screenshot(&page, &shots.join("lobby-computer.png"));

    let id = play_the_computer(
        &mut browser,
        &page,
        "summoners-chess",
        "0",
        "random",
        &TURN_LIMIT,
    );
    let (_, summary) = server.get(&format!("/api/matches/{id}"));
    assert_eq!(summary["status"], json!("running"), "{summary}");
    assert_eq!(summary["seats"][0]["player"]["name"], json!("ada"));
    assert_eq!(summary["seats"][1]["bot"], json!("random"), "{summary}");
    assert_eq!(summary["config"]["options"]["max-turns"], json!(60));
    let line = bots_legend_line(&mut browser, &page);
    assert!(line.contains("Fray bot (random)"), "{line}");

    let mut chooser = Chooser::new(38);
    let started = Instant::now();
    let mut actions = 0;
    while !over(&mut browser, &page) {
        assert!(
            started.elapsed() < GAME_PATIENCE,
            "no end after {actions} of Ada's actions"
        );
        if my_turn(&mut browser, &page) {
            page_plays(&mut browser, &page, &mut chooser);
            actions += 1;
            assert!(actions < MOST_ACTIONS, "no end after {actions} actions");
            if actions == 6 {
                browser.screenshot(&page, &shots.join("computer-table.png"));
            }
        } else {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    say(&format!(
        "web_computer: Ada played {actions} actions against the random bot"
    ));

    let ada_token = token(&mut browser, &page);
    let last = servers_snapshot(&server, Some(&ada_token), id).seq;
    browser.wait_for(
        &page,
        "the last batch",
        &format!("{TABLE}.game.seq === {last}"),
    );
    let (_, summary) = server.get(&format!("/api/matches/{id}"));
    assert_eq!(summary["status"], json!("finished"), "{summary}");
    let away = browser.eval(
        &page,
        &format!(
            "document.querySelector('#away').textContent + {TABLE}.game.log.map((e) => e.text).join('\\n')"
        ),
    );
    assert!(
        !away.as_str().unwrap_or_default().contains("left the table"),
        "a bot is never said to be away: {away}"
    );
    browser.screenshot(&page, &shots.join("computer-end.png"));

    // The lobby lists the match with the bot marked.
    browser.eval(&page, "location.hash = '#/'; true");
    browser.wait_for(
        &page,
        "the match in the lobby, its bot marked",
        &format!("document.querySelector('#my-matches [data-match=\"{id}\"] .bot-mark')"),
    );
}

#[test]
fn a_match_against_the_expert_starts_at_once_and_the_bot_replies() {
    let Some((server, mut browser, page)) = a_visitor_named("bo") else {
        return;
    };
    // The second seat: the bot decides first, or with bo, and is waited for.
    let id = play_the_computer(&mut browser, &page, "summoners-chess", "1", "expert", &[]);
    let (_, summary) = server.get(&format!("/api/matches/{id}"));
    assert_eq!(summary["status"], json!("running"), "{summary}");
    assert_eq!(summary["seats"][1]["player"]["name"], json!("bo"));
    assert_eq!(summary["seats"][0]["bot"], json!("expert"), "{summary}");
    let line = bots_legend_line(&mut browser, &page);
    assert!(line.contains("Fray bot (expert)"), "{line}");

    let bo_token = token(&mut browser, &page);
    let history = format!("/api/matches/{id}/history");
    let bot_acted = |server: &TestServer| {
        server
            .history(&history, Some(&bo_token))
            .events
            .iter()
            .any(|event| event.kind == EventKind::Action && event.seat == Some(Seat(0)))
    };
    let mut chooser = Chooser::new(2);
    let deadline = Instant::now() + STEP * 4;
    while !bot_acted(&server) {
        assert!(Instant::now() < deadline, "the expert never replied");
        if my_turn(&mut browser, &page) {
            page_plays(&mut browser, &page, &mut chooser);
        } else {
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    // The page shows the bot's action as the server tells it.
    let now = servers_snapshot(&server, Some(&bo_token), id).seq;
    browser.wait_for(
        &page,
        "the bot's reply on the page",
        &format!("{TABLE}.game.seq >= {now}"),
    );
}

#[test]
fn four_players_seat_two_bots_and_keep_a_seat_for_a_friend() {
    let Some((server, mut browser, page)) = a_visitor_named("cy") else {
        return;
    };
    browser.wait_for(
        &page,
        "the form",
        "document.querySelector('#computer-form')",
    );
    browser.eval(
        &page,
        r#"(() => {
  const system = document.querySelector('#bot-system');
  system.value = 'chessboard-confrontation';
  system.dispatchEvent(new Event('change'));
  const seats = document.querySelector('#bot-seats');
  seats.value = '4';
  seats.dispatchEvent(new Event('change'));
  document.querySelector('#bot-seat').value = '0';
  const levels = [...document.querySelectorAll('#computer-form select.bot-level')];
  const armies = [...document.querySelectorAll('#computer-form select.bot-army')];
  levels[0].value = 'easy';
  armies[0].value = 'random';
  levels[1].value = 'club';
  levels[2].value = 'friend';
  levels[2].dispatchEvent(new Event('change'));
  document.querySelector('#play-computer').click();
  return true;
})()"#,
    );
    browser.wait_for(
        &page,
        "the table, waiting for the friend",
        "location.hash.startsWith('#/play/') && document.querySelector('#turn').textContent.includes('Waiting for players')",
    );
    let id = browser
        .eval(&page, "Number(location.hash.split('/')[2])")
        .as_i64()
        .expect("the match's id");
    let (_, summary) = server.get(&format!("/api/matches/{id}"));
    assert_eq!(summary["status"], json!("open"), "{summary}");
    let seats = summary["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 4, "{summary}");
    assert_eq!(seats[0]["player"]["name"], json!("cy"));
    assert_eq!(seats[1]["bot"], json!("easy"), "{summary}");
    assert_eq!(seats[2]["bot"], json!("club"), "{summary}");
    assert_eq!(seats[3]["player"], Value::Null, "{summary}");

    // The friend joins: the match starts, and cy's page is at its table.
    let friend = server.player("dee");
    let (_, systems) = server.get("/api/systems");
    let example = systems
        .as_array()
        .and_then(|all| {
            all.iter()
                .find(|s| s["id"] == json!("chessboard-confrontation"))
        })
        .map(|cc| cc["examples"][0].clone())
        .expect("a Chessboard Confrontation example");
    let (status, stored) = server.request(
        "POST",
        "/api/army-lists",
        Some(&friend.token),
        Some(&example),
    );
    assert_eq!(status, 201, "{stored}");
    let (status, joined) = server.request(
        "POST",
        &format!("/api/matches/{id}/join"),
        Some(&friend.token),
        Some(&json!({"army_list": stored["id"]})),
    );
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["status"], json!("running"), "{joined}");
    browser.wait_for(
        &page,
        "the game on cy's page",
        &format!(
            "{TABLE} && {TABLE}.game.seq !== null && document.querySelector('#board [data-square]')"
        ),
    );
    let marks = browser.eval(
        &page,
        "document.querySelectorAll('#legend .bot-mark').length",
    );
    assert_eq!(marks, json!(2), "two seats are marked as bots'");
}
