//! The documents name only what the server serves: every game system, army
//! key and match option a document names (in a JSON example, a list written
//! inline, a `--system … --option key=value` command line, a rules page's
//! "option `key`" or an army's heading) is one `GET /api/systems` lists, so
//! that the docs cannot fall behind the rules again.

mod common;

use std::path::{Path, PathBuf};

use common::TestServer;
use fray_protocol::SystemInfo;
use serde_json::Value;

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every Markdown document a reader is sent to.
fn documents() -> Vec<PathBuf> {
    let root = repository();
    let mut files = vec![root.join("README.md"), root.join("rules/README.md")];
    for folder in ["docs", "docs/rules"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root.join(folder))
            .expect("the docs folder")
            .map(|entry| entry.expect("an entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
            .collect();
        found.sort();
        files.extend(found);
    }
    files
}

struct Served(Vec<SystemInfo>);

impl Served {
    /// The system a document names by its key or short name.
    fn system(&self, name: &str) -> Option<&SystemInfo> {
        self.0
            .iter()
            .find(|info| info.id.key() == name || info.id.short() == name)
    }

    fn has_option(info: &SystemInfo, key: &str) -> bool {
        info.options.iter().any(|option| option.key == key)
    }

    fn has_army(info: &SystemInfo, key: &str) -> bool {
        info.armies.iter().any(|army| army.key == key)
    }
}

/// What a document names that the server does not serve, each with where.
#[derive(Default)]
struct Findings(Vec<String>);

impl Findings {
    fn add(&mut self, place: &str, what: String) {
        self.0.push(format!("{place}: {what}"));
    }
}

/// Walks a JSON example: a `system` sets the system for the object it
/// stands in and everything inside; the `army` of a list (with `units`) or
/// of a seat (with `list_name`) must be one of its army keys (a view's
/// players show an army's name instead), and an `options` object's keys
/// its options.
fn check_json(
    served: &Served,
    value: &Value,
    system: Option<&str>,
    place: &str,
    found: &mut Findings,
) {
    match value {
        Value::Object(object) => {
            let system = match object.get("system").and_then(Value::as_str) {
                Some(named) => {
                    if served.system(named).is_none() {
                        found.add(place, format!("system `{named}` is not served"));
                    }
                    Some(named)
                }
                None => system,
            };
            let info = system.and_then(|named| served.system(named));
            let names_a_key = object.contains_key("units") || object.contains_key("list_name");
            if let (Some(info), Some(army)) = (info, object.get("army").and_then(Value::as_str))
                && names_a_key
                && !Served::has_army(info, army)
            {
                found.add(place, format!("{} has no army `{army}`", info.id.key()));
            }
            if let (Some(info), Some(Value::Object(options))) = (info, object.get("options")) {
                for key in options.keys() {
                    if !Served::has_option(info, key) {
                        found.add(place, format!("{} has no option `{key}`", info.id.key()));
                    }
                }
            }
            for inner in object.values() {
                check_json(served, inner, system, place, found);
            }
        }
        Value::Array(items) => {
            for item in items {
                check_json(served, item, system, place, found);
            }
        }
        _ => {}
    }
}

/// The JSON of the document's ```json blocks, with the line each starts on.
fn json_blocks(text: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (number, line) in text.lines().enumerate() {
        match &mut open {
            None if line.trim_start().starts_with("```json") => {
                open = Some((number + 1, String::new()))
            }
            Some(_) if line.trim_start().starts_with("```") => blocks.extend(open.take()),
            Some((_, block)) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    blocks
}

/// The text between each pair of backticks on a line.
fn inline_code(line: &str) -> impl Iterator<Item = &str> {
    line.split('`').skip(1).step_by(2)
}

/// The word after `marker` each time it stands in `line`, up to the first
/// character that cannot be in a key.
fn words_after<'a>(line: &'a str, marker: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    line.match_indices(marker).map(move |(at, _)| {
        let rest = &line[at + marker.len()..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(rest.len());
        &rest[..end]
    })
}

/// The system a rules page is about: `docs/rules/<key>.md`.
fn page_system<'a>(served: &'a Served, path: &Path) -> Option<&'a SystemInfo> {
    let in_rules = path.parent()?.ends_with("docs/rules");
    in_rules
        .then(|| path.file_stem()?.to_str())
        .flatten()
        .and_then(|key| served.system(key))
}

fn check_document(served: &Served, path: &Path, found: &mut Findings) {
    let text = std::fs::read_to_string(path).expect("a document");
    let name = path
        .strip_prefix(repository())
        .unwrap_or(path)
        .display()
        .to_string();
    for (line, block) in json_blocks(&text) {
        let place = format!("{name}:{line}");
        match serde_json::from_str::<Value>(&block) {
            Ok(value) => check_json(served, &value, None, &place, found),
            Err(error) => found.add(
                &place,
                format!("a JSON example that does not parse: {error}"),
            ),
        }
    }
    let page = page_system(served, path);
    for (number, line) in text.lines().enumerate() {
        let place = format!("{name}:{}", number + 1);
        for code in inline_code(line) {
            if code.starts_with('{')
                && let Ok(value) = serde_json::from_str::<Value>(code)
            {
                check_json(served, &value, None, &place, found);
            }
        }
        // A command line: `--system S` and its `--option key=value`s.
        if let Some(named) = words_after(line, "--system ").find(|word| !word.is_empty()) {
            match served.system(named) {
                Some(info) => {
                    for key in words_after(line, "--option ") {
                        if !Served::has_option(info, key) {
                            found.add(&place, format!("{} has no option `{key}`", info.id.key()));
                        }
                    }
                }
                // `mix` is the load tool's; a capital marks a placeholder.
                None if named == "mix" || named.chars().any(|c| c.is_ascii_uppercase()) => {}
                None => found.add(&place, format!("system `{named}` is not served")),
            }
        }
        let Some(info) = page else { continue };
        for marker in ["option `", "Option `"] {
            for key in words_after(line, marker) {
                if !Served::has_option(info, key) {
                    found.add(&place, format!("{} has no option `{key}`", info.id.key()));
                }
            }
        }
        // An army's heading: `### Humans (`humans`)`.
        if line.starts_with("### ")
            && let Some(key) = words_after(line, "(`").next()
            && !Served::has_army(info, key)
        {
            found.add(&place, format!("{} has no army `{key}`", info.id.key()));
        }
    }
}

#[test]
fn the_documents_name_only_systems_armies_and_options_the_server_serves() {
    let server = TestServer::start();
    let (status, body) = server.get("/api/systems");
    assert_eq!(status, 200, "{body}");
    let served = Served(serde_json::from_value(body).expect("the systems"));
    assert_eq!(served.0.len(), 5, "every system is served");
    let mut found = Findings::default();
    let documents = documents();
    assert!(documents.len() > 8, "{documents:?}");
    for path in &documents {
        check_document(&served, path, &mut found);
    }
    assert!(
        found.0.is_empty(),
        "the documents name what the server does not serve:\n  {}",
        found.0.join("\n  ")
    );
}

/// The checks find what they look for: a made-up page of each kind of
/// drift the issue found (a ChessWar! summary with Fantasy Armies' army
/// key, an option no system has, a system no longer served).
#[test]
fn the_checks_find_drift() {
    let server = TestServer::start();
    let (_, body) = server.get("/api/systems");
    let served = Served(serde_json::from_value(body).expect("the systems"));
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("docs/rules");
    std::fs::create_dir_all(&rules).unwrap();
    let page = rules.join("chess-war.md");
    std::fs::write(
        &page,
        "# ChessWar!\n\n### Dwarfs (`dwarfs`)\n\nThe match option `round-cap` ends it.\n\n\
         ```json\n{\"system\": \"chess-war\", \"seats\": [{\"army\": \"dwarfs\", \"list_name\": null}]}\n```\n\n\
         A list: `{\"system\": \"chess-wars\", \"army\": \"orcs\", \"units\": []}`.\n\n\
         fray match create --system cw --option max-turns=10\n",
    )
    .unwrap();
    let mut found = Findings::default();
    check_document(&served, &page, &mut found);
    let found = found.0.join("\n");
    for expected in [
        ":3: chess-war has no army `dwarfs`",
        ":5: chess-war has no option `round-cap`",
        ":7: chess-war has no army `dwarfs`",
        ":11: system `chess-wars` is not served",
        ":13: chess-war has no option `max-turns`",
    ] {
        assert!(
            found.contains(expected),
            "{expected} not found in:\n{found}"
        );
    }
}
