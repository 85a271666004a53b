//! The engine contract with hidden information and simultaneous decisions,
//! on a tiny game written only for this test: a secret bid. Both seats bid
//! 1, 2 or 3 at once; a bid is seen by its maker (and the referee) until both
//! have bid, then by everyone, and the higher bid wins. Seat 1's scout,
//! seen by all at first, goes out of seat 0's and spectators' sight once
//! seat 1 has bid. Seat 0's spy is set up hidden from seat 1 and spectators
//! until the reveal. The contract must tell each viewer exactly what changed
//! in its own view, and nothing it may not see.

mod kit;

use fray_protocol::{
    Action, ActionOption, ArmyList, Audience, Effect, MatchConfig, Outcome, PieceId, PieceView,
    PlayerView, RejectCode, Rejection, ScopedEffect, Seat, Square, Stat, SystemId, TurnView, View,
    Viewer, apply_all,
};
use fray_rules::kit::effect_log::Log;
use fray_rules::kit::kept_view::{KeptView, PieceStamp, Piecewise};
use fray_rules::{Dice, GameRules, ScriptedDice, Seats, SetupError};
use kit::named;

const SCOUT: PieceId = PieceId(10);
const SPY: PieceId = PieceId(11);

#[derive(Clone, Debug, Default)]
struct SecretBid {
    bids: [Option<u8>; 2],
    kept_view: KeptView<SecretBid>,
}

impl SecretBid {
    fn revealed(&self) -> bool {
        self.bids.iter().all(Option::is_some)
    }

    fn sees_bid(&self, viewer: Viewer, seat: u8) -> bool {
        self.revealed() || viewer == Viewer::Referee || viewer == Viewer::Seat(Seat(seat))
    }

    fn sees_spy(&self, viewer: Viewer) -> bool {
        self.revealed() || matches!(viewer, Viewer::Referee | Viewer::Seat(Seat(0)))
    }

    fn sees_scout(&self, viewer: Viewer) -> bool {
        self.bids[1].is_none()
            || self.revealed()
            || matches!(viewer, Viewer::Referee | Viewer::Seat(Seat(1)))
    }
}

impl GameRules for SecretBid {
    type Move = u8;

    fn setup_logged(
        _config: &MatchConfig,
        _armies: &[ArmyList],
        _dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<Self, SetupError> {
        // The engine shows each viewer its own view of the start.
        log.tell(|| "the bidding opens".into());
        Ok(SecretBid::default())
    }

    fn to_act(&self) -> Seats {
        (0..2u8)
            .filter(|&seat| self.bids[seat as usize].is_none())
            .map(Seat)
            .collect()
    }

    fn legal_moves(&self, seat: Seat, out: &mut Vec<u8>) {
        if self.bids[seat.0 as usize].is_none() {
            out.extend(1..=3);
        }
    }

    fn option_for(&self, _seat: Seat, mv: u8) -> ActionOption {
        ActionOption {
            action: Action::new("bid").choice(mv.to_string()),
            notation: format!("bid {mv}"),
            label: format!("Bid {mv}"),
        }
    }

    fn parse(&self, _seat: Seat, action: &Action) -> Result<u8, Rejection> {
        action
            .choice
            .as_deref()
            .and_then(|choice| choice.parse().ok())
            .filter(|_| action.verb == "bid")
            .ok_or_else(|| Rejection::new(RejectCode::UnknownAction, "bid a number"))
    }

    fn explain_illegal(&self, _seat: Seat, mv: u8) -> Rejection {
        Rejection::new(RejectCode::IllegalAction, format!("{mv} is not 1, 2 or 3"))
    }

    fn not_your_turn(&self, _seat: Seat) -> Rejection {
        Rejection::new(RejectCode::NotYourTurn, "you have bid")
    }

    fn play(&mut self, seat: Seat, mv: u8, _dice: &mut dyn Dice, log: &mut Log) {
        self.bids[seat.0 as usize] = Some(mv);
        log.tell_only(seat, || format!("you bid {mv}").into());
        if self.revealed() {
            log.tell_after_changes(|| "the bids are shown".into());
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        let mut pieces = std::collections::BTreeMap::new();
        for seat in 0..2u8 {
            if let (Some(bid), true) = (self.bids[seat as usize], self.sees_bid(viewer, seat)) {
                let id = PieceId(u32::from(seat));
                pieces.insert(
                    id,
                    PieceView {
                        count: 1,
                        id,
                        owner: Seat(seat),
                        kind: "bid".into(),
                        name: "Bid".into(),
                        glyph: "$".into(),
                        square: None,
                        stats: vec![Stat::new("bid", bid.to_string())],
                        markers: vec![],
                    },
                );
            }
        }
        if self.sees_spy(viewer) {
            pieces.insert(
                SPY,
                PieceView {
                    count: 1,
                    id: SPY,
                    owner: Seat(0),
                    kind: "spy".into(),
                    name: "Spy".into(),
                    glyph: "?".into(),
                    square: Some(Square::new(1, 1)),
                    stats: vec![],
                    markers: vec![],
                },
            );
        }
        if self.sees_scout(viewer) {
            pieces.insert(
                SCOUT,
                PieceView {
                    count: 1,
                    id: SCOUT,
                    owner: Seat(1),
                    kind: "scout".into(),
                    name: "Scout".into(),
                    glyph: "S".into(),
                    square: Some(Square::new(0, 0)),
                    stats: vec![],
                    markers: vec![],
                },
            );
        }
        View {
            system: "secret-bid".into(),
            width: 2,
            height: 2,
            pieces,
            players: (0..2)
                .map(|seat| PlayerView {
                    seat: Seat(seat),
                    ..PlayerView::default()
                })
                .collect(),
            turn: TurnView {
                number: 0,
                round: None,
                phase: if self.revealed() { "over" } else { "bidding" }.into(),
                active: self.to_act().to_vec(),
            },
            outcome: self.outcome(),
            ..View::default()
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let [Some(a), Some(b)] = self.bids else {
            return None;
        };
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::win(Seat(0), "the higher bid"),
            std::cmp::Ordering::Less => Outcome::win(Seat(1), "the higher bid"),
            std::cmp::Ordering::Equal => Outcome::draw("equal bids"),
        })
    }

    fn removal_reason(&self, _piece: PieceId) -> String {
        "withdrawn".into()
    }

    fn hides_anything(&self) -> bool {
        true
    }

    fn kept_view(&mut self) -> &mut KeptView<Self> {
        &mut self.kept_view
    }
}

/// The referee's view in parts, each part taken from the whole view: this
/// game is too small for its views to be dear.
impl Piecewise for SecretBid {
    /// A bid's value; the scout's and the spy's are always 0.
    type PieceLook = u8;
    type SettingStamp = ();

    fn piece_stamps(&self, out: &mut Vec<PieceStamp<u8>>) {
        let whole = self.view(Viewer::Referee);
        let look = |piece: PieceId| match piece.0 {
            0 | 1 => self.bids[piece.0 as usize].unwrap_or(0),
            _ => 0,
        };
        out.extend(whole.pieces.values().map(|piece| PieceStamp {
            piece: piece.id,
            square: piece.square,
            look: look(piece.id),
        }));
    }

    fn piece_view(&self, piece: PieceId) -> PieceView {
        self.view(Viewer::Referee).pieces.remove(&piece).unwrap()
    }

    fn setting_stamp(&self) {}

    fn setting_view(&self, view: &mut View) {
        let whole = self.view(Viewer::Referee);
        view.system = whole.system;
        view.width = whole.width;
        view.height = whole.height;
        view.players = whole.players;
    }

    fn progress_view(&self, view: &mut View) {
        let whole = self.view(Viewer::Referee);
        view.turn = whole.turn;
        view.outcome = whole.outcome;
    }
}

const VIEWERS: [Viewer; 4] = [
    Viewer::Referee,
    Viewer::Seat(Seat(0)),
    Viewer::Seat(Seat(1)),
    Viewer::Spectator,
];

fn bid(amount: u8) -> Action {
    Action::new("bid").choice(amount.to_string())
}

/// Plays one bid, checking every viewer against the effects it is sent.
fn act(game: &mut SecretBid, seat: u8, amount: u8) -> Vec<ScopedEffect> {
    let before: Vec<View> = VIEWERS.iter().map(|&v| game.view(v)).collect();
    let effects = game
        .act(Seat(seat), &bid(amount), &mut ScriptedDice::new([]))
        .expect("a legal bid");
    for (&viewer, before) in VIEWERS.iter().zip(&before) {
        let sent = ScopedEffect::for_viewer(&effects, viewer);
        let after = game.view(viewer);
        let mut applied = before.clone();
        apply_all(&mut applied, &sent);
        assert_eq!(applied, after, "{viewer:?}: its effects give its view");
        for effect in &sent {
            if let Some(piece) = named(effect) {
                assert!(
                    before.pieces.contains_key(&piece) || after.pieces.contains_key(&piece),
                    "{viewer:?} is told of {piece:?}, which it never sees: {effect:?}"
                );
            }
        }
    }
    effects
}

#[test]
fn the_set_up_is_every_viewers_view() {
    let (game, effects) = SecretBid::setup(
        &MatchConfig::new(SystemId::FantasyArmies),
        &[],
        &mut ScriptedDice::new([]),
    )
    .unwrap();
    for viewer in VIEWERS {
        let mut view = View::default();
        apply_all(&mut view, &ScopedEffect::for_viewer(&effects, viewer));
        assert_eq!(view, game.view(viewer));
    }
    assert_eq!(game.to_act(), vec![Seat(0), Seat(1)]);
    assert_eq!(game.options(Seat(1)).len(), 3);
}

#[test]
fn a_piece_hidden_at_the_set_up_is_shown_only_to_those_who_see_it() {
    let (_, effects) = SecretBid::setup(
        &MatchConfig::new(SystemId::FantasyArmies),
        &[],
        &mut ScriptedDice::new([]),
    )
    .unwrap();
    assert!(matches!(effects[0].effect, Effect::GameCreated { .. }));
    assert_eq!(effects[0].audience, Audience::Everyone);
    assert!(
        matches!(&effects[1].effect, Effect::Narration { text } if text == "the bidding opens")
    );
    let placed = |id: PieceId| -> Vec<&ScopedEffect> {
        effects
            .iter()
            .filter(|s| matches!(&s.effect, Effect::PiecePlaced { piece } if piece.id == id))
            .collect()
    };
    let spy = placed(SPY);
    assert_eq!(spy.len(), 1);
    assert_eq!(spy[0].audience, Audience::Seats(vec![Seat(0)]));
    assert_eq!(placed(SCOUT)[0].audience, Audience::Everyone);
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        assert!(
            ScopedEffect::for_viewer(&effects, viewer)
                .iter()
                .all(|effect| named(effect) != Some(SPY)),
            "{viewer:?} is told of the spy"
        );
    }
}

#[test]
fn each_viewer_is_told_what_changed_in_its_own_view_and_nothing_else() {
    for first in 0..2u8 {
        for (a, b) in [(1, 3), (2, 2), (3, 1)] {
            let mut game = SecretBid::default();
            let other = 1 - first;
            let effects = act(&mut game, first, a);
            // The opponent learns only that the seat has bid.
            let told_other = ScopedEffect::for_viewer(&effects, Viewer::Seat(Seat(other)));
            assert!(
                told_other.iter().all(|effect| match effect {
                    Effect::TurnChanged { turn } => turn.active == [Seat(other)],
                    Effect::PieceRemoved { piece, reason } =>
                        *piece == SCOUT && reason == "out of sight",
                    _ => false,
                }),
                "seat {other} is told {told_other:?}"
            );
            for viewer in [Viewer::Seat(Seat(other)), Viewer::Spectator] {
                assert!(
                    !game
                        .view(viewer)
                        .pieces
                        .contains_key(&PieceId(first.into())),
                    "{viewer:?} sees the bid before the reveal"
                );
            }
            assert_eq!(game.to_act(), vec![Seat(other)]);
            assert_eq!(game.options(Seat(first)), vec![]);
            let refused = game
                .act(Seat(first), &bid(1), &mut ScriptedDice::new([]))
                .unwrap_err();
            assert_eq!(refused.code, RejectCode::NotYourTurn);

            let effects = act(&mut game, other, b);
            // The reveal: each seat is shown the other's bid, spectators both.
            let told = |viewer| ScopedEffect::for_viewer(&effects, viewer);
            let placed = |viewer| -> Vec<PieceId> {
                told(viewer)
                    .iter()
                    .filter_map(|e| match e {
                        Effect::PiecePlaced { piece } if piece.id.0 < 2 => Some(piece.id),
                        _ => None,
                    })
                    .collect()
            };
            // The first bidder sees only the other's bid come; the other
            // sees its own and the first's.
            assert_eq!(placed(Viewer::Seat(Seat(first))), [PieceId(other.into())]);
            assert_eq!(placed(Viewer::Seat(Seat(other))).len(), 2);
            assert!(
                placed(Viewer::Referee).is_empty()
                    || placed(Viewer::Referee) == [PieceId(other.into())]
            );
            assert_eq!(placed(Viewer::Spectator).len(), 2);
            assert!(game.outcome().is_some());
            assert!(game.to_act().is_empty());
            // The reveal's words come after the bids are shown, before the end.
            let kinds: Vec<&Effect> = effects.iter().map(|s| &s.effect).collect();
            let said = kinds
                .iter()
                .position(|e| match e {
                    Effect::Narration { text } => *text == "the bids are shown",
                    _ => false,
                })
                .unwrap();
            let ended = kinds
                .iter()
                .position(|e| matches!(e, Effect::GameEnded { .. }))
                .unwrap();
            assert!(said < ended);
            assert!(matches!(kinds[said - 1], Effect::PiecePlaced { .. }));
        }
    }
}

#[test]
fn an_effect_some_viewers_get_is_scoped_to_exactly_them() {
    let mut game = SecretBid::default();
    let effects = act(&mut game, 1, 2);
    let scout_gone: Vec<&ScopedEffect> = effects
        .iter()
        .filter(|s| matches!(&s.effect, Effect::PieceRemoved { piece, .. } if *piece == SCOUT))
        .collect();
    assert_eq!(scout_gone.len(), 1);
    assert_eq!(
        scout_gone[0].audience,
        Audience::Viewers(vec![Viewer::Seat(Seat(0)), Viewer::Spectator]),
        "the referee still sees the scout"
    );
    let turn: Vec<&ScopedEffect> = effects
        .iter()
        .filter(|s| matches!(s.effect, Effect::TurnChanged { .. }))
        .collect();
    assert_eq!(turn[0].audience, Audience::Everyone);
    let told: Vec<&ScopedEffect> = effects
        .iter()
        .filter(|s| matches!(s.effect, Effect::Narration { .. }))
        .collect();
    assert_eq!(told[0].audience, Audience::Seats(vec![Seat(1)]));
    // Seat 1's bid is seen by seat 1 and the referee: the stored logs' form.
    let placed: Vec<&ScopedEffect> = effects
        .iter()
        .filter(|s| matches!(s.effect, Effect::PiecePlaced { .. }))
        .collect();
    assert_eq!(placed[0].audience, Audience::Seats(vec![Seat(1)]));
}
