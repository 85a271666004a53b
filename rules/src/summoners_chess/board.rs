//! Summoners Chess's board: the shared [`crate::grid`] geometry. Where the
//! Acolytes may start is [`super::placement`].

pub use crate::grid::*;
