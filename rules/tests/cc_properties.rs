//! Property tests of the engine contract (docs/design.md, guarantees 1–5) for
//! Chessboard Confrontation: random legal squads for two to four players,
//! random options (scenario, obstacles, rulings), random seeds; complete games played
//! through the public trait API by choosing uniformly among the options.

mod cc_common;

use std::collections::HashSet;

use cc_common::*;
use fray_protocol::{ActionOption, apply_all};
use fray_rules::Dice;
use fray_rules::MoveRules;
use fray_rules::chessboard_confrontation::{
    self as cc, LARGE_KEY, MAP, MAX_ROUNDS, OBSTACLES, POINTS, QUIET_ROUNDS, RULINGS, SCENARIO,
    Trait, Troop,
};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

const BUDGET: u32 = 50;

/// A legal squad: miniatures bought in the order the picks name them while
/// the points last; at most one Support.
fn build_legal(picks: &[(u8, u32, bool)]) -> ArmyList {
    let mut points = 0;
    let mut support = false;
    let mut entries = Vec::new();
    for &(troop, trait_bits, large) in picks {
        let troop = Troop::ALL[troop as usize % 5];
        let mut traits: Vec<Trait> = Trait::ALL
            .into_iter()
            .enumerate()
            .filter(|(i, _)| trait_bits & (1 << i) != 0)
            .map(|(_, t)| t)
            .collect();
        if support {
            traits.retain(|t| *t != Trait::Support);
        }
        let cost = troop.cost() + traits.iter().map(|t| t.cost()).sum::<u32>();
        if points + cost > BUDGET {
            continue;
        }
        points += cost;
        support |= traits.contains(&Trait::Support);
        let mut keys: Vec<&str> = traits.iter().map(|t| t.key()).collect();
        if large {
            keys.push(LARGE_KEY);
        }
        entries.push(entry(troop.key(), 1, &keys));
    }
    if entries.is_empty() {
        entries.push(entry("minion", 1, &[]));
    }
    squad(entries)
}

fn legal_list() -> impl Strategy<Value = ArmyList> {
    // Few traits per miniature on average: each of 17 bits set with chance 1/8.
    let traits = prop::collection::vec(prop::bool::weighted(0.12), 17).prop_map(|bits| {
        bits.iter()
            .enumerate()
            .fold(0u32, |m, (i, &b)| m | (u32::from(b) << i))
    });
    let pick = (0u8..5, traits, prop::bool::weighted(0.1));
    prop::collection::vec(pick, 1..12).prop_map(|picks| build_legal(&picks))
}

fn lists() -> impl Strategy<Value = Vec<ArmyList>> {
    (2usize..=4).prop_flat_map(|n| prop::collection::vec(legal_list(), n))
}

fn options_config() -> impl Strategy<Value = MatchConfig> {
    (
        select(vec!["last-standing", "infiltrate", "retrieve", "survival"]),
        select(vec!["random", "fixed", "open"]),
        prop::option::of(3i64..=12),
        select(vec!["book", "fray-2025"]),
    )
        .prop_map(|(scenario, layout, rounds, rulings)| {
            let mut config = config()
                .with(SCENARIO, OptionValue::Text(scenario.into()))
                .with(OBSTACLES, OptionValue::Text(layout.into()))
                .with(RULINGS, OptionValue::Text(rulings.into()));
            if let Some(r) = rounds {
                config = config
                    .with(MAX_ROUNDS, OptionValue::Int(r))
                    .with(QUIET_ROUNDS, OptionValue::Int(3));
            }
            config
        })
}

/// Independent of the engine: the army building rules.
fn keeps_rules(list: &ArmyList, budget: u32) -> bool {
    if list.system != SystemId::ChessboardConfrontation || list.army != "squad" {
        return false;
    }
    let (mut points, mut supports, mut count) = (0u32, 0u32, 0u32);
    for e in &list.units {
        let Some(troop) = Troop::from_key(&e.unit) else {
            return false;
        };
        if e.count == 0 {
            return false;
        }
        let mut seen = HashSet::new();
        let mut cost = troop.cost();
        for key in &e.traits {
            if !seen.insert(key.clone()) {
                return false;
            }
            if key == LARGE_KEY {
                continue;
            }
            let Some(t) = Trait::from_key(key) else {
                return false;
            };
            cost += t.cost();
            if t == Trait::Support {
                supports += e.count;
            }
        }
        points += cost * e.count;
        count += e.count;
    }
    count > 0 && supports <= 1 && points <= budget
}

fn any_list() -> impl Strategy<Value = ArmyList> {
    let keys: Vec<String> = Trait::ALL
        .iter()
        .map(|t| t.key().to_string())
        .chain(["large", "Lucky", "sword"].map(String::from))
        .collect();
    let troops: Vec<String> = Troop::ALL
        .iter()
        .map(|t| t.key().to_string())
        .chain(["dragon", "lucky", ""].map(String::from))
        .collect();
    let e = (
        prop_oneof![8 => select(troops[..5].to_vec()), 1 => select(troops)],
        prop_oneof![1 => Just(0u32), 8 => 1u32..=3],
        prop::collection::vec(select(keys), 0..3),
    )
        .prop_map(|(unit, count, traits)| ArmyEntry {
            unit,
            count,
            traits,
        });
    (
        prop::collection::vec(e, 0..6),
        prop_oneof![10 => Just("squad"), 1 => Just("orcs")],
    )
        .prop_map(|(units, army)| ArmyList {
            system: SystemId::ChessboardConfrontation,
            army: army.into(),
            name: String::new(),
            units,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn a_list_is_valid_iff_it_keeps_the_rules(list in prop_oneof![legal_list(), any_list()]) {
        // Stored for no match, a list is held to the most any match allows;
        // brought to a match that sets no points, to the default 50.
        let expected = keeps_rules(&list, cc::MAX_BUDGET);
        match cc::validate_army(&list) {
            Ok(()) => prop_assert!(expected, "accepted {list:?}"),
            Err(reasons) => {
                prop_assert!(!expected, "refused {list:?}: {reasons:?}");
                prop_assert!(!reasons.is_empty());
            }
        }
        let expected = keeps_rules(&list, BUDGET);
        match fray_rules::validate_army_for(&config(), Seat(0), &list) {
            Ok(()) => prop_assert!(expected, "accepted {list:?} for a match"),
            Err(refused) => prop_assert!(!expected, "refused {list:?}: {refused}"),
        }
    }
}

const ACTION_CAP: usize = 50_000;

struct Chooser(ChaCha8Rng);

impl Chooser {
    fn new(seed: u64) -> Self {
        Chooser(ChaCha8Rng::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15))
    }
    fn index(&mut self, n: usize) -> usize {
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }
    fn one_in(&mut self, n: u32) -> bool {
        self.0.next_u32().is_multiple_of(n)
    }
}

fn start(
    config: &MatchConfig,
    lists: &[ArmyList],
    seed: u64,
) -> Result<(Game, Vec<ScopedEffect>, ChaChaDice), TestCaseError> {
    let mut dice = ChaChaDice::from_u64(seed);
    let (game, effects) = Game::setup(config, lists, &mut dice)
        .map_err(|e| TestCaseError::fail(format!("setup refused: {e}")))?;
    Ok((game, effects, dice))
}

fn sole_decider(game: &Game, seats: usize) -> Result<Seat, TestCaseError> {
    let deciders = game.to_act();
    prop_assert_eq!(deciders.len(), 1);
    for s in 0..seats as u8 {
        if Seat(s) != deciders[0] {
            prop_assert!(game.options(Seat(s)).is_empty());
        }
    }
    Ok(deciders[0])
}

fn act_listed(
    game: &mut Game,
    seat: Seat,
    option: &ActionOption,
    dice: &mut dyn Dice,
) -> Result<Vec<ScopedEffect>, TestCaseError> {
    game.act(seat, &option.action, dice)
        .map_err(|r| TestCaseError::fail(format!("listed {option:?} was rejected: {r:?}")))
}

fn same_dice(a: &ChaChaDice, b: &ChaChaDice) -> bool {
    let (mut a, mut b) = (a.clone(), b.clone());
    (0..6).all(|_| a.roll(255) == b.roll(255))
}

fn viewers(seats: usize) -> Vec<Viewer> {
    let mut v: Vec<Viewer> = (0..seats as u8).map(|s| Viewer::Seat(Seat(s))).collect();
    v.extend([Viewer::Spectator, Viewer::Referee]);
    v
}

fn random_action() -> impl Strategy<Value = Action> {
    let verbs = vec![
        "place", "activate", "pass", "move", "attack", "summon", "pick-up", "drop", "support",
        "end", "reroll", "heal", "accept", "", "shoot",
    ];
    let choices = vec![
        "melee",
        "lesser",
        "greater",
        "area",
        "melee-poison",
        "area-stun",
        "lucky",
        "support",
        "melee-x",
        "ne",
        "sw",
        "",
    ];
    (
        select(verbs),
        prop::option::of((0u32..40).prop_map(PieceId)),
        prop::option::of((0u32..40).prop_map(PieceId)),
        prop::option::of((0u8..10, 0u8..10).prop_map(|(f, r)| Square::new(f, r))),
        prop::option::of(select(choices)),
    )
        .prop_map(|(verb, piece, target, to, choice)| Action {
            verb: verb.into(),
            piece,
            target,
            to,
            choice: choice.map(String::from),
        })
}

fn near_miss(chooser: &mut Chooser, listed: &Action) -> Action {
    let mut a = listed.clone();
    match chooser.index(4) {
        0 => a.piece = Some(PieceId(chooser.index(30) as u32)),
        1 => a.target = Some(PieceId(chooser.index(30) as u32)),
        2 => a.to = Some(Square::new(chooser.index(9) as u8, chooser.index(9) as u8)),
        _ => {
            let choices = ["melee", "lesser-stun", "area", "lucky", "sw", "ne"];
            a.choice = Some(choices[chooser.index(choices.len())].into())
        }
    }
    a
}

fn expect_rejected(
    game: &mut Game,
    dice: &ChaChaDice,
    seat: Seat,
    action: &Action,
) -> Result<Rejection, TestCaseError> {
    let before = game.clone();
    let mut trial = dice.clone();
    let result = game.act(seat, action, &mut trial);
    prop_assert!(*game == before, "a rejected {:?} changed the game", action);
    prop_assert!(
        same_dice(dice, &trial),
        "a rejected {:?} rolled dice",
        action
    );
    match result {
        Ok(e) => Err(TestCaseError::fail(format!(
            "{seat} played unlisted {action:?}: {e:?}"
        ))),
        Err(r) => {
            prop_assert!(!r.message.trim().is_empty());
            Ok(r)
        }
    }
}

/// The spaces a piece in the view covers: its square, or for a Large
/// miniature the 2×2 its `reach` stat names from it; off the board is an error.
fn spaces_of(view: &View, piece: &fray_protocol::PieceView) -> Result<Vec<Square>, TestCaseError> {
    let Some(main) = piece.square else {
        return Ok(Vec::new());
    };
    let stat = |key: &str| {
        piece
            .stats
            .iter()
            .find(|s| s.key == key)
            .map(|s| s.value.as_str())
    };
    if stat("size") != Some("large") {
        return Ok(vec![main]);
    }
    let (df, dr): (i16, i16) = match stat("reach") {
        Some("north-east") => (1, 1),
        Some("north-west") => (-1, 1),
        Some("south-east") => (1, -1),
        Some("south-west") => (-1, -1),
        other => {
            return Err(TestCaseError::fail(format!(
                "a Large miniature reaching {other:?}"
            )));
        }
    };
    let mut spaces = Vec::new();
    for (f, r) in [(0, 0), (df, 0), (0, dr), (df, dr)] {
        let (file, rank) = (i16::from(main.file) + f, i16::from(main.rank) + r);
        prop_assert!(
            (0..i16::from(view.width)).contains(&file)
                && (0..i16::from(view.height)).contains(&rank),
            "{:?} reaches off the board from {}",
            piece.id,
            main
        );
        spaces.push(Square::new(file as u8, rank as u8));
    }
    Ok(spaces)
}

/// The rules' invariants, read from the referee's view after every action:
/// no two miniatures on one space, no main space on an obstacle (a Large
/// miniature's body may lie on one), at most four tokens a player, and a
/// miniature stunned before the action still where it stood (or defeated).
fn keeps_the_rules(before: &View, after: &View) -> Result<(), TestCaseError> {
    let mut taken = HashSet::new();
    for piece in after.pieces.values() {
        for space in spaces_of(after, piece)? {
            prop_assert!(taken.insert(space), "two miniatures on {}", space);
        }
        if let Some(main) = piece.square {
            prop_assert!(
                after.terrain.get(&main).map(String::as_str) != Some("obstacle"),
                "{:?} stands on the obstacle {}",
                piece.id,
                main
            );
        }
    }
    for player in &after.players {
        let tokens = player.resources.get("tokens").copied().unwrap_or(0);
        prop_assert!((0..=4).contains(&tokens), "{} tokens", tokens);
    }
    for piece in before.pieces.values() {
        if piece.markers.iter().any(|m| m.key == "stun")
            && let Some(now) = after.pieces.get(&piece.id)
        {
            prop_assert_eq!(now.square, piece.square, "a stunned {:?} moved", piece.id);
        }
    }
    Ok(())
}

/// Plays one whole game, checking the contract as it goes; returns the bytes of every batch.
fn play_game(
    config: &MatchConfig,
    lists: &[ArmyList],
    seed: u64,
    pool: &[Action],
) -> Result<Vec<Vec<u8>>, TestCaseError> {
    let seats = lists.len();
    let (mut game, setup, mut dice) = start(config, lists, seed)?;
    let all_viewers = viewers(seats);
    let mut views: Vec<View> = all_viewers
        .iter()
        .map(|&v| {
            let mut view = View::default();
            apply_all(&mut view, &ScopedEffect::for_viewer(&setup, v));
            view
        })
        .collect();
    for (v, view) in all_viewers.iter().zip(&views) {
        prop_assert_eq!(view, &game.view(*v), "setup effects for {:?}", v);
    }
    let mut quiet = game.clone();
    let mut quiet_dice = dice.clone();
    let mut bytes = vec![serde_json::to_vec(&setup).unwrap()];
    let mut chooser = Chooser::new(seed);
    let mut actions = 0;
    let mut last = Vec::new();
    while game.outcome().is_none() {
        prop_assert!(actions < ACTION_CAP, "the game did not end");
        let seat = sole_decider(&game, seats)?;
        let options = game.options(seat);
        prop_assert!(!options.is_empty());
        let distinct: HashSet<&Action> = options.iter().map(|o| &o.action).collect();
        prop_assert_eq!(distinct.len(), options.len(), "an option is listed twice");
        let moves = quiet.moves(seat);
        prop_assert_eq!(moves.len(), options.len());
        if chooser.one_in(25) {
            for option in &options {
                let mut trial = game.clone();
                let mut trial_dice = dice.clone();
                act_listed(&mut trial, seat, option, &mut trial_dice)?;
            }
            let listed: HashSet<&Action> = options.iter().map(|o| &o.action).collect();
            let misses: Vec<Action> = (0..12)
                .map(|_| {
                    let at = chooser.index(options.len());
                    near_miss(&mut chooser, &options[at].action)
                })
                .collect();
            for action in pool.iter().chain(&misses) {
                if !listed.contains(action) {
                    expect_rejected(&mut game, &dice, seat, action)?;
                }
            }
            let other = Seat((seat.0 + 1) % seats as u8);
            let r = expect_rejected(&mut game, &dice, other, &options[0].action)?;
            prop_assert_eq!(r.code, RejectCode::NotYourTurn);
        }
        let pick = chooser.index(options.len());
        prop_assert_eq!(&quiet.option_for(seat, moves[pick]), &options[pick]);
        let before = game.view(Viewer::Referee);
        let effects = act_listed(&mut game, seat, &options[pick], &mut dice)?;
        keeps_the_rules(&before, &game.view(Viewer::Referee))?;
        quiet.play_quiet(seat, moves[pick], &mut quiet_dice);
        prop_assert!(
            game == quiet,
            "the fast path differs after {:?}",
            options[pick].action
        );
        for (v, view) in all_viewers.iter().zip(views.iter_mut()) {
            apply_all(view, &ScopedEffect::for_viewer(&effects, *v));
            prop_assert_eq!(
                &*view,
                &game.view(*v),
                "{:?} after {:?}",
                v,
                options[pick].action
            );
        }
        bytes.push(serde_json::to_vec(&effects).unwrap());
        last = effects;
        actions += 1;
    }
    let outcome = game.outcome().unwrap();
    let ended = Effect::GameEnded {
        outcome: outcome.clone(),
    };
    prop_assert!(
        last.iter().any(|e| e.effect == ended),
        "no GameEnded effect"
    );
    prop_assert!(game.to_act().is_empty());
    for s in 0..seats as u8 {
        prop_assert!(game.options(Seat(s)).is_empty());
        let r = expect_rejected(&mut game, &dice, Seat(s), &Action::new("pass"))?;
        prop_assert_eq!(r.code, RejectCode::GameOver);
    }
    Ok(bytes)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, max_shrink_iters: 32, ..ProptestConfig::default() })]

    /// Guarantees 3, 4, 5 and the fast path: every game ends; listed options
    /// are accepted, unlisted ones rejected without change; effects follow views.
    #[test]
    fn every_game_keeps_the_contract_and_ends(
        lists in lists(),
        config in options_config(),
        seed in any::<u64>(),
        pool in prop::collection::vec(random_action(), 24),
    ) {
        play_game(&config, &lists, seed, &pool)?;
    }

    /// Guarantee 1: the same seed and choices give the same effects, byte for byte.
    #[test]
    fn the_same_seed_and_choices_give_the_same_bytes(
        lists in lists(),
        config in options_config(),
        seed in any::<u64>(),
    ) {
        let first = play_game(&config, &lists, seed, &[])?;
        let second = play_game(&config, &lists, seed, &[])?;
        prop_assert!(first == second);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, max_shrink_iters: 8, ..ProptestConfig::default() })]

    /// On the battle map too every game ends and keeps the contract, and its
    /// obstacles cover about half the map and leave it in one piece.
    #[test]
    fn every_battle_map_game_keeps_the_contract_and_ends(
        lists in lists(),
        config in options_config(),
        seed in any::<u64>(),
        pool in prop::collection::vec(random_action(), 24),
    ) {
        let config = config.with(MAP, OptionValue::Text("battle-map".into()));
        let (game, _, _) = start(&config, &lists, seed)?;
        let seen = game.view(Viewer::Referee);
        prop_assert_eq!((seen.width, seen.height), (24, 24));
        prop_assert!(open_squares_connected(&seen));
        let random = config.options.get(OBSTACLES) == Some(&OptionValue::Text("random".into()));
        let covered = seen.terrain.values().filter(|t| *t == "obstacle").count();
        prop_assert!(!random || covered >= 24 * 24 / 2, "{} covered", covered);
        play_game(&config, &lists, seed, &pool)?;
    }
}

#[test]
fn every_listed_match_option_is_accepted() {
    let info = cc::system_info();
    let lists = vec![
        squad(vec![entry("minion", 2, &[])]),
        squad(vec![entry("minion", 1, &["fast"])]),
    ];
    for spec in &info.options {
        let values: Vec<OptionValue> = match &spec.kind {
            fray_protocol::OptionKind::Int { min, max } => {
                vec![OptionValue::Int(*min), OptionValue::Int(*max)]
            }
            fray_protocol::OptionKind::Choice { choices } => choices
                .iter()
                .map(|c| OptionValue::Text(c.clone()))
                .collect(),
            fray_protocol::OptionKind::Bool => vec![OptionValue::Bool(true)],
        };
        for value in values.into_iter().chain([spec.default.clone()]) {
            let config = config().with(spec.key.clone(), value.clone());
            let mut dice = ChaChaDice::from_u64(5);
            assert!(
                Game::setup(&config, &lists, &mut dice).is_ok(),
                "{} = {value:?} refused",
                spec.key
            );
        }
    }
    let bad = config().with(POINTS, OptionValue::Int(7));
    assert!(Game::setup(&bad, &lists, &mut ChaChaDice::from_u64(1)).is_err());
    let bad = config().with("fog", OptionValue::Bool(true));
    assert!(Game::setup(&bad, &lists, &mut ChaChaDice::from_u64(1)).is_err());
}
