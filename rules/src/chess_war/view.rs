//! What each viewer sees. Until the reveal a side's units and its army's
//! name are seen only by that side and the referee (W7); the others learn
//! only, from the seats still to act, that a side has finished placing.
//! After the reveal every viewer sees the referee's view. The referee's
//! view is kept in parts (`Piecewise`), stamped per unit.

use fray_protocol::{Marker, PieceId, PieceView, PlayerView, Seat, TurnView, View, Viewer};

use super::state::{ChessWar, Marks, Phase, Place, Step};
use super::units::UnitId;
use crate::grid::{SIZE, push_name_on, to_square};
use crate::kept_view::{PieceStamp, Piecewise, referee_view};

pub const SYSTEM_KEY: &str = "chess-war";

/// Everything that shows of a unit but its square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitLook {
    unit: UnitId,
    owner: u8,
    marks: Marks,
}

const MARKERS: [(&str, &str); 8] = [
    ("moved", "has moved this turn"),
    ("charged", "charged this turn"),
    ("attacked", "has attacked this turn"),
    ("stupid", "stupid this turn: no move, charge or shot"),
    (
        "tested",
        "passed its stupidity test: acts normally this turn",
    ),
    ("halted", "stopped by fear: cannot enter melee this turn"),
    (
        "scared",
        "scared: −1 Melee while in melee with a fear-causer",
    ),
    (
        "steadfast",
        "steadfast: no fear saves while this melee lasts",
    ),
];

impl Marks {
    fn each(self) -> [bool; 8] {
        [
            self.moved,
            self.charged,
            self.attacked,
            self.stupid,
            self.tested,
            self.halted,
            self.scared,
            self.steadfast,
        ]
    }
}

impl ChessWar {
    /// "Knights on b1", or "Knights" off the board.
    pub(crate) fn describe(&self, index: u8) -> String {
        let unit = self.unit(index);
        let mut text = String::with_capacity(24);
        push_name_on(&mut text, unit.profile().name, unit.square());
        text
    }

    fn unit_view(&self, index: u8) -> PieceView {
        let unit = self.unit(index);
        let profile = unit.profile();
        PieceView {
            id: unit.id,
            owner: Seat(unit.owner),
            kind: profile.key.into(),
            name: profile.name.into(),
            glyph: profile.piece.glyph().into(),
            square: unit.square().map(to_square),
            stats: profile.stats(),
            markers: MARKERS
                .iter()
                .zip(unit.marks.each())
                .filter(|(_, on)| *on)
                .map(|((key, label), _)| Marker::new(*key, *label))
                .collect(),
        }
    }

    fn turn_view(&self) -> TurnView {
        let phase = match self.phase {
            Phase::Placing => "set-up",
            Phase::Turn { step, .. } => step.name(),
            Phase::Over(_) => "over",
        };
        TurnView {
            number: self.turn,
            round: (self.turn > 0).then(|| self.round()),
            phase: phase.into(),
            active: self.seats_to_act().to_vec(),
        }
    }

    /// Whether the armies are still behind the screen.
    pub(crate) fn behind_screen(&self) -> bool {
        self.phase == Phase::Placing
    }

    pub(crate) fn view_for(&self, viewer: Viewer) -> View {
        let mut view = referee_view(self);
        if !self.behind_screen() || viewer == Viewer::Referee {
            return view;
        }
        let sees = |owner: Seat| viewer == Viewer::Seat(owner);
        view.pieces.retain(|_, piece| sees(piece.owner));
        for player in &mut view.players {
            if !sees(player.seat) {
                player.army = None;
            }
        }
        view
    }

    /// The step the turn is in, if a turn is on.
    pub fn step(&self) -> Option<Step> {
        match self.phase {
            Phase::Turn { step, .. } => Some(step),
            Phase::Placing | Phase::Over(_) => None,
        }
    }
}

impl Piecewise for ChessWar {
    type PieceLook = UnitLook;
    /// The board has no terrain.
    /// No terrain, and the players' races never change.
    type SettingStamp = ();

    fn piece_stamps(&self, out: &mut Vec<PieceStamp<UnitLook>>) {
        out.extend(
            self.units
                .iter()
                .filter(|unit| unit.place != Place::Destroyed)
                .map(|unit| PieceStamp {
                    piece: unit.id,
                    square: unit.square().map(to_square),
                    look: UnitLook {
                        unit: unit.unit,
                        owner: unit.owner,
                        marks: unit.marks,
                    },
                }),
        );
    }

    fn piece_view(&self, piece: PieceId) -> PieceView {
        let index = self.index_of(piece).expect("a listed piece");
        self.unit_view(index)
    }

    fn setting_stamp(&self) {}

    fn setting_view(&self, view: &mut View) {
        view.system = SYSTEM_KEY.into();
        view.width = SIZE;
        view.height = SIZE;
        view.players = (0..2u8)
            .map(|seat| PlayerView {
                seat: Seat(seat),
                army: Some(self.race(seat).name().into()),
                ..PlayerView::default()
            })
            .collect();
    }

    fn progress_view(&self, view: &mut View) {
        view.turn = self.turn_view();
        view.outcome = self.outcome();
    }
}
