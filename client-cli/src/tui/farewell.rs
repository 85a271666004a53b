//! What is printed on leaving the full screen, so that the terminal is not
//! left blank: how the match ended, or that it goes on and how to come back.

use crate::game_state::GameState;
use crate::line::board::ending_lines;

/// One or two lines, each ending in a newline; safe to print.
pub fn farewell(state: &GameState) -> String {
    let id = state.match_id;
    if let Some(mut out) = ending_lines(state) {
        out.push_str(&format!("`fray replay {id}` goes through it again.\n"));
        return out;
    }
    match state.me {
        Some(_) => format!("Left match {id}, which goes on. `fray play {id}` rejoins it.\n"),
        None => format!("Stopped watching match {id}. `fray watch {id}` watches it again.\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::{MatchId, MatchStatus, Outcome, Seat, Snapshot, View};

    fn state(me: Option<Seat>, outcome: Option<Outcome>) -> GameState {
        let mut state = GameState::from_snapshot(Snapshot {
            match_id: MatchId(7),
            seq: 3,
            status: MatchStatus::Running,
            seat: me,
            view: View {
                outcome,
                ..View::default()
            },
            to_act: Vec::new(),
            options: Vec::new(),
            commitment: String::new(),
        });
        state.names = vec![(Seat(0), "ada".into()), (Seat(1), "bo".into())];
        state
    }

    #[test]
    fn leaving_a_running_match_says_how_to_come_back() {
        assert_eq!(
            farewell(&state(Some(Seat(0)), None)),
            "Left match 7, which goes on. `fray play 7` rejoins it.\n"
        );
        assert!(farewell(&state(None, None)).contains("`fray watch 7`"));
    }

    #[test]
    fn leaving_a_finished_match_tells_the_outcome() {
        let won = Outcome::win(Seat(1), "ada resigned");
        let text = farewell(&state(Some(Seat(0)), Some(won)));
        assert!(
            text.starts_with("Game over: bo wins (ada resigned).\nYou lose.\n"),
            "{text}"
        );
        assert!(text.contains("`fray replay 7`"));
        assert!(text.contains("`fray match rematch 7`"), "{text}");
        let watched = farewell(&state(None, Some(Outcome::draw("agreed"))));
        assert!(!watched.contains("rematch"), "a spectator has none to ask");
    }
}
