//! The server's memory, from `/proc/PID/status` (Linux).

use serde::Serialize;

/// One reading, in KiB.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Memory {
    /// Resident set size now.
    pub rss_kib: u64,
    /// The highest resident set size so far ("high water mark").
    pub hwm_kib: u64,
}

/// Reads VmRSS and VmHWM of process `pid`; why not, when it cannot.
pub fn read(pid: u32) -> Result<Memory, String> {
    let path = format!("/proc/{pid}/status");
    let text = std::fs::read_to_string(&path).map_err(|error| format!("{path}: {error}"))?;
    parse(&text).ok_or_else(|| format!("{path} has no VmRSS or VmHWM"))
}

fn parse(status: &str) -> Option<Memory> {
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| {
                rest.trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<u64>()
                    .ok()
            })
    };
    Some(Memory {
        rss_kib: field("VmRSS:")?,
        hwm_kib: field("VmHWM:")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_fields_are_read_in_kib() {
        let status = "Name:\tfray-server\nVmHWM:\t   51200 kB\nVmRSS:\t   40960 kB\nThreads:\t3\n";
        let memory = parse(status).unwrap();
        assert_eq!((memory.rss_kib, memory.hwm_kib), (40960, 51200));
    }

    #[test]
    fn this_process_can_be_read() {
        let memory = read(std::process::id()).unwrap();
        assert!(memory.rss_kib > 0 && memory.hwm_kib >= memory.rss_kib);
    }
}
