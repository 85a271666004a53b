//! A tool's report on standard output.
//!
//! Rust ignores SIGPIPE, so writing to a pipe whose reader has gone
//! (`fray-server verify 42 | head -1`) fails with EPIPE rather than ending
//! the process as it ends a C tool, and `print!` panics on that failure.

use std::fmt::Display;
use std::io::{self, Write};

/// Writes `report` to standard output. A reader that stopped reading has
/// what it wanted: the rest is dropped quietly, not reported as an error.
pub fn print_report(report: impl Display) -> io::Result<()> {
    let mut out = io::stdout().lock();
    match write!(out, "{report}").and_then(|()| out.flush()) {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        written => written,
    }
}
