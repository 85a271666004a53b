//! The seats that decide now, as every system's `to_act` answers them.

use std::ops::Deref;

use fray_protocol::Seat;

/// The most seats any system seats.
pub const MAX_SEATS: usize = 8;

/// The seats that decide now: a small `Copy` set in seat order, read as a
/// slice (`to_act()[0]`, `contains`, `is_empty`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Seats {
    seats: [Seat; MAX_SEATS],
    len: u8,
}

impl Seats {
    pub const NONE: Seats = Seats {
        seats: [Seat(0); MAX_SEATS],
        len: 0,
    };

    pub fn one(seat: Seat) -> Seats {
        let mut seats = Seats::NONE;
        seats.insert(seat);
        seats
    }

    /// Adds `seat`, keeping seat order; a seat already there stays once.
    pub fn insert(&mut self, seat: Seat) {
        let len = usize::from(self.len);
        let at = match self.seats[..len].binary_search(&seat) {
            Ok(_) => return,
            Err(at) => at,
        };
        assert!(len < MAX_SEATS, "more than {MAX_SEATS} seats");
        self.seats.copy_within(at..len, at + 1);
        self.seats[at] = seat;
        self.len += 1;
    }
}

impl Deref for Seats {
    type Target = [Seat];

    fn deref(&self) -> &[Seat] {
        &self.seats[..usize::from(self.len)]
    }
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl From<Option<Seat>> for Seats {
    fn from(seat: Option<Seat>) -> Seats {
        seat.map_or(Seats::NONE, Seats::one)
    }
}

impl FromIterator<Seat> for Seats {
    fn from_iter<I: IntoIterator<Item = Seat>>(seats: I) -> Seats {
        let mut set = Seats::NONE;
        for seat in seats {
            set.insert(seat);
        }
        set
    }
}

impl PartialEq<Vec<Seat>> for Seats {
    fn eq(&self, other: &Vec<Seat>) -> bool {
        **self == other[..]
    }
}
