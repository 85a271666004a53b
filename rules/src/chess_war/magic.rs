//! Casting: the economy of one spell per own turn and one instant in the
//! opponent's turn (W38), when each kind may be cast (W39), every spell's
//! targets within its reach (W51), and casting one, which gives the other
//! side its chance to dispel it before any die (W40, W41). The action's
//! form is `spell_actions.rs`; the effects `spell_effects.rs`.

use super::moves::Move;
use super::reach::{adjacent, in_melee, touching};
use super::reactions::Window;
use super::resolution::Task;
use super::sight::line_of_sight;
use super::spells::{AREA_RADIUS, FLIGHT_DISTANCE, SPELL_RANGE, Spell, SpellKind};
use super::state::{ChessWar, Marks, Place, Step};
use crate::kit::effect_log::Log;
use crate::kit::grid::{SQUARES, Sq, bit, distance, squares_of};

/// A spell as cast: everything it needs is named before any die. `target`
/// indexes the units; `to` is an area's centre or Flight's landing square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Casting {
    pub caster: u8,
    pub spell: Spell,
    pub target: Option<u8>,
    pub to: Option<Sq>,
}

impl Casting {
    pub fn at_unit(caster: u8, spell: Spell, target: u8) -> Casting {
        Casting {
            caster,
            spell,
            target: Some(target),
            to: None,
        }
    }

    fn on_square(caster: u8, spell: Spell, to: Sq) -> Casting {
        Casting {
            caster,
            spell,
            target: None,
            to: Some(to),
        }
    }

    /// Dispel, Healing and Raise Dead answer the window they are cast in.
    pub fn answering(caster: u8, spell: Spell) -> Casting {
        Casting {
            caster,
            spell,
            target: None,
            to: None,
        }
    }
}

/// The squares of the 3×3 area around `centre`, cut off at the board's edge.
pub fn area(centre: Sq) -> u64 {
    debug_assert_eq!(AREA_RADIUS, 1, "the area is a square's neighbours");
    adjacent(centre) | bit(centre)
}

/// Every square within a spell's reach of `from`.
fn within_reach(from: Sq) -> u64 {
    (0..SQUARES as Sq)
        .filter(|&sq| distance(from, sq) <= SPELL_RANGE)
        .fold(0, |mask, sq| mask | bit(sq))
}

impl ChessWar {
    /// `seat`'s wizards on the board.
    pub(crate) fn wizards_of(&self, seat: u8) -> impl Iterator<Item = (u8, Sq)> + '_ {
        self.on_board()
            .filter(move |(_, unit, _)| unit.owner == seat && !unit.profile().spells().is_empty())
            .map(|(index, _, sq)| (index, sq))
    }

    pub(crate) fn knows(&self, wizard: u8, spell: Spell) -> bool {
        self.unit(wizard).profile().spells().contains(&spell)
    }

    /// Whether `wizard` may cast a spell of its own turn now (W38).
    pub(crate) fn may_cast_on_own_turn(&self, wizard: u8) -> bool {
        let unit = self.unit(wizard);
        self.mover() == Some(unit.owner) && !unit.spells.current_spent
    }

    /// Whether `wizard` may cast an instant now: on its own turn that
    /// turn's spell; on the opponent's one instant, from its last own
    /// turn's spell or else its next's (W38).
    pub(crate) fn may_cast_instant(&self, wizard: u8) -> bool {
        let unit = self.unit(wizard);
        let Some(mover) = self.mover() else {
            return false;
        };
        let slots = unit.spells;
        if unit.owner == mover {
            !slots.current_spent
        } else {
            !slots.instant_in_opponent_turn && (!slots.current_spent || !slots.next_spent)
        }
    }

    /// Spends the spell a cast uses (W38).
    fn spend(&mut self, wizard: u8) {
        let own_turn = self.mover() == Some(self.unit(wizard).owner);
        let slots = &mut self.unit_mut(wizard).spells;
        if own_turn {
            slots.current_spent = true;
        } else {
            slots.instant_in_opponent_turn = true;
            if slots.current_spent {
                slots.next_spent = true;
            } else {
                slots.current_spent = true;
            }
        }
    }

    /// At the start of `seat`'s turn: its wizards take up the turn's spell
    /// (spent already if an instant borrowed it), the other side's may
    /// answer with one instant again, and the Fear spell `seat` cast on its
    /// enemies wears off (W38, W48).
    pub(crate) fn renew_spells(&mut self, seat: u8) {
        for unit in &mut self.units {
            if unit.owner == seat {
                unit.spells.current_spent = unit.spells.next_spent;
                unit.spells.next_spent = false;
            } else {
                unit.spells.instant_in_opponent_turn = false;
                unit.marks.terrified = false;
            }
        }
    }

    /// The spells `seat` may cast as actions of its own turn in `step`
    /// (W39). Dispel, Healing and Raise Dead answer events, so they are
    /// offered only in the windows.
    pub(crate) fn turn_casts(&self, seat: u8, step: Step, out: &mut Vec<Move>) {
        let wizards: Vec<(u8, Sq)> = self
            .wizards_of(seat)
            .filter(|&(wizard, _)| self.may_cast_on_own_turn(wizard))
            .collect();
        for (wizard, from) in wizards {
            for &spell in self.unit(wizard).profile().spells() {
                if self.timing_bar(wizard, spell, step).is_none() {
                    self.spell_targets(wizard, from, spell, out);
                }
            }
        }
    }

    /// Why `spell` may not be cast by `wizard` at this point of its own
    /// turn, if it may not (W39).
    pub(crate) fn timing_bar(&self, wizard: u8, spell: Spell, step: Step) -> Option<String> {
        let unit = self.unit(wizard);
        let sq = unit.square()?;
        let own_fired = self.side_has_acted(unit.owner, |marks| marks.fired);
        let own_attacked = self.side_has_acted(unit.owner, |marks| marks.attacked);
        let wanted = |phase: Step| {
            (step != phase).then(|| {
                format!(
                    "{} is a {} spell, cast in the {} phase",
                    spell.name(),
                    spell.kind().name(),
                    phase.name()
                )
            })
        };
        match spell.kind() {
            SpellKind::Attack => wanted(Step::Firing).or_else(|| {
                if in_melee(sq, self.enemies_of(unit.owner)) {
                    Some("a wizard in melee casts no attack spell".into())
                } else if unit.marks.fired {
                    Some("it has already fired or cast an attack spell this turn".into())
                } else {
                    None
                }
            }),
            SpellKind::Move => wanted(Step::Movement),
            SpellKind::Melee => wanted(Step::Melee),
            SpellKind::Summon => {
                if unit.marks.moved {
                    Some("a wizard that moved this turn casts no summon spell".into())
                } else if unit.marks.halted {
                    Some("a wizard stopped by fear when charging casts no summon spell".into())
                } else {
                    match step {
                        Step::Movement => Some(
                            "summon spells are cast before firing, between firing and melee, \
                             or after melee"
                                .into(),
                        ),
                        Step::Firing if own_fired => {
                            Some("in the firing phase a summon comes before the first shot".into())
                        }
                        Step::Melee if own_attacked => {
                            Some("in the melee phase a summon comes before the first attack".into())
                        }
                        _ => None,
                    }
                }
            }
            SpellKind::Instant if spell == Spell::Protection => None,
            SpellKind::Instant => Some(format!(
                "{} answers an event: it is cast when the game asks (a reaction window)",
                spell.name()
            )),
        }
    }

    /// Whether a unit of `seat` has done what `done` asks of its markers
    /// this turn: one on the board, or under the book's reading also one
    /// destroyed since (W65).
    fn side_has_acted(&self, seat: u8, done: impl Fn(Marks) -> bool) -> bool {
        let fallen_count = self.options.rulings.fallen_units_close_the_summon_moment();
        self.units.iter().any(|unit| {
            let counted = match unit.place {
                Place::Board(_) => true,
                Place::Destroyed => fallen_count,
                Place::Unplaced => false,
            };
            counted && unit.owner == seat && done(unit.marks)
        })
    }

    /// Every casting of `spell` by `wizard` on `from` at the targets it may
    /// take now, appended to `out`.
    fn spell_targets(&self, wizard: u8, from: Sq, spell: Spell, out: &mut Vec<Move>) {
        let owner = self.unit(wizard).owner;
        let reach = within_reach(from);
        let friends = self.squares_of_seat(owner) & reach;
        let unit_at = |sq: Sq| self.unit_at(sq).expect("a unit stands there");
        match spell {
            Spell::Zap => {
                let occupied = self.occupied();
                out.extend(
                    squares_of(self.enemies_of(owner) & reach)
                        .filter(|&sq| line_of_sight(from, sq, occupied))
                        .map(|sq| Move::Cast(Casting::at_unit(wizard, spell, unit_at(sq)))),
                );
            }
            Spell::Storm | Spell::Fear | Spell::Plague => out.extend(
                squares_of(reach).map(|sq| Move::Cast(Casting::on_square(wizard, spell, sq))),
            ),
            Spell::Protection => out.extend(
                squares_of(friends)
                    .map(unit_at)
                    .filter(|&index| !self.unit(index).marks.protected)
                    .map(|index| Move::Cast(Casting::at_unit(wizard, spell, index))),
            ),
            Spell::Strike => {
                let enemies = self.enemies_of(owner);
                out.extend(
                    squares_of(friends)
                        .filter(|&sq| in_melee(sq, enemies))
                        .map(unit_at)
                        .filter(|&index| {
                            let marks = self.unit(index).marks;
                            !marks.attacked && !marks.struck
                        })
                        .map(|index| Move::Cast(Casting::at_unit(wizard, spell, index))),
                );
            }
            Spell::Flight => {
                for sq in squares_of(self.occupied() & reach) {
                    let target = unit_at(sq);
                    for to in squares_of(self.flight_squares(owner, target)) {
                        out.push(Move::Cast(Casting {
                            caster: wizard,
                            spell,
                            target: Some(target),
                            to: Some(to),
                        }));
                    }
                }
            }
            Spell::Dispel | Spell::Healing | Spell::RaiseDead => {}
        }
    }

    /// Where Flight by a wizard of `seat` may carry `target` (W47): an
    /// empty square at most 3 away, next to none of the target's enemies;
    /// a friendly target must not have moved, charged or been stopped by
    /// fear (W69).
    pub(crate) fn flight_squares(&self, seat: u8, target: u8) -> u64 {
        let unit = self.unit(target);
        let Some(from) = unit.square() else {
            return 0;
        };
        let marks = unit.marks;
        if unit.owner == seat && (marks.moved || marks.charged || marks.halted) {
            return 0;
        }
        let contact = touching(self.enemies_of(unit.owner));
        (0..SQUARES as Sq)
            .filter(|&sq| distance(from, sq) <= FLIGHT_DISTANCE)
            .fold(0, |mask, sq| mask | bit(sq))
            & !self.occupied()
            & !contact
    }

    /// A spell is cast: spent at once, even if it is dispelled; the other
    /// side may answer before any die (W40, W41); a window it answers opens
    /// again afterwards if it may hold more.
    pub(crate) fn play_cast(&mut self, casting: Casting, log: &mut Log) {
        // Told while the window is open, so that an answer says what it
        // answers.
        let label = self.cast_label(casting);
        log.tell(|| label.into());
        let answers = self.reaction.take();
        self.spend(casting.caster);
        if casting.spell == Spell::Zap {
            self.unit_mut(casting.caster).marks.fired = true;
        }
        let owner = self.unit(casting.caster).owner;
        let mut next = Vec::with_capacity(3);
        // A Dispel cannot be dispelled (W41).
        if casting.spell != Spell::Dispel {
            next.push(Task::Window(Window::SpellCast {
                seat: 1 - owner,
                caster: casting.caster,
            }));
        }
        next.push(Task::Spell { casting, answers });
        if let Some(window) = answers.filter(|window| window.may_hold_more()) {
            next.push(Task::Window(window));
        }
        self.then_first(next);
    }

    /// The spell `caster` has cast and that waits for its effect.
    pub(crate) fn queued_spell(&self, caster: u8) -> Option<Casting> {
        self.queue.iter().find_map(|task| match *task {
            Task::Spell { casting, .. } if casting.caster == caster => Some(casting),
            _ => None,
        })
    }
}
