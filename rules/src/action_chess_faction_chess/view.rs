//! What a viewer sees: everything but a Ghost's haunting Shade, which only
//! its owner (and the referee) sees (line 38). The effects of an action
//! are found by the engine, comparing each viewer's view before and after
//! it.

use fray_protocol::{Marker, PieceId, PieceView, PlayerView, Seat, TurnView, View, Viewer};

use crate::kit::grid::{self, SIZE};
use crate::kit::kept_view::{PieceStamp, Piecewise, referee_view};

use super::actions::id;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix, Stage};

pub const SYSTEM_KEY: &str = "action-chess-faction-chess";

impl ActionChessFactionChess {
    pub(crate) fn piece_view(&self, ix: Ix) -> PieceView {
        let piece = self.piece(ix);
        let mut markers = Vec::new();
        // A Phantom's copy of a leader leads nothing (D17).
        if piece.kind.is_leader() && !piece.copy {
            let faction = piece.kind.faction();
            markers.push(Marker::new(
                "leader",
                format!(
                    "{}: the {} side loses when {}",
                    piece.kind.name(),
                    faction.name(),
                    faction.defeat_rule()
                ),
            ));
        }
        if piece.copy {
            markers.push(Marker::new(
                "copy",
                "a Phantom's copy: it may turn back into a Phantom as it moves",
            ));
        }
        if self.is_haunting(ix) {
            markers.push(Marker::new(
                "haunting",
                "haunting its square unseen: it captures the next enemy to enter it",
            ));
        }
        let stack = piece.kind == Kind::Swarmling;
        PieceView {
            count: if stack { u32::from(piece.count) } else { 1 },
            id: id(ix),
            owner: Seat(piece.owner),
            kind: piece.kind.key().into(),
            name: piece.kind.name().into(),
            glyph: piece.kind.glyph().into(),
            square: piece.square.map(grid::to_square),
            // A Swarmling stack shows how many it is (Q1).
            stats: if stack {
                vec![fray_protocol::Stat::new(
                    "Swarmlings",
                    piece.count.to_string(),
                )]
            } else {
                Vec::new()
            },
            markers,
        }
    }

    /// "Classique, White": the faction, and the side it plays.
    pub(crate) fn player_view(&self, seat: u8) -> PlayerView {
        let side = if self.is_white(seat) {
            "White"
        } else {
            "Black"
        };
        PlayerView {
            seat: Seat(seat),
            army: Some(format!("{}, {side}", self.faction_of(seat).name())),
            ..PlayerView::default()
        }
    }

    /// What `viewer` sees: the referee's view without the haunting Shades
    /// of others.
    pub(crate) fn view_for(&self, viewer: Viewer) -> View {
        let mut view = referee_view(self);
        if viewer == Viewer::Referee || !hides_anything(self) {
            return view;
        }
        view.pieces.retain(|piece, shown| {
            viewer == Viewer::Seat(shown.owner) || !self.is_haunting(piece.0 as Ix)
        });
        view
    }

    pub(crate) fn turn_view(&self) -> TurnView {
        let phase = match (self.waiting(), self.stage) {
            (_, Stage::Over(_)) => "over".to_string(),
            (Some(decision), _) => self.waiting_text(decision.pending),
            (None, Stage::Start) => "start of turn".into(),
            (None, _) => "move".into(),
        };
        TurnView {
            number: self.turn,
            round: None,
            phase,
            active: self.seats_to_act().to_vec(),
        }
    }
}

/// Whether anything is hidden from anyone: a Ghost is in the game, so
/// a Shade may haunt.
pub(super) fn hides_anything(game: &ActionChessFactionChess) -> bool {
    game.ghost_plays()
}

impl Piecewise for ActionChessFactionChess {
    /// A piece's kind, owner, count (a Swarmling stack's size), whether it
    /// is a Phantom's copy and whether it haunts are all that shows of it
    /// besides its square.
    type PieceLook = (Kind, u8, u16, bool, bool);
    /// The factions and sides never change once set up; the corpses on the
    /// board (Butcher) do, and show as terrain.
    /// The walls (Wallmaster) change too, and show as the view's walls.
    type SettingStamp = ([Option<Kind>; grid::SQUARES], [u8; super::walls::EDGES]);

    fn piece_stamps(&self, out: &mut Vec<PieceStamp<Self::PieceLook>>) {
        out.extend(self.on_board().map(|(ix, piece)| PieceStamp {
            piece: PieceId(u32::from(ix)),
            square: piece.square.map(grid::to_square),
            look: (
                piece.kind,
                piece.owner,
                piece.count,
                piece.copy,
                self.is_haunting(ix),
            ),
        }));
    }

    fn piece_view(&self, piece: PieceId) -> PieceView {
        ActionChessFactionChess::piece_view(self, piece.0 as Ix)
    }

    fn setting_stamp(&self) -> Self::SettingStamp {
        (self.corpses, self.walls)
    }

    fn setting_view(&self, view: &mut View) {
        view.system = SYSTEM_KEY.into();
        view.width = SIZE;
        view.height = SIZE;
        view.players = (0..2).map(|seat| self.player_view(seat)).collect();
        view.terrain = self
            .corpses
            .iter()
            .enumerate()
            .filter_map(|(sq, corpse)| {
                corpse.map(|kind| {
                    (
                        grid::to_square(sq as grid::Sq),
                        super::butcher::corpse_terrain(kind),
                    )
                })
            })
            .collect();
        view.walls = super::walls::wall_views(&self.walls);
    }

    fn progress_view(&self, view: &mut View) {
        view.turn = self.turn_view();
        view.outcome = super::winning::outcome(self);
    }
}
