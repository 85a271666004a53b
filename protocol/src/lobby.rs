//! The lobby's REST bodies: players, army lists, matches and replays.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{
    Action, ArmyList, BotLevel, ChatLine, Effect, MatchConfig, NewBot, Outcome, ScopedEffect, Seat,
    SystemId, Viewer, knows_of,
};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                text.parse().map($name)
            }
        }
    };
}

id_type!(
    /// A registered player.
    PlayerId
);
id_type!(
    /// A stored army list.
    ArmyListId
);
id_type!(
    /// A match, open, running or finished.
    MatchId
);

/// `POST /api/players`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NewPlayer {
    /// 1 to 32 characters, spaces around it trimmed; at least one that
    /// shows, and no control characters or characters that reorder text
    /// (`docs/protocol.md`, Players).
    pub name: String,
}

/// A registered player and the secret token it acts with. The token is shown
/// once: the server keeps only its hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PlayerCreated {
    pub id: PlayerId,
    pub name: String,
    /// The bearer token: `Authorization: Bearer <token>` over REST, and
    /// `hello`'s token over the websocket. An opaque string.
    pub token: String,
}

/// A player as others see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PlayerRef {
    pub id: PlayerId,
    pub name: String,
}

/// An army list kept by the server for its owner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StoredArmyList {
    pub id: ArmyListId,
    /// The player who made it; only they see or use it.
    pub owner: PlayerId,
    pub list: ArmyList,
}

/// `POST /api/matches`: the system and options, the creator's army list, and
/// how many seats (systems for more than two players; the fewest by default).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NewMatch {
    pub config: MatchConfig,
    /// One of the creator's army lists, for the match's system.
    pub army_list: ArmyListId,
    /// How many players; the system's fewest when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<u8>,
    /// The creator's seat; seat 0 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// House bots for other seats, each seated as the match is made. A
    /// match whose every seat is then taken starts at once; the seats left
    /// open are joined as any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<NewBot>,
}

/// `POST /api/matches/{id}/join`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct JoinMatch {
    /// One of the joining player's army lists, for the match's system.
    pub army_list: ArmyListId,
}

/// Where a match is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// Waiting for players to fill its seats.
    Open,
    /// Being played.
    Running,
    /// Over: won, drawn, resigned or abandoned.
    Finished,
}

impl MatchStatus {
    pub fn key(self) -> &'static str {
        match self {
            MatchStatus::Open => "open",
            MatchStatus::Running => "running",
            MatchStatus::Finished => "finished",
        }
    }
}

impl fmt::Display for MatchStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl std::str::FromStr for MatchStatus {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "open" => Ok(MatchStatus::Open),
            "running" => Ok(MatchStatus::Running),
            "finished" => Ok(MatchStatus::Finished),
            other => Err(format!(
                "unknown match status '{other}'; known: open, running, finished"
            )),
        }
    }
}

/// One seat of a match: who holds it and with which army.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeatSummary {
    pub seat: Seat,
    /// Empty while the seat is open.
    pub player: Option<PlayerRef>,
    /// The army's key, once the seat is taken. `null` to all but the
    /// seat's player while a system with secret armies keeps it secret
    /// (`SystemInfo::secret_armies`: until the match is over).
    pub army: Option<String>,
    /// The name of the army list the seat plays, once taken; hidden as
    /// `army` is.
    pub list_name: Option<String>,
    /// The level of the house bot that holds the seat, if one does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<BotLevel>,
}

/// A match as the lobby shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MatchSummary {
    pub id: MatchId,
    pub system: SystemId,
    pub config: MatchConfig,
    pub status: MatchStatus,
    /// Every seat, in seat order, taken or open.
    pub seats: Vec<SeatSummary>,
    /// The last event's number (0: the start position): while the match
    /// runs, in a spectator's sequence, which leaves out the events no
    /// spectator can tell happened (a secret set-up's placements); once it
    /// is over, in the whole log, as its replay numbers it.
    pub seq: u64,
    /// SHA-256 of the dice seed, hex, published when the match starts.
    pub commitment: Option<String>,
    /// How the match ended, once it is over.
    pub outcome: Option<Outcome>,
    /// When the match was created, UTC, `YYYY-MM-DD HH:MM:SS`.
    pub created_at: String,
    /// The rematch of this match, once one of its players asked for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<MatchId>,
    /// The match this one is the rematch of: its seats are kept for that
    /// match's players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<MatchId>,
}

impl MatchSummary {
    /// The seat `player` holds in the match, if any.
    pub fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        self.seats
            .iter()
            .find(|seat| seat.player.as_ref().is_some_and(|held| held.id == player))
            .map(|seat| seat.seat)
    }
}

/// `GET /api/matches/{id}/replay`: everything needed to re-run or step
/// through a finished match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Replay {
    pub summary: MatchSummary,
    /// The army list each seat played, by seat.
    pub armies: Vec<ArmyList>,
    /// The dice seed, hex; its SHA-256 is `summary.commitment`.
    pub seed: String,
    /// `seq` 0 is the set-up; each later event is one accepted action, or the
    /// server ending the match (a resignation or an abandonment).
    pub events: Vec<ReplayEvent>,
    /// What the players said, in the order they said it; each line follows
    /// the event of its `seq`. Left out when nobody said anything. A page
    /// holds the lines said at its events.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chat: Vec<ChatLine>,
    /// More events follow this page: ask again with `after` set to this.
    /// Left out on the last page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<u64>,
}

/// One entry of a match's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ReplayEvent {
    /// The event's number in the match's log, which numbers every event:
    /// the referee's sequence.
    pub seq: u64,
    /// The seat that acted, resigned or abandoned; none for the set-up.
    pub seat: Option<Seat>,
    pub kind: EventKind,
    /// The action, for `kind` `action`.
    pub action: Option<Action>,
    /// Every effect with its audience: a finished game hides nothing.
    pub effects: Vec<ScopedEffect>,
}

/// `GET /api/matches/{id}/history`: a match's log as one viewer was told
/// it, for a client that joins late or comes back to rebuild what it missed
/// (the set-up's dice included). Unlike the replay it hides what the viewer
/// may not see, so it is there while the match runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct History {
    pub match_id: MatchId,
    /// Whose view: a seat, or a spectator's (`null`).
    pub seat: Option<Seat>,
    /// From the set-up (`seq` 0) on, in `seq` order; a page's share of them.
    pub events: Vec<HistoryEvent>,
    /// More events follow this page: ask again with `after` set to this.
    /// Left out on the last page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<u64>,
}

/// One entry of a [`History`]: what the viewer's batch of that `seq` held.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct HistoryEvent {
    pub seq: u64,
    /// The seat that acted, resigned or abandoned; none for the set-up.
    pub seat: Option<Seat>,
    pub kind: EventKind,
    /// The action, only for the viewer's own seat: another seat's choice may
    /// be secret, and what it did is in the effects the viewer was sent.
    pub action: Option<Action>,
    /// The effects the viewer was sent, in order (the same as the live batch).
    pub effects: Vec<Effect>,
}

impl HistoryEvent {
    /// The events of `log` in `viewer`'s sequence, numbered in it, each as
    /// the viewer was told it.
    pub fn sequence_of(
        log: &[ReplayEvent],
        viewer: Viewer,
    ) -> impl Iterator<Item = HistoryEvent> + '_ {
        log.iter()
            .filter(move |event| knows_of(viewer, event.seat, &event.effects))
            .enumerate()
            .map(move |(number, event)| HistoryEvent {
                seq: number as u64,
                ..HistoryEvent::told_to(event, viewer)
            })
    }

    /// `event` as `viewer` was told it, numbered as in the log.
    fn told_to(event: &ReplayEvent, viewer: Viewer) -> HistoryEvent {
        let own = matches!(viewer, Viewer::Seat(seat) if event.seat == Some(seat))
            || viewer == Viewer::Referee;
        HistoryEvent {
            seq: event.seq,
            seat: event.seat,
            kind: event.kind,
            action: if own { event.action.clone() } else { None },
            effects: ScopedEffect::for_viewer(&event.effects, viewer),
        }
    }
}

/// What made an event of the match log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// The start position, from the seed.
    Setup,
    /// An action the rules accepted.
    Action,
    /// A player resigned.
    Resign,
    /// A player stayed away longer than the grace period.
    Abandon,
    /// Every seat agreed to a draw; the event's seat accepted last.
    Draw,
}

impl EventKind {
    pub fn key(self) -> &'static str {
        match self {
            EventKind::Setup => "setup",
            EventKind::Action => "action",
            EventKind::Resign => "resign",
            EventKind::Abandon => "abandon",
            EventKind::Draw => "draw",
        }
    }
}

impl std::str::FromStr for EventKind {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "setup" => Ok(EventKind::Setup),
            "action" => Ok(EventKind::Action),
            "resign" => Ok(EventKind::Resign),
            "abandon" => Ok(EventKind::Abandon),
            "draw" => Ok(EventKind::Draw),
            other => Err(format!("unknown event kind '{other}'")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Audience, PieceId, Square};

    fn moved(piece: u32, to: &str) -> Effect {
        Effect::PieceMoved {
            piece: PieceId(piece),
            from: None,
            to: to.parse::<Square>().unwrap(),
        }
    }

    /// Seat 1's action, with one effect everyone saw, one only seat 1 saw and
    /// one for the referee alone.
    fn event() -> ReplayEvent {
        ReplayEvent {
            seq: 4,
            seat: Some(Seat(1)),
            kind: EventKind::Action,
            action: Some(Action::new("move").piece(PieceId(7))),
            effects: vec![
                ScopedEffect::public(moved(7, "a2")),
                ScopedEffect {
                    audience: Audience::Seats(vec![Seat(1)]),
                    effect: moved(8, "b2"),
                },
                ScopedEffect {
                    audience: Audience::Referee,
                    effect: moved(9, "c2"),
                },
            ],
        }
    }

    #[test]
    fn a_seat_is_told_its_own_action_and_what_it_saw() {
        let told = HistoryEvent::told_to(&event(), Viewer::Seat(Seat(1)));
        assert_eq!(told.action, event().action);
        assert_eq!(told.effects, vec![moved(7, "a2"), moved(8, "b2")]);
        assert_eq!(
            (told.seq, told.seat, told.kind),
            (4, Some(Seat(1)), EventKind::Action)
        );
    }

    #[test]
    fn another_seat_is_told_neither_the_action_nor_the_hidden_effects() {
        let told = HistoryEvent::told_to(&event(), Viewer::Seat(Seat(0)));
        assert_eq!(told.action, None);
        assert_eq!(told.effects, vec![moved(7, "a2")]);
    }

    #[test]
    fn a_spectator_is_told_what_everyone_saw() {
        let told = HistoryEvent::told_to(&event(), Viewer::Spectator);
        assert_eq!(told.action, None);
        assert_eq!(told.effects, vec![moved(7, "a2")]);
    }
}
