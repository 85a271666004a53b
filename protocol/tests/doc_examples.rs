//! Every JSON example in `docs/protocol.md` is real: a fenced block opened
//! with ```` ```json TypeName ```` must parse as that protocol type, print back
//! to the same JSON (so no field is misspelt, missing or extra), and validate
//! against the type's schema in `docs/protocol/`. Every `json` block must
//! name its type, and the page must show every message and list every error
//! code.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use fray_protocol::{
    ArmyCheck, ArmyList, ClientMessage, ErrorBody, ErrorCode, History, JoinMatch, MatchSummary,
    NewMatch, NewPlayer, PlayerCreated, PlayerRef, Replay, ServerMessage, StoredArmyList,
    Suggestion, SuggestionRequest, SystemInfo,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

fn repo_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(relative)
}

fn page() -> String {
    fs::read_to_string(repo_path("docs/protocol.md")).expect("docs/protocol.md is readable")
}

/// One fenced `json` block: the type it names, its first line, its text.
struct Example {
    type_name: String,
    line: usize,
    text: String,
}

fn examples(page: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut open: Option<Example> = None;
    for (index, line) in page.lines().enumerate() {
        let trimmed = line.trim_start();
        match open.as_mut() {
            Some(_) if trimmed.starts_with("```") => found.extend(open.take()),
            Some(example) => {
                example.text.push_str(line);
                example.text.push('\n');
            }
            None => {
                if let Some(info) = trimmed.strip_prefix("```json") {
                    open = Some(Example {
                        type_name: info.trim().to_owned(),
                        line: index + 1,
                        text: String::new(),
                    });
                }
            }
        }
    }
    assert!(open.is_none(), "docs/protocol.md ends inside a json block");
    found
}

/// Parses `value` as `T` and prints it back; the two must be the same JSON.
fn round_trip<T: DeserializeOwned + Serialize>(value: &Value) -> Result<(), String> {
    let parsed: T = serde_json::from_value(value.clone()).map_err(|error| error.to_string())?;
    let printed = serde_json::to_value(&parsed).map_err(|error| error.to_string())?;
    if printed == *value {
        Ok(())
    } else {
        Err(format!(
            "it does not print back the same: the type gives\n{}",
            serde_json::to_string_pretty(&printed).unwrap()
        ))
    }
}

/// Checks that a value is one of a type.
type RoundTrip = fn(&Value) -> Result<(), String>;

/// The schema file (in docs/protocol/) and the round trip for a type name.
fn checker(type_name: &str) -> Option<(&'static str, RoundTrip)> {
    Some(match type_name {
        "ClientMessage" => ("client-message", round_trip::<ClientMessage>),
        "ServerMessage" => ("server-message", round_trip::<ServerMessage>),
        "NewPlayer" => ("new-player", round_trip::<NewPlayer>),
        "PlayerCreated" => ("player-created", round_trip::<PlayerCreated>),
        "PlayerRef" => ("player-ref", round_trip::<PlayerRef>),
        "ArmyList" => ("army-list", round_trip::<ArmyList>),
        "StoredArmyList" => ("stored-army-list", round_trip::<StoredArmyList>),
        "ArmyCheck" => ("army-check", round_trip::<ArmyCheck>),
        "NewMatch" => ("new-match", round_trip::<NewMatch>),
        "JoinMatch" => ("join-match", round_trip::<JoinMatch>),
        "SuggestionRequest" => ("suggestion-request", round_trip::<SuggestionRequest>),
        "Suggestion" => ("suggestion", round_trip::<Suggestion>),
        "MatchSummary" => ("match-summary", round_trip::<MatchSummary>),
        "Replay" => ("replay", round_trip::<Replay>),
        "History" => ("history", round_trip::<History>),
        "SystemInfo" => ("system-info", round_trip::<SystemInfo>),
        "ErrorBody" => ("error-body", round_trip::<ErrorBody>),
        _ => return None,
    })
}

struct Validator {
    schemas: boon::Schemas,
    compiler: boon::Compiler,
}

impl Validator {
    fn new() -> Validator {
        Validator {
            schemas: boon::Schemas::new(),
            compiler: boon::Compiler::new(),
        }
    }

    fn validate(&mut self, schema_file: &str, value: &Value) -> Result<(), String> {
        let path = repo_path(&format!("docs/protocol/{schema_file}.schema.json"));
        let text = fs::read_to_string(&path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        let schema: Value = serde_json::from_str(&text).map_err(|error| error.to_string())?;
        let location = format!("urn:fray:{schema_file}");
        // Adding a resource twice is refused; compiling twice is cheap.
        let _ = self.compiler.add_resource(&location, schema);
        let index = self
            .compiler
            .compile(&location, &mut self.schemas)
            .map_err(|error| format!("{schema_file}.schema.json does not compile: {error:#}"))?;
        self.schemas
            .validate(value, index)
            .map_err(|error| format!("{error:#}"))
    }
}

#[test]
fn every_json_example_is_a_valid_protocol_value() {
    let page = page();
    let examples = examples(&page);
    assert!(
        examples.len() >= 20,
        "only {} json examples found",
        examples.len()
    );
    let mut validator = Validator::new();
    let mut problems = Vec::new();
    for example in &examples {
        let at = format!("docs/protocol.md:{} ({})", example.line, example.type_name);
        let Some((schema_file, round_trip)) = checker(&example.type_name) else {
            problems.push(format!(
                "{at}: name the block's type, as in ```json ServerMessage"
            ));
            continue;
        };
        let value: Value = match serde_json::from_str(&example.text) {
            Ok(value) => value,
            Err(error) => {
                problems.push(format!("{at}: not JSON: {error}"));
                continue;
            }
        };
        if let Err(problem) = round_trip(&value) {
            problems.push(format!("{at}: {problem}"));
        }
        if let Err(problem) = validator.validate(schema_file, &value) {
            problems.push(format!("{at}: the schema refuses it: {problem}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// The `type` of every example message of one kind.
fn shown_types(type_name: &str) -> BTreeSet<String> {
    examples(&page())
        .iter()
        .filter(|example| example.type_name == type_name)
        .filter_map(|example| {
            let value: Value = serde_json::from_str(&example.text).ok()?;
            Some(value["type"].as_str()?.to_owned())
        })
        .collect()
}

#[test]
fn every_message_has_an_example() {
    let client: BTreeSet<String> = [
        "hello",
        "subscribe",
        "unsubscribe",
        "act",
        "resign",
        "chat",
        "offer_draw",
        "answer_draw",
        "ping",
    ]
    .map(String::from)
    .into();
    let server: BTreeSet<String> = [
        "welcome",
        "snapshot",
        "batch",
        "ack",
        "error",
        "seat_away",
        "seat_back",
        "chat",
        "draw_offered",
        "draw_declined",
        "pong",
    ]
    .map(String::from)
    .into();
    assert_eq!(shown_types("ClientMessage"), client);
    assert_eq!(shown_types("ServerMessage"), server);
}

#[test]
fn every_error_code_is_explained() {
    let page = page();
    let table_rows: BTreeSet<&str> = page
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split('`').next())
        .collect();
    let codes = [
        ErrorCode::BadRequest,
        ErrorCode::UnsupportedVersion,
        ErrorCode::FrameTooLarge,
        ErrorCode::RateLimited,
        ErrorCode::NotAuthenticated,
        ErrorCode::BadToken,
        ErrorCode::Forbidden,
        ErrorCode::NotFound,
        ErrorCode::MethodNotAllowed,
        ErrorCode::InvalidArmy,
        ErrorCode::InvalidMatch,
        ErrorCode::MatchFull,
        ErrorCode::AlreadySeated,
        ErrorCode::NameTaken,
        ErrorCode::MatchNotRunning,
        ErrorCode::NotSubscribed,
        ErrorCode::TooManySubscriptions,
        ErrorCode::NotYourSeat,
        ErrorCode::DuplicateId,
        ErrorCode::MatchNotOver,
        ErrorCode::NoDrawOffer,
        ErrorCode::DrawOfferStanding,
        ErrorCode::OwnDrawOffer,
        ErrorCode::OfferTooSoon,
        ErrorCode::GameOver,
        ErrorCode::NotYourTurn,
        ErrorCode::NotYourPiece,
        ErrorCode::UnknownAction,
        ErrorCode::IllegalAction,
        ErrorCode::Unavailable,
        ErrorCode::Internal,
    ];
    // The list above must be every code: the schema's codes are the truth.
    let schema: Value = serde_json::from_str(
        &fs::read_to_string(repo_path("docs/protocol/error-body.schema.json")).unwrap(),
    )
    .unwrap();
    let mut in_schema = BTreeSet::new();
    for branch in schema["$defs"]["ErrorCode"]["oneOf"].as_array().unwrap() {
        if let Some(code) = branch["const"].as_str() {
            in_schema.insert(code.to_owned());
        }
        for code in branch["enum"].as_array().into_iter().flatten() {
            in_schema.insert(code.as_str().unwrap().to_owned());
        }
    }
    let listed: BTreeSet<String> = codes.iter().map(|code| code.key().to_owned()).collect();
    assert_eq!(listed, in_schema, "the test's list of codes is out of date");
    for code in codes {
        assert!(
            table_rows.contains(code.key()),
            "docs/protocol.md's error table has no row for `{code}`"
        );
        assert_eq!(serde_json::to_value(code).unwrap(), code.key());
    }
}
