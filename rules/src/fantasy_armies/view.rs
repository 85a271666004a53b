//! What a viewer sees (Fantasy Armies hides nothing, so every viewer sees the
//! same). The effects of an action are found by the engine, comparing this
//! view before and after it.

use fray_protocol::{
    Marker, Outcome, Phrase, PieceId, PieceView, PlayerView, Seat, Stat, TurnView, View,
};

use super::board::{self, SIZE};
use super::hth::{Hth, hth_text};
use super::state::{Ending, FantasyArmies, Lasting, Phase, Place};
use super::units::{Role, defence_text, points_text, ranged_text};
use crate::kit::describe::Describe;
use crate::kit::game_length::Counted;
use crate::kit::kept_view::{PieceStamp, Piecewise};

pub const SYSTEM_KEY: &str = "fantasy-armies";

/// The marker of a Druid keeping Armour of Thorns up on another piece.
pub(crate) const KEEPS_ARMOUR_OF_THORNS: &str = "keeps-armour-of-thorns";

/// What of a piece's state shows in its stats and markers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Appearance {
    unit: u8,
    hth: Option<Hth>,
    defence: u8,
    armour: bool,
    thorns: bool,
    /// A Druid keeping Armour of Thorns up on another piece, so that a player
    /// sees what its move or cast would end, and sees the spell end with its target.
    keeps_thorns_on_another: bool,
    smash: bool,
    entangled: bool,
}

impl Describe for FantasyArmies {
    type Index = u8;

    fn push_describe(&self, out: &mut String, index: u8) {
        let piece = self.piece(index);
        crate::kit::grid::push_name_on(out, piece.profile().name, piece.square());
    }
}

impl FantasyArmies {
    fn appearance(&self, index: u8) -> Appearance {
        let piece = self.piece(index);
        // Thorns takes a scan of every piece: once, for the Defence as well.
        let armour = piece.lasting == Some(Lasting::Armour);
        let thorns = self.thorns_on(index);
        Appearance {
            unit: piece.unit,
            hth: self.own_hth(index),
            defence: self.defence_armoured_or_not(index, armour || thorns),
            armour,
            thorns,
            keeps_thorns_on_another: matches!(
                piece.lasting,
                Some(Lasting::ArmourOfThorns { target }) if target != index
            ),
            smash: piece.lasting == Some(Lasting::Smash),
            entangled: piece.entangled,
        }
    }

    fn stats(&self, index: u8, look: Appearance) -> Vec<Stat> {
        let profile = self.piece(index).profile();
        vec![
            Stat::new("M", profile.movement.code()),
            Stat::new("HTH", hth_text(look.hth)),
            Stat::new("RA", ranged_text(profile.ranged)),
            Stat::new("D", defence_text(look.defence)),
            Stat::new("PV", points_text(profile.cost_halves.into())),
        ]
    }

    fn markers(&self, index: u8, look: Appearance) -> Vec<Marker> {
        let mut markers = Vec::new();
        if self.piece(index).profile().role == Role::King {
            markers.push(Marker::new(
                "king",
                "King piece: if it is removed, its army loses",
            ));
        }
        if look.armour {
            markers.push(Marker::new(
                "armour",
                "Armour: Defence 4+ until the Wizard moves or casts",
            ));
        }
        if look.thorns {
            markers.push(Marker::new(
                "armour-of-thorns",
                "Armour of Thorns: Defence 4+ until the Druid moves or casts",
            ));
        }
        if look.keeps_thorns_on_another {
            markers.push(Marker::new(
                KEEPS_ARMOUR_OF_THORNS,
                "Keeps Armour of Thorns on a friend: it ends if the Druid moves or casts",
            ));
        }
        if look.smash {
            markers.push(Marker::new(
                "smash",
                "Smash!: +2 HTH until the Shaman casts again",
            ));
        }
        if look.entangled {
            markers.push(Marker::new(
                "entangled",
                "Entangled: must roll 4+ to move next time",
            ));
        }
        markers
    }

    pub(crate) fn piece_view(&self, index: u8) -> PieceView {
        let piece = self.piece(index);
        let profile = piece.profile();
        // Once for both stats and markers: it scans the board for auras and
        // Armour of Thorns.
        let look = self.appearance(index);
        PieceView {
            count: 1,
            id: PieceId(u32::from(index)),
            owner: Seat(piece.owner),
            kind: profile.key.to_string(),
            name: profile.name.to_string(),
            glyph: profile.movement.glyph().to_string(),
            square: piece.square().map(board::to_square),
            stats: self.stats(index, look),
            markers: self.markers(index, look),
        }
    }

    pub(crate) fn player_view(&self, seat: u8) -> PlayerView {
        let mut player = PlayerView {
            seat: Seat(seat),
            army: Some(self.armies[seat as usize].name().to_string()),
            ..PlayerView::default()
        };
        let extra = self.extra_turns[seat as usize];
        if extra > 0 {
            player.resources.insert("extra-turns".into(), extra.into());
        }
        if self.ritual_bonus[seat as usize] {
            player.resources.insert("dark-ritual".into(), 1);
        }
        player
    }

    pub(crate) fn turn_view(&self) -> TurnView {
        let phase = match self.phase {
            Phase::Deploy { .. } => "deployment",
            Phase::ChooseFirst { .. } => "choose who moves first",
            Phase::Battle { .. } => "battle",
            Phase::Over(_) => "over",
        };
        TurnView {
            number: self.turn,
            round: None,
            phase: phase.into(),
            active: self.seat_to_act().map(Seat).into_iter().collect(),
        }
    }
}

pub(super) fn outcome(game: &FantasyArmies) -> Option<Outcome> {
    let Phase::Over(ending) = game.phase else {
        return None;
    };
    Some(match ending {
        Ending::KingRemoved { winner } => {
            let loser = 1 - winner;
            let king = game
                .pieces
                .iter()
                .find(|p| p.owner == loser && p.profile().is_king())
                .map_or("king piece", |p| p.profile().name);
            Outcome::win(
                Seat(winner),
                Phrase::from(Seat(loser)).text(format!("'s {king} was removed")),
            )
        }
        Ending::TurnsWithoutRemoval => {
            Counted::Turns.passed_without(game.limits.turns_without_removal, "a piece removed")
        }
        Ending::TurnLimit => Counted::Turns.limit_reached(game.limits.max_turns),
    })
}

impl Piecewise for FantasyArmies {
    /// Whose it is, and how it appears.
    type PieceLook = (u8, Appearance);
    /// The board is bare (Fantasy Armies has no terrain): each seat's extra
    /// turns and Dark Ritual are all that change.
    type SettingStamp = ([u8; 2], [bool; 2]);

    fn piece_stamps(&self, out: &mut Vec<PieceStamp<(u8, Appearance)>>) {
        out.extend(
            (0..self.pieces.len() as u8)
                .filter(|&index| !matches!(self.piece(index).place, Place::Removed { .. }))
                .map(|index| {
                    let piece = self.piece(index);
                    PieceStamp {
                        piece: PieceId(u32::from(index)),
                        square: piece.square().map(board::to_square),
                        look: (piece.owner, self.appearance(index)),
                    }
                }),
        );
    }

    fn piece_view(&self, piece: PieceId) -> PieceView {
        FantasyArmies::piece_view(self, piece.0 as u8)
    }

    fn setting_stamp(&self) -> ([u8; 2], [bool; 2]) {
        (self.extra_turns, self.ritual_bonus)
    }

    fn setting_view(&self, view: &mut View) {
        view.system = SYSTEM_KEY.into();
        view.width = SIZE;
        view.height = SIZE;
        view.players = (0..2).map(|seat| self.player_view(seat)).collect();
    }

    fn progress_view(&self, view: &mut View) {
        view.turn = self.turn_view();
        view.outcome = outcome(self);
    }
}
