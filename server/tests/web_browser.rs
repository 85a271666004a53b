//! The web client in a real browser: headless Chromium, driven over the
//! DevTools protocol, registers two players (each in a browser context of
//! its own, so each has its own localStorage), creates a match of Action
//! Chess Faction Chess with an example list, joins it, plays moves by
//! clicking squares and the options list, drops a connection and resumes
//! with `since`, and resigns. Screenshots of the lobby and the board (a
//! desktop and a phone) are saved where the test prints.
//!
//! Skipped, with a line saying so, where no Chromium is installed
//! (Debian's `chromium`; `FRAY_CHROMIUM` names another binary).

mod common;

use std::time::{Duration, Instant};

use common::TestServer;
use common::browser::{
    Browser, STEP, TABLE, chromium_or_skip, create_in_the_lobby, my_turn, open_table,
    register_in_the_page, say, screenshots_dir, seq, servers_snapshot, view_is_the_servers,
    wait_at_the_table,
};
use serde_json::{Value, json};

/// Plays one move on `page` by clicking its squares: a piece, then where it
/// goes (or, where no option starts on a square, the first in the list).
/// Returns how it was played.
fn play_by_clicks(browser: &mut Browser, page: &str) -> String {
    let before = seq(browser, page);
    let played = browser.eval(
        page,
        &format!(
            r##"(() => {{
  const t = {TABLE};
  const click = (sq) => document.querySelector(`[data-square="${{sq}}"]`)
      .dispatchEvent(new MouseEvent("click", {{bubbles: true}}));
  const moves = t.game.options.map((o) => ({{o, ...t.game.squaresOf(o)}}))
      .filter((g) => g.from && g.to && g.from !== g.to);
  if (!moves.length) {{
    const placed = t.game.options.map((o) => ({{o, ...t.game.squaresOf(o)}})).filter((g) => !g.from && g.to);
    if (placed.length) {{
      const g = placed[placed.length - 1];
      click(g.to);
      if (!t.live.pending) document.querySelector("#options button.option").click();
      return "square " + g.to;
    }}
    document.querySelector("#options button.option").click();
    return "list " + t.game.options[0].notation;
  }}
  const g = moves[Math.floor(moves.length / 2)];
  click(g.from);
  const targets = [...document.querySelectorAll(".sq.target")].map((e) => e.dataset.square);
  if (!targets.includes(g.to)) return "not shown: " + g.to + " among " + targets.join(",");
  click(g.to);
  if (!t.live.pending) document.querySelector("#options button.option").click();
  return "board " + g.from + "-" + g.to;
}})()"##
        ),
    );
    let played = played.as_str().unwrap_or_default().to_owned();
    assert!(
        played.starts_with("board ")
            || played.starts_with("square ")
            || played.starts_with("list "),
        "{played}"
    );
    browser.wait_for(
        page,
        "the move's ack",
        &format!("{TABLE}.game.seq > {before} && !{TABLE}.live.pending"),
    );
    played
}

/// The page whose player decides now, waiting for one; fails, with both
/// pages' state, when neither may move.
fn who_decides<'a>(browser: &mut Browser, pages: [&'a str; 2]) -> &'a str {
    let deadline = Instant::now() + STEP;
    loop {
        if let Some(page) = pages.into_iter().find(|page| my_turn(browser, page)) {
            return page;
        }
        if Instant::now() > deadline {
            let state = format!(
                "JSON.stringify({{seq: {TABLE}.game.seq, seat: {TABLE}.game.seat, toAct: {TABLE}.game.toAct, options: {TABLE}.game.options.length, pending: {TABLE}.live.pending, text: document.body.innerText}})"
            );
            let a = browser.eval(pages[0], &state);
            let b = browser.eval(pages[1], &state);
            panic!("nobody may move:\n{a}\n{b}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Whoever decides plays; returns the page that moved.
fn play_one<'a>(browser: &mut Browser, pages: [&'a str; 2]) -> &'a str {
    let page = who_decides(browser, pages);
    let how = play_by_clicks(browser, page);
    say(&format!("web_browser: played {how}"));
    page
}

/// Both pages hold the same board, each from the batches it applied.
fn same_board(browser: &mut Browser, a: &str, b: &str) {
    let board = format!(
        "JSON.stringify(Object.values({TABLE}.game.view.pieces).map((p) => [p.id, p.owner, p.glyph, p.square || null]).sort((x, y) => x[0] - y[0]))"
    );
    let seq_a = seq(browser, a);
    browser.wait_for(
        b,
        "the other page to catch up",
        &format!("{TABLE}.game.seq === {seq_a}"),
    );
    let left = browser.eval(a, &board);
    let right = browser.eval(b, &board);
    assert_eq!(left, right, "both players see the same pieces");
}

#[test]
fn two_players_meet_and_play_in_the_browser() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let shots = screenshots_dir();

    // Pages of a few events: the page must read every page of a history.
    let server = TestServer::start_with(|config| {
        config.messages_per_second = 10_000;
        config.events_per_page = 5;
    });
    let root = server.url("/");
    let mut browser = Browser::launch(&chromium);
    let ada = browser.page(1280, 900, false);
    let bo = browser.page(390, 844, true);

    // Each registers.
    browser.navigate(&ada, &root);
    browser.wait_for(
        &ada,
        "the login form",
        "document.querySelector('#register-name')",
    );
    browser.screenshot(&ada, &shots.join("login-desktop.png"));
    for (page, name) in [(&ada, "ada"), (&bo, "bo <b>&amp;</b>")] {
        register_in_the_page(&mut browser, page, &root, name);
    }
    // A name is text, never markup.
    let shown = browser.eval(&bo, "document.querySelector('#me').textContent");
    assert_eq!(shown, json!("bo <b>&amp;</b>"));
    let bold = browser.eval(&bo, "document.querySelectorAll('header b').length");
    assert_eq!(bold, json!(0));
    // The token is kept in the browser.
    let kept = browser.eval(&ada, "JSON.parse(localStorage.getItem('fray.login')).name");
    assert_eq!(kept, json!("ada"));

    // Another browser logs in as ada with her token (the websocket's
    // welcome names its player).
    let token = browser.eval(&ada, "JSON.parse(localStorage.getItem('fray.login')).token");
    let elsewhere = browser.page(800, 700, false);
    browser.navigate(&elsewhere, &root);
    browser.wait_for(
        &elsewhere,
        "the login form",
        "document.querySelector('#token')",
    );
    browser.eval(
        &elsewhere,
        &format!(
            "document.querySelector('#token').value = {token}; document.querySelector('#token-login').click(); true"
        ),
    );
    browser.wait_for(
        &elsewhere,
        "ada logged in",
        "document.querySelector('#me') && document.querySelector('#me').textContent === 'ada' && document.querySelector('#create-form')",
    );
    let bad = browser.page(800, 700, false);
    browser.navigate(&bad, &root);
    browser.wait_for(&bad, "the login form", "document.querySelector('#token')");
    browser.eval(
        &bad,
        "document.querySelector('#token').value = 'not-a-token'; document.querySelector('#token-login').click(); true",
    );
    browser.wait_for(
        &bad,
        "the refusal",
        "document.querySelector('#token-form [role=alert]') && document.querySelector('#token-form [role=alert]').textContent.length > 0",
    );
    assert_eq!(
        browser.eval(&bad, "localStorage.getItem('fray.login')"),
        Value::Null,
        "a refused token is not kept"
    );

    // Ada creates a match of Action Chess Faction Chess with the first
    // example list (Classique).
    let id = create_in_the_lobby(&mut browser, &ada, "action-chess-faction-chess");
    browser.screenshot(&ada, &shots.join("lobby-desktop.png"));

    // Ada waits at the table for an opponent.
    wait_at_the_table(&mut browser, &ada, id);

    // Bo finds it among the open matches and joins with an example list.
    browser.eval(&bo, "document.querySelector('#refresh').click(); true");
    browser.wait_for(
        &bo,
        "the open match",
        &format!("document.querySelector('[data-join=\"{id}\"]')"),
    );
    browser.screenshot(&bo, &shots.join("lobby-phone.png"));
    browser.eval(
        &bo,
        &format!(
            r#"(() => {{
  document.querySelector('[data-join-list="{id}"]').value = 'example:3';
  document.querySelector('[data-join="{id}"]').click();
  return true;
}})()"#
        ),
    );
    browser.wait_for(
        &bo,
        "bo's table",
        &format!("location.hash === '#/play/{id}'"),
    );

    for page in [&ada, &bo] {
        browser.wait_for(
            page,
            "the snapshot",
            &format!("{TABLE} && {TABLE}.game.seq !== null && document.querySelector('#board [data-square=\"a1\"]')"),
        );
    }
    let squares = browser.eval(
        &ada,
        "document.querySelectorAll('#board [data-square]').length",
    );
    assert_eq!(squares, json!(64), "an 8×8 board");
    let pieces = browser.eval(
        &ada,
        "document.querySelectorAll('#board .piece-shape').length",
    );
    assert!(
        pieces.as_i64().unwrap_or(0) >= 16,
        "pieces are drawn: {pieces}"
    );

    // Six moves by clicking squares (or the list where a choice has none).
    let pages = [ada.as_str(), bo.as_str()];
    for _ in 0..6 {
        play_one(&mut browser, pages);
    }
    same_board(&mut browser, &ada, &bo);

    // A move from the options list.
    let mover = who_decides(&mut browser, pages).to_owned();
    let before = seq(&mut browser, &mover);
    browser.eval(
        &mover,
        "document.querySelector('#options button.option').click(); true",
    );
    browser.wait_for(
        &mover,
        "the listed move's ack",
        &format!("{TABLE}.game.seq > {before}"),
    );

    // The other player's connection drops; a move is made meanwhile; the
    // page reconnects and resumes with `since`, from the batches it missed.
    let other = if mover == ada {
        bo.clone()
    } else {
        ada.clone()
    };
    browser.wait_for(
        &other,
        "its turn",
        &format!("{TABLE}.game.seq === {}", before + 1),
    );
    let waiting = mover.clone();
    browser.eval(
        &waiting,
        &format!("{TABLE}.live.dropConnection(3000); true"),
    );
    browser.wait_for(
        &waiting,
        "the drop to show",
        "document.querySelector('#connection.lost')",
    );
    play_by_clicks(&mut browser, &other);
    browser.wait_for(
        &waiting,
        "the resumed batches",
        &format!(
            "{TABLE}.live.resumedWith === 'batches' && {TABLE}.game.seq === {}",
            before + 2
        ),
    );
    same_board(&mut browser, &ada, &bo);

    // An action whose answer is lost with the connection is sent again,
    // with its id, once the page is back: played once, acknowledged.
    let mover = who_decides(&mut browser, pages).to_owned();
    let before = seq(&mut browser, &mover);
    browser.eval(
        &mover,
        &format!("(() => {{ const t = {TABLE}; t.act(t.game.options[0]); t.live.dropConnection(300); return true; }})()"),
    );
    browser.wait_for(
        &mover,
        "the action acknowledged after the drop",
        &format!(
            "{TABLE}.game.seq === {} && !{TABLE}.live.pending && {TABLE}.live.ws && {TABLE}.live.ws.readyState === 1",
            before + 1
        ),
    );
    same_board(&mut browser, &ada, &bo);

    // A few more moves, then the boards for a person to look at.
    for _ in 0..3 {
        play_one(&mut browser, pages);
    }
    same_board(&mut browser, &ada, &bo);
    let dice = browser.eval(&ada, "document.querySelectorAll('#log .dice-line').length");
    say(&format!("web_browser: {dice} dice lines in ada's log"));
    browser.screenshot(&ada, &shots.join("board-desktop.png"));
    browser.screenshot(&bo, &shots.join("board-phone.png"));

    // A spectator, not logged in, watches.
    let watcher = browser.page(800, 700, false);
    browser.navigate(&watcher, &format!("{root}#/watch/{id}"));
    let now = seq(&mut browser, &ada);
    browser.wait_for(
        &watcher,
        "the spectator's snapshot",
        &format!("{TABLE} && {TABLE}.game.seq === {now} && {TABLE}.game.seat === null"),
    );
    let note = browser.eval(&watcher, "document.querySelector('#options').textContent");
    assert_eq!(note, json!("You are watching."));
    assert_eq!(
        browser.eval(&watcher, "document.querySelector('#resign')"),
        Value::Null,
        "a spectator cannot resign"
    );

    // Ada resigns; everyone sees the end.
    browser.eval(
        &ada,
        "window.confirm = () => true; document.querySelector('#resign').click(); true",
    );
    for page in [&ada, &bo] {
        browser.wait_for(
            page,
            "the end of the game",
            "document.querySelector('#turn.over')",
        );
    }
    let ending = browser.eval(&bo, "document.querySelector('#turn').textContent");
    let ending = ending.as_str().unwrap_or_default().to_owned();
    assert!(
        ending.contains("won") && ending.contains("resigned"),
        "{ending}"
    );
    browser.screenshot(&bo, &shots.join("over-phone.png"));
    let (status, summary) = server.get(&format!("/api/matches/{id}"));
    assert_eq!(status, 200);
    assert_eq!(summary["status"], json!("finished"));
}

#[test]
fn every_system_is_drawn_and_played_in_the_browser() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let shots = screenshots_dir();
    // Pages of a few events: the page must read every page of a history.
    let server = TestServer::start_with(|config| {
        config.messages_per_second = 10_000;
        config.events_per_page = 5;
    });
    let root = server.url("/");
    let mut browser = Browser::launch(&chromium);
    let (status, systems) = server.get("/api/systems");
    assert_eq!(status, 200);
    for system in systems.as_array().expect("the systems") {
        let key = system["id"].as_str().expect("a key");
        let examples = system["examples"].as_array().expect("examples");
        let first = &examples[0];
        let second = examples.last().expect("an example");
        let mut players = Vec::new();
        for name in ["ada", "bo"] {
            let (status, player) = server.request(
                "POST",
                "/api/players",
                None,
                Some(&json!({"name": format!("{name}-{key}")})),
            );
            assert_eq!(status, 201, "{player}");
            players.push(player);
        }
        let mut lists = Vec::new();
        for (player, list) in players.iter().zip([first, second]) {
            let token = player["token"].as_str().expect("a token");
            let (status, stored) =
                server.request("POST", "/api/army-lists", Some(token), Some(list));
            assert_eq!(status, 201, "{stored}");
            lists.push(stored["id"].clone());
        }
        let ada_token = players[0]["token"].as_str().expect("a token");
        let bo_token = players[1]["token"].as_str().expect("a token");
        let (status, created) = server.request(
            "POST",
            "/api/matches",
            Some(ada_token),
            Some(&json!({"config": {"system": key, "options": {}}, "army_list": lists[0]})),
        );
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_i64().expect("an id");
        let (status, joined) = server.request(
            "POST",
            &format!("/api/matches/{id}/join"),
            Some(bo_token),
            Some(&json!({"army_list": lists[1]})),
        );
        assert_eq!(status, 200, "{joined}");

        let ada = browser.page(1100, 820, false);
        let bo = browser.page(1100, 820, false);
        open_table(&mut browser, &ada, &root, &players[0], id);
        open_table(&mut browser, &bo, &root, &players[1], id);
        let pages = [ada.as_str(), bo.as_str()];
        for _ in 0..8 {
            if browser.eval(&ada, &format!("!!{TABLE}.game.view.outcome")) == json!(true) {
                break;
            }
            play_one(&mut browser, pages);
        }
        // Each page numbers the events its player can tell happened: in
        // ChessWar!'s set-up each side's placements are its own.
        for (page, token) in [(&ada, ada_token), (&bo, bo_token)] {
            let last = servers_snapshot(&server, Some(token), id).seq;
            browser.wait_for(page, "both pages", &format!("{TABLE}.game.seq === {last}"));
        }
        view_is_the_servers(&mut browser, &ada, &server, Some(ada_token), id);
        view_is_the_servers(&mut browser, &bo, &server, Some(bo_token), id);
        browser.screenshot(&ada, &shots.join(format!("board-{key}.png")));
    }
}

/// The value of `script` run in the page as it first loads, nothing
/// clicked: the tests of the page's modules import them there. None,
/// having said so, when Chromium is not installed.
fn eval_in_a_fresh_page(script: &str) -> Option<Value> {
    let chromium = chromium_or_skip()?;
    let server = TestServer::start();
    let mut browser = Browser::launch(&chromium);
    let page = browser.page(900, 700, false);
    browser.navigate(&page, &server.url("/"));
    browser.wait_for(
        &page,
        "the page",
        "document.querySelector('#register-name')",
    );
    Some(browser.eval(&page, script))
}

/// The page's `apply` and board, on a view made up here: a Large
/// miniature over four squares, a stack of three, a piece that is a stack
/// (its `count`), walls set and taken away, terrain, resources, a piece
/// changed, an effect naming no piece, the end.
#[test]
fn apply_and_the_board_follow_the_protocol_in_the_browser() {
    let Some(got) = eval_in_a_fresh_page(
        r#"(async () => {
  const { apply, emptyView } = await import('/web/apply.js');
  const { drawBoard } = await import('/web/board.js');
  const view = emptyView();
  const piece = (id, owner, glyph, square, stats = []) =>
    ({id, owner, kind: 'k', name: 'Piece ' + id, glyph, square, stats});
  const effects = [
    {type: 'game_created', system: 'test', width: 8, height: 8},
    {type: 'piece_placed', piece: piece(1, 0, 'M', 'd4',
      [{key: 'size', value: 'large'}, {key: 'reach', value: 'north-east'}])},
    {type: 'piece_placed', piece: piece(2, 1, 'z', 'a1')},
    {type: 'piece_placed', piece: piece(3, 1, 'z', 'a1')},
    {type: 'piece_placed', piece: piece(4, 1, 'z', 'h8')},
    {type: 'piece_moved', piece: 4, from: 'h8', to: 'a1'},
    {type: 'piece_moved', piece: 99, from: 'h8', to: 'h7'},
    {type: 'wall_changed', between: ['e5', 'e4'], wall: 'double-wall'},
    {type: 'wall_changed', between: ['b2', 'a2'], wall: 'wall'},
    {type: 'wall_changed', between: ['c2', 'c3'], wall: 'wall'},
    {type: 'wall_changed', between: ['a2', 'b2'], wall: null},
    {type: 'terrain_changed', square: 'c3', terrain: 'forests'},
    {type: 'terrain_changed', square: 'c4', terrain: 'fields'},
    {type: 'terrain_changed', square: 'c5', terrain: 'forests'},
    {type: 'terrain_changed', square: 'c5', terrain: null},
    {type: 'resource_changed', seat: 1, key: 'mana', value: 3},
    {type: 'resource_changed', seat: 1, key: 'gold', value: 2},
    {type: 'resource_changed', seat: 1, key: 'gold', value: 0},
    {type: 'player_changed', player: {seat: 0, army: 'Test'}},
    {type: 'piece_changed', piece: 2, change: {glyph: 'Z', markers: [{key: 'k', label: 'L'}]}},
    {type: 'piece_placed', piece: {...piece(5, 0, 's', 'b2'), count: 3}},
    {type: 'piece_changed', piece: 5, change: {count: 2}},
    {type: 'piece_placed', piece: {...piece(6, 0, 's', 'b3'), count: 4}},
    {type: 'piece_changed', piece: 6, change: {count: 1}},
    {type: 'piece_removed', piece: 3, reason: 'gone'},
    {type: 'dice_rolled', roll: {seat: 0, purpose: ['x'], dice: [{sides: 6, face: 3}], modifier: 0, total: 3, result: ['y']}},
    {type: 'turn_changed', turn: {number: 2, phase: 'battle', active: [1]}},
    {type: 'game_ended', outcome: {winners: [1], reason: [{seat: 0}, ' resigned']}},
  ];
  for (const effect of effects) apply(view, effect);
  const { effectEntry } = await import('/web/log.js');
  const told = (effect) => (effectEntry(effect, 9, view, (seat) => ['ada', 'bo'][seat]) || {}).text || null;
  const logged = [
    told({type: 'piece_moved', piece: 2, from: 'a1', to: 'a2'}),
    told({type: 'piece_moved', piece: 5, from: null, to: 'b2'}),
    told({type: 'wall_changed', between: ['c3', 'c2'], wall: null}),
    told({type: 'wall_changed', between: ['e4', 'e5'], wall: 'wall'}),
    told({type: 'wall_changed', between: ['a7', 'a8'], wall: 'wall'}),
    told({type: 'wall_changed', between: ['a7', 'a8'], wall: null}),
    told({type: 'piece_moved', piece: 99, from: 'a1', to: 'a2'}),
  ];
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  drawBoard(svg, view, {mySeat: 0});
  const q = (sel) => svg.querySelector(sel);
  return {
    pieces: Object.keys(view.pieces).sort(),
    walls: view.walls,
    terrain: view.terrain,
    players: view.players,
    turn: view.turn,
    winners: view.outcome.winners,
    glyph2: view.pieces[2].glyph,
    markers2: view.pieces[2].markers.length,
    count: q('[data-square="a1"] .count').textContent,
    stackCount: q('[data-square="b2"] .count').textContent,
    countOf5: view.pieces[5].count,
    oneLeft: [!!q('[data-square="b3"] .count'), 'count' in view.pieces[6]],
    top: q('[data-square="a1"] .glyph').textContent,
    large: svg.querySelectorAll('.large-piece').length,
    body: [...svg.querySelectorAll('.large-body')].map((e) => e.dataset.square).sort(),
    bodyInSquares: svg.querySelectorAll('[data-square="d4"] .piece-shape').length,
    wallLines: svg.querySelectorAll('line.wall').length,
    letters: [q('[data-square="c3"] .terrain-letter').textContent,
              q('[data-square="c4"] .terrain-letter').textContent],
    c5: !!q('[data-square="c5"] .terrain'),
    shapes: [q('[data-square="a1"] .piece-shape').tagName, q('.large-piece').tagName],
    logged,
  };
})()"#,
    ) else {
        return;
    };
    assert_eq!(got["pieces"], json!(["1", "2", "4", "5", "6"]));
    assert_eq!(
        got["walls"],
        json!([
            {"between": ["c2", "c3"], "kind": "wall"},
            {"between": ["e4", "e5"], "kind": "double-wall"}
        ]),
        "walls sorted by squares, as the server keeps them"
    );
    assert_eq!(got["terrain"], json!({"c3": "forests", "c4": "fields"}));
    assert_eq!(
        got["players"],
        json!([{"seat": 0, "army": "Test"}, {"seat": 1, "resources": {"mana": 3}}])
    );
    assert_eq!(
        got["turn"],
        json!({"number": 2, "phase": "battle", "active": []})
    );
    assert_eq!(got["winners"], json!([1]));
    assert_eq!(got["glyph2"], json!("Z"));
    assert_eq!(got["markers2"], json!(1));
    assert_eq!(got["count"], json!("×2"), "two pieces left on a1");
    assert_eq!(
        got["stackCount"],
        json!("×2"),
        "a stack of two, as one piece"
    );
    assert_eq!(
        got["logged"],
        json!([
            "Piece 2 (bo) moves a1 to a2",
            "Piece 5 (ada) enters at b2",
            "The wall between c3 and c2 is gone",
            "The double-wall between e4 and e5 is now a wall",
            "A wall now stands between a7 and a8",
            null,
            null
        ]),
        "moves and walls in the log, as fray tells them; nothing for what did not change"
    );
    assert_eq!(got["countOf5"], json!(2));
    assert_eq!(
        got["oneLeft"],
        json!([false, false]),
        "a stack down to one shows no count, and holds none, as the server sends it"
    );
    assert_eq!(got["top"], json!("Z"));
    assert_eq!(got["large"], json!(1));
    assert_eq!(got["body"], json!(["d4", "d5", "e4", "e5"]));
    assert_eq!(got["bodyInSquares"], json!(0), "drawn once, over its body");
    assert_eq!(got["wallLines"], json!(3), "a double wall is two lines");
    assert_eq!(got["letters"], json!(["o", "f"]), "fields f, forests o");
    assert_eq!(got["c5"], json!(false));
    assert_eq!(
        got["shapes"],
        json!(["polygon", "circle"]),
        "seat 1 a diamond, seat 0 a circle"
    );
}

/// An outcome is said one way wherever the page says it: who won (or that
/// it was drawn) and why at the table, in its log and in the replay; who
/// won alone in the lobby's list.
#[test]
fn an_outcome_is_said_one_way_in_the_browser() {
    let Some(got) = eval_in_a_fresh_page(
        r#"(async () => {
  const { outcomeText } = await import('/web/outcome.js');
  const { effectEntry } = await import('/web/log.js');
  const name = (seat) => ['ada', 'bo'][seat];
  const won = {winners: [0], reason: [{seat: 1}, ' resigned']};
  const drawn = {winners: [], reason: ['by agreement']};
  const both = {winners: [0, 1], reason: ['the turns ran out']};
  return [
    outcomeText(won, name),
    outcomeText(drawn, name),
    outcomeText(both, name),
    outcomeText(won, name, {why: false}),
    outcomeText(drawn, name, {why: false}),
    effectEntry({type: 'game_ended', outcome: won}, 9, {pieces: {}}, name).text,
  ];
})()"#,
    ) else {
        return;
    };
    assert_eq!(
        got,
        json!([
            "ada won: bo resigned",
            "Drawn: by agreement",
            "ada and bo won: the turns ran out",
            "ada won",
            "Drawn",
            "ada won: bo resigned"
        ])
    );
}

/// The table's match state (game_state.js) follows snapshots and batches
/// with no page and no connection: a batch it holds is ignored, one past a
/// gap is refused for a new subscribe, the next is applied and told in the
/// log, the last ends the game; a seat that chose while another decided
/// waits for it; a second snapshot is a resume. Nothing on the page changes.
#[test]
fn the_match_state_follows_snapshots_and_batches_without_a_page() {
    let Some(got) = eval_in_a_fresh_page(
        r#"(async () => {
  const { GameState } = await import('/web/game_state.js');
  const before = document.body.innerHTML;
  const game = new GameState();
  const early = game.applyBatch({seq: 1, effects: []});
  const knight = {id: 1, owner: 0, kind: 'k', name: 'Knight', glyph: 'N', square: 'b1'};
  const first = game.applySnapshot({
    match_id: 7, seq: 4, seat: 0, status: 'running', commitment: 'c',
    view: {system: 'test', width: 8, height: 8, pieces: {'1': knight}},
    to_act: [0, 1],
    options: [{action: {piece: 1, to: 'c3'}}, {action: {to: 'a1'}}],
  });
  game.nameSeats({seats: [{seat: 0, player: {name: 'ada'}}, {seat: 1, player: {name: 'bo'}}, {seat: 2, player: null}]});
  const squares = game.options.map((o) => game.squaresOf(o));
  const decides = game.seatDecides();
  game.chose();
  const held = game.applyBatch({seq: 4, effects: []});
  const gap = game.applyBatch({seq: 6, effects: []});
  const next = game.applyBatch({seq: 5, effects: [{type: 'piece_moved', piece: 1, from: 'b1', to: 'c3'}], to_act: [1], options: []});
  const afterNext = {waiting: game.chosenWaiting(), decides: game.seatDecides(), lastMove: [...game.lastMove].sort()};
  const ended = game.applyBatch({seq: 6, effects: [{type: 'game_ended', outcome: {winners: [0], reason: [{seat: 1}, ' resigned']}}]});
  const end = {seq: game.seq, status: game.status, waiting: game.chosenWaiting(), log: game.log.map((e) => e.text)};
  const chat = [game.hearChat({id: 3, seat: 1, name: 'bo', text: 'gg'}) !== null, game.hearChat({id: 3, seat: 1, name: 'bo', text: 'gg'}) !== null];
  const resumed = game.applySnapshot({match_id: 7, seq: 6, seat: 0, status: 'finished', view: {}});
  const names = [game.seatName(1), game.seatName(2), game.seatName(null)];
  return {early, first, squares, decides, held, gap, next, afterNext, ended, end, chat, resumed, names,
          untouched: document.body.innerHTML === before};
})()"#,
    ) else {
        return;
    };
    assert_eq!(
        got["early"],
        json!("old"),
        "nothing before the first snapshot"
    );
    assert_eq!(
        got["first"],
        json!(false),
        "the first snapshot is no resume"
    );
    assert_eq!(
        got["squares"],
        json!([{"from": "b1", "to": "c3"}, {"from": null, "to": "a1"}])
    );
    assert_eq!(got["decides"], json!(true));
    assert_eq!(got["held"], json!("old"));
    assert_eq!(got["gap"], json!("gap"));
    assert_eq!(got["next"], json!("applied"));
    assert_eq!(
        got["afterNext"],
        json!({"waiting": true, "decides": false, "lastMove": ["b1", "c3"]}),
        "ada chose while bo decided too, and waits for him"
    );
    assert_eq!(got["ended"], json!("ended"));
    assert_eq!(
        got["end"],
        json!({
            "seq": 6,
            "status": "finished",
            "waiting": false,
            "log": ["Knight (ada) moves b1 to c3", "ada won: bo resigned"]
        })
    );
    assert_eq!(got["chat"], json!([true, false]), "a chat line heard once");
    assert_eq!(got["resumed"], json!(true));
    assert_eq!(got["names"], json!(["bo", "seat 3", "nobody"]));
    assert_eq!(got["untouched"], json!(true), "no page touched");
}

/// A choice on the board (choosing.js), with no page: a click on a piece
/// selects its options and marks where they go, a click on a square two
/// of them reach narrows the list to those two, a square only one option
/// reaches plays it; with nothing to choose a click only describes.
#[test]
fn a_choice_on_the_board_narrows_the_options_without_a_page() {
    let Some(got) = eval_in_a_fresh_page(
        r#"(async () => {
  const { GameState } = await import('/web/game_state.js');
  const { Choosing } = await import('/web/choosing.js');
  const game = new GameState();
  game.applySnapshot({
    match_id: 7, seq: 1, seat: 0, status: 'running',
    view: {system: 'test', width: 8, height: 8, pieces: {'1': {id: 1, owner: 0, kind: 'k', name: 'Knight', glyph: 'N', square: 'b1'}}},
    to_act: [0],
    options: [
      {notation: 'Nc3', action: {piece: 1, to: 'c3'}},
      {notation: 'Na3', action: {piece: 1, to: 'a3'}},
      {notation: 'Na3!', action: {piece: 1, to: 'a3'}},
      {notation: '@h1', action: {to: 'h1'}},
    ],
  });
  const choosing = new Choosing();
  const seen = (next) => ({
    next: next.act ? 'act ' + next.act.notation : Object.keys(next).sort().join(' '),
    selected: choosing.selected,
    sources: choosing.marks(game).sources && [...choosing.marks(game).sources].sort(),
    targets: [...choosing.marks(game).targets].sort(),
    listed: choosing.listed(game).shown.map((o) => o.notation),
    head: choosing.listed(game).head,
  });
  const steps = [seen({}), seen(choosing.click('e4', game)), seen(choosing.click('b1', game)), seen(choosing.click('a3', game))];
  choosing.clear();
  steps.push(seen(choosing.click('h1', game)));
  choosing.clear();
  choosing.click('b1', game);
  steps.push(seen(choosing.click('c3', game)));
  game.options = [];
  choosing.clear();
  steps.push(seen(choosing.click('b1', game)));
  return steps;
})()"#,
    ) else {
        return;
    };
    assert_eq!(
        got,
        json!([
            {"next": "", "selected": null, "sources": ["b1"], "targets": ["h1"],
             "listed": ["Nc3", "Na3", "Na3!", "@h1"], "head": "Your options (4)"},
            {"next": "show", "selected": null, "sources": ["b1"], "targets": ["h1"],
             "listed": ["Nc3", "Na3", "Na3!", "@h1"], "head": "Your options (4)"},
            {"next": "show", "selected": "b1", "sources": null, "targets": ["a3", "c3"],
             "listed": ["Nc3", "Na3", "Na3!"], "head": "From b1 (3 of 4)"},
            {"next": "narrowed", "selected": "b1", "sources": null, "targets": ["a3", "c3"],
             "listed": ["Na3", "Na3!"], "head": "Choose (2 of 4)"},
            {"next": "act @h1", "selected": null, "sources": ["b1"], "targets": ["h1"],
             "listed": ["@h1"], "head": "Choose (1 of 4)"},
            {"next": "act Nc3", "selected": "b1", "sources": null, "targets": ["a3", "c3"],
             "listed": ["Nc3", "Na3", "Na3!"], "head": "From b1 (3 of 4)"},
            {"next": "idle show", "selected": null, "sources": [], "targets": [],
             "listed": [], "head": "Your options (0)"}
        ])
    );
}
