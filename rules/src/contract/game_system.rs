//! What a game system offers besides its referee: its description, its army
//! checks, its example armies and a random army, and how its logs stored by
//! earlier releases read. The registry ([`super::registry`]) lists every
//! system once; [`super::with_system`] and [`super::registered`] let code
//! that must work on each concrete system (the simulator, the benchmarks)
//! reach them without naming any.

use fray_protocol::{ArmyList, MatchConfig, ScopedEffect, Seat, SystemId, SystemInfo, View};

use super::{GameRules, SetupError};
use crate::kit::dice::Dice;

/// Picks uniformly in `0..n` (`n > 0`): how a random army draws its choices,
/// from whatever stream of chance the caller keeps apart from the dice.
pub type Pick<'a> = &'a mut dyn FnMut(usize) -> usize;

/// One game system, as the registry lists it.
pub trait GameSystem: GameRules {
    /// The system this type plays.
    const ID: SystemId;

    /// Its description for clients: options, armies, profiles, examples,
    /// and whether each army is secret until the game reveals it
    /// (`secret_armies`, which the server's lobby obeys as well).
    fn info() -> SystemInfo;

    /// Checks an army list for no match in particular, with every reason
    /// it fails.
    fn validate_army(list: &ArmyList) -> Result<(), Vec<String>>;

    /// Checks an army list against the match it is brought to by `seat`;
    /// by default what [`GameSystem::validate_army`] checks, for systems
    /// whose lists do not depend on the match's options.
    fn validate_army_for(
        config: &MatchConfig,
        seat: Seat,
        list: &ArmyList,
    ) -> Result<(), SetupError> {
        let _ = config;
        Self::validate_army(list).map_err(|reasons| SetupError::InvalidArmy {
            seat: seat.0,
            reasons,
        })
    }

    /// Valid army lists, at least one. The first two (or the first twice)
    /// are the pair tests, benchmarks and recorded games play.
    fn examples() -> Vec<ArmyList>;

    /// A random army list, valid for a match with `config` (which may set
    /// the points), of army `army` if given, else of any army. `None` when
    /// `army` is not one of the system's armies. Only `pick` chooses, so the
    /// same picks make the same list.
    fn random_army(config: &MatchConfig, army: Option<&str>, pick: Pick) -> Option<ArmyList>;

    /// A game `seat` cannot tell from this one, with everything hidden from
    /// it drawn anew by `pick`: what a bot imagines, so that it never
    /// searches what its seat may not know (a determinisation). The same
    /// picks give the same game whatever the hidden truth was. `None` where
    /// the system cannot yet draw what it hides from `seat`; by default the
    /// game itself while nothing is hidden from anyone, else `None`. A
    /// system that hides something outside the views (a choice kept until
    /// both have chosen) draws it here too.
    fn with_hidden_drawn(&self, seat: Seat, pick: Pick) -> Option<Self> {
        let _ = (seat, pick);
        (!self.hides_anything()).then(|| self.clone())
    }

    /// The set-up an earlier release gave a match with `config`, where it
    /// differs from today's, so that a match stored then is set up again as
    /// it was; none (the default) where nothing changed.
    fn setup_as_made_earlier(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Option<Result<(Self, Vec<ScopedEffect>), SetupError>> {
        let _ = (config, armies, dice);
        None
    }

    /// `stored`, one action's effects as an earlier release logged them,
    /// without what it told twice; none (the default) when nothing was.
    /// What is left is judged as the action's effects
    /// ([`super::agrees_as_made_earlier`]).
    fn without_told_twice(stored: &[ScopedEffect]) -> Option<Vec<ScopedEffect>> {
        let _ = stored;
        None
    }

    /// True when `stored` tells what `made` tells today in a form of the
    /// system's own that an earlier release wrote, from the referee's view
    /// `before` the action; false (the default) for a system whose logs
    /// never had one.
    fn agrees_in_its_earlier_form(
        before: &View,
        stored: &[ScopedEffect],
        made: &[ScopedEffect],
    ) -> bool {
        let _ = (before, stored, made);
        false
    }
}

/// Work to do with one concrete system, handed to [`with_system`].
pub trait SystemVisitor {
    type Output;
    fn visit<S: GameSystem>(self) -> Self::Output;
}

/// Work to do with a game of whichever system it plays, handed to
/// [`super::Game::visit`]: how code beside the rules (the bots) reaches the
/// concrete game inside a match's.
pub trait GameVisitor {
    type Output;
    fn visit<S: GameSystem>(self, game: &S) -> Self::Output;
}
