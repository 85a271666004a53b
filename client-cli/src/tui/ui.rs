//! What the screen shows besides the game: the cursor, the selected piece,
//! which panel has the keys, what is being typed, the popup, and the
//! connection's news. The game itself stays in `GameState`; this is the
//! part a redraw needs that the server never sends.

use std::collections::{BTreeMap, BTreeSet};

use fray_protocol::{ActionOption, PieceId, Seat, Square};

use crate::game_state::GameState;

/// Which panel the arrows and Enter go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    Board,
    Options,
}

/// What a yes/no question is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirm {
    Resign,
    Quit,
}

/// A box over the screen that takes the keys until it is closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Popup {
    /// Pick one of these options (indices into `state.options`), listed for
    /// the batch `seq`; a later batch makes them stale.
    Options {
        title: String,
        options: Vec<usize>,
        index: usize,
        seq: u64,
    },
    /// Pick one of the pieces sharing a square.
    Pieces {
        pieces: Vec<PieceId>,
        index: usize,
    },
    Confirm(Confirm),
    Help,
    /// The match's moves, scrolled back `back` lines from the newest.
    History {
        back: usize,
    },
}

/// How the connection is doing, for the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Connection {
    Connected,
    Reconnecting {
        attempt: u32,
        reason: String,
    },
    /// A batch did not follow the last one; the connection resubscribes.
    OutOfStep,
}

/// The screen's own state.
#[derive(Debug, Clone)]
pub struct Ui {
    pub cursor: Square,
    pub selected: Option<PieceId>,
    pub focus: Focus,
    /// The highlighted line of the options panel.
    pub option_index: usize,
    /// The notation being typed after `:`, while the prompt is open.
    pub prompt: Option<String>,
    /// The last thing worth telling: a refusal, a hint.
    pub status: Option<String>,
    pub connection: Connection,
    /// Seats whose players are away, with the seconds they were given.
    pub away: BTreeMap<Seat, u64>,
    /// Log lines scrolled back from the newest.
    pub log_scroll: usize,
    pub popup: Option<Popup>,
    /// The id of the action sent and not yet answered.
    pub pending: Option<u64>,
    /// The batch whose options already popped up (off-turn, or with nothing
    /// to pick on the board), so closing the popup does not bring it
    /// straight back.
    popped_up_at: Option<u64>,
}

impl Ui {
    pub fn new(state: &GameState) -> Ui {
        let mine = state.me.and_then(|me| {
            state
                .view
                .pieces
                .values()
                .filter(|piece| piece.owner == me)
                .find_map(|piece| piece.square)
        });
        let mut ui = Ui {
            cursor: mine.unwrap_or(Square::new(0, 0)),
            selected: None,
            focus: Focus::Board,
            option_index: 0,
            prompt: None,
            status: None,
            connection: Connection::Connected,
            away: BTreeMap::new(),
            log_scroll: 0,
            popup: None,
            pending: None,
            popped_up_at: None,
        };
        ui.sync(state);
        ui
    }

    /// Brings the screen's state in line after the game changed: stale
    /// selections and popups go, a reaction asked off-turn pops up.
    pub fn sync(&mut self, state: &GameState) {
        if let Some(piece) = self.selected
            && !state.options.iter().any(|o| o.action.piece == Some(piece))
        {
            self.selected = None;
        }
        let listed = self.listed(state).len();
        self.option_index = self.option_index.min(listed.saturating_sub(1));
        if state.options.is_empty() && self.focus == Focus::Options {
            self.focus = Focus::Board;
        }
        let stale = match &self.popup {
            Some(Popup::Options { seq, .. }) => *seq != state.seq,
            Some(Popup::Pieces { .. }) => state.options.is_empty(),
            Some(Popup::Confirm(Confirm::Resign)) => state.view.outcome.is_some(),
            _ => false,
        };
        if stale {
            self.popup = None;
        }
        let asked = if is_reaction(state) {
            Some("your answer")
        } else if is_choice_off_the_board(state) {
            Some("your choice")
        } else {
            None
        };
        if let Some(asked) = asked
            && self.popped_up_at != Some(state.seq)
            && self.popup.is_none()
        {
            self.popped_up_at = Some(state.seq);
            self.popup = Some(Popup::Options {
                title: format!("{}: {asked}", title_case(&state.view.turn.phase)),
                options: (0..state.options.len()).collect(),
                index: 0,
                seq: state.seq,
            });
        }
        let lines = state.log.len();
        self.log_scroll = self.log_scroll.min(lines.saturating_sub(1));
    }

    /// The options the options panel lists: the selected piece's, else all,
    /// as indices into `state.options`.
    pub fn listed(&self, state: &GameState) -> Vec<usize> {
        let all = 0..state.options.len();
        match self.selected {
            Some(piece) => all
                .filter(|&i| state.options[i].action.piece == Some(piece))
                .collect(),
            None => all.collect(),
        }
    }
}

/// True when this seat is asked to decide while it is not its turn: a
/// reaction (a reroll, a dispel) or a choice made by everyone at once.
pub fn is_reaction(state: &GameState) -> bool {
    state
        .me
        .is_some_and(|me| state.to_act.contains(&me) && !state.view.turn.active.contains(&me))
        && !state.options.is_empty()
}

/// True when this seat must choose and no option can be picked on the
/// board: none names a piece, a target or a square (a set-up choice such as
/// where the Acolytes stand, or a lone pass).
pub fn is_choice_off_the_board(state: &GameState) -> bool {
    state.my_turn()
        && state.options.iter().all(|option| {
            let action = &option.action;
            action.piece.is_none() && action.target.is_none() && action.to.is_none()
        })
}

/// The square an option aims at: where it goes, else where its target stands.
pub fn option_square(state: &GameState, option: &ActionOption) -> Option<Square> {
    option.action.to.or_else(|| {
        let target = option.action.target?;
        state.view.pieces.get(&target)?.square
    })
}

/// Every square the selected piece's options reach.
pub fn targets(state: &GameState, piece: PieceId) -> BTreeSet<Square> {
    state
        .options
        .iter()
        .filter(|option| option.action.piece == Some(piece))
        .filter_map(|option| option_square(state, option))
        .collect()
}

fn title_case(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
