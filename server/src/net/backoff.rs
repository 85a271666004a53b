//! Waiting out a failing `accept`. Out of files or memory (EMFILE, ENFILE,
//! ENOBUFS, ENOMEM), the listener fails again at once until something is
//! freed: retrying in a loop would spin a core and flood the log while the
//! connections being served need both.

use std::time::{Duration, Instant};

const FIRST_WAIT: Duration = Duration::from_millis(10);
const LONGEST_WAIT: Duration = Duration::from_secs(1);
const LOG_EVERY: Duration = Duration::from_secs(1);

/// Whether `error` concerns only the connection being accepted (it went
/// away before it was taken), so the next one may be taken at once.
pub(super) fn concerns_one_connection(error: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        error.kind(),
        ConnectionAborted | ConnectionReset | ConnectionRefused
    )
}

#[derive(Debug, Default)]
pub(super) struct AcceptBackoff {
    /// The wait before the next attempt; none after a success.
    wait: Option<Duration>,
    logged: Option<Instant>,
    unlogged: u64,
}

/// What to do after a failure.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Failed {
    pub(super) wait: Duration,
    /// Set when this failure should be logged: how many failures before it
    /// were not.
    pub(super) log: Option<u64>,
}

impl AcceptBackoff {
    pub(super) fn failed(&mut self, now: Instant) -> Failed {
        let wait = self
            .wait
            .map_or(FIRST_WAIT, |wait| (wait * 2).min(LONGEST_WAIT));
        self.wait = Some(wait);
        let due = self
            .logged
            .is_none_or(|logged| now.duration_since(logged) >= LOG_EVERY);
        let log = if due {
            self.logged = Some(now);
            Some(std::mem::take(&mut self.unlogged))
        } else {
            self.unlogged += 1;
            None
        };
        Failed { wait, log }
    }

    /// The next failure waits the shortest time again; the log is still
    /// written at most once a second.
    pub(super) fn succeeded(&mut self) {
        self.wait = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_a_second_and_start_over_after_a_success() {
        let now = Instant::now();
        let mut backoff = AcceptBackoff::default();
        let waits: Vec<u64> = (0..9)
            .map(|_| backoff.failed(now).wait.as_millis() as u64)
            .collect();
        assert_eq!(waits, [10, 20, 40, 80, 160, 320, 640, 1000, 1000]);
        backoff.succeeded();
        assert_eq!(backoff.failed(now).wait, FIRST_WAIT);
    }

    #[test]
    fn failures_are_logged_at_most_once_a_second_with_how_many_were_not() {
        let start = Instant::now();
        let mut backoff = AcceptBackoff::default();
        assert_eq!(backoff.failed(start).log, Some(0));
        for millis in [10, 30, 70] {
            let at = start + Duration::from_millis(millis);
            assert_eq!(backoff.failed(at).log, None);
        }
        backoff.succeeded();
        let at = start + Duration::from_millis(500);
        assert_eq!(backoff.failed(at).log, None, "a success does not reset it");
        let at = start + LOG_EVERY;
        assert_eq!(backoff.failed(at).log, Some(4));
    }

    #[test]
    fn a_connection_that_went_away_is_not_a_failing_listener() {
        use std::io::{Error, ErrorKind};
        assert!(concerns_one_connection(&Error::from(
            ErrorKind::ConnectionAborted
        )));
        let out_of_files = Error::from_raw_os_error(libc::EMFILE);
        assert!(!concerns_one_connection(&out_of_files));
    }
}
