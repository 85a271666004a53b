//! Rounds and turns: initiative by each player's best remaining die (ties
//! rerolled among the tied), four activation tokens each, turns in
//! initiative order, repeat activations once every miniature has acted, and
//! the caps that end a game. `play` dispatches a move and runs the turn on
//! until someone must decide.

use fray_protocol::{Phrase, Seat};

use super::board;
use super::log::{Log, told};
use super::moves::Move;
use super::state::{
    Activation, ChessboardConfrontation, Ending, MAX_SEATS, Pending, Phase, Rerollable, Scenario,
    TOKENS,
};
use crate::kit::dice::Dice;
use crate::kit::game_length;

/// Rerolls to break one tie before falling back to seat order; a fair die
/// never needs this many.
const TIE_REROLLS: u32 = 100;

impl ChessboardConfrontation {
    /// The seats still in play, in seat order.
    pub(crate) fn alive_seats(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.seats).filter(|&s| self.alive(s))
    }

    /// The largest die among a seat's miniatures still in play.
    pub(crate) fn best_die(&self, seat: u8) -> u8 {
        self.minis
            .iter()
            .filter(|m| m.owner == seat && m.in_play())
            .map(|m| m.troop.die())
            .max()
            .unwrap_or(0)
    }

    fn roll_initiative(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        let seats: Vec<u8> = self.alive_seats().collect();
        let mut order = self.rank_seats(&seats, dice, log, 0);
        order.resize(MAX_SEATS, u8::MAX);
        self.order = order.try_into().expect("four places");
        self.order_len = seats.len() as u8;
    }

    /// Seats ordered by an initiative roll, highest first; tied seats roll
    /// again among themselves.
    fn rank_seats(&self, seats: &[u8], dice: &mut dyn Dice, log: &mut Log, depth: u32) -> Vec<u8> {
        if seats.len() <= 1 || depth >= TIE_REROLLS {
            return seats.to_vec();
        }
        let rolls: Vec<(u8, u8)> = seats
            .iter()
            .map(|&seat| {
                let sides = self.best_die(seat);
                let face = dice.roll(sides);
                log.roll(|| {
                    told(
                        Some(seat),
                        None,
                        if depth == 0 {
                            "initiative"
                        } else {
                            "initiative (tie reroll)"
                        },
                        vec![(sides, face)],
                        0,
                        face.into(),
                        format!("{face}"),
                    )
                });
                (seat, face)
            })
            .collect();
        let mut faces: Vec<u8> = rolls.iter().map(|&(_, f)| f).collect();
        faces.sort_unstable_by(|a, b| b.cmp(a));
        faces.dedup();
        let mut order = Vec::with_capacity(seats.len());
        for face in faces {
            let tied: Vec<u8> = rolls
                .iter()
                .filter(|&&(_, f)| f == face)
                .map(|&(s, _)| s)
                .collect();
            order.extend(self.rank_seats(&tied, dice, log, depth + 1));
        }
        order
    }

    pub(crate) fn start_round(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        self.round += 1;
        for seat in 0..self.seats {
            self.tokens[seat as usize] = if self.alive(seat) { TOKENS } else { 0 };
        }
        for mini in &mut self.minis {
            mini.turns = 0;
        }
        log.say(|| format!("round {} begins", self.round));
        self.roll_initiative(dice, log);
        self.phase = Phase::Battle {
            seat: self.order[0],
        };
    }

    /// The miniatures of a seat that may take a turn now: those on the board
    /// with the fewest turns this round.
    pub(crate) fn eligible(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        let fewest = self
            .on_board()
            .filter(|(_, m)| m.owner == seat)
            .map(|(_, m)| m.turns)
            .min()
            .unwrap_or(0);
        self.on_board()
            .filter(move |(_, m)| m.owner == seat && m.turns == fewest)
            .map(|(i, _)| i)
    }

    fn activate(&mut self, piece: u8, log: &mut Log) {
        let seat = self.mini(piece).owner;
        self.tokens[seat as usize] -= 1;
        self.turn += 1;
        self.mini_mut(piece).turns += 1;
        self.activation = Some(Activation {
            piece,
            ..Activation::default()
        });
        log.tell(|| {
            Phrase::from(Seat(seat)).text(format!(
                " takes a turn with the {} on {}",
                self.mini(piece).troop.name(),
                board::to_square(self.mini(piece).square().expect("on the board"))
            ))
        });
        self.start_of_turn(piece);
    }

    /// After a seat's turn: late arrivals, then the next seat.
    pub(crate) fn after_turn(&mut self, seat: u8, dice: &mut dyn Dice, log: &mut Log) {
        self.activation = None;
        if self.is_over() {
            return;
        }
        if self.can_place_any(seat) {
            self.phase = Phase::Arrive { seat };
        } else {
            self.next_turn(seat, dice, log);
        }
    }

    /// The next seat in initiative order with a token left; a new round when none has.
    pub(crate) fn next_turn(&mut self, seat: u8, dice: &mut dyn Dice, log: &mut Log) {
        let len = self.order_len as usize;
        let at = self.order[..len]
            .iter()
            .position(|&s| s == seat)
            .unwrap_or(0);
        let next = (1..=len)
            .map(|k| self.order[(at + k) % len])
            .find(|&s| self.tokens[s as usize] > 0 && self.alive(s));
        match next {
            Some(s) => self.phase = Phase::Battle { seat: s },
            None => self.end_round(dice, log),
        }
    }

    fn end_round(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        if self.removed_this_round {
            self.quiet_rounds = 0;
        } else {
            self.quiet_rounds += 1;
        }
        self.removed_this_round = false;
        if self.settings.scenario == Scenario::Survival && self.round >= 3 {
            let winner = self.survivor();
            self.finish(Ending::Survived { winner });
        } else if game_length::reached(self.round, self.settings.max_rounds) {
            self.finish(Ending::RoundLimit);
        } else if game_length::reached(self.quiet_rounds, self.settings.quiet_rounds) {
            self.finish(Ending::QuietRounds);
        } else {
            self.start_round(dice, log);
        }
    }

    pub(crate) fn finish(&mut self, ending: Ending) {
        self.phase = Phase::Over(ending);
        self.activation = None;
        self.strike = None;
        self.pending = None;
    }

    /// Resolves what needs no decision: attacks under way, the end of a turn.
    fn run(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        loop {
            if self.is_over() || self.pending.is_some() {
                return;
            }
            if self.strike.is_some() {
                self.step_strike(dice, log);
                self.check_victory();
                continue;
            }
            match self.activation {
                Some(a) if a.ending > 0 => {
                    if self.step_ending(dice, log) {
                        let seat = self.mini(a.piece).owner;
                        self.after_turn(seat, dice, log);
                    }
                }
                _ => return,
            }
        }
    }

    /// Whether the acting miniature may (still) make an attack.
    pub(crate) fn may_attack(&self) -> bool {
        let Some(a) = self.activation else {
            return false;
        };
        let mini = self.mini(a.piece);
        !a.summoned
            && (a.attacks == 0
                || (a.attacks == 1 && mini.has(super::army::Trait::Assault) && !a.moved))
    }

    /// Lucky (once a turn) and the Support marker, for the acting miniature.
    pub(crate) fn rerolls(&self) -> (bool, bool) {
        let Some(a) = self.activation else {
            return (false, false);
        };
        let mini = self.mini(a.piece);
        (
            mini.has(super::army::Trait::Lucky) && !a.lucky_used,
            mini.marked(super::state::marks::SUPPORTED),
        )
    }

    pub(crate) fn can_reroll(&self) -> bool {
        let (lucky, support) = self.rerolls();
        lucky || support
    }

    /// Pauses for the acting miniature's owner to reroll a failed roll, if it can.
    pub(crate) fn offer_reroll(&mut self, what: Rerollable) -> bool {
        if self.can_reroll() {
            self.pending = Some(Pending::Reroll(what));
            true
        } else {
            false
        }
    }
}

/// Plays a legal move and runs the game on until a seat must decide.
pub(super) fn play(
    game: &mut ChessboardConfrontation,
    mv: Move,
    dice: &mut dyn Dice,
    log: &mut Log,
) {
    match mv {
        Move::Place { piece, to, reach } => game.place(piece, to, reach, dice, log),
        Move::Activate { piece } => game.activate(piece, log),
        Move::Pass => {
            let seat = game.seat_to_act().expect("a seat decides");
            game.tokens[seat as usize] -= 1;
            game.turn += 1;
            log.tell(|| Phrase::from(Seat(seat)).text(" passes"));
            game.after_turn(seat, dice, log);
        }
        Move::Step { piece, to } => game.step(piece, to),
        Move::Attack {
            piece,
            target,
            kind,
            mode,
        } => game.declare_attack(piece, target, kind, mode, log),
        Move::Summon { piece, ally, to } => game.summon(piece, ally, to, dice, log),
        Move::PickUp { piece } => game.pick_up(piece, dice, log),
        Move::Drop { piece, to } => game.drop_objective(piece, to, log),
        Move::Support { piece, ally } => game.give_support(piece, ally, log),
        Move::End => {
            if let Some(a) = game.activation.as_mut() {
                a.ending = 1;
            }
        }
        Move::Reroll { support } => game.reroll(support, dice, log),
        Move::Heal { healer } => game.heal(healer, dice, log),
        Move::Accept => game.accept(log),
    }
    game.check_victory();
    game.run(dice, log);
}
