use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{PieceId, Square};

/// What a player does, in one machine form for every system: a verb and the
/// things it names. The rules list every legal action as an [`ActionOption`];
/// a client sends one back unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct Action {
    /// What is done, such as `move`, `deploy`, `shoot`, `cast` or `pass`;
    /// each system lists its own.
    pub verb: String,
    /// The piece that acts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<PieceId>,
    /// A piece acted upon: shot at, enchanted, carried.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<PieceId>,
    /// A square moved to, placed on or aimed at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Square>,
    /// A named choice: a spell, a unit type, an answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<String>,
}

impl Action {
    pub fn new(verb: impl Into<String>) -> Self {
        Action {
            verb: verb.into(),
            piece: None,
            target: None,
            to: None,
            choice: None,
        }
    }

    pub fn piece(mut self, piece: PieceId) -> Self {
        self.piece = Some(piece);
        self
    }

    pub fn target(mut self, target: PieceId) -> Self {
        self.target = Some(target);
        self
    }

    pub fn to(mut self, square: Square) -> Self {
        self.to = Some(square);
        self
    }

    pub fn choice(mut self, choice: impl Into<String>) -> Self {
        self.choice = Some(choice.into());
        self
    }
}

/// A legal action with its short notation ("Qd1-d4") and a label in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ActionOption {
    /// The action to send back, unchanged, in `act`.
    pub action: Action,
    /// A short notation, such as `Qd1-d4`.
    pub notation: String,
    /// The action in words, such as `Wizard on d1 moves to d4`.
    pub label: String,
}

/// Why an action was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Rejection {
    pub code: RejectCode,
    pub message: String,
}

/// The rules' reasons to refuse an action; each is also an [`crate::ErrorCode`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RejectCode {
    /// The game is over.
    GameOver,
    /// This seat does not decide now.
    NotYourTurn,
    /// The action names a piece the seat does not command.
    NotYourPiece,
    /// The verb or its parts make no sense in this game.
    UnknownAction,
    /// A well-formed action the rules do not allow now.
    IllegalAction,
}

impl Rejection {
    pub fn new(code: RejectCode, message: impl Into<String>) -> Self {
        Rejection {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Rejection {}
