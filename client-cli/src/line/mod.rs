//! The plain line screens: a match played or watched, a replay stepped
//! through, and the bot, as lines of text on standard output. For pipes,
//! scripts, logs and terminals without a full screen.

pub mod board;
pub mod bot;
pub mod choice;
pub mod follow;
pub mod live;
pub mod replay;

use std::borrow::Cow;
use std::fmt::Write;
use std::io::BufRead;
use std::sync::mpsc::{self, Receiver};

use fray_protocol::{ActionOption, MatchSummary, Seat};

use crate::shown::shown;

/// Player names by seat, from a match's summary, escaped to print.
pub fn seat_names(summary: &MatchSummary) -> Vec<(Seat, String)> {
    summary
        .seats
        .iter()
        .filter_map(|seat| {
            let name = &seat.player.as_ref()?.name;
            Some((seat.seat, shown(name).into_owned()))
        })
        .collect()
}

/// The options numbered from 1, notations in a column:
/// `  1) Qh2-h3   Druid on h2 moves to h3`.
pub fn options_text(options: &[ActionOption]) -> String {
    let number_width = options.len().to_string().len();
    let shown: Vec<(Cow<str>, Cow<str>)> = options
        .iter()
        .map(|option| (shown(&option.notation), shown(&option.label)))
        .collect();
    let notation_width = shown
        .iter()
        .map(|(notation, _)| notation.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (index, (notation, label)) in shown.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {:>number_width$}) {notation:<notation_width$}  {label}",
            index + 1,
        );
    }
    out
}

/// Standard input, line by line, from a thread of its own so that the
/// match goes on while no one types; `None` at its end.
pub fn stdin_lines() -> Receiver<Option<String>> {
    let (lines, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            match line {
                Ok(line) => {
                    if lines.send(Some(line)).is_err() {
                        return;
                    }
                }
                Err(_) => break,
            }
        }
        let _ = lines.send(None);
    });
    receiver
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::Action;

    #[test]
    fn options_are_numbered_in_columns() {
        let options: Vec<ActionOption> = [("Qh2-h3", "moves"), ("end", "ends the turn")]
            .iter()
            .map(|(notation, label)| ActionOption {
                action: Action::new("x"),
                notation: notation.to_string(),
                label: label.to_string(),
            })
            .collect();
        assert_eq!(
            options_text(&options),
            "  1) Qh2-h3  moves\n  2) end     ends the turn\n"
        );
    }
}
