//! `fray match new … --against LEVEL`: the house bots asked for on the
//! command line, each given a seat and an army.

use std::fmt;
use std::str::FromStr;

use fray_protocol::{BotArmy, BotLevel, NewBot, Seat};

/// `--seat`: the creator's seat, counted from 1 as `fray` prints seats, or
/// one drawn at random.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatChoice {
    Number(u8),
    Random,
}

impl FromStr for SeatChoice {
    type Err = String;

    fn from_str(text: &str) -> Result<SeatChoice, String> {
        if text == "random" {
            return Ok(SeatChoice::Random);
        }
        match text.parse::<u8>() {
            Ok(number) if number >= 1 => Ok(SeatChoice::Number(number)),
            _ => Err(format!(
                "'{text}' is not a seat: give its number, from 1, or random"
            )),
        }
    }
}

/// `--bot-army`: the army a house bot brings, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotArmyArg(pub BotArmy);

impl FromStr for BotArmyArg {
    type Err = String;

    fn from_str(text: &str) -> Result<BotArmyArg, String> {
        let (kind, rest) = match text.split_once(':') {
            Some((kind, rest)) => (kind, Some(rest.trim())),
            None => (text, None),
        };
        let army = match (kind.trim(), rest) {
            ("example", None) => BotArmy::Example { index: None },
            ("example", Some(n)) => BotArmy::Example {
                index: Some(
                    n.parse::<usize>()
                        .ok()
                        .and_then(|n| n.checked_sub(1))
                        .ok_or_else(|| {
                            format!("'{n}' in '{text}' is not an example's number, from 1")
                        })?,
                ),
            },
            ("random", None) => BotArmy::Random { army: None },
            ("random", Some(army)) if !army.is_empty() => BotArmy::Random {
                army: Some(army.to_string()),
            },
            ("list", Some(id)) => BotArmy::List {
                army_list: id
                    .parse()
                    .map_err(|_| format!("'{id}' in '{text}' is not an army list's id"))?,
            },
            _ => {
                return Err(format!(
                    "'{text}' is not a bot's army: example, example:N, random, random:ARMY or list:ID"
                ));
            }
        };
        Ok(BotArmyArg(army))
    }
}

/// Why the bots asked for do not fit the match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatingError {
    TooManyBots { bots: usize, seats: u8 },
    SeatOutOfRange { seat: u8, seats: u8 },
    ArmiesDoNotMatch { bots: usize, armies: usize },
}

impl fmt::Display for SeatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatingError::TooManyBots { bots, seats } => write!(
                f,
                "{bots} bots and you make {} players, and the match seats {seats}",
                bots + 1
            ),
            SeatingError::SeatOutOfRange { seat, seats } => {
                write!(f, "--seat {seat}: the match has seats 1 to {seats}")
            }
            SeatingError::ArmiesDoNotMatch { bots, armies } => write!(
                f,
                "{armies} --bot-army for {bots} --against: give one for every bot, or one for all"
            ),
        }
    }
}

/// Who sits where in a match of `seats` seats: the creator's seat, and a
/// bot for each level of `levels` in the other seats in order; the seats
/// after them are left open for people to join. `draw(n)` picks a seat in
/// `0..n` when the creator's is random.
pub fn seat_bots(
    seats: u8,
    seat: Option<SeatChoice>,
    levels: &[BotLevel],
    armies: &[BotArmyArg],
    draw: impl FnOnce(usize) -> usize,
) -> Result<(Seat, Vec<NewBot>), SeatingError> {
    if levels.len() >= usize::from(seats) {
        return Err(SeatingError::TooManyBots {
            bots: levels.len(),
            seats,
        });
    }
    if armies.len() > 1 && armies.len() != levels.len() {
        return Err(SeatingError::ArmiesDoNotMatch {
            bots: levels.len(),
            armies: armies.len(),
        });
    }
    let mine = match seat {
        None => 0,
        Some(SeatChoice::Number(number)) if number > seats => {
            return Err(SeatingError::SeatOutOfRange {
                seat: number,
                seats,
            });
        }
        Some(SeatChoice::Number(number)) => number - 1,
        Some(SeatChoice::Random) => draw(usize::from(seats)) as u8,
    };
    let others = (0..seats).filter(|seat| *seat != mine);
    let bots = others
        .zip(levels)
        .enumerate()
        .map(|(index, (seat, level))| NewBot {
            seat: Seat(seat),
            level: *level,
            army: armies
                .get(index)
                .or(armies.first())
                .map(|army| army.0.clone())
                .unwrap_or_default(),
        })
        .collect();
    Ok((Seat(mine), bots))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn army(text: &str) -> BotArmy {
        text.parse::<BotArmyArg>().unwrap().0
    }

    #[test]
    fn a_bots_army_is_read_as_typed() {
        assert_eq!(army("example"), BotArmy::Example { index: None });
        assert_eq!(army("example:2"), BotArmy::Example { index: Some(1) });
        assert_eq!(army("random"), BotArmy::Random { army: None });
        assert_eq!(
            army("random:elves"),
            BotArmy::Random {
                army: Some("elves".into())
            }
        );
        assert!(matches!(army("list:7"), BotArmy::List { .. }));
        for bad in [
            "",
            "example:0",
            "example:x",
            "list",
            "list:x",
            "random:",
            "mine",
        ] {
            assert!(bad.parse::<BotArmyArg>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_seat_is_a_number_from_one_or_random() {
        assert_eq!("2".parse(), Ok(SeatChoice::Number(2)));
        assert_eq!("random".parse(), Ok(SeatChoice::Random));
        assert!("0".parse::<SeatChoice>().is_err());
        assert!("first".parse::<SeatChoice>().is_err());
    }

    #[test]
    fn bots_take_the_other_seats_in_order_and_leave_the_rest_open() {
        let (mine, bots) = seat_bots(
            4,
            Some(SeatChoice::Number(2)),
            &[BotLevel::Easy, BotLevel::Expert],
            &[],
            |_| unreachable!(),
        )
        .unwrap();
        assert_eq!(mine, Seat(1));
        let seated: Vec<(Seat, BotLevel)> = bots.iter().map(|b| (b.seat, b.level)).collect();
        assert_eq!(
            seated,
            [(Seat(0), BotLevel::Easy), (Seat(2), BotLevel::Expert)]
        );
        assert!(bots.iter().all(|b| b.army == BotArmy::default()));
    }

    #[test]
    fn a_random_seat_is_drawn_and_one_army_serves_every_bot() {
        let random = BotArmyArg(BotArmy::Random { army: None });
        let (mine, bots) = seat_bots(
            3,
            Some(SeatChoice::Random),
            &[BotLevel::Club, BotLevel::Club],
            std::slice::from_ref(&random),
            |n| n - 1,
        )
        .unwrap();
        assert_eq!(mine, Seat(2));
        assert_eq!(bots[0].seat, Seat(0));
        assert_eq!(bots[1].seat, Seat(1));
        assert!(bots.iter().all(|b| b.army == random.0));
    }

    #[test]
    fn bots_that_do_not_fit_are_refused_with_the_reason() {
        let none = |_| 0;
        assert_eq!(
            seat_bots(2, None, &[BotLevel::Easy; 2], &[], none),
            Err(SeatingError::TooManyBots { bots: 2, seats: 2 })
        );
        assert_eq!(
            seat_bots(2, Some(SeatChoice::Number(3)), &[BotLevel::Easy], &[], none),
            Err(SeatingError::SeatOutOfRange { seat: 3, seats: 2 })
        );
        let two = ["example".parse().unwrap(), "random".parse().unwrap()];
        assert_eq!(
            seat_bots(4, None, &[BotLevel::Easy; 3], &two, none),
            Err(SeatingError::ArmiesDoNotMatch { bots: 3, armies: 2 })
        );
    }
}
