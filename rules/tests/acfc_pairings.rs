//! Every ordered pairing of the playable factions (a faction against
//! itself included), each faction meeting each other as White and as
//! Black: one random complete game per pairing (196 for the fourteen factions)
//! through the contract suite's player and checks
//! (`contract_harness::play`: options are the truth, effects are diffs,
//! nothing leaks, the same seed plays the same game, every game ends with
//! an outcome). The coin decides White, so each game's seed is the first
//! from its own start whose coin gives White to the wanted seat. The games
//! play to a cap of 200 turns ([`TURN_CAP`]) and the default 100 quiet
//! turns, on as many threads as there are cores (up to 4).

mod acfc_common;
mod contract_harness;
mod kit;

use std::time::Instant;

use acfc_common::{
    ActionChessFactionChess, ChaChaDice, Faction, GameRules, MAX_TURNS, MatchConfig, OptionValue,
    Seat, SystemId, army_list,
};
use contract_harness::{cases::Case, play};

/// One game: seat 0's faction, seat 1's, and which seat plays White.
#[derive(Debug, Clone, Copy)]
struct Pairing {
    factions: [Faction; 2],
    white: u8,
}

/// Every ordered pairing once. White alternates with the factions' places
/// in the list, the same way for (A, B) and (B, A), so that in one of the
/// two games A plays White and in the other B does: each faction meets
/// each other as White and as Black, from either seat.
fn pairings() -> Vec<Pairing> {
    let playable = Faction::PLAYABLE;
    let mut all = Vec::new();
    for (i, &first) in playable.iter().enumerate() {
        for (j, &second) in playable.iter().enumerate() {
            all.push(Pairing {
                factions: [first, second],
                white: ((i + j) % 2) as u8,
            });
        }
    }
    all
}

/// Whether `faction` plays White in some game against `other` and Black in
/// another.
fn meets_from_both_sides(all: &[Pairing], faction: Faction, other: Faction) -> bool {
    let white_in: Vec<bool> = all
        .iter()
        .filter(|p| p.factions.contains(&faction) && p.factions.contains(&other))
        .map(|p| p.factions[usize::from(p.white)] == faction)
        .collect();
    white_in.contains(&true) && white_in.contains(&false)
}

/// The first seed from `from` whose coin gives White to `white`.
fn seed_with_white(config: &MatchConfig, pairing: Pairing, from: u64) -> u64 {
    let armies = pairing.factions.map(army_list);
    (from..)
        .find(|&seed| {
            let (game, _) =
                ActionChessFactionChess::setup(config, &armies, &mut ChaChaDice::from_u64(seed))
                    .expect("a pairing of playable factions sets up");
            game.white() == Seat(pairing.white)
        })
        .expect("a fair coin falls both ways")
}

/// The turn cap these games play to: a Swarm's game runs to over a
/// thousand actions at the default 500 turns, most of them Hive Queen
/// placements, and every rule comes up well before 200 turns.
const TURN_CAP: i64 = 200;

fn case_of(at: usize, pairing: Pairing) -> Case {
    let config = MatchConfig::new(SystemId::ActionChessFactionChess)
        .with(MAX_TURNS, OptionValue::Int(TURN_CAP));
    let seed = seed_with_white(&config, pairing, 1_000 * at as u64);
    Case {
        armies: pairing.factions.map(army_list).to_vec(),
        config,
        seed,
    }
}

fn played(at: usize, pairing: Pairing) -> Result<(), String> {
    let case = case_of(at, pairing);
    let began = Instant::now();
    let outcome = play(&case).map_err(|e| format!("{pairing:?}, seed {}: {e}", case.seed))?;
    eprintln!(
        "{:?} v {:?}, seat {} White: {} actions in {:.2} s",
        pairing.factions[0],
        pairing.factions[1],
        pairing.white,
        outcome.actions,
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

#[test]
fn every_pairing_of_playable_factions_plays_to_an_end_from_either_side() {
    let all = pairings();
    let factions = Faction::PLAYABLE.len();
    assert_eq!(all.len(), factions * factions);
    for faction in Faction::PLAYABLE {
        for other in Faction::PLAYABLE.into_iter().filter(|&f| f != faction) {
            assert!(
                meets_from_both_sides(&all, faction, other),
                "{faction:?} meets {other:?} from one side only"
            );
        }
    }
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let began = Instant::now();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let running: Vec<_> = (0..threads)
            .map(|thread| {
                let all = &all;
                scope.spawn(move || {
                    all.iter()
                        .enumerate()
                        .skip(thread)
                        .step_by(threads)
                        .filter_map(|(at, &pairing)| played(at, pairing).err())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        running
            .into_iter()
            .flat_map(|thread| {
                thread
                    .join()
                    .unwrap_or_else(|_| vec!["a pairing's game panicked (see above)".into()])
            })
            .collect()
    });
    eprintln!(
        "{} games on {threads} threads in {:.1} s",
        all.len(),
        began.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
