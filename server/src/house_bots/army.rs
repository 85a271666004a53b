//! The army a house bot brings: one of its system's examples, or a random
//! legal list for the match. (A list of the creator's is looked up where
//! the creator's own is, by whoever reads the request.)

use fray_protocol::{ArmyList, MatchConfig, Seat, SystemInfo};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::lobby::LobbyError;
use crate::lobby::seed::new_seed;

/// How a bot's army is drawn where it is not a list of the creator's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawnArmy {
    /// The example at this place in the system's list; the one for the
    /// bot's seat when none is named.
    Example(Option<usize>),
    /// A random legal list, of this army if named.
    Random(Option<String>),
}

/// The list a bot in `seat` of a match of `info`'s system with `config`
/// brings, drawn as `drawn` says.
pub fn draw(
    info: &SystemInfo,
    config: &MatchConfig,
    seat: Seat,
    drawn: &DrawnArmy,
) -> Result<ArmyList, LobbyError> {
    match drawn {
        DrawnArmy::Example(index) => {
            // The first two examples are the pair they were made as.
            let paired = usize::from(seat.0) % info.examples.len().clamp(1, 2);
            let index = index.unwrap_or(paired);
            info.examples.get(index).cloned().ok_or_else(|| {
                LobbyError::InvalidMatch(format!(
                    "{} has {} example armies (0 to {}), not {index}",
                    info.id,
                    info.examples.len(),
                    info.examples.len().saturating_sub(1)
                ))
            })
        }
        DrawnArmy::Random(army) => {
            let mut chance = ChaCha8Rng::from_seed(new_seed());
            let mut pick = |n: usize| (chance.next_u64() % n as u64) as usize;
            fray_rules::random_army(config, army.as_deref(), &mut pick).ok_or_else(|| {
                let known: Vec<&str> = info.armies.iter().map(|army| army.key.as_str()).collect();
                LobbyError::InvalidMatch(format!(
                    "{} has no army '{}'; choose one of {}",
                    info.id,
                    army.as_deref().unwrap_or_default(),
                    known.join(", ")
                ))
            })
        }
    }
}
