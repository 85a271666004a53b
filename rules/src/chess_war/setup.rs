//! How a match starts (W5–W9): both lists checked against the match's
//! points, every unit waiting behind the screen, both sides placing at once
//! one unit at a time in their own zones, seen only by themselves, then the
//! reveal together and the d2 for who starts.

use fray_protocol::{ArmyList, MatchConfig, Phrase, Seat, SystemId};

use super::army::{Budget, check};
use super::state::{ChessWar, EMPTY, Phase, Place, Unit};
use super::units::{Race, UnitId};
use super::{NAME, read_options};
use crate::Dice;
use crate::contract::SetupError;
use crate::kit::effect_log::{Log, coin_for_first};
use crate::kit::grid::{SQUARES, Sq, to_square};

impl ChessWar {
    pub(crate) fn new_game(
        config: &MatchConfig,
        armies: &[ArmyList],
        log: &mut Log,
    ) -> Result<ChessWar, SetupError> {
        crate::kit::army_check::match_and_lists(config, armies, SystemId::ChessWar, NAME, (2, 2))?;
        let options = read_options(config)?;
        let mut checked = Vec::with_capacity(2);
        for (seat, list) in armies.iter().enumerate() {
            let army = check(list, Budget::Match(options.points)).map_err(|problems| {
                SetupError::InvalidArmy {
                    seat: seat as u8,
                    reasons: problems.iter().map(ToString::to_string).collect(),
                }
            })?;
            checked.push(army);
        }
        let races = [checked[0].race, checked[1].race];
        let sides = [checked[0].units.clone(), checked[1].units.clone()];
        let mut game = ChessWar::with_units(races, &sides, options);
        game.phase = Phase::Placing;
        log.tell(|| {
            "both players place their armies at once, behind a screen: each side sees only \
             its own until both are placed"
                .into()
        });
        Ok(game)
    }

    /// A game with both sides' units waiting to be placed, in the lists'
    /// order.
    pub(crate) fn with_units(
        races: [Race; 2],
        sides: &[Vec<UnitId>; 2],
        options: super::MatchOptions,
    ) -> ChessWar {
        let units = (0..2u8)
            .flat_map(|seat| {
                sides[usize::from(seat)]
                    .iter()
                    .enumerate()
                    .map(move |(number, &unit)| Unit::unplaced(seat, number as u32, unit))
            })
            .collect();
        ChessWar {
            units,
            board: [EMPTY; SQUARES],
            races,
            options,
            phase: Phase::Placing,
            turn: 0,
            first: 0,
            fallen_trolls: Vec::new(),
            last_removed: None,
            queue: Default::default(),
            reaction: None,
            kept_view: Default::default(),
        }
    }

    /// One placement (W8): told only to its maker; when both sides have
    /// placed everything, the armies are revealed and the d2 says who
    /// starts (W9).
    pub(crate) fn place(
        &mut self,
        seat: u8,
        kind: UnitId,
        to: Sq,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) {
        let index = self
            .indexed()
            .find(|(_, unit)| {
                unit.owner == seat && unit.unit == kind && unit.place == Place::Unplaced
            })
            .map(|(index, _)| index)
            .expect("a listed placement has a unit waiting");
        self.put(index, to);
        let name = self.unit(index).profile().name;
        log.tell_only(Seat(seat), || {
            Phrase::new().text(format!("you place {name} on {}", to_square(to)))
        });
        if self.has_unplaced(seat) {
            return;
        }
        if self.has_unplaced(1 - seat) {
            log.tell(|| Phrase::from(Seat(seat)).text(" has placed the whole army"));
            return;
        }
        log.tell_after_changes(|| "both armies are revealed".into());
        let first = coin_for_first(dice, log);
        self.first = first;
        self.start_turn(first, log);
    }
}
