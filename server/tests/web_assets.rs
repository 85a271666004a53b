//! The web client's files: `GET /` is the page, `GET /web/{file}` its
//! scripts and style, each with its type, an ETag and `no-cache`; an
//! unknown file is `404 not_found`. The protocol version the page speaks
//! is the server's.

mod common;

use std::path::Path;

use common::{PATIENCE, TestServer};
use fray_protocol::PROTOCOL_VERSION;

struct Got {
    status: u16,
    content_type: String,
    cache_control: String,
    etag: String,
    csp: Option<String>,
    body: String,
}

fn get(server: &TestServer, path: &str, if_none_match: Option<&str>) -> Got {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(PATIENCE))
        .build()
        .into();
    let mut request = agent.get(&server.url(path));
    if let Some(tag) = if_none_match {
        request = request.header("If-None-Match", tag);
    }
    let mut response = request.call().expect("the server answers");
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let content_type = header("content-type").unwrap_or_default();
    let cache_control = header("cache-control").unwrap_or_default();
    let etag = header("etag").unwrap_or_default();
    let csp = header("content-security-policy");
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().unwrap_or_default();
    Got {
        status,
        content_type,
        cache_control,
        etag,
        csp,
        body,
    }
}

#[test]
fn the_page_is_served_at_the_root() {
    let server = TestServer::start();
    let page = get(&server, "/", None);
    assert_eq!(page.status, 200);
    assert_eq!(page.content_type, "text/html; charset=utf-8");
    assert_eq!(page.cache_control, "no-cache");
    assert!(page.etag.starts_with('"'), "an ETag: {}", page.etag);
    assert!(page.body.contains("<!doctype html>"));
    assert!(
        page.body
            .contains(r#"<script type="module" src="/web/app.js">"#)
    );
    let csp = page.csp.expect("the page has a content security policy");
    assert!(csp.contains("script-src 'self'"), "{csp}");
}

#[test]
fn scripts_and_style_are_served_with_their_types() {
    let server = TestServer::start();
    for (path, content_type) in [
        ("/web/app.js", "text/javascript; charset=utf-8"),
        ("/web/api.js", "text/javascript; charset=utf-8"),
        ("/web/apply.js", "text/javascript; charset=utf-8"),
        ("/web/board.js", "text/javascript; charset=utf-8"),
        ("/web/builder.js", "text/javascript; charset=utf-8"),
        ("/web/dom.js", "text/javascript; charset=utf-8"),
        ("/web/lobby.js", "text/javascript; charset=utf-8"),
        ("/web/match_form.js", "text/javascript; charset=utf-8"),
        ("/web/computer.js", "text/javascript; charset=utf-8"),
        ("/web/play.js", "text/javascript; charset=utf-8"),
        ("/web/game_state.js", "text/javascript; charset=utf-8"),
        ("/web/live.js", "text/javascript; charset=utf-8"),
        ("/web/away.js", "text/javascript; charset=utf-8"),
        ("/web/choosing.js", "text/javascript; charset=utf-8"),
        ("/web/outcome.js", "text/javascript; charset=utf-8"),
        ("/web/protocol.js", "text/javascript; charset=utf-8"),
        ("/web/style.css", "text/css; charset=utf-8"),
        ("/web/icon.svg", "image/svg+xml"),
        ("/web/index.html", "text/html; charset=utf-8"),
    ] {
        let got = get(&server, path, None);
        assert_eq!(got.status, 200, "{path}");
        assert_eq!(got.content_type, content_type, "{path}");
        assert_eq!(got.cache_control, "no-cache", "{path}");
        assert!(!got.body.is_empty(), "{path}");
        if path.ends_with(".js") {
            assert!(got.csp.is_none(), "{path}: a script needs no page policy");
        }
    }
}

#[test]
fn every_module_the_scripts_import_is_served() {
    let server = TestServer::start();
    let mut seen = vec!["app.js".to_owned()];
    let mut next = 0;
    while next < seen.len() {
        let name = seen[next].clone();
        next += 1;
        let got = get(&server, &format!("/web/{name}"), None);
        assert_eq!(got.status, 200, "{name}");
        for line in got.body.lines() {
            let line = line.trim();
            if !(line.starts_with("import ") || line.starts_with("} from ")) {
                continue;
            }
            if let Some(start) = line.find("\"./") {
                let rest = &line[start + 3..];
                let end = rest.find('"').expect("a closing quote");
                let module = rest[..end].to_owned();
                if !seen.contains(&module) {
                    seen.push(module);
                }
            }
        }
    }
    assert!(seen.len() >= 6, "app.js imports the others: {seen:?}");
}

#[test]
fn an_unchanged_file_is_not_sent_again() {
    let server = TestServer::start();
    let first = get(&server, "/web/play.js", None);
    let again = get(&server, "/web/play.js", Some(&first.etag));
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    assert_eq!(again.etag, first.etag);
    let other = get(&server, "/web/play.js", Some("\"something-else\""));
    assert_eq!(other.status, 200);
    assert_ne!(
        get(&server, "/web/app.js", None).etag,
        first.etag,
        "each file has its own tag"
    );
}

#[test]
fn unknown_files_are_not_found() {
    let server = TestServer::start();
    for path in [
        "/web/nope.js",
        "/web/",
        "/web/../Cargo.toml",
        "/web/%2e%2e%2fCargo.toml",
        "/web/app.js/x",
        "/index.htm",
    ] {
        let got = get(&server, path, None);
        assert_eq!(got.status, 404, "{path}");
        assert!(
            got.body.contains("\"not_found\""),
            "{path}: the API's error body: {}",
            got.body
        );
    }
    // The API's own answers are untouched.
    let (status, _) = server.get("/api/systems");
    assert_eq!(status, 200);
}

/// The page says in its hello the version the server speaks: it reads it
/// from `protocol.js`, which the server makes from `PROTOCOL_VERSION`, and
/// no file of the page types a version of its own that could differ.
#[test]
fn the_page_speaks_the_protocol_version_of_its_server() {
    let server = TestServer::start();
    let module = get(&server, "/web/protocol.js", None);
    assert_eq!(module.status, 200);
    assert_eq!(module.content_type, "text/javascript; charset=utf-8");
    assert!(
        module.body.contains(&format!(
            "export const PROTOCOL_VERSION = {PROTOCOL_VERSION};"
        )),
        "{}",
        module.body
    );
    let again = get(&server, "/web/protocol.js", Some(&module.etag));
    assert_eq!(again.status, 304, "cached as the other files are");

    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let mut hellos = Vec::new();
    for entry in std::fs::read_dir(&web).expect("server/web") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        assert_ne!(name, "protocol.js", "the server makes protocol.js");
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            !text.contains("PROTOCOL_VERSION ="),
            "{name} types a protocol version of its own"
        );
        if text.contains(r#"type: "hello""#) {
            assert!(
                text.contains(r#"import { PROTOCOL_VERSION } from "./protocol.js";"#)
                    && text.contains("version: PROTOCOL_VERSION"),
                "{name} says hello with the server's version"
            );
            hellos.push(name.into_owned());
        }
    }
    assert_eq!(hellos.len(), 1, "one file says hello: {hellos:?}");
}
