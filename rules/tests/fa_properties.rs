//! Property tests of the engine contract (docs/design.md, "The rules engine
//! contract", guarantees 1–5) for Fantasy Armies.
//!
//! Random legal army lists (any of the six armies, 8–16 pieces, at most 60
//! points, exactly one king) and random seeds; complete games played through
//! the public trait API by choosing uniformly among `options(seat)`. Every
//! property is its own test. The case counts are set explicitly so that the
//! whole file stays within a few tens of seconds in a debug build on 2 cores.

use std::collections::HashSet;

use fray_protocol::{
    Action, ActionOption, ArmyEntry, ArmyList, Effect, MatchConfig, OptionValue, PieceId,
    RejectCode, Rejection, ScopedEffect, Seat, Square, SystemId, View, Viewer, apply_all,
};
use fray_rules::MoveRules;
use fray_rules::fantasy_armies::armies::{self, Profile};
use fray_rules::fantasy_armies::{
    Army, FantasyArmies, HTH_MODIFIERS, HthModifiers, MAX_TURNS, Spell, TURNS_WITHOUT_REMOVAL,
    starter_list,
};
use fray_rules::match_options::Choice;
use fray_rules::{ChaChaDice, Dice, validate_army};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

// ---------------------------------------------------------------------------
// Army selection: 60 points (120 half points), 8–16 pieces, exactly one king.

const POINTS_LIMIT_HALVES: u64 = 120;
const MIN_PIECES: u64 = 8;
const MAX_PIECES: u64 = 16;

fn profiles(army: Army) -> Vec<&'static Profile> {
    armies::units_of(army).map(|(_, profile)| profile).collect()
}

fn king_of(army: Army) -> &'static Profile {
    profiles(army)
        .into_iter()
        .find(|p| p.is_king())
        .expect("every army has a king")
}

fn others_of(army: Army) -> Vec<&'static Profile> {
    profiles(army)
        .into_iter()
        .filter(|p| !p.is_king())
        .collect()
}

fn cheapest_of(army: Army) -> &'static Profile {
    others_of(army)
        .into_iter()
        .min_by_key(|p| p.cost_halves)
        .expect("every army has troops")
}

fn dearest_of(army: Army) -> &'static Profile {
    others_of(army)
        .into_iter()
        .max_by_key(|p| p.cost_halves)
        .expect("every army has troops")
}

fn list_of(army: Army, entries: Vec<ArmyEntry>) -> ArmyList {
    ArmyList {
        system: SystemId::FantasyArmies,
        army: army.key().into(),
        name: String::new(),
        units: entries,
    }
}

/// A legal list: the king, then units in the order `picks` names them, each
/// taken only if the list can still be filled to 8 pieces within the points;
/// then the cheapest troops fill it to 8 if the picks stopped short.
fn build_legal(army: Army, target: u64, picks: &[u16], king_at: u16, split: bool) -> ArmyList {
    let king = king_of(army);
    let others = others_of(army);
    let cheapest = u64::from(cheapest_of(army).cost_halves);
    let mut points = u64::from(king.cost_halves);
    let mut count = 1u64;
    let mut taken: Vec<(&'static Profile, u32)> = Vec::new();
    let take = |profile: &'static Profile, taken: &mut Vec<(&'static Profile, u32)>| match taken
        .iter_mut()
        .find(|(p, _)| p.key == profile.key)
    {
        Some((_, n)) => *n += 1,
        None => taken.push((profile, 1)),
    };
    for &pick in picks {
        if count >= target {
            break;
        }
        let unit = others[pick as usize % others.len()];
        let after_points = points + u64::from(unit.cost_halves);
        let still_needed = MIN_PIECES.saturating_sub(count + 1) * cheapest;
        if after_points + still_needed <= POINTS_LIMIT_HALVES {
            take(unit, &mut taken);
            points = after_points;
            count += 1;
        }
    }
    while count < MIN_PIECES {
        take(cheapest_of(army), &mut taken);
        count += 1;
    }
    let mut entries: Vec<ArmyEntry> = taken
        .into_iter()
        .map(|(p, n)| ArmyEntry::new(p.key, n))
        .collect();
    // The same unit may be listed twice: split the first entry of two or more.
    if split && let Some(at) = entries.iter().position(|e| e.count >= 2) {
        let half = entries[at].count / 2;
        entries[at].count -= half;
        let copy = ArmyEntry::new(entries[at].unit.clone(), half);
        entries.push(copy);
    }
    let at = king_at as usize % (entries.len() + 1);
    entries.insert(at, ArmyEntry::new(king.key, 1));
    list_of(army, entries)
}

fn legal_list() -> impl Strategy<Value = ArmyList> {
    (
        0..Army::ALL.len(),
        MIN_PIECES..=MAX_PIECES,
        prop::collection::vec(any::<u16>(), 15),
        any::<u16>(),
        any::<bool>(),
    )
        .prop_map(|(army, target, picks, king_at, split)| {
            build_legal(Army::ALL[army], target, &picks, king_at, split)
        })
}

/// The army selection rules, checked independently of the engine's code.
fn keeps_selection_rules(list: &ArmyList) -> bool {
    if list.system != SystemId::FantasyArmies {
        return false;
    }
    let Some(army) = Army::from_key(&list.army) else {
        return false;
    };
    let units = profiles(army);
    let (mut count, mut points, mut kings) = (0u64, 0u64, 0u64);
    for entry in &list.units {
        let Some(profile) = units.iter().find(|p| p.key == entry.unit) else {
            return false;
        };
        if entry.count == 0 || !entry.traits.is_empty() {
            return false;
        }
        count += u64::from(entry.count);
        points += u64::from(entry.count) * u64::from(profile.cost_halves);
        if profile.is_king() {
            kings += u64::from(entry.count);
        }
    }
    (MIN_PIECES..=MAX_PIECES).contains(&count) && points <= POINTS_LIMIT_HALVES && kings == 1
}

const BREAKS: u8 = 12;

/// Breaks a legal list in one of `BREAKS` ways, each of which makes it illegal.
fn break_list(mut list: ArmyList, how: u8, aux: u16) -> ArmyList {
    let army = Army::from_key(&list.army).expect("a legal list names its army");
    let king = king_of(army).key;
    let count: u32 = list.units.iter().map(|e| e.count).sum();
    let points: u32 = list
        .units
        .iter()
        .map(|e| {
            let p = profiles(army)
                .into_iter()
                .find(|p| p.key == e.unit)
                .unwrap();
            e.count * u32::from(p.cost_halves)
        })
        .sum();
    let any_entry = aux as usize % list.units.len();
    match how {
        0 => list.units.retain(|e| e.unit != king),
        1 => list.units.push(ArmyEntry::new(king, 1)),
        2 => {
            let at = list.units.iter().position(|e| e.unit == king).unwrap();
            list.units[at].count = 2;
        }
        3 => list.units[any_entry].count = 0,
        4 => list.units[any_entry].traits.push("veteran".into()),
        5 => list.army = ["lizardmen", "", "Dwarfs", "undead "][aux as usize % 4].into(),
        6 => {
            let here: Vec<&str> = profiles(army).iter().map(|p| p.key).collect();
            let foreign: Vec<&str> = armies::UNITS
                .iter()
                .filter(|p| p.army != army && !here.contains(&p.key))
                .map(|p| p.key)
                .collect();
            let unit = foreign[aux as usize % foreign.len()];
            list.units.push(ArmyEntry::new(unit, 1));
        }
        7 => {
            let extra = (MAX_PIECES as u32 + 1 - count) + u32::from(aux % 3);
            list.units
                .push(ArmyEntry::new(cheapest_of(army).key, extra));
        }
        8 => {
            let dear = u32::from(dearest_of(army).cost_halves);
            let extra = (POINTS_LIMIT_HALVES as u32 + 1 - points).div_ceil(dear);
            list.units
                .push(ArmyEntry::new(dearest_of(army).key, extra.max(1)));
        }
        9 => {
            let others = &SystemId::ALL[1..];
            list.system = others[aux as usize % others.len()];
        }
        10 => list.units.push(ArmyEntry::new("dragon", 1)),
        _ => {
            // Too few pieces: the king and at most six others.
            list.units = vec![ArmyEntry::new(king, 1)];
            let few = u32::from(aux % 7);
            if few > 0 {
                list.units.push(ArmyEntry::new(cheapest_of(army).key, few));
            }
        }
    }
    list
}

fn broken_list() -> impl Strategy<Value = (ArmyList, u8)> {
    (legal_list(), 0..BREAKS, any::<u16>())
        .prop_map(|(list, how, aux)| (break_list(list, how, aux), how))
}

fn all_unit_keys() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = armies::UNITS.iter().map(|p| p.key).collect();
    keys.dedup();
    keys.extend(["dragon", "", "King-Of-Men"]);
    keys
}

/// Any list at all: mostly units of the named army, sometimes anything.
fn any_list() -> impl Strategy<Value = ArmyList> {
    (0..Army::ALL.len() + 2).prop_flat_map(|army_index| {
        let army = Army::ALL.get(army_index).copied();
        let army_key = army.map_or_else(
            || ["lizardmen", ""][army_index - Army::ALL.len()].to_string(),
            |a| a.key().to_string(),
        );
        let own: Vec<&'static str> = match army {
            Some(a) => profiles(a).iter().map(|p| p.key).collect(),
            None => all_unit_keys(),
        };
        let unit = prop_oneof![6 => select(own), 1 => select(all_unit_keys())];
        let count = prop_oneof![1 => Just(0u32), 10 => 1u32..=4, 2 => 5u32..=17];
        let traits = prop_oneof![15 => Just(Vec::new()), 1 => Just(vec!["lucky".to_string()])];
        let entry = (unit, count, traits).prop_map(|(unit, count, traits)| ArmyEntry {
            unit: unit.to_string(),
            count,
            traits,
        });
        let system =
            prop_oneof![12 => Just(SystemId::FantasyArmies), 1 => select(SystemId::ALL.to_vec())];
        (system, prop::collection::vec(entry, 0..9)).prop_map(move |(system, units)| ArmyList {
            system,
            army: army_key.clone(),
            name: "random".into(),
            units,
        })
    })
}

fn config() -> MatchConfig {
    MatchConfig::new(SystemId::FantasyArmies)
}

/// Either reading of a +1 HTH, so that random games play both.
fn reading() -> impl Strategy<Value = HthModifiers> {
    select(HthModifiers::ALL.to_vec())
}

fn config_reading(reading: HthModifiers) -> MatchConfig {
    config().with(HTH_MODIFIERS, OptionValue::Text(reading.key().into()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_lists_are_accepted_and_set_up(list in legal_list(), seed in any::<u64>()) {
        prop_assert!(keeps_selection_rules(&list), "the generator made an illegal list: {list:?}");
        prop_assert_eq!(validate_army(&list), Ok(()), "{:?}", list);
        let pieces: u32 = list.units.iter().map(|e| e.count).sum();
        let mut dice = ChaChaDice::from_u64(seed);
        let lists = [list.clone(), build_legal(Army::Dwarfs, 8, &[], 0, false)];
        let (game, _) = FantasyArmies::setup(&config(), &lists, &mut dice)
            .map_err(|e| TestCaseError::fail(format!("setup refused a legal list: {e}")))?;
        let view = game.view(Viewer::Referee);
        let own = view.pieces.values().filter(|p| p.owner == Seat(0)).count();
        prop_assert_eq!(own as u32, pieces);
        let kings = view
            .pieces
            .values()
            .filter(|p| p.owner == Seat(0) && p.markers.iter().any(|m| m.key == "king"))
            .count();
        prop_assert_eq!(kings, 1);
    }

    #[test]
    fn broken_lists_are_rejected_with_reasons((list, how) in broken_list(), seed in any::<u64>()) {
        prop_assert!(!keeps_selection_rules(&list), "break {how} left the list legal: {list:?}");
        let reasons = validate_army(&list).expect_err("a broken list must be refused");
        prop_assert!(!reasons.is_empty());
        prop_assert!(reasons.iter().all(|r| !r.trim().is_empty()), "{:?}", reasons);
        // Setup refuses it too, for either seat, and says which seat.
        let good = build_legal(Army::Elves, 12, &[1, 2, 3, 4], 0, false);
        for seat in 0..2usize {
            let mut lists = [good.clone(), good.clone()];
            lists[seat] = list.clone();
            let refused = FantasyArmies::setup(&config(), &lists, &mut ChaChaDice::from_u64(seed));
            match refused {
                Ok(_) => prop_assert!(false, "setup accepted a broken list for seat {seat}"),
                Err(fray_rules::SetupError::InvalidArmy { seat: s, reasons }) => {
                    prop_assert_eq!(usize::from(s), seat);
                    prop_assert!(!reasons.is_empty());
                }
                Err(fray_rules::SetupError::WrongSystem { .. }) => prop_assert_eq!(how, 9),
                Err(other) => prop_assert!(false, "unexpected setup error {other}"),
            }
        }
    }

    #[test]
    fn a_list_is_valid_iff_it_keeps_the_selection_rules(
        list in prop_oneof![legal_list(), broken_list().prop_map(|(l, _)| l), any_list()]
    ) {
        let expected = keeps_selection_rules(&list);
        match validate_army(&list) {
            Ok(()) => prop_assert!(expected, "accepted an illegal list: {list:?}"),
            Err(reasons) => {
                prop_assert!(!expected, "refused a legal list: {list:?}: {reasons:?}");
                prop_assert!(!reasons.is_empty());
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Playing games.

/// Far more actions than any game can take: 32 deployments, the choice of
/// who moves first, and the 500-turn cap.
const ACTION_CAP: usize = 2_000;

const VIEWERS: [Viewer; 4] = [
    Viewer::Seat(Seat(0)),
    Viewer::Seat(Seat(1)),
    Viewer::Spectator,
    Viewer::Referee,
];

/// Chooses among options uniformly, from its own ChaCha stream so that the
/// game's dice are untouched by the choosing.
struct Chooser(ChaCha8Rng);

impl Chooser {
    fn new(seed: u64) -> Self {
        Chooser(ChaCha8Rng::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15))
    }

    /// Uniform in `0..n` (multiply-shift; the bias is below n / 2^64).
    fn index(&mut self, n: usize) -> usize {
        assert!(n > 0);
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }

    fn one_in(&mut self, n: u32) -> bool {
        self.0.next_u32().is_multiple_of(n)
    }
}

fn two_lists() -> impl Strategy<Value = [ArmyList; 2]> {
    (legal_list(), legal_list()).prop_map(|(a, b)| [a, b])
}

fn start(
    config: &MatchConfig,
    lists: &[ArmyList; 2],
    seed: u64,
) -> Result<(FantasyArmies, Vec<ScopedEffect>, ChaChaDice), TestCaseError> {
    let mut dice = ChaChaDice::from_u64(seed);
    let (game, effects) = FantasyArmies::setup(config, lists, &mut dice)
        .map_err(|e| TestCaseError::fail(format!("setup refused legal lists: {e}")))?;
    Ok((game, effects, dice))
}

/// The one seat that decides now; checks the other seat is offered nothing.
fn sole_decider(game: &FantasyArmies) -> Result<Seat, TestCaseError> {
    let seats = game.to_act();
    prop_assert_eq!(seats.len(), 1, "Fantasy Armies has one decider at a time");
    let seat = seats[0];
    prop_assert!(seat.0 < 2);
    prop_assert!(game.options(Seat(1 - seat.0)).is_empty());
    Ok(seat)
}

fn act_listed(
    game: &mut FantasyArmies,
    seat: Seat,
    option: &ActionOption,
    dice: &mut dyn Dice,
) -> Result<Vec<ScopedEffect>, TestCaseError> {
    game.act(seat, &option.action, dice)
        .map_err(|r| TestCaseError::fail(format!("listed option {option:?} was rejected: {r:?}")))
}

fn is_battle_action(action: &Action) -> bool {
    !matches!(action.verb.as_str(), "deploy" | "go-first")
}

fn removes_a_piece(effects: &[ScopedEffect]) -> bool {
    effects
        .iter()
        .any(|e| matches!(e.effect, Effect::PieceRemoved { .. }))
}

/// Whether two dice are in the same state: the next rolls agree.
fn same_dice(a: &ChaChaDice, b: &ChaChaDice) -> bool {
    let (mut a, mut b) = (a.clone(), b.clone());
    (0..6).all(|_| a.roll(255) == b.roll(255))
}

fn limits() -> impl Strategy<Value = Option<(u32, u32)>> {
    prop_oneof![
        3 => Just(None),
        1 => (10u32..=500, 10u32..=100).prop_map(Some),
    ]
}

fn games_config() -> ProptestConfig {
    ProptestConfig {
        max_shrink_iters: 64,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..games_config() })]

    /// Guarantee 5: no panic, and every game ends with an outcome within its caps.
    #[test]
    fn every_game_ends_with_an_outcome(
        lists in two_lists(),
        seed in any::<u64>(),
        caps in limits(),
        reading in reading(),
    ) {
        let mut config = config_reading(reading);
        let (max_turns, quiet_cap) = caps.unwrap_or((500, 100));
        if caps.is_some() {
            config = config
                .with(MAX_TURNS, OptionValue::Int(max_turns.into()))
                .with(TURNS_WITHOUT_REMOVAL, OptionValue::Int(quiet_cap.into()));
        }
        let (mut game, setup, mut dice) = start(&config, &lists, seed)?;
        let kings: Vec<(Seat, PieceId)> = {
            let view = game.view(Viewer::Referee);
            view.pieces
                .values()
                .filter(|p| p.markers.iter().any(|m| m.key == "king"))
                .map(|p| (p.owner, p.id))
                .collect()
        };
        prop_assert_eq!(kings.len(), 2);
        prop_assert!(!setup.is_empty());
        let mut chooser = Chooser::new(seed);
        let (mut actions, mut battle_turns, mut quiet) = (0usize, 0u32, 0u32);
        let mut last_effects = Vec::new();
        while game.outcome().is_none() {
            prop_assert!(actions < ACTION_CAP, "the game did not end after {actions} actions");
            let seat = sole_decider(&game)?;
            let options = game.options(seat);
            prop_assert!(!options.is_empty(), "the deciding seat has no option");
            let option = &options[chooser.index(options.len())];
            let effects = act_listed(&mut game, seat, option, &mut dice)?;
            if is_battle_action(&option.action) {
                battle_turns += 1;
                quiet = if removes_a_piece(&effects) { 0 } else { quiet + 1 };
            }
            actions += 1;
            last_effects = effects;
        }
        let outcome = game.outcome().expect("the loop ends only with an outcome");
        let view = game.view(Viewer::Referee);
        prop_assert_eq!(view.outcome.as_ref(), Some(&outcome));
        let ended = Effect::GameEnded { outcome: outcome.clone() };
        prop_assert!(last_effects.iter().any(|e| e.effect == ended), "no GameEnded effect");
        prop_assert!(battle_turns <= max_turns);
        prop_assert_eq!(view.turn.number, battle_turns);
        prop_assert!(game.to_act().is_empty());
        for seat in [Seat(0), Seat(1)] {
            prop_assert!(game.options(seat).is_empty());
            let before = game.clone();
            let refused = game.act(seat, &Action::new("pass"), &mut dice);
            prop_assert_eq!(refused.map_err(|r| r.code), Err(RejectCode::GameOver));
            prop_assert!(game == before);
        }
        if outcome.is_draw() {
            if quiet >= quiet_cap {
                prop_assert_eq!(quiet, quiet_cap);
                prop_assert!(outcome.reason.to_string().contains("without a piece removed"), "{}", outcome.reason);
            } else {
                prop_assert_eq!(battle_turns, max_turns, "a draw before either cap: {:?}", outcome);
                prop_assert!(outcome.reason.to_string().contains("limit"), "{}", outcome.reason);
            }
        } else {
            prop_assert_eq!(outcome.winners.len(), 1);
            let winner = outcome.winners[0];
            for &(owner, king) in &kings {
                let on_board = view.pieces.contains_key(&king);
                prop_assert_eq!(on_board, owner == winner, "king {} of {}", king, owner);
                if owner != winner {
                    let removed = last_effects.iter().any(|e| matches!(
                        e.effect, Effect::PieceRemoved { piece, .. } if piece == king
                    ));
                    prop_assert!(removed, "the last action did not remove the king");
                }
            }
        }
    }
}

/// The engine's fast path plays a move exactly as `act` does.
fn play_both_paths(lists: &[ArmyList; 2], seed: u64) -> Result<(), TestCaseError> {
    let (mut game, _, mut dice) = start(&config(), lists, seed)?;
    let mut quiet_game = game.clone();
    let mut quiet_dice = dice.clone();
    let mut chooser = Chooser::new(seed);
    for _ in 0..ACTION_CAP {
        if game.outcome().is_some() {
            prop_assert!(quiet_game.is_over());
            prop_assert!(quiet_game.to_act().is_empty());
            return Ok(());
        }
        prop_assert!(!quiet_game.is_over());
        let seat = sole_decider(&game)?;
        prop_assert!(quiet_game.to_act().contains(&seat));
        let options = game.options(seat);
        let moves = quiet_game.moves(seat);
        prop_assert_eq!(options.len(), moves.len());
        let pick = chooser.index(options.len());
        prop_assert_eq!(&quiet_game.option_for(seat, moves[pick]), &options[pick]);
        act_listed(&mut game, seat, &options[pick], &mut dice)?;
        quiet_game.play_quiet(seat, moves[pick], &mut quiet_dice);
        prop_assert!(
            game == quiet_game,
            "the paths differ after {:?}",
            options[pick].action
        );
        prop_assert!(
            same_dice(&dice, &quiet_dice),
            "the paths drew different dice"
        );
    }
    Err(TestCaseError::fail("the game did not end"))
}

/// Guarantee 3, first half: every listed option is accepted, at sampled states.
fn try_every_option(lists: &[ArmyList; 2], seed: u64) -> Result<usize, TestCaseError> {
    let (mut game, _, mut dice) = start(&config(), lists, seed)?;
    let mut chooser = Chooser::new(seed);
    let mut tried = 0;
    while game.outcome().is_none() {
        let seat = sole_decider(&game)?;
        let options = game.options(seat);
        let distinct: HashSet<&Action> = options.iter().map(|o| &o.action).collect();
        prop_assert_eq!(distinct.len(), options.len(), "an option is listed twice");
        for option in &options {
            prop_assert!(
                !option.notation.is_empty() && !option.label.is_empty(),
                "{:?}",
                option
            );
        }
        // Every option of the first decision, then of one in ten, so that
        // each game tries some.
        if tried == 0 || chooser.one_in(10) {
            for option in &options {
                let mut trial = game.clone();
                let mut trial_dice = dice.clone();
                act_listed(&mut trial, seat, option, &mut trial_dice)?;
                tried += 1;
            }
        }
        let option = &options[chooser.index(options.len())];
        act_listed(&mut game, seat, option, &mut dice)?;
    }
    Ok(tried)
}

fn piece_id() -> impl Strategy<Value = PieceId> {
    prop_oneof![8 => 0u32..34, 1 => 34u32..300, 1 => Just(u32::MAX)].prop_map(PieceId)
}

/// Squares on and off the board, as a client can send them: the wire form
/// ("e4") has files a–z and ranks 1–255.
fn square() -> impl Strategy<Value = Square> {
    prop_oneof![8 => (0u8..8, 0u8..8), 1 => (0u8..12, 0u8..12), 1 => (0u8..26, 0u8..=254)]
        .prop_map(|(file, rank)| Square::new(file, rank))
}

const VERBS: [&str; 7] = [
    "deploy", "go-first", "move", "shoot", "cast", "tunnel", "pass",
];

fn choices() -> Vec<String> {
    let mut choices: Vec<String> = Spell::ALL.iter().map(|s| s.key().to_string()).collect();
    choices.extend(["me", "opponent", "", "fireball", "ME", "Armour"].map(String::from));
    choices
}

/// Random actions: real verbs and junk, pieces in and out of range, squares
/// on and off the board, real and junk choices, each part present or not.
fn random_action() -> impl Strategy<Value = Action> {
    let junk = ["", "castle", "Move", "resign", "attack", "deploy "];
    let verb = prop_oneof![4 => select(VERBS.to_vec()), 1 => select(junk.to_vec())];
    (
        verb,
        prop::option::of(piece_id()),
        prop::option::of(piece_id()),
        prop::option::of(square()),
        prop::option::of(select(choices())),
    )
        .prop_map(|(verb, piece, target, to, choice)| Action {
            verb: verb.to_string(),
            piece,
            target,
            to,
            choice,
        })
}

/// A listed action with one part changed: most are well formed but illegal.
fn near_miss(chooser: &mut Chooser, listed: &Action) -> Action {
    let mut action = listed.clone();
    let id = |c: &mut Chooser| PieceId(c.index(40) as u32);
    let sq = |c: &mut Chooser| Square::new(c.index(9) as u8, c.index(9) as u8);
    match chooser.index(6) {
        0 => action.piece = Some(id(chooser)),
        1 => {
            action.target = if chooser.one_in(5) {
                None
            } else {
                Some(id(chooser))
            }
        }
        2 => {
            action.to = if chooser.one_in(5) {
                None
            } else {
                Some(sq(chooser))
            }
        }
        3 => {
            let choices = choices();
            action.choice = Some(choices[chooser.index(choices.len())].clone());
        }
        4 => action.verb = VERBS[chooser.index(VERBS.len())].to_string(),
        _ => {
            action.piece = Some(id(chooser));
            action.to = Some(sq(chooser));
        }
    }
    action
}

/// Acts and expects a rejection that changed nothing: not the game, not the dice.
fn expect_rejected(
    game: &mut FantasyArmies,
    dice: &ChaChaDice,
    seat: Seat,
    action: &Action,
) -> Result<Rejection, TestCaseError> {
    let before = game.clone();
    let mut trial_dice = dice.clone();
    let result = game.act(seat, action, &mut trial_dice);
    prop_assert!(
        *game == before,
        "a rejected {:?} by {} changed the game",
        action,
        seat
    );
    prop_assert!(
        same_dice(dice, &trial_dice),
        "a rejected {:?} rolled dice",
        action
    );
    match result {
        Ok(effects) => Err(TestCaseError::fail(format!(
            "{seat} played the unlisted {action:?}: {effects:?}"
        ))),
        Err(rejection) => {
            prop_assert!(!rejection.message.trim().is_empty());
            Ok(rejection)
        }
    }
}

/// Guarantee 3, second half: unlisted actions are rejected and change nothing;
/// a seat that is not to act is told so.
fn reject_unlisted(
    lists: &[ArmyList; 2],
    seed: u64,
    pool: &[Action],
) -> Result<usize, TestCaseError> {
    let (mut game, _, mut dice) = start(&config(), lists, seed)?;
    let mut chooser = Chooser::new(seed);
    let mut rejected = 0;
    while game.outcome().is_none() {
        let seat = sole_decider(&game)?;
        let options = game.options(seat);
        if chooser.one_in(8) {
            let listed: HashSet<&Action> = options.iter().map(|o| &o.action).collect();
            let misses: Vec<Action> = (0..24)
                .map(|_| {
                    let listed = &options[chooser.index(options.len())].action;
                    near_miss(&mut chooser, listed)
                })
                .collect();
            for action in pool.iter().chain(&misses) {
                if !listed.contains(action) {
                    expect_rejected(&mut game, &dice, seat, action)?;
                    rejected += 1;
                }
            }
            let someone_else = [Seat(1 - seat.0), Seat(2), Seat(u8::MAX)];
            let listed_one = &options[chooser.index(options.len())].action;
            for other in someone_else {
                for action in [listed_one, &pool[chooser.index(pool.len())]] {
                    let rejection = expect_rejected(&mut game, &dice, other, action)?;
                    prop_assert_eq!(rejection.code, RejectCode::NotYourTurn);
                }
            }
        }
        let option = &options[chooser.index(options.len())];
        act_listed(&mut game, seat, option, &mut dice)?;
    }
    for seat in [Seat(0), Seat(1)] {
        for action in pool.iter().take(8) {
            let rejection = expect_rejected(&mut game, &dice, seat, action)?;
            prop_assert_eq!(rejection.code, RejectCode::GameOver);
        }
    }
    Ok(rejected)
}

/// Plays a game with the chooser's picks, or the given picks, and returns
/// the picks and the JSON bytes of every batch of effects, setup first.
fn record(
    lists: &[ArmyList; 2],
    seed: u64,
    given: Option<&[usize]>,
) -> Result<(Vec<usize>, Vec<Vec<u8>>), TestCaseError> {
    let (mut game, setup, mut dice) = start(&config(), lists, seed)?;
    let mut chooser = Chooser::new(seed);
    let mut picks = Vec::new();
    let mut bytes = vec![serde_json::to_vec(&setup).unwrap()];
    while game.outcome().is_none() {
        prop_assert!(picks.len() < ACTION_CAP);
        let seat = sole_decider(&game)?;
        let options = game.options(seat);
        let pick = match given {
            Some(given) => *given
                .get(picks.len())
                .ok_or_else(|| TestCaseError::fail("the replay ran longer"))?,
            None => chooser.index(options.len()),
        };
        let effects = act_listed(&mut game, seat, &options[pick], &mut dice)?;
        bytes.push(serde_json::to_vec(&effects).unwrap());
        picks.push(pick);
    }
    Ok((picks, bytes))
}

/// Guarantee 4: for every viewer, the setup effects build its view, and each
/// batch of effects turns its view before an action into its view after.
fn follow_views(
    lists: &[ArmyList; 2],
    seed: u64,
    reading: HthModifiers,
) -> Result<(), TestCaseError> {
    let (mut game, setup, mut dice) = start(&config_reading(reading), lists, seed)?;
    prop_assert_eq!(game.hth_modifiers(), reading);
    let mut views: Vec<View> = VIEWERS
        .iter()
        .map(|&viewer| {
            let mut view = View::default();
            apply_all(&mut view, &ScopedEffect::for_viewer(&setup, viewer));
            view
        })
        .collect();
    for (viewer, view) in VIEWERS.iter().zip(&views) {
        prop_assert_eq!(view, &game.view(*viewer), "setup effects for {:?}", viewer);
    }
    let mut chooser = Chooser::new(seed);
    while game.outcome().is_none() {
        let seat = sole_decider(&game)?;
        let options = game.options(seat);
        let option = &options[chooser.index(options.len())];
        let effects = act_listed(&mut game, seat, option, &mut dice)?;
        for (viewer, view) in VIEWERS.iter().zip(views.iter_mut()) {
            apply_all(view, &ScopedEffect::for_viewer(&effects, *viewer));
            prop_assert_eq!(
                &*view,
                &game.view(*viewer),
                "{:?} after {:?}",
                viewer,
                option.action
            );
        }
    }
    Ok(())
}

fn round_trips<T>(value: &T) -> Result<(), TestCaseError>
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json = serde_json::to_string(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let back: T =
        serde_json::from_str(&json).map_err(|e| TestCaseError::fail(format!("{e} in {json}")))?;
    prop_assert_eq!(&back, value, "through {}", json);
    Ok(())
}

/// Every effect, view, option and outcome survives a JSON round trip.
fn json_round_trips(lists: &[ArmyList; 2], seed: u64) -> Result<(), TestCaseError> {
    let (mut game, setup, mut dice) = start(&config(), lists, seed)?;
    let check_effects = |effects: &[ScopedEffect]| -> Result<(), TestCaseError> {
        for scoped in effects {
            round_trips(scoped)?;
            round_trips(&scoped.effect)?;
        }
        Ok(())
    };
    let check_views = |game: &FantasyArmies| -> Result<(), TestCaseError> {
        for viewer in VIEWERS {
            round_trips(&viewer)?;
            round_trips(&game.view(viewer))?;
        }
        Ok(())
    };
    check_effects(&setup)?;
    check_views(&game)?;
    let mut chooser = Chooser::new(seed);
    while game.outcome().is_none() {
        let seat = sole_decider(&game)?;
        let options = game.options(seat);
        // Views and option lists are large: check them at about one state in five.
        let sampled = chooser.one_in(5);
        if sampled {
            for option in &options {
                round_trips(option)?;
            }
        }
        let option = &options[chooser.index(options.len())];
        let effects = act_listed(&mut game, seat, option, &mut dice)?;
        check_effects(&effects)?;
        if sampled {
            check_views(&game)?;
        }
    }
    check_views(&game)?;
    round_trips(&game.outcome().expect("over"))?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..games_config() })]

    /// `play_quiet` (the simulations' and benchmarks' path) and `act` agree.
    #[test]
    fn the_fast_path_plays_exactly_as_act(lists in two_lists(), seed in any::<u64>()) {
        play_both_paths(&lists, seed)?;
    }

    /// Guarantee 1: the same seed and the same choices give the same effects, byte for byte.
    #[test]
    fn the_same_seed_and_choices_give_the_same_effects(lists in two_lists(), seed in any::<u64>()) {
        let (picks, first) = record(&lists, seed, None)?;
        let (_, second) = record(&lists, seed, Some(&picks))?;
        prop_assert_eq!(first.len(), second.len());
        prop_assert!(first == second, "the replay's effects differ");
    }

    /// Guarantee 4, for all four viewers.
    #[test]
    fn effects_turn_each_viewers_view_into_the_next(
        lists in two_lists(),
        seed in any::<u64>(),
        reading in reading(),
    ) {
        follow_views(&lists, seed, reading)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..games_config() })]

    #[test]
    fn effects_views_and_options_round_trip_through_json(lists in two_lists(), seed in any::<u64>()) {
        json_round_trips(&lists, seed)?;
    }

    /// Guarantee 3: every listed option is accepted (all of them, at sampled states).
    #[test]
    fn every_listed_option_is_accepted(lists in two_lists(), seed in any::<u64>()) {
        let tried = try_every_option(&lists, seed)?;
        prop_assert!(tried > 0, "no option was tried");
    }

    /// Guarantee 3: actions that are not listed are rejected and change nothing.
    #[test]
    fn unlisted_actions_are_rejected_and_change_nothing(
        lists in two_lists(),
        seed in any::<u64>(),
        pool in prop::collection::vec(random_action(), 48),
    ) {
        reject_unlisted(&lists, seed, &pool)?;
    }
}

/// Found by `unlisted_actions_are_rejected_and_change_nothing` when its squares
/// had any `u8` file: the rejection message formats the square, which once
/// overflowed for files beyond z. A square read from JSON has a file a–z, so a
/// client cannot send one; code that builds `Square::new` itself (tools, bots,
/// tests) can.
#[test]
fn an_absurd_square_is_rejected_without_a_panic() {
    let lists = [starter_list(Army::Dwarfs), starter_list(Army::Elves)];
    let mut dice = ChaChaDice::from_u64(1);
    let (mut game, _) = FantasyArmies::setup(&config(), &lists, &mut dice).unwrap();
    let seat = game.to_act()[0];
    let mine = game
        .view(Viewer::Referee)
        .pieces
        .values()
        .find(|p| p.owner == seat)
        .map(|p| p.id)
        .unwrap();
    let before = game.clone();
    let action = Action::new("deploy").piece(mine).to(Square::new(200, 0));
    let rejection = game.act(seat, &action, &mut dice).unwrap_err();
    assert_eq!(rejection.code, RejectCode::UnknownAction);
    assert!(game == before);
}

/// A player who types an option's notation should get one action. The battle
/// notations name the square a piece stands on; a deployment's names the unit,
/// since Man-at-Arms and Archer share the glyph P.
#[test]
fn option_notations_are_unambiguous() {
    let lists = [starter_list(Army::KingdomsOfMan), starter_list(Army::Elves)];
    let mut dice = ChaChaDice::from_u64(3);
    let (mut game, _) = FantasyArmies::setup(&config(), &lists, &mut dice).unwrap();
    let mut chooser = Chooser::new(3);
    while game.outcome().is_none() {
        let seat = game.to_act()[0];
        let options = game.options(seat);
        let mut seen = HashSet::new();
        for option in &options {
            assert!(
                seen.insert(&option.notation),
                "'{}' is listed twice: {:?}",
                option.notation,
                options
                    .iter()
                    .filter(|o| o.notation == option.notation)
                    .map(|o| &o.label)
                    .collect::<Vec<_>>()
            );
        }
        let option = &options[chooser.index(options.len())];
        game.act(seat, &option.action, &mut dice).unwrap();
    }
}
