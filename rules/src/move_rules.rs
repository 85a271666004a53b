//! The shape every system here shares, and the engine contract built on it
//! once: a generator of compact moves lists the options *and* judges every
//! action (so the options are the truth), and an action's effects are found by
//! comparing the position before and after it (so they are always diffs).
//! A system implements [`MoveRules`]; [`GameRules`] comes with it.

use fray_protocol::{
    Action, ActionOption, ArmyList, MatchConfig, Outcome, Rejection, ScopedEffect, Seat, View,
    Viewer,
};

use crate::dice::Dice;
use crate::effect_log::Log;
use crate::engine::{GameRules, SetupError};

pub trait MoveRules: Clone + Send + Sync + 'static {
    /// One decision, small and `Copy`.
    type Move: Copy + PartialEq + std::fmt::Debug;

    /// Validates the armies and options and makes the start position,
    /// telling its effects to `log`.
    fn start(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<Self, SetupError>;

    /// The seat that decides now, if the game is not over.
    fn deciding(&self) -> Option<Seat>;

    /// Every legal move for the deciding seat, appended to `out`.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// The protocol form of a move: action, notation, label.
    fn option_for(&self, mv: Self::Move) -> ActionOption;

    /// Reads an action's form and the pieces it names; whether it is legal is
    /// decided by the move list.
    fn parse(&self, seat: Seat, action: &Action) -> Result<Self::Move, Rejection>;

    /// Why a well-formed move is not in the move list.
    fn explain_illegal(&self, mv: Self::Move) -> Rejection;

    /// Why a seat that does not decide now cannot act.
    fn not_your_turn(&self) -> Rejection;

    /// Plays a legal move, telling dice and narration to `log`.
    fn play(&mut self, mv: Self::Move, dice: &mut dyn Dice, log: &mut Log);

    /// Tells `log` the effects that turn the view of `before` into this one's.
    fn record_changes(&self, before: &Self, log: &mut Log);

    /// What `viewer` may see now.
    fn view_for(&self, viewer: Viewer) -> View;

    /// The result, once the game is over.
    fn ending(&self) -> Option<Outcome>;

    /// [`GameRules::setup`] without building its effects: the fast path for
    /// simulations and benchmarks. The same dice give the same game.
    fn setup_quiet(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Result<Self, SetupError> {
        Self::start(config, armies, dice, &mut Log::silent())
    }

    /// Every legal move now, for the deciding seat.
    fn moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.legal_moves(&mut out);
        out
    }

    /// Plays a move from [`MoveRules::legal_moves`] without building any
    /// effects: the fast path for simulations and benchmarks.
    fn play_quiet(&mut self, mv: Self::Move, dice: &mut dyn Dice) {
        debug_assert!(self.moves().contains(&mv), "{mv:?} is not legal");
        self.play(mv, dice, &mut Log::silent());
    }
}

impl<G: MoveRules> GameRules for G {
    fn setup(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Result<(Self, Vec<ScopedEffect>), SetupError> {
        let mut log = Log::recording();
        let game = G::start(config, armies, dice, &mut log)?;
        Ok((game, log.effects))
    }

    fn to_act(&self) -> Vec<Seat> {
        self.deciding().into_iter().collect()
    }

    fn options(&self, seat: Seat) -> Vec<ActionOption> {
        if self.deciding() != Some(seat) {
            return Vec::new();
        }
        self.moves()
            .into_iter()
            .map(|mv| self.option_for(mv))
            .collect()
    }

    fn act(
        &mut self,
        seat: Seat,
        action: &Action,
        dice: &mut dyn Dice,
    ) -> Result<Vec<ScopedEffect>, Rejection> {
        if self.deciding() != Some(seat) {
            return Err(self.not_your_turn());
        }
        let mv = self.parse(seat, action)?;
        if !self.moves().contains(&mv) {
            return Err(self.explain_illegal(mv));
        }
        let before = self.clone();
        let mut log = Log::recording();
        self.play(mv, dice, &mut log);
        self.record_changes(&before, &mut log);
        Ok(log.effects)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending()
    }
}
