//! What every system builds its rules from, apart from the contract they
//! keep: the board's grid, dice, the log an action tells, the referee's kept
//! view, match options read against their specs, the form of an action and
//! the checks every army list begins with.

pub mod action_form;
pub mod army_check;
pub mod compass;
pub mod describe;
pub mod dice;
pub mod effect_log;
pub mod game_length;
pub mod grid;
pub mod kept_view;
pub mod match_options;
