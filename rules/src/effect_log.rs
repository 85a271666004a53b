//! What an action tells as it resolves: dice and narration, built only when
//! someone listens (the server does; simulations and benchmarks do not).
//! Shared by every game system. What the action changed in each view is not
//! told here: the engine finds it by comparing views (`crate::move_rules`).

use fray_protocol::{Audience, DiceRoll, Die, Effect, Phrase, ScopedEffect, Seat};

pub struct Log {
    enabled: bool,
    effects: Vec<ScopedEffect>,
    /// Told after the pieces' changes, before the players', turn and end.
    after_changes: Vec<ScopedEffect>,
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
    /// and what was told for after the changes once the board's part of
    /// them is done: a summons is told after the move that caused it and
    /// the piece it brought, where a client shows it.
    pub fn finish(self, changes: Vec<ScopedEffect>) -> Vec<ScopedEffect> {
        let mut effects = self.effects;
        let board_part = changes
            .iter()
            .take_while(|scoped| {
                matches!(
                    scoped.effect,
                    Effect::TerrainChanged { .. }
                        | Effect::WallChanged { .. }
                        | Effect::PiecePlaced { .. }
                        | Effect::PieceMoved { .. }
                        | Effect::PieceRemoved { .. }
                        | Effect::PieceChanged { .. }
                )
            })
            .count();
        let mut changes = changes.into_iter();
        effects.extend(changes.by_ref().take(board_part));
        effects.extend(self.after_changes);
        effects.extend(changes);
        effects
    }

    /// Narration for everyone, told after the pieces' changes this action
    /// makes rather than before them.
    pub fn tell_after_changes(&mut self, phrase: impl FnOnce() -> Phrase) {
        if self.enabled {
            self.after_changes
                .push(ScopedEffect::public(Effect::Narration { text: phrase() }));
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
