//! What each viewer sees. Until the reveal a side's units and its army's
//! name are seen only by that side and the referee (W7); the others learn
//! only, from the seats still to act, that a side has finished placing.
//! After the reveal every viewer sees the referee's view. The referee's
//! view is kept in parts (`Piecewise`), stamped per unit.

use fray_protocol::{Marker, PieceId, PieceView, PlayerView, Seat, Stat, TurnView, View, Viewer};

use super::state::{ChessWar, Marks, Phase, Place, SpellSlots, Step};
use super::units::UnitId;
use crate::kit::describe::Describe;
use crate::kit::grid::{SIZE, push_name_on, to_square};
use crate::kit::kept_view::{PieceStamp, Piecewise, referee_view};

pub const SYSTEM_KEY: &str = "chess-war";

/// Everything that shows of a unit but its square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitLook {
    unit: UnitId,
    owner: u8,
    marks: Marks,
    spells: SpellSlots,
}

const MARKERS: [(&str, &str); 12] = [
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
    ("fired", "has fired or cast an attack spell this turn"),
    (
        "protected",
        "protected: +2 to its saves until the end of the turn",
    ),
    ("struck", "struck: +2 to its attack roll this phase"),
    (
        "terrified",
        "scared by the Fear spell: −1 Melee until the start of the caster's next turn",
    ),
];

impl Marks {
    fn each(self) -> [bool; 12] {
        [
            self.moved,
            self.charged,
            self.attacked,
            self.stupid,
            self.tested,
            self.halted,
            self.scared,
            self.steadfast,
            self.fired,
            self.protected,
            self.struck,
            self.terrified,
        ]
    }
}

impl Describe for ChessWar {
    type Index = u8;

    fn push_describe(&self, out: &mut String, index: u8) {
        let unit = self.unit(index);
        push_name_on(out, unit.profile().name, unit.square());
    }
}

impl ChessWar {
    fn unit_view(&self, index: u8) -> PieceView {
        let unit = self.unit(index);
        let profile = unit.profile();
        PieceView {
            count: 1,
            id: unit.id,
            owner: Seat(unit.owner),
            kind: profile.key.into(),
            name: profile.name.into(),
            glyph: profile.piece.glyph().into(),
            square: unit.square().map(to_square),
            stats: self.unit_stats(index),
            markers: MARKERS
                .iter()
                .zip(unit.marks.each())
                .filter(|(_, on)| *on)
                .map(|((key, label), _)| Marker::new(*key, *label))
                .collect(),
        }
    }

    /// The profile's columns, and a wizard's spell: whether the one of its
    /// present (or, on the opponent's turn, last) own turn is spent, and
    /// whether the next one is already (W38).
    fn unit_stats(&self, index: u8) -> Vec<Stat> {
        let unit = self.unit(index);
        let mut stats = unit.profile().stats();
        if !unit.profile().spells().is_empty() {
            let spells = unit.spells;
            let state = match (spells.current_spent, spells.next_spent) {
                (false, _) => "ready",
                (true, false) => "spent",
                (true, true) => "spent, and the next turn's too",
            };
            stats.push(Stat::new("Spell", state));
        }
        stats
    }

    fn turn_view(&self) -> TurnView {
        let phase = match self.phase {
            Phase::Turn { .. } if self.reaction.is_some() => "reaction",
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
        view.pieces
            .retain(|_, piece| viewer == Viewer::Seat(piece.owner));
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
    /// No terrain; the players' races are named from the reveal on.
    type SettingStamp = bool;

    fn piece_stamps(&self, out: &mut Vec<PieceStamp<UnitLook>>) {
        let from = out.len();
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
                        spells: unit.spells,
                    },
                }),
        );
        // Risen Zombies join the end of the list, out of id order.
        out[from..].sort_unstable_by_key(|stamp| stamp.piece);
    }

    fn piece_view(&self, piece: PieceId) -> PieceView {
        let index = self.index_of(piece).expect("a listed piece");
        self.unit_view(index)
    }

    fn setting_stamp(&self) -> bool {
        self.behind_screen()
    }

    fn setting_view(&self, view: &mut View) {
        view.system = SYSTEM_KEY.into();
        view.width = SIZE;
        view.height = SIZE;
        view.players = (0..2u8)
            .map(|seat| PlayerView {
                seat: Seat(seat),
                // Every viewer, the referee too, is shown the same players
                // (the contract's pairs of viewers): behind the screen a
                // seat knows its own race from its own units, which it sees.
                army: (!self.behind_screen()).then(|| self.race(seat).name().into()),
                ..PlayerView::default()
            })
            .collect();
    }

    fn progress_view(&self, view: &mut View) {
        view.turn = self.turn_view();
        view.outcome = super::winning::outcome(self);
    }
}
