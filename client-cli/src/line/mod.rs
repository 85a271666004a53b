//! The plain line screens: a match played or watched, a replay stepped
//! through, and the bot, as lines of text on standard output. For pipes,
//! scripts, logs and terminals without a full screen.

pub mod board;
pub mod bot;
pub mod choice;
pub mod follow;
pub mod live;
pub mod replay;

use std::fmt::Write;
use std::io::BufRead;
use std::sync::mpsc::{self, Receiver};

use fray_protocol::{ActionOption, MatchSummary, Seat};

/// Player names by seat, from a match's summary.
pub fn seat_names(summary: &MatchSummary) -> Vec<(Seat, String)> {
    summary
        .seats
        .iter()
        .filter_map(|seat| Some((seat.seat, seat.player.as_ref()?.name.clone())))
        .collect()
}

/// The options numbered from 1, notations in a column:
/// `  1) Qh2-h3   Druid on h2 moves to h3`.
pub fn options_text(options: &[ActionOption]) -> String {
    let number_width = options.len().to_string().len();
    let notation_width = options
        .iter()
        .map(|option| option.notation.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (index, option) in options.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {:>number_width$}) {:<notation_width$}  {}",
            index + 1,
            option.notation,
            option.label
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
