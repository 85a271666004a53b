//! Armies a system keeps secret: while its match is open or running, the
//! lobby shows a seat's army and list name to that seat's player alone, and
//! everyone else `null`; once the match is over, everyone sees them all.
//! ChessWar! keeps its armies secret; the server here also describes Fantasy
//! Armies as one that does, so that the lists' names can be searched for.

mod common;

use common::TestServer;
use common::play::two_armies;
use fray_protocol::{
    ArmyList, History, MatchId, MatchStatus, MatchSummary, PlayerCreated, SystemId, SystemInfo,
};
use serde_json::json;

/// Each seat's army key and list name, as one viewer was shown them.
type Armies = Vec<(Option<String>, Option<String>)>;

fn armies(summary: &MatchSummary) -> Armies {
    summary
        .seats
        .iter()
        .map(|seat| (seat.army.clone(), seat.list_name.clone()))
        .collect()
}

/// `summary` with every army and list name left out: what no viewer's copy
/// may differ in.
fn without_armies(mut summary: MatchSummary) -> MatchSummary {
    for seat in &mut summary.seats {
        seat.army = None;
        seat.list_name = None;
    }
    summary
}

fn shown(army: &ArmyList) -> (Option<String>, Option<String>) {
    (Some(army.army.clone()), Some(army.name.clone()))
}

const HIDDEN: (Option<String>, Option<String>) = (None, None);

/// Fantasy Armies' two example lists, named so that a leak of either name
/// anywhere can be searched for.
fn secret_lists() -> [ArmyList; 2] {
    let [mut first, mut second] = two_armies(SystemId::FantasyArmies);
    first.name = "Ada's hidden hold".into();
    second.name = "Bo's quiet crypt".into();
    [first, second]
}

struct Lobby {
    server: TestServer,
}

impl Lobby {
    /// Match `id` as the player of `token`, or a request without one, is
    /// shown it, by itself and in the lobby's list.
    fn summary(&self, id: MatchId, token: Option<&str>) -> MatchSummary {
        let (status, body) = self
            .server
            .request("GET", &format!("/api/matches/{id}"), token, None);
        assert_eq!(status, 200, "{body}");
        let shown: MatchSummary = serde_json::from_value(body).unwrap();
        let (status, body) = self.server.request("GET", "/api/matches", token, None);
        assert_eq!(status, 200, "{body}");
        let listed: Vec<MatchSummary> = serde_json::from_value(body).unwrap();
        let listed = listed.into_iter().find(|summary| summary.id == id).unwrap();
        assert_eq!(
            listed, shown,
            "the list shows the match as it is shown alone"
        );
        shown
    }

    /// Checks what each of `viewers` is shown of match `id`'s armies, and
    /// that it is shown nothing else differently.
    fn assert_shown(&self, id: MatchId, viewers: &[(Option<&PlayerCreated>, Armies)]) {
        let mut rest = None;
        for (viewer, expected) in viewers {
            let summary = self.summary(id, viewer.map(|player| player.token.as_str()));
            let who = viewer.map_or("a request without a token", |player| &player.name);
            assert_eq!(&armies(&summary), expected, "as {who} is shown it");
            let others = without_armies(summary);
            assert_eq!(rest.get_or_insert_with(|| others.clone()), &others);
        }
    }

    fn post(
        &self,
        path: &str,
        player: &PlayerCreated,
        body: Option<&serde_json::Value>,
    ) -> (u16, MatchSummary) {
        let (status, body) = self.server.request("POST", path, Some(&player.token), body);
        assert!(status == 200 || status == 201, "{path}: {status} {body}");
        (status, serde_json::from_value(body).unwrap())
    }
}

#[test]
fn a_secret_army_is_shown_to_its_player_alone_until_the_match_is_over() {
    let server = TestServer::start_offering(|systems| {
        let fantasy_armies = systems
            .iter_mut()
            .find(|info| info.id == SystemId::FantasyArmies)
            .unwrap();
        fantasy_armies.secret_armies = true;
    });
    let lobby = Lobby { server };
    let server = &lobby.server;
    let (status, body) = server.get("/api/systems");
    assert_eq!(status, 200, "{body}");
    let systems: Vec<SystemInfo> = serde_json::from_value(body).unwrap();
    assert!(systems.iter().any(|info| info.secret_armies));

    let [ada, bo, cy] = ["ada", "bo", "cy"].map(|name| server.player(name));
    let [ada_list, bo_list] = secret_lists();
    let ada_stored = server.army_list(&ada.token, &ada_list);
    let bo_stored = server.army_list(&bo.token, &bo_list);

    // Open: Ada is told her own list when she creates the match; nobody
    // else sees it, Bo (who will join) included.
    let new = json!({"config": {"system": "fantasy-armies"}, "army_list": ada_stored.id});
    let (_, created) = lobby.post("/api/matches", &ada, Some(&new));
    assert_eq!(armies(&created), [shown(&ada_list), HIDDEN]);
    let id = created.id;
    lobby.assert_shown(
        id,
        &[
            (Some(&ada), vec![shown(&ada_list), HIDDEN]),
            (Some(&bo), vec![HIDDEN, HIDDEN]),
            (None, vec![HIDDEN, HIDDEN]),
        ],
    );

    // Running: each player sees their own army alone; another player and a
    // request without a token see neither.
    let join = json!({"army_list": bo_stored.id});
    let (_, joined) = lobby.post(&format!("/api/matches/{id}/join"), &bo, Some(&join));
    assert_eq!(joined.status, MatchStatus::Running);
    assert_eq!(armies(&joined), [HIDDEN, shown(&bo_list)]);
    lobby.assert_shown(
        id,
        &[
            (Some(&ada), vec![shown(&ada_list), HIDDEN]),
            (Some(&bo), vec![HIDDEN, shown(&bo_list)]),
            (Some(&cy), vec![HIDDEN, HIDDEN]),
            (None, vec![HIDDEN, HIDDEN]),
        ],
    );
    // A token that is not the server's is refused, not read as none.
    let (status, _) = server.request("GET", &format!("/api/matches/{id}"), Some("stale"), None);
    assert_eq!(status, 401);

    // Nor does any other path tell the lists while the match runs: the
    // replay waits for the end, and the history holds what the rules told.
    let (status, _) = server.get(&format!("/api/matches/{id}/replay"));
    assert_eq!(status, 409);
    for (role, token) in [("spectator", None), ("player", Some(ada.token.as_str()))] {
        let history: History =
            server.history(&format!("/api/matches/{id}/history?role={role}"), token);
        let told = serde_json::to_string(&history).unwrap();
        assert!(!told.contains(&bo_list.name), "{told}");
        assert!(!told.contains(&ada_list.name), "{told}");
    }

    // Over: everyone sees every army, in the summary and in the replay.
    let (_, resigned) = lobby.post(&format!("/api/matches/{id}/resign"), &bo, None);
    assert_eq!(resigned.status, MatchStatus::Finished);
    let everything = vec![shown(&ada_list), shown(&bo_list)];
    assert_eq!(armies(&resigned), everything);
    lobby.assert_shown(
        id,
        &[(Some(&cy), everything.clone()), (None, everything.clone())],
    );
    let (status, body) = server.get(&format!("/api/matches/{id}/replay"));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["armies"][1]["name"], json!(bo_list.name));

    // The rematch keeps them secret again: Ada, in seat 1 now, sees hers.
    let (_, rematch) = lobby.post(&format!("/api/matches/{id}/rematch"), &ada, None);
    assert_eq!(armies(&rematch), [HIDDEN, shown(&ada_list)]);
    lobby.assert_shown(
        rematch.id,
        &[
            (Some(&ada), vec![HIDDEN, shown(&ada_list)]),
            (Some(&bo), vec![HIDDEN, HIDDEN]),
            (None, vec![HIDDEN, HIDDEN]),
        ],
    );
}

#[test]
fn only_chess_war_keeps_its_armies_secret() {
    let server = TestServer::start();
    let (status, body) = server.get("/api/systems");
    assert_eq!(status, 200, "{body}");
    for system in body.as_array().unwrap() {
        let secret = system["id"] == json!(SystemId::ChessWar.key());
        assert_eq!(system["secret_armies"], json!(secret), "{}", system["id"]);
    }
    let [ada, bo] = ["ada", "bo"].map(|name| server.player(name));
    let lists = two_armies(SystemId::FantasyArmies);
    let config = fray_protocol::MatchConfig::new(SystemId::FantasyArmies);
    let running = server.started_match(&config, &[(&ada, &lists[0]), (&bo, &lists[1])]);
    let lobby = Lobby { server };
    lobby.assert_shown(
        running.id,
        &[(None, vec![shown(&lists[0]), shown(&lists[1])])],
    );
}
