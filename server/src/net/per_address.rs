//! The most connections one client address holds at once, HTTP and
//! websocket alike. Without it one address could take every place under
//! the server's connection cap, and everyone else (a monitor's `/healthz`
//! too) would be refused. An address is counted as the lobby's limits count
//! it: an IPv6 client by its /64.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The connections each address holds open now. Only addresses holding
/// one are in it, so it is no larger than the connections open.
type OpenByAddress = Arc<Mutex<HashMap<IpAddr, usize>>>;

pub(super) struct AddressCap {
    /// 0: no limit.
    max: usize,
    open: OpenByAddress,
}

/// A connection's place under its address's cap, given back when dropped.
pub(super) struct AddressPlace {
    address: IpAddr,
    open: OpenByAddress,
}

impl AddressCap {
    pub(super) fn new(max: usize) -> AddressCap {
        AddressCap {
            max,
            open: OpenByAddress::default(),
        }
    }

    pub(super) fn max(&self) -> usize {
        self.max
    }

    /// A place for a connection just accepted from `peer`: `Err` when its
    /// address holds as many as it may; `Ok(None)` when there is no limit.
    pub(super) fn admit(&self, peer: IpAddr) -> Result<Option<AddressPlace>, AddressFull> {
        if self.max == 0 {
            return Ok(None);
        }
        let address = counted_as(peer);
        let mut open = lock(&self.open);
        let held = open.entry(address).or_insert(0);
        if *held >= self.max {
            return Err(AddressFull);
        }
        *held += 1;
        Ok(Some(AddressPlace {
            address,
            open: self.open.clone(),
        }))
    }
}

/// The address already holds as many connections as it may.
#[derive(Debug)]
pub(super) struct AddressFull;

impl Drop for AddressPlace {
    fn drop(&mut self) {
        let mut open = lock(&self.open);
        if let Some(held) = open.get_mut(&self.address) {
            *held -= 1;
            if *held == 0 {
                open.remove(&self.address);
            }
        }
    }
}

fn lock(open: &OpenByAddress) -> std::sync::MutexGuard<'_, HashMap<IpAddr, usize>> {
    // A panic while it was held cannot leave it half-changed: each use is
    // one count changed.
    open.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The address a client is counted as. An IPv6 host is given a whole /64
/// to pick addresses from, so the /64 is what is counted; an IPv4 address
/// mapped into IPv6 counts as itself.
pub(crate) fn counted_as(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_share_and_gets_places_back() {
        let cap = AddressCap::new(2);
        let alice: IpAddr = "192.0.2.1".parse().unwrap();
        let bob: IpAddr = "192.0.2.2".parse().unwrap();
        let first = cap.admit(alice).unwrap();
        let _second = cap.admit(alice).unwrap();
        assert!(cap.admit(alice).is_err());
        assert!(cap.admit(bob).unwrap().is_some(), "Bob's are his own");
        drop(first);
        assert!(cap.admit(alice).unwrap().is_some(), "a place came back");
    }

    #[test]
    fn an_ipv6_host_is_counted_by_its_64_and_no_limit_counts_nothing() {
        let cap = AddressCap::new(1);
        let _one = cap.admit("2001:db8:1:2::1".parse().unwrap()).unwrap();
        assert!(cap.admit("2001:db8:1:2:ffff::9".parse().unwrap()).is_err());
        assert!(cap.admit("2001:db8:1:3::1".parse().unwrap()).is_ok());

        let unlimited = AddressCap::new(0);
        let loopback: IpAddr = "127.0.0.1".parse().unwrap();
        for _ in 0..3 {
            assert!(unlimited.admit(loopback).unwrap().is_none());
        }
        assert!(lock(&unlimited.open).is_empty());
    }
}
