//! The contract suite's player: plays one game of any system through the
//! public `Game` API only, choosing uniformly among a deciding seat's
//! options, and checks the engine contract (docs/design.md, "The rules
//! engine contract") at every position. It knows nothing of any system.
#![allow(dead_code)]

pub mod cases;

use std::collections::HashSet;

use cases::{Case, Chooser};
use fray_protocol::{
    Action, Effect, PieceId, RejectCode, Rejection, ScopedEffect, Seat, Square, View, Viewer,
    apply, knows_of,
};
use fray_rules::{ChaChaDice, Dice, Game};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Far more actions than any game takes under the caps the cases set (the
/// longest, Chessboard Confrontation with four players, takes a few thousand).
pub const ACTION_CAP: usize = 50_000;

/// How often the costly checks run: options tried and hostile actions sent
/// at the first position and at about one position in `SAMPLE`.
const SAMPLE: u32 = 30;

/// The most options of one seat played on copies at a sampled position.
const TRIED: usize = 24;

/// Every viewer of a game with `seats` players: each seat, a spectator, the referee.
pub fn viewers(seats: u8) -> Vec<Viewer> {
    let mut all: Vec<Viewer> = (0..seats).map(|s| Viewer::Seat(Seat(s))).collect();
    all.extend([Viewer::Spectator, Viewer::Referee]);
    all
}

/// What a played game showed, for the suite's own sanity checks.
#[derive(Debug, Default)]
pub struct Played {
    pub actions: usize,
    pub options_tried: usize,
    pub rejected: usize,
}

fn fail(message: String) -> TestCaseError {
    TestCaseError::fail(message)
}

fn start(case: &Case) -> Result<(Game, Vec<ScopedEffect>, ChaChaDice), TestCaseError> {
    let mut dice = ChaChaDice::from_u64(case.seed);
    let (game, effects) = Game::setup(&case.config, &case.armies, &mut dice)
        .map_err(|e| fail(format!("setup refused: {e}")))?;
    Ok((game, effects, dice))
}

/// Whether two dice are in the same state: their next rolls agree.
fn same_dice(a: &ChaChaDice, b: &ChaChaDice) -> bool {
    let (mut a, mut b) = (a.clone(), b.clone());
    (0..6).all(|_| a.roll(255) == b.roll(255))
}

fn json<T: serde::Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).expect("serialises")
}

fn round_trips<T>(value: &T) -> Result<(), TestCaseError>
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let text = serde_json::to_string(value).map_err(|e| fail(e.to_string()))?;
    let back: T = serde_json::from_str(&text).map_err(|e| fail(format!("{e} in {text}")))?;
    prop_assert_eq!(&back, value, "through {}", text);
    Ok(())
}

/// The pieces an effect names.
fn named_pieces(effect: &Effect) -> Vec<PieceId> {
    match effect {
        Effect::PiecePlaced { piece } => vec![piece.id],
        Effect::PieceMoved { piece, .. }
        | Effect::PieceRemoved { piece, .. }
        | Effect::PieceChanged { piece, .. } => vec![*piece],
        Effect::DiceRolled { roll } => roll.piece.into_iter().collect(),
        _ => Vec::new(),
    }
}

fn on_board(view: &View, square: Square) -> bool {
    square.file < view.width && square.rank < view.height
}

/// Applies the effects `viewer` may see to its view one at a time, checking
/// that each names only pieces the viewer sees just before or just after it
/// (guarantee "nothing leaks"), then that the result is the game's view of
/// it now (guarantee 4, "effects are diffs"). `seen` gathers every piece
/// the viewer has seen.
fn follow(
    game: &Game,
    viewer: Viewer,
    view: &mut View,
    seen: &mut HashSet<PieceId>,
    effects: &[ScopedEffect],
    after: &str,
) -> Result<(), TestCaseError> {
    for scoped in effects.iter().filter(|s| s.audience.includes(viewer)) {
        let named = named_pieces(&scoped.effect);
        let before: Vec<bool> = named
            .iter()
            .map(|id| view.pieces.contains_key(id))
            .collect();
        apply(view, &scoped.effect);
        for (id, seen_before) in named.iter().zip(before) {
            prop_assert!(
                seen_before || view.pieces.contains_key(id),
                "{:?} was sent {:?}, which names {} it never sees, {}",
                viewer,
                scoped.effect,
                id,
                after
            );
            seen.insert(*id);
        }
    }
    seen.extend(view.pieces.keys().copied());
    let now = game.view(viewer);
    prop_assert_eq!(
        &*view,
        &now,
        "{:?}'s view differs from its effects {}",
        viewer,
        after
    );
    Ok(())
}

/// Guarantee "pairs of viewers": `less` sees no more than `more`: the same
/// board, terrain, walls, turn, outcome and players, and every piece `less`
/// sees, `more` sees alike.
pub fn contained(less: &View, more: &View, what: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        (&less.system, less.width, less.height),
        (&more.system, more.width, more.height),
        "{}",
        what
    );
    prop_assert_eq!(&less.terrain, &more.terrain, "terrain: {}", what);
    prop_assert_eq!(&less.walls, &more.walls, "walls: {}", what);
    prop_assert_eq!(&less.turn, &more.turn, "turn: {}", what);
    prop_assert_eq!(&less.outcome, &more.outcome, "outcome: {}", what);
    prop_assert_eq!(&less.players, &more.players, "players: {}", what);
    for (id, piece) in &less.pieces {
        prop_assert_eq!(Some(piece), more.pieces.get(id), "{}: {}", id, what);
    }
    Ok(())
}

/// What holds at every position, over and not: the views agree with
/// `to_act` and `outcome`; each pair of viewers differs only as hidden
/// information allows; a seat that does not decide has no option; a seat
/// that decides has options, none twice, each named unambiguously and
/// naming only squares on the board and pieces the seat sees or has seen
/// (Fantasy Armies' Raise Dead names a piece removed earlier).
fn check_position(
    game: &Game,
    seats: u8,
    views: &[View],
    seen: &[HashSet<PieceId>],
    all: &[Viewer],
) -> Result<(), TestCaseError> {
    let to_act = game.to_act();
    let outcome = game.outcome();
    prop_assert_eq!(
        outcome.is_some(),
        to_act.is_empty(),
        "to_act {:?} with outcome {:?}",
        to_act,
        outcome
    );
    for (viewer, view) in all.iter().zip(views) {
        prop_assert_eq!(&view.turn.active, &to_act, "{:?}'s turn.active", viewer);
        prop_assert_eq!(&view.outcome, &outcome, "{:?}'s outcome", viewer);
    }
    let referee = &views[all.len() - 1];
    let spectator = &views[all.len() - 2];
    for (seat, view) in views.iter().take(usize::from(seats)).enumerate() {
        contained(
            spectator,
            view,
            &format!("the spectator within seat {seat}"),
        )?;
        contained(view, referee, &format!("seat {seat} within the referee"))?;
    }
    contained(spectator, referee, "the spectator within the referee")?;
    for seat in (0..seats).map(Seat).chain([Seat(seats), Seat(u8::MAX)]) {
        let options = game.options(seat);
        if !to_act.contains(&seat) {
            prop_assert!(
                options.is_empty(),
                "{} does not decide but has {:?}",
                seat,
                options
            );
            continue;
        }
        prop_assert!(!options.is_empty(), "{} decides and has no option", seat);
        let view = &views[usize::from(seat.0)];
        let seen = &seen[usize::from(seat.0)];
        let actions: HashSet<&Action> = options.iter().map(|o| &o.action).collect();
        prop_assert_eq!(
            actions.len(),
            options.len(),
            "an option is listed twice for {}",
            seat
        );
        let notations: HashSet<&String> = options.iter().map(|o| &o.notation).collect();
        prop_assert_eq!(
            notations.len(),
            options.len(),
            "a notation is listed twice for {}",
            seat
        );
        for option in &options {
            prop_assert!(
                !option.notation.trim().is_empty() && !option.label.trim().is_empty(),
                "{:?}",
                option
            );
            for id in option.action.piece.iter().chain(&option.action.target) {
                prop_assert!(
                    seen.contains(id),
                    "{} is offered {:?}, naming {} it never saw",
                    seat,
                    option,
                    id
                );
            }
            if let Some(to) = option.action.to {
                prop_assert!(
                    on_board(view, to),
                    "{} is offered {:?}, off the board",
                    seat,
                    option
                );
            }
        }
    }
    Ok(())
}

/// Hostile actions, made from what the game has shown: verbs, pieces,
/// squares and choices seen in options, on and off the board, and junk.
#[derive(Default)]
struct Hostile {
    verbs: Vec<String>,
    choices: Vec<String>,
    /// Actions listed at earlier positions.
    earlier: Vec<Action>,
}

impl Hostile {
    fn learn(&mut self, action: &Action, pick: &mut Chooser) {
        if !self.verbs.contains(&action.verb) {
            self.verbs.push(action.verb.clone());
        }
        if let Some(choice) = &action.choice
            && !self.choices.contains(choice)
        {
            self.choices.push(choice.clone());
        }
        if self.earlier.len() < 64 {
            self.earlier.push(action.clone());
        } else if pick.one_in(4) {
            let at = pick.index(self.earlier.len());
            self.earlier[at] = action.clone();
        }
    }

    fn verb(&self, pick: &mut Chooser) -> String {
        const JUNK: [&str; 6] = ["", "castle", "Move", "resign", "pass", "move "];
        if self.verbs.is_empty() || pick.one_in(4) {
            pick.pick(&JUNK).to_string()
        } else {
            pick.pick(&self.verbs).clone()
        }
    }

    fn piece(&self, view: &View, pick: &mut Chooser) -> PieceId {
        let ids: Vec<PieceId> = view.pieces.keys().copied().collect();
        if ids.is_empty() || pick.one_in(5) {
            *pick.pick(&[
                PieceId(ids.len() as u32 + 7),
                PieceId(999),
                PieceId(u32::MAX),
            ])
        } else {
            *pick.pick(&ids)
        }
    }

    fn square(view: &View, pick: &mut Chooser) -> Square {
        match pick.index(8) {
            0 => Square::new(view.width, pick.index(usize::from(view.height) + 1) as u8),
            1 => Square::new(pick.index(26) as u8, 254),
            2 => Square::new(200, 0),
            _ => Square::new(
                pick.index(usize::from(view.width.max(1))) as u8,
                pick.index(usize::from(view.height.max(1))) as u8,
            ),
        }
    }

    fn choice(&self, pick: &mut Chooser) -> String {
        const JUNK: [&str; 5] = ["", "ME", "fireball", "lucky", "a-b-c-d"];
        if self.choices.is_empty() || pick.one_in(3) {
            pick.pick(&JUNK).to_string()
        } else {
            pick.pick(&self.choices).clone()
        }
    }

    /// Any action at all: each part present or not.
    fn random(&self, view: &View, pick: &mut Chooser) -> Action {
        Action {
            verb: self.verb(pick),
            piece: pick.one_in(2).then(|| self.piece(view, pick)),
            target: pick.one_in(3).then(|| self.piece(view, pick)),
            to: pick.one_in(2).then(|| Self::square(view, pick)),
            choice: pick.one_in(3).then(|| self.choice(pick)),
        }
    }

    /// A listed action with a part changed, left out or added.
    fn near_miss(&self, listed: &Action, view: &View, pick: &mut Chooser) -> Action {
        let mut action = listed.clone();
        match pick.index(6) {
            0 => action.piece = (!pick.one_in(5)).then(|| self.piece(view, pick)),
            1 => action.target = (!pick.one_in(5)).then(|| self.piece(view, pick)),
            2 => action.to = (!pick.one_in(5)).then(|| Self::square(view, pick)),
            3 => action.choice = (!pick.one_in(5)).then(|| self.choice(pick)),
            4 => action.verb = self.verb(pick),
            _ => {
                action.piece = Some(self.piece(view, pick));
                action.to = Some(Self::square(view, pick));
            }
        }
        action
    }
}

/// Sends `action` as `seat` to a copy of the game and expects it refused
/// with nothing changed: every view, who decides, the seat's options, the
/// dice. Returns the rejection.
fn expect_rejected(
    game: &Game,
    dice: &ChaChaDice,
    views: &[View],
    all: &[Viewer],
    seat: Seat,
    action: &Action,
) -> Result<Rejection, TestCaseError> {
    let mut trial = game.clone();
    let mut trial_dice = dice.clone();
    let result = trial.act(seat, action, &mut trial_dice);
    let rejection = match result {
        Ok(effects) => {
            return Err(fail(format!(
                "{seat} played the unlisted {action:?}: {effects:?}"
            )));
        }
        Err(rejection) => rejection,
    };
    prop_assert!(!rejection.message.trim().is_empty(), "{:?}", rejection);
    prop_assert!(
        same_dice(dice, &trial_dice),
        "a refused {:?} by {} rolled dice",
        action,
        seat
    );
    prop_assert_eq!(
        trial.to_act(),
        game.to_act(),
        "a refused {:?} by {} changed who decides",
        action,
        seat
    );
    prop_assert_eq!(trial.outcome(), game.outcome());
    for (viewer, view) in all.iter().zip(views) {
        prop_assert_eq!(
            &trial.view(*viewer),
            view,
            "a refused {:?} by {} changed {:?}'s view",
            action,
            seat,
            viewer
        );
    }
    for decider in game.to_act() {
        prop_assert!(
            trial.options(decider) == game.options(decider),
            "a refused {:?} changed {}'s options",
            action,
            seat
        );
    }
    Ok(rejection)
}

/// Guarantee 3 ("options are the truth") at one position: every listed
/// option of every deciding seat (at most `TRIED` of them, at random) is
/// accepted (played on a copy); hostile
/// actions (random, near misses, listed at earlier positions, listed for
/// another deciding seat) that are not listed for the seat are refused and
/// change nothing; a seat that does not decide, and one that does not
/// exist, is refused anything with `not_your_turn`.
fn try_everything(
    game: &Game,
    dice: &ChaChaDice,
    views: &[View],
    all: &[Viewer],
    hostile: &Hostile,
    pick: &mut Chooser,
    played: &mut Played,
) -> Result<(), TestCaseError> {
    let seats = (all.len() - 2) as u8;
    let to_act = game.to_act();
    let referee = &views[all.len() - 1];
    let mut everyones: Vec<Action> = Vec::new();
    for &seat in &to_act {
        let mut options = game.options(seat);
        // A long list (a deployment's hundreds) is tried a random part at a time.
        while options.len() > TRIED {
            options.swap_remove(pick.index(options.len()));
        }
        for option in options {
            let mut trial = game.clone();
            let mut trial_dice = dice.clone();
            trial
                .act(seat, &option.action, &mut trial_dice)
                .map_err(|r| fail(format!("{seat}'s listed {option:?} was refused: {r:?}")))?;
            played.options_tried += 1;
            everyones.push(option.action);
        }
    }
    for &seat in &to_act {
        let listed: Vec<Action> = game.options(seat).into_iter().map(|o| o.action).collect();
        let mut sent: Vec<Action> = (0..6).map(|_| hostile.random(referee, pick)).collect();
        sent.extend((0..6).map(|_| hostile.near_miss(pick.pick(&listed), referee, pick)));
        sent.extend(
            (0..4)
                .filter(|_| !hostile.earlier.is_empty())
                .map(|_| pick.pick(&hostile.earlier).clone()),
        );
        sent.extend(
            (0..4)
                .filter(|_| !everyones.is_empty())
                .map(|_| pick.pick(&everyones).clone()),
        );
        for action in sent.iter().filter(|a| !listed.contains(a)) {
            expect_rejected(game, dice, views, all, seat, action)?;
            played.rejected += 1;
        }
    }
    let strangers = (0..seats)
        .map(Seat)
        .filter(|s| !to_act.contains(s))
        .chain([Seat(seats), Seat(u8::MAX)]);
    for seat in strangers {
        let mut sent: Vec<Action> = (0..1)
            .filter(|_| !everyones.is_empty())
            .map(|_| pick.pick(&everyones).clone())
            .collect();
        sent.push(hostile.random(referee, pick));
        for action in &sent {
            let rejection = expect_rejected(game, dice, views, all, seat, action)?;
            prop_assert_eq!(
                rejection.code,
                RejectCode::NotYourTurn,
                "{} sent {:?} out of turn",
                seat,
                action
            );
            played.rejected += 1;
        }
    }
    Ok(())
}

/// Plays `case` to its end with every check (guarantees 1 and 3–6 and the
/// checks between viewers); a second game, played in lockstep with the same
/// seed and the same choices, must give byte-identical effects, options and
/// views (guarantee 1).
pub fn play(case: &Case) -> Result<Played, TestCaseError> {
    let seats = case.seats();
    let all = viewers(seats);
    let (mut game, setup, mut dice) = start(case)?;
    let (mut twin, twin_setup, mut twin_dice) = start(case)?;
    prop_assert!(
        json(&setup) == json(&twin_setup),
        "the same seed set up differently"
    );
    prop_assert!(!setup.is_empty(), "setup told nothing");
    for scoped in &setup {
        round_trips(scoped)?;
    }
    let mut views: Vec<View> = Vec::new();
    let mut seen: Vec<HashSet<PieceId>> = vec![HashSet::new(); all.len()];
    for (&viewer, seen) in all.iter().zip(seen.iter_mut()) {
        let mut view = View::default();
        follow(&game, viewer, &mut view, seen, &setup, "at the set-up")?;
        views.push(view);
    }
    let mut pick = Chooser::new(case.seed);
    let mut hostile = Hostile::default();
    let mut played = Played::default();
    let mut last = setup;
    while game.outcome().is_none() {
        prop_assert!(
            played.actions < ACTION_CAP,
            "no end after {} actions",
            played.actions
        );
        check_position(&game, seats, &views, &seen, &all)?;
        let to_act = game.to_act();
        let seat = *pick.pick(&to_act);
        let options = game.options(seat);
        for option in &options {
            hostile.learn(&option.action, &mut pick);
        }
        let sampled = played.actions == 0 || pick.one_in(SAMPLE);
        if sampled {
            try_everything(&game, &dice, &views, &all, &hostile, &mut pick, &mut played)?;
            for option in &options {
                round_trips(option)?;
            }
            prop_assert!(
                json(&twin.options(seat)) == json(&options),
                "the twin game offers other options"
            );
            for (viewer, view) in all.iter().zip(&views) {
                round_trips(view)?;
                prop_assert!(
                    json(&twin.view(*viewer)) == json(view),
                    "the twin game shows {:?} otherwise",
                    viewer
                );
            }
        }
        let others_options: Vec<(Seat, Vec<u8>)> = to_act
            .iter()
            .filter(|&&other| other != seat)
            .map(|&other| (other, json(&game.options(other))))
            .collect();
        let option = pick.pick(&options);
        let effects = game
            .act(seat, &option.action, &mut dice)
            .map_err(|r| fail(format!("{seat}'s listed {option:?} was refused: {r:?}")))?;
        let twin_effects = twin
            .act(seat, &option.action, &mut twin_dice)
            .map_err(|r| fail(format!("the twin game refused {option:?}: {r:?}")))?;
        let bytes = json(&effects);
        prop_assert!(
            bytes == json(&twin_effects),
            "the same action gave other effects: {:?}",
            option.action
        );
        let back: Vec<ScopedEffect> =
            serde_json::from_slice(&bytes).map_err(|e| fail(e.to_string()))?;
        prop_assert_eq!(&back, &effects, "effects through JSON");
        let after = format!("after {seat} played {:?}", option.action);
        // A viewer told nothing of an action has no batch of it in its
        // sequence: what it may do must not have changed either.
        for (other, before) in &others_options {
            if !knows_of(Viewer::Seat(*other), Some(seat), &effects) {
                prop_assert!(
                    json(&game.options(*other)) == *before,
                    "{} was told nothing {}, yet its options changed",
                    other,
                    after
                );
            }
        }
        for ((viewer, view), seen) in all.iter().zip(views.iter_mut()).zip(seen.iter_mut()) {
            follow(&game, *viewer, view, seen, &effects, &after)?;
        }
        last = effects;
        played.actions += 1;
    }
    check_position(&game, seats, &views, &seen, &all)?;
    for (viewer, view) in all.iter().zip(&views) {
        round_trips(view)?;
        prop_assert!(
            json(&twin.view(*viewer)) == json(view),
            "the twin game ends otherwise for {:?}",
            viewer
        );
    }
    // Guarantee 6: the game ended with an outcome, told in the last batch;
    // nobody decides, nobody has an option, and every action is refused as
    // `game_over`, changing nothing.
    let outcome = game.outcome().expect("the loop ends with an outcome");
    round_trips(&outcome)?;
    let ended = Effect::GameEnded {
        outcome: outcome.clone(),
    };
    prop_assert!(
        last.iter()
            .any(|s| s.effect == ended && s.audience.includes(Viewer::Spectator)),
        "the last batch does not end the game for everyone"
    );
    for seat in (0..seats).map(Seat).chain([Seat(seats)]) {
        prop_assert!(
            game.options(seat).is_empty(),
            "{} has options after the end",
            seat
        );
        let mut sent = vec![
            Action::new("pass"),
            hostile.random(&views[all.len() - 1], &mut pick),
        ];
        sent.extend(hostile.earlier.iter().take(4).cloned());
        for action in &sent {
            let rejection = expect_rejected(&game, &dice, &views, &all, seat, action)?;
            if seat.0 < seats {
                prop_assert_eq!(
                    rejection.code,
                    RejectCode::GameOver,
                    "{} sent {:?} after the end",
                    seat,
                    action
                );
            }
        }
    }
    Ok(played)
}
