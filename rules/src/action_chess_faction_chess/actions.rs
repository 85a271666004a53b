//! The protocol's `Action` for each move, its notation and label, and the
//! reading of an `Action` a player sends, with a reason in words when it
//! cannot be played.

use fray_protocol::{Action, ActionOption, PieceId, RejectCode, Rejection, Square};

use crate::action_form::{board_square, check_parts};
use crate::dice::ScriptedDice;
use crate::effect_log::Log;
use crate::grid::{self, Sq, push_name_on, push_square};

use super::faction_rules;
use super::moves::{Compass, Move};
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

/// A number of Swarmlings a move or placement names: at least one.
fn swarmlings(choice: &str) -> Result<u16, Rejection> {
    match choice.parse::<u16>() {
        Ok(count) if count > 0 => Ok(count),
        _ => Err(Rejection::new(
            RejectCode::IllegalAction,
            format!("'{choice}' Swarmlings: name how many, at least 1"),
        )),
    }
}

/// The `choice` of a Shade's move that ends haunting its square.
const HAUNT: &str = "haunt";

pub(crate) fn id(ix: Ix) -> PieceId {
    PieceId(u32::from(ix))
}

impl ActionChessFactionChess {
    /// "Knight on c3", or "Knight" for a piece off the board.
    pub(crate) fn describe(&self, ix: Ix) -> String {
        let mut text = String::with_capacity(24);
        let piece = self.piece(ix);
        push_name_on(&mut text, piece.kind.name(), piece.square);
        text
    }

    pub(crate) fn action_of(&self, mv: Move) -> Action {
        let at = grid::to_square;
        match mv {
            Move::Go { piece, to } => Action::new("move").piece(id(piece)).to(at(to)),
            Move::Promote { piece, to, into } => Action::new("move")
                .piece(id(piece))
                .to(at(to))
                .choice(into.key()),
            Move::Via { piece, via, to } => Action::new("move")
                .piece(id(piece))
                .to(at(to))
                .choice(at(via).to_string()),
            Move::Roll { piece, toward } => {
                Action::new("roll").piece(id(piece)).choice(toward.name())
            }
            Move::Become { piece, into } => {
                Action::new("become").piece(id(piece)).choice(into.key())
            }
            Move::Place { piece, kind, to } => Action::new("place")
                .piece(id(piece))
                .to(at(to))
                .choice(kind.key()),
            Move::Merge { piece, with } => Action::new("merge").piece(id(piece)).target(id(with)),
            Move::Split { piece, to } => Action::new("split").piece(id(piece)).to(at(to)),
            Move::Build { to } => Action::new("build").to(at(to)),
            Move::Slaughter { piece, victim } => {
                Action::new("slaughter").piece(id(piece)).target(id(victim))
            }
            Move::Feast { piece, corpse, to } => Action::new("feast")
                .piece(id(piece))
                .to(at(to))
                .choice(at(corpse).to_string()),
            Move::Swarm { piece, to, count } => Action::new("move")
                .piece(id(piece))
                .to(at(to))
                .choice(count.to_string()),
            Move::Hatch { piece, to, count } => Action::new("place")
                .piece(id(piece))
                .to(at(to))
                .choice(count.to_string()),
            Move::Wall { piece, a, b } => Action::new("wall")
                .piece(id(piece))
                .to(at(a))
                .choice(at(b).to_string()),
            Move::Haunt { piece, to } => Action::new("move")
                .piece(id(piece))
                .to(at(to))
                .choice(HAUNT),
            Move::Take { piece, victim } => Action::new("take").piece(id(piece)).target(id(victim)),
            Move::Done => Action::new("done"),
        }
    }

    pub(crate) fn option_of(&self, mv: Move) -> ActionOption {
        let (notation, label) = self.notation_and_label(mv);
        ActionOption {
            action: self.action_of(mv),
            notation,
            label,
        }
    }

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

    /// Whether another piece of the same kind and side stands on `ix`'s
    /// square: two Spirits of one Ghost, where a Phantom became a Spirit
    /// beside its own. Its notation then names it by id.
    fn twin_on_square(&self, ix: Ix) -> bool {
        let piece = self.piece(ix);
        self.occupants(self.square(ix)).any(|other| {
            other != ix
                && self.piece(other).kind == piece.kind
                && self.piece(other).owner == piece.owner
        })
    }

    fn square(&self, ix: Ix) -> Sq {
        self.piece(ix)
            .square
            .expect("a piece a move names is on the board")
    }

    fn notation_and_label(&self, mv: Move) -> (String, String) {
        let mut notation = String::with_capacity(10);
        let mut label = String::with_capacity(64);
        let glyph = |ix: Ix| self.piece(ix).kind.glyph();
        match mv {
            Move::Go { piece, to }
            | Move::Promote { piece, to, .. }
            | Move::Via { piece, to, .. }
            | Move::Feast { piece, to, .. }
            | Move::Haunt { piece, to } => {
                let DryRun {
                    taken,
                    driven,
                    mover_ends,
                } = self.dry_run(mv);
                notation.push_str(glyph(piece));
                // A haunting Shade may stand where another piece of its
                // side does.
                if self.is_haunting(piece) {
                    notation.push('h');
                }
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
                            " if its {defenders} Swarmlings fail to defend (d20 + {defenders} below 16; else the {} is removed)",
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
            }
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
                        "{count} Swarmlings from {from} attack the {}: d20 + {count} above 10 takes it, else they are lost",
                        self.describe(self.at(to).expect("an enemy"))
                    )
                } else {
                    format!("{count} Swarmlings move from {from} to {at}")
                };
            }
            Move::Hatch { to, count, .. } => {
                let at = grid::to_square(to);
                notation = format!("{count}{}@{at}", Kind::Swarmling.glyph());
                label = format!("The Hive Queen places {count} Swarmlings on {at}");
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

    /// Reads an action's form and the pieces it names.
    pub(crate) fn parse(&self, seat: u8, action: &Action) -> Result<Move, Rejection> {
        let verb = action.verb.as_str();
        let seen = |piece: Option<PieceId>| self.index_seen_by(seat, piece.expect("checked"));
        let own = |piece: Option<PieceId>| -> Result<Ix, Rejection> {
            let ix = seen(piece)?;
            if self.piece(ix).owner != seat {
                return Err(Rejection::new(
                    RejectCode::NotYourPiece,
                    format!("{} is not yours", self.describe(ix)),
                ));
            }
            Ok(ix)
        };
        let square = |to: Option<Square>| board_square(to.expect("checked"));
        let kind = |choice: &Option<String>| -> Result<Kind, Rejection> {
            let key = choice.as_deref().expect("checked");
            Kind::by_key(key).ok_or_else(|| {
                Rejection::new(
                    RejectCode::UnknownAction,
                    format!("'{key}' is not a piece of this game"),
                )
            })
        };
        match verb {
            "move" => {
                check_parts(action, true, false, true, action.choice.is_some())?;
                let piece = own(action.piece)?;
                let to = square(action.to)?;
                match action.choice.as_deref() {
                    None => Ok(Move::Go { piece, to }),
                    Some(HAUNT) => Ok(Move::Haunt { piece, to }),
                    Some(choice) if choice.parse::<u16>().is_ok() => Ok(Move::Swarm {
                        piece,
                        to,
                        count: swarmlings(choice)?,
                    }),
                    Some(choice) => match choice.parse::<Square>() {
                        Ok(via) => Ok(Move::Via {
                            piece,
                            via: board_square(via)?,
                            to,
                        }),
                        Err(_) => Ok(Move::Promote {
                            piece,
                            to,
                            into: kind(&action.choice)?,
                        }),
                    },
                }
            }
            "roll" => {
                check_parts(action, true, false, false, true)?;
                let piece = own(action.piece)?;
                let name = action.choice.as_deref().expect("checked");
                let toward = Compass::by_name(name).ok_or_else(|| {
                    Rejection::new(
                        RejectCode::UnknownAction,
                        format!("'{name}' is not a direction: north, north-east, east, south-east, south, south-west, west or north-west"),
                    )
                })?;
                Ok(Move::Roll { piece, toward })
            }
            "become" => {
                check_parts(action, true, false, false, true)?;
                Ok(Move::Become {
                    piece: own(action.piece)?,
                    into: kind(&action.choice)?,
                })
            }
            "place" => {
                check_parts(action, true, false, true, true)?;
                if let Some(count) = action
                    .choice
                    .as_deref()
                    .filter(|c| c.parse::<u16>().is_ok())
                {
                    return Ok(Move::Hatch {
                        piece: own(action.piece)?,
                        to: square(action.to)?,
                        count: swarmlings(count)?,
                    });
                }
                Ok(Move::Place {
                    piece: own(action.piece)?,
                    kind: kind(&action.choice)?,
                    to: square(action.to)?,
                })
            }
            "merge" => {
                check_parts(action, true, true, false, false)?;
                Ok(Move::Merge {
                    piece: own(action.piece)?,
                    with: own(action.target)?,
                })
            }
            "split" => {
                check_parts(action, true, false, true, false)?;
                Ok(Move::Split {
                    piece: own(action.piece)?,
                    to: square(action.to)?,
                })
            }
            "slaughter" => {
                check_parts(action, true, true, false, false)?;
                Ok(Move::Slaughter {
                    piece: own(action.piece)?,
                    victim: own(action.target)?,
                })
            }
            "feast" => {
                check_parts(action, true, false, true, true)?;
                let corpse = action.choice.as_deref().expect("checked");
                let corpse = corpse.parse::<Square>().map_err(|_| {
                    Rejection::new(
                        RejectCode::UnknownAction,
                        format!("'{corpse}' is not a square: name the corpse's square, such as e5"),
                    )
                })?;
                Ok(Move::Feast {
                    piece: own(action.piece)?,
                    corpse: board_square(corpse)?,
                    to: square(action.to)?,
                })
            }
            "take" => {
                check_parts(action, true, true, false, false)?;
                Ok(Move::Take {
                    piece: own(action.piece)?,
                    victim: seen(action.target)?,
                })
            }
            "build" => {
                check_parts(action, false, false, true, false)?;
                Ok(Move::Build {
                    to: square(action.to)?,
                })
            }
            "wall" => {
                check_parts(action, true, false, true, true)?;
                let other = action.choice.as_deref().expect("checked");
                let other = other.parse::<Square>().map_err(|_| {
                    Rejection::new(
                        RejectCode::UnknownAction,
                        format!(
                            "'{other}' is not a square: name the wall's other square, such as e5"
                        ),
                    )
                })?;
                let (a, b) = (square(action.to)?, board_square(other)?);
                // One form per wall, as listed.
                if a > b {
                    return Err(Rejection::new(
                        RejectCode::UnknownAction,
                        "name the wall's left or lower square in `to`, the other in `choice`",
                    ));
                }
                Ok(Move::Wall {
                    piece: own(action.piece)?,
                    a,
                    b,
                })
            }
            "done" => {
                check_parts(action, false, false, false, false)?;
                Ok(Move::Done)
            }
            other => Err(Rejection::new(
                RejectCode::UnknownAction,
                format!(
                    "'{other}' is not an action in Action Chess Faction Chess; the actions are \
                     move, roll, become, place, merge, split, build, slaughter, feast, wall, take and done"
                ),
            )),
        }
    }

    /// The piece an action names, if `seat` may see it: a Shade haunting
    /// unseen is no piece to its opponent, whose refusal must not say
    /// where it is.
    fn index_seen_by(&self, seat: u8, piece: PieceId) -> Result<Ix, Rejection> {
        let ix = crate::action_form::piece_index(piece, self.pieces.len(), "piece")? as Ix;
        if self.is_haunting(ix) && self.piece(ix).owner != seat {
            return Err(Rejection::new(
                RejectCode::IllegalAction,
                format!("there is no piece {piece} in this game"),
            ));
        }
        Ok(ix)
    }

    /// Why a well-formed move is not legal now.
    pub(crate) fn explain_illegal(&self, mv: Move) -> Rejection {
        let illegal = |message: String| Rejection::new(RejectCode::IllegalAction, message);
        if let Some(ix) = mv.piece()
            && self.piece(ix).square.is_none()
        {
            return illegal(format!(
                "the {} is off the board",
                self.piece(ix).kind.name()
            ));
        }
        if let Some(decision) = self.waiting() {
            return illegal(format!(
                "first decide what follows the last move: {}",
                self.waiting_text(decision.pending)
            ));
        }
        if self.stage == Stage::Start && mv != Move::Done {
            return illegal(
                "it is the start of your turn: make its decisions or send done, then move".into(),
            );
        }
        if let Some(reason) = faction_rules::why_illegal(self, self.mover, mv) {
            return illegal(reason);
        }
        match mv {
            Move::Done => illegal("there is nothing to decline: make your move".into()),
            _ => match mv.piece() {
                Some(ix) => illegal(format!(
                    "{} cannot do that now ({})",
                    self.describe(ix),
                    self.piece(ix).kind.text()
                )),
                None => illegal("that is not legal now".into()),
            },
        }
    }

    /// What a waiting decision asks, in words.
    pub(crate) fn waiting_text(&self, pending: Pending) -> String {
        match pending {
            Pending::ChainJump { piece, .. } => {
                format!("{} may take again, or stop", self.describe(piece))
            }
            Pending::Promotion { piece } => {
                format!("choose what {} becomes", self.describe(piece))
            }
            Pending::LeonineTake { piece, .. } => format!(
                "{} may take the friendly piece in its way and go on, or stop",
                self.describe(piece)
            ),
            Pending::PairedMove { piece, .. } => {
                format!("{} may move the same way, or stay", self.describe(piece))
            }
            Pending::CarryPhylactery { .. } => "place the Phylactery, or leave it".into(),
            Pending::LichReturn { .. } => {
                "return the Lich-King beside the Phylactery, or leave it".into()
            }
            Pending::Throw { piece } => {
                format!("{} may throw, or not", self.describe(piece))
            }
            Pending::SwarmAgain { piece, count } => format!(
                "{count} Swarmlings from {} may attack a piece beside them, or stop",
                grid::to_square(self.square(piece))
            ),
            Pending::Slaughter { butcher, left } => format!(
                "{} may slaughter a friend beside it ({left} at most), or stop",
                self.describe(butcher)
            ),
        }
    }

    pub(crate) fn not_your_turn(&self, _seat: u8) -> Rejection {
        match self.stage {
            Stage::Over(_) => Rejection::new(RejectCode::GameOver, "the game is over"),
            _ => Rejection::new(
                RejectCode::NotYourTurn,
                "it is not your turn: another player decides now",
            ),
        }
    }
}
