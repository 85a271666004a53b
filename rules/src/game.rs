use fray_protocol::{
    Action, ActionOption, ArmyList, Effect, MatchConfig, Outcome, Rejection, ScopedEffect, Seat,
    SystemId, SystemInfo, View, Viewer, apply_all,
};

use crate::chessboard_confrontation::{self, ChessboardConfrontation};
use crate::dice::Dice;
use crate::engine::{GameRules, SetupError};
use crate::fantasy_armies::{self, FantasyArmies};
use crate::summoners_chess::{self, SummonersChess};

/// A match of any system the engine plays.
#[derive(Clone)]
pub enum Game {
    FantasyArmies(Box<FantasyArmies>),
    ChessboardConfrontation(Box<ChessboardConfrontation>),
    SummonersChess(Box<SummonersChess>),
}

/// Runs the same call on whichever system a game plays.
macro_rules! on_each_system {
    ($game:expr, $rules:ident => $call:expr) => {
        match $game {
            Game::FantasyArmies($rules) => $call,
            Game::ChessboardConfrontation($rules) => $call,
            Game::SummonersChess($rules) => $call,
        }
    };
}

/// Every system that can be played, with its options, armies and profiles.
pub fn systems() -> Vec<SystemInfo> {
    vec![
        fantasy_armies::system_info(),
        chessboard_confrontation::system_info(),
        summoners_chess::system_info(),
    ]
}

/// Two valid army lists of a playable system, one per seat: Dwarfs against
/// Undead, the Summoners list twice, a Lucky squad against an Armor squad.
/// What tests, benchmarks and recorded games play with; `None` for a system
/// not playable yet.
pub fn example_armies(system: SystemId) -> Option<[ArmyList; 2]> {
    use fantasy_armies::{Army, starter_list};
    match system {
        SystemId::FantasyArmies => Some([starter_list(Army::Dwarfs), starter_list(Army::Undead)]),
        SystemId::SummonersChess => {
            Some([summoners_chess::army_list(), summoners_chess::army_list()])
        }
        SystemId::ChessboardConfrontation => Some([
            chessboard_confrontation::squad("lucky"),
            chessboard_confrontation::squad("armor"),
        ]),
        _ => None,
    }
}

/// Checks an army list against its system's rules, with every reason it fails.
pub fn validate_army(list: &ArmyList) -> Result<(), Vec<String>> {
    match list.system {
        SystemId::FantasyArmies => fantasy_armies::validate_army(list),
        SystemId::ChessboardConfrontation => chessboard_confrontation::validate_army(list),
        SystemId::SummonersChess => summoners_chess::validate_army(list),
        other => Err(vec![format!("{other} is not playable yet")]),
    }
}

/// Checks an army list against the match it is brought to (created or
/// joined) by `seat`: what [`validate_army`] checks, and what depends on the
/// match's options, such as Chessboard Confrontation's points.
pub fn validate_army_for(
    config: &MatchConfig,
    seat: Seat,
    list: &ArmyList,
) -> Result<(), SetupError> {
    if list.system != config.system {
        return Err(SetupError::WrongSystem {
            expected: config.system.to_string(),
            found: list.system.to_string(),
        });
    }
    match list.system {
        SystemId::ChessboardConfrontation => {
            chessboard_confrontation::validate_army_for(config, seat.0, list)
        }
        _ => validate_army(list).map_err(|reasons| SetupError::InvalidArmy {
            seat: seat.0,
            reasons,
        }),
    }
}

/// True when `stored`, the effects of one action in a match's log, are
/// `made`, the effects the rules make for it now, as an earlier release made
/// them: Summoners Chess told a summons before the move that caused it,
/// Chessboard Confrontation narrated each step besides moving the piece, and
/// Fantasy Armies narrated each removal besides removing the piece (before
/// protocol version 3) and had no marker for a Druid keeping Armour of
/// Thorns on a friend. Besides, each system once wrote its view changes by
/// hand, in its own order and forms, where they are now found by comparing
/// views ([`fray_protocol::diff`]): a log that tells the same dice and
/// narration, to the same audiences, and whose changes leave the same views,
/// agrees ([`agrees_in_substance`]). `before` is the referee's view before
/// the action. Logs stored then still verify and rebuild; anything else must
/// be `made` exactly.
pub fn agrees_as_made_earlier(
    system: SystemId,
    before: &View,
    stored: &[ScopedEffect],
    made: &[ScopedEffect],
) -> bool {
    let in_its_own_earlier_form = match system {
        SystemId::SummonersChess => {
            summoners_chess::summons_told_first(made).is_some_and(|earlier| earlier == stored)
        }
        SystemId::ChessboardConfrontation => {
            chessboard_confrontation::without_steps_told_twice(stored)
                .is_some_and(|now| now == made)
        }
        SystemId::FantasyArmies => fantasy_armies::agrees_as_made_earlier(before, stored, made),
        _ => false,
    };
    if in_its_own_earlier_form {
        return true;
    }
    let steps_told_once = match system {
        SystemId::ChessboardConfrontation => {
            chessboard_confrontation::without_steps_told_twice(stored)
        }
        _ => None,
    };
    agrees_in_substance(before, steps_told_once.as_deref().unwrap_or(stored), made)
}

/// True when `stored` and `made` tell the same dice and narration, in the
/// same order and to the same audiences, and their changes turn the
/// referee's view `before` into the same view, and a spectator's too (from
/// the same view: no system stored so far hid anything from one), whatever
/// order or form the changes take.
pub fn agrees_in_substance(before: &View, stored: &[ScopedEffect], made: &[ScopedEffect]) -> bool {
    let told = |effects: &[ScopedEffect]| -> Vec<ScopedEffect> {
        effects
            .iter()
            .filter(|scoped| {
                matches!(
                    scoped.effect,
                    Effect::DiceRolled { .. } | Effect::Narration { .. }
                )
            })
            .cloned()
            .collect()
    };
    if told(stored) != told(made) {
        return false;
    }
    [Viewer::Referee, Viewer::Spectator]
        .into_iter()
        .all(|viewer| {
            let after = |effects: &[ScopedEffect]| {
                let mut view = before.clone();
                apply_all(&mut view, &ScopedEffect::for_viewer(effects, viewer));
                view
            };
            after(stored) == after(made)
        })
}

impl Game {
    pub fn system(&self) -> SystemId {
        match self {
            Game::FantasyArmies(_) => SystemId::FantasyArmies,
            Game::ChessboardConfrontation(_) => SystemId::ChessboardConfrontation,
            Game::SummonersChess(_) => SystemId::SummonersChess,
        }
    }

    pub fn setup(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Result<(Self, Vec<ScopedEffect>), SetupError> {
        fn boxed<G: GameRules>(
            made: Result<(G, Vec<ScopedEffect>), SetupError>,
            wrap: fn(Box<G>) -> Game,
        ) -> Result<(Game, Vec<ScopedEffect>), SetupError> {
            made.map(|(game, effects)| (wrap(Box::new(game)), effects))
        }
        match config.system {
            SystemId::FantasyArmies => boxed(
                FantasyArmies::setup(config, armies, dice),
                Game::FantasyArmies,
            ),
            SystemId::ChessboardConfrontation => boxed(
                ChessboardConfrontation::setup(config, armies, dice),
                Game::ChessboardConfrontation,
            ),
            SystemId::SummonersChess => boxed(
                SummonersChess::setup(config, armies, dice),
                Game::SummonersChess,
            ),
            other => Err(SetupError::NotImplemented(other.to_string())),
        }
    }

    /// The set-up an earlier release gave this match, where it differs from
    /// today's: Chessboard Confrontation's Retrieve let random obstacles on
    /// the corners of seated players' sides, and Summoners Chess asked seat 0
    /// alone to place its Acolytes first. Set up again this way, a match
    /// stored then rebuilds and verifies; none where nothing changed.
    pub fn setup_as_made_earlier(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Option<Result<(Self, Vec<ScopedEffect>), SetupError>> {
        match config.system {
            SystemId::ChessboardConfrontation => {
                ChessboardConfrontation::setup_as_made_earlier(config, armies, dice).map(|made| {
                    made.map(|(game, effects)| {
                        (Game::ChessboardConfrontation(Box::new(game)), effects)
                    })
                })
            }
            SystemId::SummonersChess => SummonersChess::setup_as_made_earlier(config, armies, dice)
                .map(|made| {
                    made.map(|(game, effects)| (Game::SummonersChess(Box::new(game)), effects))
                }),
            _ => None,
        }
    }

    pub fn to_act(&self) -> Vec<Seat> {
        on_each_system!(self, game => game.to_act().to_vec())
    }

    pub fn options(&self, seat: Seat) -> Vec<ActionOption> {
        on_each_system!(self, game => game.options(seat))
    }

    pub fn act(
        &mut self,
        seat: Seat,
        action: &Action,
        dice: &mut dyn Dice,
    ) -> Result<Vec<ScopedEffect>, Rejection> {
        on_each_system!(self, game => game.act(seat, action, dice))
    }

    pub fn view(&self, viewer: Viewer) -> View {
        on_each_system!(self, game => game.view(viewer))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        on_each_system!(self, game => game.outcome())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ChaChaDice;

    #[test]
    fn the_systems_played_are_those_the_protocol_calls_playable() {
        let mut played: Vec<SystemId> = systems().iter().map(|info| info.id).collect();
        played.sort();
        let mut playable = SystemId::PLAYABLE.to_vec();
        playable.sort();
        assert_eq!(played, playable);
    }

    /// The first action of a Chessboard Confrontation game that changes two
    /// of one seat's counters at once, with the referee's view before it.
    fn two_counters_changed() -> (View, Vec<ScopedEffect>) {
        let system = SystemId::ChessboardConfrontation;
        let armies = example_armies(system).unwrap();
        let mut dice = ChaChaDice::from_u64(1);
        let (mut game, _) = Game::setup(&MatchConfig::new(system), &armies, &mut dice).unwrap();
        loop {
            let seat = game.to_act()[0];
            let option = game.options(seat).remove(0);
            let before = game.view(Viewer::Referee);
            let made = game.act(seat, &option.action, &mut dice).unwrap();
            let resources = made
                .iter()
                .filter(|s| matches!(s.effect, Effect::ResourceChanged { .. }))
                .count();
            if resources >= 2 {
                return (before, made);
            }
            assert!(game.outcome().is_none(), "no action changed two counters");
        }
    }

    #[test]
    fn changes_in_another_order_agree_and_a_tampered_log_does_not() {
        let (before, made) = two_counters_changed();
        let system = SystemId::ChessboardConfrontation;
        // Today's order of the counters is not the one stored logs have:
        // the same changes, reordered, agree.
        let mut reordered = made.clone();
        let at: Vec<usize> = (0..made.len())
            .filter(|&i| matches!(made[i].effect, Effect::ResourceChanged { .. }))
            .collect();
        reordered.swap(at[0], at[1]);
        assert_ne!(reordered, made);
        assert!(agrees_as_made_earlier(system, &before, &reordered, &made));
        // A change that leaves another view does not.
        let mut tampered = made.clone();
        if let Effect::ResourceChanged { value, .. } = &mut tampered[at[0]].effect {
            *value += 1;
        }
        assert!(!agrees_as_made_earlier(system, &before, &tampered, &made));
        // Nor does narration told to another audience, or dice left out.
        let mut hidden = made.clone();
        let told = (0..made.len()).find(|&i| {
            matches!(
                made[i].effect,
                Effect::Narration { .. } | Effect::DiceRolled { .. }
            )
        });
        if let Some(told) = told {
            hidden[told].audience = fray_protocol::Audience::Referee;
            assert!(!agrees_as_made_earlier(system, &before, &hidden, &made));
            hidden.remove(told);
            assert!(!agrees_as_made_earlier(system, &before, &hidden, &made));
        }
    }

    #[test]
    fn every_playable_system_has_example_armies_that_set_up_a_game() {
        for info in systems() {
            let armies =
                example_armies(info.id).unwrap_or_else(|| panic!("{}: no example armies", info.id));
            for list in &armies {
                assert_eq!(list.system, info.id);
                assert_eq!(validate_army(list), Ok(()), "{}: {}", info.id, list.name);
            }
            let config = MatchConfig::new(info.id);
            let set_up = Game::setup(&config, &armies, &mut ChaChaDice::from_u64(1));
            assert!(set_up.is_ok(), "{}: the examples set up a game", info.id);
        }
    }
}
