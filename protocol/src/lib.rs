//! Fray's shared vocabulary: what a client may see of a game (views), how a view
//! changes (effects), what a player may do (actions and their options), and
//! how a game ends (outcomes). No IO and no rules live here: [`apply`] is the
//! only logic, and it is all a client needs to follow a game.

#![forbid(unsafe_code)]

mod action;
mod apply;
mod army;
mod army_tally;
mod batch_json;
mod board;
mod bot;
mod diff;
mod effect;
mod error;
mod lobby;
mod message;
mod outcome;
mod phrase;
mod sequence;
mod system;
pub mod text;
mod view;

pub use action::{Action, ActionOption, RejectCode, Rejection};
pub use apply::{apply, apply_all};
pub use army::{ArmyCheck, ArmyEntry, ArmyList};
pub use army_tally::Tally;
pub use batch_json::batch_json;
pub use board::{PieceId, Seat, Square, SquareParseError};
pub use bot::{BotArmy, BotLevel, NewBot, Suggestion, SuggestionRequest, UnknownBotLevel};
pub use diff::{
    RemovalReason, diff, diff_board, diff_into, diff_piece, diff_piece_square, diff_players,
    diff_progress,
};
pub use effect::{Audience, DiceRoll, Die, Effect, PieceChange, ScopedEffect};
pub use error::{ErrorBody, ErrorCode, ErrorDetail};
pub use lobby::{
    ArmyListId, EventKind, History, HistoryEvent, JoinMatch, MatchId, MatchStatus, MatchSummary,
    NewMatch, NewPlayer, PlayerCreated, PlayerId, PlayerRef, Replay, ReplayEvent, SeatSummary,
    StoredArmyList,
};
pub use message::{
    Batch, ChatLine, ClientMessage, Limits, PROTOCOL_VERSION, Role, ServerMessage, Snapshot,
};
pub use outcome::Outcome;
pub use phrase::{Phrase, PhrasePart};
pub use sequence::{is_secret, knows_of};
pub use system::{
    ArmyInfo, ArmyLimits, Buy, MatchConfig, OptionKind, OptionSpec, OptionValue, SeatRange,
    SystemId, SystemInfo, UnitInfo,
};
pub use view::{Marker, PieceView, PlayerView, Stat, TurnView, View, Viewer, Wall};
