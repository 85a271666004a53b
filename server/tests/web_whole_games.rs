//! A whole game of every system in the browser, against a bot: Ada creates
//! the match in the lobby's form and plays it in the page, clicking the
//! board where a move names its squares and the options list otherwise; the
//! bot is a websocket client of this test that joins over REST. Both choose
//! among the options the server lists, taking something when they can, so
//! that games end sooner than uniformly random ones. A spectator's page
//! watches. At the end each page's view is the server's, and the
//! spectator follows the table's link to the replay, whose last step is
//! what it watched and whose dice check passes; after the first game the
//! bot asks for a rematch and Ada takes her seat in it from the page.
//!
//! Skipped, with a line saying so, where no Chromium is installed.

mod common;

use common::TestServer;
use common::browser::{
    Browser, STEP, TABLE, chromium_or_skip, create_in_the_lobby, say, screenshots_dir,
    servers_snapshot, view_is_the_servers, wait_at_the_table,
};
use common::page_play::{choose, page_plays};
use common::play::{Chooser, Follower};
use common::views::view_differences;
use fray_protocol::{ClientMessage, MatchId, Role, ServerMessage};
use serde_json::{Value, json};

/// More actions than any game played this way should take: a game still
/// going after them is a failure to end, not a slow one.
const MOST_ACTIONS: usize = 3000;

/// The bot: plays its choice and reads the batch it makes and the ack.
fn bot_plays(bot: &mut Follower, chooser: &mut Chooser) {
    let seat = u64::from(bot.seat.expect("the bot holds a seat").0);
    let options: Vec<Value> = bot
        .options
        .iter()
        .map(|o| serde_json::to_value(o).expect("an option as JSON"))
        .collect();
    let pieces = serde_json::to_value(&bot.view).expect("a view as JSON")["pieces"].clone();
    let chosen = choose(&options, &pieces, seat, chooser);
    let id = bot.seq + 1;
    bot.client.send(&ClientMessage::Act {
        match_id: bot.match_id,
        id,
        action: bot.options[chosen].action.clone(),
    });
    bot.next_batch();
    match bot.client.recv_game() {
        ServerMessage::Ack { id: acked, .. } => assert_eq!(acked, id),
        other => panic!("expected the bot's ack, got {other:?}"),
    }
}

/// Ada at the table: her page's match and her token, to ask the server
/// what she has been sent.
struct Ada<'a> {
    server: &'a TestServer,
    token: &'a str,
    id: i64,
}

/// What one game came to.
struct Played {
    actions: usize,
    by_board: usize,
    chosen_and_waited: usize,
}

/// Plays match `id` to its end: Ada in `page`, the bot over its socket;
/// the spectator's page follows.
fn play_to_the_end(
    browser: &mut Browser,
    (page, ada): (&str, &Ada),
    bot: &mut Follower,
    chooser: &mut Chooser,
) -> Played {
    let bot_seat = bot.seat.expect("the bot's seat");
    let mut played = Played {
        actions: 0,
        by_board: 0,
        chosen_and_waited: 0,
    };
    while !bot.is_over() {
        assert!(
            played.actions < MOST_ACTIONS,
            "no end after {MOST_ACTIONS} actions"
        );
        assert!(
            !bot.to_act.is_empty(),
            "nobody decides, and the game goes on"
        );
        // Each viewer numbers the events it can tell happened (in
        // ChessWar!'s set-up a side's placements are its own), so Ada's page
        // is where the server's snapshot for her is.
        let hers = servers_snapshot(ada.server, Some(ada.token), ada.id).seq;
        browser.wait_for(
            page,
            "Ada's page to catch up",
            &format!("{TABLE}.game.seq === {hers}"),
        );
        let ada_decides = bot.to_act.iter().any(|&seat| seat != bot_seat);
        if ada_decides {
            let together = bot.to_act.contains(&bot_seat);
            let how = page_plays(browser, page, chooser);
            if how.starts_with("board ") {
                played.by_board += 1;
            }
            bot.take_any_batch();
            // Her choice made while the bot still decides at once with her:
            // the page says that she waits for it.
            if together && bot.to_act == [bot_seat] {
                let turn = browser.eval(page, "document.querySelector('#turn').textContent");
                let turn = turn.as_str().unwrap_or_default();
                assert!(turn.contains("You have chosen; waiting for bot"), "{turn}");
                played.chosen_and_waited += 1;
            }
        } else {
            bot_plays(bot, chooser);
        }
        played.actions += 1;
    }
    played
}

#[test]
fn a_whole_game_of_every_system_against_a_bot_in_the_browser() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let shots = screenshots_dir();
    let server = TestServer::start_unthrottled();
    let root = server.url("/");
    let mut browser = Browser::launch(&chromium);
    let (status, systems) = server.get("/api/systems");
    assert_eq!(status, 200);
    let mut chooser = Chooser::new(25);
    let mut last_moves_shown = 0;
    for (index, system) in systems.as_array().expect("the systems").iter().enumerate() {
        let key = system["id"].as_str().expect("a key");
        let ada = json!(server.player(&format!("ada-{key}")));
        let bot = json!(server.player(&format!("bot-{key}")));
        let bot_token = bot["token"].as_str().expect("a token").to_owned();

        // Ada creates the match in the lobby with the first example list,
        // and waits at its table.
        let page = browser.page(1100, 820, false);
        browser.navigate(&page, &root);
        browser.wait_for(&page, "the page", "document.querySelector('#main')");
        let login = json!({"id": ada["id"], "name": ada["name"], "token": ada["token"]});
        browser.eval(
            &page,
            &format!("localStorage.setItem('fray.login', JSON.stringify({login})); location.hash = '#/'; true"),
        );
        browser.wait_for(&page, "the lobby", "document.querySelector('#create-form')");
        let id = create_in_the_lobby(&mut browser, &page, key);
        wait_at_the_table(&mut browser, &page, id);

        // The bot joins with the system's last example list.
        let list = system["examples"]
            .as_array()
            .and_then(|examples| examples.last())
            .expect("an example list");
        let (status, stored) =
            server.request("POST", "/api/army-lists", Some(&bot_token), Some(list));
        assert_eq!(status, 201, "{stored}");
        let (status, joined) = server.request(
            "POST",
            &format!("/api/matches/{id}/join"),
            Some(&bot_token),
            Some(&json!({"army_list": stored["id"]})),
        );
        assert_eq!(status, 200, "{joined}");
        let mut bot =
            Follower::subscribe(server.client(Some(&bot_token)), MatchId(id), Role::Player);
        browser.wait_for(
            &page,
            "the game on Ada's page",
            &format!("{TABLE}.game.seq !== null && document.querySelector('#board [data-square]')"),
        );
        let watcher = browser.page(900, 760, false);
        browser.navigate(&watcher, &format!("{root}#/watch/{id}"));
        browser.wait_for(
            &watcher,
            "the spectator's table",
            &format!("{TABLE} && {TABLE}.game.seq !== null"),
        );

        let ada_token = ada["token"].as_str().expect("a token");
        let at_the_table = Ada {
            server: &server,
            token: ada_token,
            id,
        };
        let played = play_to_the_end(&mut browser, (&page, &at_the_table), &mut bot, &mut chooser);
        say(&format!(
            "web_whole_games: {key}: {} actions, {} of Ada's by the board, {} times she chose and waited",
            played.actions, played.by_board, played.chosen_and_waited
        ));
        assert!(played.by_board > 0, "{key}: no move was made on the board");
        if system["id"] == json!("summoners-chess") {
            assert!(
                played.chosen_and_waited > 0,
                "the Acolytes are placed at once: Ada chose first at least once"
            );
        }

        for (viewer, token) in [(&page, Some(ada_token)), (&watcher, None)] {
            browser.wait_for(viewer, "the end", "document.querySelector('#turn.over')");
            let last = servers_snapshot(&server, token, id).seq;
            browser.wait_for(
                viewer,
                "the last batch",
                &format!("{TABLE}.game.seq === {last}"),
            );
        }
        view_is_the_servers(&mut browser, &page, &server, Some(ada_token), id);
        view_is_the_servers(&mut browser, &watcher, &server, None, id);
        let (_, summary) = server.get(&format!("/api/matches/{id}"));
        assert_eq!(summary["status"], json!("finished"), "{summary}");
        let ending = browser.eval(&page, "document.querySelector('#turn').textContent");
        let ending = ending.as_str().unwrap_or_default().to_owned();
        let winners = summary["outcome"]["winners"].as_array().expect("winners");
        if winners.is_empty() {
            assert!(ending.starts_with("Drawn"), "{ending}");
        } else {
            assert!(ending.contains(" won: "), "{ending}");
        }
        browser.screenshot(&page, &shots.join(format!("end-{key}.png")));

        // A page opened now learns the last move from the history, as the
        // watching page did from its last batch.
        let highlighted = "JSON.stringify([...document.querySelectorAll('#board .last')].map((e) => e.dataset.square).sort())";
        let live = browser.eval(&watcher, highlighted);
        let late = browser.page(900, 760, false);
        browser.navigate(&late, &format!("{root}#/watch/{id}"));
        browser.wait_for(
            &late,
            "the late spectator's history",
            &format!(
                "{TABLE} && {TABLE}.game.seq === {} && {TABLE}.historyLoaded && {TABLE}.game.log.length > 0",
                servers_snapshot(&server, None, id).seq
            ),
        );
        assert_eq!(
            browser.eval(&late, highlighted),
            live,
            "{key}: the last move"
        );
        // Its log, told from the history, says what the watching page's said
        // live: moves of pieces taken since included.
        let moves = format!(
            "JSON.stringify({TABLE}.game.log.filter((e) => e.kind === 'move').map((e) => e.text).slice(-20))"
        );
        let told_live = browser.eval(&watcher, &moves);
        assert_ne!(told_live, json!("[]"), "{key}: moves in the log");
        assert_eq!(browser.eval(&late, &moves), told_live, "{key}: the log");
        if live != json!("[]") {
            last_moves_shown += 1;
        }
        browser.close_page(&late);
        assert_eq!(
            browser.eval(&watcher, "!!document.querySelector('#rematch')"),
            json!(false),
            "a spectator is offered no rematch"
        );

        replayed_from_the_table(&mut browser, &watcher, &system["name"]);

        if index == 0 {
            rematch_from_the_page(&mut browser, &server, &page, id, &bot_token, &ada);
        }
        browser.close_page(&page);
        browser.close_page(&watcher);
    }
    assert!(last_moves_shown > 0, "some game ended with a move to show");
}

/// The spectator's page, at the end of the game, follows the table's link
/// to the replay: its last step is the view the page watched, and the dice
/// check in the browser passes.
fn replayed_from_the_table(browser: &mut Browser, watcher: &str, system: &Value) {
    let watched = browser.eval(watcher, &format!("JSON.stringify({TABLE}.game.view)"));
    browser.eval(
        watcher,
        "document.querySelector('#replay-link').click(); true",
    );
    let replay = "(window.frayDebug || {}).replay";
    browser.wait_for(
        watcher,
        "the replay and its dice check",
        &format!("{replay} && {replay}.view && {replay}.check"),
    );
    browser.eval(
        watcher,
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End'})); true",
    );
    let replayed = browser.eval(watcher, &format!("JSON.stringify({replay}.view)"));
    let parse = |text: &Value| -> Value {
        serde_json::from_str(text.as_str().expect("a view as JSON")).expect("JSON")
    };
    let differences = view_differences(&parse(&replayed), &parse(&watched));
    assert!(
        differences.is_empty(),
        "{system}: the replay's end is not what the spectator watched:\n{}",
        differences.join("\n")
    );
    let checks = browser.eval(
        watcher,
        "[...document.querySelectorAll('#dice-check .check')].map((e) => e.className + ': ' + e.textContent)",
    );
    assert_eq!(
        checks.as_array().map(|c| c.len()),
        Some(2),
        "{system}: {checks}"
    );
    for check in checks.as_array().expect("the checks") {
        let check = check.as_str().unwrap_or_default();
        assert!(check.starts_with("check ok: "), "{system}: {check}");
    }
}

/// The bot asks for the rematch; Ada's page learns of it and she takes her
/// seat, the seats swapped.
fn rematch_from_the_page(
    browser: &mut Browser,
    server: &TestServer,
    page: &str,
    id: i64,
    bot_token: &str,
    ada: &Value,
) {
    browser.wait_for(
        page,
        "the rematch offered",
        "document.querySelector('#rematch') && document.querySelector('#rematch').textContent === 'Ask for a rematch'",
    );
    let (status, rematch) = server.request(
        "POST",
        &format!("/api/matches/{id}/rematch"),
        Some(bot_token),
        None,
    );
    assert_eq!(status, 201, "{rematch}");
    let next = rematch["id"].as_i64().expect("the rematch's id");
    // The page asks for the summary every five seconds.
    let deadline = std::time::Instant::now() + STEP;
    while browser.eval(page, "document.querySelector('#rematch').textContent")
        != json!("Take your seat in the rematch")
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the page never learnt of the rematch"
        );
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    browser.eval(page, "document.querySelector('#rematch').click(); true");
    browser.wait_for(
        page,
        "the rematch's table",
        &format!("location.hash === '#/play/{next}' && {TABLE} && {TABLE}.game.seq !== null"),
    );
    let (_, summary) = server.get(&format!("/api/matches/{next}"));
    assert_eq!(summary["status"], json!("running"), "{summary}");
    assert_eq!(summary["rematch_of"], json!(id));
    let (_, before) = server.get(&format!("/api/matches/{id}"));
    let seat_of = |summary: &Value| {
        summary["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .find(|s| s["player"]["id"] == ada["id"])
            .map(|s| s["seat"].clone())
            .expect("Ada's seat")
    };
    assert_ne!(seat_of(&before), seat_of(&summary), "the seats are swapped");
    assert_eq!(
        browser.eval(page, &format!("{TABLE}.game.seat")),
        seat_of(&summary)
    );
}
