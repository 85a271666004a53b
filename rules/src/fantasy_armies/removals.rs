//! How a removal is told: one `PieceRemoved` whose reason carries the cause
//! ("removed (lost a contest)"). Releases before protocol version 3 told it
//! twice, a narration with the cause ("Ghoul on f6 is removed (lost a
//! contest)") and a `PieceRemoved` "removed from play"; their logs must
//! still verify and rebuild.

use std::collections::BTreeMap;

use fray_protocol::{Effect, ScopedEffect};

/// What a removal for `cause` says in its `PieceRemoved`.
pub(crate) fn removal_reason(cause: &str) -> String {
    format!("removed ({cause})")
}

const EARLIER_REASON: &str = "removed from play";

/// True when `stored`, one action's effects as an earlier release made them,
/// told the same removals as `made` in the two-line form: the same effects
/// once the narrations of removals are left out and the removals' reasons
/// set aside, and the same causes, as many times each.
pub(crate) fn removals_told_twice(stored: &[ScopedEffect], made: &[ScopedEffect]) -> bool {
    let mut causes_told: BTreeMap<String, usize> = BTreeMap::new();
    let mut rest_stored = Vec::new();
    for scoped in stored {
        match &scoped.effect {
            Effect::Narration { text } => match earlier_cause(&text.to_string()) {
                Some(cause) => *causes_told.entry(cause).or_default() += 1,
                None => rest_stored.push(without_reason(scoped)),
            },
            Effect::PieceRemoved { reason, .. } if reason != EARLIER_REASON => return false,
            _ => rest_stored.push(without_reason(scoped)),
        }
    }
    if causes_told.is_empty() {
        return false;
    }
    let mut causes_made: BTreeMap<String, usize> = BTreeMap::new();
    for scoped in made {
        if let Effect::PieceRemoved { reason, .. } = &scoped.effect {
            let Some(cause) = reason
                .strip_prefix("removed (")
                .and_then(|rest| rest.strip_suffix(')'))
            else {
                return false;
            };
            *causes_made.entry(cause.to_string()).or_default() += 1;
        }
    }
    let rest_made: Vec<ScopedEffect> = made.iter().map(without_reason).collect();
    causes_told == causes_made && rest_stored == rest_made
}

/// The cause of an earlier release's removal narration: "X is removed (cause)".
fn earlier_cause(text: &str) -> Option<String> {
    let (_, told) = text.split_once(" is removed (")?;
    Some(told.strip_suffix(')')?.to_string())
}

fn without_reason(scoped: &ScopedEffect) -> ScopedEffect {
    let mut scoped = scoped.clone();
    if let Effect::PieceRemoved { reason, .. } = &mut scoped.effect {
        reason.clear();
    }
    scoped
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::{PieceId, Square};

    fn removed(piece: u32, reason: &str) -> ScopedEffect {
        ScopedEffect::public(Effect::PieceRemoved {
            piece: PieceId(piece),
            reason: reason.into(),
        })
    }

    fn told(text: &str) -> ScopedEffect {
        ScopedEffect::public(Effect::Narration { text: text.into() })
    }

    fn moved(piece: u32) -> ScopedEffect {
        ScopedEffect::public(Effect::PieceMoved {
            piece: PieceId(piece),
            from: None,
            to: Square::new(1, 1),
        })
    }

    #[test]
    fn two_removals_told_twice_agree_with_one_line_each() {
        let stored = [
            told("Ghoul on f6 is removed (lost a contest)"),
            told("Archer on a2 is removed (Arrow Storm)"),
            moved(1),
            removed(3, EARLIER_REASON),
            removed(5, EARLIER_REASON),
        ];
        let made = [
            moved(1),
            removed(3, "removed (Arrow Storm)"),
            removed(5, "removed (lost a contest)"),
        ];
        assert!(removals_told_twice(&stored, &made));
    }

    #[test]
    fn another_cause_or_another_effect_does_not_agree() {
        let stored = [
            told("Ghoul on f6 is removed (shot)"),
            removed(3, EARLIER_REASON),
        ];
        assert!(!removals_told_twice(
            &stored,
            &[removed(3, "removed (slain)")]
        ));
        assert!(!removals_told_twice(
            &stored,
            &[moved(2), removed(3, "removed (shot)")]
        ));
        assert!(removals_told_twice(
            &stored,
            &[removed(3, "removed (shot)")]
        ));
    }

    #[test]
    fn a_log_without_the_earlier_narration_is_left_to_the_exact_comparison() {
        let same = [removed(3, "removed (shot)")];
        assert!(!removals_told_twice(&same, &same));
    }
}
