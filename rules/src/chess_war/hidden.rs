//! What a seat cannot see behind the screen (W7), drawn anew for a bot that
//! imagines the game from that seat: the other side's race, its army and
//! where its units stand. What the seat does see is kept: its own units and
//! squares, the match's points, and whether the other side has finished
//! placing (it no longer acts).

use super::board::zone;
use super::examples::random_counts;
use super::state::{ChessWar, Unit};
use super::units::Race;
use crate::contract::Pick;
use crate::kit::grid::{bit, squares_of};
use crate::kit::match_options::Choice;

impl ChessWar {
    /// A game `seat` cannot tell from this one, with the other side drawn
    /// by `pick`: a random army of a random race within the match's points,
    /// every unit of it placed on a random square of its zone if that side
    /// has finished placing, else a random number of them short of all.
    /// The seat's own units come first, in their order, whichever seat it
    /// is, so that their indices do not depend on the size of the army the
    /// other side really brought. From the reveal on nothing is hidden: the
    /// game itself.
    pub(crate) fn with_other_side_drawn(&self, seat: u8, pick: Pick) -> ChessWar {
        if !self.behind_screen() {
            return self.clone();
        }
        let other = 1 - seat;
        let finished = !self.has_unplaced(other);
        let race = Race::ALL[pick(Race::ALL.len())];
        let drawn: Vec<_> = random_counts(race, self.options.points, pick)
            .into_iter()
            .flat_map(|(unit, count)| std::iter::repeat_n(unit, count as usize))
            .collect();
        let placed = if finished {
            drawn.len()
        } else {
            pick(drawn.len())
        };

        let mut game = self.clone();
        game.races[usize::from(other)] = race;
        game.units.retain(|unit| unit.owner == seat);
        let own = game.units.len();
        game.units.extend(
            drawn
                .iter()
                .enumerate()
                .map(|(number, &unit)| Unit::unplaced(other, number as u32, unit)),
        );
        game.index_board();
        game.kept_view = Default::default();
        let mut free = zone(other);
        for index in own..own + placed {
            let squares: Vec<_> = squares_of(free).collect();
            let sq = squares[pick(squares.len())];
            free &= !bit(sq);
            game.put(index as u8, sq);
        }
        game
    }
}

#[cfg(test)]
mod tests {
    use fray_protocol::{ArmyEntry, ArmyList, MatchConfig, Seat, SystemId, Viewer};

    use super::super::army::{Budget, check};
    use super::super::examples::example;
    use super::super::moves::Move;
    use super::super::state::Place;
    use super::*;
    use crate::contract::GameRules;
    use crate::kit::dice::ChaChaDice;
    use crate::kit::picks;

    /// The examples of `races` behind the screen: seat 0 has placed `own`
    /// units, seat 1 `others` (each on the first square offered).
    fn screened(races: [Race; 2], own: usize, others: usize) -> ChessWar {
        let config = MatchConfig::new(SystemId::ChessWar);
        let mut dice = ChaChaDice::from_u64(1);
        let armies = races.map(example);
        let mut game = ChessWar::setup_quiet(&config, &armies, &mut dice).unwrap();
        for (seat, count) in [(0, own), (1, others)] {
            for _ in 0..count {
                let mv = game.moves(Seat(seat))[0];
                game.play_quiet(Seat(seat), mv, &mut dice);
            }
        }
        game
    }

    fn drawn(game: &ChessWar, seat: u8, seed: u64) -> ChessWar {
        game.with_other_side_drawn(seat, &mut picks(seed))
    }

    fn side(game: &ChessWar, seat: u8) -> Vec<Unit> {
        game.units
            .iter()
            .filter(|unit| unit.owner == seat)
            .copied()
            .collect()
    }

    #[test]
    fn the_same_picks_draw_the_same_game_whatever_the_other_side_brought() {
        for seed in 0..20 {
            let undead = screened([Race::Humans, Race::Undead], 3, 5);
            let elves = screened([Race::Humans, Race::Elves], 3, 9);
            assert_eq!(
                undead.view_for(Viewer::Seat(Seat(0))),
                elves.view_for(Viewer::Seat(Seat(0)))
            );
            assert_eq!(drawn(&undead, 0, seed), drawn(&elves, 0, seed));
            // Seat 1 likewise, though the armies before its own in the
            // list differ in size: its units keep their indices.
            let humans = screened([Race::Humans, Race::Undead], 5, 2);
            let dwarves = screened([Race::Dwarves, Race::Undead], 9, 2);
            assert_eq!(drawn(&humans, 1, seed), drawn(&dwarves, 1, seed));
        }
    }

    #[test]
    fn the_seat_keeps_its_own_units_and_the_other_side_is_a_legal_army_in_its_zone() {
        let game = screened([Race::Humans, Race::Orcs], 4, 7);
        for seed in 0..20 {
            for seat in 0..2u8 {
                let other = 1 - seat;
                let imagined = drawn(&game, seat, seed);
                let own = side(&game, seat);
                assert_eq!(imagined.units[..own.len()], own[..], "own units first");
                for unit in &own {
                    if let Some(sq) = unit.square() {
                        assert_eq!(
                            imagined.unit_at(sq).map(|i| imagined.unit(i).id),
                            Some(unit.id)
                        );
                    }
                }
                let units = side(&imagined, other);
                let race = imagined.race(other);
                let mut list = ArmyList {
                    system: SystemId::ChessWar,
                    army: race.key().into(),
                    name: "drawn".into(),
                    units: Vec::new(),
                };
                for unit in &units {
                    let key = unit.profile().key;
                    match list.units.iter_mut().find(|entry| entry.unit == key) {
                        Some(entry) => entry.count += 1,
                        None => list.units.push(ArmyEntry::new(key, 1)),
                    }
                }
                assert!(check(&list, Budget::Match(game.options.points)).is_ok());
                for unit in &units {
                    if let Some(sq) = unit.square() {
                        assert_ne!(zone(other) & bit(sq), 0, "placed in its own zone");
                    }
                }
                // Both sides still place: the other has something left.
                assert!(units.iter().any(|unit| unit.place == Place::Unplaced));
                assert!(imagined.moves(Seat(seat)).len() > 1);
            }
        }
    }

    #[test]
    fn a_side_that_has_finished_placing_is_drawn_all_placed() {
        let units = example(Race::Chaos)
            .units
            .iter()
            .map(|e| e.count)
            .sum::<u32>();
        let game = screened([Race::Humans, Race::Chaos], 2, units as usize);
        assert_eq!(game.seats_to_act(), vec![Seat(0)]);
        for seed in 0..20 {
            let imagined = drawn(&game, 0, seed);
            assert!(
                side(&imagined, 1)
                    .iter()
                    .all(|unit| unit.square().is_some())
            );
            assert_eq!(imagined.seats_to_act(), vec![Seat(0)]);
            // Placing the rest reveals both armies and starts the battle.
            let mut dice = ChaChaDice::from_u64(seed);
            let mut playing = imagined;
            while let Some(Move::Place { .. }) = playing.moves(Seat(0)).first().copied() {
                let mv = playing.moves(Seat(0))[0];
                playing.play_quiet(Seat(0), mv, &mut dice);
            }
            assert!(!playing.behind_screen());
        }
    }

    #[test]
    fn after_the_reveal_nothing_is_drawn() {
        let units = |race| example(race).units.iter().map(|e| e.count as usize).sum();
        let game = screened(
            [Race::Humans, Race::Dwarves],
            units(Race::Humans),
            units(Race::Dwarves),
        );
        assert!(!game.behind_screen());
        assert_eq!(drawn(&game, 0, 3), game);
        assert_eq!(drawn(&game, 1, 3), game);
    }
}
