mod acfc_common;
mod contract_harness;
use acfc_common::*;
use contract_harness::{cases::Case, play};

#[test]
fn scratch() {
    let only: Vec<Faction> = std::env::var("VS")
        .map(|v| v.split(',').map(|k| Faction::by_key(k).unwrap()).collect())
        .unwrap_or(vec![Faction::Ghost]);
    let games: u64 = std::env::var("GAMES")
        .map(|g| g.parse().unwrap())
        .unwrap_or(4);
    for other in only {
        for seed in 0..games {
            let config = MatchConfig::new(SystemId::ActionChessFactionChess)
                .with(MAX_TURNS, OptionValue::Int(200));
            let case = Case {
                armies: vec![army_list(Faction::Ghost), army_list(other)],
                config,
                seed,
            };
            match play(&case) {
                Ok(p) => eprintln!("{other:?} seed {seed}: {} actions", p.actions),
                Err(e) => panic!("{other:?} seed {seed}: {e}"),
            }
        }
    }
}

#[test]
fn dup() {
    let armies = [army_list(Faction::Ghost), army_list(Faction::Ghost)];
    let config = MatchConfig::new(SystemId::ActionChessFactionChess);
    for seed in 0..50u64 {
        let mut dice = ChaChaDice::from_u64(seed);
        let (mut game, _) = Game::setup(&config, &armies, &mut dice).unwrap();
        let mut pick_dice = ChaChaDice::from_u64(seed + 99);
        for _ in 0..300 {
            let Some(&seat) = game.to_act().first() else {
                break;
            };
            let opts = game.options(seat);
            let mut seen = std::collections::HashMap::new();
            for o in &opts {
                if let Some(prev) = seen.insert(o.notation.clone(), o.clone()) {
                    panic!("dup {:?}\n{:?}\n{:?}", o.notation, prev, o);
                }
            }
            let pick = opts
                [(fray_rules::Dice::roll(&mut pick_dice, opts.len().min(250) as u8) - 1) as usize]
                .action
                .clone();
            game.act(seat, &pick, &mut dice).unwrap();
        }
    }
}
