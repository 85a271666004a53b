//! The army builder in a real browser: headless Chromium builds a list of
//! each system by clicking (its army, units, counts and traits), sees the
//! server call it invalid with a reason while it breaks a rule and valid
//! once the clicks mend it, saves it, and finds it stored as built and
//! offered by the lobby's new match form. A name with markup shows as text;
//! deleting asks first; the page is one column on a phone. A screenshot of
//! each system's builder is saved where the test prints.
//!
//! Skipped, with a line saying so, where no Chromium is installed.

mod common;

use common::TestServer;
use common::browser::{Browser, chromium_or_skip, register_in_the_page, say, screenshots_dir};
use fray_protocol::{ArmyEntry, ArmyList, StoredArmyList, SystemId};
use serde_json::{Value, json};

/// The builder's verdict once it answers the list as it is now: its state
/// (`valid`, `invalid`, `refused`) and its text.
fn verdict(browser: &mut Browser, page: &str) -> (String, String) {
    browser.wait_for(
        page,
        "the verdict on the list as it is",
        "(() => { const b = window.frayDebug && window.frayDebug.builder; \
         const v = document.querySelector('#build-verdict'); \
         return b && v && v.dataset.revision === String(b.revision) && v.dataset.state !== 'checking'; })()",
    );
    let state = browser.eval(
        page,
        "document.querySelector('#build-verdict').dataset.state",
    );
    let text = browser.eval(page, "document.querySelector('#build-verdict').innerText");
    (
        state.as_str().unwrap_or_default().to_owned(),
        text.as_str().unwrap_or_default().to_owned(),
    )
}

fn expect_invalid(browser: &mut Browser, page: &str, reason: &str) {
    let (state, text) = verdict(browser, page);
    assert_eq!(state, "invalid", "{text}");
    assert!(text.contains(reason), "no '{reason}' in:\n{text}");
}

fn expect_valid(browser: &mut Browser, page: &str) {
    let (state, text) = verdict(browser, page);
    assert_eq!(state, "valid", "{text}");
}

fn click(browser: &mut Browser, page: &str, selector: &str) {
    let clicked = browser.eval(
        page,
        &format!(
            "(() => {{ const el = document.querySelector({}); if (!el || el.disabled) return false; el.click(); return true; }})()",
            json!(selector)
        ),
    );
    assert_eq!(clicked, json!(true), "nothing to click at {selector}");
}

fn choose(browser: &mut Browser, page: &str, selector: &str, value: &str) {
    browser.eval(
        page,
        &format!(
            "(() => {{ const el = document.querySelector({}); el.value = {}; el.dispatchEvent(new Event('change')); return true; }})()",
            json!(selector),
            json!(value)
        ),
    );
}

fn type_name(browser: &mut Browser, page: &str, name: &str) {
    browser.eval(
        page,
        &format!(
            "(() => {{ const el = document.querySelector('#build-name'); el.value = {}; el.dispatchEvent(new Event('input')); return true; }})()",
            json!(name)
        ),
    );
}

/// A new list of `system` with no army chosen yet, which the rules refuse.
fn new_list(browser: &mut Browser, page: &str, system: SystemId) {
    // The builder a render leaves is told apart from the one before.
    browser.eval(
        page,
        "window.frayDebug = {}; location.hash = '#/lists/new'; true",
    );
    browser.wait_for(
        page,
        "an empty builder",
        "window.frayDebug.builder && window.frayDebug.builder.id === null && document.querySelector('#build-system')",
    );
    choose(browser, page, "#build-system", system.key());
    expect_invalid(browser, page, "army");
}

/// One more of each of `entries`' units, by the unit's "+".
fn add_units(browser: &mut Browser, page: &str, entries: &[ArmyEntry]) {
    for entry in entries {
        for _ in 0..entry.count {
            click(
                browser,
                page,
                &format!("button[data-add=\"{}\"]", entry.unit),
            );
        }
    }
}

/// Saves the list; its id, once the page shows it among the stored lists.
fn save(browser: &mut Browser, page: &str) -> i64 {
    // The page draws the saved list afresh once the server has stored it;
    // until then an edited list's page is the one before.
    browser.eval(page, "window.frayDebug = {}; true");
    click(browser, page, "#build-save");
    browser.wait_for(
        page,
        "the saved list's page",
        "window.frayDebug.builder && /^#\\/lists\\/\\d+$/.test(location.hash) \
         && window.frayDebug.builder.id === Number(location.hash.split('/')[2])",
    );
    let id = browser
        .eval(page, "window.frayDebug.builder.id")
        .as_i64()
        .expect("a list id");
    browser.wait_for(
        page,
        "the saved list among the stored ones",
        &format!("document.querySelector('#stored-lists [data-list=\"{id}\"]')"),
    );
    // Said by the Save button, on the saved list's page.
    browser.wait_for(
        page,
        "the word that it was saved",
        "document.querySelector('#save-note[role=status]') && document.querySelector('#save-note').textContent.startsWith('Saved')",
    );
    id
}

fn stored(server: &TestServer, token: &str, id: i64) -> (u16, Option<StoredArmyList>) {
    let (status, body) = server.request("GET", &format!("/api/army-lists/{id}"), Some(token), None);
    (status, serde_json::from_value(body).ok())
}

fn example(system: SystemId, name: &str) -> ArmyList {
    fray_rules::systems()
        .into_iter()
        .find(|info| info.id == system)
        .and_then(|info| info.examples.into_iter().find(|list| list.name == name))
        .unwrap_or_else(|| panic!("{system} has an example {name}"))
}

/// Builds the example `example` of a system whose units are counted,
/// starting empty, then takes one king piece too many and gives it back.
fn build_counted(
    browser: &mut Browser,
    page: &str,
    system: SystemId,
    army: &str,
    example: &ArmyList,
) {
    new_list(browser, page, system);
    choose(browser, page, "#build-army", army);
    let (state, _) = verdict(browser, page);
    assert_eq!(state, "invalid", "an empty {army} army breaks a rule");
    let (king, rest) = example.units.split_first().expect("units");
    add_units(browser, page, std::slice::from_ref(king));
    let (state, text) = verdict(browser, page);
    assert_eq!(state, "invalid", "a lone king: {text}");
    add_units(browser, page, rest);
    expect_valid(browser, page);
    click(
        browser,
        page,
        &format!("button[data-add=\"{}\"]", king.unit),
    );
    expect_invalid(browser, page, "exactly 1");
    click(
        browser,
        page,
        &format!("button[data-remove=\"{}\"]", king.unit),
    );
    expect_valid(browser, page);
}

/// Builds Chessboard Confrontation's lucky squad: troops by "+", Lucky by
/// its toggle; Support on both Elites breaks the one-per-army rule.
fn build_squad(browser: &mut Browser, page: &str, squad: &ArmyList) {
    new_list(browser, page, SystemId::ChessboardConfrontation);
    choose(browser, page, "#build-army", "squad");
    expect_invalid(browser, page, "no miniatures");
    add_units(browser, page, &squad.units[..1]);
    for key in &squad.units[0].traits {
        click(
            browser,
            page,
            &format!("[data-entry=\"0\"] button[data-trait=\"{key}\"]"),
        );
    }
    add_units(browser, page, &squad.units[1..]);
    expect_valid(browser, page);
    let pressed = browser.eval(
        page,
        "document.querySelector('[data-entry=\"0\"] button[data-trait=\"lucky\"]').getAttribute('aria-pressed')",
    );
    assert_eq!(pressed, json!("true"), "the toggle says it is on");
    click(
        browser,
        page,
        "[data-entry=\"0\"] button[data-trait=\"support\"]",
    );
    expect_invalid(browser, page, "only 1");
    click(
        browser,
        page,
        "[data-entry=\"0\"] button[data-trait=\"support\"]",
    );
    expect_valid(browser, page);
    let points = browser.eval(page, "document.querySelector('#build-points').textContent");
    assert!(
        points.as_str().unwrap_or_default().starts_with("Points: "),
        "{points}"
    );
}

/// A system whose list is the choice of an army and nothing else.
fn build_chosen(browser: &mut Browser, page: &str, system: SystemId, army: &str) {
    new_list(browser, page, system);
    choose(browser, page, "#build-army", army);
    expect_valid(browser, page);
}

/// Goes to the stored lists afresh (the page's debug hook cleared, so that
/// `ready` waits for the page drawn now) and waits until `ready` holds.
fn to_the_stored_lists(browser: &mut Browser, page: &str, ready: &str) {
    browser.eval(
        page,
        "window.frayDebug = {}; location.hash = '#/lists'; true",
    );
    browser.wait_for(page, "the stored lists", ready);
}

#[test]
fn a_list_of_each_system_is_built_by_clicking_checked_saved_and_offered() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let shots = screenshots_dir();
    let server = TestServer::start_unthrottled();
    let mut browser = Browser::launch(&chromium);
    let page = browser.page(1000, 900, false);
    register_in_the_page(&mut browser, &page, &server.url("/"), "ada");
    let token = browser.eval(
        &page,
        "JSON.parse(localStorage.getItem('fray.login')).token",
    );
    let token = token.as_str().expect("a token").to_owned();
    click(&mut browser, &page, "#lists-link");
    browser.wait_for(&page, "the builder", "document.querySelector('#builder')");

    let markup = "<b>Dwarfs</b> & <i>co</i>";
    let dwarfs = example(SystemId::FantasyArmies, "Dwarfs starter");
    let humans = example(SystemId::ChessWar, "Humans example");
    let squad = example(SystemId::ChessboardConfrontation, "lucky squad");
    let mut saved: Vec<(i64, ArmyList)> = Vec::new();
    for system in SystemId::PLAYABLE {
        let mut built = match system {
            SystemId::FantasyArmies => {
                build_counted(&mut browser, &page, system, "dwarfs", &dwarfs);
                ArmyList {
                    name: markup.into(),
                    ..dwarfs.clone()
                }
            }
            SystemId::ChessWar => {
                build_counted(&mut browser, &page, system, "humans", &humans);
                humans.clone()
            }
            SystemId::ChessboardConfrontation => {
                build_squad(&mut browser, &page, &squad);
                squad.clone()
            }
            SystemId::ActionChessFactionChess => {
                build_chosen(&mut browser, &page, system, "slime");
                ArmyList {
                    system,
                    army: "slime".into(),
                    name: String::new(),
                    units: Vec::new(),
                }
            }
            SystemId::SummonersChess => {
                build_chosen(&mut browser, &page, system, "summoners");
                ArmyList {
                    system,
                    army: "summoners".into(),
                    name: String::new(),
                    units: Vec::new(),
                }
            }
        };
        if built.name.is_empty() {
            built.name = format!("built {}", system.short());
        }
        type_name(&mut browser, &page, &built.name);
        expect_valid(&mut browser, &page);
        browser.screenshot(&page, &shots.join(format!("builder-{system}.png")));
        let id = save(&mut browser, &page);
        let (status, list) = stored(&server, &token, id);
        assert_eq!(status, 200);
        assert_eq!(
            list.expect("a stored list").list,
            built,
            "{system}: stored as built"
        );
        say(&format!(
            "web_builder: {system} built and saved as list {id}"
        ));
        saved.push((id, built));
    }

    // A name is text, never markup.
    let (markup_id, _) = saved[0];
    let shown = browser.eval(
        &page,
        &format!(
            "document.querySelector('#stored-lists [data-list=\"{markup_id}\"] .name').textContent"
        ),
    );
    assert_eq!(shown, json!(markup));
    let elements = browser.eval(
        &page,
        "document.querySelectorAll('#stored-lists b, #stored-lists i').length",
    );
    assert_eq!(elements, json!(0));

    // The lobby's new match form offers each list for its system.
    browser.eval(&page, "location.hash = '#/'; true");
    browser.wait_for(&page, "the lobby", "document.querySelector('#create-form')");
    for (id, built) in &saved {
        choose(&mut browser, &page, "#new-system", built.system.key());
        let label = browser.eval(
            &page,
            &format!("(document.querySelector('#new-list option[value=\"list:{id}\"]') || {{}}).textContent || null"),
        );
        let label = label
            .as_str()
            .unwrap_or_else(|| panic!("no list {id} offered for {}", built.system));
        assert!(label.contains(&built.name), "{label}");
    }

    // Editing a stored list replaces it.
    let (edited, mut dwarfs_saved) = saved[0].clone();
    to_the_stored_lists(
        &mut browser,
        &page,
        &format!("document.querySelector('[data-edit=\"{edited}\"]')"),
    );
    click(&mut browser, &page, &format!("[data-edit=\"{edited}\"]"));
    browser.wait_for(
        &page,
        "the list in the builder",
        &format!("window.frayDebug.builder && window.frayDebug.builder.id === {edited}"),
    );
    expect_valid(&mut browser, &page);
    click(&mut browser, &page, "button[data-remove=\"warrior\"]");
    expect_valid(&mut browser, &page);
    assert_eq!(save(&mut browser, &page), edited);
    let warriors = dwarfs_saved
        .units
        .iter_mut()
        .find(|entry| entry.unit == "warrior")
        .expect("warriors");
    warriors.count -= 1;
    let (_, list) = stored(&server, &token, edited);
    assert_eq!(list.expect("the edited list").list, dwarfs_saved);

    // Deleting asks first; no keeps the list, yes deletes it.
    let (gone, _) = saved[4];
    // The edited list's page has Delete buttons too: wait for the new one.
    to_the_stored_lists(
        &mut browser,
        &page,
        &format!(
            "window.frayDebug.builder && window.frayDebug.builder.id === null \
             && document.querySelector('[data-delete=\"{gone}\"]')"
        ),
    );
    browser.eval(
        &page,
        "window.asked = []; window.confirm = (q) => { window.asked.push(q); return false; }; true",
    );
    click(&mut browser, &page, &format!("[data-delete=\"{gone}\"]"));
    assert_eq!(browser.eval(&page, "window.asked.length"), json!(1));
    assert_eq!(
        stored(&server, &token, gone).0,
        200,
        "a list kept when the answer is no"
    );
    browser.eval(
        &page,
        "window.confirm = (q) => { window.asked.push(q); return true; }; true",
    );
    click(&mut browser, &page, &format!("[data-delete=\"{gone}\"]"));
    browser.wait_for(
        &page,
        "the deleted list gone from the page",
        &format!("document.querySelector('#stored-lists') && !document.querySelector('[data-list=\"{gone}\"]')"),
    );
    assert_eq!(stored(&server, &token, gone).0, 404);
    let left = browser.eval(
        &page,
        "document.querySelectorAll('#stored-lists [data-list]').length",
    );
    assert_eq!(left, json!(saved.len() - 1));
}

#[test]
fn the_builder_is_one_column_on_a_phone() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let server = TestServer::start_unthrottled();
    let mut browser = Browser::launch(&chromium);
    let phone = browser.page(390, 844, true);
    register_in_the_page(&mut browser, &phone, &server.url("/"), "bo");
    new_list(&mut browser, &phone, SystemId::ChessboardConfrontation);
    choose(&mut browser, &phone, "#build-army", "squad");
    click(&mut browser, &phone, "button[data-add=\"elite\"]");
    expect_valid(&mut browser, &phone);
    let layout: Value = browser.eval(
        &phone,
        "(() => { const cards = [...document.querySelectorAll('.unit-card')]; \
         return {overflow: document.documentElement.scrollWidth - window.innerWidth, \
                 cards: cards.length, lefts: new Set(cards.map((c) => c.getBoundingClientRect().left)).size}; })()",
    );
    assert_eq!(
        layout["overflow"],
        json!(0),
        "nothing wider than the phone: {layout}"
    );
    assert!(layout["cards"].as_u64().unwrap_or(0) > 1, "{layout}");
    assert_eq!(
        layout["lefts"],
        json!(1),
        "the units in one column: {layout}"
    );
    browser.screenshot(&phone, &screenshots_dir().join("builder-phone.png"));
    // A name the server would refuse to store is refused by the check too.
    type_name(&mut browser, &phone, "bell\u{7}");
    let (state, text) = verdict(&mut browser, &phone);
    assert_eq!(state, "refused", "{text}");
    assert!(text.contains("control characters"), "{text}");
}

/// The address changed again while the lobby still waits for the server:
/// the page shows the builder asked for last, and the lobby's late answer
/// draws nothing over it.
#[test]
fn a_page_left_while_loading_does_not_draw_over_the_next() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let server = TestServer::start_unthrottled();
    let root = server.url("/");
    let mut browser = Browser::launch(&chromium);
    let page = browser.page(900, 700, false);
    register_in_the_page(&mut browser, &page, &root, "hasty");
    browser.eval(&page, "location.hash = '#/lists'; true");
    browser.wait_for(
        &page,
        "the builder",
        "document.querySelector('.builder-page')",
    );
    browser.eval(
        &page,
        r##"(() => {
  // Only the lobby's request for the lists is slow.
  const fetched = window.fetch.bind(window);
  let slow = 1;
  window.fetch = (url, init) => String(url).startsWith("/api/army-lists") && slow-- > 0
    ? new Promise((done) => setTimeout(() => done(fetched(url, init)), 600))
    : fetched(url, init);
  location.hash = "#/";
  setTimeout(() => { location.hash = "#/lists"; }, 50);
  return true;
})()"##,
    );
    // Past the lobby's delayed answer.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let shown = browser.eval(
        &page,
        "[location.hash, !!document.querySelector('.builder-page'), !!document.querySelector('#create-form')]",
    );
    assert_eq!(
        shown,
        json!(["#/lists", true, false]),
        "the builder, and no lobby"
    );
}
