//! The one list of systems and what goes over every one of them: [`Game`]
//! and its dispatch, the systems' descriptions, their army checks.

use fray_protocol::{
    Action, ActionOption, ArmyList, MatchConfig, Outcome, Rejection, ScopedEffect, Seat, SystemId,
    SystemInfo, View, Viewer,
};

use super::{GameRules, GameSystem, GameVisitor, Pick, SetupError, SystemVisitor};
use crate::kit::dice::Dice;

/// Makes, from the one list of systems below, everything that goes over
/// every system: the [`Game`] enum and its dispatch, [`registered`],
/// [`with_system`], [`systems`], [`example_armies`], [`validate_army`] and
/// [`validate_army_for`]. Nothing else in the crate names a system.
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

            /// The set-up an earlier release gave this match, where it
            /// differs from today's ([`GameSystem::setup_as_made_earlier`]).
            /// Set up again this way, a match stored then rebuilds and
            /// verifies; none where nothing changed.
            pub fn setup_as_made_earlier(
                config: &MatchConfig,
                armies: &[ArmyList],
                dice: &mut dyn Dice,
            ) -> Option<Result<(Self, Vec<ScopedEffect>), SetupError>> {
                $(
                    if config.system == <crate::$module::$rules as GameSystem>::ID {
                        return <crate::$module::$rules as GameSystem>::setup_as_made_earlier(
                            config, armies, dice,
                        )
                        .map(|made| {
                            made.map(|(game, effects)| (Game::$variant(Box::new(game)), effects))
                        });
                    }
                )+
                None
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

/// A random army list of `config`'s system, valid for a match with
/// `config`, of `army` if given ([`GameSystem::random_army`]); `None` for a
/// system not playable yet or an army it does not have.
pub fn random_army(config: &MatchConfig, army: Option<&str>, pick: Pick) -> Option<ArmyList> {
    struct Random<'a, 'b> {
        config: &'a MatchConfig,
        army: Option<&'a str>,
        pick: &'a mut (dyn FnMut(usize) -> usize + 'b),
    }
    impl SystemVisitor for Random<'_, '_> {
        type Output = Option<ArmyList>;
        fn visit<S: GameSystem>(self) -> Option<ArmyList> {
            S::random_army(self.config, self.army, self.pick)
        }
    }
    with_system(config.system, Random { config, army, pick }).flatten()
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

impl Game {
    /// Does `visitor`'s work with the concrete game this one plays.
    pub fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        on_each_system!(self, game => visitor.visit(&**game))
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
