//! Chessboard Confrontation, by Andrew Domino: point-bought squads with die
//! values and traits on a chessboard with obstacles; initiative, four
//! activation tokens per player, one miniature per turn. Two to four players.
//! The rules as Fray plays them, with every ruling:
//! `docs/rules/chessboard-confrontation.md`.
//!
//! Where each rule lives:
//! - `army.rs`: troop types, traits, costs, army building
//! - `examples.rs`: the example squads, and a random squad
//! - `board.rs`: the board's size, squares, sides, corners, centre, the
//!   lines ranged attacks follow; `squares.rs`: sets of squares
//! - `map.rs`: the chessboard or the battle-map variant, and its Move values
//! - `obstacles.rs`: d6+10 obstacles by d8 rolls; the fixed layout
//! - `map_obstacles.rs`: the battle map's obstacles, random rectangles over
//!   about half of it
//! - `setup.rs`: placement on a side (a Large miniature's main space
//!   chosen there), late arrivals
//! - `turn.rs`: initiative, tokens, turn order, caps; the flow of a turn
//! - `movement.rs`: moving, Flight, Large miniatures, Summon
//! - `large.rs`: a Large miniature's 2×2 body and the main space chosen in it
//! - `combat.rs`: attacks, rolls, Fear, Area Effect, Poison and Stun attacks
//! - `reactions.rs`: Lucky and Support rerolls, Heal on anyone's turn
//! - `markers.rs`: Heal, Support, Stealth markers; end-of-turn Skill rolls
//! - `winning.rs`: how a game is won
//! - `rulings.rs`: the points where the match option `rulings` keeps the
//!   readings Fray used before

mod actions;
pub mod army;
mod board;
mod combat;
mod examples;
mod large;
mod log;
mod map;
mod map_obstacles;
mod markers;
mod movement;
pub mod moves;
mod obstacles;
pub mod position;
mod reactions;
mod rulings;
mod setup;
mod squares;
mod state;
mod turn;
mod view;
mod winning;

use std::sync::LazyLock;

use fray_protocol::{
    Action, ActionOption, ArmyInfo, ArmyLimits, ArmyList, Effect, MatchConfig, OptionSpec, Outcome,
    PieceId, Rejection, ScopedEffect, Seat, SeatRange, SystemId, SystemInfo, View, Viewer,
};

pub use army::{ARMY_KEY, Budget, DEFAULT_BUDGET, LARGE_KEY, MAX_BUDGET, MIN_BUDGET, Trait, Troop};
pub use examples::squad;
pub use map::Map;
pub use moves::Move;
pub use obstacles::FIXED as FIXED_LAYOUT;
pub use position::Position;
pub use rulings::Rulings;
pub use state::{ChessboardConfrontation, Kind, Layout, Mode, Scenario, Settings, Tally};

use crate::contract::{GameRules, GameSystem, Pick, Seats, SetupError};
use crate::kit::dice::Dice;
use crate::kit::game_length::Counted;
use crate::kit::kept_view::{KeptView, referee_view};
use crate::kit::match_options::{CheckedOptions, choice_option, int_option};
use log::{Log, told};
use state::{EMPTY, Mini, Phase, Place};

pub const POINTS: &str = "points";
pub const SCENARIO: &str = "scenario";
pub const SURVIVAL_COUNT: &str = "survival-count";
pub const OBSTACLES: &str = "obstacles";
pub const MAX_ROUNDS: &str = Counted::Rounds.limit_key();
pub const QUIET_ROUNDS: &str = "rounds-without-defeat";
pub const RULINGS: &str = "rulings";
pub const MAP: &str = "map";

const NAME: &str = "Chessboard Confrontation";

/// Checks a list against army building for no match in particular, with
/// every reason it fails: its points are held only to the most any match
/// allows ([`MAX_BUDGET`]); [`validate_army_for`] holds them to a match's.
pub fn validate_army(list: &ArmyList) -> Result<(), Vec<String>> {
    army::check(list, Budget::AnyMatch).map(|_| ())
}

/// Checks a list against the match it is brought to: its points against the
/// match's `points` option.
pub fn validate_army_for(
    config: &MatchConfig,
    seat: u8,
    list: &ArmyList,
) -> Result<(), SetupError> {
    let settings = read_settings(config)?;
    army::check(list, Budget::Match(settings.budget))
        .map(|_| ())
        .map_err(|reasons| SetupError::InvalidArmy { seat, reasons })
}

/// The options a match may set, each with its values and default once: what
/// clients are shown and what [`read_settings`] checks a match against.
static OPTION_SPECS: LazyLock<Vec<OptionSpec>> = LazyLock::new(option_specs);

fn option_specs() -> Vec<OptionSpec> {
    let defaults = Settings::default();
    vec![
        int_option(
            POINTS,
            "Points per army",
            (MIN_BUDGET.into(), MAX_BUDGET.into()),
            defaults.budget,
            "Each army may spend at most this many points; a list is checked against \
             them when it is brought to the match.",
        ),
        choice_option(
            SCENARIO,
            "Scenario",
            defaults.scenario,
            "last-standing: the last player with miniatures on the board wins; \
             infiltrate: two miniatures on an opponent's side; retrieve: carry the \
             centre marker home; survival: most miniatures on the board (or points, \
             see survival-count) after three rounds.",
        ),
        choice_option(
            SURVIVAL_COUNT,
            "Survival counts",
            defaults.survival,
            "In survival: miniatures: the most miniatures left wins, points break a \
             tie; points: the most points of miniatures left wins, their number \
             breaks a tie.",
        ),
        choice_option(
            OBSTACLES,
            "Obstacles",
            defaults.layout,
            "random: d6+10 placed by dice (on the battle map, rectangles over half of \
             it); fixed: the same every game (twelve; on the battle map, blocks over \
             half of it); open: none.",
        ),
        choice_option(
            MAP,
            "Map",
            defaults.map,
            "board: the 8×8 chessboard; battle-map: the book's variant, a 24-inch \
             square map played one square per inch (every second diagonal inch \
             counting two), Move 5/6/6/7/7 (Fast +5), obstacles over about half of it.",
        ),
        Counted::Rounds.limit_option(
            (0, 1_000),
            defaults.max_rounds,
            "The game is drawn at the end of this round; 0: never (the book has no such cap).",
        ),
        int_option(
            QUIET_ROUNDS,
            "Rounds without a defeat",
            (0, 100),
            defaults.quiet_rounds,
            "The game is drawn after this many whole rounds in a row with no miniature \
             defeated; 0: never (the book has no such cap).",
        ),
        choice_option(
            RULINGS,
            "Rulings",
            defaults.rulings,
            "book: the book as Fray reads it now (Summon takes a Skill roll; \
             Infiltrate needs two miniatures on one opponent's side; on the \
             battle map every second diagonal inch counts two; and more, see the \
             rulings); fray-2026 and fray-2025: the readings Fray used before, \
             kept so matches stored before play on unchanged and for groups who \
             prefer them.",
        ),
    ]
}

pub fn system_info() -> SystemInfo {
    let defaults = Settings::default();
    SystemInfo {
        id: SystemId::ChessboardConfrontation,
        name: NAME.into(),
        summary: "Andrew Domino's squad-level fantasy combat on a chessboard: buy miniatures \
                  with die values and traits, place them among obstacles, and activate one \
                  miniature per token in initiative order. Two to four players."
            .into(),
        seats: SeatRange { min: 2, max: 4 },
        options: OPTION_SPECS.clone(),
        army_rules: vec![
            format!(
                "Name the army '{ARMY_KEY}' and spend at most the match's points (50 by default) \
                 on miniatures: each entry is a troop type with a count and the traits each of \
                 those miniatures has."
            ),
            format!(
                "A list is stored for no match in particular, at up to {MAX_BUDGET} points; it \
                 is checked against a match's points when it creates or joins the match."
            ),
            "Each trait can be taken once per miniature; an army can have only 1 miniature with Support.".into(),
            format!("The trait '{LARGE_KEY}' marks a Large miniature (2×2 spaces); it costs nothing."),
        ],
        limits: ArmyLimits {
            points: Some(defaults.budget.into()),
            points_option: Some(POINTS.into()),
            min_pieces: 1,
            max_pieces: None,
        },
        secret_armies: false,
        armies: vec![ArmyInfo {
            key: ARMY_KEY.into(),
            name: "Squad".into(),
            description: "Any mixture of troop types, each with any traits.".into(),
            units: army::unit_infos(),
            special_rules: Vec::new(),
        }],
        examples: examples::examples(),
    }
}

impl GameSystem for ChessboardConfrontation {
    const ID: SystemId = SystemId::ChessboardConfrontation;

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
        examples::examples()
    }

    fn random_army(config: &MatchConfig, army: Option<&str>, pick: Pick) -> Option<ArmyList> {
        examples::random_army(config, army, pick)
    }

    /// The set-up a match stored before Retrieve kept the corners clear of
    /// random obstacles was given, so that such a match is set up again as
    /// it was; none for a match whose set-up did not change.
    fn setup_as_made_earlier(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Option<Result<(Self, Vec<ScopedEffect>), SetupError>> {
        let settings = read_settings(config).ok()?;
        // The battle map came after the corners were kept clear.
        if settings.scenario != Scenario::Retrieve
            || settings.layout != Layout::Random
            || settings.map != Map::Chessboard
        {
            return None;
        }
        let mut log = Log::recording();
        let earlier = Settings {
            corners_clear: false,
            ..settings
        };
        Some(
            Self::setup_with(config, armies, earlier, dice, &mut log)
                .map(|game| (game, log.finish(Vec::new()))),
        )
    }

    fn without_told_twice(stored: &[ScopedEffect]) -> Option<Vec<ScopedEffect>> {
        movement::without_steps_told_twice(stored)
    }
}

fn read_settings(config: &MatchConfig) -> Result<Settings, SetupError> {
    let options = CheckedOptions::check(NAME, &OPTION_SPECS, config)?;
    Ok(Settings {
        budget: options.int(POINTS),
        scenario: options.choice(SCENARIO),
        survival: options.choice(SURVIVAL_COUNT),
        layout: options.choice(OBSTACLES),
        map: options.choice(MAP),
        max_rounds: options.int(MAX_ROUNDS),
        quiet_rounds: options.int(QUIET_ROUNDS),
        rulings: options.choice(RULINGS),
        // What no option sets.
        ..Settings::default()
    })
}

impl ChessboardConfrontation {
    pub fn finished(&self) -> bool {
        self.is_over()
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    fn setup_with(
        config: &MatchConfig,
        armies: &[ArmyList],
        settings: Settings,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<Self, SetupError> {
        let system = SystemId::ChessboardConfrontation;
        crate::kit::army_check::match_and_lists(config, armies, system, NAME, (2, 4))?;
        let mut minis = Vec::new();
        for (seat, list) in armies.iter().enumerate() {
            let bought = army::check(list, Budget::Match(settings.budget)).map_err(|reasons| {
                SetupError::InvalidArmy {
                    seat: seat as u8,
                    reasons,
                }
            })?;
            minis.extend(bought.into_iter().map(|b| Mini {
                troop: b.troop,
                traits: b.traits,
                owner: seat as u8,
                place: Place::Waiting,
                markers: 0,
                turns: 0,
                reach: large::Reach::default_for(seat as u8),
            }));
        }
        let seats = armies.len() as u8;
        let board = settings.map.board();
        log.push(|| Effect::GameCreated {
            system: view::SYSTEM_KEY.into(),
            width: board.width(),
            height: board.height(),
        });
        let obstacles = match settings.map {
            Map::Chessboard => obstacles::lay(board, &settings, seats, dice, log),
            Map::BattleMap => map_obstacles::lay(&settings, seats, dice, log),
        };
        let objective = (settings.scenario == Scenario::Retrieve).then(|| {
            let face = dice.roll(4);
            let sq = board.centre()[face as usize - 1];
            log.roll(|| {
                let [a, b, c, d] = board.centre().map(board::to_square);
                told(
                    None,
                    None,
                    &format!("objective space (d4: {a}, {b}, {c}, {d})"),
                    vec![(4, face)],
                    0,
                    face.into(),
                    format!("the objective lies on {}", board::to_square(sq)),
                )
            });
            sq
        });
        let game = ChessboardConfrontation {
            minis,
            board,
            occupants: [EMPTY; board::ADDRESSES],
            obstacles,
            objective,
            seats,
            tokens: [0; state::MAX_SEATS],
            order: [u8::MAX; state::MAX_SEATS],
            order_len: 0,
            phase: Phase::Place { seat: 0 },
            activation: None,
            strike: None,
            pending: None,
            round: 0,
            turn: 0,
            quiet_rounds: 0,
            removed_this_round: false,
            settings,
            kept_view: Default::default(),
        };
        game.record_start(log);
        Ok(game)
    }
}

// The one place that calls the part files: each method is the function of
// its name in the file named for it.
impl GameRules for ChessboardConfrontation {
    type Move = Move;

    fn setup_logged(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<Self, SetupError> {
        let settings = read_settings(config)?;
        Self::setup_with(config, armies, settings, dice, log)
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
        winning::outcome(self)
    }

    fn removal_reason(&self, _piece: PieceId) -> String {
        "defeated".into()
    }

    fn kept_view(&mut self) -> &mut KeptView<Self> {
        &mut self.kept_view
    }
}
