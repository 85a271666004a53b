//! What a game system offers besides its referee: its description, its army
//! checks, its example armies and a random army. [`crate::game`] registers
//! every system in one list; [`with_system`] and [`registered`] let code
//! that must work on each concrete system (the simulator, the benchmarks)
//! reach them without naming any.

use fray_protocol::{ArmyList, MatchConfig, Seat, SystemId, SystemInfo};

use crate::engine::SetupError;
use crate::move_rules::MoveRules;

pub use crate::game::{registered, with_system};

/// Picks uniformly in `0..n` (`n > 0`): how a random army draws its choices,
/// from whatever stream of chance the caller keeps apart from the dice.
pub type Pick<'a> = &'a mut dyn FnMut(usize) -> usize;

/// One game system, as the registry in [`crate::game`] lists it.
pub trait GameSystem: MoveRules {
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
}

/// Work to do with one concrete system, handed to [`with_system`].
pub trait SystemVisitor {
    type Output;
    fn visit<S: GameSystem>(self) -> Self::Output;
}
