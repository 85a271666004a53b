//! Taking the terminal over and giving it back: raw mode and the alternate
//! screen on entry; on every way out (return, error, panic) the terminal is
//! left as it was found, or the user's shell is unusable.

use std::io::{self, Stdout};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

use crossterm::cursor::Show;
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;

use crate::fail::Failure;

pub type Screen = Terminal<CrosstermBackend<Stdout>>;

/// True while the screen is taken, so the panic hook restores only then.
static TAKEN: AtomicBool = AtomicBool::new(false);
static HOOK: Once = Once::new();

/// The terminal, taken; dropping it gives it back.
pub struct Guard {
    pub screen: Screen,
    /// NO_COLOR is set: frames are drawn without colours (see `draw`).
    colourless: bool,
}

impl Guard {
    pub fn take() -> Result<Guard, Failure> {
        HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                // Before the message is printed, or it lands in the
                // alternate screen and vanishes with it.
                restore();
                previous(info);
            }));
        });
        enable_raw_mode().map_err(|e| failure("cannot take the terminal", &e))?;
        TAKEN.store(true, Ordering::SeqCst);
        let mut out = io::stdout();
        if let Err(error) = execute!(out, EnterAlternateScreen) {
            restore();
            return Err(failure("cannot take the terminal", &error));
        }
        match Terminal::new(CrosstermBackend::new(out)) {
            Ok(screen) => Ok(Guard {
                screen,
                colourless: no_colour(),
            }),
            Err(error) => {
                restore();
                Err(failure("cannot take the terminal", &error))
            }
        }
    }
}

impl Guard {
    /// Draws a frame. Under NO_COLOR the colours are taken out of it here:
    /// crossterm then writes a colour change as a bare `ESC [ m`, which
    /// also resets bold and reverse video, so the last move and the focus
    /// would not show at all; without colour changes, they do.
    pub fn draw(&mut self, paint: impl FnOnce(&mut ratatui::Frame)) -> Result<(), Failure> {
        let colourless = self.colourless;
        self.screen
            .draw(|frame| {
                paint(frame);
                if colourless {
                    strip_colours(frame.buffer_mut());
                }
            })
            .map(|_| ())
            .map_err(|e| failure("cannot draw", &e))
    }
}

/// True when the user asked for no colour (https://no-color.org: NO_COLOR
/// set and not empty).
pub fn no_colour() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
}

/// Every cell's colours back to the terminal's own; the modifiers stay.
pub fn strip_colours(buffer: &mut Buffer) {
    for cell in buffer.content.iter_mut() {
        cell.fg = Color::Reset;
        cell.bg = Color::Reset;
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// Gives the terminal back, once; errors are ignored because there is no
/// better place left to report them.
fn restore() {
    if TAKEN.swap(false, Ordering::SeqCst) {
        let _ = disable_raw_mode();
        let _ = execute!(io::stdout(), LeaveAlternateScreen, Show);
    }
}

pub fn failure(what: &str, error: &io::Error) -> Failure {
    Failure::other(format!("{what}: {error}"))
}
