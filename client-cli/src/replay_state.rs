//! A finished match, stepped through: the `Replay` from `GET
//! /api/matches/{id}/replay` whole, at any event. A match that is over
//! hides nothing: what was secret during play (ChessWar!'s set-up, a
//! haunting Shade, Summoners Chess's Acolyte choices) is shown, as the
//! referee saw it.
//!
//! `tui` and `line` both replay through exactly these items.

use fray_protocol::{Replay, ReplayEvent, ScopedEffect, Viewer};
use sha2::{Digest, Sha256};

use crate::game_state::GameState;
use crate::shown::shown;

/// A replay positioned at one event.
pub struct ReplayState {
    replay: Replay,
    index: usize,
    state: GameState,
}

impl ReplayState {
    /// Positioned at the set-up (event 0).
    pub fn new(replay: Replay) -> ReplayState {
        let state = start(&replay);
        let mut replay = ReplayState {
            replay,
            index: 0,
            state,
        };
        replay.apply_event(0);
        replay
    }
    /// The whole match, as the referee saw it, just after the current event.
    pub fn state(&self) -> &GameState {
        &self.state
    }
    /// Index of the current event (0 = set-up) and how many there are.
    pub fn position(&self) -> (usize, usize) {
        (self.index, self.replay.events.len())
    }
    /// Move to event `index` (clamped); forward is applied incrementally,
    /// backward rebuilds from the start.
    pub fn jump(&mut self, index: usize) {
        let index = index.min(self.replay.events.len().saturating_sub(1));
        if index < self.index {
            // Effects are diffs with no inverse: going back means replaying
            // from the set-up, which is cheap next to a person's reading.
            self.state = start(&self.replay);
            self.index = 0;
            self.apply_event(0);
        }
        while self.index < index {
            self.index += 1;
            self.apply_event(self.index);
        }
    }
    pub fn step_forward(&mut self) -> bool {
        let before = self.index;
        self.jump(before + 1);
        self.index != before
    }
    pub fn step_back(&mut self) -> bool {
        let before = self.index;
        self.jump(before.saturating_sub(1));
        self.index != before
    }
    /// True when SHA-256 of the revealed seed is the commitment.
    pub fn seed_matches_commitment(&self) -> bool {
        let Some(commitment) = &self.replay.summary.commitment else {
            return false;
        };
        match from_hex(&self.replay.seed) {
            Some(seed) => to_hex(&Sha256::digest(&seed)).eq_ignore_ascii_case(commitment.trim()),
            None => false,
        }
    }
    /// One line saying the above, for both screens.
    pub fn seed_check_line(&self) -> String {
        let seed = short(&self.replay.seed);
        match &self.replay.summary.commitment {
            None => format!(
                "dice seed {seed}: does not match any commitment, none was published at the start"
            ),
            Some(commitment) if self.seed_matches_commitment() => format!(
                "dice seed {seed}: matches the commitment {} made at the start",
                short(commitment)
            ),
            Some(commitment) => format!(
                "dice seed {seed}: does not match the commitment {} made at the start; \
                 these dice cannot be trusted",
                short(commitment)
            ),
        }
    }

    /// The event the state is at.
    pub fn event(&self) -> Option<&ReplayEvent> {
        self.replay.events.get(self.index)
    }

    /// What the players said after the current event, before the next.
    pub fn chat(&self) -> impl Iterator<Item = &fray_protocol::ChatLine> {
        let seq = self.event().map(|event| event.seq);
        self.replay
            .chat
            .iter()
            .filter(move |line| Some(line.seq) == seq)
    }

    /// The whole replay, as the server sent it.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    fn apply_event(&mut self, index: usize) {
        let Some(event) = self.replay.events.get(index) else {
            return;
        };
        let effects = ScopedEffect::for_viewer(&event.effects, Viewer::Referee);
        self.state.apply_effects(event.seq, &effects);
        if let Some(seat) = event.seat {
            self.state.actors.insert(event.seq, seat);
        }
        // A replay has no live `to_act`; the view's deciding seats are the
        // same people, and the screens show whose turn it is from here.
        self.state.to_act = self.state.view.turn.active.clone();
    }
}

/// The state before the set-up, with the players' names.
fn start(replay: &Replay) -> GameState {
    let summary = &replay.summary;
    let mut state = GameState::before_setup(
        summary.id,
        None,
        summary.commitment.clone().unwrap_or_default(),
    );
    state.names = summary
        .seats
        .iter()
        .filter_map(|seat| Some((seat.seat, shown(&seat.player.as_ref()?.name).into_owned())))
        .collect();
    state
}

/// The first 12 hex digits: enough to compare by eye, short enough for a
/// header.
fn short(hex: &str) -> String {
    let hex = hex.trim();
    match hex.char_indices().nth(12) {
        Some((cut, _)) => format!("{}…", &hex[..cut]),
        None => hex.to_string(),
    }
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    text.trim()
        .as_bytes()
        .chunks(2)
        .map(|pair| match pair {
            [high, low] => Some(hex_digit(*high)? << 4 | hex_digit(*low)?),
            _ => None,
        })
        .collect()
}

fn hex_digit(byte: u8) -> Option<u8> {
    char::from(byte).to_digit(16).map(|digit| digit as u8)
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::{
        Action, Audience, DiceRoll, Die, Effect, EventKind, MatchConfig, MatchId, MatchStatus,
        MatchSummary, Outcome, PieceId, PieceView, PlayerId, PlayerRef, Seat, SeatSummary, Square,
        SystemId, TurnView,
    };

    const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    fn knight(id: u32, owner: u8, square: &str) -> PieceView {
        PieceView {
            count: 1,
            id: PieceId(id),
            owner: Seat(owner),
            kind: "knight".into(),
            name: format!("Knight {id}"),
            glyph: "N".into(),
            square: Some(square.parse().unwrap()),
            stats: Vec::new(),
            markers: Vec::new(),
        }
    }

    fn turn(number: u32, seat: u8) -> Effect {
        Effect::TurnChanged {
            turn: TurnView {
                number,
                round: None,
                phase: "battle".into(),
                active: vec![Seat(seat)],
            },
        }
    }

    fn moved(id: u32, from: &str, to: &str) -> Effect {
        Effect::PieceMoved {
            piece: PieceId(id),
            from: Some(from.parse().unwrap()),
            to: to.parse().unwrap(),
        }
    }

    fn event(seq: u64, effects: Vec<ScopedEffect>) -> ReplayEvent {
        ReplayEvent {
            seq,
            seat: (seq > 0).then_some(Seat(((seq + 1) % 2) as u8)),
            kind: if seq == 0 {
                EventKind::Setup
            } else {
                EventKind::Action
            },
            action: (seq > 0).then(|| Action::new("move")),
            effects,
        }
    }

    fn public(effects: Vec<Effect>) -> Vec<ScopedEffect> {
        effects.into_iter().map(ScopedEffect::public).collect()
    }

    fn replay() -> Replay {
        let commitment = to_hex(&Sha256::digest(from_hex(SEED).unwrap()));
        let roll = DiceRoll {
            seat: Some(Seat(1)),
            piece: Some(PieceId(2)),
            purpose: "attack".into(),
            dice: vec![Die { sides: 6, face: 6 }],
            modifier: 0,
            total: 6,
            result: "hit".into(),
        };
        let mut setup = public(vec![
            Effect::GameCreated {
                system: "test".into(),
                width: 8,
                height: 8,
            },
            Effect::PiecePlaced {
                piece: knight(1, 0, "b1"),
            },
            Effect::PiecePlaced {
                piece: knight(2, 1, "g8"),
            },
            turn(1, 0),
        ]);
        // What was secret during play is shown once the match is over.
        setup.push(ScopedEffect {
            audience: Audience::Seats(vec![Seat(0)]),
            effect: Effect::Narration {
                text: "a secret".into(),
            },
        });
        Replay {
            summary: MatchSummary {
                id: MatchId(9),
                system: SystemId::FantasyArmies,
                config: MatchConfig::new(SystemId::FantasyArmies),
                status: MatchStatus::Finished,
                seats: vec![SeatSummary {
                    seat: Seat(0),
                    player: Some(PlayerRef {
                        id: PlayerId(1),
                        name: "Alice".into(),
                    }),
                    army: None,
                    list_name: None,
                    bot: None,
                }],
                seq: 3,
                commitment: Some(commitment),
                outcome: None,
                created_at: String::new(),
                rematch: None,
                rematch_of: None,
            },
            armies: Vec::new(),
            seed: SEED.into(),
            chat: Vec::new(),
            events: vec![
                event(0, setup),
                event(1, public(vec![moved(1, "b1", "c3"), turn(2, 1)])),
                event(
                    2,
                    public(vec![
                        moved(2, "g8", "f6"),
                        Effect::DiceRolled { roll },
                        turn(3, 0),
                    ]),
                ),
                event(
                    3,
                    public(vec![Effect::GameEnded {
                        outcome: Outcome::win(Seat(1), "resignation"),
                    }]),
                ),
            ],
            next: None,
        }
    }

    fn log(state: &ReplayState) -> Vec<(u64, String)> {
        state
            .state()
            .log
            .iter()
            .map(|entry| (entry.seq, entry.text.clone()))
            .collect()
    }

    fn square_of(state: &ReplayState, id: u32) -> Option<Square> {
        state.state().view.pieces[&PieceId(id)].square
    }

    #[test]
    fn it_starts_at_the_set_up_with_everything_shown() {
        let replay = ReplayState::new(replay());
        assert_eq!(replay.position(), (0, 4));
        let state = replay.state();
        assert_eq!(state.view.system, "test");
        assert_eq!(state.view.pieces.len(), 2);
        assert_eq!(state.me, None);
        assert_eq!(state.to_act, [Seat(0)]);
        assert_eq!(state.seat_name(Seat(0)), "Alice");
        assert_eq!(
            log(&replay),
            [
                (0, "A game of test is set up.".to_string()),
                (0, "a secret".to_string())
            ],
            "the narration told to seat 0 alone during play is shown"
        );
    }

    #[test]
    fn stepping_forward_and_back_rebuilds_exactly_the_log_so_far() {
        let mut replay = ReplayState::new(replay());
        assert!(replay.step_forward());
        assert!(replay.step_forward());
        assert_eq!(replay.position(), (2, 4));
        assert_eq!(square_of(&replay, 2), Some("f6".parse().unwrap()));
        assert_eq!(replay.state().last_rolls.len(), 1);
        let at_two = log(&replay);
        assert_eq!(at_two.len(), 5);
        assert_eq!(
            at_two[4],
            (2, "Seat 2 rolls for attack (Knight 2): 6, hit".to_string())
        );

        assert!(replay.step_back());
        assert_eq!(replay.position(), (1, 4));
        assert_eq!(square_of(&replay, 2), Some("g8".parse().unwrap()));
        assert_eq!(square_of(&replay, 1), Some("c3".parse().unwrap()));
        assert!(replay.state().last_rolls.is_empty());
        assert_eq!(log(&replay), at_two[..3]);

        assert!(replay.step_forward());
        assert_eq!(log(&replay), at_two);
    }

    #[test]
    fn jumps_are_clamped_and_the_ends_do_not_step_further() {
        let mut replay = ReplayState::new(replay());
        assert!(!replay.step_back());
        replay.jump(99);
        assert_eq!(replay.position(), (3, 4));
        assert_eq!(replay.state().status, MatchStatus::Finished);
        assert!(replay.state().view.outcome.is_some());
        assert!(!replay.step_forward());
        assert_eq!(replay.event().unwrap().seq, 3);
        replay.jump(0);
        assert_eq!(replay.position(), (0, 4));
        assert_eq!(replay.state().status, MatchStatus::Running);
        assert_eq!(log(&replay).len(), 2);
    }

    #[test]
    fn the_seed_is_checked_against_the_commitment() {
        let good = ReplayState::new(replay());
        assert!(good.seed_matches_commitment());
        let line = good.seed_check_line();
        assert!(line.contains("matches the commitment"), "{line}");
        assert!(line.starts_with("dice seed 000102030405…"), "{line}");

        let mut tampered = replay();
        tampered.seed = tampered.seed.replace("1f", "ff");
        let bad = ReplayState::new(tampered);
        assert!(!bad.seed_matches_commitment());
        assert!(bad.seed_check_line().contains("does not match"));

        let mut garbled = replay();
        garbled.seed = "not hex".into();
        assert!(!ReplayState::new(garbled).seed_matches_commitment());

        let mut uncommitted = replay();
        uncommitted.summary.commitment = None;
        let none = ReplayState::new(uncommitted);
        assert!(!none.seed_matches_commitment());
        assert!(none.seed_check_line().contains("does not match"));
    }

    #[test]
    fn chat_is_shown_after_the_event_it_was_said_at() {
        let mut replay = replay();
        let line = |id, seq, text: &str| fray_protocol::ChatLine {
            id,
            seq,
            seat: Seat(1),
            name: "bo".into(),
            text: text.into(),
        };
        replay.chat = vec![line(1, 0, "gl"), line(2, 1, "oh no"), line(3, 1, "hm")];
        let mut state = ReplayState::new(replay);
        let said = |state: &ReplayState| -> Vec<String> {
            state.chat().map(|line| line.text.clone()).collect()
        };
        assert_eq!(said(&state), ["gl"]);
        state.step_forward();
        assert_eq!(said(&state), ["oh no", "hm"]);
        state.step_forward();
        assert!(said(&state).is_empty());
    }

    #[test]
    fn an_empty_replay_stays_at_zero() {
        let mut empty = replay();
        empty.events.clear();
        let mut replay = ReplayState::new(empty);
        assert_eq!(replay.position(), (0, 0));
        assert!(!replay.step_forward());
        replay.jump(5);
        assert_eq!(replay.position(), (0, 0));
    }
}
