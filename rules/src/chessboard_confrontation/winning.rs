//! How a game is won: the last player with miniatures on the board
//! (always), Infiltrate (two miniatures on one opponent's starting side at
//! once), Retrieve (carry the objective to a corner of one's own side; drop
//! it on or next to the carrier), Survival (most miniatures on the board, or
//! most points of them, after three rounds), and the outcome in words.

use fray_protocol::{Outcome, Phrase, Seat};

use super::board::{self, Sq, Squares};
use super::log::Log;
use super::moves::Move;
use super::state::{
    ChessboardConfrontation, Ending, Mini, Phase, Rerollable, Scenario, Tally, marks,
};
use crate::kit::dice::Dice;
use crate::kit::game_length::Counted;

impl ChessboardConfrontation {
    pub(crate) fn check_victory(&mut self) {
        if self.is_over() || matches!(self.phase, Phase::Place { .. }) {
            return;
        }
        let standing: Vec<u8> = (0..self.seats)
            .filter(|&seat| self.counted(seat).next().is_some())
            .collect();
        if standing.len() == 1 {
            self.finish(Ending::LastStanding {
                winner: standing[0],
            });
            return;
        }
        match self.settings.scenario {
            Scenario::Infiltrate => {
                if let Some(winner) = (0..self.seats).find(|&seat| self.infiltrated(seat)) {
                    self.finish(Ending::Infiltrated { winner });
                }
            }
            Scenario::Retrieve => {
                let carrier = self.on_board().find(|(_, m)| m.marked(marks::OBJECTIVE));
                if let Some((i, m)) = carrier {
                    let corners: Squares = self.board.corners(m.owner).into_iter().collect();
                    if self.covers(i).meets(corners) {
                        self.finish(Ending::Retrieved { winner: m.owner });
                    }
                }
            }
            Scenario::LastStanding | Scenario::Survival => {}
        }
    }

    /// Whether `seat` has two miniatures at once on (non-corner) spaces of
    /// one opponent's starting side, or, under the earlier reading, of the
    /// opponents' sides taken together (R21).
    fn infiltrated(&self, seat: u8) -> bool {
        let inside = |sides: Squares| {
            self.on_board()
                .filter(|(i, m)| m.owner == seat && self.covers(*i).meets(sides))
                .count()
                >= 2
        };
        let mut opponents = (0..self.seats).filter(|&s| s != seat);
        if self.settings.rulings.infiltrators_share_one_side() {
            opponents.any(|s| inside(self.board.side(s)))
        } else {
            inside(opponents.fold(Squares::EMPTY, |m, s| m | self.board.side(s)))
        }
    }

    /// A seat's miniatures that count for last-standing and Survival: those
    /// on the board, or under the earlier readings those waiting to enter
    /// too (R23).
    fn counted(&self, seat: u8) -> impl Iterator<Item = &Mini> + Clone + '_ {
        let on_board_only = self.settings.rulings.only_miniatures_on_the_board_count();
        self.minis.iter().filter(move |m| {
            m.owner == seat
                && if on_board_only {
                    m.square().is_some()
                } else {
                    m.in_play()
                }
        })
    }

    /// Survival: the most of what the match counts (miniatures, or their
    /// points), the other breaking a tie; `None` on a tie in both.
    pub(crate) fn survivor(&self) -> Option<u8> {
        let score = |seat: u8| {
            let mine = self.counted(seat);
            let (count, points) = (mine.clone().count() as u32, mine.map(|m| m.cost()).sum());
            match self.settings.survival {
                Tally::Miniatures => (count, points),
                Tally::Points => (points, count),
            }
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
            && self.covers(piece).contains(sq)
        {
            out.push(Move::PickUp { piece });
        }
        if mini.marked(marks::OBJECTIVE) && !a.dropped {
            let spaces = self.drop_spaces(piece);
            out.extend(board::squares_of(spaces).map(|to| Move::Drop { piece, to }));
        }
    }

    /// Where a carrier may drop the objective: any space it covers or next
    /// to one, but not an obstacle, where the marker could never be picked
    /// up (R22).
    fn drop_spaces(&self, piece: u8) -> Squares {
        let covers = self.covers(piece);
        let around =
            board::squares_of(covers).fold(covers, |m, sq| m | self.board.neighbour_mask(sq));
        around & !self.obstacles
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

    pub(crate) fn drop_objective(&mut self, piece: u8, to: Sq, log: &mut Log) {
        if let Some(a) = self.activation.as_mut() {
            a.dropped = true;
        }
        self.mini_mut(piece).markers &= !marks::OBJECTIVE;
        self.objective = Some(to);
        log.say(|| {
            format!(
                "the {} drops the objective on {}",
                self.mini(piece).troop.name(),
                board::to_square(to)
            )
        });
    }
}

pub(super) fn outcome(game: &ChessboardConfrontation) -> Option<Outcome> {
    let Phase::Over(ending) = game.phase else {
        return None;
    };
    Some(match ending {
        Ending::LastStanding { winner } => Outcome::win(
            Seat(winner),
            Phrase::from(Seat(winner)).text(
                if game.settings.rulings.only_miniatures_on_the_board_count() {
                    " is the last player with miniatures on the board"
                } else {
                    " is the last player with miniatures"
                },
            ),
        ),
        Ending::Infiltrated { winner } => Outcome::win(
            Seat(winner),
            Phrase::from(Seat(winner))
                .text(" has two miniatures on an opponent's starting side"),
        ),
        Ending::Retrieved { winner } => Outcome::win(
            Seat(winner),
            Phrase::from(Seat(winner))
                .text(" carried the objective to a corner of its side"),
        ),
        Ending::Survived {
            winner: Some(winner),
        } => Outcome::win(
            Seat(winner),
            Phrase::from(Seat(winner)).text(match game.settings.survival {
                Tally::Miniatures => " has the most miniatures (points break a tie) after three rounds",
                Tally::Points => {
                    " has the most points of miniatures (their number breaks a tie) after three rounds"
                }
            }),
        ),
        Ending::Survived { winner: None } => {
            Outcome::draw("players tie for the most miniatures and points after three rounds")
        }
        Ending::RoundLimit => Counted::Rounds.limit_reached(game.settings.max_rounds),
        Ending::QuietRounds => Outcome::draw(format!(
            "{} rounds in a row passed without a miniature defeated",
            game.settings.quiet_rounds
        )),
    })
}
