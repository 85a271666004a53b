//! How logs stored by earlier releases told an action, where today's rules
//! tell it otherwise: such a log must still verify and rebuild.
//!
//! - Before protocol version 3 a removal was told twice ([`removals_told_twice`]).
//! - Before the Druid's `keeps-armour-of-thorns` marker, nothing told that a
//!   Druid kept the spell up on a friend: no `PieceChanged` of that marker alone.

use fray_protocol::{Effect, Marker, PieceChange, ScopedEffect, View, apply};

use super::removals::removals_told_twice;
use super::view::KEEPS_ARMOUR_OF_THORNS;

/// True when `stored`, one action's effects as an earlier release made them,
/// tell what `made` tells today, from the referee's view `before` the action.
pub fn agrees_as_made_earlier(
    before: &View,
    stored: &[ScopedEffect],
    made: &[ScopedEffect],
) -> bool {
    let made = without_kept_thorns(before, made);
    made == stored || removals_told_twice(stored, &made)
}

/// `made` as a release without the `keeps-armour-of-thorns` marker made it.
/// A piece's change tells all its stats and markers (as `fray_protocol::diff` writes it), so
/// the marker is left out of every change's markers, and a change that then
/// shows the piece as it was (the marker was all that changed) is not told.
fn without_kept_thorns(before: &View, made: &[ScopedEffect]) -> Vec<ScopedEffect> {
    let unmarked = |markers: &[Marker]| -> Vec<Marker> {
        markers
            .iter()
            .filter(|marker| marker.key != KEEPS_ARMOUR_OF_THORNS)
            .cloned()
            .collect()
    };
    let mut view = before.clone();
    let mut earlier = Vec::with_capacity(made.len());
    for scoped in made {
        let mut told = Some(scoped.clone());
        if let Effect::PieceChanged { piece, change } = &scoped.effect
            && let Some(markers) = &change.markers
        {
            let markers = unmarked(markers);
            let as_it_was = view.pieces.get(piece).is_some_and(|shown| {
                change.kind.is_none()
                    && change.stats.as_ref() == Some(&shown.stats)
                    && markers == unmarked(&shown.markers)
            });
            told = (!as_it_was).then(|| ScopedEffect {
                effect: Effect::PieceChanged {
                    piece: *piece,
                    change: PieceChange {
                        markers: Some(markers),
                        ..change.clone()
                    },
                },
                ..scoped.clone()
            });
        }
        apply(&mut view, &scoped.effect);
        earlier.extend(told);
    }
    earlier
}
