//! The most connections the server holds at once, HTTP and websocket alike:
//! past it a new connection is refused at once rather than left to wait,
//! and the operator is told, without a line per refusal.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::per_address::AddressPlace;
use crate::metrics::{Metrics, Open};

/// How often the log says the server is still refusing connections.
const REPORT_EVERY: Duration = Duration::from_secs(5);

/// A connection's place under the cap, given back (and no longer counted
/// open) when it is dropped.
pub(super) struct Place {
    _permit: OwnedSemaphorePermit,
    _open: Open,
    /// Its place under its address's cap, if there is one.
    _address: Option<AddressPlace>,
}

impl Place {
    /// This place, holding `address`'s place too for as long as it lives.
    pub(super) fn with_address(self, address: Option<AddressPlace>) -> Place {
        Place {
            _address: address,
            ..self
        }
    }
}

pub(super) struct ConnectionCap {
    places: Arc<Semaphore>,
    max: usize,
    refusals: Refusals,
    metrics: Arc<Metrics>,
}

impl ConnectionCap {
    pub(super) fn new(max: usize, metrics: Arc<Metrics>) -> ConnectionCap {
        ConnectionCap {
            places: Arc::new(Semaphore::new(max)),
            max,
            refusals: Refusals::default(),
            metrics,
        }
    }

    /// A place for a connection just accepted, or `None` at the cap.
    pub(super) fn admit(&mut self) -> Option<Place> {
        let place = self.places.clone().try_acquire_owned().ok();
        let max = self.max;
        if place.is_none() {
            self.metrics.connections_refused.inc();
        }
        match place {
            Some(_) => {
                if let Some(refused) = self.refusals.admitted(Instant::now()) {
                    tracing::info!(max, refused, "below the connection cap again: accepting");
                }
            }
            None => match self.refusals.refused(Instant::now()) {
                Some(Refusing::Began) => tracing::warn!(
                    max,
                    "connection cap reached: refusing new connections until some close \
                     (--max-connections)"
                ),
                Some(Refusing::Still { refused }) => tracing::warn!(
                    max,
                    refused,
                    "still at the connection cap: refused {refused} connections in {}s",
                    REPORT_EVERY.as_secs()
                ),
                None => {}
            },
        }
        place.map(|permit| Place {
            _permit: permit,
            _open: Open::new(&self.metrics.connections),
            _address: None,
        })
    }
}

/// What the log should say after a refusal.
#[derive(Debug, PartialEq, Eq)]
enum Refusing {
    /// The first refusal since the server last had room.
    Began,
    /// Refusals go on: how many since the last line.
    Still { refused: u64 },
}

/// Counts refusals between log lines.
#[derive(Debug, Default)]
struct Refusals {
    /// When the last line was logged, while refusing.
    reported: Option<Instant>,
    /// When the last connection was refused.
    last: Option<Instant>,
    since_report: u64,
    total: u64,
}

impl Refusals {
    fn refused(&mut self, now: Instant) -> Option<Refusing> {
        self.total += 1;
        self.last = Some(now);
        let Some(reported) = self.reported else {
            self.reported = Some(now);
            return Some(Refusing::Began);
        };
        self.since_report += 1;
        if now.duration_since(reported) < REPORT_EVERY {
            return None;
        }
        self.reported = Some(now);
        let refused = std::mem::take(&mut self.since_report);
        Some(Refusing::Still { refused })
    }

    /// How many were refused in all, if the server had been refusing and
    /// has refused none for a report's time. At the cap under a flood, each
    /// place that frees is taken at once and the next connection refused:
    /// saying "room again" then, and "cap reached" after it, would be two
    /// lines a connection.
    fn admitted(&mut self, now: Instant) -> Option<u64> {
        self.reported?;
        if self
            .last
            .is_some_and(|last| now.duration_since(last) < REPORT_EVERY)
        {
            return None;
        }
        self.reported = None;
        self.since_report = 0;
        Some(std::mem::take(&mut self.total))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_logged_once_then_counted_every_few_seconds_until_room_is_back() {
        let start = Instant::now();
        let mut refusals = Refusals::default();
        assert_eq!(refusals.admitted(start), None, "nothing was refused");

        assert_eq!(refusals.refused(start), Some(Refusing::Began));
        for _ in 0..99 {
            assert_eq!(refusals.refused(start + Duration::from_secs(1)), None);
        }
        assert_eq!(
            refusals.refused(start + REPORT_EVERY),
            Some(Refusing::Still { refused: 100 })
        );
        assert_eq!(refusals.refused(start + REPORT_EVERY), None);
        let quiet = start + 2 * REPORT_EVERY;
        assert_eq!(refusals.admitted(quiet), Some(102));
        assert_eq!(refusals.admitted(quiet), None, "said once");

        let later = start + 10 * REPORT_EVERY;
        assert_eq!(refusals.refused(later), Some(Refusing::Began));
        assert_eq!(refusals.admitted(later + REPORT_EVERY), Some(1));
    }

    /// Under a flood at the cap, places free and are taken between
    /// refusals: that is still refusing, not room again.
    #[test]
    fn places_taken_between_refusals_do_not_end_the_refusing() {
        let start = Instant::now();
        let mut refusals = Refusals::default();
        assert_eq!(refusals.refused(start), Some(Refusing::Began));
        let mut lines = 0;
        for step in 1..=1_000u32 {
            let now = start + Duration::from_millis(u64::from(step) * 10);
            assert_eq!(refusals.admitted(now), None, "room again at step {step}");
            lines += usize::from(refusals.refused(now).is_some());
        }
        assert_eq!(lines, 2, "a count each report's time, over 10 s");
        let quiet = start + Duration::from_secs(10) + REPORT_EVERY;
        assert_eq!(refusals.admitted(quiet), Some(1_001));
    }

    #[test]
    fn a_place_is_given_back_when_its_connection_is_dropped() {
        let metrics = Arc::new(Metrics::new());
        let mut cap = ConnectionCap::new(2, metrics.clone());
        let first = cap.admit().expect("room for one");
        let _second = cap.admit().expect("room for two");
        assert!(cap.admit().is_none(), "a third is refused");
        assert_eq!(metrics.connections.get(), 2);
        assert_eq!(metrics.connections_refused.get(), 1);
        drop(first);
        assert_eq!(metrics.connections.get(), 1);
        assert!(cap.admit().is_some(), "room again");
    }
}
