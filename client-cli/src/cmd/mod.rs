//! One file per command group; each parses nothing and prints what the
//! server answered, through `render`.

pub mod against;
pub mod army;
pub mod load;
pub mod login;
pub mod matches;
pub mod play;

use crate::fail::Failure;
use crate::session::Session;
use crate::{print, render};

/// `fray systems`.
pub fn systems(session: &Session) -> Result<(), Failure> {
    let systems = session.server()?.systems()?;
    print(&render::systems(&systems, render::output_width()))
}
