//! Who is waiting for a house bot's suggestion: one at a time per player,
//! so that no client keeps the bots' threads busy with questions.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

use fray_protocol::PlayerId;

#[derive(Debug, Default)]
pub struct Asking(Arc<Mutex<HashSet<PlayerId>>>);

/// A suggestion being thought for a player; done when dropped.
pub struct Asked {
    asking: Arc<Mutex<HashSet<PlayerId>>>,
    player: PlayerId,
}

impl Asking {
    /// `player` asks for a suggestion; none while one of theirs is still
    /// being thought.
    pub fn ask(&self, player: PlayerId) -> Option<Asked> {
        let mut asking = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        asking.insert(player).then(|| Asked {
            asking: self.0.clone(),
            player,
        })
    }
}

impl Drop for Asked {
    fn drop(&mut self) {
        self.asking
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.player);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_asks_one_at_a_time_and_may_ask_again_once_answered() {
        let asking = Asking::default();
        let first = asking.ask(PlayerId(1));
        assert!(first.is_some());
        assert!(asking.ask(PlayerId(1)).is_none(), "a second question waits");
        assert!(asking.ask(PlayerId(2)).is_some(), "another player may ask");
        drop(first);
        assert!(asking.ask(PlayerId(1)).is_some());
    }
}
