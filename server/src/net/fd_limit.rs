//! The process's limit on open files, which bounds how many connections it
//! can hold. A process inherits a soft limit (often 1,024) below the hard
//! one it may raise it to; at the soft limit every `accept` fails, and
//! `/healthz` with it.

/// Files kept for everything but connections: the database and its pool,
/// the listener, the runtime, and the moment a connection to be refused is
/// open.
const RESERVED_FILES: u64 = 64;

/// Raises the open-file limit as far as it may go, and returns `wanted`, or
/// fewer if the process may not open that many files: a connection past the
/// limit would fail every `accept` after it, while one past the cap is
/// refused and the rest go on.
pub(super) fn max_connections_that_fit(wanted: usize) -> usize {
    let open_files = raise_to_hard();
    let fits = connections_within(wanted, open_files);
    if let Some(open_files) = open_files
        && fits < wanted
    {
        tracing::warn!(
            open_files,
            wanted,
            max_connections = fits,
            "the connection cap is lowered to {fits} to fit the open-file limit; \
             raise the hard limit (ulimit -Hn, systemd's LimitNOFILE) to hold {wanted}"
        );
    }
    fits
}

/// Raises the soft limit on open files as far as the hard limit allows;
/// the limit then in force (`None`: unlimited is not a number to cap by).
#[cfg(unix)]
fn raise_to_hard() -> Option<u64> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};

    let limit = getrlimit(Resource::Nofile);
    // `None` is unlimited. An unlimited hard limit is still bounded by the
    // kernel (Linux's fs.nr_open is 1,048,576 by default); ask for that much.
    let wanted = limit.maximum.unwrap_or(1 << 20);
    let Some(soft) = limit.current else {
        tracing::info!("open-file limit: unlimited");
        return Some(u64::MAX);
    };
    if soft >= wanted {
        tracing::info!(limit = soft, "open-file limit");
        return Some(soft);
    }
    let raised = Rlimit {
        current: Some(wanted),
        maximum: limit.maximum,
    };
    if let Err(error) = setrlimit(Resource::Nofile, raised) {
        let error = std::io::Error::from(error);
        tracing::warn!(%error, limit = soft, wanted, "cannot raise the open-file limit");
        return Some(soft);
    }
    tracing::info!(limit = wanted, from = soft, "raised the open-file limit");
    Some(wanted)
}

#[cfg(not(unix))]
fn raise_to_hard() -> Option<u64> {
    None
}

/// The most connections that fit in `open_files` with the reserve kept:
/// `wanted`, or fewer (and never none).
fn connections_within(wanted: usize, open_files: Option<u64>) -> usize {
    let Some(open_files) = open_files else {
        return wanted;
    };
    let room = open_files.saturating_sub(RESERVED_FILES).max(1);
    usize::try_from(room).map_or(wanted, |room| wanted.min(room))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_is_lowered_to_leave_files_for_the_rest_of_the_server() {
        assert_eq!(connections_within(16384, Some(1_048_576)), 16384);
        assert_eq!(connections_within(16384, Some(1024)), 1024 - 64);
        assert_eq!(connections_within(16384, Some(16384 + 64)), 16384);
        assert_eq!(connections_within(16384, Some(16384 + 63)), 16383);
        assert_eq!(connections_within(16384, Some(10)), 1);
        assert_eq!(connections_within(16384, None), 16384);
    }
}
