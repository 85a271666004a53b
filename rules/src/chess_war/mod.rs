//! ChessWar!, by Kalle Marjola: six races bought with points within each
//! unit's bounds, an 8×8 board, and turns in which every unit may move, then
//! fire, then fight in melee; saves, fear, spells. The rules as Fray plays
//! them, with every ruling: `docs/rules/chess-war.md`. The engine plays the
//! whole game, registered in `contract/registry.rs`.
//!
//! Where each rule lives:
//! - `units.rs`: the races, every unit's profile, its chess piece and specials
//! - `weapons.rs`: bows, long bows, crossbows, catapults, fear catapults, rocks
//! - `spells.rs`: the ten spells, their kinds and the numbers Fray gives them
//! - `army.rs`: army selection (bounds, one general, four infantry, points)
//! - `examples.rs`: an example list per race, and a random army
//! - `sight.rs`: which squares a shot's line crosses, and whether it is clear
//! - `reach.rs`: where a unit may move, teleport or advance; who is in melee
//! - `scatter.rs`: range, and where a catapult's shot lands
//! - `state.rs`: the units, the board, the turn and its phase
//! - `board.rs`: the sides' deployment zones
//! - `setup.rs`: the lists checked, the secret placement, the reveal, who starts
//! - `hidden.rs`: what a seat cannot see behind the screen, drawn anew for a bot
//! - `moves.rs`: every decision, and the one generator of those legal now
//! - `turn.rs`: one action, the phases in order, the end of a turn
//! - `movement.rs`: moves, the charge step, fear when charging, stupidity, teleport
//! - `firing.rs`: shots, sight, range, scatter, fear catapults, shots into melee
//! - `magic.rs`: the spell economy, when each kind is cast, targets, casting
//! - `spell_actions.rs`: a cast's action, notation and label; why one is refused
//! - `spell_effects.rs`: what each spell does, and anti-magic
//! - `reactions.rs`: the reaction windows and the instants each allows
//! - `resolution.rs`: an action's consequences in order, paused by a window
//! - `melee.rs`: attacks, the defender's choice of target, plague, the advance
//! - `saves.rs`: the save roll
//! - `winning.rs`: the general hunt, the lengthened game, the round limit
//! - `rulings.rs`: the points where the match option `rulings` keeps the
//!   readings Fray played before the book's
//! - `actions.rs`: actions, notation and labels; why an action is refused
//! - `view.rs`: what each viewer sees, and the referee's view in parts
//! - `position.rs`: positions set up for tests of one rule

mod actions;
pub mod army;
mod board;
pub mod examples;
mod firing;
mod hidden;
mod magic;
mod melee;
mod movement;
mod moves;
pub mod position;
pub mod reach;
mod reactions;
mod resolution;
mod rulings;
mod saves;
pub mod scatter;
mod setup;
pub mod sight;
mod spell_actions;
mod spell_effects;
pub mod spells;
mod state;
mod turn;
pub mod units;
mod view;
pub mod weapons;
mod winning;

#[cfg(test)]
mod tests;

use std::sync::LazyLock;

use fray_protocol::{
    Action, ActionOption, ArmyInfo, ArmyLimits, ArmyList, MatchConfig, OptionSpec, Outcome,
    PieceId, Rejection, Seat, SeatRange, SystemId, SystemInfo, UnitInfo, View, Viewer,
};

pub use army::{
    ArmyProblem, Budget, CheckedArmy, DEFAULT_POINTS, MAX_POINTS, MAX_UNITS, MIN_POINTS,
};
pub use examples::{example, examples, random_army};
pub use moves::Move;
pub use position::Position;
pub use rulings::Rulings;
pub use spells::{Spell, SpellKind};
pub use state::{ChessWar, Marks, SpellSlots, Step};
pub use units::{ChessPiece, Profile, Race, Special};
pub use view::SYSTEM_KEY;
pub use weapons::{Aim, Armament, Weapon, WeaponProfile};

use crate::contract::{GameRules, GameSystem, Pick, Seats, SetupError};
use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::game_length::Counted;
use crate::kit::kept_view::KeptView;
use crate::kit::match_options::{CheckedOptions, Choice, choice_option, flag_option, int_option};

pub const POINTS: &str = "points";
pub const LENGTHENED: &str = "lengthened";
pub const MAX_ROUNDS: &str = Counted::Rounds.limit_key();
pub const RULINGS: &str = "rulings";

const NAME: &str = "ChessWar!";

/// The options a match sets, read and checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchOptions {
    /// Each army's points.
    pub points: u32,
    /// The lengthened game: to total destruction, not the general's death.
    pub lengthened: bool,
    /// The round at whose end the game stops; 0 (the book's game): never.
    pub max_rounds: u32,
    /// Which reading of the book the match plays.
    pub rulings: Rulings,
}

impl Default for MatchOptions {
    fn default() -> Self {
        MatchOptions {
            points: DEFAULT_POINTS,
            lengthened: false,
            max_rounds: 0,
            rulings: Rulings::Book,
        }
    }
}

/// The options a match may set, each with its values and default once: what
/// clients are shown and what [`read_options`] checks a match against.
static OPTION_SPECS: LazyLock<Vec<OptionSpec>> = LazyLock::new(option_specs);

fn option_specs() -> Vec<OptionSpec> {
    let defaults = MatchOptions::default();
    vec![
        int_option(
            POINTS,
            "Points per army",
            (MIN_POINTS.into(), MAX_POINTS.into()),
            defaults.points,
            "Each army may spend at most this many points; a list is checked against \
             them when it is brought to the match.",
        ),
        flag_option(
            LENGTHENED,
            "Lengthened game",
            defaults.lengthened,
            "Play to total destruction: a general's death does not end the game, undead \
             crumble when their Liche and Necromancers are gone, and at the round limit \
             the points of the survivors decide.",
        ),
        Counted::Rounds.limit_option(
            (0, 1_000),
            defaults.max_rounds,
            "The game stops at the end of this round: a draw, or in the lengthened game \
             a win for the most points of survivors; 0 (the default): never, as the book \
             plays until a general dies (or, lengthened, an army is destroyed).",
        ),
        choice_option(
            RULINGS,
            "Rulings",
            defaults.rulings,
            "book: the book as Fray reads it now; fray-2026: the readings Fray used \
             before, kept so that matches stored before play on unchanged and for \
             groups who prefer them.",
        ),
    ]
}

/// Reads a match's options, refusing any its specs do not allow.
pub fn read_options(config: &MatchConfig) -> Result<MatchOptions, SetupError> {
    let options = CheckedOptions::check(NAME, &OPTION_SPECS, config)?;
    Ok(MatchOptions {
        points: options.int(POINTS),
        lengthened: options.flag(LENGTHENED),
        max_rounds: options.int(MAX_ROUNDS),
        rulings: options.choice(RULINGS),
    })
}

/// Checks a list for no match in particular, with every reason it fails:
/// its points are held only to the most any match allows ([`MAX_POINTS`]);
/// [`validate_army_for`] holds them to a match's.
pub fn validate_army(list: &ArmyList) -> Result<(), Vec<String>> {
    army::reasons(list, Budget::AnyMatch).map(|_| ())
}

/// Checks a list against the match it is brought to by `seat`: its points
/// against the match's `points` option.
pub fn validate_army_for(
    config: &MatchConfig,
    seat: u8,
    list: &ArmyList,
) -> Result<(), SetupError> {
    let options = read_options(config)?;
    army::reasons(list, Budget::Match(options.points))
        .map(|_| ())
        .map_err(|reasons| SetupError::InvalidArmy { seat, reasons })
}

pub fn system_info() -> SystemInfo {
    let defaults = MatchOptions::default();
    SystemInfo {
        id: SystemId::ChessWar,
        name: NAME.into(),
        summary: "Kalle Marjola's strategic game played with chess pieces: six races bought \
                  with points, and turns in which every unit may move, fire and fight in \
                  melee, with saves, fear and spells; killing the enemy general wins."
            .into(),
        seats: SeatRange { min: 2, max: 2 },
        options: OPTION_SPECS.clone(),
        army_rules: vec![
            format!(
                "Choose one race and spend at most the match's points ({DEFAULT_POINTS} by \
                 default) on its units."
            ),
            "Take each unit within its No bounds: exactly 1 general (the king) and at least \
             4 basic infantry (the pawns)."
                .into(),
            format!("Take at most {MAX_UNITS} units: the squares of the deployment zone."),
            format!(
                "A list is stored for no match in particular, at up to {MAX_POINTS} points; it \
                 is checked against a match's points when it creates or joins the match."
            ),
        ],
        limits: ArmyLimits {
            points: Some(defaults.points.into()),
            points_option: Some(POINTS.into()),
            min_pieces: 5,
            max_pieces: Some(MAX_UNITS),
        },
        // Each side's army is secret until both are revealed at the set-up's
        // end (W7).
        secret_armies: true,
        armies: Race::ALL
            .iter()
            .map(|&race| ArmyInfo {
                key: race.key().into(),
                name: race.name().into(),
                description: race.description().into(),
                units: units::units_of(race)
                    .map(|(_, profile)| unit_info(profile))
                    .collect(),
                special_rules: race.special_rules().iter().map(|s| s.to_string()).collect(),
            })
            .collect(),
        examples: examples(),
    }
}

fn unit_info(profile: &Profile) -> UnitInfo {
    let mut special: Vec<String> = profile.specials.iter().map(|s| s.text()).collect();
    special.extend(profile.note.map(String::from));
    UnitInfo {
        special,
        min: profile.min.into(),
        max: Some(profile.max.into()),
        ..UnitInfo::new(
            profile.key,
            profile.name,
            profile.stats(),
            profile.cost.into(),
        )
    }
}

// The one place that calls the part files: each method is the function of
// its name in the file named for it.
impl GameRules for ChessWar {
    type Move = Move;

    fn setup_logged(
        config: &MatchConfig,
        armies: &[ArmyList],
        _dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<Self, SetupError> {
        ChessWar::new_game(config, armies, log)
    }

    fn to_act(&self) -> Seats {
        self.seats_to_act()
    }

    fn legal_moves(&self, seat: Seat, out: &mut Vec<Move>) {
        moves::legal_moves(self, seat.0, out)
    }

    fn option_for(&self, _seat: Seat, mv: Move) -> ActionOption {
        self.option_of(mv)
    }

    fn parse(&self, seat: Seat, action: &Action) -> Result<Move, Rejection> {
        actions::parse(self, seat.0, action)
    }

    fn explain_illegal(&self, seat: Seat, mv: Move) -> Rejection {
        actions::explain_illegal(self, seat.0, mv)
    }

    fn not_your_turn(&self, _seat: Seat) -> Rejection {
        actions::not_your_turn(self)
    }

    fn play(&mut self, seat: Seat, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
        self.play_move_of(seat.0, mv, dice, log)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        winning::outcome(self)
    }

    fn removal_reason(&self, _piece: PieceId) -> String {
        "destroyed".into()
    }

    /// The armies are secret until both are placed (W7).
    fn hides_anything(&self) -> bool {
        self.behind_screen()
    }

    fn kept_view(&mut self) -> &mut KeptView<Self> {
        &mut self.kept_view
    }
}

impl GameSystem for ChessWar {
    const ID: SystemId = SystemId::ChessWar;

    fn info() -> SystemInfo {
        system_info()
    }

    fn validate_army(list: &ArmyList) -> Result<(), Vec<String>> {
        validate_army(list)
    }

    fn validate_army_for(
        config: &MatchConfig,
        seat: Seat,
        list: &ArmyList,
    ) -> Result<(), SetupError> {
        validate_army_for(config, seat.0, list)
    }

    fn examples() -> Vec<ArmyList> {
        examples()
    }

    fn random_army(config: &MatchConfig, army: Option<&str>, pick: Pick) -> Option<ArmyList> {
        random_army(config, army, pick)
    }

    /// Behind the screen, the other side's army and placements (W7).
    fn with_hidden_drawn(&self, seat: Seat, pick: Pick) -> Option<Self> {
        Some(self.with_other_side_drawn(seat.0, pick))
    }
}
