//! Whole games through real `fray` processes against an in-process server:
//! `fray play --lines` answered through a pipe, `fray bot`, `fray watch`,
//! `fray replay`, and a bot that rides out a server restart.

mod common;
// The generator `fray bot` chooses with, for the answers typed at the prompt.
#[path = "../src/random.rs"]
mod random;

use std::io::{Read, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use common::{DEMONS, ELVES, Player, TestServer, get_json, number_after, start_server};
use serde_json::{Value, json};

/// The most any one game may take before the test gives up on it.
const GAME_PATIENCE: Duration = Duration::from_secs(120);

/// A system's two armies and the options that keep its games short.
struct Setup {
    system: &'static str,
    options: &'static [&'static str],
}

const FANTASY_ARMIES: Setup = Setup {
    system: "fantasy-armies",
    options: &["max-turns=10", "turns-without-removal=10"],
};
const SUMMONERS_CHESS: Setup = Setup {
    system: "summoners-chess",
    options: &["max-turns=12", "quiet-turns=10"],
};
const CHESSBOARD_CONFRONTATION: Setup = Setup {
    system: "chessboard-confrontation",
    options: &["max-rounds=3"],
};

/// Stores a valid army list of `setup`'s system for `player` (the first or
/// second of a match); its id.
fn army(player: &Player, setup: &Setup, second: bool) -> String {
    match setup.system {
        "fantasy-armies" => player.army(if second { DEMONS } else { ELVES }),
        "summoners-chess" => player.import_army(&json!({
            "system": "summoners-chess",
            "army": "summoners",
            "name": "Summoners",
            "units": []
        })),
        "chessboard-confrontation" => {
            let elites = if second {
                "elite=2:armor"
            } else {
                "elite=2:lucky"
            };
            player.army(&[
                "--system",
                "chessboard-confrontation",
                "--army",
                "squad",
                "--unit",
                elites,
                "--unit",
                "minion=4",
            ])
        }
        other => panic!("no armies for {other}"),
    }
}

/// Two logged-in players, ada and bo, with a list each, and a match ada
/// created (still open).
struct Table {
    server: TestServer,
    ada: Player,
    bo: Player,
    bo_army: String,
    match_id: String,
}

impl Table {
    fn open(setup: &Setup) -> Table {
        let server = start_server();
        let ada = Player::new();
        let bo = Player::new();
        ada.login(&server, "ada");
        bo.login(&server, "bo");
        let ada_army = army(&ada, setup, false);
        let bo_army = army(&bo, setup, true);
        let mut args = vec![
            "match",
            "new",
            "--system",
            setup.system,
            "--army",
            ada_army.as_str(),
        ];
        for option in setup.options {
            args.extend(["--option", option]);
        }
        let out = ada.ok(&args);
        let match_id = number_after(&out, "Created match ");
        Table {
            server,
            ada,
            bo,
            bo_army,
            match_id,
        }
    }

    fn join(&self) {
        self.bo
            .ok(&["match", "join", &self.match_id, "--army", &self.bo_army]);
    }

    fn summary(&self) -> Value {
        get_json(&self.server, &format!("/api/matches/{}", self.match_id))
    }

    /// The line both screens end a game with, from the server's summary.
    fn expected_outcome_line(&self) -> String {
        let summary = self.summary();
        assert_eq!(summary["status"], "finished", "{summary}");
        let outcome = &summary["outcome"];
        let name = |seat: &Value| {
            let seat = seat.as_u64().expect("a seat") as usize;
            summary["seats"][seat]["player"]["name"]
                .as_str()
                .expect("a name")
                .to_string()
        };
        // The reason's parts: text, or a seat the client names by its player.
        let reason: String = outcome["reason"]
            .as_array()
            .expect("a reason in parts")
            .iter()
            .map(|part| match part.as_str() {
                Some(text) => text.to_string(),
                None => name(&part["seat"]),
            })
            .collect();
        let winners: Vec<String> = outcome["winners"]
            .as_array()
            .expect("winners")
            .iter()
            .map(name)
            .collect();
        match winners.as_slice() {
            [] => format!("Game over: a draw ({reason})."),
            [one] => format!("Game over: {one} wins ({reason})."),
            several => format!("Game over: {} win ({reason}).", several.join(" and ")),
        }
    }
}

/// A child's standard output, read on a thread so that it never blocks on
/// a full pipe.
struct Output {
    chunks: Receiver<Vec<u8>>,
    bytes: Vec<u8>,
    closed: bool,
}

impl Output {
    fn of(child: &mut Child) -> Output {
        let mut stdout = child.stdout.take().expect("a piped stdout");
        let (sender, chunks) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 8192];
            while let Ok(read) = stdout.read(&mut buffer) {
                if read == 0 || sender.send(buffer[..read].to_vec()).is_err() {
                    break;
                }
            }
        });
        Output {
            chunks,
            bytes: Vec::new(),
            closed: false,
        }
    }

    /// Takes what arrives within `wait`; false once the output has ended.
    fn pump(&mut self, wait: Duration) -> bool {
        match self.chunks.recv_timeout(wait) {
            Ok(chunk) => {
                self.bytes.extend_from_slice(&chunk);
                while let Ok(chunk) = self.chunks.try_recv() {
                    self.bytes.extend_from_slice(&chunk);
                }
                true
            }
            Err(RecvTimeoutError::Timeout) => true,
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                false
            }
        }
    }

    /// Reads to the end, or panics after `patience`.
    fn finish(&mut self, patience: Duration, what: &str) -> String {
        let deadline = Instant::now() + patience;
        while self.pump(Duration::from_millis(100)) {
            if Instant::now() > deadline {
                panic!(
                    "{what} did not finish in time; it printed:\n{}",
                    self.text()
                );
            }
        }
        self.text()
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }
}

/// Waits for a child and checks it ended well, with its standard error.
fn exits_zero(mut child: Child, output: &str, what: &str) {
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = pipe.read_to_string(&mut stderr);
    }
    let status = child.wait().expect("the child is waited for");
    assert!(
        status.success(),
        "{what} exited with {status}\nstdout:\n{output}\nstderr:\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{what} panicked:\n{stderr}");
}

/// The notations of the options last listed in `text`.
fn listed_notations(text: &str) -> Vec<String> {
    let start = ["Your move:\n", "You may react:\n"]
        .iter()
        .filter_map(|header| text.rfind(header).map(|at| at + header.len()))
        .max()
        .expect("options were listed before the prompt");
    text[start..]
        .lines()
        .map_while(|line| {
            let (number, rest) = line.trim_start().split_once(") ")?;
            number.parse::<usize>().ok()?;
            let notation = rest.split_once("  ").map_or(rest, |(notation, _)| notation);
            Some(notation.trim().to_string())
        })
        .collect()
}

/// Answers every prompt of a `fray play --lines` until the game ends: first
/// `help`, `board` and an option that does not exist (each asks again),
/// then random options, some by notation, most by number, and once
/// `history`.
fn drive(child: &mut Child, output: &mut Output, seed: u64) -> String {
    let mut stdin: ChildStdin = child.stdin.take().expect("a piped stdin");
    let mut chooser = random::SplitMix64::new(seed);
    let mut prompts = 0;
    let mut answered_at = 0;
    let deadline = Instant::now() + GAME_PATIENCE;
    while output.pump(Duration::from_millis(50)) {
        assert!(
            Instant::now() < deadline,
            "the game did not end in time; fray play printed:\n{}",
            output.text()
        );
        let text = output.text();
        if text.len() == answered_at || !text.ends_with("]: ") {
            continue;
        }
        let notations = listed_notations(&text);
        let count = number_after(&text[text.rfind("Your choice [1-").unwrap()..], "[1-");
        assert_eq!(count, notations.len().to_string(), "{text}");
        let answer = match prompts {
            0 => "help".to_string(),
            1 => "board".to_string(),
            2 => "0".to_string(),
            // After a few moves of ada's.
            6 => "history".to_string(),
            _ => {
                let pick = chooser.below(notations.len());
                if chooser.below(4) == 0 {
                    notations[pick].to_lowercase()
                } else {
                    (pick + 1).to_string()
                }
            }
        };
        prompts += 1;
        answered_at = text.len();
        // A notation in lower case may now stand for two options: the
        // prompt then asks for the number, and the next answer gives one.
        writeln!(stdin, "{answer}").expect("fray play reads its input");
    }
    drop(stdin);
    let text = output.text();
    assert!(prompts > 3, "only {prompts} prompts:\n{text}");
    text
}

/// Plays a whole match of `setup`: ada through `fray play --lines` (started
/// before bo joins, so it waits), bo as `fray bot`, a spectator with `fray
/// watch --lines` when `watch`; then replays it.
fn a_whole_game(setup: &Setup, watch: bool) {
    let table = Table::open(setup);
    let id = table.match_id.clone();
    let mut ada = table.ada.spawn(&["play", &id, "--lines"]);
    let mut ada_out = Output::of(&mut ada);
    let waiting = format!("Waiting for 1 more player to join match {id}");
    let deadline = Instant::now() + Duration::from_secs(20);
    while !ada_out.text().contains(&waiting) {
        assert!(
            ada_out.pump(Duration::from_millis(50)) && Instant::now() < deadline,
            "fray play did not wait for the match to start:\n{}",
            ada_out.text()
        );
    }
    table.join();
    let spectator = Player::new();
    let mut watcher = watch.then(|| {
        let mut child =
            spectator.spawn(&["--server", &table.server.url(""), "watch", &id, "--lines"]);
        let output = Output::of(&mut child);
        (child, output)
    });
    let mut bo = table.bo.spawn(&["bot", &id, "--seed", "11"]);
    let mut bo_out = Output::of(&mut bo);

    let ada_text = drive(&mut ada, &mut ada_out, 5);
    exits_zero(ada, &ada_text, "fray play");
    let bo_text = bo_out.finish(GAME_PATIENCE, "fray bot");
    exits_zero(bo, &bo_text, "fray bot");

    let outcome = table.expected_outcome_line();
    assert!(ada_text.contains(&outcome), "{outcome}\n{ada_text}");
    assert!(bo_text.contains(&outcome), "{outcome}\n{bo_text}");
    assert!(
        ada_text.contains("Type the number of an option"),
        "{ada_text}"
    );
    assert!(ada_text.contains("there is no option 0"), "{ada_text}");
    let moves = &ada_text[ada_text.find("Moves:\n").expect("the history")..];
    // Each line starts with its seq, right-aligned in four columns.
    let first = moves.lines().nth(1).unwrap_or_default();
    assert!(
        first.len() > 5 && first[..4].trim_start().parse::<u64>().is_ok(),
        "{moves}"
    );
    assert!(moves.contains(" ada: "), "ada's moves are hers:\n{moves}");
    assert!(
        ada_text.contains(" is set up."),
        "the set-up is told from the match's history:\n{ada_text}"
    );
    assert!(
        ada_text.contains("   a "),
        "the board has its files:\n{ada_text}"
    );
    assert!(bo_text.contains("Bot playing seat 2 (bo)"), "{bo_text}");
    let mut watched = None;
    if let Some((child, mut output)) = watcher.take() {
        let text = output.finish(GAME_PATIENCE, "fray watch");
        exits_zero(child, &text, "fray watch");
        assert!(text.contains("you are watching"), "{text}");
        assert!(text.contains(&outcome), "{outcome}\n{text}");
        watched = Some(text);
    }

    // The replay, with standard input at its end: every event, then the
    // outcome and the seed's check.
    // Every page of it: the test server answers a few events at a time.
    let mut events = 0;
    let mut page = get_json(&table.server, &format!("/api/matches/{id}/replay"));
    loop {
        events += page["events"].as_array().expect("events").len();
        let Some(after) = page["next"].as_u64() else {
            break;
        };
        page = get_json(
            &table.server,
            &format!("/api/matches/{id}/replay?after={after}"),
        );
    }
    let text = table.ada.ok(&["replay", &id, "--lines"]);
    let steps = text
        .lines()
        .filter(|line| line.starts_with("Event "))
        .count();
    assert_eq!(steps, events, "one step per event:\n{text}");
    let last: Vec<&str> = text.lines().rev().take(2).collect();
    assert_eq!(last[1], outcome, "{text}");
    let seed_line = last[0].to_lowercase();
    assert!(
        seed_line.contains("seed") && seed_line.contains("commitment"),
        "{text}"
    );
    assert!(
        !seed_line.contains("not") && !seed_line.contains("mismatch"),
        "{text}"
    );
    // Players are named, and a seat's number, where one shows, counts
    // from 1: the protocol's seat 0 never reaches the screen.
    for shown in [&ada_text, &bo_text, &text]
        .into_iter()
        .chain(watched.as_ref())
    {
        assert!(!shown.contains("seat 0"), "{shown}");
        assert!(!shown.contains("Roll: "), "{shown}");
    }
}

#[test]
fn fantasy_armies_is_played_through_by_lines_and_a_bot_watched_and_replayed() {
    a_whole_game(&FANTASY_ARMIES, true);
}

#[test]
fn summoners_chess_is_played_through_by_lines_and_a_bot_and_replayed() {
    a_whole_game(&SUMMONERS_CHESS, false);
}

#[test]
fn chessboard_confrontation_is_played_through_by_lines_and_a_bot_and_replayed() {
    a_whole_game(&CHESSBOARD_CONFRONTATION, false);
}

#[test]
fn bots_ride_out_a_server_restart_and_finish_the_game() {
    let setup = Setup {
        system: "fantasy-armies",
        options: &["max-turns=40", "turns-without-removal=40"],
    };
    let table = Table::open(&setup);
    let id = table.match_id.clone();
    table.join();
    let mut ada = table
        .ada
        .spawn(&["bot", &id, "--seed", "3", "--delay-ms", "40"]);
    let mut ada_out = Output::of(&mut ada);
    let mut bo = table
        .bo
        .spawn(&["bot", &id, "--seed", "4", "--delay-ms", "40"]);
    let mut bo_out = Output::of(&mut bo);

    // A few actions in, the server goes down and comes back on the same
    // address and database.
    let deadline = Instant::now() + Duration::from_secs(30);
    while bo_out.text().lines().count() < 6 {
        assert!(
            bo_out.pump(Duration::from_millis(20)) && Instant::now() < deadline,
            "the bot did not get going:\n{}",
            bo_out.text()
        );
    }
    assert_eq!(table.summary()["status"], "running");
    let Table {
        server,
        ada: ada_player,
        bo: bo_player,
        bo_army,
        match_id,
    } = table;
    let server = server.restart();
    let table = Table {
        server,
        ada: ada_player,
        bo: bo_player,
        bo_army,
        match_id,
    };

    let ada_text = ada_out.finish(GAME_PATIENCE, "ada's bot");
    exits_zero(ada, &ada_text, "ada's bot");
    let bo_text = bo_out.finish(GAME_PATIENCE, "bo's bot");
    exits_zero(bo, &bo_text, "bo's bot");
    for text in [&ada_text, &bo_text] {
        assert!(text.contains("reconnecting (attempt 1)"), "{text}");
        assert!(text.contains("Reconnected."), "{text}");
    }
    let outcome = table.expected_outcome_line();
    assert!(ada_text.contains(&outcome), "{outcome}\n{ada_text}");
    assert!(bo_text.contains(&outcome), "{outcome}\n{bo_text}");
}

#[test]
fn play_refuses_clearly_what_it_cannot_do() {
    let table = Table::open(&FANTASY_ARMIES);
    let id = table.match_id.clone();
    // Not a seat of yours (the match is still open): exit 5, with the way
    // to join.
    let stranger = Player::new();
    stranger.login(&table.server, "cy");
    let message = stranger
        .fray(&["play", &id, "--lines"])
        .fails(5)
        .to_string();
    assert!(message.contains("no seat in match"), "{message}");
    assert!(message.contains("fray match join"), "{message}");
    // No login at all: exit 4.
    let nobody = Player::new();
    let message = nobody
        .fray(&["--server", &table.server.url(""), "bot", &id])
        .fails(4)
        .to_string();
    assert!(message.contains("not logged in"), "{message}");
    // A token the server never issued: exit 4, saying to log in again.
    let forger = Player::new();
    std::fs::create_dir_all(forger.config().parent().unwrap()).unwrap();
    let config = json!({"logins": [
        {"server": table.server.url(""), "player": 1, "name": "ada", "token": "not-a-token"}
    ]});
    std::fs::write(forger.config(), config.to_string()).unwrap();
    let message = forger.fray(&["play", &id, "--lines"]).fails(4).to_string();
    assert!(message.contains("fray login"), "{message}");
    // No such match: exit 5, for play, watch and replay alike.
    for command in ["play", "watch", "replay"] {
        let message = table
            .ada
            .fray(&[command, "999", "--lines"])
            .fails(5)
            .to_string();
        assert!(message.contains("no match 999"), "{command}: {message}");
    }
    // A match not over has no replay yet: exit 7, pointing at watch.
    let message = table
        .ada
        .fray(&["replay", &id, "--lines"])
        .fails(7)
        .to_string();
    assert!(message.contains(&format!("fray watch {id}")), "{message}");

    // Standard input at its end: play leaves at once, and the match goes on.
    table.join();
    let run = table.ada.fray(&["play", &id, "--lines"]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("Standard input ended"),
        "{}",
        run.stdout
    );
    assert_eq!(table.summary()["status"], "running");

    // Resigning ends it; then play says it is over and points at replay.
    let mut ada = table.ada.spawn(&["play", &id, "--lines"]);
    let mut output = Output::of(&mut ada);
    let mut stdin = ada.stdin.take().expect("a piped stdin");
    for line in ["resign", "no", "resign", "yes"] {
        writeln!(stdin, "{line}").expect("fray play reads its input");
    }
    let text = output.finish(Duration::from_secs(30), "fray play");
    drop(stdin);
    exits_zero(ada, &text, "fray play");
    assert_eq!(
        text.matches(&format!("Resign match {id}?")).count(),
        2,
        "asked each time: {text}"
    );
    assert_eq!(text.matches("You play on.").count(), 1, "{text}");
    assert!(text.contains("You resign."), "{text}");
    assert!(text.contains("Game over: bo wins"), "{text}");
    assert!(text.contains("You lose."), "{text}");
    let message = table.bo.fray(&["bot", &id]).fails(7).to_string();
    assert!(message.contains(&format!("fray replay {id}")), "{message}");
}

#[test]
fn help_lists_the_playing_commands() {
    let out = Player::new().ok(&["--help"]);
    for command in ["play", "watch", "replay", "bot"] {
        assert!(out.contains(command), "{out}");
    }
    let out = Player::new().ok(&["play", "--help"]);
    assert!(out.contains("--lines"), "{out}");
    // Each option once: the ones every command takes under their own
    // heading, not among the command's.
    for option in ["--lines", "--server", "--config"] {
        let listed = out
            .lines()
            .filter(|line| line.trim_start().starts_with(option))
            .count();
        assert_eq!(listed, 1, "{option} in {out}");
    }
    let (own, every) = out
        .split_once("Options of every command:")
        .expect("a heading for the options of every command");
    assert!(
        !own.contains("--server") && every.contains("--server"),
        "{out}"
    );
    let out = Player::new().ok(&["bot", "--help"]);
    assert!(
        out.contains("--seed") && out.contains("--delay-ms"),
        "{out}"
    );
}

/// Reads `output` until it holds `wanted`; panics after 30 seconds.
fn wait_for(output: &mut Output, wanted: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !output.text().contains(wanted) {
        assert!(
            output.pump(Duration::from_millis(50)) && Instant::now() < deadline,
            "never printed {wanted:?}; printed:\n{}",
            output.text()
        );
    }
}

#[test]
fn players_chat_agree_a_draw_and_ask_for_a_rematch_by_lines() {
    let table = Table::open(&FANTASY_ARMIES);
    table.join();
    let id = table.match_id.clone();
    let mut ada = table.ada.spawn(&["play", &id, "--lines"]);
    let mut ada_out = Output::of(&mut ada);
    let mut ada_in = ada.stdin.take().expect("a piped stdin");
    let mut bo = table.bo.spawn(&["play", &id, "--lines"]);
    let mut bo_out = Output::of(&mut bo);
    let mut bo_in = bo.stdin.take().expect("a piped stdin");
    wait_for(&mut ada_out, "Type `help`");
    wait_for(&mut bo_out, "Type `help`");

    writeln!(ada_in, "say good luck, bo").unwrap();
    wait_for(&mut bo_out, "ada says: good luck, bo");
    writeln!(ada_in, "draw").unwrap();
    wait_for(&mut bo_out, "offers a draw.");
    writeln!(bo_in, "accept").unwrap();

    let ada_text = ada_out.finish(Duration::from_secs(30), "ada's fray play");
    let bo_text = bo_out.finish(Duration::from_secs(30), "bo's fray play");
    drop((ada_in, bo_in));
    exits_zero(ada, &ada_text, "ada's fray play");
    exits_zero(bo, &bo_text, "bo's fray play");
    for text in [&ada_text, &bo_text] {
        assert!(
            text.contains("Game over: a draw (drawn by agreement)."),
            "{text}"
        );
        assert!(text.contains("Nobody wins."), "{text}");
        assert!(text.contains(&format!("fray match rematch {id}")), "{text}");
    }
    assert!(ada_text.contains("ada says: good luck, bo"), "{ada_text}");

    let replay = table.ada.ok(&["replay", &id, "--lines"]);
    assert!(replay.contains("ada says: good luck, bo"), "{replay}");
    assert!(replay.contains("accepts the draw"), "{replay}");

    let asked = table.bo.ok(&["match", "rematch", &id]);
    assert!(asked.contains("Waiting for 1 more player"), "{asked}");
    // Seats swapped, counted from 1 as everywhere in `fray`.
    assert!(asked.contains(", you in seat 1."), "{asked}");
    let rematch = number_after(&asked, ": match ");
    let started = table.ada.ok(&["match", "rematch", &id]);
    assert!(started.contains("it has started"), "{started}");
    assert!(started.contains(", you in seat 2."), "{started}");
    let summary = get_json(&table.server, &format!("/api/matches/{rematch}"));
    assert_eq!(summary["status"], "running", "{summary}");
    assert_eq!(summary["seats"][0]["player"]["name"], "bo", "{summary}");
    assert_eq!(summary["rematch_of"].to_string(), id, "{summary}");
}
