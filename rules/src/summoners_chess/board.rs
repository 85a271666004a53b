//! Summoners Chess's board: the shared [`crate::kit::grid`] geometry. Where the
//! Acolytes may start is [`super::placement`].

pub use crate::kit::grid::*;
