//! The finished matches whose actors stay after their last follower leaves.
//!
//! A finished match no one follows needs no actor; but one stopped is
//! rebuilt from its whole log for the next follower, and anyone may follow
//! a finished match, anonymously, as often as the message limit allows: a
//! connection subscribing and unsubscribing to a long match kept a core
//! busy replaying it. So the most recently followed finished matches keep
//! their actors, idle, and the least recently followed one is told to stop
//! when a newer one needs its place: memory stays bounded, and following a
//! match in it again costs a snapshot, not a replay.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use fray_protocol::MatchId;
use tokio::sync::Notify;

/// The kept matches, the least recently followed first.
#[derive(Debug)]
pub struct KeptFinished {
    capacity: usize,
    kept: Mutex<VecDeque<Kept>>,
}

#[derive(Debug)]
struct Kept {
    id: MatchId,
    /// Told when the match must give its place up.
    retire: Arc<Notify>,
}

impl KeptFinished {
    /// Keeps at most `capacity` finished matches (none with 0).
    pub fn new(capacity: usize) -> KeptFinished {
        KeptFinished {
            capacity,
            kept: Mutex::new(VecDeque::new()),
        }
    }

    /// Keeps match `id`'s actor as the most recently followed one; the
    /// actor learns through `retire` when it must stop (once it has no
    /// follower). The one least recently followed is told so if there is no
    /// room. False when nothing is kept: the actor stops when its last
    /// follower leaves.
    pub fn keep(&self, id: MatchId, retire: &Arc<Notify>) -> bool {
        if self.capacity == 0 {
            return false;
        }
        let mut kept = self.kept();
        kept.retain(|kept| kept.id != id);
        kept.push_back(Kept {
            id,
            retire: retire.clone(),
        });
        while kept.len() > self.capacity {
            if let Some(oldest) = kept.pop_front() {
                oldest.retire.notify_one();
            }
        }
        true
    }

    /// Match `id`'s actor, told by `retire`, has stopped: it holds no place.
    pub fn forget(&self, id: MatchId, retire: &Arc<Notify>) {
        self.kept()
            .retain(|kept| !(kept.id == id && Arc::ptr_eq(&kept.retire, retire)));
    }

    /// The kept matches, the least recently followed first.
    #[cfg(test)]
    fn ids(&self) -> Vec<MatchId> {
        self.kept().iter().map(|kept| kept.id).collect()
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, VecDeque<Kept>> {
        // A panic while it was held cannot leave it half-changed: each use
        // is one removal, or one insertion and the evictions it makes.
        self.kept
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// Whether `retire` was told to stop (a stored permit is taken at once).
    async fn told(retire: &Notify) -> bool {
        tokio::time::timeout(Duration::from_millis(10), retire.notified())
            .await
            .is_ok()
    }

    #[tokio::test]
    async fn the_least_recently_followed_match_gives_its_place_up() {
        let kept = KeptFinished::new(2);
        let retire: Vec<Arc<Notify>> = (0..3).map(|_| Arc::default()).collect();
        assert!(kept.keep(MatchId(1), &retire[0]));
        assert!(kept.keep(MatchId(2), &retire[1]));
        // Followed again: now the most recent.
        assert!(kept.keep(MatchId(1), &retire[0]));
        assert!(kept.keep(MatchId(3), &retire[2]));

        assert_eq!(kept.ids(), [MatchId(1), MatchId(3)]);
        assert!(told(&retire[1]).await, "match 2 was the least recent");
        assert!(!told(&retire[0]).await);
        assert!(!told(&retire[2]).await);

        kept.forget(MatchId(1), &retire[0]);
        assert_eq!(kept.ids(), [MatchId(3)]);
        kept.forget(MatchId(3), &retire[0]);
        assert_eq!(kept.ids(), [MatchId(3)], "another actor's place is kept");
    }

    #[test]
    fn with_no_room_nothing_is_kept() {
        let kept = KeptFinished::new(0);
        assert!(!kept.keep(MatchId(1), &Arc::default()));
        assert!(kept.ids().is_empty());
    }
}
