//! The rules contract (docs/design.md, "The rules engine contract"): the one
//! trait every system implements ([`GameRules`], with what a system offers
//! besides its referee, [`GameSystem`]) and the registry that lists every
//! system once and dispatches over them ([`Game`]), so that nothing else
//! names a system.

mod earlier_logs;
mod game_rules;
mod game_system;
mod registry;
mod seats;
mod setup_error;

pub use earlier_logs::{EveryView, agrees_as_made_earlier, agrees_in_substance};
pub use game_rules::{GameRules, OUT_OF_SIGHT, every_viewer};
pub use game_system::{GameSystem, GameVisitor, Pick, SystemVisitor};
pub use registry::{
    Game, example_armies, random_army, registered, systems, validate_army, validate_army_for,
    with_system,
};
pub use seats::{MAX_SEATS, Seats};
pub use setup_error::SetupError;
