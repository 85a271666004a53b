//! The engine contract (docs/design.md, "The rules engine contract") and the
//! shape every system here shares, in one trait: a generator of compact moves
//! lists each seat's options *and* judges every action (so the options are
//! the truth), and an action's effects are found by comparing what each
//! viewer saw before and after it (so they are always diffs, and each viewer
//! is sent exactly what changed in its own view).

use fray_protocol::{
    Action, ActionOption, ArmyList, Audience, Effect, MatchConfig, Outcome, PieceId, Rejection,
    ScopedEffect, Seat, View, Viewer, diff_into,
};

use super::{Seats, SetupError};
use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::kept_view::{KeptView, Piecewise};

/// Why a piece left the view of a viewer who can still see everything else:
/// what a system says of its own pieces (the referee always sees why).
pub const OUT_OF_SIGHT: &str = "out of sight";

/// A game system's referee. Implementations are pure and deterministic: all
/// chance comes from the [`Dice`] handed in, so the same seed and actions give
/// the same effects byte for byte.
///
/// A system writes the methods without a body; [`GameRules::setup`],
/// [`GameRules::options`] and [`GameRules::act`] (the rest of the contract)
/// come with them.
pub trait GameRules: Piecewise + Clone + Send + Sync + 'static {
    /// One decision, small and `Copy`.
    type Move: Copy + PartialEq + std::fmt::Debug;

    /// Validates the armies and options and makes the start position,
    /// telling its effects to `log`.
    fn setup_logged(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<Self, SetupError>;

    /// The seats that must decide now, in seat order; empty once the game is
    /// over. Several decide at once when their choices are simultaneous.
    fn to_act(&self) -> Seats;

    /// Every legal move for `seat` now, appended to `out`; none when `seat`
    /// is not in [`GameRules::to_act`].
    fn legal_moves(&self, seat: Seat, out: &mut Vec<Self::Move>);

    /// The protocol form of one of `seat`'s moves: action, notation, label.
    fn option_for(&self, seat: Seat, mv: Self::Move) -> ActionOption;

    /// Reads an action's form and the pieces it names; whether it is legal is
    /// decided by the move list.
    fn parse(&self, seat: Seat, action: &Action) -> Result<Self::Move, Rejection>;

    /// Why a well-formed move is not in `seat`'s move list.
    fn explain_illegal(&self, seat: Seat, mv: Self::Move) -> Rejection;

    /// Why `seat`, which does not decide now, cannot act.
    fn not_your_turn(&self, seat: Seat) -> Rejection;

    /// Plays a legal move of `seat`, telling dice and narration to `log`.
    fn play(&mut self, seat: Seat, mv: Self::Move, dice: &mut dyn Dice, log: &mut Log);

    /// What `viewer` may see now.
    fn view(&self, viewer: Viewer) -> View;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Why `piece`, gone from the referee's view, left play: "captured",
    /// "defeated". Asked of the game after the action.
    fn removal_reason(&self, piece: PieceId) -> String;

    /// False while every viewer's view is the referee's: then only the
    /// referee's view is compared, once, and every effect is public. A system
    /// that hides something says true whenever it might.
    fn hides_anything(&self) -> bool {
        false
    }

    /// Where the referee's view is kept between actions: [`GameRules::act`]
    /// keeps it up to date and every other way of playing forgets it.
    fn kept_view(&mut self) -> &mut KeptView<Self>;

    /// Validates the armies and options and makes the start position, with
    /// the effects that show it. A system that hides nothing tells them
    /// itself in `setup_logged`. One that hides something tells only dice and
    /// narration there: every viewer is then shown its own view being laid
    /// out on the empty board of `GameCreated`, each effect scoped to exactly
    /// the viewers it is true for, as an action's are.
    fn setup(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Result<(Self, Vec<ScopedEffect>), SetupError> {
        let mut log = Log::recording();
        let game = Self::setup_logged(config, armies, dice, &mut log)?;
        if !game.hides_anything() {
            return Ok((game, log.finish(Vec::new())));
        }
        let referee = game.view(Viewer::Referee);
        let created = View {
            system: referee.system.clone(),
            width: referee.width,
            height: referee.height,
            ..View::default()
        };
        let viewers = every_viewer(&referee);
        let each = viewers
            .iter()
            .map(|&viewer| {
                let mut effects = Vec::new();
                let nothing_removed = |_: PieceId| unreachable!("the board was empty");
                diff_into(&created, &game.view(viewer), &nothing_removed, &mut effects);
                effects
            })
            .collect();
        let mut effects = vec![ScopedEffect::public(Effect::GameCreated {
            system: created.system,
            width: created.width,
            height: created.height,
        })];
        effects.extend(log.finish(merge_by_audience(&viewers, each)));
        Ok((game, effects))
    }

    /// [`GameRules::setup`] without building its effects: the fast path for
    /// simulations and benchmarks. The same dice give the same game.
    fn setup_quiet(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Result<Self, SetupError> {
        Self::setup_logged(config, armies, dice, &mut Log::silent())
    }

    /// Every legal move of `seat` now.
    fn moves(&self, seat: Seat) -> Vec<Self::Move> {
        let mut out = Vec::new();
        if self.to_act().contains(&seat) {
            self.legal_moves(seat, &mut out);
        }
        out
    }

    /// Every legal action for `seat` now; empty if the seat does not decide.
    fn options(&self, seat: Seat) -> Vec<ActionOption> {
        self.moves(seat)
            .into_iter()
            .map(|mv| self.option_for(seat, mv))
            .collect()
    }

    /// Plays an action. On `Err` nothing changed and the rejection says why.
    /// The effects are what the log told while playing (dice, narration),
    /// then, for every viewer, what changed in its view, each effect scoped
    /// to exactly the viewers it is true for.
    fn act(
        &mut self,
        seat: Seat,
        action: &Action,
        dice: &mut dyn Dice,
    ) -> Result<Vec<ScopedEffect>, Rejection> {
        if !self.to_act().contains(&seat) {
            return Err(self.not_your_turn(seat));
        }
        let mv = self.parse(seat, action)?;
        if !self.moves(seat).contains(&mv) {
            return Err(self.explain_illegal(seat, mv));
        }
        let mut kept = std::mem::take(self.kept_view());
        let referee_before = kept.keep(self);
        // Every viewer but the referee, with its view before the action:
        // none while the game hides nothing.
        let others: Vec<(Viewer, View)> = if self.hides_anything() {
            every_viewer(referee_before)
                .into_iter()
                .skip(1)
                .map(|viewer| (viewer, self.view(viewer)))
                .collect()
        } else {
            Vec::new()
        };
        let mut log = Log::recording();
        self.play(seat, mv, dice, &mut log);
        let mut referee_changes = Vec::new();
        kept.update(
            self,
            &|piece| self.removal_reason(piece),
            &mut referee_changes,
        );
        *self.kept_view() = kept;
        let changes = if others.is_empty() {
            referee_changes
                .into_iter()
                .map(ScopedEffect::public)
                .collect()
        } else {
            changes(self, referee_changes, others)
        };
        Ok(log.finish(changes))
    }

    /// Plays a move from [`GameRules::legal_moves`] without building any
    /// effects: the fast path for simulations and benchmarks.
    fn play_quiet(&mut self, seat: Seat, mv: Self::Move, dice: &mut dyn Dice) {
        debug_assert!(self.moves(seat).contains(&mv), "{mv:?} is not legal");
        self.kept_view().forget();
        self.play(seat, mv, dice, &mut Log::silent());
    }
}

/// The referee, every seat of `referee_view`, and a spectator: everyone an
/// effect may be scoped to.
pub fn every_viewer(referee_view: &View) -> Vec<Viewer> {
    let mut viewers = vec![Viewer::Referee];
    viewers.extend(referee_view.players.iter().map(|p| Viewer::Seat(p.seat)));
    viewers.push(Viewer::Spectator);
    viewers
}

/// The referee's changes (`referee_changes`) and each other viewer's view
/// after the action compared with its view before (`others`), merged by
/// audience.
fn changes<G: GameRules>(
    game: &G,
    referee_changes: Vec<Effect>,
    others: Vec<(Viewer, View)>,
) -> Vec<ScopedEffect> {
    // A piece leaves another viewer's view for the reason the referee's
    // changes give, or, while the referee still sees it, out of sight.
    let removed: Vec<PieceId> = referee_changes
        .iter()
        .filter_map(|effect| match effect {
            Effect::PieceRemoved { piece, .. } => Some(*piece),
            _ => None,
        })
        .collect();
    let reason = |piece: PieceId| {
        if removed.contains(&piece) {
            game.removal_reason(piece)
        } else {
            OUT_OF_SIGHT.to_string()
        }
    };
    let mut viewers = vec![Viewer::Referee];
    let mut each = vec![referee_changes];
    for (viewer, before) in others {
        let mut effects = Vec::new();
        diff_into(&before, &game.view(viewer), &reason, &mut effects);
        viewers.push(viewer);
        each.push(effects);
    }
    merge_by_audience(&viewers, each)
}

/// Each viewer's effects (`each`, in the order of `viewers`) merged into one
/// list that keeps every viewer's own order: an effect every viewer gets
/// once is public, any other is scoped to exactly those that get it.
fn merge_by_audience(viewers: &[Viewer], each: Vec<Vec<Effect>>) -> Vec<ScopedEffect> {
    let mut merged: Vec<(Effect, Vec<Viewer>)> = Vec::new();
    for (&viewer, effects) in viewers.iter().zip(each) {
        let mut cursor = 0;
        for effect in effects {
            match merged[cursor..]
                .iter()
                .position(|(made, _)| *made == effect)
            {
                Some(found) => {
                    merged[cursor + found].1.push(viewer);
                    cursor += found + 1;
                }
                None => {
                    merged.insert(cursor, (effect, vec![viewer]));
                    cursor += 1;
                }
            }
        }
    }
    merged
        .into_iter()
        .map(|(effect, sees)| ScopedEffect {
            audience: Audience::of(&sees, viewers),
            effect,
        })
        .collect()
}
