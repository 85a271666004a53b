//! The game a match's actor holds: the rules' game and its dice, how far the
//! log has come, each viewer's numbering of it, and the match's one outcome.
//! What a rebuild returns and `fray-server verify` reads.

use fray_protocol::{
    Action, ActionOption, Batch, Effect, MatchId, MatchStatus, Outcome, PlayerId, Rejection,
    ScopedEffect, Seat, Snapshot, View, Viewer, apply,
};
use fray_rules::{ChaChaDice, Game};

use super::sequences::Sequences;

pub struct MatchGame {
    pub id: MatchId,
    game: Game,
    dice: ChaChaDice,
    /// The last event in the log.
    seq: u64,
    /// Each viewer's numbering of the log's events.
    sequences: Sequences,
    commitment: String,
    /// The player in each seat, by seat.
    players: Vec<PlayerId>,
    /// An ending that was the server's (a resignation, an abandonment, a
    /// draw agreed): the rules know only their own.
    ended_by_server: Option<Outcome>,
}

impl MatchGame {
    /// Match `id`'s game as it stands after log event `seq`: at 0, as a
    /// set-up makes it.
    pub fn new(
        id: MatchId,
        game: Game,
        dice: ChaChaDice,
        seq: u64,
        commitment: String,
        players: Vec<PlayerId>,
    ) -> MatchGame {
        MatchGame {
            id,
            game,
            dice,
            seq,
            sequences: Sequences::default(),
            commitment,
            players,
            ended_by_server: None,
        }
    }

    /// How the match ended, by the rules or by the server; none while it
    /// runs. The one answer to whether a match is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ended_by_server.clone().or_else(|| self.game.outcome())
    }

    pub fn is_over(&self) -> bool {
        self.ended_by_server.is_some() || self.game.outcome().is_some()
    }

    pub fn status(&self) -> MatchStatus {
        if self.is_over() {
            MatchStatus::Finished
        } else {
            MatchStatus::Running
        }
    }

    pub fn players(&self) -> &[PlayerId] {
        &self.players
    }

    pub fn seats(&self) -> usize {
        self.players.len()
    }

    /// The last event in the log.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// Judges `seat`'s action, rolling the match's dice; its effects, or the
    /// rules' refusal (the game unchanged).
    pub fn act(&mut self, seat: Seat, action: &Action) -> Result<Vec<ScopedEffect>, Rejection> {
        self.game.act(seat, action, &mut self.dice)
    }

    /// The server ends the match: its outcome is this one from now on.
    pub fn end(&mut self, outcome: Outcome) {
        self.ended_by_server = Some(outcome);
    }

    /// Event `seq` is in the log: every viewer's numbering takes it in.
    pub fn logged(&mut self, seq: u64, seat: Option<Seat>, effects: &[ScopedEffect]) {
        self.seq = seq;
        self.sequences.note(seq, seat, effects, self.players.len());
    }

    /// Whether `viewer` is told anything of log event `seq`.
    pub fn knows(&self, viewer: Viewer, seq: u64) -> bool {
        self.sequences.knows(viewer, seq)
    }

    /// `viewer`'s number for the match as it stood after log event `seq`.
    pub fn number(&self, viewer: Viewer, seq: u64) -> u64 {
        self.sequences.number(viewer, seq)
    }

    /// `viewer`'s number for the match as it stands.
    pub fn number_now(&self, viewer: Viewer) -> u64 {
        self.number(viewer, self.seq)
    }

    pub fn snapshot(&self, viewer: Viewer) -> Snapshot {
        let (to_act, options) = self.to_act_and_options(viewer);
        Snapshot {
            match_id: self.id,
            seq: self.number_now(viewer),
            status: self.status(),
            seat: viewer.seat(),
            view: self.view(viewer),
            to_act,
            options,
            commitment: self.commitment.clone(),
        }
    }

    /// The seats that must decide now; none once the match has ended.
    pub fn to_act(&self) -> Vec<Seat> {
        if self.ended_by_server.is_some() {
            return Vec::new();
        }
        self.game.to_act()
    }

    /// The rules' game itself, all of it: for a house bot, which decides
    /// from its own seat's side of it alone (`fray_bots` draws anew what
    /// the seat may not see), and never sees the match's dice.
    pub fn rules_game(&self) -> &Game {
        &self.game
    }

    /// The game as `viewer` sees it. An ending that was the server's is
    /// applied as its batch applied it, so a snapshot agrees with the
    /// batches.
    fn view(&self, viewer: Viewer) -> View {
        let mut view = self.game.view(viewer);
        if let Some(outcome) = &self.ended_by_server {
            apply(
                &mut view,
                &Effect::GameEnded {
                    outcome: outcome.clone(),
                },
            );
        }
        view
    }

    /// The rules' `to_act`, and `viewer`'s options if it is one of them;
    /// neither once the match has ended, by the rules or by the server.
    fn to_act_and_options(&self, viewer: Viewer) -> (Vec<Seat>, Vec<ActionOption>) {
        let to_act = self.to_act();
        let options = match viewer.seat() {
            Some(seat) if to_act.contains(&seat) => self.game.options(seat),
            _ => Vec::new(),
        };
        (to_act, options)
    }

    /// The batch of log event `seq` as `viewer` is sent it, numbered in its
    /// own sequence; with who decides and its options when the event is the
    /// latest.
    pub fn batch_for(&self, viewer: Viewer, seq: u64, effects: &[ScopedEffect]) -> Batch {
        let (to_act, options) = if seq == self.seq {
            self.to_act_and_options(viewer)
        } else {
            (Vec::new(), Vec::new())
        };
        Batch {
            match_id: self.id,
            seq: self.number(viewer, seq),
            effects: effects
                .iter()
                .filter(|scoped| scoped.audience.includes(viewer))
                .map(|scoped| scoped.effect.clone())
                .collect(),
            to_act,
            options,
        }
    }
}
