use fray_protocol::{
    Action, ActionOption, ArmyList, MatchConfig, Outcome, Rejection, ScopedEffect, Seat, SystemId,
    SystemInfo, View, Viewer,
};

use crate::chessboard_confrontation::{self, ChessboardConfrontation};
use crate::dice::Dice;
use crate::engine::{GameRules, SetupError};
use crate::fantasy_armies::{self, FantasyArmies};

/// A match of any system the engine plays.
#[derive(Clone)]
pub enum Game {
    FantasyArmies(Box<FantasyArmies>),
    ChessboardConfrontation(Box<ChessboardConfrontation>),
}

/// Every system that can be played, with its options, armies and profiles.
pub fn systems() -> Vec<SystemInfo> {
    vec![
        fantasy_armies::system_info(),
        chessboard_confrontation::system_info(),
    ]
}

/// Checks an army list against its system's rules, with every reason it fails.
pub fn validate_army(list: &ArmyList) -> Result<(), Vec<String>> {
    match list.system {
        SystemId::FantasyArmies => fantasy_armies::validate_army(list),
        SystemId::ChessboardConfrontation => chessboard_confrontation::validate_army(list),
        other => Err(vec![format!("{other} is not playable yet")]),
    }
}

impl Game {
    pub fn system(&self) -> SystemId {
        match self {
            Game::FantasyArmies(_) => SystemId::FantasyArmies,
            Game::ChessboardConfrontation(_) => SystemId::ChessboardConfrontation,
        }
    }

    pub fn setup(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Result<(Self, Vec<ScopedEffect>), SetupError> {
        match config.system {
            SystemId::FantasyArmies => FantasyArmies::setup(config, armies, dice)
                .map(|(game, effects)| (Game::FantasyArmies(Box::new(game)), effects)),
            SystemId::ChessboardConfrontation => {
                ChessboardConfrontation::setup(config, armies, dice)
                    .map(|(game, effects)| (Game::ChessboardConfrontation(Box::new(game)), effects))
            }
            other => Err(SetupError::NotImplemented(other.to_string())),
        }
    }

    pub fn to_act(&self) -> Vec<Seat> {
        match self {
            Game::FantasyArmies(game) => game.to_act(),
            Game::ChessboardConfrontation(game) => game.to_act(),
        }
    }

    pub fn options(&self, seat: Seat) -> Vec<ActionOption> {
        match self {
            Game::FantasyArmies(game) => game.options(seat),
            Game::ChessboardConfrontation(game) => game.options(seat),
        }
    }

    pub fn act(
        &mut self,
        seat: Seat,
        action: &Action,
        dice: &mut dyn Dice,
    ) -> Result<Vec<ScopedEffect>, Rejection> {
        match self {
            Game::FantasyArmies(game) => game.act(seat, action, dice),
            Game::ChessboardConfrontation(game) => game.act(seat, action, dice),
        }
    }

    pub fn view(&self, viewer: Viewer) -> View {
        match self {
            Game::FantasyArmies(game) => game.view(viewer),
            Game::ChessboardConfrontation(game) => game.view(viewer),
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Game::FantasyArmies(game) => game.outcome(),
            Game::ChessboardConfrontation(game) => game.outcome(),
        }
    }
}
