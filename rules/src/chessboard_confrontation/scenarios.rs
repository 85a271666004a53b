//! How a game is won: the last player with miniatures (always), Infiltrate
//! (two miniatures on opponents' starting sides at once), Retrieve (carry the
//! objective to a corner of one's own side), Survival (most miniatures after
//! three rounds), and the outcome in words.

use fray_protocol::{Outcome, Seat};

use super::board;
use super::log::Log;
use super::moves::Move;
use super::state::{ChessboardConfrontation, Ending, Phase, Rerollable, Scenario, marks};
use crate::dice::Dice;

impl ChessboardConfrontation {
    pub(crate) fn check_victory(&mut self) {
        if self.is_over() || matches!(self.phase, Phase::Place { .. }) {
            return;
        }
        let alive: Vec<u8> = self.alive_seats().collect();
        if alive.len() == 1 {
            self.finish(Ending::LastStanding { winner: alive[0] });
            return;
        }
        match self.settings.scenario {
            Scenario::Infiltrate => {
                for seat in 0..self.seats {
                    let enemy_sides = (0..self.seats)
                        .filter(|&s| s != seat)
                        .fold(0, |m, s| m | board::side(s));
                    let inside = self
                        .on_board()
                        .filter(|(i, m)| m.owner == seat && self.covers(*i) & enemy_sides != 0)
                        .count();
                    if inside >= 2 {
                        self.finish(Ending::Infiltrated { winner: seat });
                        return;
                    }
                }
            }
            Scenario::Retrieve => {
                let carrier = self.on_board().find(|(_, m)| m.marked(marks::OBJECTIVE));
                if let Some((i, m)) = carrier {
                    let corners = board::corners(m.owner)
                        .iter()
                        .fold(0, |mask, &sq| mask | board::bit(sq));
                    if self.covers(i) & corners != 0 {
                        self.finish(Ending::Retrieved { winner: m.owner });
                    }
                }
            }
            Scenario::LastStanding | Scenario::Survival => {}
        }
    }

    /// Survival: most miniatures in play, then most points; `None` on a tie.
    pub(crate) fn survivor(&self) -> Option<u8> {
        let score = |seat: u8| {
            let mine = self.minis.iter().filter(|m| m.owner == seat && m.in_play());
            (mine.clone().count(), mine.map(|m| m.cost()).sum::<u32>())
        };
        let best = (0..self.seats).map(score).max()?;
        let leaders: Vec<u8> = (0..self.seats).filter(|&s| score(s) == best).collect();
        (leaders.len() == 1).then(|| leaders[0])
    }

    pub(crate) fn objective_moves(&self, piece: u8, out: &mut Vec<Move>) {
        if self.settings.scenario != Scenario::Retrieve {
            return;
        }
        let a = self.activation.expect("a miniature acts");
        let mini = self.mini(piece);
        if let Some(sq) = self.objective
            && !a.tried_pickup
            && self.covers(piece) & board::bit(sq) != 0
        {
            out.push(Move::PickUp { piece });
        }
        if mini.marked(marks::OBJECTIVE) && !a.dropped {
            out.push(Move::Drop { piece });
        }
    }

    pub(crate) fn pick_up(&mut self, piece: u8, dice: &mut dyn Dice, log: &mut Log) {
        if let Some(a) = self.activation.as_mut() {
            a.tried_pickup = true;
        }
        if self.skill_roll(piece, "pick up the objective", dice, log) {
            self.take_objective(piece, log);
        } else {
            self.offer_reroll(Rerollable::PickUp);
        }
    }

    pub(crate) fn take_objective(&mut self, piece: u8, log: &mut Log) {
        self.objective = None;
        self.mini_mut(piece).markers |= marks::OBJECTIVE;
        log.say(|| {
            format!(
                "the {} picks up the objective",
                self.mini(piece).troop.name()
            )
        });
    }

    pub(crate) fn drop_objective(&mut self, piece: u8, log: &mut Log) {
        if let Some(a) = self.activation.as_mut() {
            a.dropped = true;
        }
        self.mini_mut(piece).markers &= !marks::OBJECTIVE;
        self.objective = self.mini(piece).square();
        log.say(|| format!("the {} drops the objective", self.mini(piece).troop.name()));
    }

    pub(crate) fn outcome_now(&self) -> Option<Outcome> {
        let Phase::Over(ending) = self.phase else {
            return None;
        };
        Some(match ending {
            Ending::LastStanding { winner } => Outcome::win(
                Seat(winner),
                format!("{} is the last player with miniatures", Seat(winner)),
            ),
            Ending::Infiltrated { winner } => Outcome::win(
                Seat(winner),
                format!(
                    "{} has two miniatures on an opponent's starting side",
                    Seat(winner)
                ),
            ),
            Ending::Retrieved { winner } => Outcome::win(
                Seat(winner),
                format!(
                    "{} carried the objective to a corner of its side",
                    Seat(winner)
                ),
            ),
            Ending::Survived {
                winner: Some(winner),
            } => Outcome::win(
                Seat(winner),
                format!(
                    "{} has the most miniatures after three rounds",
                    Seat(winner)
                ),
            ),
            Ending::Survived { winner: None } => {
                Outcome::draw("players tie for the most miniatures and points after three rounds")
            }
            Ending::RoundLimit => Outcome::draw(format!(
                "the limit of {} rounds was reached",
                self.settings.max_rounds
            )),
            Ending::QuietRounds => Outcome::draw(format!(
                "{} rounds in a row passed without a miniature defeated",
                self.settings.quiet_rounds
            )),
        })
    }
}
