//! The odds of a contest, exactly, and the engine measured against them.
//!
//! The book's contest (docs/rules/fantasy-armies.md, R4, R5): the attacker
//! rolls its HTH in D6 plus one, the defender its HTH in D6 (none for HTH
//! "-"), and each adds its HTH modifier ("1+2" is one die and +2) to its
//! total; the higher total wins; a tie goes to the side that rolled more dice,
//! then to the mover. The loser takes a hit and is removed unless a D6 equals
//! or beats its Defence. A match that reads modifiers as extra dice turns
//! every +1 into one more die instead.
//!
//! The exact probabilities come from enumerating the distributions of dice
//! sums (integer counts, so the fractions are exact). The engine is then run
//! over thousands of seeded contests set up with `Position`, and every single
//! contest is checked against its own dice, and the frequencies against the
//! exact odds within 4.5 standard deviations.

mod fa_common;
mod kit;

use fa_common::rolls;
use fray_protocol::{Action, DiceRoll, PieceId, Seat, Viewer};
use fray_rules::fantasy_armies::units::{profile, unit_by_key};
use fray_rules::fantasy_armies::{Army, ContestWinner, HthModifiers, Position, contest_winner};
use fray_rules::{ChaChaDice, Dice, GameRules, ScriptedDice};

/// The book's rule, written out apart from the engine's `contest_winner`.
fn attacker_wins_by_the_book(
    attacker_dice: u32,
    attacker_total: u32,
    defender_dice: u32,
    defender_total: u32,
) -> bool {
    if attacker_total != defender_total {
        attacker_total > defender_total
    } else if attacker_dice != defender_dice {
        attacker_dice > defender_dice
    } else {
        true // the mover
    }
}

/// `ways(n)[t]`: the number of the 6^n rolls of n D6 that total t.
fn ways(n: u32) -> Vec<u64> {
    let mut ways = vec![1u64];
    for _ in 0..n {
        let mut next = vec![0u64; ways.len() + 6];
        for (total, &count) in ways.iter().enumerate() {
            for face in 1..=6 {
                next[total + face] += count;
            }
        }
        ways = next;
    }
    ways
}

/// A probability as an exact fraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Fraction {
    num: u128,
    den: u128,
}

impl Fraction {
    fn new(num: u128, den: u128) -> Self {
        fn gcd(a: u128, b: u128) -> u128 {
            if b == 0 { a } else { gcd(b, a % b) }
        }
        let g = gcd(num, den).max(1);
        Fraction {
            num: num / g,
            den: den / g,
        }
    }

    fn f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

/// The exact chance that the attacker wins: HTH `attacker` dice (+1 die for
/// the mover) against HTH `defender` dice (`None` is "-": no dice), with no
/// modifiers.
fn attacker_win_chance(attacker: u32, defender: Option<u32>) -> Fraction {
    attacker_win_chance_modified(attacker, 0, defender, 0)
}

/// The exact chance that the attacker wins when each side adds a modifier to
/// its roll: HTH `attacker`+`attacker_modifier` (+1 die for the mover)
/// against `defender`+`defender_modifier`. Only the dice count in a tie.
fn attacker_win_chance_modified(
    attacker: u32,
    attacker_modifier: i32,
    defender: Option<u32>,
    defender_modifier: i32,
) -> Fraction {
    let (a_dice, d_dice) = (attacker + 1, defender.unwrap_or(0));
    let (a_ways, d_ways) = (ways(a_dice), ways(d_dice));
    let mut wins = 0u128;
    for (a_total, &a) in a_ways.iter().enumerate() {
        for (d_total, &d) in d_ways.iter().enumerate() {
            let a_score = a_total as i32 + attacker_modifier;
            let d_score = d_total as i32 + defender_modifier;
            let won = if a_score != d_score {
                a_score > d_score
            } else {
                attacker_wins_by_the_book(a_dice, 0, d_dice, 0)
            };
            if won {
                wins += u128::from(a) * u128::from(d);
            }
        }
    }
    Fraction::new(wins, 6u128.pow(a_dice + d_dice))
}

/// The same chance by listing every roll of every die, with the engine's
/// own `contest_winner`: a check of the sums and of the engine's rule at once.
fn attacker_win_chance_by_listing(
    attacker: u32,
    attacker_modifier: i32,
    defender: Option<u32>,
    defender_modifier: i32,
) -> Fraction {
    let (a_dice, d_dice) = (attacker + 1, defender.unwrap_or(0));
    let all = a_dice + d_dice;
    let mut wins = 0u128;
    for roll in 0..6u128.pow(all) {
        let mut rest = roll;
        let mut faces = Vec::with_capacity(all as usize);
        for _ in 0..all {
            faces.push((rest % 6) as i32 + 1);
            rest /= 6;
        }
        let a_total: i32 = faces[..a_dice as usize].iter().sum::<i32>() + attacker_modifier;
        let d_total: i32 = faces[a_dice as usize..].iter().sum::<i32>() + defender_modifier;
        let winner = contest_winner(a_dice as i32, a_total, d_dice as i32, d_total);
        if winner == ContestWinner::Attacker {
            wins += 1;
        }
    }
    Fraction::new(wins, 6u128.pow(all))
}

#[test]
fn dice_sums_are_counted_rightly() {
    assert_eq!(ways(0), vec![1]);
    assert_eq!(ways(1), vec![0, 1, 1, 1, 1, 1, 1]);
    assert_eq!(&ways(2)[2..], &[1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    for n in 0..6 {
        assert_eq!(ways(n).iter().sum::<u64>(), 6u64.pow(n));
    }
}

#[test]
fn the_engines_contest_winner_is_the_books_rule() {
    for a_dice in 0..=8u32 {
        for d_dice in 0..=8u32 {
            for a_total in a_dice..=6 * a_dice {
                for d_total in d_dice..=6 * d_dice {
                    let book = attacker_wins_by_the_book(a_dice, a_total, d_dice, d_total);
                    let engine = contest_winner(
                        a_dice as i32,
                        a_total as i32,
                        d_dice as i32,
                        d_total as i32,
                    );
                    assert_eq!(
                        engine == ContestWinner::Attacker,
                        book,
                        "{a_dice} dice for {a_total} against {d_dice} dice for {d_total}"
                    );
                }
            }
        }
    }
}

#[test]
fn exact_odds_worked_by_hand() {
    // HTH 1 against HTH 1: 2D6 against 1D6, and a tie goes to the attacker,
    // who rolled more dice. The attacker loses only if 2D6 < 1D6: with the
    // D6 showing 3, 4, 5, 6 the 2D6 must make at most 2, 3, 4, 5, which it
    // does in 1, 3, 6, 10 of 36 ways: 20 of 216. So 196/216 = 49/54.
    assert_eq!(attacker_win_chance(1, Some(1)), Fraction::new(49, 54));

    // HTH 0 (drained) against HTH 1: 1D6 against 1D6, equal dice, so a tie
    // goes to the mover: P(a >= d) = 21/36 = 7/12.
    assert_eq!(attacker_win_chance(0, Some(1)), Fraction::new(7, 12));

    // HTH 2 against HTH 1: 3D6 against 1D6, ties to the attacker. It loses
    // only if 3D6 < 1D6: with the D6 on 4, 5, 6 the 3D6 must make at most
    // 3, 4, 5: 1, 4, 10 of 216 ways, 15 of 1296. So 1281/1296 = 427/432.
    assert_eq!(attacker_win_chance(2, Some(1)), Fraction::new(427, 432));

    // HTH 1 against HTH 2: 2D6 against 2D6, a tie to the mover. By symmetry
    // P(a > d) = P(a < d), and P(a = d) = Σ ways² / 6^4 = 146/1296, so the
    // attacker wins (1 + 146/1296) / 2 = 1442/2592 = 721/1296.
    assert_eq!(attacker_win_chance(1, Some(2)), Fraction::new(721, 1296));

    // HTH 2 against HTH 3: 3D6 against 3D6, a tie to the mover. The squares of
    // 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1 add up to 4332,
    // so the attacker wins (1 + 4332/46656) / 2 = 50988/93312 = 4249/7776.
    assert_eq!(attacker_win_chance(2, Some(3)), Fraction::new(4249, 7776));

    // A defender with HTH "-" rolls nothing: 3D6 against 0, always won.
    assert_eq!(attacker_win_chance(2, None), Fraction::new(1, 1));

    // From the enumeration alone (no neat hand form):
    // HTH 1 against HTH 3: 2D6 must beat 3D6 outright (a tie goes to the
    // defender's three dice): 1182 of 7776 = 197/1296, about 0.152.
    assert_eq!(attacker_win_chance(1, Some(3)), Fraction::new(197, 1296));
    // HTH 3 against HTH 2: 4D6 against 2D6, ties to the attacker:
    // 44982 of 46656 = 833/864, about 0.964.
    assert_eq!(attacker_win_chance(3, Some(2)), Fraction::new(833, 864));
    // HTH 3 against HTH 3 (the aura case below): 4D6 against 3D6 = 2357/2916.
    assert_eq!(attacker_win_chance(3, Some(3)), Fraction::new(2357, 2916));
}

#[test]
fn exact_odds_with_modifiers_added_to_the_roll() {
    // A Shaman under Smash! (1+2) attacks a Great Orc (3): 2D6+2 against 3D6,
    // and a tie goes to the Orc's three dice. From the enumeration: 791 of
    // 2592, about 0.305.
    assert_eq!(
        attacker_win_chance_modified(1, 2, Some(3), 0),
        Fraction::new(791, 2592)
    );
    // Read as extra dice the same Shaman rolls 4D6 against 3D6: about 0.808.
    assert_eq!(attacker_win_chance(3, Some(3)), Fraction::new(2357, 2916));

    // A drained Bowmaster (1-1) attacks a Goblin (1): 2D6-1 against 1D6, a tie
    // to the attacker's two dice. It loses only if 2D6 <= the D6: with the D6
    // on 2..6 that is 1, 3, 6, 10, 15 of 36 ways, 35 of 216. So 181/216.
    assert_eq!(
        attacker_win_chance_modified(1, -1, Some(1), 0),
        Fraction::new(181, 216)
    );
    // A Bowmaster (1) attacks a Goblin drained twice (1-2): 2D6 against 1D6-2.
    // It loses only if 2D6 < D6-2: the D6 on 5 or 6 against 2D6 at most 2 or
    // 3, 1 and 3 of 36 ways: 4 of 216. So 212/216 = 53/54.
    assert_eq!(
        attacker_win_chance_modified(1, 0, Some(1), -2),
        Fraction::new(53, 54)
    );
    // An Orc beside its Chieftain (2+1) attacks a Champion (3): 3D6+1 against
    // 3D6, equal dice, a tie to the mover. From the enumeration: 9905/15552,
    // about 0.637 (read as extra dice, 4D6 against 3D6: 0.808).
    assert_eq!(
        attacker_win_chance_modified(2, 1, Some(3), 0),
        Fraction::new(9905, 15552)
    );
}

/// Every roll of a Shaman under Smash! (two dice, +2) against a Great Orc
/// (three dice), played through the engine with scripted dice: each of the
/// 6^5 contests must go as the book says, and the wins must add up to the
/// exact chance.
#[test]
fn a_shaman_under_smash_beats_a_great_orc_in_791_of_2592_rolls_die_by_die() {
    let mut position = Position::new([Army::OrcsAndGoblins, Army::OrcsAndGoblins]);
    let shaman = position.place(0, "shaman", "d4");
    let great_orc = position.place(1, "great-orc", "d5");
    position.smash(shaman);
    let start = position.build();
    let attack = Action::new("move").piece(shaman).to("d5".parse().unwrap());
    let mut wins = 0u128;
    for roll in 0..6u32.pow(5) {
        let faces: Vec<u8> = (0..5).map(|i| (roll / 6u32.pow(i) % 6) as u8 + 1).collect();
        let shaman_total = i32::from(faces[0] + faces[1]) + 2;
        let orc_total = i32::from(faces[2] + faces[3] + faces[4]);
        // A tie goes to the Orc, which rolled three dice to the Shaman's two.
        let shaman_wins = shaman_total > orc_total;
        // The loser saves with a 6, so both stay and only the saving piece tells.
        let mut dice = ScriptedDice::new(faces.iter().copied().chain([6]));
        let mut game = start.clone();
        let effects = game
            .act(Seat(0), &attack, &mut dice)
            .unwrap_or_else(|r| panic!("{faces:?}: {r:?}"));
        assert_eq!(dice.remaining(), 0, "{faces:?}");
        let rolls = rolls(&effects);
        assert_eq!(rolls[0].total, shaman_total, "{faces:?}");
        assert_eq!(rolls[1].total, orc_total, "{faces:?}");
        let loser = if shaman_wins { great_orc } else { shaman };
        assert_eq!(rolls[2].piece, Some(loser), "{faces:?}");
        wins += u128::from(shaman_wins);
    }
    assert_eq!(
        Fraction::new(wins, 6u128.pow(5)),
        attacker_win_chance_modified(1, 2, Some(3), 0)
    );
    assert_eq!(Fraction::new(wins, 6u128.pow(5)), Fraction::new(791, 2592));
}

#[test]
fn summing_and_listing_every_roll_agree() {
    for (attacker, attacker_modifier, defender, defender_modifier) in [
        (0, 0, Some(0), 0),
        (0, 0, Some(1), 0),
        (1, 0, Some(1), 0),
        (2, 0, Some(1), 0),
        (1, 0, Some(2), 0),
        (1, 0, Some(3), 0),
        (3, 0, Some(2), 0),
        (2, 0, Some(3), 0),
        (1, 0, None, 0),
        (2, 0, None, 0),
        (1, 2, Some(3), 0),
        (1, -1, Some(1), 0),
        (1, 0, Some(1), -2),
        (2, 1, Some(3), 0),
        (1, -3, Some(1), -2),
    ] {
        assert_eq!(
            attacker_win_chance_modified(attacker, attacker_modifier, defender, defender_modifier),
            attacker_win_chance_by_listing(
                attacker,
                attacker_modifier,
                defender,
                defender_modifier
            ),
            "HTH {attacker}{attacker_modifier:+} against {defender:?}{defender_modifier:+}"
        );
    }
}

// ---------------------------------------------------------------------------
// The engine over many seeded contests.

/// One matchup: an attacker that moves like a rook on d4 (seat 0) moves
/// onto the defender on d5 (seat 1). No king, Dwarf Lord or Cleric stands near
/// either, unless `attacker_king` puts the attacker's king on c3 (adjacent
/// to d4, not to d5) to add its +1 HTH aura.
struct Matchup {
    name: &'static str,
    armies: [Army; 2],
    /// How the match reads a +1 HTH.
    reading: HthModifiers,
    attacker: &'static str,
    /// Permanent HTH change, as Drain Life or a Vampire's kills leave it.
    attacker_change: i8,
    /// The attacker is a Shaman under Smash!.
    attacker_smash: bool,
    defender: &'static str,
    defender_change: i8,
    attacker_king: Option<&'static str>,
    /// The HTH each side fights with (its dice and what it adds to their
    /// total), and each side's Defence: checked against the profiles and the
    /// reading, then used for the odds.
    attacker_hth: u32,
    attacker_modifier: i32,
    defender_hth: Option<u32>,
    defender_modifier: i32,
    attacker_defence: u32,
    defender_defence: u32,
}

const MATCHUPS: [Matchup; 14] = [
    Matchup {
        name: "Bowmaster (HTH 1) attacks Goblin (HTH 1)",
        reading: HthModifiers::AddToRoll,
        armies: [Army::Elves, Army::OrcsAndGoblins],
        attacker: "bowmaster",
        attacker_change: 0,
        attacker_smash: false,
        defender: "goblin",
        defender_change: 0,
        attacker_king: None,
        attacker_hth: 1,
        attacker_modifier: 0,
        defender_hth: Some(1),
        defender_modifier: 0,
        attacker_defence: 6,
        defender_defence: 6,
    },
    Matchup {
        name: "drained Bowmaster (HTH 0, read as extra dice) attacks Goblin (HTH 1)",
        reading: HthModifiers::ExtraDice,
        armies: [Army::Elves, Army::OrcsAndGoblins],
        attacker: "bowmaster",
        attacker_change: -1,
        attacker_smash: false,
        defender: "goblin",
        defender_change: 0,
        attacker_king: None,
        attacker_hth: 0,
        attacker_modifier: 0,
        defender_hth: Some(1),
        defender_modifier: 0,
        attacker_defence: 6,
        defender_defence: 6,
    },
    Matchup {
        name: "Orc (HTH 2) attacks Bowmaster (HTH 1)",
        reading: HthModifiers::AddToRoll,
        armies: [Army::OrcsAndGoblins, Army::Elves],
        attacker: "orc",
        attacker_change: 0,
        attacker_smash: false,
        defender: "bowmaster",
        defender_change: 0,
        attacker_king: None,
        attacker_hth: 2,
        attacker_modifier: 0,
        defender_hth: Some(1),
        defender_modifier: 0,
        attacker_defence: 5,
        defender_defence: 6,
    },
    Matchup {
        name: "Ghoul (HTH 1) attacks Champion (HTH 3)",
        reading: HthModifiers::AddToRoll,
        armies: [Army::Undead, Army::KingdomsOfMan],
        attacker: "ghoul",
        attacker_change: 0,
        attacker_smash: false,
        defender: "champion",
        defender_change: 0,
        attacker_king: None,
        attacker_hth: 1,
        attacker_modifier: 0,
        defender_hth: Some(3),
        defender_modifier: 0,
        attacker_defence: 5,
        defender_defence: 5,
    },
    Matchup {
        name: "Champion (HTH 3) attacks Orc (HTH 2)",
        reading: HthModifiers::AddToRoll,
        armies: [Army::KingdomsOfMan, Army::OrcsAndGoblins],
        attacker: "champion",
        attacker_change: 0,
        attacker_smash: false,
        defender: "orc",
        defender_change: 0,
        attacker_king: None,
        attacker_hth: 3,
        attacker_modifier: 0,
        defender_hth: Some(2),
        defender_modifier: 0,
        attacker_defence: 5,
        defender_defence: 5,
    },
    Matchup {
        name: "Bowmaster (HTH 1) attacks Zombie (HTH 2)",
        reading: HthModifiers::AddToRoll,
        armies: [Army::Elves, Army::Undead],
        attacker: "bowmaster",
        attacker_change: 0,
        attacker_smash: false,
        defender: "zombie",
        defender_change: 0,
        attacker_king: None,
        attacker_hth: 1,
        attacker_modifier: 0,
        defender_hth: Some(2),
        defender_modifier: 0,
        attacker_defence: 6,
        defender_defence: 6,
    },
    Matchup {
        name: "Bone Demon (HTH 2) attacks Blood Demon (HTH 3)",
        reading: HthModifiers::AddToRoll,
        armies: [Army::Demons, Army::Demons],
        attacker: "bone-demon",
        attacker_change: 0,
        attacker_smash: false,
        defender: "blood-demon",
        defender_change: 0,
        attacker_king: None,
        attacker_hth: 2,
        attacker_modifier: 0,
        defender_hth: Some(3),
        defender_modifier: 0,
        attacker_defence: 4,
        defender_defence: 5,
    },
    Matchup {
        name: "Bone Demon (HTH 2) attacks Cannon (HTH -)",
        reading: HthModifiers::AddToRoll,
        armies: [Army::Demons, Army::Dwarfs],
        attacker: "bone-demon",
        attacker_change: 0,
        attacker_smash: false,
        defender: "cannon",
        defender_change: 0,
        attacker_king: None,
        attacker_hth: 2,
        attacker_modifier: 0,
        defender_hth: None,
        defender_modifier: 0,
        attacker_defence: 4,
        defender_defence: 4,
    },
    Matchup {
        name: "Orc (HTH 3: 2 and a die for the Chieftain beside it, read as extra dice) attacks Champion (HTH 3)",
        reading: HthModifiers::ExtraDice,
        armies: [Army::OrcsAndGoblins, Army::KingdomsOfMan],
        attacker: "orc",
        attacker_change: 0,
        attacker_smash: false,
        defender: "champion",
        defender_change: 0,
        attacker_king: Some("chieftain"),
        attacker_hth: 3,
        attacker_modifier: 0,
        defender_hth: Some(3),
        defender_modifier: 0,
        attacker_defence: 5,
        defender_defence: 5,
    },
    Matchup {
        name: "Orc (HTH 2+1 with the Chieftain beside it) attacks Champion (HTH 3)",
        reading: HthModifiers::AddToRoll,
        armies: [Army::OrcsAndGoblins, Army::KingdomsOfMan],
        attacker: "orc",
        attacker_change: 0,
        attacker_smash: false,
        defender: "champion",
        defender_change: 0,
        attacker_king: Some("chieftain"),
        attacker_hth: 2,
        attacker_modifier: 1,
        defender_hth: Some(3),
        defender_modifier: 0,
        attacker_defence: 5,
        defender_defence: 5,
    },
    Matchup {
        name: "Shaman (HTH 1+2 under Smash!) attacks Great Orc (HTH 3)",
        reading: HthModifiers::AddToRoll,
        armies: [Army::OrcsAndGoblins, Army::OrcsAndGoblins],
        attacker: "shaman",
        attacker_change: 0,
        attacker_smash: true,
        defender: "great-orc",
        defender_change: 0,
        attacker_king: None,
        attacker_hth: 1,
        attacker_modifier: 2,
        defender_hth: Some(3),
        defender_modifier: 0,
        attacker_defence: 5,
        defender_defence: 4,
    },
    Matchup {
        name: "Shaman (HTH 3 under Smash!, read as extra dice) attacks Great Orc (HTH 3)",
        reading: HthModifiers::ExtraDice,
        armies: [Army::OrcsAndGoblins, Army::OrcsAndGoblins],
        attacker: "shaman",
        attacker_change: 0,
        attacker_smash: true,
        defender: "great-orc",
        defender_change: 0,
        attacker_king: None,
        attacker_hth: 3,
        attacker_modifier: 0,
        defender_hth: Some(3),
        defender_modifier: 0,
        attacker_defence: 5,
        defender_defence: 4,
    },
    Matchup {
        name: "drained Bowmaster (HTH 1-1) attacks Goblin (HTH 1)",
        reading: HthModifiers::AddToRoll,
        armies: [Army::Elves, Army::OrcsAndGoblins],
        attacker: "bowmaster",
        attacker_change: -1,
        attacker_smash: false,
        defender: "goblin",
        defender_change: 0,
        attacker_king: None,
        attacker_hth: 1,
        attacker_modifier: -1,
        defender_hth: Some(1),
        defender_modifier: 0,
        attacker_defence: 6,
        defender_defence: 6,
    },
    Matchup {
        name: "Bowmaster (HTH 1) attacks a Goblin drained twice (HTH 1-2)",
        reading: HthModifiers::AddToRoll,
        armies: [Army::Elves, Army::OrcsAndGoblins],
        attacker: "bowmaster",
        attacker_change: 0,
        attacker_smash: false,
        defender: "goblin",
        defender_change: -2,
        attacker_king: None,
        attacker_hth: 1,
        attacker_modifier: 0,
        defender_hth: Some(1),
        defender_modifier: -2,
        attacker_defence: 6,
        defender_defence: 6,
    },
];

const CONTESTS: u64 = 5_000;

#[derive(Debug, Default)]
struct Tally {
    attacker_won: u64,
    defender_removed: u64,
    attacker_removed: u64,
    neither_removed: u64,
}

/// The dice an effect says were rolled, as faces.
fn faces(roll: &DiceRoll) -> Vec<u32> {
    roll.dice
        .iter()
        .inspect(|die| assert_eq!(die.sides, 6))
        .map(|die| u32::from(die.face))
        .collect()
}

fn check_profiles(m: &Matchup) {
    let attacker = profile(unit_by_key(m.armies[0], m.attacker).unwrap());
    let defender = profile(unit_by_key(m.armies[1], m.defender).unwrap());
    let aura = i32::from(m.attacker_king.is_some());
    let smash = if m.attacker_smash { 2 } else { 0 };
    if m.attacker_smash {
        assert_eq!(
            m.attacker, "shaman",
            "{}: only a Shaman casts Smash!",
            m.name
        );
    }
    let printed = i32::from(attacker.hth.unwrap());
    let attacker_bonus = i32::from(m.attacker_change) + smash + aura;
    let defender_printed = defender.hth.map(i32::from);
    let (attacker_side, defender_side) = match m.reading {
        HthModifiers::AddToRoll => (
            (printed, attacker_bonus),
            defender_printed.map(|d| (d, i32::from(m.defender_change))),
        ),
        HthModifiers::ExtraDice => (
            (
                (printed + i32::from(m.attacker_change)).max(0) + smash + aura,
                0,
            ),
            defender_printed.map(|d| ((d + i32::from(m.defender_change)).max(0), 0)),
        ),
    };
    assert_eq!(
        attacker_side,
        (m.attacker_hth as i32, m.attacker_modifier),
        "{}",
        m.name
    );
    assert_eq!(
        defender_side.map(|(dice, _)| dice as u32),
        m.defender_hth,
        "{}",
        m.name
    );
    assert_eq!(
        defender_side.map_or(0, |(_, modifier)| modifier),
        m.defender_modifier,
        "{}",
        m.name
    );
    assert_eq!(
        u32::from(attacker.defence),
        m.attacker_defence,
        "{}",
        m.name
    );
    assert_eq!(
        u32::from(defender.defence),
        m.defender_defence,
        "{}",
        m.name
    );
    if let Some(king) = m.attacker_king {
        assert!(profile(unit_by_key(m.armies[0], king).unwrap()).is_king());
    }
}

/// Plays `CONTESTS` seeded contests of one matchup; checks each against its
/// own dice, and returns the tally.
fn run(m: &Matchup) -> Tally {
    check_profiles(m);
    let mut position = Position::new(m.armies);
    let attacker = position.place(0, m.attacker, "d4");
    let defender = position.place(1, m.defender, "d5");
    position
        .hth_modifiers(m.reading)
        .hth_change(attacker, m.attacker_change)
        .hth_change(defender, m.defender_change);
    if m.attacker_smash {
        position.smash(attacker);
    }
    if let Some(king) = m.attacker_king {
        position.place(0, king, "c3");
    }
    let start = position.build();
    let action = Action::new("move")
        .piece(attacker)
        .to("d5".parse().unwrap());
    assert!(
        start.options(Seat(0)).iter().any(|o| o.action == action),
        "{}: the attack is not listed",
        m.name
    );
    let (a_dice, d_dice) = (m.attacker_hth + 1, m.defender_hth.unwrap_or(0));

    let mut tally = Tally::default();
    for seed in 0..CONTESTS {
        let mut game = start.clone();
        let mut dice = ChaChaDice::from_u64(seed);
        // The same dice, rolled by hand: contest dice, then one save.
        let mut mirror = dice.clone();
        let expected: Vec<u32> = (0..a_dice + d_dice + 1)
            .map(|_| u32::from(mirror.roll(6)))
            .collect();

        let effects = game
            .act(Seat(0), &action, &mut dice)
            .unwrap_or_else(|r| panic!("{}: {r:?}", m.name));
        let rolls = rolls(&effects);
        assert_eq!(rolls.len(), 3, "{}: attack, defence and save", m.name);
        let (attack, defence, save) = (faces(&rolls[0]), faces(&rolls[1]), faces(&rolls[2]));
        assert_eq!(rolls[0].piece, Some(attacker));
        assert_eq!(rolls[1].piece, Some(defender));
        assert_eq!(attack.len() as u32, a_dice, "{}: attacker's dice", m.name);
        assert_eq!(defence.len() as u32, d_dice, "{}: defender's dice", m.name);
        assert_eq!(save.len(), 1);
        assert_eq!(rolls[0].modifier, m.attacker_modifier, "{}", m.name);
        assert_eq!(rolls[1].modifier, m.defender_modifier, "{}", m.name);
        // Every die in the effects is the one the ChaCha stream gave, in order,
        // and the contest rolled no other.
        let told: Vec<u32> = [&attack[..], &defence[..], &save[..]].concat();
        assert_eq!(told, expected, "{}: seed {seed}", m.name);
        assert_eq!(
            dice.roll(255),
            mirror.roll(255),
            "{}: extra dice were rolled",
            m.name
        );

        let attack_total = attack.iter().sum::<u32>() as i32 + m.attacker_modifier;
        let defence_total = defence.iter().sum::<u32>() as i32 + m.defender_modifier;
        let won = if attack_total != defence_total {
            attack_total > defence_total
        } else {
            attacker_wins_by_the_book(a_dice, 0, d_dice, 0)
        };
        let (loser, loser_defence) = if won {
            (defender, m.defender_defence)
        } else {
            (attacker, m.attacker_defence)
        };
        assert_eq!(rolls[2].piece, Some(loser), "{}: the loser saves", m.name);
        let removed = save[0] < loser_defence;

        let view = game.view(Viewer::Referee);
        let here = |piece: PieceId| view.pieces.get(&piece).and_then(|p| p.square);
        let (d4, d5) = ("d4".parse().ok(), "d5".parse().ok());
        match (won, removed) {
            (true, true) => {
                assert_eq!(
                    (here(attacker), here(defender)),
                    (d5, None),
                    "{} seed {seed}",
                    m.name
                );
                tally.defender_removed += 1;
            }
            (false, true) => {
                assert_eq!(
                    (here(attacker), here(defender)),
                    (None, d5),
                    "{} seed {seed}",
                    m.name
                );
                tally.attacker_removed += 1;
            }
            (_, false) => {
                assert_eq!(
                    (here(attacker), here(defender)),
                    (d4, d5),
                    "{} seed {seed}",
                    m.name
                );
                tally.neither_removed += 1;
            }
        }
        tally.attacker_won += u64::from(won);
        assert!(game.outcome().is_none());
        assert_eq!(game.to_act(), vec![Seat(1)]);
    }
    tally
}

/// Asserts a count is within 4.5 standard deviations of its exact chance
/// (and exactly 0 or all for a chance of 0 or 1).
fn assert_close(what: &str, count: u64, trials: u64, chance: f64) {
    let observed = count as f64 / trials as f64;
    if chance == 0.0 || chance == 1.0 {
        assert_eq!(observed, chance, "{what}: {count} of {trials}");
        return;
    }
    let sigma = (chance * (1.0 - chance) / trials as f64).sqrt();
    let z = (observed - chance) / sigma;
    assert!(
        z.abs() <= 4.5,
        "{what}: {count} of {trials} = {observed:.4}, exactly {chance:.4} (z = {z:.2})"
    );
}

#[test]
fn seeded_contests_match_the_exact_odds() {
    for m in &MATCHUPS {
        let tally = run(m);
        let win = attacker_win_chance_modified(
            m.attacker_hth,
            m.attacker_modifier,
            m.defender_hth,
            m.defender_modifier,
        )
        .f64();
        let fails = |defence: u32| f64::from(defence - 1) / 6.0;
        let defender_removed = win * fails(m.defender_defence);
        let attacker_removed = (1.0 - win) * fails(m.attacker_defence);
        let neither = 1.0 - defender_removed - attacker_removed;
        let n = CONTESTS;
        eprintln!(
            "{}: won {} (exactly {:.4}), defender removed {} ({:.4}), attacker removed {} ({:.4}), both stay {} ({:.4}) of {n}",
            m.name,
            tally.attacker_won,
            win * n as f64,
            tally.defender_removed,
            defender_removed * n as f64,
            tally.attacker_removed,
            attacker_removed * n as f64,
            tally.neither_removed,
            neither * n as f64,
        );
        assert_eq!(
            tally.defender_removed + tally.attacker_removed + tally.neither_removed,
            n
        );
        assert_close(
            &format!("{}: contests won", m.name),
            tally.attacker_won,
            n,
            win,
        );
        assert_close(
            &format!("{}: defender removed", m.name),
            tally.defender_removed,
            n,
            defender_removed,
        );
        assert_close(
            &format!("{}: attacker removed", m.name),
            tally.attacker_removed,
            n,
            attacker_removed,
        );
        assert_close(
            &format!("{}: both stay", m.name),
            tally.neither_removed,
            n,
            neither,
        );
    }
}
