//! What an action tells as it resolves: dice and narration, built only when
//! someone listens (the server does; simulations and benchmarks do not).
//! Shared by every game system. What the action changed in each view is not
//! told here: the engine finds it by comparing views (`crate::contract`).

use fray_protocol::{Audience, DiceRoll, Die, Effect, Phrase, PieceId, ScopedEffect, Seat};

pub struct Log {
    enabled: bool,
    effects: Vec<ScopedEffect>,
    /// Told after the pieces' changes, before the players', turn and end:
    /// right after the change of the piece named, if any.
    after_changes: Vec<(Option<PieceId>, ScopedEffect)>,
}

impl Log {
    pub fn recording() -> Self {
        Log {
            enabled: true,
            effects: Vec::new(),
            after_changes: Vec::new(),
        }
    }

    pub fn silent() -> Self {
        Log {
            enabled: false,
            effects: Vec::new(),
            after_changes: Vec::new(),
        }
    }

    /// Everything told, with `changes` (the views' changes, in the order
    /// `fray_protocol::diff` makes them) after what was told while playing,
    /// and what was told for after the changes in the board's part of them:
    /// right after the last change of the piece it names, or else once the
    /// board's part is done. A summons is told after the move that caused
    /// it and the piece it brought, where a client shows it.
    pub fn finish(self, changes: Vec<ScopedEffect>) -> Vec<ScopedEffect> {
        let mut effects = self.effects;
        if self.after_changes.is_empty() {
            effects.extend(changes);
            return effects;
        }
        let board_part = changes
            .iter()
            .take_while(|scoped| {
                piece_changed(&scoped.effect).is_some() || on_board(&scoped.effect)
            })
            .count();
        let last_change_of = |piece: PieceId| {
            changes[..board_part]
                .iter()
                .rposition(|scoped| piece_changed(&scoped.effect) == Some(piece))
        };
        let mut after: Vec<(usize, ScopedEffect)> = self
            .after_changes
            .into_iter()
            .map(|(piece, told)| {
                let at = piece
                    .and_then(last_change_of)
                    .map_or(board_part, |at| at + 1);
                (at, told)
            })
            .collect();
        // Stable: what is told after the same change keeps its order.
        after.sort_by_key(|(at, _)| *at);
        let mut after = after.into_iter().peekable();
        for (at, change) in changes.into_iter().enumerate() {
            while let Some((_, told)) = after.next_if(|(told_at, _)| *told_at == at) {
                effects.push(told);
            }
            effects.push(change);
        }
        effects.extend(after.map(|(_, told)| told));
        effects
    }

    /// Narration for everyone, told after the pieces' changes this action
    /// makes rather than before them.
    pub fn tell_after_changes(&mut self, phrase: impl FnOnce() -> Phrase) {
        if self.enabled {
            self.after_changes.push((
                None,
                ScopedEffect::public(Effect::Narration { text: phrase() }),
            ));
        }
    }

    /// Narration for everyone, told right after this action's change of
    /// `piece` (its placing, its move).
    pub fn tell_after_change_of(&mut self, piece: PieceId, phrase: impl FnOnce() -> Phrase) {
        if self.enabled {
            self.after_changes.push((
                Some(piece),
                ScopedEffect::public(Effect::Narration { text: phrase() }),
            ));
        }
    }

    pub fn is_recording(&self) -> bool {
        self.enabled
    }

    pub fn say(&mut self, text: impl FnOnce() -> String) {
        self.tell(|| text().into());
    }

    /// Narration that names seats, for each client to name its own way.
    pub fn tell(&mut self, phrase: impl FnOnce() -> Phrase) {
        if self.enabled {
            self.effects
                .push(ScopedEffect::public(Effect::Narration { text: phrase() }));
        }
    }

    /// Narration for one seat (and the referee): what others may not know yet.
    pub fn tell_only(&mut self, seat: Seat, phrase: impl FnOnce() -> Phrase) {
        if self.enabled {
            self.effects.push(ScopedEffect {
                audience: Audience::Seats(vec![seat]),
                effect: Effect::Narration { text: phrase() },
            });
        }
    }

    pub fn push(&mut self, effect: impl FnOnce() -> Effect) {
        if self.enabled {
            self.effects.push(ScopedEffect::public(effect()));
        }
    }

    pub fn roll(&mut self, roll: impl FnOnce() -> DiceRoll) {
        if self.enabled {
            self.effects
                .push(ScopedEffect::public(Effect::DiceRolled { roll: roll() }));
        }
    }

    /// A roll told right after this action's change of `piece`, which it
    /// names: a roll for a piece the action may place (a set-up shown to
    /// each viewer from its own view places every piece) comes after it.
    pub fn roll_after_change_of(&mut self, piece: PieceId, roll: impl FnOnce() -> DiceRoll) {
        if self.enabled {
            self.after_changes.push((
                Some(piece),
                ScopedEffect::public(Effect::DiceRolled { roll: roll() }),
            ));
        }
    }
}

/// The piece an effect changes, if it changes one.
fn piece_changed(effect: &Effect) -> Option<PieceId> {
    match effect {
        Effect::PiecePlaced { piece } => Some(piece.id),
        Effect::PieceMoved { piece, .. }
        | Effect::PieceRemoved { piece, .. }
        | Effect::PieceChanged { piece, .. } => Some(*piece),
        _ => None,
    }
}

fn on_board(effect: &Effect) -> bool {
    matches!(
        effect,
        Effect::TerrainChanged { .. } | Effect::WallChanged { .. }
    )
}

/// The faces of a handful of D6, kept only when the log records.
pub struct Faces {
    pub total: i32,
    pub faces: Vec<u8>,
}

impl Faces {
    pub fn any(&self, test: impl Fn(u8) -> bool) -> bool {
        self.faces.iter().any(|&face| test(face))
    }

    pub fn count(&self, face: u8) -> usize {
        self.faces.iter().filter(|&&f| f == face).count()
    }

    pub fn dice(&self) -> Vec<Die> {
        self.faces
            .iter()
            .map(|&face| Die { sides: 6, face })
            .collect()
    }
}

/// Rolls `count` D6. The faces are always kept: shooting needs them for hits
/// and misfires, and a handful of bytes costs less than branching on it.
pub fn roll_d6s(dice: &mut dyn crate::Dice, count: u8) -> Faces {
    let faces: Vec<u8> = (0..count).map(|_| dice.roll(6)).collect();
    Faces {
        total: faces.iter().map(|&f| i32::from(f)).sum(),
        faces,
    }
}

pub fn single(face: u8) -> Vec<Die> {
    vec![Die { sides: 6, face }]
}

pub fn roll_for(
    seat: u8,
    piece: Option<u8>,
    purpose: String,
    dice: Vec<Die>,
    modifier: i32,
    result: String,
) -> DiceRoll {
    let total = dice.iter().map(|d| i32::from(d.face)).sum::<i32>() + modifier;
    DiceRoll {
        seat: Some(Seat(seat)),
        piece: piece.map(|p| fray_protocol::PieceId(u32::from(p))),
        purpose: purpose.into(),
        dice,
        modifier,
        total,
        result: result.into(),
    }
}

/// A coin (a d2) for which of two seats goes first: 1 gives seat 0 the first
/// turn, 2 gives it to seat 1. Told with both seats named, so each client
/// reads who its face means.
pub fn coin_for_first(dice: &mut dyn crate::Dice, log: &mut Log) -> u8 {
    let face = dice.roll(2);
    let first = face - 1;
    log.roll(|| DiceRoll {
        seat: None,
        piece: None,
        purpose: Phrase::new()
            .text("coin flip (1: ")
            .seat(Seat(0))
            .text(" moves first, 2: ")
            .seat(Seat(1))
            .text(")"),
        dice: vec![Die { sides: 2, face }],
        modifier: 0,
        total: i32::from(face),
        result: Phrase::from(Seat(first)).text(" moves first"),
    });
    first
}
