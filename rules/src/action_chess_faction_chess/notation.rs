//! The words of an option: its notation, short enough to type, and its
//! label, a sentence saying what it does. A label of a move that takes is
//! found by playing the move alone on a copy, so pass-through takes, jumps,
//! en passant and edge takes name their victims.

use crate::kit::describe::Describe;
use crate::kit::dice::ScriptedDice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, Sq, push_square};

use super::faction_rules;
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix, Pending, Stage};

/// What playing a move on a copy shows: the pieces it takes, and where
/// the piece it names ends (`Some(None)`: off the board).
struct DryRun {
    taken: Vec<Ix>,
    /// The enemy Aurochs that stepped away instead of being taken (K5),
    /// with where they went.
    driven: Vec<(Ix, Sq)>,
    mover_ends: Option<Option<Sq>>,
}

/// "1 Swarmling", "3 Swarmlings".
fn swarmlings(count: u16) -> String {
    format!("{count} Swarmling{}", if count == 1 { "" } else { "s" })
}

/// "1 Swarmling moves", "3 Swarmlings move".
fn swarmlings_move(count: u16) -> String {
    format!(
        "{} move{}",
        swarmlings(count),
        if count == 1 { "s" } else { "" }
    )
}

impl ActionChessFactionChess {
    /// What a move would do, found by playing it on a copy: pass-through
    /// takes, jumps and en passant name their victims without each form
    /// knowing its faction's rules. Never asked of a random move.
    fn dry_run(&self, mv: Move) -> DryRun {
        let mut after = self.clone();
        after.labelling = true;
        let seat = self.deciding().expect("a listed move has a seat");
        after.apply_move(seat, mv, &mut ScriptedDice::new([]), &mut Log::silent());
        let mover = mv.piece();
        DryRun {
            // A friend is among them only where a rule takes friends (the
            // Leonine's choice).
            taken: self
                .on_board()
                .filter(|(ix, _)| Some(*ix) != mover && after.piece(*ix).square.is_none())
                .map(|(ix, _)| ix)
                .collect(),
            driven: self
                .on_board()
                .filter(|(_, piece)| piece.kind == Kind::Auroch)
                .filter_map(|(ix, piece)| {
                    let now = after.piece(ix).square?;
                    (Some(now) != piece.square).then_some((ix, now))
                })
                .collect(),
            // Where the mover ends, when not where the move names: a walk
            // that goes on past the square named, or the Man's edge take
            // that removes it too (None).
            mover_ends: mover.map(|ix| after.piece(ix).square),
        }
    }

    /// Whether another piece of the same kind and side is on `ix`'s square:
    /// two Spirits of one Ghost, where a Phantom became a Spirit beside its
    /// own; a Shade haunting unseen under a copy of a Shade. Its notation
    /// then names it by id.
    fn twin_on_square(&self, ix: Ix) -> bool {
        let piece = self.piece(ix);
        let square = self.square(ix);
        let haunter = self.haunter(square);
        self.occupants(square).chain(haunter).any(|other| {
            other != ix
                && self.piece(other).kind == piece.kind
                && self.piece(other).owner == piece.owner
        })
    }

    pub(super) fn square(&self, ix: Ix) -> Sq {
        self.piece(ix)
            .square
            .expect("a piece a move names is on the board")
    }

    pub(super) fn notation_and_label(&self, mv: Move) -> (String, String) {
        let mut notation = String::with_capacity(10);
        let mut label = String::with_capacity(64);
        let glyph = |ix: Ix| self.piece(ix).kind.glyph();
        match mv {
            Move::Go { piece, to }
            | Move::Promote { piece, to, .. }
            | Move::Via { piece, to, .. }
            | Move::Feast { piece, to, .. }
            | Move::Haunt { piece, to } => return self.move_words(mv, piece, to),
            Move::Roll { piece, toward } => {
                // A roll while a throw waits is the throw, not a move.
                let throws = matches!(
                    self.waiting().map(|decision| decision.pending),
                    Some(Pending::Throw { .. })
                );
                notation.push_str(glyph(piece));
                push_square(&mut notation, self.square(piece));
                notation.push(if throws { '*' } else { '>' });
                notation.push_str(toward.short());
                label = if throws {
                    faction_rules::throw_label(self, piece, toward)
                } else {
                    let kind = self.piece(piece).kind;
                    let die = faction_rules::distance_die(kind).expect("a piece that rolls");
                    format!(
                        "{} moves {} 1–{die} squares: the distance is rolled (d{die})",
                        self.describe(piece),
                        toward.name()
                    )
                };
            }
            Move::Become { piece, into } => {
                notation = format!(
                    "{}{}={}",
                    glyph(piece),
                    grid::to_square(self.square(piece)),
                    into.glyph()
                );
                label = format!("{} becomes a {}", self.describe(piece), into.name());
            }
            Move::Place { piece, kind, to } => {
                let at = grid::to_square(to);
                // A Generator places Generators, not itself (W2).
                if self.piece(piece).kind == kind && kind != Kind::Generator {
                    notation = format!("{}@{at}", kind.glyph());
                    label = format!("Put the {} on {at}", kind.name());
                    if let Some(displaced) = self.at(to) {
                        label.push_str(", removing the ");
                        label.push_str(&self.describe(displaced));
                    }
                } else {
                    // Two Factories may both border `to`: the placer's
                    // square tells their options apart.
                    notation = format!(
                        "{}{}:{}@{at}",
                        glyph(piece),
                        grid::to_square(self.square(piece)),
                        kind.glyph()
                    );
                    label = format!("{} places a {} on {at}", self.describe(piece), kind.name());
                }
            }
            Move::Merge { piece, with } => {
                let into = super::slime::merged(self.piece(piece).kind);
                notation = format!(
                    "{}{}+{}",
                    glyph(piece),
                    grid::to_square(self.square(piece)),
                    grid::to_square(self.square(with))
                );
                label = format!(
                    "{} merges with the {} into a {}",
                    self.describe(piece),
                    self.describe(with),
                    into.map_or("?", Kind::name)
                );
            }
            Move::Split { piece, to } => {
                let into = super::slime::split(self.piece(piece).kind);
                notation = format!(
                    "{}{}/{}",
                    glyph(piece),
                    grid::to_square(self.square(piece)),
                    grid::to_square(to)
                );
                label = format!(
                    "{} splits into two {}s, one on {}",
                    self.describe(piece),
                    into.map_or("?", Kind::name),
                    grid::to_square(to)
                );
            }
            Move::Slaughter { piece, victim } => {
                notation = format!(
                    "{}{}:x{}",
                    glyph(piece),
                    grid::to_square(self.square(piece)),
                    grid::to_square(self.square(victim))
                );
                label = format!(
                    "{} slaughters its own {}",
                    self.describe(piece),
                    self.describe(victim)
                );
            }
            Move::Take { piece, victim } => {
                // A square may hold two pieces to take: the victim's glyph
                // (and its id, if the two look alike) tells them apart.
                notation = format!(
                    "{}{}:x{}{}",
                    glyph(piece),
                    grid::to_square(self.square(piece)),
                    glyph(victim),
                    grid::to_square(self.square(victim))
                );
                if self.twin_on_square(victim) {
                    notation.push_str(&format!("#{victim}"));
                }
                label = format!(
                    "{} captures the {} beside it",
                    self.describe(piece),
                    self.describe(victim)
                );
            }
            Move::Build { to } => {
                let at = grid::to_square(to);
                notation = format!("{}+{at}", Kind::Factory.glyph());
                label = format!("Three Drones build a Factory on {at}");
            }
            // Never played on a copy: its outcome is a roll (Q4).
            Move::Swarm { piece, to, count } => {
                let from = grid::to_square(self.square(piece));
                let at = grid::to_square(to);
                let attacks = self.enemy_of(self.piece(piece).owner, to);
                notation = format!(
                    "{count}{}{from}{}{at}",
                    glyph(piece),
                    if attacks { 'x' } else { '-' }
                );
                label = if attacks {
                    format!(
                        "{} from {from} attack{} the {}: d20 + {count} above 10 takes it, else {} lost",
                        swarmlings(count),
                        if count == 1 { "s" } else { "" },
                        self.describe(self.at(to).expect("an enemy")),
                        if count == 1 { "it is" } else { "they are" }
                    )
                } else {
                    format!("{} from {from} to {at}", swarmlings_move(count))
                };
            }
            Move::Hatch { to, count, .. } => {
                let at = grid::to_square(to);
                notation = format!("{count}{}@{at}", Kind::Swarmling.glyph());
                label = format!("The Hive Queen places {} on {at}", swarmlings(count));
            }
            Move::Wall { piece, a, b } => {
                let doubled = super::walls::edge(a, b).is_some_and(|edge| self.walls[edge] > 0);
                let (a, b) = (grid::to_square(a), grid::to_square(b));
                notation = format!(
                    "{}{}:|{a}{b}{}",
                    glyph(piece),
                    grid::to_square(self.square(piece)),
                    if doubled { "|" } else { "" }
                );
                label = format!(
                    "{} {} between {a} and {b}",
                    self.describe(piece),
                    if doubled {
                        "doubles the wall"
                    } else {
                        "puts a wall"
                    }
                );
            }
            Move::Done => {
                notation.push_str("done");
                label.push_str(self.done_label());
            }
        }
        (notation, label)
    }

    /// A move's words: the piece, where it goes, what it takes on the way
    /// or there (found by a dry run), and what it becomes.
    fn move_words(&self, mv: Move, piece: Ix, to: Sq) -> (String, String) {
        let mut notation = String::with_capacity(10);
        let mut label = String::with_capacity(64);
        let glyph = |ix: Ix| self.piece(ix).kind.glyph();
        let DryRun {
            taken,
            driven,
            mover_ends,
        } = self.dry_run(mv);
        notation.push_str(glyph(piece));
        push_square(&mut notation, self.square(piece));
        if self.twin_on_square(piece) {
            notation.push_str(&format!("#{piece}"));
        }
        label.push_str(&self.describe(piece));
        if self.is_haunting(piece) {
            label.push_str(" (haunting)");
        }
        if let Move::Feast { corpse, .. } = mv {
            let eaten = self.corpses[corpse as usize].expect("a corpse to eat");
            notation.push('^');
            push_square(&mut notation, corpse);
            label.push_str(" feasts on the ");
            label.push_str(eaten.name());
            label.push_str(" corpse on ");
            push_square(&mut label, corpse);
            label.push_str(" and moves as a ");
            label.push_str(eaten.name());
            label.push_str(" to ");
        } else if let Move::Via { via, .. } = mv {
            notation.push('-');
            push_square(&mut notation, via);
            label.push_str(" moves by way of ");
            push_square(&mut label, via);
            label.push_str(" to ");
        } else {
            label.push_str(" moves to ");
        }
        notation.push(if taken.is_empty() { '-' } else { 'x' });
        push_square(&mut notation, to);
        push_square(&mut label, to);
        if let Move::Promote { into, .. } = mv {
            notation.push('=');
            notation.push_str(into.glyph());
            // A Phantom's copy turns back before it moves (line 39).
            if self.piece(piece).copy && into == Kind::Phantom {
                label.push_str(" as a Phantom again");
            } else {
                label.push_str(" and becomes a ");
                label.push_str(into.name());
            }
        }
        if let Move::Haunt { .. } = mv {
            notation.push('h');
            label.push_str(" and haunts it unseen");
        }
        if let Some(Some(end)) = mover_ends
            && end != to
        {
            label.push_str(" and on to ");
            push_square(&mut label, end);
        }
        let mover_owner = self.piece(piece).owner;
        for (at, &victim) in taken.iter().enumerate() {
            label.push_str(if at == 0 { ", taking " } else { " and " });
            if self.piece(victim).owner == mover_owner {
                label.push_str("its own ");
            }
            label.push_str(&self.describe(victim));
            if self.piece(victim).kind == Kind::Swarmling {
                // The dry run does not roll the defence (Q5).
                let defenders = self.piece(victim).count;
                label.push_str(&format!(
                    " if its {} fail to defend (d20 + {defenders} below 16; else the {} is removed)",
                            swarmlings(defenders),
                    self.piece(piece).kind.name()
                ));
            }
        }
        for (auroch, to) in driven {
            label.push_str(", driving the ");
            label.push_str(&self.describe(auroch));
            label.push_str(" to ");
            push_square(&mut label, to);
        }
        if mover_ends == Some(None) {
            label.push_str("; the ");
            label.push_str(self.piece(piece).kind.name());
            label.push_str(" leaves the board too");
        }
        (notation, label)
    }

    /// What declining means now.
    fn done_label(&self) -> &'static str {
        match self.waiting().map(|decision| decision.pending) {
            Some(Pending::ChainJump { .. }) => "Stop taking",
            Some(Pending::PairedMove { .. }) => "Leave the other Grave Guard where it is",
            Some(Pending::CarryPhylactery { .. }) => "Leave the Phylactery where it is",
            Some(Pending::LichReturn { .. }) => "Leave the Lich-King off the board",
            Some(Pending::Promotion { .. }) => "Decline",
            Some(Pending::LeonineTake { .. }) => "Stop before the friendly piece",
            Some(Pending::Throw { .. }) => "Throw nothing",
            Some(Pending::Slaughter { .. }) => "Slaughter no more",
            Some(Pending::SwarmAgain { .. }) => "Attack no more",
            None if self.stage == Stage::Start => "Place nothing more: make your move",
            None if self.stage == Stage::Main => "Pass: no piece can move",
            None => "Done",
        }
    }
}
