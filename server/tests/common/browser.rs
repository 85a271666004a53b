//! Headless Chromium for the web client's tests, driven over the DevTools
//! protocol with the tests' own tokio-tungstenite: launch, a tab per
//! player (each in a browser context of its own, so each has its own
//! localStorage), evaluate, wait, screenshot.
//!
//! A test calls `chromium_or_skip()` first: where no Chromium is installed
//! (Debian's `chromium`; `FRAY_CHROMIUM` names another binary) it says that
//! the test is skipped and the test returns.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fray_protocol::{MatchId, Role, ServerMessage, Snapshot};
use serde_json::{Value, json};

use super::TestServer;
use tokio_tungstenite::tungstenite::{self, Message, WebSocket, stream::MaybeTlsStream};

/// How long the page has for any one step.
pub const STEP: Duration = Duration::from_secs(30);

/// Says something on the test's standard error even when output is
/// captured: the harness captures `eprintln!`, not the stream itself.
pub fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The test binary's name (`web_replay`), for lines said to the person
/// running the tests.
fn test_binary() -> String {
    let exe = std::env::current_exe().unwrap_or_default();
    let stem = exe
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("browser test");
    // Cargo names a test binary `web_replay-<hash>`.
    stem.rsplit_once('-')
        .map_or(stem, |(name, _)| name)
        .to_owned()
}

/// The browser to drive, or `None` after saying that the test is skipped.
pub fn chromium_or_skip() -> Option<PathBuf> {
    let found = find_chromium();
    if found.is_none() {
        say(&format!(
            "{}: SKIPPED: no chromium binary found (install Debian's `chromium`, or set FRAY_CHROMIUM to one)",
            test_binary()
        ));
    }
    found
}

/// Where the tests save their screenshots, made if need be.
pub fn screenshots_dir() -> PathBuf {
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-screenshots");
    std::fs::create_dir_all(&shots).expect("the screenshots' directory");
    shots
}

fn find_chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("FRAY_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let paths = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&paths) {
        for name in [
            "chromium",
            "chromium-browser",
            "google-chrome",
            "google-chrome-stable",
        ] {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// A headless Chromium, killed when dropped.
pub struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    /// Each page's target, by its session.
    targets: std::collections::HashMap<String, Value>,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    pub fn launch(binary: &Path) -> Browser {
        let profile = tempfile::tempdir().expect("a profile directory");
        let mut child = Command::new(binary)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-networking",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
                "--remote-debugging-address=127.0.0.1",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        // Chromium says where its DevTools listen on standard error.
        let stderr = child.stderr.take().expect("chromium's stderr");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if !sent && let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_owned());
                    sent = true;
                }
            }
        });
        let url = rx
            .recv_timeout(STEP)
            .expect("chromium prints its DevTools address");
        let (socket, _) = tungstenite::connect(url.as_str()).expect("the DevTools socket");
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream.set_read_timeout(Some(STEP)).expect("a read timeout");
        }
        Browser {
            child,
            _profile: profile,
            socket,
            next_id: 0,
            targets: std::collections::HashMap::new(),
        }
    }

    /// One DevTools command, and its result (events on the way are skipped).
    pub fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .expect("DevTools takes the command");
        loop {
            let frame = self.socket.read().expect("DevTools answers");
            let Message::Text(text) = frame else { continue };
            let answer: Value = serde_json::from_str(&text).expect("DevTools speaks JSON");
            if answer["id"] == json!(id) {
                if let Some(error) = answer.get("error") {
                    panic!("{method}: {error}");
                }
                return answer["result"].clone();
            }
        }
    }

    /// A new tab in a context of its own (its own storage), `width`×`height`.
    pub fn page(&mut self, width: u32, height: u32, mobile: bool) -> String {
        let context =
            self.call(None, "Target.createBrowserContext", json!({}))["browserContextId"].clone();
        let target = self.call(
            None,
            "Target.createTarget",
            json!({"url": "about:blank", "browserContextId": context}),
        )["targetId"]
            .clone();
        let session = self.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        )["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        self.targets.insert(session.clone(), target);
        self.call(
            Some(&session),
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
        session
    }

    /// Closes a page made by `page`.
    pub fn close_page(&mut self, session: &str) {
        if let Some(target) = self.targets.remove(session) {
            self.call(None, "Target.closeTarget", json!({"targetId": target}));
        }
    }

    pub fn navigate(&mut self, session: &str, url: &str) {
        self.call(Some(session), "Page.navigate", json!({"url": url}));
    }

    /// Evaluates `expression` in the page (awaiting a promise); its value.
    pub fn eval(&mut self, session: &str, expression: &str) -> Value {
        let result = self.call(
            Some(session),
            "Runtime.evaluate",
            json!({"expression": expression, "awaitPromise": true, "returnByValue": true}),
        );
        if let Some(exception) = result.get("exceptionDetails") {
            panic!("the page threw on `{expression}`: {exception}");
        }
        result["result"]["value"].clone()
    }

    /// Waits until `expression` is true in the page.
    pub fn wait_for(&mut self, session: &str, what: &str, expression: &str) {
        let deadline = Instant::now() + STEP;
        loop {
            let value = self.call(
                Some(session),
                "Runtime.evaluate",
                json!({"expression": format!("(() => {{ try {{ return !!({expression}); }} catch (e) {{ return false; }} }})()"), "returnByValue": true}),
            );
            if result_true(&value) {
                return;
            }
            if Instant::now() > deadline {
                let text = self.eval(session, "document.body ? document.body.innerText : ''");
                panic!("timed out waiting for {what} (`{expression}`); the page says:\n{text}");
            }
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    pub fn screenshot(&mut self, session: &str, path: &Path) {
        let shot = self.call(
            Some(session),
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": true}),
        );
        let data = shot["data"].as_str().expect("a screenshot");
        std::fs::write(path, base64_decode(data)).expect("the screenshot is written");
        say(&format!("{}: screenshot {}", test_binary(), path.display()));
    }
}

fn result_true(value: &Value) -> bool {
    value["result"]["value"] == json!(true)
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        })
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut buffer = 0u32;
    let mut bits = 0;
    for c in text.bytes() {
        let Some(v) = value(c) else { continue };
        buffer = (buffer << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    out
}

/// The page's table, for the test to read: the match's state is its `game`
/// (game_state.js), the connection its `live` (live.js).
pub const TABLE: &str = "(window.frayDebug || {}).table";

pub fn seq(browser: &mut Browser, page: &str) -> i64 {
    browser
        .eval(page, &format!("({TABLE}) ? {TABLE}.game.seq : null"))
        .as_i64()
        .unwrap_or(-1)
}

pub fn my_turn(browser: &mut Browser, page: &str) -> bool {
    browser.eval(
        page,
        &format!(
            "!!({TABLE}) && {TABLE}.game.seat !== null && {TABLE}.game.toAct.includes({TABLE}.game.seat) && {TABLE}.game.options.length > 0 && !{TABLE}.live.pending"
        ),
    ) == json!(true)
}

/// The view the page built with its `apply` is the one the server sends
/// in a fresh snapshot now: to the player whose token is given, or to a
/// spectator.
/// The server's snapshot of match `id` for the player `token` names, or a
/// spectator's.
pub fn servers_snapshot(server: &TestServer, token: Option<&str>, id: i64) -> Snapshot {
    let mut client = server.client(token);
    let role = if token.is_some() {
        Role::Player
    } else {
        Role::Spectator
    };
    client.subscribe(MatchId(id), role, None);
    loop {
        if let ServerMessage::Snapshot(snapshot) = client.recv() {
            return snapshot;
        }
    }
}

pub fn view_is_the_servers(
    browser: &mut Browser,
    page: &str,
    server: &TestServer,
    token: Option<&str>,
    id: i64,
) {
    let page_view = browser.eval(page, &format!("JSON.stringify({TABLE}.game.view)"));
    let page_seq = seq(browser, page);
    let page_view: Value =
        serde_json::from_str(page_view.as_str().expect("the view as JSON")).expect("JSON");
    let snapshot = servers_snapshot(server, token, id);
    assert_eq!(snapshot.seq as i64, page_seq, "the page is up to date");
    let server_view = serde_json::to_value(&snapshot.view).expect("a view");
    let differences = super::views::view_differences(&page_view, &server_view);
    assert!(
        differences.is_empty(),
        "the page's view differs from the server's:\n{}",
        differences.join("\n")
    );
}

/// Logs `page` in as `player` (the token kept where the page keeps it) and
/// opens its table of match `id`.
pub fn open_table(browser: &mut Browser, page: &str, root: &str, player: &Value, id: i64) {
    browser.navigate(page, root);
    browser.wait_for(page, "the page", "document.querySelector('#main')");
    let login = json!({"id": player["id"], "name": player["name"], "token": player["token"]});
    browser.eval(
        page,
        &format!(
            "localStorage.setItem('fray.login', JSON.stringify({login})); location.hash = '#/play/{id}'; true"
        ),
    );
    browser.wait_for(
        page,
        "the snapshot",
        &format!(
            "{TABLE} && {TABLE}.game.seq !== null && document.querySelector('#board [data-square]')"
        ),
    );
}

/// Creates a match of `system` in the lobby's form on `page` (logged in,
/// the lobby shown) with the system's first example list; the match's id.
pub fn create_in_the_lobby(browser: &mut Browser, page: &str, system: &str) -> i64 {
    browser.eval(
        page,
        &format!(
            r#"(() => {{
  const system = document.querySelector('#new-system');
  system.value = '{system}';
  system.dispatchEvent(new Event('change'));
  document.querySelector('#new-list').value = 'example:0';
  document.querySelector('#create').click();
  return true;
}})()"#
        ),
    );
    browser.wait_for(
        page,
        "the new match in the player's list",
        "document.querySelector('#my-matches [data-match]')",
    );
    browser
        .eval(
            page,
            "Number(document.querySelector('#my-matches [data-match]').dataset.match)",
        )
        .as_i64()
        .expect("a match id")
}

/// From the lobby on `page`, waits at the table of open match `id`.
pub fn wait_at_the_table(browser: &mut Browser, page: &str, id: i64) {
    browser.eval(
        page,
        &format!("document.querySelector('[data-wait=\"{id}\"]').click(); true"),
    );
    browser.wait_for(
        page,
        "the table waiting",
        "document.querySelector('#turn').textContent.includes('Waiting for players')",
    );
}

/// Registers `name` through the page's form at `root`, and waits for the
/// lobby.
pub fn register_in_the_page(browser: &mut Browser, page: &str, root: &str, name: &str) {
    browser.navigate(page, root);
    browser.wait_for(
        page,
        "the login form",
        "document.querySelector('#register-name')",
    );
    browser.eval(
        page,
        &format!(
            "document.querySelector('#register-name').value = {}; document.querySelector('#register').click(); true",
            json!(name)
        ),
    );
    browser.wait_for(page, "the lobby", "document.querySelector('#create-form')");
}
