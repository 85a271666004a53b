//! Summoners Chess: chess movement on 64 random terrain tiles, four of each of
//! sixteen types; each player starts with four Acolytes, and holding three
//! tiles of a terrain summons its unit onto the fourth. Capture all four enemy
//! Acolytes, or leave the opponent two pieces or fewer, to win.
//! The rules as Fray plays them, with every ruling: `docs/rules/summoners-chess.md`.
//!
//! Where each rule lives:
//! - `units.rs`: the terrains, the Acolyte and both unit charts
//! - `examples.rs`: the one list both players bring
//! - `board.rs`: squares, steps and lines
//! - `placement.rs`: where the Acolytes may start, and who chooses
//! - `terrain.rs`: the tiles in chart order, the Fisher–Yates shuffle
//! - `setup.rs`: laying the tiles, placing the Acolytes, the coin flip
//! - `moves.rs`: every legal move (chess movement, Page, Squire, pass)
//! - `summoning.rs`: when a unit is summoned, which, and where
//! - `turn.rs`: one move, its capture and its summons
//! - `winning.rs`: the two ways to win, the caps that draw a game
//! - `actions.rs`: actions, notation and labels; why an action is refused
//! - `view.rs`: what each viewer sees

mod actions;
mod board;
mod examples;
mod moves;
mod placement;
pub mod position;
mod setup;
mod state;
mod summoning;
mod terrain;
mod turn;
pub mod units;
mod view;
mod winning;

use std::sync::LazyLock;

use fray_protocol::{
    Action, ActionOption, ArmyInfo, ArmyLimits, ArmyList, Buy, Effect, MatchConfig, OptionSpec,
    Outcome, PieceId, Rejection, ScopedEffect, Seat, SeatRange, SystemId, SystemInfo, UnitInfo,
    View, Viewer,
};

pub use examples::army_list;
pub use moves::Move;
pub use placement::{AcolyteSetup, Placement};
pub use position::Position;
pub use state::{Limits, Rules, SummonersChess};
pub use terrain::chart_order;
pub use units::{Chart, Movement, Terrain};
pub use view::{ARMY_KEY, SYSTEM_KEY, summons_told_first};

use crate::contract::{GameRules, GameSystem, Pick, Seats, SetupError};
use crate::kit::army_check;
use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::game_length::Counted;
use crate::kit::kept_view::{KeptView, referee_view};
use crate::kit::match_options::{CheckedOptions, Choice, choice_option, flag_option, int_option};

/// Match option: play the second unit variant.
pub const SECOND_UNIT: &str = "second-unit";
/// Match option: who decides where the Acolytes start.
pub const ACOLYTES: &str = "acolytes";
/// Match option: the game is drawn after this many turns in all.
pub const MAX_TURNS: &str = Counted::Turns.limit_key();
/// Match option: the game is drawn after this many turns in a row with no
/// capture and no summons.
pub const QUIET_TURNS: &str = "quiet-turns";

const NAME: &str = "Summoners Chess";

/// Both players use the same fixed set, so the only valid list is the empty
/// `summoners` list: it names the system and chooses nothing.
pub fn validate_army(list: &ArmyList) -> Result<(), Vec<String>> {
    let mut reasons =
        army_check::system_and_army(list, SystemId::SummonersChess, NAME, &[ARMY_KEY]);
    if !list.units.is_empty() {
        reasons.push(
            "a Summoners Chess list takes no units: each player starts with four Acolytes \
             and summons the rest during play"
                .into(),
        );
    }
    if reasons.is_empty() {
        Ok(())
    } else {
        Err(reasons)
    }
}

/// The options a match may set, each with its values and default once: what
/// clients are shown and what [`read_rules`] checks a match against.
static OPTION_SPECS: LazyLock<Vec<OptionSpec>> = LazyLock::new(option_specs);

fn option_specs() -> Vec<OptionSpec> {
    let defaults = Rules::default();
    vec![
        flag_option(
            SECOND_UNIT,
            "Second unit variant",
            defaults.second_unit,
            "Once a player has summoned a terrain's unit from the first chart, the \
             other player may later summon that terrain's unit from the second chart.",
        ),
        choice_option(
            ACOLYTES,
            "Acolyte placement",
            defaults.acolytes,
            "chosen: before the coin flip each player puts their four Acolytes on \
             files a-c-e-g or b-d-f-h of their back row, unseen by the other until \
             both have chosen; fixed: a1 c1 e1 g1 against h8 f8 d8 b8, no choice.",
        ),
        // 0 switches a cap off: the book has neither (R13).
        Counted::Turns.limit_option(
            (0, 10_000),
            defaults.limits.max_turns,
            "The game is drawn after this many turns in all; 0: never (the book \
             has no such cap).",
        ),
        int_option(
            QUIET_TURNS,
            "Turns without a capture or a summons",
            (0, 1_000),
            defaults.limits.quiet_turns,
            "The game is drawn after this many turns in a row with no piece captured \
             and no unit summoned; 0: never (the book has no such cap).",
        ),
    ]
}

pub fn system_info() -> SystemInfo {
    // Units come into play by the rules, never bought: listed for their
    // profiles.
    let unit_info = |profile: &units::Profile| UnitInfo {
        buy: Buy::None,
        ..UnitInfo::new(profile.key, profile.name, profile.stats(), 0.0)
    };
    SystemInfo {
        id: SystemId::SummonersChess,
        name: NAME.into(),
        summary: "A chess variant on 64 random terrain tiles, four of each of sixteen types. \
                  Each player starts with four Acolytes; holding three tiles of a terrain \
                  summons its unit onto the fourth. Capture all four enemy Acolytes, or reduce \
                  the opponent to two pieces or fewer, to win."
            .into(),
        seats: SeatRange { min: 2, max: 2 },
        options: OPTION_SPECS.clone(),
        army_rules: vec![
            "There is no army building: each player starts with four Acolytes and summons the \
             rest during play. Bring the empty 'summoners' list."
                .into(),
        ],
        limits: ArmyLimits::default(),
        secret_armies: false,
        armies: vec![ArmyInfo {
            key: ARMY_KEY.into(),
            name: "Summoners".into(),
            description: "Four Acolytes, and whatever units the terrain lets you summon.".into(),
            units: units::PROFILES.iter().map(unit_info).collect(),
            special_rules: vec![
                "Acolytes move and capture like chess kings.".into(),
                "Page: moves and captures 1 square orthogonally. Squire: 1 square diagonally."
                    .into(),
                "Hold three tiles of one terrain to summon its unit onto the fourth, once per \
                 game."
                    .into(),
            ],
        }],
        examples: examples::examples(),
    }
}

impl GameSystem for SummonersChess {
    const ID: SystemId = SystemId::SummonersChess;

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

    /// The set-up as releases before simultaneous placement told it, where
    /// it differs: with `acolytes: chosen` seat 0 alone was asked first, so
    /// the set-up's turn named only seat 0. The game is today's: a log of
    /// that time went on with seat 0's placement then seat 1's, an order
    /// still allowed (R18). None where nothing differs.
    fn setup_as_made_earlier(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
    ) -> Option<Result<(Self, Vec<ScopedEffect>), SetupError>> {
        if read_rules(config).ok()?.acolytes != AcolyteSetup::Chosen {
            return None;
        }
        Some(
            <Self as GameRules>::setup(config, armies, dice).map(|(game, mut effects)| {
                let turn = effects
                    .iter_mut()
                    .rev()
                    .find_map(|scoped| match &mut scoped.effect {
                        Effect::TurnChanged { turn } => Some(turn),
                        _ => None,
                    });
                if let Some(turn) = turn {
                    turn.active = vec![Seat(0)];
                }
                (game, effects)
            }),
        )
    }

    fn agrees_in_its_earlier_form(
        _before: &View,
        stored: &[ScopedEffect],
        made: &[ScopedEffect],
    ) -> bool {
        view::summons_told_first(made).is_some_and(|earlier| earlier == stored)
    }

    /// The other seat's placement of its Acolytes, once chosen, is kept
    /// unseen until both have chosen (R1): it is drawn anew.
    fn with_hidden_drawn(&self, seat: Seat, pick: Pick) -> Option<Self> {
        let mut game = self.clone();
        if let state::Phase::Placing { chosen } = &mut game.phase {
            for (other, choice) in chosen.iter_mut().enumerate() {
                if other != usize::from(seat.0) && choice.is_some() {
                    *choice = Some(Placement::ALL[pick(Placement::ALL.len())]);
                }
            }
        }
        Some(game)
    }
}

fn read_rules(config: &MatchConfig) -> Result<Rules, SetupError> {
    let options = CheckedOptions::check(NAME, &OPTION_SPECS, config)?;
    Ok(Rules {
        limits: Limits {
            max_turns: options.int(MAX_TURNS),
            quiet_turns: options.int(QUIET_TURNS),
        },
        second_unit: options.flag(SECOND_UNIT),
        acolytes: options.choice(ACOLYTES),
    })
}

impl SummonersChess {
    pub fn is_over(&self) -> bool {
        matches!(self.phase, state::Phase::Over(_))
    }
}

// The one place that calls the part files: each method is the function of
// its name in the file named for it.
impl GameRules for SummonersChess {
    type Move = Move;

    fn setup_logged(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<Self, SetupError> {
        army_check::match_and_lists(config, armies, SystemId::SummonersChess, NAME, (2, 2))?;
        let rules = read_rules(config)?;
        for (seat, list) in armies.iter().enumerate() {
            validate_army(list).map_err(|reasons| SetupError::InvalidArmy {
                seat: seat as u8,
                reasons,
            })?;
        }

        log.push(|| Effect::GameCreated {
            system: SYSTEM_KEY.into(),
            width: board::SIZE,
            height: board::SIZE,
        });
        for seat in 0..2 {
            log.push(|| Effect::PlayerChanged {
                player: SummonersChess::player_view(seat),
            });
        }
        Ok(SummonersChess::new_game(rules, dice, log))
    }

    fn to_act(&self) -> Seats {
        self.seats_to_act()
    }

    fn legal_moves(&self, seat: Seat, out: &mut Vec<Move>) {
        moves::legal_moves(self, seat.0, out)
    }

    fn option_for(&self, seat: Seat, mv: Move) -> ActionOption {
        self.option_of(seat.0, mv)
    }

    fn parse(&self, seat: Seat, action: &Action) -> Result<Move, Rejection> {
        actions::parse(self, seat.0, action)
    }

    fn explain_illegal(&self, _seat: Seat, mv: Move) -> Rejection {
        actions::explain_illegal(self, mv)
    }

    fn not_your_turn(&self, seat: Seat) -> Rejection {
        actions::not_your_turn(self, seat.0)
    }

    fn play(&mut self, seat: Seat, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
        match mv {
            Move::Place(placement) => self.place_acolytes(seat.0, placement, dice, log),
            _ => turn::play(self, mv, log),
        }
    }

    /// Everything, since nothing here is hidden.
    fn view(&self, _viewer: Viewer) -> View {
        referee_view(self)
    }

    fn kept_view(&mut self) -> &mut KeptView<Self> {
        &mut self.kept_view
    }

    fn outcome(&self) -> Option<Outcome> {
        winning::outcome(self)
    }

    fn removal_reason(&self, _piece: PieceId) -> String {
        "captured".into()
    }
}
