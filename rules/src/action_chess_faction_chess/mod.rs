//! Action Chess Faction Chess: each player picks one of fourteen factions,
//! one of them regular chess, each with its own pieces, random moves and
//! odd captures, and they meet on one 8×8 board. All fourteen are in
//! `Faction::PLAYABLE`. The rules as Fray plays them, with every ruling:
//! `docs/rules/action-chess-faction-chess.md`.
//!
//! Where each rule lives:
//! - `factions.rs`: the fourteen factions, their defeat conditions in words
//! - `pieces.rs`: every piece's key, name, glyph and line
//! - `layout.rs`: starting squares by the chess piece a piece replaces
//! - `classique.rs`, `peasant.rs`, `beastfolk.rs`, `undead.rs`, `slime.rs`,
//!   `robot.rs`, `halflings.rs`, `ghost.rs`, `faerie.rs`, `reaper.rs`,
//!   `alchemist.rs`, `butcher.rs`, `swarm.rs`, `wallmaster.rs`: each
//!   faction's pieces, moves (one piece's, `piece_moves`, for a Phantom's
//!   copy too), captures, decisions and layout (the Butcher's also its
//!   corpses and the Auroch's escape from any capture; the Ghost's also
//!   the haunting Shade's strike)
//! - `walls.rs`: the Wallmaster's walls on the edges between squares, and
//!   the one test of passing them every faction's movement asks
//! - `state.rs`: every piece, the board with its two extra layers (the
//!   Ghosts' Spirits sharing a square, a Shade haunting one unseen), the
//!   stage of the turn and the decisions that wait
//! - `faction_rules.rs`: where the engine asks a faction for its rules;
//!   what a Spirit's pin takes from every faction's moves and questions
//! - `rulings.rs`: the match option `rulings`, one method for each point
//!   where the book's reading changed (a pinned Rook never castles, a Bull
//!   charges through an enemy, a flight may capture, …)
//! - `movement.rs`: steps, slides and leaps; what a side threatens
//! - `capture.rs`: capture (an Auroch may step away instead), and the
//!   plain move
//! - `turn.rs`: the turn's start, main move, waiting decisions, its end;
//!   repetition, stalemate and checkmate
//! - `winning.rs`: the endings in words
//! - `actions.rs`: actions and their reading; why an action is refused
//! - `notation.rs`: each option's notation and label
//! - `view.rs`: what each viewer sees
//! - `examples.rs`: a list per faction
//! - `position.rs`: positions set up for tests

mod actions;
mod alchemist;
mod beastfolk;
mod butcher;
mod capture;
mod classique;
mod examples;
mod faction_rules;
pub mod factions;
mod faerie;
mod ghost;
mod halflings;
mod layout;
mod movement;
mod moves;
mod notation;
mod peasant;
pub mod pieces;
pub mod position;
mod reaper;
mod robot;
mod rulings;
mod slime;
mod state;
mod swarm;
mod turn;
mod undead;
mod view;
mod wallmaster;
mod walls;
mod winning;

use std::sync::LazyLock;

use fray_protocol::{
    Action, ActionOption, ArmyInfo, ArmyLimits, ArmyList, Buy, Effect, MatchConfig, OptionSpec,
    Outcome, PieceId, Rejection, Seat, SeatRange, SystemId, SystemInfo, UnitInfo, View, Viewer,
};

pub use crate::kit::compass::Compass;
pub use examples::army_list;
pub use factions::Faction;
pub use moves::Move;
pub use pieces::Kind;
pub use position::Position;
pub use rulings::Rulings;
pub use state::{ActionChessFactionChess, Limits, Rules};
pub use view::SYSTEM_KEY;

use crate::contract::{GameRules, GameSystem, Pick, Seats, SetupError};
use crate::kit::army_check;
use crate::kit::dice::Dice;
use crate::kit::effect_log::{Log, coin_for_first};
use crate::kit::game_length::Counted;
use crate::kit::kept_view::KeptView;
use crate::kit::match_options::{CheckedOptions, choice_option, int_option};

/// Match option: the game is drawn after this many turns in all.
pub const MAX_TURNS: &str = Counted::Turns.limit_key();
/// Match option: the game is drawn after this many turns in a row with no
/// capture and no pawn-like advance (the fifty-move rule).
pub const QUIET_TURNS: &str = "quiet-turns";
/// Match option: which reading of the book the match plays.
pub const RULINGS: &str = "rulings";

const NAME: &str = "Action Chess Faction Chess";

/// A list names a playable faction and takes no units.
pub fn validate_army(list: &ArmyList) -> Result<(), Vec<String>> {
    let keys: Vec<&str> = Faction::ALL.iter().map(|f| f.key()).collect();
    let mut reasons =
        army_check::system_and_army(list, SystemId::ActionChessFactionChess, NAME, &keys);
    if let Some(faction) = Faction::by_key(&list.army)
        && !faction.is_playable()
    {
        let playable: Vec<&str> = Faction::PLAYABLE.iter().map(|f| f.key()).collect();
        reasons.push(format!(
            "the {} faction is not playable yet; the playable factions are {}",
            faction.name(),
            playable.join(", ")
        ));
    }
    if !list.units.is_empty() {
        reasons.push(
            "an Action Chess Faction Chess list takes no units: the faction sets every piece"
                .into(),
        );
    }
    if reasons.is_empty() {
        Ok(())
    } else {
        Err(reasons)
    }
}

static OPTION_SPECS: LazyLock<Vec<OptionSpec>> = LazyLock::new(option_specs);

fn option_specs() -> Vec<OptionSpec> {
    let defaults = Limits::default();
    vec![
        Counted::Turns.limit_option(
            (0, 10_000),
            defaults.max_turns,
            "The game is drawn after this many turns in all; 0: never.",
        ),
        int_option(
            QUIET_TURNS,
            "Fifty-move rule",
            (0, 1_000),
            defaults.quiet_turns,
            "The game is drawn after this many turns in a row (both players' turns \
             counted) with no capture and no pawn-like advance; 100 is chess's fifty-move \
             rule; 0: never.",
        ),
        choice_option(
            RULINGS,
            "Rulings",
            Rulings::default(),
            "book: the book as Fray reads it now (a pinned piece never takes, castles or is \
             pushed; and more, see the rulings); fray-2026: the readings Fray used before, \
             kept so matches stored before play on unchanged and for groups who prefer them.",
        ),
    ]
}

fn faction_info(faction: Faction) -> ArmyInfo {
    ArmyInfo {
        key: faction.key().into(),
        name: faction.name().into(),
        description: faction.description().into(),
        units: faction
            .kinds()
            .map(|kind| UnitInfo {
                buy: Buy::None,
                ..UnitInfo::new(kind.key(), kind.name(), Vec::new(), 0.0)
            })
            .collect(),
        special_rules: faction
            .kinds()
            .map(|kind| format!("{} ({}): {}", kind.name(), kind.glyph(), kind.text()))
            .chain(std::iter::once(format!(
                "The {} side loses when {}.",
                faction.name(),
                faction.defeat_rule()
            )))
            .collect(),
    }
}

pub fn system_info() -> SystemInfo {
    SystemInfo {
        id: SystemId::ActionChessFactionChess,
        name: NAME.into(),
        summary: "Each player picks a faction (regular chess is one of them) and they meet on \
                  one 8×8 board: draughts men, beasts moving random distances, undead, merging \
                  slimes, robots building factories, halflings, faeries, alchemists throwing \
                  bombs, a reaper, butchers, a swarm, a wallmaster. Each faction has its own \
                  way to lose."
            .into(),
        seats: SeatRange { min: 2, max: 2 },
        options: OPTION_SPECS.clone(),
        army_rules: vec![
            "A list is the choice of a faction and nothing else: bring a list whose army is \
             the faction's key, with no units."
                .into(),
            "A coin decides who plays White; White moves first.".into(),
        ],
        limits: ArmyLimits::default(),
        secret_armies: false,
        armies: Faction::PLAYABLE.into_iter().map(faction_info).collect(),
        examples: examples::examples(),
    }
}

impl GameSystem for ActionChessFactionChess {
    const ID: SystemId = SystemId::ActionChessFactionChess;

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

    fn with_hidden_drawn(&self, seat: Seat, pick: Pick) -> Option<Self> {
        let mut game = self.clone();
        ghost::draw_hidden_haunts(&mut game, seat.0, pick);
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
        rulings: options.choice(RULINGS),
    })
}

impl ActionChessFactionChess {
    pub fn is_over(&self) -> bool {
        matches!(self.stage, state::Stage::Over(_))
    }
}

// The one place that calls the part files: each method is the function of
// its name in the file named for it.
impl GameRules for ActionChessFactionChess {
    type Move = Move;

    fn setup_logged(
        config: &MatchConfig,
        armies: &[ArmyList],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<Self, SetupError> {
        army_check::match_and_lists(
            config,
            armies,
            SystemId::ActionChessFactionChess,
            NAME,
            (2, 2),
        )?;
        let rules = read_rules(config)?;
        let mut factions = [Faction::Classique; 2];
        for (seat, list) in armies.iter().enumerate() {
            validate_army(list).map_err(|reasons| SetupError::InvalidArmy {
                seat: seat as u8,
                reasons,
            })?;
            factions[seat] = Faction::by_key(&list.army).expect("validated");
        }
        // A game that may hide something is shown to each viewer by the
        // engine, from its own view (`GameRules::setup`): only the coin's
        // roll is told here.
        let tell_all = !factions.contains(&Faction::Ghost);
        if tell_all {
            log.push(|| Effect::GameCreated {
                system: SYSTEM_KEY.into(),
                width: crate::kit::grid::SIZE,
                height: crate::kit::grid::SIZE,
            });
        }
        let white = coin_for_first(dice, log);
        let mut game = ActionChessFactionChess::empty(factions, white, rules);
        for seat in (0..2).filter(|_| tell_all) {
            log.push(|| Effect::PlayerChanged {
                player: game.player_view(seat),
            });
        }
        for seat in 0..2u8 {
            let layout = faction_rules::layout(factions[seat as usize], seat == white);
            for (kind, sq) in layout {
                let ix = game.add_piece(kind, seat, sq);
                game.piece_mut(ix).count = faction_rules::starting_count(kind);
                if tell_all {
                    log.push(|| Effect::PiecePlaced {
                        piece: game.piece_view(ix),
                    });
                }
            }
        }
        game.progress = false;
        game.begin_turn(dice, log);
        if tell_all {
            log.push(|| Effect::TurnChanged {
                turn: game.turn_view(),
            });
        }
        Ok(game)
    }

    fn to_act(&self) -> Seats {
        self.seats_to_act()
    }

    fn legal_moves(&self, seat: Seat, out: &mut Vec<Move>) {
        turn::legal_moves(self, seat.0, out)
    }

    fn option_for(&self, _seat: Seat, mv: Move) -> ActionOption {
        self.option_of(mv)
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
        self.play_move(seat.0, mv, dice, log)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    /// While a Ghost plays, a Shade may haunt unseen (line 38).
    fn hides_anything(&self) -> bool {
        view::hides_anything(self)
    }

    fn kept_view(&mut self) -> &mut KeptView<Self> {
        &mut self.kept_view
    }

    fn outcome(&self) -> Option<Outcome> {
        winning::outcome(self)
    }

    fn removal_reason(&self, piece: PieceId) -> String {
        self.piece(piece.0 as state::Ix).removed.into()
    }
}
