//! Chat and draw offers on the live screen: the line being typed, the draw
//! offer that stands, their keys (taken before the game's own) and what
//! they draw over the game. Kept apart from the game's panels and keys so
//! that the layout can change without them.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use fray_protocol::{MatchStatus, Seat};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph};

use crate::game_state::{GameState, LogEntry};
use crate::live::LiveEvent;
use crate::shown::{chat_line, shown};
use crate::tui::panels::seat_label;
use crate::tui::screen;
use crate::tui::ui::Ui;

/// What the server sends at most; longer lines are cut as they are typed.
const CHAT_CHARS: usize = 280;

/// The screen's chat and draw state.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Social {
    /// The line being typed after `t`, while it is open.
    pub typing: Option<String>,
    /// The draw offer that stands: who made it, who accepted so far.
    pub offer: Option<(Seat, Vec<Seat>)>,
    /// The question "accept the draw?" is open.
    pub asking: bool,
}

/// What to send after a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    Say(String),
    OfferDraw,
    AnswerDraw(bool),
}

/// A key taken here (`Some`, possibly with something to send), or left to
/// the game's keys (`None`).
pub fn on_key(
    social: &mut Social,
    ui: &mut Ui,
    state: &GameState,
    key: KeyEvent,
) -> Option<Option<Ask>> {
    if key.kind == KeyEventKind::Release
        || (key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c'))
    {
        return None;
    }
    if let Some(typed) = social.typing.as_mut() {
        match key.code {
            KeyCode::Char(ch) if typed.chars().count() < CHAT_CHARS => typed.push(ch),
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Esc => social.typing = None,
            KeyCode::Enter => {
                let typed = social.typing.take().unwrap_or_default();
                let text = typed.trim();
                if !text.is_empty() {
                    return Some(Some(Ask::Say(text.to_owned())));
                }
            }
            _ => {}
        }
        return Some(None);
    }
    if social.asking {
        return match key.code {
            KeyCode::Char('y' | 'Y') => {
                social.asking = false;
                Some(Some(Ask::AnswerDraw(true)))
            }
            KeyCode::Char('n' | 'N') => {
                social.asking = false;
                Some(Some(Ask::AnswerDraw(false)))
            }
            // Closed unanswered: `d` asks again while the offer stands.
            KeyCode::Esc => {
                social.asking = false;
                Some(None)
            }
            _ => Some(None),
        };
    }
    if ui.popup.is_some() || ui.prompt.is_some() {
        return None;
    }
    let Some(me) = state.me else {
        if matches!(key.code, KeyCode::Char('t' | 'd')) {
            ui.status = Some("spectators read the chat; only players write or offer draws".into());
            return Some(None);
        }
        return None;
    };
    match key.code {
        KeyCode::Char('t') => {
            social.typing = Some(String::new());
            Some(None)
        }
        KeyCode::Char('d') if state.status == MatchStatus::Running => {
            match &social.offer {
                Some((by, _)) if *by == me => {
                    // A second `d` withdraws one's own offer.
                    Some(Some(Ask::AnswerDraw(false)))
                }
                Some((_, accepted)) if !accepted.contains(&me) => {
                    social.asking = true;
                    Some(None)
                }
                Some(_) => {
                    ui.status = Some("you accepted; waiting for the others".into());
                    Some(None)
                }
                None => Some(Some(Ask::OfferDraw)),
            }
        }
        _ => None,
    }
}

/// Folds the social events in (chat joins the log); the game's events clear
/// a draw offer, which lapses with the next batch.
pub fn absorb(social: &mut Social, state: &mut GameState, ui: &mut Ui, event: &LiveEvent) {
    match event {
        LiveEvent::Chat(line) => {
            state.log.push(LogEntry {
                seq: line.seq,
                text: chat_line(line),
            });
            ui.log_scroll = 0;
        }
        LiveEvent::DrawOffered { seat, accepted } => {
            let mine = state.me == Some(*seat);
            let answered = state.me.is_some_and(|me| accepted.contains(&me));
            social.offer = Some((*seat, accepted.clone()));
            social.asking = state.me.is_some() && !mine && !answered;
            ui.status = Some(if mine {
                "you offer a draw (d again withdraws it)".into()
            } else {
                format!("{} offers a draw", seat_label(state, *seat))
            });
        }
        LiveEvent::DrawDeclined { seat } => {
            social.offer = None;
            social.asking = false;
            ui.status = Some(format!("{} declined the draw", seat_label(state, *seat)));
        }
        LiveEvent::Batch(_) | LiveEvent::Snapshot(_) => {
            social.offer = None;
            social.asking = false;
        }
        _ => {}
    }
}

/// Draws the chat line being typed (over the bottom line) and the draw
/// question, over the game.
pub fn draw(frame: &mut Frame, social: &Social, state: &GameState) {
    if let Some(typed) = &social.typing {
        let area = frame.area();
        if area.height > 0 {
            let bottom = Rect::new(area.x, area.y + area.height - 1, area.width, 1);
            let line = Line::styled(
                format!("say (Enter sends, Esc cancels): {}▏", shown(typed)),
                Style::new().add_modifier(Modifier::REVERSED),
            );
            frame.render_widget(Clear, bottom);
            frame.render_widget(Paragraph::new(line), bottom);
        }
    }
    if social.asking
        && let Some((by, _)) = &social.offer
    {
        let question = format!(
            "{} offers a draw. Accept? y / n (Esc: later, d asks again)",
            seat_label(state, *by)
        );
        screen::popup(frame, "Draw?", vec![Line::from(question)], None);
    }
}

#[cfg(test)]
mod tests {
    use fray_protocol::{Batch, ChatLine, MatchId, Snapshot};
    use serde::Deserialize;

    use super::*;

    #[derive(Deserialize)]
    struct Recorded {
        snapshot: Snapshot,
    }

    /// Seat 0's running game, with named players.
    fn state() -> GameState {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/fantasy-armies.json");
        let recorded: Recorded =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut state = GameState::from_snapshot(recorded.snapshot);
        state.status = MatchStatus::Running;
        state.names = vec![(Seat(0), "ada".into()), (Seat(1), "bo".into())];
        state
    }

    fn press(
        social: &mut Social,
        ui: &mut Ui,
        state: &GameState,
        code: KeyCode,
    ) -> Option<Option<Ask>> {
        on_key(social, ui, state, KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn t_opens_a_line_that_enter_sends_and_the_game_keys_wait_meanwhile() {
        let state = state();
        let mut ui = Ui::new(&state);
        let mut social = Social::default();

        assert_eq!(
            press(&mut social, &mut ui, &state, KeyCode::Char('t')),
            Some(None)
        );
        for ch in "gl q".chars() {
            // `q` would leave the match were the game's keys listening.
            assert_eq!(
                press(&mut social, &mut ui, &state, KeyCode::Char(ch)),
                Some(None)
            );
        }
        press(&mut social, &mut ui, &state, KeyCode::Backspace);
        assert_eq!(
            press(&mut social, &mut ui, &state, KeyCode::Enter),
            Some(Some(Ask::Say("gl".into())))
        );
        assert_eq!(social.typing, None);
        assert_eq!(
            press(&mut social, &mut ui, &state, KeyCode::Char('x')),
            None
        );
    }

    #[test]
    fn spectators_may_not_talk_or_offer() {
        let mut state = state();
        state.me = None;
        let mut ui = Ui::new(&state);
        let mut social = Social::default();
        assert_eq!(
            press(&mut social, &mut ui, &state, KeyCode::Char('t')),
            Some(None)
        );
        assert_eq!(social.typing, None);
        assert!(ui.status.as_deref().unwrap().contains("spectators"));
    }

    #[test]
    fn chat_joins_the_log_by_name_escaped() {
        let mut state = state();
        let mut ui = Ui::new(&state);
        let mut social = Social::default();
        let line = ChatLine {
            id: 1,
            seq: state.seq,
            seat: Seat(1),
            name: "bo\u{1b}[2J".into(),
            text: "gg\u{7}\nforged line".into(),
        };
        absorb(&mut social, &mut state, &mut ui, &LiveEvent::Chat(line));
        let last = state.log.last().unwrap();
        assert_eq!(last.text, "bo\\u{1b}[2J says: gg\\u{7}\\u{a}forged line");
    }

    #[test]
    fn an_offer_asks_y_or_n_and_lapses_with_the_next_batch() {
        let mut state = state();
        let mut ui = Ui::new(&state);
        let mut social = Social::default();
        let offered = LiveEvent::DrawOffered {
            seat: Seat(1),
            accepted: vec![],
        };
        absorb(&mut social, &mut state, &mut ui, &offered);
        assert!(social.asking);
        assert_eq!(
            press(&mut social, &mut ui, &state, KeyCode::Char('y')),
            Some(Some(Ask::AnswerDraw(true)))
        );
        absorb(&mut social, &mut state, &mut ui, &offered);
        press(&mut social, &mut ui, &state, KeyCode::Esc);
        assert!(!social.asking, "Esc puts the question off");
        assert_eq!(
            press(&mut social, &mut ui, &state, KeyCode::Char('d')),
            Some(None)
        );
        assert!(social.asking, "d asks again");

        let batch = LiveEvent::Batch(Batch {
            match_id: MatchId(1),
            seq: state.seq + 1,
            effects: vec![],
            to_act: vec![],
            options: vec![],
        });
        absorb(&mut social, &mut state, &mut ui, &batch);
        assert_eq!(social.offer, None);
        assert_eq!(
            press(&mut social, &mut ui, &state, KeyCode::Char('d')),
            Some(Some(Ask::OfferDraw))
        );
    }
}
