//! How a log stored by an earlier release is judged: it must still verify
//! and rebuild, though today's rules tell some actions otherwise.

use fray_protocol::{Effect, ScopedEffect, Seat, SystemId, View, Viewer, apply_all};

use super::{Game, GameSystem, SystemVisitor, with_system};

/// True when `stored`, the effects of one action in a match's log, are
/// `made`, the effects the rules make for it now, as an earlier release made
/// them: in the system's own earlier form (what it told twice,
/// [`GameSystem::without_told_twice`], or otherwise,
/// [`GameSystem::agrees_in_its_earlier_form`]). Besides, each system once
/// wrote its view changes by hand, in its own order and forms, where they
/// are now found by comparing views ([`fray_protocol::diff`]): a log that
/// tells the same dice and narration, to the same audiences, and whose
/// changes leave the same views, agrees ([`agrees_in_substance`]). `before`
/// is every viewer's view before the action: an earlier form never lets an
/// audience change through, since each viewer must be left where `made`
/// leaves it. Logs stored then still verify and rebuild; anything else must
/// be `made` exactly.
pub fn agrees_as_made_earlier(
    system: SystemId,
    before: &EveryView,
    stored: &[ScopedEffect],
    made: &[ScopedEffect],
) -> bool {
    struct Agrees<'a> {
        before: &'a EveryView,
        stored: &'a [ScopedEffect],
        made: &'a [ScopedEffect],
    }
    impl SystemVisitor for Agrees<'_> {
        type Output = bool;
        fn visit<S: GameSystem>(self) -> bool {
            let Agrees {
                before,
                stored,
                made,
            } = self;
            // What was told twice is left out once, for the system's own
            // earlier form and for the comparison in substance alike.
            let told_once = S::without_told_twice(stored);
            told_once.as_deref() == Some(made)
                || S::agrees_in_its_earlier_form(before.referee(), stored, made)
                || agrees_in_substance(before, told_once.as_deref().unwrap_or(stored), made)
        }
    }
    let agrees = Agrees {
        before,
        stored,
        made,
    };
    with_system(system, agrees).unwrap_or_else(|| agrees_in_substance(before, stored, made))
}

/// True when `stored` and `made` tell the same dice and narration, in the
/// same order and to the same audiences, and their changes turn each
/// viewer's view `before` into the same view, whatever order or form the
/// changes take.
pub fn agrees_in_substance(
    before: &EveryView,
    stored: &[ScopedEffect],
    made: &[ScopedEffect],
) -> bool {
    let told = |effects: &[ScopedEffect]| -> Vec<ScopedEffect> {
        effects
            .iter()
            .filter(|scoped| {
                matches!(
                    scoped.effect,
                    Effect::DiceRolled { .. } | Effect::Narration { .. }
                )
            })
            .cloned()
            .collect()
    };
    if told(stored) != told(made) {
        return false;
    }
    before.views.iter().all(|(viewer, before)| {
        let after = |effects: &[ScopedEffect]| {
            let mut view = before.clone();
            apply_all(&mut view, &ScopedEffect::for_viewer(effects, *viewer));
            view
        };
        after(stored) == after(made)
    })
}

/// Every viewer's view of a game: the referee's, a spectator's and each
/// seat's, kept along a log by applying each action's effects as each
/// viewer was sent them (the engine's contract makes that the view the
/// rules would build), to judge a log stored by an earlier release from
/// what each viewer saw.
#[derive(Debug, Clone)]
pub struct EveryView {
    /// The referee's first.
    views: Vec<(Viewer, View)>,
}

impl EveryView {
    /// Every viewer's view of `game` now.
    pub fn of(game: &Game) -> EveryView {
        let referee = game.view(Viewer::Referee);
        let seats = referee.players.len() as u8;
        let mut views = vec![(Viewer::Referee, referee)];
        for viewer in std::iter::once(Viewer::Spectator)
            .chain((0..seats).map(|seat| Viewer::Seat(Seat(seat))))
        {
            views.push((viewer, game.view(viewer)));
        }
        EveryView { views }
    }

    /// The referee's view, which a spectator shares: enough for a game whose
    /// system hides nothing from anyone, as tests of one action use.
    pub fn referee_only(view: View) -> EveryView {
        EveryView {
            views: vec![(Viewer::Referee, view.clone()), (Viewer::Spectator, view)],
        }
    }

    pub fn referee(&self) -> &View {
        &self.views[0].1
    }

    /// Each viewer's view after `effects`.
    pub fn apply(&mut self, effects: &[ScopedEffect]) {
        for (viewer, view) in &mut self.views {
            let told = effects
                .iter()
                .filter(|scoped| scoped.audience.includes(*viewer))
                .map(|scoped| &scoped.effect);
            apply_all(view, told);
        }
    }
}

#[cfg(test)]
mod tests {
    use fray_protocol::MatchConfig;

    use super::*;
    use crate::ChaChaDice;
    use crate::contract::example_armies;

    /// The first action of a Chessboard Confrontation game that changes two
    /// of one seat's counters at once, with the referee's view before it.
    fn two_counters_changed() -> (EveryView, Vec<ScopedEffect>) {
        let system = SystemId::ChessboardConfrontation;
        let armies = example_armies(system).unwrap();
        let mut dice = ChaChaDice::from_u64(1);
        let (mut game, _) = Game::setup(&MatchConfig::new(system), &armies, &mut dice).unwrap();
        loop {
            let seat = game.to_act()[0];
            let option = game.options(seat).remove(0);
            let before = EveryView::of(&game);
            let made = game.act(seat, &option.action, &mut dice).unwrap();
            let resources = made
                .iter()
                .filter(|s| matches!(s.effect, Effect::ResourceChanged { .. }))
                .count();
            if resources >= 2 {
                return (before, made);
            }
            assert!(game.outcome().is_none(), "no action changed two counters");
        }
    }

    #[test]
    fn changes_in_another_order_agree_and_a_tampered_log_does_not() {
        let (before, made) = two_counters_changed();
        let system = SystemId::ChessboardConfrontation;
        // Today's order of the counters is not the one stored logs have:
        // the same changes, reordered, agree.
        let mut reordered = made.clone();
        let at: Vec<usize> = (0..made.len())
            .filter(|&i| matches!(made[i].effect, Effect::ResourceChanged { .. }))
            .collect();
        reordered.swap(at[0], at[1]);
        assert_ne!(reordered, made);
        assert!(agrees_as_made_earlier(system, &before, &reordered, &made));
        // A change that leaves another view does not.
        let mut tampered = made.clone();
        if let Effect::ResourceChanged { value, .. } = &mut tampered[at[0]].effect {
            *value += 1;
        }
        assert!(!agrees_as_made_earlier(system, &before, &tampered, &made));
        // Nor does narration told to another audience, or dice left out.
        let mut hidden = made.clone();
        let told = (0..made.len()).find(|&i| {
            matches!(
                made[i].effect,
                Effect::Narration { .. } | Effect::DiceRolled { .. }
            )
        });
        if let Some(told) = told {
            hidden[told].audience = fray_protocol::Audience::Referee;
            assert!(!agrees_as_made_earlier(system, &before, &hidden, &made));
            hidden.remove(told);
            assert!(!agrees_as_made_earlier(system, &before, &hidden, &made));
        }
    }
}
