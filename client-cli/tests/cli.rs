//! The real `fray` binary against a real server, started in-process on an
//! ephemeral port with a temporary database. Each player is a config file
//! (FRAY_CONFIG): two files, two players.

mod common;

use std::path::Path;

use common::{DEMONS, ELVES, Player, closed_port, execute_sql, number_after, start_server};
use fray_protocol::ArmyList;

#[test]
fn login_saves_a_private_config_and_reuses_it() {
    let server = start_server();
    let ada = Player::new();
    let out = ada.login(&server, "ada");
    // The server numbers its house bots' players first: the id is the one
    // saved, whatever it is.
    let id = number_after(&out, "Registered ada (player ");

    let text = std::fs::read_to_string(ada.config()).expect("the config is written");
    let saved: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(saved["logins"][0]["name"], "ada");
    assert_eq!(saved["logins"][0]["player"].to_string(), id);
    assert_eq!(saved["logins"][0]["server"], server.url("").as_str());
    let token = saved["logins"][0]["token"].as_str().expect("a token");
    assert!(!token.is_empty());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(ada.config())
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "the config is private");
    }

    // The same name on the same server: the same player and token.
    let out = ada.login(&server, "ada");
    assert!(
        out.contains(&format!("as ada (player {id}), as before")),
        "{out}"
    );
    let again: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ada.config()).unwrap()).unwrap();
    assert_eq!(again["logins"].as_array().unwrap().len(), 1);
    assert_eq!(again["logins"][0]["token"], token);

    // Later commands use the saved server without --server.
    let out = ada.ok(&["army", "list"]);
    assert!(out.contains("no army lists yet"), "{out}");
    let out = ada.ok(&["systems"]);
    assert!(out.contains("Fantasy Armies"), "{out}");
}

#[test]
fn systems_show_the_unit_keys_in_lines_that_fit_80_columns() {
    let server = start_server();
    let ada = Player::new();
    ada.login(&server, "ada");
    let out = ada.ok(&["systems"]);
    assert!(
        out.contains("Fantasy Armies (fantasy-armies, or fa)"),
        "{out}"
    );
    // The keys --unit takes, beside their units.
    assert!(out.contains("Liche Lord   liche-lord"), "{out}");
    assert!(out.contains("Big Monster      monster"), "{out}");
    for line in out.lines() {
        assert!(
            line.chars().count() <= 80,
            "{} chars: {line}",
            line.chars().count()
        );
    }

    // One set of names: the short ones work wherever a system is named, and
    // an unknown one lists only the systems that are played.
    ada.ok(&["match", "list", "--system", "cc"]);
    // Refused by the argument parser (clap), whose messages begin "error:".
    let run = ada.fray(&["match", "list", "--system", "chess"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let message = &run.stderr;
    assert!(
        message.contains(
            "fantasy-armies (fa), chessboard-confrontation (cc), \
             action-chess-faction-chess (acfc), chess-war (cw), summoners-chess (sc)"
        ),
        "{message}"
    );
}

#[test]
fn a_name_another_player_holds_is_said_to_be_taken() {
    let server = start_server();
    let ada = Player::new();
    let id = number_after(&ada.login(&server, "ada"), "(player ");
    let other = Player::new();
    for taken in ["ada", "ADA"] {
        let run = other.fray(&["login", "--server", &server.url(""), "--name", taken]);
        let message = run.fails(7);
        assert!(
            message.contains(&format!("the name '{taken}' is taken")),
            "{message}"
        );
        assert_eq!(message.lines().count(), 1, "{message}");
    }
    assert!(!other.config().exists(), "nothing was saved");

    // Her own login is found in any case.
    let out = ada.login(&server, "Ada");
    assert!(
        out.contains(&format!("as ada (player {id}), as before")),
        "{out}"
    );
}

#[test]
fn a_refused_token_or_no_login_says_to_log_in() {
    let server = start_server();
    let nobody = Player::new();
    let message = nobody
        .fray(&["--server", &server.url(""), "army", "list"])
        .fails(4)
        .to_string();
    assert!(message.contains("not logged in"), "{message}");
    assert!(message.contains("fray login --server"), "{message}");

    let forger = Player::new();
    std::fs::create_dir_all(forger.config().parent().unwrap()).unwrap();
    let config = serde_json::json!({"logins": [
        {"server": server.url(""), "player": 1, "name": "eve", "token": "not-a-token"}
    ]});
    std::fs::write(forger.config(), config.to_string()).unwrap();
    let message = forger.fray(&["army", "list"]).fails(4).to_string();
    assert!(message.contains("refused your token"), "{message}");
    assert!(message.contains("fray login"), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");

    // Logging in as eve again notices the stale token and registers anew.
    let out = forger.login(&server, "eve");
    assert!(out.contains("Registered eve"), "{out}");
    forger.ok(&["army", "list"]);
}

#[test]
fn army_lists_round_trip_through_export_and_import() {
    let server = start_server();
    let ada = Player::new();
    ada.login(&server, "ada");
    let id = ada.army(ELVES);

    let listed = ada.ok(&["army", "list"]);
    assert!(listed.contains("Elves starter"), "{listed}");
    assert!(listed.contains("fantasy-armies"), "{listed}");
    let shown = ada.ok(&["army", "show", &id]);
    assert!(shown.contains("Army list 1: Elves starter"), "{shown}");
    assert!(shown.contains("Clan Lord"), "{shown}");
    assert!(shown.contains("12 pieces"), "{shown}");

    // Export to standard output: the list as sent.
    let exported: ArmyList = serde_json::from_str(&ada.ok(&["army", "export", &id])).unwrap();
    assert_eq!(exported.army, "elves");
    assert_eq!(exported.name, "Elves starter");
    assert_eq!(exported.units.len(), 7);

    // Export to a file, import it (as another player), and compare.
    let file = ada.dir.path().join("elves.json");
    ada.ok(&["army", "export", &id, file.to_str().unwrap()]);
    let bo = Player::new();
    bo.login(&server, "bo");
    let out = bo.ok(&["army", "import", file.to_str().unwrap()]);
    let imported = number_after(&out, "Imported army list ");
    assert_ne!(imported, id);
    let again: ArmyList = serde_json::from_str(&bo.ok(&["army", "export", &imported])).unwrap();
    assert_eq!(again, exported);

    // Edit without a terminal: rename and replace the units.
    let out = ada.ok(&["army", "edit", &id, "--name", "Renamed"]);
    assert!(out.contains("Renamed"), "{out}");
    let renamed: ArmyList = serde_json::from_str(&ada.ok(&["army", "export", &id])).unwrap();
    assert_eq!(renamed.name, "Renamed");
    assert_eq!(renamed.units, exported.units);

    // Another player's list is not found; a deleted one neither.
    let message = bo.fray(&["army", "show", &id]).fails(5).to_string();
    assert!(message.contains(&format!("no army list {id}")), "{message}");
    let out = ada.ok(&["army", "delete", &id]);
    assert!(out.contains(&format!("Deleted army list {id}")), "{out}");
    ada.fray(&["army", "show", &id]).fails(5);

    // A file that is not a list.
    let junk = ada.dir.path().join("junk.json");
    std::fs::write(&junk, "{\"army\": 3}").unwrap();
    let message = ada
        .fray(&["army", "import", junk.to_str().unwrap()])
        .fails(1)
        .to_string();
    assert!(message.contains("is not an army list"), "{message}");
}

#[test]
fn an_invalid_army_prints_every_reason() {
    let server = start_server();
    let ada = Player::new();
    ada.login(&server, "ada");
    let run = ada.fray(&[
        "army",
        "new",
        "--system",
        "fantasy-armies",
        "--army",
        "elves",
        "--unit",
        "archer=3",
    ]);
    let message = run.fails(6);
    assert!(
        message.starts_with("fray: the army list is invalid:\n"),
        "{message}"
    );
    let reasons: Vec<&str> = message.lines().filter(|l| l.starts_with("  - ")).collect();
    assert!(reasons.len() >= 2, "{message}");
    assert!(message.contains("at least 8"), "{message}");

    // Editing into an invalid list is refused the same way.
    let id = ada.army(ELVES);
    let run = ada.fray(&["army", "edit", &id, "--unit", "archer=3"]);
    assert!(run.fails(6).contains("  - "), "{}", run.stderr);

    // Without a terminal and without the list: say how to give it.
    let message = ada.fray(&["army", "new"]).fails(2).to_string();
    assert!(message.contains("--unit"), "{message}");
    let message = ada
        .fray(&["army", "new", "--army", "elves"])
        .fails(2)
        .to_string();
    assert!(message.contains("--system"), "{message}");
    // Fantasy Armies has six armies: which one is asked for, by key.
    let message = ada
        .fray(&["army", "new", "--system", "fa", "--unit", "archer=8"])
        .fails(2)
        .to_string();
    assert!(
        message.contains("needs --army, one of: kingdoms-of-man"),
        "{message}"
    );
}

#[test]
fn a_summoners_chess_list_is_made_by_script_without_units() {
    let server = start_server();
    let ada = Player::new();
    ada.login(&server, "ada");
    let out = ada.ok(&[
        "army",
        "new",
        "--system",
        "summoners-chess",
        "--name",
        "Mine",
    ]);
    assert!(out.contains("Stored army list"), "{out}");
    assert!(out.contains("Army: Summoners"), "{out}");
    // By the short name too; a unit is still refused, with the server's reason.
    ada.ok(&["army", "new", "--system", "sc", "--name", "Short"]);
    let run = ada.fray(&["army", "new", "--system", "sc", "--unit", "acolyte=4"]);
    assert!(run.fails(6).contains("takes no units"), "{}", run.stderr);
    let out = ada.ok(&["army", "list"]);
    assert_eq!(out.matches("summoners-chess").count(), 2, "{out}");
}

#[test]
fn two_players_create_list_join_and_show_a_match() {
    let server = start_server();
    let ada = Player::new();
    let bo = Player::new();
    let cy = Player::new();
    ada.login(&server, "ada");
    bo.login(&server, "bo");
    cy.login(&server, "cy");
    let ada_army = ada.army(ELVES);
    let bo_army = bo.army(DEMONS);
    let cy_army = cy.army(DEMONS);

    let out = ada.ok(&[
        "match",
        "new",
        "--system",
        "fantasy-armies",
        "--army",
        &ada_army,
        "--option",
        "max-turns=200",
    ]);
    let id = number_after(&out, "Created match ");
    assert!(out.contains("Waiting for 1 more player"), "{out}");
    assert!(out.contains("max-turns=200"), "{out}");

    let open = bo.ok(&["match", "list", "--status", "open"]);
    assert!(open.contains("ada (elves), (open)"), "{open}");
    assert!(open.contains("1/2"), "{open}");
    let none = bo.ok(&["match", "list", "--mine"]);
    assert!(none.contains("No matches"), "{none}");

    let out = bo.ok(&["match", "join", &id, "--army", &bo_army]);
    assert!(
        out.contains(&format!("Joined match {id} in seat 2")),
        "{out}"
    );
    assert!(out.contains("the match has started"), "{out}");

    let mine = ada.ok(&["match", "list", "--mine", "--system", "fantasy-armies"]);
    assert!(mine.contains("running"), "{mine}");
    assert!(mine.contains("bo (demons)"), "{mine}");
    let open = ada.ok(&["match", "list", "--status", "open"]);
    assert!(open.contains("No matches"), "{open}");

    let shown = cy.ok(&["match", "show", &id]);
    assert!(shown.contains("Status:   running"), "{shown}");
    assert!(shown.contains("Demons starter"), "{shown}");
    assert!(shown.contains("seed committed"), "{shown}");

    // A full match, a missing one, an invalid option.
    let message = cy
        .fray(&["match", "join", &id, "--army", &cy_army])
        .fails(7)
        .to_string();
    assert!(message.contains("every seat is taken"), "{message}");
    cy.fray(&["match", "show", "999"]).fails(5);
    let message = ada
        .fray(&[
            "match",
            "new",
            "--system",
            "fantasy-armies",
            "--army",
            &ada_army,
            "--option",
            "max-turns=nope",
        ])
        .fails(2)
        .to_string();
    assert!(message.contains("whole number"), "{message}");
    ada.fray(&[
        "match",
        "new",
        "--system",
        "fantasy-armies",
        "--army",
        &ada_army,
        "--seats",
        "5",
    ])
    .fails(6);
}

/// What a name stored before the server refused such names may hold: a
/// window title (OSC), a bell, clearing the screen, NUL, a right-to-left
/// override, and a line break to forge a line of its own.
const HOSTILE: &str = "\u{1b}]0;owned\u{7}\u{1b}[2J\0\u{202e}\nForged: line";
const HOSTILE_SHOWN: &str = r"\u{1b}]0;owned\u{7}\u{1b}[2J\u{0}\u{202e}\u{a}Forged: line";

/// True when `text` holds nothing a terminal acts on but line breaks.
fn printable(text: &str) -> bool {
    !text
        .chars()
        .any(|c| c != '\n' && fray_protocol::text::is_unsafe(c))
}

#[test]
fn a_hostile_name_already_stored_is_printed_escaped() {
    let server = start_server();
    let eve = Player::new();
    let bo = Player::new();
    eve.login(&server, "eve");
    bo.login(&server, "bo");
    let eve_army = eve.army(ELVES);
    let bo_army = bo.army(DEMONS);
    let out = eve.ok(&[
        "match",
        "new",
        "--system",
        "fantasy-armies",
        "--army",
        &eve_army,
    ]);
    let id = number_after(&out, "Created match ");
    bo.ok(&["match", "join", &id, "--army", &bo_army]);
    // The server refuses such names now, so they go in behind its back.
    execute_sql(
        &server,
        "UPDATE players SET name = ?1 WHERE name = 'eve'",
        &format!("Eve{HOSTILE}"),
    );
    execute_sql(
        &server,
        "UPDATE seats SET army_list = json_set(army_list, '$.name', ?1) WHERE seat = 0",
        &format!("Elves{HOSTILE}"),
    );

    let shown = bo.ok(&["match", "show", &id]);
    let listed = bo.ok(&["match", "list"]);
    for out in [&shown, &listed] {
        assert!(printable(out), "{out:?}");
        assert!(out.contains(&format!("Eve{HOSTILE_SHOWN}")), "{out}");
        assert!(!out.contains("\nForged"), "a name forged a line:\n{out}");
    }
    assert!(shown.contains(&format!("Elves{HOSTILE_SHOWN}")), "{shown}");

    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(eve.config()).unwrap()).unwrap();
    let token = saved["logins"][0]["token"].as_str().expect("eve's token");
    ureq::post(&format!("{}/api/matches/{id}/resign", server.url("")))
        .header("Authorization", &format!("Bearer {token}"))
        .send_empty()
        .expect("eve resigns");
    let replay = bo.ok(&["replay", &id, "--lines"]);
    assert!(printable(&replay), "{replay:?}");
    assert!(replay.contains(&format!("Eve{HOSTILE_SHOWN}")), "{replay}");
}

#[test]
fn an_unreachable_server_is_one_line_and_exit_code_3() {
    let player = Player::new();
    let url = format!("http://127.0.0.1:{}", closed_port());
    for args in [
        vec!["--server", url.as_str(), "systems"],
        vec!["--server", url.as_str(), "login", "--name", "ada"],
        vec!["--server", url.as_str(), "match", "list"],
    ] {
        let message = player.fray(&args).fails(3).to_string();
        assert!(
            message.contains("cannot reach the Fray server"),
            "{message}"
        );
        assert!(
            message.contains("`fray-server`") && !message.contains("cargo"),
            "a player may have the binaries only: {message}"
        );
        assert_eq!(message.lines().count(), 1, "{message}");
    }
    assert!(!Path::new(&player.config()).exists(), "nothing saved");

    let message = player
        .fray(&["--server", "localhost:7878", "systems"])
        .fails(2)
        .to_string();
    assert!(message.contains("http://"), "{message}");
}

#[test]
fn help_documents_the_exit_codes() {
    let out = Player::new().ok(&["--help"]);
    assert!(out.contains("Exit codes:"), "{out}");
    assert!(out.contains("3  the server cannot be reached"), "{out}");
    for command in ["login", "army", "match", "systems"] {
        assert!(out.contains(command), "{out}");
    }
    let out = Player::new().ok(&["army", "new", "--help"]);
    assert!(out.contains("--unit"), "{out}");
}

/// A copy of the `fray` binary alone in a directory of its own, so that what
/// lies beside it is up to the test.
#[cfg(unix)]
fn fray_alone() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let fray = dir.path().join("fray");
    std::fs::copy(env!("CARGO_BIN_EXE_fray"), &fray).expect("fray is copied");
    (dir, fray)
}

/// Runs `command`, again while an executable just written is busy: another
/// test's process, forked while the file was open for writing, may hold it
/// until it execs (ETXTBSY), for `fray` itself or for what `fray` runs.
#[cfg(unix)]
fn output_once_written(command: &mut std::process::Command) -> std::process::Output {
    for _ in 0..50 {
        match command.output() {
            Err(error) if error.raw_os_error() == Some(26) => {}
            Ok(output) if !String::from_utf8_lossy(&output.stderr).contains("Text file busy") => {
                return output;
            }
            Ok(_) => {}
            Err(error) => panic!("fray does not run: {error}"),
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("the executables stayed busy");
}

#[cfg(unix)]
#[test]
fn fray_load_without_the_load_generator_says_how_to_get_it() {
    let (dir, fray) = fray_alone();
    let output = output_once_written(
        std::process::Command::new(&fray)
            .args(["load", "--matches", "1"])
            .env("PATH", dir.path()),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("fray-load"), "{stderr}");
    assert!(
        stderr.contains("cargo build --release -p fray-load"),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn fray_load_runs_the_load_generator_beside_it_with_every_argument() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, fray) = fray_alone();
    let stub = dir.path().join("fray-load");
    std::fs::write(
        &stub,
        "#!/bin/sh\necho \"args: $*\"\necho \"server: $FRAY_SERVER\"\nexit 7\n",
    )
    .expect("the stub is written");
    std::fs::set_permissions(&stub, std::fs::Permissions::from_mode(0o755)).unwrap();
    let output = output_once_written(
        std::process::Command::new(&fray)
            .args([
                "--server",
                "http://example.test:1",
                "load",
                "--matches",
                "3",
                "--help",
            ])
            .env_remove("FRAY_SERVER")
            .env("PATH", "/bin:/usr/bin"),
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(7), "fray exits as fray-load did");
    assert!(stdout.contains("args: --matches 3 --help"), "{stdout}");
    assert!(stdout.contains("server: http://example.test:1"), "{stdout}");
}
