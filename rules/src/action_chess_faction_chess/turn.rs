//! The turn: decisions at its start, the main move, the decisions the move
//! leaves waiting (the opponent's reactions first), then the end of the
//! turn, where the game is judged and the other player begins.

use crate::contract::Seats;
use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::game_length;
use fray_protocol::Seat;

use super::faction_rules;
use super::factions::Faction;
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ending, Stage};

impl ActionChessFactionChess {
    pub(crate) fn seats_to_act(&self) -> Seats {
        Seats::from(self.deciding().map(Seat))
    }

    /// Plays a legal move of `seat`, then whatever follows by itself.
    pub(crate) fn play_move(&mut self, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
        self.apply_move(seat, mv, dice, log);
        self.settle(dice, log);
    }

    /// The move itself, by its faction's rules, and nothing that follows:
    /// what a label's dry run needs.
    pub(crate) fn apply_move(&mut self, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
        self.apply_move_itself(seat, mv, dice, log);
        self.spring_trap();
    }

    /// A Trap's capturer leaves the board only once its move is done, so
    /// that the move's own rules (a walk going on, a jump's chain) never
    /// meet a piece gone mid-move; what it would still decide lapses (W6).
    fn spring_trap(&mut self) {
        let Some(caught) = self.trapped.take() else {
            return;
        };
        self.lift(caught, "caught by a Trap");
        self.lapse_decisions_of(caught);
    }

    /// What a piece gone from the board would still decide lapses.
    fn lapse_decisions_of(&mut self, gone: super::state::Ix) {
        let lapses = |decision: &super::state::Decision| decision.pending.acted_by(gone);
        self.pending.retain(|decision| !lapses(decision));
        self.reactions.retain(|decision| !lapses(decision));
    }

    fn apply_move_itself(&mut self, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
        self.set_acting(mv);
        self.arrived.clear();
        self.pieces_at_action_start = self.pieces.len();
        if let Some(decision) = self.waiting() {
            if self.reactions.pop().is_none() {
                self.pending.pop();
            }
            faction_rules::play_decision(self, decision, mv, dice, log);
            return;
        }
        match self.stage {
            Stage::Start if mv == Move::Done => self.stage = Stage::Main,
            Stage::Start => faction_rules::play_start(self, seat, mv, dice, log),
            Stage::Main => {
                self.stage = Stage::After;
                faction_rules::play_main(self, seat, mv, dice, log);
            }
            Stage::After | Stage::Over(_) => unreachable!("no move is legal now"),
        }
    }

    /// After a move: the game ends if a faction has lost; else, once no
    /// decision waits, the turn goes on or ends.
    fn settle(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        if self.ghost_plays() {
            for struck in super::ghost::strike(self, dice, log) {
                self.lapse_decisions_of(struck);
            }
            self.spring_trap();
        }
        let mover = self.mover;
        for seat in [1 - mover, mover] {
            if faction_rules::defeated(self, seat, false) {
                self.finish(Ending::Defeated { loser: seat });
                return;
            }
        }
        if self.waiting().is_some() {
            return;
        }
        match self.stage {
            Stage::Start => self.leave_start_if_nothing_to_decide(),
            // Only `done` at the turn's start leaves the stage at Main: a
            // side that declined its placements may have no move to make.
            Stage::Main => self.judge_no_moves(),
            Stage::After => self.end_turn(dice, log),
            Stage::Over(_) => unreachable!("a finished game is not played on"),
        }
    }

    fn finish(&mut self, ending: Ending) {
        self.stage = Stage::Over(ending);
        self.pending.clear();
        self.reactions.clear();
    }

    /// The draw rules are judged, then the other player's turn begins.
    fn end_turn(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        self.en_passant = self.en_passant_next.take();
        self.quiet_turns = if self.progress {
            self.history.clear();
            0
        } else {
            self.quiet_turns + 1
        };
        self.progress = false;
        let limits = self.rules.limits;
        if game_length::reached(self.quiet_turns, limits.quiet_turns) {
            return self.finish(Ending::QuietTurns);
        }
        if game_length::reached(self.turn, limits.max_turns) {
            return self.finish(Ending::TurnLimit);
        }
        self.turn += 1;
        self.mover = 1 - self.mover;
        self.begin_turn(dice, log);
    }

    /// The mover's turn begins: its start-of-turn defeat, a third
    /// repetition, the decisions of the turn's start, and a position with
    /// no legal move. The dice are for what a faction rolls as its turn
    /// begins (the Hive Queen's 2d6).
    pub(crate) fn begin_turn(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        let mover = self.mover;
        if faction_rules::defeated(self, mover, true) {
            return self.finish(Ending::Defeated { loser: mover });
        }
        let position = self.position_key();
        self.history.push(position);
        if self.history.iter().filter(|&&key| key == position).count() >= 3 {
            return self.finish(Ending::Repetition);
        }
        self.factories_used = 0;
        self.placed = Default::default();
        self.hatching = 0;
        faction_rules::roll_at_start(self, mover, dice, log);
        self.stage = Stage::Start;
        self.leave_start_if_nothing_to_decide();
    }

    fn leave_start_if_nothing_to_decide(&mut self) {
        let mut start = Vec::new();
        faction_rules::start_moves(self, self.mover, &mut start);
        if start.is_empty() {
            self.stage = Stage::Main;
            self.judge_no_moves();
        }
    }

    /// A player with no legal main move: checkmate for a King in check,
    /// else stalemate, a draw.
    fn judge_no_moves(&mut self) {
        let mover = self.mover;
        if faction_rules::has_main_move(self, mover) {
            return;
        }
        let checkmated = self.faction_of(mover) == Faction::Classique
            && self
                .find(mover, Kind::King)
                .is_some_and(|(_, king)| self.threatened(mover, king));
        self.finish(if checkmated {
            Ending::Defeated { loser: mover }
        } else {
            Ending::Stalemate { seat: mover }
        });
    }

    /// The position as repetition compares it: every piece with its
    /// square, who moves, and the rights a move may lose (castling's moved
    /// pieces, a first move's double step or diagonal, en passant).
    fn position_key(&self) -> u64 {
        const PRIME: u64 = 0x100_0000_01b3;
        let rulings = self.rules.rulings;
        let mut key: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |value: u64| {
            key ^= value;
            key = key.wrapping_mul(PRIME);
        };
        mix(u64::from(self.mover));
        mix(self.en_passant.map_or(64, u64::from));
        for (ix, piece) in self.on_board() {
            let square = u64::from(piece.square.expect("on the board"));
            mix(square
                | (piece.kind as u64) << 8
                | u64::from(piece.owner) << 16
                | u64::from(piece.moved && rulings.repetition_tells_moved(piece.kind)) << 17
                | u64::from(piece.count) << 24
                | u64::from(piece.copy) << 40
                | u64::from(self.is_haunting(ix)) << 41);
        }
        // A corpse changes what a Diner may do.
        for (square, corpse) in self.corpses.iter().enumerate() {
            if let Some(kind) = corpse {
                mix(square as u64 | (*kind as u64) << 8 | 1 << 18);
            }
        }
        key
    }
}

/// Every legal move of `seat` now, appended to `out`.
pub(super) fn legal_moves(game: &ActionChessFactionChess, seat: u8, out: &mut Vec<Move>) {
    if game.deciding() != Some(seat) {
        return;
    }
    if let Some(decision) = game.waiting() {
        faction_rules::decision_moves(game, decision, out);
        return;
    }
    match game.stage {
        Stage::Start => {
            faction_rules::start_moves(game, seat, out);
            out.push(Move::Done);
        }
        Stage::Main => faction_rules::main_moves(game, seat, out),
        Stage::After | Stage::Over(_) => {}
    }
}
