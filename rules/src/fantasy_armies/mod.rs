//! Fantasy Armies, by Shane Garvey: six armies bought with 60 points, chess
//! movement, D6 contests for squares, shooting, spells; one piece acts per turn.
//! The rules as Fray plays them, with every ruling: `docs/rules/fantasy-armies.md`.
//!
//! Where each rule lives:
//! - `units.rs`: every profile and special rule letter
//! - `examples.rs`: the starter lists, and a random army
//! - `army.rs`: army selection (60 points, 8–16 pieces, one king)
//! - `setup.rs`: roll-off, deployment areas, who moves first
//! - `movement.rs`: chess movement, Entangle's escape roll, the Miner's tunnel
//! - `contest.rs`: contests for a square; Vampire and Ghoul gains
//! - `shooting.rs`: shooting, Cannon and Gunner misfires, hits and saves
//! - `auras.rs`: king and Dwarf Lord +1 HTH, Cleric +1 D, Armour, Smash!
//! - `hth.rs`: how a +1 HTH is read (added to the roll, or one more die)
//! - `magic.rs`: every spell of the five casters
//! - `turn.rs`: one turn, Charge!'s extra turns, the caps that end a game

mod actions;
pub mod army;
mod auras;
mod board;
mod contest;
mod earlier_logs;
mod examples;
mod hth;
mod magic;
mod movement;
pub mod moves;
pub mod position;
mod removals;
mod setup;
mod shooting;
mod state;
mod turn;
pub mod units;
mod view;

use std::sync::LazyLock;

use fray_protocol::{
    Action, ActionOption, ArmyList, Effect, MatchConfig, OptionSpec, Outcome, Phrase, PieceId,
    Rejection, ScopedEffect, Seat, SeatRange, SystemId, SystemInfo, UnitInfo, View, Viewer,
};

pub use contest::{ContestWinner, contest_winner};
pub use examples::starter_list;
pub use hth::{HTH_MODIFIERS, Hth, HthModifiers};
pub use moves::{Move, Spell};
pub use position::Position;
pub use state::{FantasyArmies, Limits, MatchOptions};
pub use units::Army;

use crate::contract::{GameRules, GameSystem, Pick, Seats, SetupError};
use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::game_length::Counted;
use crate::kit::kept_view::{KeptView, referee_view};
use crate::kit::match_options::{CheckedOptions, Choice, choice_option, int_option};

pub const MAX_TURNS: &str = Counted::Turns.limit_key();
pub const TURNS_WITHOUT_REMOVAL: &str = "turns-without-removal";

const NAME: &str = "Fantasy Armies";

/// Checks a list against army selection, with every reason it fails.
pub fn validate_army(list: &ArmyList) -> Result<(), Vec<String>> {
    army::check(list).map(|_| ())
}

/// The options a match may set, each with its values and default once: what
/// clients are shown and what [`read_options`] checks a match against.
static OPTION_SPECS: LazyLock<Vec<OptionSpec>> = LazyLock::new(option_specs);

fn option_specs() -> Vec<OptionSpec> {
    let defaults = MatchOptions::default();
    vec![
        Counted::Turns.limit_option(
            (10, 10_000),
            defaults.limits.max_turns,
            "The game is drawn after this many battle turns in all.",
        ),
        int_option(
            TURNS_WITHOUT_REMOVAL,
            "Turns without a removal",
            (10, 1_000),
            defaults.limits.turns_without_removal,
            "The game is drawn after this many battle turns in a row with no piece removed.",
        ),
        choice_option(
            HTH_MODIFIERS,
            "HTH modifiers",
            defaults.hth_modifiers,
            "How a +1 HTH (king and Dwarf Lord auras, Smash!, Drain Life, Vampire and \
             Ghoul gains) is played. add-to-roll: the book's \"1+1\", the piece rolls \
             its printed dice and adds 1 to the total; extra-dice: each +1 is one more \
             die and each -1 one die fewer.",
        ),
    ]
}

pub fn system_info() -> SystemInfo {
    SystemInfo {
        id: SystemId::FantasyArmies,
        name: NAME.into(),
        summary: "Shane Garvey's chess variant: six armies bought with 60 points, chess movement, \
                  D6 contests for squares, shooting and spells; one piece acts per turn, and \
                  removing the enemy king piece wins."
            .into(),
        seats: SeatRange { min: 2, max: 2 },
        options: OPTION_SPECS.clone(),
        army_rules: vec![
            "Choose one army and spend at most 60 points on its pieces.".into(),
            "Take at least 8 and at most 16 pieces.".into(),
            "Include exactly one king piece (the army's KG unit).".into(),
        ],
        limits: fray_protocol::ArmyLimits {
            points: Some(f64::from(army::POINTS_LIMIT_HALVES) / 2.0),
            points_option: None,
            min_pieces: army::MIN_PIECES,
            max_pieces: Some(army::MAX_PIECES),
        },
        secret_armies: false,
        examples: examples::examples(),
        armies: Army::ALL
            .iter()
            .copied()
            .map(|army| fray_protocol::ArmyInfo {
                key: army.key().into(),
                name: army.name().into(),
                description: army.description().into(),
                units: units::units_of(army)
                    .map(|(_, profile)| {
                        let king = profile.is_king();
                        UnitInfo {
                            special: profile.special.map(|c| c.to_string()).into_iter().collect(),
                            min: u32::from(king),
                            max: king.then_some(1),
                            ..UnitInfo::new(
                                profile.key,
                                profile.name,
                                profile.printed_stats(),
                                profile.cost(),
                            )
                        }
                    })
                    .collect(),
                special_rules: army.special_rules().iter().map(|s| s.to_string()).collect(),
            })
            .collect(),
    }
}

impl GameSystem for FantasyArmies {
    const ID: SystemId = SystemId::FantasyArmies;

    fn info() -> SystemInfo {
        system_info()
    }

    fn validate_army(list: &ArmyList) -> Result<(), Vec<String>> {
        validate_army(list)
    }

    fn examples() -> Vec<ArmyList> {
        examples::examples()
    }

    fn random_army(config: &MatchConfig, army: Option<&str>, pick: Pick) -> Option<ArmyList> {
        examples::random_army(config, army, pick)
    }

    fn agrees_in_its_earlier_form(
        before: &View,
        stored: &[ScopedEffect],
        made: &[ScopedEffect],
    ) -> bool {
        earlier_logs::agrees_as_made_earlier(before, stored, made)
    }
}

fn read_options(config: &MatchConfig) -> Result<MatchOptions, SetupError> {
    let options = CheckedOptions::check(NAME, &OPTION_SPECS, config)?;
    Ok(MatchOptions {
        limits: Limits {
            max_turns: options.int(MAX_TURNS),
            turns_without_removal: options.int(TURNS_WITHOUT_REMOVAL),
        },
        hth_modifiers: options.choice(HTH_MODIFIERS),
    })
}

impl FantasyArmies {
    pub fn is_over(&self) -> bool {
        matches!(self.phase, state::Phase::Over(_))
    }

    /// How this match reads a +1 HTH.
    pub fn hth_modifiers(&self) -> HthModifiers {
        self.hth_modifiers
    }
}

// The one place that calls the part files: each method is the function of
// its name in the file named for it.
impl GameRules for FantasyArmies {
    type Move = Move;

    fn setup_logged(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<Self, SetupError> {
        crate::kit::army_check::match_and_lists(
            config,
            armies,
            SystemId::FantasyArmies,
            NAME,
            (2, 2),
        )?;
        let options = read_options(config)?;
        let mut checked = Vec::with_capacity(2);
        for (seat, list) in armies.iter().enumerate() {
            checked.push(
                army::check(list).map_err(|reasons| SetupError::InvalidArmy {
                    seat: seat as u8,
                    reasons,
                })?,
            );
        }
        let [first, second]: [_; 2] = checked.try_into().expect("two armies");

        log.push(|| Effect::GameCreated {
            system: view::SYSTEM_KEY.into(),
            width: 8,
            height: 8,
        });
        let game = FantasyArmies::new_game([first, second], options, dice, log);
        for seat in 0..2 {
            log.push(|| Effect::PlayerChanged {
                player: game.player_view(seat),
            });
        }
        for index in 0..game.pieces.len() as u8 {
            log.push(|| Effect::PiecePlaced {
                piece: game.piece_view(index),
            });
        }
        log.tell(|| Phrase::from(Seat(game.first_deployer)).text(" deploys first"));
        log.push(|| Effect::TurnChanged {
            turn: game.turn_view(),
        });
        Ok(game)
    }

    fn to_act(&self) -> Seats {
        self.seat_to_act().map(Seat).into()
    }

    fn legal_moves(&self, seat: Seat, out: &mut Vec<Move>) {
        if self.seat_to_act() == Some(seat.0) {
            moves::legal_moves(self, out)
        }
    }

    fn option_for(&self, _seat: Seat, mv: Move) -> ActionOption {
        self.to_option(mv)
    }

    fn parse(&self, seat: Seat, action: &Action) -> Result<Move, Rejection> {
        actions::parse(self, seat.0, action)
    }

    fn explain_illegal(&self, _seat: Seat, mv: Move) -> Rejection {
        actions::explain_illegal(self, mv)
    }

    fn not_your_turn(&self, _seat: Seat) -> Rejection {
        actions::not_your_turn(self)
    }

    fn play(&mut self, _seat: Seat, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
        turn::play(self, mv, dice, log)
    }

    /// Everything, since nothing here is hidden.
    fn view(&self, _viewer: Viewer) -> View {
        referee_view(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        view::outcome(self)
    }

    fn kept_view(&mut self) -> &mut KeptView<Self> {
        &mut self.kept_view
    }

    fn removal_reason(&self, piece: PieceId) -> String {
        match self.piece(piece.0 as u8).place {
            state::Place::Removed { cause, .. } => removals::removal_reason(cause),
            _ => crate::contract::OUT_OF_SIGHT.into(),
        }
    }
}
