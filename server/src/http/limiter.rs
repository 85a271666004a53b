//! A token bucket per client address: each address may do a thing `burst`
//! times at once, then `per_minute` times a minute. The table of addresses
//! stays bounded however many come.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::token_bucket::{BucketRate, TokenBucket};

/// Addresses tracked at most. Past this, addresses not yet tracked share one
/// bucket until stale entries are swept: a flood of new addresses is then
/// held to one address's rate, at the cost of newcomers waiting with it.
const MAX_ADDRESSES: usize = 100_000;
/// The longest time between two sweeps.
const MAX_SWEEP_INTERVAL: Duration = Duration::from_secs(60);

/// How often one address may do one thing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// On average; 0 means no limit.
    pub per_minute: u32,
    /// At once, before the average holds it back (at least 1).
    pub burst: u32,
}

/// Per-address buckets for one kind of request.
#[derive(Debug)]
pub struct Limiter {
    rate: BucketRate,
    /// How long an emptied bucket takes to fill (at most a minute): an
    /// address not seen for that long is as good as new.
    sweep_interval: Duration,
    table: Mutex<Table>,
}

#[derive(Debug)]
struct Table {
    buckets: HashMap<IpAddr, TokenBucket>,
    /// Shared by new addresses while `buckets` is full.
    overflow: TokenBucket,
    next_sweep: Instant,
}

impl Limiter {
    /// A limiter for `rate`; none when the rate is 0 (no limit).
    pub fn new(rate: Rate, now: Instant) -> Option<Limiter> {
        if rate.per_minute == 0 {
            return None;
        }
        let rate = BucketRate {
            capacity: f64::from(rate.burst.max(1)),
            per_second: f64::from(rate.per_minute) / 60.0,
        };
        let sweep_interval =
            Duration::from_secs_f64(rate.capacity / rate.per_second).min(MAX_SWEEP_INTERVAL);
        Some(Limiter {
            rate,
            sweep_interval,
            table: Mutex::new(Table {
                buckets: HashMap::new(),
                overflow: TokenBucket::full(rate, now),
                next_sweep: now + sweep_interval,
            }),
        })
    }

    /// Takes one token of `address`'s bucket; when it is empty, how long
    /// until it holds one again.
    pub fn take(&self, address: IpAddr, now: Instant) -> Result<(), Duration> {
        let key = key(address);
        let mut table = self
            .table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if now >= table.next_sweep {
            self.sweep(&mut table, now);
        }
        let full = TokenBucket::full(self.rate, now);
        let bucket = if table.buckets.len() < MAX_ADDRESSES {
            table.buckets.entry(key).or_insert(full)
        } else {
            match table.buckets.get_mut(&key) {
                Some(bucket) => bucket,
                None => &mut table.overflow,
            }
        };
        bucket.take(self.rate, now)
    }

    /// How many addresses are tracked.
    #[cfg(test)]
    fn tracked(&self) -> usize {
        let table = self
            .table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        table.buckets.len()
    }

    /// Forgets every address whose bucket has filled up again: a full
    /// bucket is what a new address gets, so nothing is lost. Once per
    /// interval, so that a full table is not swept on every request.
    fn sweep(&self, table: &mut Table, now: Instant) {
        let rate = self.rate;
        table.buckets.retain(|_, bucket| !bucket.is_full(rate, now));
        table.next_sweep = now + self.sweep_interval;
    }
}

/// The address a bucket belongs to: as the connection cap per address
/// counts it (an IPv6 host by its /64).
fn key(address: IpAddr) -> IpAddr {
    crate::net::counted_as(address)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALICE: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1));
    const BOB: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 2));

    fn limiter(per_minute: u32, burst: u32, now: Instant) -> Limiter {
        Limiter::new(Rate { per_minute, burst }, now).expect("a limit")
    }

    fn address(n: u32) -> IpAddr {
        IpAddr::V4(n.into())
    }

    #[test]
    fn an_address_has_its_burst_then_waits_for_the_rate() {
        let start = Instant::now();
        let limiter = limiter(10, 3, start);
        for _ in 0..3 {
            assert_eq!(limiter.take(ALICE, start), Ok(()));
        }
        let wait = limiter.take(ALICE, start).unwrap_err();
        assert_eq!(
            wait.as_secs_f64().round(),
            6.0,
            "10 a minute: one every 6 s"
        );
        let later = start + Duration::from_secs(3);
        let wait = limiter.take(ALICE, later).unwrap_err();
        assert_eq!(wait.as_secs_f64().round(), 3.0);
        assert_eq!(limiter.take(ALICE, start + Duration::from_secs(6)), Ok(()));
        assert!(limiter.take(ALICE, start + Duration::from_secs(6)).is_err());
    }

    #[test]
    fn each_address_has_a_bucket_of_its_own() {
        let now = Instant::now();
        let limiter = limiter(10, 1, now);
        assert_eq!(limiter.take(ALICE, now), Ok(()));
        assert!(limiter.take(ALICE, now).is_err());
        assert_eq!(
            limiter.take(BOB, now),
            Ok(()),
            "Alice's bucket is not Bob's"
        );
    }

    #[test]
    fn an_ipv6_host_is_counted_by_its_64_and_a_mapped_ipv4_as_ipv4() {
        let now = Instant::now();
        let limiter = limiter(10, 1, now);
        let one: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let other_in_same_64: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let next_64: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(limiter.take(one, now), Ok(()));
        assert!(limiter.take(other_in_same_64, now).is_err());
        assert_eq!(limiter.take(next_64, now), Ok(()));
        assert_eq!(limiter.take(ALICE, now), Ok(()));
        let mapped: IpAddr = "::ffff:192.0.2.1".parse().unwrap();
        assert!(limiter.take(mapped, now).is_err());
    }

    #[test]
    fn a_rate_of_zero_is_no_limit() {
        let rate = Rate {
            per_minute: 0,
            burst: 5,
        };
        assert!(Limiter::new(rate, Instant::now()).is_none());
    }

    #[test]
    fn addresses_whose_bucket_filled_again_are_forgotten() {
        let start = Instant::now();
        let limiter = limiter(60, 2, start);
        for n in 0..1_000 {
            assert_eq!(limiter.take(address(n), start), Ok(()));
        }
        let second = start + Duration::from_secs(1);
        assert_eq!(limiter.take(ALICE, second), Ok(()));
        assert_eq!(limiter.take(ALICE, second), Ok(()));
        assert_eq!(limiter.tracked(), 1_001);
        // Two seconds fill an emptied bucket of 2 at one a second: the
        // thousand are full again, Alice's is not.
        let later = start + Duration::from_secs(2);
        assert_eq!(limiter.take(ALICE, later), Ok(()));
        assert_eq!(limiter.tracked(), 1);
        assert!(
            limiter.take(ALICE, later).is_err(),
            "Alice was not forgotten"
        );
    }

    #[test]
    fn the_table_stays_bounded_and_new_addresses_then_share_a_bucket() {
        let now = Instant::now();
        let limiter = limiter(1, 1, now);
        for n in 0..MAX_ADDRESSES as u32 + 10 {
            let _ = limiter.take(address(n), now);
        }
        assert_eq!(limiter.tracked(), MAX_ADDRESSES);
        assert!(
            limiter.take(address(u32::MAX), now).is_err(),
            "the shared bucket was used up by the first newcomer"
        );
        assert!(
            limiter.take(address(0), now).is_err(),
            "a tracked address keeps its own"
        );
    }
}
