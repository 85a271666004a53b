//! The match's moves, one per action: its seq, whose decision it was and
//! what happened, built from the log the client already keeps (each line
//! carries the seq of the batch it came from). Shown by the full screen's
//! history panel and line mode's `history`; nothing here knows the rules.

use crate::game_state::GameState;

/// One action of the match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub seq: u64,
    /// The player's name (escaped), "set-up" for seq 0, else empty when the
    /// client cannot tell whose action it was.
    pub who: String,
    /// Everything the action's log lines say, in order, escaped.
    pub what: String,
    /// The decision told nothing of its own: its lines start with another
    /// player's roll (an answer casting nothing, after which the asker's
    /// action goes on), so the player is said to have chosen, not credited
    /// with that roll.
    pub untold: bool,
}

/// Every action in the log, oldest first.
pub fn moves(state: &GameState) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    for entry in &state.log {
        match moves.last_mut() {
            Some(last) if last.seq == entry.seq => {
                last.what.push_str(" · ");
                last.what.push_str(&entry.text);
            }
            _ => moves.push(Move {
                seq: entry.seq,
                who: who(state, entry.seq),
                what: entry.text.clone(),
                untold: untold(state, entry.seq),
            }),
        }
    }
    moves
}

fn who(state: &GameState, seq: u64) -> String {
    if seq == 0 {
        return "set-up".into();
    }
    state
        .actors
        .get(&seq)
        .map(|seat| state.seat_name(*seat))
        .unwrap_or_default()
}

fn untold(state: &GameState, seq: u64) -> bool {
    match (state.actors.get(&seq), state.rolled_first.get(&seq)) {
        (Some(actor), Some(roller)) => actor != roller,
        _ => false,
    }
}

/// One move as a line of at most `width` characters (more are cut with
/// `…`): "  12 ada: Acolyte moves f1 to g2.", or "  13 bo chose; ada rolls
/// …" for a decision that told nothing of its own.
pub fn line(entry: &Move, width: usize) -> String {
    let who = if entry.who.is_empty() {
        String::new()
    } else if entry.untold {
        format!("{} chose; ", entry.who)
    } else {
        format!("{}: ", entry.who)
    };
    let text = format!("{:>4} {who}{}", entry.seq, entry.what);
    if text.chars().count() <= width {
        return text;
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_state::LogEntry;
    use fray_protocol::{MatchId, MatchStatus, Seat, Snapshot, View};

    fn state(log: &[(u64, &str)]) -> GameState {
        let mut state = GameState::from_snapshot(Snapshot {
            match_id: MatchId(1),
            seq: 3,
            status: MatchStatus::Running,
            seat: Some(Seat(0)),
            view: View::default(),
            to_act: vec![Seat(0)],
            options: Vec::new(),
            commitment: String::new(),
        });
        state.log = log
            .iter()
            .map(|(seq, text)| LogEntry {
                seq: *seq,
                text: text.to_string(),
            })
            .collect();
        state.names = vec![(Seat(0), "ada".into()), (Seat(1), "bo".into())];
        state
    }

    #[test]
    fn one_move_per_action_with_whose_it_was() {
        let mut state = state(&[
            (0, "A game of summoners-chess is set up."),
            (1, "Roll: attack: 5"),
            (1, "Trolls moves d4 to d5."),
            (2, "Ogres moves f5 to f4."),
            (3, "bo resigned."),
        ]);
        state.actors = [(1, Seat(0)), (2, Seat(1))].into();
        let moves = moves(&state);
        let lines: Vec<String> = moves.iter().map(|m| line(m, 80)).collect();
        assert_eq!(
            lines,
            [
                "   0 set-up: A game of summoners-chess is set up.",
                "   1 ada: Roll: attack: 5 · Trolls moves d4 to d5.",
                "   2 bo: Ogres moves f5 to f4.",
                "   3 bo resigned.",
            ]
        );
    }

    #[test]
    fn a_batch_is_the_seat_that_was_to_decide_unless_it_only_ends_the_game() {
        use fray_protocol::{Batch, Effect, Outcome};
        let mut state = state(&[]);
        let batch = |seq, to_act: u8, effects| Batch {
            match_id: MatchId(1),
            seq,
            effects,
            to_act: vec![Seat(to_act)],
            options: Vec::new(),
        };
        let said = |text: &str| Effect::Narration { text: text.into() };
        assert!(state.apply_batch(&batch(4, 1, vec![said("ada passes.")])));
        assert!(state.apply_batch(&batch(5, 0, vec![said("bo passes.")])));
        let resigned = Effect::GameEnded {
            outcome: Outcome::win(Seat(1), "ada resigned"),
        };
        assert!(state.apply_batch(&batch(6, 0, vec![resigned])));
        let whose: Vec<String> = moves(&state).into_iter().map(|m| m.who).collect();
        assert_eq!(whose, ["ada", "bo", ""], "a resignation may be anyone's");
    }

    #[test]
    fn an_answer_that_tells_nothing_of_its_own_credits_no_one_with_anothers_roll() {
        use fray_protocol::{Batch, DiceRoll, Die, Effect};
        // ada shoots; bo is asked whether to cast and casts nothing; ada's
        // shot goes on with ada's roll, in bo's answer's batch.
        let mut state = state(&[]);
        let batch = |seq, to_act: u8, effects| Batch {
            match_id: MatchId(1),
            seq,
            effects,
            to_act: vec![Seat(to_act)],
            options: Vec::new(),
        };
        let roll = |seat: u8, purpose: &str| Effect::DiceRolled {
            roll: DiceRoll {
                seat: Some(Seat(seat)),
                piece: None,
                purpose: purpose.into(),
                dice: vec![Die { sides: 6, face: 4 }],
                modifier: 0,
                total: 4,
                result: "saved".into(),
            },
        };
        let said = |text: &str| Effect::Narration { text: text.into() };
        assert!(state.apply_batch(&batch(4, 1, vec![said("Archers shoot Zombies on h6")])));
        assert!(state.apply_batch(&batch(
            5,
            0,
            vec![roll(0, "Knights saves against the shot")]
        )));
        assert!(state.apply_batch(&batch(6, 0, vec![said("Knights moves g5 to g6.")])));
        let lines: Vec<String> = moves(&state).iter().map(|m| line(m, 80)).collect();
        assert_eq!(
            lines,
            [
                "   4 ada: Archers shoot Zombies on h6",
                "   5 bo chose; ada rolls for Knights saves against the shot: 4, saved",
                "   6 ada: Knights moves g5 to g6.",
            ]
        );
        let whose: Vec<String> = moves(&state).into_iter().map(|m| m.who).collect();
        assert_eq!(whose, ["ada", "bo", "ada"], "the answer is still bo's");
    }

    #[test]
    fn a_long_move_is_cut_to_the_width() {
        let state = state(&[(7, "Trolls moves d4 to d5.")]);
        assert_eq!(line(&moves(&state)[0], 16), "   7 Trolls mov…");
    }
}
