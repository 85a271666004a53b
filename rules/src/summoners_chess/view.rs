//! What a viewer sees (Summoners Chess hides nothing on the board, so every
//! viewer sees the same: terrain, pieces, turn; a placement chosen is kept
//! out of every view until both are). The effects of an action are found by
//! the engine, comparing this view before and after it.

use fray_protocol::{
    Effect, Marker, Phrase, PieceId, PieceView, PlayerView, ScopedEffect, Seat, TurnView, View,
};

use super::board::{self, SIZE, SQUARES};
use super::state::{Phase, SummonersChess};
use super::units::UnitId;
use crate::kit::describe::Describe;
use crate::kit::kept_view::{PieceStamp, Piecewise};
use crate::kit::match_options::Choice;

pub const SYSTEM_KEY: &str = "summoners-chess";
/// The name both players' sets go by: the same four Acolytes each.
pub const ARMY_KEY: &str = "summoners";

impl Describe for SummonersChess {
    type Index = u8;

    fn push_describe(&self, out: &mut String, index: u8) {
        let piece = self.piece(index);
        crate::kit::grid::push_name_on(out, piece.profile().name, piece.square());
    }
}

impl SummonersChess {
    /// "seat 0 holds three forest tiles and summons Trolls (#9) on d4": the
    /// summons of piece `index`, which stands on the fourth tile of its
    /// terrain.
    pub(crate) fn summons_told(&self, index: u8) -> Phrase {
        let piece = self.piece(index);
        let square = piece.square().expect("a summoned piece is on the board");
        Phrase::from(Seat(piece.owner)).text(format!(
            " holds three {} tiles and summons {} (#{index}) on {}",
            self.terrain[square as usize].name(),
            piece.profile().name,
            board::to_square(square)
        ))
    }

    pub(crate) fn piece_view(&self, index: u8) -> PieceView {
        let piece = self.piece(index);
        let profile = piece.profile();
        let mut markers = Vec::new();
        if profile.is_acolyte() {
            markers.push(Marker::new(
                "acolyte",
                "Acolyte: a player who loses all four loses the game",
            ));
        }
        PieceView {
            count: 1,
            id: PieceId(u32::from(index)),
            owner: Seat(piece.owner),
            kind: profile.key.to_string(),
            name: profile.name.to_string(),
            glyph: profile.movement.glyph().to_string(),
            square: piece.square().map(board::to_square),
            stats: profile.stats(),
            markers,
        }
    }

    /// Both players field the same set and keep no counters: a player is
    /// just a seat and its army's name.
    pub(crate) fn player_view(seat: u8) -> PlayerView {
        PlayerView {
            seat: Seat(seat),
            army: Some("Summoners".into()),
            ..PlayerView::default()
        }
    }

    pub(crate) fn turn_view(&self) -> TurnView {
        let phase = match self.phase {
            Phase::Placing { .. } => "placing acolytes",
            Phase::Play { .. } => "play",
            Phase::Over(_) => "over",
        };
        TurnView {
            number: self.turn,
            round: None,
            phase: phase.into(),
            active: self.seats_to_act().to_vec(),
        }
    }
}

impl Piecewise for SummonersChess {
    /// A piece's unit and owner are all that shows of it besides its square.
    type PieceLook = (UnitId, u8);
    /// The tiles never change once laid, and the players keep no counters.
    type SettingStamp = ();

    fn piece_stamps(&self, out: &mut Vec<PieceStamp<(UnitId, u8)>>) {
        out.extend(self.on_board().map(|(index, piece)| PieceStamp {
            piece: PieceId(u32::from(index)),
            square: piece.square().map(board::to_square),
            look: (piece.unit, piece.owner),
        }));
    }

    fn piece_view(&self, piece: PieceId) -> PieceView {
        SummonersChess::piece_view(self, piece.0 as u8)
    }

    fn setting_stamp(&self) {}

    fn setting_view(&self, view: &mut View) {
        view.system = SYSTEM_KEY.into();
        view.width = SIZE;
        view.height = SIZE;
        view.terrain = (0..SQUARES as u8)
            .map(|sq| {
                let terrain = self.terrain[sq as usize].key().to_string();
                (board::to_square(sq), terrain)
            })
            .collect();
        view.players = (0..2).map(SummonersChess::player_view).collect();
    }

    fn progress_view(&self, view: &mut View) {
        view.turn = self.turn_view();
        view.outcome = super::winning::outcome(self);
    }
}

/// `effects` of one action in the order releases before protocol version 3
/// made them, when that order differs: each summons told first, before the
/// move that caused it, after only what was told while the move was played
/// (a pass). Logs stored by those releases still verify and rebuild.
pub fn summons_told_first(effects: &[ScopedEffect]) -> Option<Vec<ScopedEffect>> {
    let is_summons = |at: usize| {
        at > 0
            && matches!(effects[at].effect, Effect::Narration { .. })
            && matches!(effects[at - 1].effect, Effect::PiecePlaced { .. })
    };
    let summons: Vec<usize> = (0..effects.len()).filter(|&at| is_summons(at)).collect();
    if summons.is_empty() {
        return None;
    }
    let told_while_playing = effects
        .iter()
        .take_while(|scoped| matches!(scoped.effect, Effect::Narration { .. }))
        .count();
    let mut earlier: Vec<ScopedEffect> = effects[..told_while_playing].to_vec();
    earlier.extend(summons.iter().map(|&at| effects[at].clone()));
    earlier.extend(
        (told_while_playing..effects.len())
            .filter(|at| !summons.contains(at))
            .map(|at| effects[at].clone()),
    );
    Some(earlier)
}
