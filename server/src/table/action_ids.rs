//! The ids clients gave each seat's recent actions and resignations. A
//! client that did not hear an ack (its connection dropped, the server
//! restarted) sends the action again with the same id: it is answered with
//! the first ack, never played twice.

use std::collections::VecDeque;
use std::hash::{DefaultHasher, Hash, Hasher};

use fray_protocol::{Action, Seat};

use crate::db::events::IdentifiedEvent;

/// Ids remembered per seat. A client resends only what it sent and did not
/// hear answered, a few actions at most; the window is far wider than that.
pub const REMEMBERED_PER_SEAT: usize = 32;

/// What the seat did under one id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deed {
    /// An action, known by its fingerprint: the resend must be the same
    /// action, and a fingerprint is 8 bytes where the action is ~100.
    Action(u64),
    Resignation,
}

impl Deed {
    pub fn action(action: &Action) -> Deed {
        let mut hasher = DefaultHasher::new();
        action.hash(&mut hasher);
        Deed::Action(hasher.finish())
    }
}

/// What an id was first answered with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Earlier {
    /// The same deed under the same id: its `seq`, to ack again.
    Resent { seq: u64 },
    /// The id was used for another deed, at `seq`.
    Reused { seq: u64 },
}

#[derive(Debug, Clone, Copy)]
struct Remembered {
    id: u64,
    seq: u64,
    deed: Deed,
}

/// Each seat's last [`REMEMBERED_PER_SEAT`] ids, oldest first.
#[derive(Debug, Default)]
pub struct ActionIds {
    seats: Vec<VecDeque<Remembered>>,
}

impl ActionIds {
    /// What the log remembers: each seat's recent events that came with an
    /// id, oldest first.
    pub fn from_log(events: &[IdentifiedEvent]) -> ActionIds {
        let mut ids = ActionIds::default();
        for event in events {
            let deed = match &event.action {
                Some(action) => Deed::action(action),
                None => Deed::Resignation,
            };
            ids.remember(event.seat, event.action_id, event.seq, deed);
        }
        ids
    }

    /// What `id` from `seat` was used for before, if it is still
    /// remembered.
    pub fn earlier(&self, seat: Seat, id: u64, deed: Deed) -> Option<Earlier> {
        let remembered = self
            .seats
            .get(usize::from(seat.0))?
            .iter()
            .rev()
            .find(|remembered| remembered.id == id)?;
        Some(if remembered.deed == deed {
            Earlier::Resent {
                seq: remembered.seq,
            }
        } else {
            Earlier::Reused {
                seq: remembered.seq,
            }
        })
    }

    pub fn remember(&mut self, seat: Seat, id: u64, seq: u64, deed: Deed) {
        let seat = usize::from(seat.0);
        if self.seats.len() <= seat {
            self.seats.resize_with(seat + 1, VecDeque::new);
        }
        let ids = &mut self.seats[seat];
        if ids.len() == REMEMBERED_PER_SEAT {
            ids.pop_front();
        }
        ids.push_back(Remembered { id, seq, deed });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(to: &str) -> Action {
        Action::new("move").to(to.parse().unwrap())
    }

    #[test]
    fn the_same_action_under_the_same_id_is_a_resend_of_its_seq() {
        let mut ids = ActionIds::default();
        ids.remember(Seat(1), 7, 12, Deed::action(&step("a2")));

        assert_eq!(
            ids.earlier(Seat(1), 7, Deed::action(&step("a2"))),
            Some(Earlier::Resent { seq: 12 })
        );
        assert_eq!(
            ids.earlier(Seat(1), 7, Deed::action(&step("a3"))),
            Some(Earlier::Reused { seq: 12 })
        );
        assert_eq!(
            ids.earlier(Seat(1), 7, Deed::Resignation),
            Some(Earlier::Reused { seq: 12 })
        );
    }

    #[test]
    fn ids_are_each_seats_own() {
        let mut ids = ActionIds::default();
        ids.remember(Seat(0), 1, 1, Deed::action(&step("a2")));

        assert_eq!(ids.earlier(Seat(1), 1, Deed::action(&step("a2"))), None);
        assert_eq!(ids.earlier(Seat(3), 1, Deed::action(&step("a2"))), None);
        assert_eq!(ids.earlier(Seat(0), 2, Deed::action(&step("a2"))), None);
    }

    #[test]
    fn a_seat_keeps_its_last_ids_only() {
        let mut ids = ActionIds::default();
        let total = REMEMBERED_PER_SEAT as u64 + 3;
        for id in 1..=total {
            ids.remember(Seat(0), id, id, Deed::Resignation);
        }

        for forgotten in 1..=3 {
            assert_eq!(ids.earlier(Seat(0), forgotten, Deed::Resignation), None);
        }
        for kept in 4..=total {
            assert_eq!(
                ids.earlier(Seat(0), kept, Deed::Resignation),
                Some(Earlier::Resent { seq: kept })
            );
        }
    }

    #[test]
    fn the_log_restores_the_ids_with_their_deeds() {
        let events = [
            IdentifiedEvent {
                seat: Seat(0),
                action_id: 5,
                seq: 3,
                action: Some(step("b4")),
            },
            IdentifiedEvent {
                seat: Seat(1),
                action_id: 5,
                seq: 4,
                action: None,
            },
        ];

        let ids = ActionIds::from_log(&events);

        assert_eq!(
            ids.earlier(Seat(0), 5, Deed::action(&step("b4"))),
            Some(Earlier::Resent { seq: 3 })
        );
        assert_eq!(
            ids.earlier(Seat(1), 5, Deed::Resignation),
            Some(Earlier::Resent { seq: 4 })
        );
    }
}
