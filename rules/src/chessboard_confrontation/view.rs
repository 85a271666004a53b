//! What a viewer sees (nothing is hidden, so every viewer sees the same).
//! The effects of an action are found by the engine, comparing this view
//! before and after it.

use std::collections::BTreeMap;

use fray_protocol::{
    Effect, Marker, PieceId, PieceView, PlayerView, Seat, Square, Stat, TurnView, View,
};

use super::board;
use super::board::{Sq, Squares};
use super::log::Log;
use super::state::{ChessboardConfrontation, MAX_SEATS, Mini, Pending, Phase, Place, marks};
use crate::kit::describe::Describe;
use crate::kit::kept_view::{PieceStamp, Piecewise};
use crate::kit::match_options::Choice;

pub const SYSTEM_KEY: &str = "chessboard-confrontation";
pub const OBSTACLE: &str = "obstacle";
pub const OBJECTIVE: &str = "objective";

fn id(index: u8) -> PieceId {
    PieceId(u32::from(index))
}

impl Describe for ChessboardConfrontation {
    type Index = u8;

    fn push_describe(&self, out: &mut String, index: u8) {
        let mini = self.mini(index);
        board::push_name_on(out, mini.troop.name(), mini.square());
    }
}

impl ChessboardConfrontation {
    fn stats(&self, index: u8) -> Vec<Stat> {
        let mini = self.mini(index);
        let traits: Vec<&str> = mini.traits.iter().map(|t| t.name()).collect();
        let mut stats = vec![
            Stat::new("die", format!("d{}", mini.troop.die())),
            Stat::new("move", mini.movement(self.settings.map).to_string()),
            Stat::new(
                "traits",
                if traits.is_empty() {
                    "-".to_string()
                } else {
                    traits.join(", ")
                },
            ),
            Stat::new("cost", mini.cost().to_string()),
            Stat::new("turns", mini.turns.to_string()),
        ];
        if mini.traits.large() {
            stats.push(Stat::new("size", "large"));
            // Which way the 2×2 body lies from the main space (the piece's square).
            stats.push(Stat::new("reach", mini.reach.name()));
        }
        stats
    }

    fn markers(&self, index: u8) -> Vec<Marker> {
        let mini = self.mini(index);
        let all = [
            (
                marks::POISON,
                "poison",
                "Poison: -1 to every roll until a Skill roll shakes it off",
            ),
            (
                marks::STUN,
                "stun",
                "Stun: cannot move until a Skill roll shakes it off",
            ),
            (
                marks::STEALTH,
                "stealth",
                "Stealth: no Ranged attack can target it until its next turn",
            ),
            (
                marks::HEAL,
                "heal",
                "Heal: it or an ally within 3 may reroll a failed Defense roll",
            ),
            (
                marks::SUPPORT,
                "support",
                "Support: may be given to an ally within 3",
            ),
            (
                marks::SUPPORTED,
                "supported",
                "Supported: may reroll one die roll on its turn",
            ),
            (
                marks::OBJECTIVE,
                "objective",
                "Carries the objective marker",
            ),
        ];
        all.iter()
            .filter(|(bit, _, _)| mini.marked(*bit))
            .map(|&(_, key, label)| Marker::new(key, label))
            .collect()
    }

    pub(crate) fn piece_view(&self, index: u8) -> PieceView {
        let mini = self.mini(index);
        PieceView {
            count: 1,
            id: id(index),
            owner: Seat(mini.owner),
            kind: mini.troop.key().into(),
            name: mini.troop.name().into(),
            glyph: mini.troop.glyph().into(),
            square: mini.square().map(board::to_square),
            stats: self.stats(index),
            markers: self.markers(index),
        }
    }

    fn resources(&self, seat: u8) -> BTreeMap<String, i64> {
        let mut resources = BTreeMap::new();
        let tokens = self.tokens[seat as usize];
        if tokens > 0 {
            resources.insert("tokens".into(), tokens.into());
        }
        let len = self.order_len as usize;
        if let Some(at) = self.order[..len].iter().position(|&s| s == seat) {
            resources.insert("initiative".into(), at as i64 + 1);
        }
        resources
    }

    pub(crate) fn player_view(&self, seat: u8) -> PlayerView {
        PlayerView {
            seat: Seat(seat),
            army: Some("Squad".into()),
            resources: self.resources(seat),
        }
    }

    pub(crate) fn turn_view(&self) -> TurnView {
        let phase = match (self.phase, self.pending) {
            (Phase::Over(_), _) => "over",
            (_, Some(Pending::Heal { .. })) => "heal",
            (_, Some(Pending::Reroll(_))) => "reroll",
            (_, Some(Pending::Support { .. })) => "support",
            (Phase::Place { .. }, _) => "placement",
            (Phase::Arrive { .. }, _) => "arrival",
            (Phase::Battle { .. }, _) => "battle",
        };
        TurnView {
            number: self.turn,
            round: (self.round > 0).then_some(self.round),
            phase: phase.into(),
            active: self.seat_to_act().map(Seat).into_iter().collect(),
        }
    }

    fn terrain(&self) -> BTreeMap<Square, String> {
        let mut terrain: BTreeMap<Square, String> = board::squares_of(self.obstacles)
            .map(|sq| (board::to_square(sq), OBSTACLE.to_string()))
            .collect();
        if let Some(sq) = self.objective {
            terrain.insert(board::to_square(sq), OBJECTIVE.into());
        }
        terrain
    }

    /// The effects that build the first view on an empty one (after `GameCreated`).
    pub(crate) fn record_start(&self, log: &mut Log) {
        for (square, terrain) in self.terrain() {
            log.push(|| Effect::TerrainChanged {
                square,
                terrain: Some(terrain),
            });
        }
        for seat in 0..self.seats {
            log.push(|| Effect::PlayerChanged {
                player: self.player_view(seat),
            });
        }
        for index in 0..self.minis.len() as u8 {
            log.push(|| Effect::PiecePlaced {
                piece: self.piece_view(index),
            });
        }
        log.push(|| Effect::TurnChanged {
            turn: self.turn_view(),
        });
    }
}

impl Piecewise for ChessboardConfrontation {
    /// A miniature's whole state is a few bytes, and all of it shows: the
    /// miniature itself, with its place left out (the square is apart, and
    /// a miniature waiting to arrive shows only that it has none).
    type PieceLook = Mini;
    /// The obstacles, the objective's square, and each seat's tokens and
    /// place in the initiative order.
    type SettingStamp = (Squares, Option<Sq>, [u8; MAX_SEATS], [u8; MAX_SEATS], u8);

    fn piece_stamps(&self, out: &mut Vec<PieceStamp<Mini>>) {
        out.extend(
            (0..self.minis.len() as u8)
                .filter(|&i| self.mini(i).in_play())
                .map(|i| {
                    let mini = self.mini(i);
                    PieceStamp {
                        piece: id(i),
                        square: mini.square().map(board::to_square),
                        look: Mini {
                            place: Place::Waiting,
                            ..*mini
                        },
                    }
                }),
        );
    }

    fn piece_view(&self, piece: PieceId) -> PieceView {
        ChessboardConfrontation::piece_view(self, piece.0 as u8)
    }

    fn setting_stamp(&self) -> Self::SettingStamp {
        (
            self.obstacles,
            self.objective,
            self.tokens,
            self.order,
            self.order_len,
        )
    }

    fn setting_view(&self, view: &mut View) {
        view.system = SYSTEM_KEY.into();
        view.width = self.board.width();
        view.height = self.board.height();
        view.terrain = self.terrain();
        view.players = (0..self.seats).map(|s| self.player_view(s)).collect();
    }

    fn progress_view(&self, view: &mut View) {
        view.turn = self.turn_view();
        view.outcome = super::winning::outcome(self);
    }
}
