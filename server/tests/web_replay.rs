//! The web client's replay in a real browser (headless Chromium): a game of
//! each system is played over the socket by random players (and resigned
//! if it runs long), then opened at `#/replay/{id}`. Its last step is the
//! finished server's view as a spectator and as either player; stepping
//! one by one, back, and jumping land on the same boards; the replay opens
//! showing everything, ChessWar!'s secret set-up included, while seen as a
//! spectator it shows nothing of a side's units before the reveal, as the
//! spectator was shown; the dice check passes, and fails on a tampered
//! replay.
//!
//! Skipped, with a line saying so, where no Chromium is installed.

mod common;

use common::TestServer;
use common::browser::{Browser, chromium_or_skip, say, screenshots_dir};
use common::play::{Chooser, Follower, play, two_player_match};
use common::views::view_differences;
use fray_protocol::{MatchId, PlayerCreated, Role, ServerMessage, SystemId};
use fray_rules::{ChaChaDice, Dice};
use serde_json::{Value, json};

/// The page's replay, for the test to read.
const REPLAY: &str = "(window.frayDebug || {}).replay";

/// Actions before a player resigns: enough to pass every set-up.
const MAX_ACTIONS: usize = 120;

const SYSTEMS: [SystemId; 5] = [
    SystemId::FantasyArmies,
    SystemId::ChessboardConfrontation,
    SystemId::ActionChessFactionChess,
    SystemId::ChessWar,
    SystemId::SummonersChess,
];

/// A finished match of `system`: played at random, resigned if still on.
fn finished_match(server: &TestServer, system: SystemId) -> (MatchId, [PlayerCreated; 2]) {
    let (id, [alice, bob]) = two_player_match(server, system);
    let mut players = [
        Follower::subscribe(server.client(Some(&alice.token)), id, Role::Player),
        Follower::subscribe(server.client(Some(&bob.token)), id, Role::Player),
    ];
    play(&mut players, &mut [], &mut Chooser::new(7), MAX_ACTIONS);
    if !players[0].is_over() {
        let path = format!("/api/matches/{id}/resign");
        let (status, body) = server.request("POST", &path, Some(&bob.token), None);
        assert_eq!(status, 200, "{body}");
    }
    (id, [alice, bob])
}

/// The view the server sends a fresh subscriber to the finished match.
fn servers_view(server: &TestServer, id: MatchId, token: Option<&str>, role: Role) -> Value {
    let mut client = server.client(token);
    client.subscribe(id, role, None);
    loop {
        if let ServerMessage::Snapshot(snapshot) = client.recv() {
            return serde_json::to_value(&snapshot.view).expect("a view");
        }
    }
}

fn see_as(browser: &mut Browser, page: &str, viewer: &str) {
    browser.eval(
        page,
        &format!(
            "(() => {{ const s = document.getElementById('replay-viewer'); s.value = '{viewer}'; \
             s.dispatchEvent(new Event('change')); \
             document.dispatchEvent(new KeyboardEvent('keydown', {{key: 'End'}})); return true; }})()"
        ),
    );
}

/// The page's view at the last step, seen as `viewer`, is the server's.
fn last_step_is_the_servers(browser: &mut Browser, page: &str, viewer: &str, server: &Value) {
    see_as(browser, page, viewer);
    let view = browser.eval(page, &format!("JSON.stringify({REPLAY}.view)"));
    let view: Value = serde_json::from_str(view.as_str().expect("JSON")).expect("a view");
    let differences = view_differences(&view, server);
    assert!(
        differences.is_empty(),
        "as {viewer}, the replay's last view differs from the server's:\n{}",
        differences.join("\n")
    );
}

/// Every step, reached by `next`, then again by ← one at a time, by the
/// slider, by "go to event", by Home and End: the same view, board and
/// words each way. The names of the steps that differ.
const SAME_EVERY_WAY: &str = r"(() => {
  const r = window.frayDebug.replay;
  const sig = () => JSON.stringify([r.index, r.view, document.querySelector('#replay-step').textContent,
    document.querySelector('#board').innerHTML, document.querySelector('#replay-events').textContent]);
  const press = (key) => document.dispatchEvent(new KeyboardEvent('keydown', { key }));
  press('Home');
  const stepped = [sig()];
  while (r.index < r.last()) { document.getElementById('replay-next').click(); stepped.push(sig()); }
  const wrong = [];
  for (let i = stepped.length - 2; i >= 0; i--) { press('ArrowLeft'); if (sig() !== stepped[i]) wrong.push('back to ' + i); }
  const slider = document.getElementById('replay-slider');
  for (let k = 0; k < stepped.length; k++) {
    const i = (k * 37) % stepped.length;
    slider.value = String(i); slider.dispatchEvent(new Event('input'));
    if (sig() !== stepped[i]) wrong.push('slider to ' + i);
  }
  const goto = document.getElementById('replay-goto');
  for (let i = stepped.length - 1; i >= 0; i -= 5) {
    goto.value = String(r.data.events[i].seq); goto.form.requestSubmit();
    if (sig() !== stepped[i]) wrong.push('go to ' + i);
  }
  press('End'); if (sig() !== stepped[stepped.length - 1]) wrong.push('End');
  press('Home'); if (sig() !== stepped[0]) wrong.push('Home');
  document.getElementById('replay-last').click(); if (sig() !== stepped[stepped.length - 1]) wrong.push('last');
  return { steps: stepped.length, wrong };
})()";

/// Seat 0's pieces drawn on the board at each step, as the viewer chosen.
const SEAT0_DRAWN: &str = r"(() => {
  const r = window.frayDebug.replay;
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home' }));
  const drawn = [];
  for (;;) {
    drawn.push(document.querySelectorAll('#board .piece-shape.seat0').length);
    if (r.index === r.last()) return drawn;
    document.getElementById('replay-next').click();
  }
})()";

/// The check of tampered copies of the page's replay, through dice.js.
const TAMPERED: &str = r"(async () => {
  const m = await import('/web/dice.js');
  const base = window.frayDebug.replay.data;
  const rolls = m.rollsOf(base);
  const out = { rolls: rolls.length };
  let copy = structuredClone(base);
  copy.seed = (copy.seed[0] === '0' ? '1' : '0') + copy.seed.slice(1);
  out.seed = await m.checkReplay(copy);
  // One more d6 after the last roll: the seed's own next face passes, any
  // other fails, and names that roll.
  const dice = new m.SeededDice(m.seedBytes(base.seed));
  for (const { roll } of rolls) for (const d of roll.dice) dice.roll(d.sides);
  const next = dice.roll(6);
  const extra = (face) => {
    const c = structuredClone(base);
    c.events[c.events.length - 1].effects.push({ audience: { kind: 'everyone' }, effect: { type: 'dice_rolled',
      roll: { purpose: ['a test'], dice: [{ sides: 6, face }], modifier: 0, total: face, result: [''] } } });
    return c;
  };
  out.honestExtra = (await m.checkReplay(extra(next))).rolls;
  out.wrongExtra = (await m.checkReplay(extra((next % 6) + 1))).rolls;
  if (rolls.length) {
    copy = structuredClone(base);
    const first = m.rollsOf(copy)[0].roll.dice[0];
    first.face = (first.face % first.sides) + 1;
    out.firstFace = (await m.checkReplay(copy)).rolls;
  }
  return out;
})()";

#[test]
fn a_finished_game_of_each_system_replays_in_the_browser() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let began = std::time::Instant::now();
    let shots = screenshots_dir();
    let mut browser = Browser::launch(&chromium);
    for (n, system) in SYSTEMS.into_iter().enumerate() {
        // Pages of a few events: the page must read every one.
        let server = TestServer::start_with(|config| {
            config.messages_per_second = 10_000;
            config.events_per_page = 5;
        });
        let (id, [alice, bob]) = finished_match(&server, system);
        let replay = server.replay(id);
        let page = browser.page(1100, 900, false);
        browser.navigate(&page, &server.url(&format!("/#/replay/{id}")));
        browser.wait_for(
            &page,
            "the replay and its dice check",
            &format!("{REPLAY}.view && {REPLAY}.check"),
        );
        let opened_as = browser.eval(&page, "document.getElementById('replay-viewer').value");
        assert_eq!(
            opened_as,
            json!("everything"),
            "{system}: a replay opens whole"
        );
        let whole = browser.eval(&page, SEAT0_DRAWN);

        let spectator = servers_view(&server, id, None, Role::Spectator);
        let as_alice = servers_view(&server, id, Some(&alice.token), Role::Player);
        let as_bob = servers_view(&server, id, Some(&bob.token), Role::Player);
        last_step_is_the_servers(&mut browser, &page, "0", &as_alice);
        last_step_is_the_servers(&mut browser, &page, "1", &as_bob);
        last_step_is_the_servers(&mut browser, &page, "spectator", &spectator);

        let jumped = browser.eval(&page, SAME_EVERY_WAY);
        assert_eq!(jumped["wrong"], json!([]), "{system}: {jumped}");
        see_as(&mut browser, &page, "1");
        let jumped = browser.eval(&page, SAME_EVERY_WAY);
        assert_eq!(jumped["wrong"], json!([]), "{system} as bob: {jumped}");

        if system == SystemId::ChessWar {
            see_as(&mut browser, &page, "0");
            let mine = browser.eval(&page, SEAT0_DRAWN);
            assert_eq!(
                whole, mine,
                "the whole replay shows seat 0's set-up as seat 0 saw it"
            );
            see_as(&mut browser, &page, "spectator");
            let watched = browser.eval(&page, SEAT0_DRAWN);
            let (mine, watched) = (mine.as_array().unwrap(), watched.as_array().unwrap());
            let hidden = mine
                .iter()
                .zip(watched)
                .position(|(m, w)| m.as_u64() > w.as_u64());
            assert!(
                hidden.is_some(),
                "ChessWar!'s set-up was hidden from no spectator: {mine:?} against {watched:?}"
            );
        }

        let rolls = replay["events"]
            .as_array()
            .expect("events")
            .iter()
            .flat_map(|event| event["effects"].as_array().expect("effects"))
            .filter(|scoped| scoped["effect"]["type"] == json!("dice_rolled"))
            .count();
        let checked = browser.eval(
            &page,
            "[document.querySelector('#seed-check').className, document.querySelector('#seed-check').textContent, \
              document.querySelector('#rolls-check').className, document.querySelector('#rolls-check').textContent]",
        );
        assert_eq!(checked[0], json!("check ok"), "{checked}");
        assert_eq!(checked[2], json!("check ok"), "{checked}");
        assert_eq!(
            checked[3],
            json!(match rolls {
                0 => "✔ No dice were rolled in this match.".to_owned(),
                1 => "✔ All 1 roll came from the seed.".to_owned(),
                _ => format!("✔ All {rolls} rolls came from the seed."),
            }),
        );

        let tampered = browser.eval(&page, TAMPERED);
        assert_eq!(tampered["seed"]["seed"]["ok"], json!(false), "{tampered}");
        if rolls > 0 {
            assert_eq!(tampered["firstFace"]["ok"], json!(false), "{tampered}");
            assert_eq!(tampered["firstFace"]["failed"]["index"], json!(0));
        }
        assert_eq!(tampered["honestExtra"]["ok"], json!(true), "{tampered}");
        assert_eq!(tampered["wrongExtra"]["ok"], json!(false), "{tampered}");
        assert_eq!(tampered["wrongExtra"]["failed"]["index"], json!(rolls));
        let named = format!("Roll {} of {}", rolls + 1, rolls + 1);
        assert!(
            tampered["wrongExtra"]["text"]
                .as_str()
                .is_some_and(|text| text.starts_with(&named)),
            "{tampered}"
        );

        // A jump to the end from nothing kept: what a long game costs.
        let cost = browser.eval(
            &page,
            &format!(
                "(() => {{ const r = {REPLAY}; r.checkpoints = new Map(); r.index = -1; \
                 const t = performance.now(); r.go(r.last()); return [r.last() + 1, performance.now() - t]; }})()"
            ),
        );
        say(&format!(
            "web_replay: {system}: {} events, {rolls} rolls; a jump to the end from nothing kept: {:.1} ms",
            cost[0],
            cost[1].as_f64().unwrap_or(0.0)
        ));
        browser.eval(
            &page,
            "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End'})); true",
        );
        browser.screenshot(&page, &shots.join(format!("replay-{system}.png")));

        if n == 0 {
            links_lead_to_the_replay(&mut browser, &server, id, &alice);
            phone(&mut browser, &server, id, &shots);
            dice_draw_as_the_rules_do(&mut browser, &page);
        }
    }
    say(&format!(
        "web_replay: five systems in {:.1} s",
        began.elapsed().as_secs_f64()
    ));
}

/// The lobby's finished match and the finished table both link here.
fn links_lead_to_the_replay(
    browser: &mut Browser,
    server: &TestServer,
    id: MatchId,
    player: &PlayerCreated,
) {
    let page = browser.page(1100, 900, false);
    browser.navigate(&page, &server.url("/"));
    browser.wait_for(&page, "the page", "document.querySelector('#main')");
    let login = json!({"id": player.id, "name": player.name, "token": player.token});
    browser.eval(
        &page,
        &format!("localStorage.setItem('fray.login', JSON.stringify({login})); location.hash = '#/x'; location.hash = '#/'; true"),
    );
    let link = format!("document.querySelector('a[data-replay=\"{id}\"]')");
    browser.wait_for(&page, "the lobby's replay link", &link);
    browser.eval(&page, &format!("{link}.click(); true"));
    browser.wait_for(
        &page,
        "the replay from the lobby",
        &format!("{REPLAY} && {REPLAY}.matchId === {id} && {REPLAY}.view"),
    );
    browser.eval(&page, &format!("location.hash = '#/watch/{id}'; true"));
    browser.wait_for(
        &page,
        "the finished table's link",
        "document.querySelector('#replay-link')",
    );
    browser.eval(
        &page,
        "document.querySelector('#replay-link').click(); true",
    );
    browser.wait_for(
        &page,
        "the replay from the table",
        &format!("{REPLAY} && {REPLAY}.matchId === {id} && {REPLAY}.view"),
    );
}

/// On a phone's screen the replay fits its width.
fn phone(browser: &mut Browser, server: &TestServer, id: MatchId, shots: &std::path::Path) {
    let page = browser.page(390, 844, true);
    browser.navigate(&page, &server.url(&format!("/#/replay/{id}")));
    browser.wait_for(
        &page,
        "the replay",
        &format!("{REPLAY}.view && {REPLAY}.check"),
    );
    let fits = browser.eval(
        &page,
        "document.documentElement.scrollWidth <= window.innerWidth",
    );
    assert_eq!(fits, json!(true), "the replay is wider than a phone");
    browser.screenshot(&page, &shots.join("replay-phone.png"));
}

/// dice.js draws what the rules' ChaCha dice draw, die for die.
fn dice_draw_as_the_rules_do(browser: &mut Browser, page: &str) {
    let seed: [u8; 32] = std::array::from_fn(|i| (i * 7 + 3) as u8);
    let sides = [6u8, 20, 3, 100, 6, 255, 7, 1, 2];
    let mut dice = ChaChaDice::from_seed(seed);
    let rust: Vec<u8> = (0..300)
        .map(|i| dice.roll(sides[i % sides.len()]))
        .collect();
    let hex: String = seed.iter().map(|b| format!("{b:02x}")).collect();
    let js = browser.eval(
        page,
        &format!(
            "import('/web/dice.js').then((m) => {{ const d = new m.SeededDice(m.seedBytes('{hex}')); \
             const sides = {sides:?}; return Array.from({{length: 300}}, (_, i) => d.roll(sides[i % sides.length])); }})"
        ),
    );
    assert_eq!(
        js,
        json!(rust),
        "dice.js and the rules' dice draw otherwise"
    );
}
