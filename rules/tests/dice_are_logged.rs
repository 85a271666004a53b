//! Every die the rules roll is written into a `dice_rolled` effect, in the
//! order it was rolled, and a refused action rolls nothing. The web client
//! checks a replay's dice against its seed on this alone (it draws from
//! ChaCha20 die by die, in the order of the replay's `dice_rolled` effects,
//! without the rules): a rule that rolled a die it did not log, logged a die
//! twice, or logged dice out of order would make honest replays fail there.

#[path = "contract_harness/cases.rs"]
#[allow(dead_code)] // what the contract suite uses and this test does not
mod cases;
mod kit;

use cases::{Chooser, make_case};
use fray_protocol::{Die, Effect, ScopedEffect};
use fray_rules::{ChaChaDice, Dice, Game, systems};

/// Games per system: enough to reach every kind of roll the random games
/// reach, quick enough for the suite.
const GAMES: u64 = 12;
const ACTION_CAP: usize = 20_000;

/// The production dice, noting each roll.
struct Recording {
    dice: ChaChaDice,
    rolled: Vec<Die>,
}

impl Dice for Recording {
    fn roll(&mut self, sides: u8) -> u8 {
        let face = self.dice.roll(sides);
        self.rolled.push(Die { sides, face });
        face
    }
}

fn logged(effects: &[ScopedEffect]) -> Vec<Die> {
    effects
        .iter()
        .filter_map(|scoped| match &scoped.effect {
            Effect::DiceRolled { roll } => Some(roll.dice.clone()),
            _ => None,
        })
        .flatten()
        .collect()
}

#[test]
fn every_die_rolled_is_logged_in_the_order_rolled() {
    for info in systems() {
        let mut rolls = 0;
        for game_number in 0..GAMES {
            let case = make_case(&info, game_number * 7919 + 1, game_number + 1);
            let mut dice = Recording {
                dice: ChaChaDice::from_u64(case.seed),
                rolled: Vec::new(),
            };
            let (mut game, setup) =
                Game::setup(&case.config, &case.armies, &mut dice).expect("the case sets up");
            assert_eq!(
                logged(&setup),
                dice.rolled,
                "{} set-up: the dice logged are not the dice rolled",
                info.name
            );
            rolls += dice.rolled.len();
            let mut pick = Chooser::new(case.seed);
            let mut actions = 0;
            let mut previous = None;
            while game.outcome().is_none() && actions < ACTION_CAP {
                let seat = *pick.pick(&game.to_act());
                // An action played already, most often no longer legal now:
                // refused, it must have rolled nothing; accepted, it is played.
                if let Some(again) = previous.take() {
                    dice.rolled.clear();
                    match game.act(seat, &again, &mut dice) {
                        Ok(effects) => {
                            assert_eq!(logged(&effects), dice.rolled, "{}: {again:?}", info.name);
                            rolls += dice.rolled.len();
                            continue;
                        }
                        Err(_) => assert!(
                            dice.rolled.is_empty(),
                            "{}: the refused {again:?} rolled",
                            info.name
                        ),
                    }
                }
                let options = game.options(seat);
                let action = pick.pick(&options).action.clone();
                dice.rolled.clear();
                let effects = game
                    .act(seat, &action, &mut dice)
                    .expect("listed options are legal");
                assert_eq!(
                    logged(&effects),
                    dice.rolled,
                    "{} action {actions} ({action:?}): the dice logged are not the dice rolled",
                    info.name
                );
                rolls += dice.rolled.len();
                previous = Some(action);
                actions += 1;
            }
        }
        eprintln!("{}: {rolls} dice rolled, all logged", info.name);
    }
}
