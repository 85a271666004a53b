//! The web client's pages where things go wrong, or are over, in headless
//! Chromium: a token the server no longer knows, a match that does not
//! exist, a finished match's rematch however its table was reached, the
//! away notices at a match's start, and errors shown where they happened.
//!
//! Skipped, with a line saying so, where no Chromium is installed
//! (Debian's `chromium`; `FRAY_CHROMIUM` names another binary).

mod common;

use std::time::Duration;

use common::TestServer;
use common::browser::{
    Browser, TABLE, chromium_or_skip, create_in_the_lobby, open_table, register_in_the_page,
    screenshots_dir, servers_snapshot, wait_at_the_table,
};
use common::play::{two_armies, two_player_match};
use fray_protocol::{MatchConfig, PlayerCreated, SystemId};
use serde_json::{Value, json};

/// The login kept in a page's storage, as the page keeps it.
fn login_of(player: &PlayerCreated) -> Value {
    json!({"id": player.id, "name": player.name, "token": player.token})
}

/// Loads the client afresh at `root` with `login` kept in its storage (or
/// none), then goes to `hash`.
fn open_with(browser: &mut Browser, page: &str, root: &str, login: Option<&Value>, hash: &str) {
    browser.navigate(page, root);
    browser.wait_for(
        page,
        "the page",
        "document.querySelector('#register-name') || document.querySelector('#create-form')",
    );
    let keep = match login {
        Some(login) => format!("localStorage.setItem('fray.login', JSON.stringify({login}));"),
        None => "localStorage.removeItem('fray.login');".to_owned(),
    };
    browser.eval(
        page,
        &format!("{keep} location.hash = {}; true", json!(hash)),
    );
}

/// The text of every alert the page shows now (visible and not empty).
const ALERTS: &str = "[...document.querySelectorAll('[role=alert]')].filter((e) => !e.hidden && e.offsetParent !== null && e.textContent.trim()).map((e) => e.textContent.trim())";

/// A finished match of Action Chess Faction Chess between Alice (seat 0)
/// and Bob, Bob having resigned.
fn finished_match(server: &TestServer) -> (i64, [PlayerCreated; 2]) {
    let (id, players) = two_player_match(server, SystemId::ActionChessFactionChess);
    let (status, body) = server.request(
        "POST",
        &format!("/api/matches/{}/resign", id.0),
        Some(&players[1].token),
        None,
    );
    assert_eq!(status, 200, "{body}");
    (id.0, players)
}

/// Issue 36, item 6: a token the server does not know, kept in the
/// browser, leads every page to the login page with a message; the header
/// forgets the name; logging in again goes back where the player was.
#[test]
fn a_stale_token_leads_to_the_login_page() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let server = TestServer::start_unthrottled();
    let root = server.url("/");
    let (finished, _) = finished_match(&server);
    let cleo = server.player("cleo");
    let dan = server.player("dan");
    let [a, b] = two_armies(SystemId::ChessWar);
    let running = server
        .started_match(
            &MatchConfig::new(SystemId::ChessWar),
            &[(&cleo, &a), (&dan, &b)],
        )
        .id
        .0;
    let stale = json!({"id": cleo.id, "name": "ghost <i>x</i>", "token": "ab".repeat(32)});

    let mut browser = Browser::launch(&chromium);
    let page = browser.page(1000, 800, false);
    for hash in [
        format!("#/play/{finished}"),
        format!("#/watch/{finished}"),
        format!("#/play/{running}"),
        format!("#/watch/{running}"),
        format!("#/replay/{finished}"),
        "#/lists".to_owned(),
        "#/".to_owned(),
    ] {
        open_with(&mut browser, &page, &root, Some(&stale), &hash);
        browser.wait_for(
            &page,
            &format!("the login page with its message, from {hash}"),
            "document.querySelector('#token-form') && document.querySelector('#login-message') \
             && document.querySelector('#login-message').textContent.includes('log in again')",
        );
        assert_eq!(
            browser.eval(&page, "document.querySelector('#who').textContent"),
            json!("not logged in"),
            "{hash}: the header forgets the dead name"
        );
        assert_eq!(
            browser.eval(&page, "localStorage.getItem('fray.login')"),
            Value::Null,
            "{hash}: the dead token is forgotten"
        );
        let message = browser.eval(
            &page,
            "document.querySelector('#login-message').textContent",
        );
        assert!(
            message
                .as_str()
                .unwrap_or_default()
                .contains("ghost <i>x</i>"),
            "{hash}: the message names the login, as text: {message}"
        );
        assert_eq!(
            browser.eval(&page, "document.querySelectorAll('#main i').length"),
            json!(0),
            "{hash}: a name is never markup"
        );
        let text = browser.eval(&page, "document.body.innerText");
        assert!(
            !text.as_str().unwrap_or_default().contains("Connecting"),
            "{hash}: {text}"
        );
    }
    browser.screenshot(&page, &screenshots_dir().join("token-refused.png"));

    // Logging in again from there goes back to the table the player was at.
    open_with(
        &mut browser,
        &page,
        &root,
        Some(&stale),
        &format!("#/play/{running}"),
    );
    browser.wait_for(
        &page,
        "the login page",
        "document.querySelector('#login-message')",
    );
    browser.eval(
        &page,
        &format!(
            "document.querySelector('#token').value = {}; document.querySelector('#token-login').click(); true",
            json!(cleo.token)
        ),
    );
    let seq = servers_snapshot(&server, Some(&cleo.token), running).seq;
    browser.wait_for(
        &page,
        "the table again, logged in",
        &format!(
            "location.hash === '#/play/{running}' && {TABLE} && {TABLE}.game.seq === {seq} && document.querySelector('#me').textContent === {}",
            json!(cleo.name)
        ),
    );
    assert_eq!(
        browser.eval(&page, "document.querySelector('#login-message')"),
        Value::Null
    );
}

/// Issue 36, item 7: a match that does not exist says so, and offers no
/// action.
#[test]
fn a_match_that_does_not_exist_says_so() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let server = TestServer::start_unthrottled();
    let root = server.url("/");
    let ada = server.player("ada");
    let mut browser = Browser::launch(&chromium);
    let page = browser.page(1000, 800, false);
    let login = login_of(&ada);
    for (login, hash) in [
        (Some(&login), "#/play/999"),
        (Some(&login), "#/watch/999"),
        (None, "#/watch/999"),
        (None, "#/play/999"),
    ] {
        open_with(&mut browser, &page, &root, login, hash);
        browser.wait_for(
            &page,
            &format!("{hash} to say there is no such match"),
            "document.querySelector('#turn') && document.querySelector('#turn').textContent.includes('There is no match 999')",
        );
        let state = browser.eval(
            &page,
            r#"JSON.stringify({
  text: document.body.innerText,
  connection: document.querySelector('#connection').textContent,
  live: [...document.querySelectorAll('#resign, #offer-draw, #chat button, #options button')].filter((b) => !b.disabled).length,
})"#,
        );
        let state: Value = serde_json::from_str(state.as_str().expect("JSON")).expect("JSON");
        let text = state["text"].as_str().unwrap_or_default();
        assert!(!text.contains("Connecting"), "{hash}: {text}");
        assert_eq!(state["connection"], json!(""), "{hash}: {text}");
        assert_eq!(state["live"], json!(0), "{hash}: nothing to click: {text}");
        assert!(
            browser.eval(&page, "!!document.querySelector('#turn a[href=\"#/\"]')") == json!(true),
            "{hash}: a way back to the lobby"
        );
    }
    browser.screenshot(&page, &screenshots_dir().join("no-such-match.png"));
}

/// Issue 36, item 8: a finished match offers its players a rematch from
/// its table however it was reached (`#/play`, `#/watch`, opened fresh) and
/// from the lobby; nobody else is offered one.
#[test]
fn a_finished_match_offers_a_rematch_however_it_is_reached() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let server = TestServer::start_unthrottled();
    let root = server.url("/");
    let (id, [alice, bob]) = finished_match(&server);
    let carl = server.player("carl");
    let mut browser = Browser::launch(&chromium);
    let a = browser.page(1000, 800, false);
    let b = browser.page(1000, 800, false);

    let offered = |browser: &mut Browser, page: &str, what: &str, label: &str| {
        browser.wait_for(
            page,
            what,
            &format!(
                "document.querySelector('#turn.over') && document.querySelector('#rematch') && document.querySelector('#rematch').textContent === {}",
                json!(label)
            ),
        );
    };
    // Opened fresh, as a player and as a spectator.
    open_with(
        &mut browser,
        &a,
        &root,
        Some(&login_of(&alice)),
        &format!("#/play/{id}"),
    );
    offered(
        &mut browser,
        &a,
        "the rematch at #/play",
        "Ask for a rematch",
    );
    open_with(
        &mut browser,
        &a,
        &root,
        Some(&login_of(&alice)),
        &format!("#/watch/{id}"),
    );
    offered(
        &mut browser,
        &a,
        "the rematch at #/watch",
        "Ask for a rematch",
    );
    // Nobody else is offered one.
    for login in [Some(login_of(&carl)), None] {
        open_with(
            &mut browser,
            &b,
            &root,
            login.as_ref(),
            &format!("#/watch/{id}"),
        );
        browser.wait_for(&b, "the end", "document.querySelector('#turn.over')");
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(
            browser.eval(&b, "!!document.querySelector('#rematch')"),
            json!(false),
            "no rematch for {login:?}"
        );
    }

    // Alice asks from the lobby.
    open_with(&mut browser, &a, &root, Some(&login_of(&alice)), "#/");
    browser.wait_for(
        &a,
        "the lobby's rematch",
        &format!("document.querySelector('[data-rematch=\"{id}\"]')"),
    );
    assert_eq!(
        browser.eval(
            &a,
            &format!("document.querySelector('[data-rematch=\"{id}\"]').textContent")
        ),
        json!("Ask for a rematch")
    );
    browser.screenshot(&a, &screenshots_dir().join("lobby-rematch.png"));
    browser.eval(
        &a,
        &format!("document.querySelector('[data-rematch=\"{id}\"]').click(); true"),
    );
    browser.wait_for(
        &a,
        "the rematch's table, waiting",
        &format!("/^#\\/play\\/\\d+$/.test(location.hash) && location.hash !== '#/play/{id}'"),
    );
    let next = browser
        .eval(&a, "Number(location.hash.split('/')[2])")
        .as_i64()
        .expect("the rematch's id");
    assert_ne!(next, id);
    let (status, summary) = server.get(&format!("/api/matches/{next}"));
    assert_eq!(status, 200);
    assert_eq!(summary["rematch_of"], json!(id));

    // Bob, at the finished match's table reached from the lobby's "View",
    // takes his seat.
    open_with(&mut browser, &b, &root, Some(&login_of(&bob)), "#/");
    browser.wait_for(
        &b,
        "the lobby's rematch",
        &format!(
            "document.querySelector('[data-rematch=\"{id}\"]') && document.querySelector('[data-rematch=\"{id}\"]').textContent === 'Take your seat in the rematch'"
        ),
    );
    browser.eval(
        &b,
        &format!(
            "document.querySelector('[data-match=\"{id}\"] a[href=\"#/watch/{id}\"]').click(); true"
        ),
    );
    offered(
        &mut browser,
        &b,
        "the rematch at the table",
        "Take your seat in the rematch",
    );
    browser.eval(&b, "document.querySelector('#rematch').click(); true");
    for page in [&a, &b] {
        browser.wait_for(
            page,
            "the rematch under way",
            &format!("location.hash === '#/play/{next}' && {TABLE} && {TABLE}.game.seq !== null && {TABLE}.game.status === 'running'"),
        );
    }

    // Alice's lobby now leads to the rematch from the finished match.
    open_with(&mut browser, &a, &root, Some(&login_of(&alice)), "#/");
    browser.wait_for(
        &a,
        "the lobby's way to the rematch",
        &format!(
            "document.querySelector('[data-rematch=\"{id}\"]') && document.querySelector('[data-rematch=\"{id}\"]').textContent === 'Go to the rematch'"
        ),
    );
}

/// Issue 36, item 9: at a match's start, while its creator's page comes
/// from waiting to the table, nobody is told a player at the table left
/// it; a player who does leave is told of.
#[test]
fn no_away_notice_about_a_player_at_the_table() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let server = TestServer::start_unthrottled();
    let root = server.url("/");
    let mut browser = Browser::launch(&chromium);
    let ada = browser.page(1000, 800, false);
    let bo = browser.page(1000, 800, false);
    register_in_the_page(&mut browser, &ada, &root, "ada");
    register_in_the_page(&mut browser, &bo, &root, "bo");
    let id = create_in_the_lobby(&mut browser, &ada, "action-chess-faction-chess");
    wait_at_the_table(&mut browser, &ada, id);
    browser.eval(&bo, "document.querySelector('#refresh').click(); true");
    browser.wait_for(
        &bo,
        "the open match",
        &format!("document.querySelector('[data-join=\"{id}\"]')"),
    );
    browser.eval(
        &bo,
        &format!("document.querySelector('[data-join=\"{id}\"]').click(); true"),
    );
    for page in [&ada, &bo] {
        browser.wait_for(
            page,
            "the snapshot",
            &format!("location.hash === '#/play/{id}' && {TABLE} && {TABLE}.game.seq !== null"),
        );
    }
    // Longer than any notice waits to be sure.
    std::thread::sleep(Duration::from_secs(7));
    for page in [&ada, &bo] {
        let text = browser.eval(page, "document.body.innerText");
        let text = text.as_str().unwrap_or_default();
        assert!(
            !text.contains("left the table") && !text.contains("is back"),
            "a notice about a player at the table:\n{text}"
        );
    }

    // Bo's connection drops for a while: Ada is told, then told he is back.
    browser.eval(&bo, &format!("{TABLE}.live.dropConnection(9000); true"));
    browser.wait_for(
        &ada,
        "bo away",
        "document.querySelector('#away').textContent.includes('bo left the table') \
         && document.querySelector('#log').textContent.includes('bo left the table')",
    );
    browser.screenshot(&ada, &screenshots_dir().join("away.png"));
    browser.wait_for(
        &ada,
        "bo back",
        "document.querySelector('#log').textContent.includes('bo is back') \
         && !document.querySelector('#away').textContent.includes('bo')",
    );
    let text = browser.eval(&bo, "document.querySelector('#log').textContent");
    assert!(
        !text.as_str().unwrap_or_default().contains("bo is back"),
        "bo is not told he is back: {text}"
    );
}

/// Issue 36, item 10: an error shows where the thing failed, stays until
/// it is done again, and goes when it succeeds.
#[test]
fn errors_show_where_they_happened_and_go_when_it_works() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let server = TestServer::start_unthrottled();
    let root = server.url("/");
    server.player("taken");
    let mut browser = Browser::launch(&chromium);
    let page = browser.page(1000, 800, false);
    let alerts = |browser: &mut Browser, page: &str| -> Vec<String> {
        let found = browser.eval(page, &format!("JSON.stringify({ALERTS})"));
        serde_json::from_str(found.as_str().expect("JSON")).expect("JSON")
    };

    // The login page: a bad token, then a name taken.
    open_with(&mut browser, &page, &root, None, "#/");
    browser.wait_for(&page, "the login form", "document.querySelector('#token')");
    browser.eval(
        &page,
        "document.querySelector('#token').value = 'not-a-token'; document.querySelector('#token-login').click(); true",
    );
    browser.wait_for(
        &page,
        "the refusal in the token's form",
        "document.querySelector('#token-form [role=alert]') && document.querySelector('#token-form [role=alert]').textContent.length > 0",
    );
    browser.eval(
        &page,
        "document.querySelector('#register-name').value = 'taken'; document.querySelector('#register').click(); true",
    );
    browser.wait_for(
        &page,
        "the refusal in the register form",
        "document.querySelector('#register-form [role=alert]') && document.querySelector('#register-form [role=alert]').textContent.includes('taken')",
    );
    std::thread::sleep(Duration::from_secs(7));
    let shown = alerts(&mut browser, &page);
    assert_eq!(shown.len(), 2, "both refusals stay: {shown:?}");
    browser.screenshot(&page, &screenshots_dir().join("login-refused.png"));
    browser.eval(
        &page,
        "document.querySelector('#register-name').value = 'ada'; document.querySelector('#register').click(); true",
    );
    browser.wait_for(&page, "the lobby", "document.querySelector('#create-form')");
    let shown = alerts(&mut browser, &page);
    assert!(shown.is_empty(), "old errors after logging in: {shown:?}");

    // The lobby: a match refused (a squad of 44 points in a match of 10),
    // then made.
    browser.eval(
        &page,
        r#"(() => {
  const system = document.querySelector('#new-system');
  system.value = 'chessboard-confrontation';
  system.dispatchEvent(new Event('change'));
  document.querySelector('#new-list').value = 'example:0';
  document.querySelector('#opt-points').value = '10';
  document.querySelector('#create').click();
  return true;
})()"#,
    );
    browser.wait_for(
        &page,
        "the refusal in the new match's form",
        "document.querySelector('#create-form [role=alert]') && document.querySelector('#create-form [role=alert]').textContent.length > 0",
    );
    let id = create_in_the_lobby(&mut browser, &page, "fantasy-armies");
    browser.wait_for(
        &page,
        "the match made, said in the form",
        &format!("document.querySelector('#create-form [role=status]').textContent.includes('match {id}')"),
    );
    let shown = alerts(&mut browser, &page);
    assert!(
        shown.is_empty(),
        "the refusal stays after the match was made: {shown:?}"
    );

    // A join refused: the match filled meanwhile.
    let other = server.player("other");
    let third = server.player("third");
    let [list, _] = two_armies(SystemId::ActionChessFactionChess);
    let stored = server.army_list(&other.token, &list);
    let (status, made) = server.request(
        "POST",
        "/api/matches",
        Some(&other.token),
        Some(&json!({"config": {"system": "action-chess-faction-chess", "options": {}}, "army_list": stored.id})),
    );
    assert_eq!(status, 201, "{made}");
    let open = made["id"].as_i64().expect("an id");
    browser.eval(&page, "document.querySelector('#refresh').click(); true");
    browser.wait_for(
        &page,
        "the open match",
        &format!("document.querySelector('[data-join=\"{open}\"]')"),
    );
    let stored = server.army_list(&third.token, &list);
    let (status, body) = server.request(
        "POST",
        &format!("/api/matches/{open}/join"),
        Some(&third.token),
        Some(&json!({"army_list": stored.id})),
    );
    assert_eq!(status, 200, "{body}");
    browser.eval(
        &page,
        &format!("document.querySelector('[data-join=\"{open}\"]').click(); true"),
    );
    browser.wait_for(
        &page,
        "the refusal among the open matches",
        "document.querySelector('#open-matches-section [role=alert]') && document.querySelector('#open-matches-section [role=alert]').textContent.length > 0",
    );
    assert!(
        browser.eval(
            &page,
            "document.querySelector('#create-form [role=alert]:not([hidden])')"
        ) == Value::Null,
        "the join's refusal is not the new match form's"
    );

    // The table: a chat line refused, then one said.
    let (running, [alice, _]) = two_player_match(&server, SystemId::ActionChessFactionChess);
    open_table(&mut browser, &page, &root, &login_of(&alice), running.0);
    browser.eval(
        &page,
        "document.querySelector('#chat-text').value = 'a\\u202eb'; document.querySelector('#chat button').click(); true",
    );
    browser.wait_for(
        &page,
        "the refusal in the chat",
        "document.querySelector('#chat [role=alert]') && document.querySelector('#chat [role=alert]').textContent.length > 0",
    );
    browser.screenshot(&page, &screenshots_dir().join("chat-refused.png"));
    browser.eval(
        &page,
        "document.querySelector('#chat-text').value = 'hello'; document.querySelector('#chat button').click(); true",
    );
    browser.wait_for(
        &page,
        "the line said, the refusal gone",
        "document.querySelector('#log').textContent.includes('hello')",
    );
    browser.wait_for(&page, "no alert left", &format!("{ALERTS}.length === 0"));
}
