use fray_protocol::{
    Action, ActionOption, ArmyList, Effect, MatchConfig, Outcome, Rejection, ScopedEffect, Seat,
    SystemId, SystemInfo, View, Viewer, apply_all,
};

use crate::chessboard_confrontation::{self, ChessboardConfrontation};
use crate::dice::Dice;
use crate::engine::{GameRules, SetupError};
use crate::fantasy_armies;
use crate::summoners_chess::{self, SummonersChess};
use crate::system::{GameSystem, SystemVisitor};

/// Makes, from the one list of systems below, everything that goes over
/// every system: the [`Game`] enum and its dispatch, [`registered`],
/// [`with_system`], [`systems`], [`example_armies`], [`validate_army`] and
/// [`validate_army_for`].
macro_rules! registry {
    ($($variant:ident => $module:ident :: $rules:ident),+ $(,)?) => {
        /// A match of any system the engine plays.
        #[derive(Clone)]
        pub enum Game {
            $($variant(Box<crate::$module::$rules>),)+
        }

        /// Runs the same call on whichever system a game plays.
        macro_rules! on_each_system {
            ($game:expr, $bound:ident => $call:expr) => {
                match $game {
                    $(Game::$variant($bound) => $call,)+
                }
            };
        }

        /// Every registered system, in the registry's order.
        pub fn registered() -> &'static [SystemId] {
            &[$(<crate::$module::$rules as GameSystem>::ID,)+]
        }

        /// Does `visitor`'s work with the concrete type of `system`; `None`
        /// for a system not registered (not playable yet).
        pub fn with_system<V: SystemVisitor>(system: SystemId, visitor: V) -> Option<V::Output> {
            $(
                if system == <crate::$module::$rules as GameSystem>::ID {
                    return Some(visitor.visit::<crate::$module::$rules>());
                }
            )+
            None
        }

        impl Game {
            pub fn system(&self) -> SystemId {
                match self {
                    $(Game::$variant(_) => <crate::$module::$rules as GameSystem>::ID,)+
                }
            }

            pub fn setup(
                config: &MatchConfig,
                armies: &[ArmyList],
                dice: &mut dyn Dice,
            ) -> Result<(Self, Vec<ScopedEffect>), SetupError> {
                $(
                    if config.system == <crate::$module::$rules as GameSystem>::ID {
                        return <crate::$module::$rules as GameRules>::setup(config, armies, dice)
                            .map(|(game, effects)| (Game::$variant(Box::new(game)), effects));
                    }
                )+
                Err(SetupError::NotImplemented(config.system.to_string()))
            }
        }
    };
}

// The one list of systems: `Variant => folder::RulesType`, the type
// implementing [`GameSystem`]. Registering a system is one line here.
registry! {
    FantasyArmies => fantasy_armies::FantasyArmies,
    ChessboardConfrontation => chessboard_confrontation::ChessboardConfrontation,
    ActionChessFactionChess => action_chess_faction_chess::ActionChessFactionChess,
    ChessWar => chess_war::ChessWar,
    SummonersChess => summoners_chess::SummonersChess,
}

/// Every system that can be played, with its options, armies, profiles and
/// example lists.
pub fn systems() -> Vec<SystemInfo> {
    struct Info;
    impl SystemVisitor for Info {
        type Output = SystemInfo;
        fn visit<S: GameSystem>(self) -> SystemInfo {
            S::info()
        }
    }
    registered()
        .iter()
        .filter_map(|&system| with_system(system, Info))
        .collect()
}

/// Two valid army lists of a playable system, one per seat: the first two of
/// its examples (Dwarfs against Undead, a Lucky squad against an Armor
/// squad), or its only one twice (Summoners). What tests, benchmarks and
/// recorded games play with; `None` for a system not playable yet.
pub fn example_armies(system: SystemId) -> Option<[ArmyList; 2]> {
    struct Pair;
    impl SystemVisitor for Pair {
        type Output = [ArmyList; 2];
        fn visit<S: GameSystem>(self) -> [ArmyList; 2] {
            let examples = S::examples();
            let first = examples[0].clone();
            let second = examples.get(1).unwrap_or(&first).clone();
            [first, second]
        }
    }
    with_system(system, Pair)
}

/// Checks an army list against its system's rules, with every reason it fails.
pub fn validate_army(list: &ArmyList) -> Result<(), Vec<String>> {
    struct Validate<'a>(&'a ArmyList);
    impl SystemVisitor for Validate<'_> {
        type Output = Result<(), Vec<String>>;
        fn visit<S: GameSystem>(self) -> Self::Output {
            S::validate_army(self.0)
        }
    }
    with_system(list.system, Validate(list))
        .unwrap_or_else(|| Err(vec![format!("{} is not playable yet", list.system)]))
}

/// Checks an army list against the match it is brought to (created or
/// joined) by `seat`: what [`validate_army`] checks, and what depends on the
/// match's options, such as Chessboard Confrontation's points.
pub fn validate_army_for(
    config: &MatchConfig,
    seat: Seat,
    list: &ArmyList,
) -> Result<(), SetupError> {
    if list.system != config.system {
        return Err(SetupError::WrongSystem {
            expected: config.system.to_string(),
            found: list.system.to_string(),
        });
    }
    struct ValidateFor<'a>(&'a MatchConfig, Seat, &'a ArmyList);
    impl SystemVisitor for ValidateFor<'_> {
        type Output = Result<(), SetupError>;
        fn visit<S: GameSystem>(self) -> Self::Output {
            S::validate_army_for(self.0, self.1, self.2)
        }
    }
    with_system(list.system, ValidateFor(config, seat, list)).unwrap_or_else(|| {
        Err(SetupError::InvalidArmy {
            seat: seat.0,
            reasons: vec![format!("{} is not playable yet", list.system)],
        })
    })
}

/// True when `stored`, the effects of one action in a match's log, are
/// `made`, the effects the rules make for it now, as an earlier release made
/// them: Summoners Chess told a summons before the move that caused it,
/// Chessboard Confrontation narrated each step besides moving the piece, and
/// Fantasy Armies narrated each removal besides removing the piece (before
/// protocol version 3) and had no marker for a Druid keeping Armour of
/// Thorns on a friend. Besides, each system once wrote its view changes by
/// hand, in its own order and forms, where they are now found by comparing
/// views ([`fray_protocol::diff`]): a log that tells the same dice and
/// narration, to the same audiences, and whose changes leave the same views,
/// agrees ([`agrees_in_substance`]). `before` is every viewer's view before
/// the action: an earlier form never lets an audience change through, since
/// each viewer must be left where `made` leaves it. Logs stored then still
/// verify and rebuild; anything else must be `made` exactly.
pub fn agrees_as_made_earlier(
    system: SystemId,
    before: &EveryView,
    stored: &[ScopedEffect],
    made: &[ScopedEffect],
) -> bool {
    // Chessboard Confrontation's step narrations are left out once, for its
    // own earlier form and for the comparison in substance alike.
    let steps_told_once = match system {
        SystemId::ChessboardConfrontation => {
            chessboard_confrontation::without_steps_told_twice(stored)
        }
        _ => None,
    };
    let in_its_own_earlier_form = match system {
        SystemId::SummonersChess => {
            summoners_chess::summons_told_first(made).is_some_and(|earlier| earlier == stored)
        }
        SystemId::ChessboardConfrontation => steps_told_once.as_deref() == Some(made),
        SystemId::FantasyArmies => {
            fantasy_armies::agrees_as_made_earlier(before.referee(), stored, made)
        }
        _ => false,
    };
    in_its_own_earlier_form
        || agrees_in_substance(before, steps_told_once.as_deref().unwrap_or(stored), made)
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

impl Game {
    /// The set-up an earlier release gave this match, where it differs from
    /// today's: Chessboard Confrontation's Retrieve let random obstacles on
    /// the corners of seated players' sides, and Summoners Chess asked seat 0
    /// alone to place its Acolytes first. Set up again this way, a match
    /// stored then rebuilds and verifies; none where nothing changed.
    pub fn setup_as_made_earlier(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Option<Result<(Self, Vec<ScopedEffect>), SetupError>> {
        match config.system {
            SystemId::ChessboardConfrontation => {
                ChessboardConfrontation::setup_as_made_earlier(config, armies, dice).map(|made| {
                    made.map(|(game, effects)| {
                        (Game::ChessboardConfrontation(Box::new(game)), effects)
                    })
                })
            }
            SystemId::SummonersChess => SummonersChess::setup_as_made_earlier(config, armies, dice)
                .map(|made| {
                    made.map(|(game, effects)| (Game::SummonersChess(Box::new(game)), effects))
                }),
            _ => None,
        }
    }

    pub fn to_act(&self) -> Vec<Seat> {
        on_each_system!(self, game => game.to_act().to_vec())
    }

    pub fn options(&self, seat: Seat) -> Vec<ActionOption> {
        on_each_system!(self, game => game.options(seat))
    }

    pub fn act(
        &mut self,
        seat: Seat,
        action: &Action,
        dice: &mut dyn Dice,
    ) -> Result<Vec<ScopedEffect>, Rejection> {
        on_each_system!(self, game => game.act(seat, action, dice))
    }

    pub fn view(&self, viewer: Viewer) -> View {
        on_each_system!(self, game => game.view(viewer))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        on_each_system!(self, game => game.outcome())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ChaChaDice;

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
