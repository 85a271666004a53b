//! A match's chat room: the last lines said, told to whoever comes.

use std::collections::VecDeque;

use fray_protocol::{ChatLine, Viewer};

use super::game::MatchGame;

/// How many recent lines of chat a follower is sent after its snapshot.
pub const RECENT_CHAT: usize = 20;

pub struct ChatRoom {
    /// The last [`RECENT_CHAT`] lines said, oldest first.
    lines: VecDeque<ChatLine>,
}

impl ChatRoom {
    /// A room where `lines` (oldest first) were said last.
    pub fn new(lines: Vec<ChatLine>) -> ChatRoom {
        ChatRoom {
            lines: lines.into(),
        }
    }

    pub fn said(&mut self, line: ChatLine) {
        self.lines.push_back(line);
        while self.lines.len() > RECENT_CHAT {
            self.lines.pop_front();
        }
    }

    /// The lines kept, each as `viewer` is told it.
    pub fn lines_for<'a>(
        &'a self,
        game: &'a MatchGame,
        viewer: Viewer,
    ) -> impl Iterator<Item = ChatLine> + 'a {
        self.lines
            .iter()
            .map(move |line| line_for(game, viewer, line))
    }
}

/// A line of chat as `viewer` is told it: after its own number of the event
/// the line follows.
pub fn line_for(game: &MatchGame, viewer: Viewer, line: &ChatLine) -> ChatLine {
    ChatLine {
        seq: game.number(viewer, line.seq),
        ..line.clone()
    }
}
