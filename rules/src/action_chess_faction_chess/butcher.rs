//! Butcher: Butchers that slaughter their own beasts, Bulls that charge
//! through one piece, Aurochs that step away from a capture, Hogs that turn
//! once, leaping Fowl, and Diners that feast on corpses to move as the
//! beast they eat (rulings K1–K14 in the rules document).

use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL, Sq, bit};

use super::capture::REPELLED;
use super::layout::{self, Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Decision, Ix, Pending};
use super::swarm;

type Game = ActionChessFactionChess;

/// How many friends a Butcher may slaughter after one move.
const SLAUGHTERS: u8 = 3;

/// Butchers on d1 and e1, Diners on c1 and f1, Fowl on a1 and h1; Bulls on
/// d2 and e2, Aurochs on c2 and f2, Hogs on b2 and g2 (K1).
pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    let mut pieces = by_chess_role(white, |role| match role {
        Role::King | Role::Queen => Some(Kind::Butcher),
        Role::Bishop => Some(Kind::Diner),
        Role::Rook => Some(Kind::Fowl),
        _ => None,
    });
    let second_rank = [
        (Kind::Hog, 1),
        (Kind::Auroch, 2),
        (Kind::Bull, 3),
        (Kind::Bull, 4),
        (Kind::Auroch, 5),
        (Kind::Hog, 6),
    ];
    pieces.extend(
        second_rank
            .into_iter()
            .map(|(kind, file)| (kind, layout::square(white, file, 1))),
    );
    pieces
}

fn square_of(game: &Game, ix: Ix) -> Sq {
    game.piece(ix).square.expect("a Butcher piece on the board")
}

/// The squares `ix`, standing on `from`, may move to as a `kind` (its own
/// kind, or the corpse's a Diner feasts on).
fn reach(game: &Game, ix: Ix, kind: Kind, from: Sq) -> u64 {
    let owner = game.piece(ix).owner;
    match kind {
        Kind::Butcher | Kind::Diner => steps(game, from, 1, |sq| game.open_to(owner, sq)),
        Kind::Bull => bull_reach(game, owner, from),
        Kind::Auroch => queen_to_empty(game, from),
        Kind::Hog => hog_reach(game, from, |sq| game.takeable_by(owner, sq)),
        Kind::Fowl => {
            steps(game, from, 2, |sq| game.is_empty(sq))
                | steps(game, from, 1, |sq| game.takeable_by(owner, sq))
        }
        other => unreachable!("a {other:?} is no Butcher piece"),
    }
}

/// The squares `distance` away along each of the eight directions that
/// pass `keep` and that walls let it reach (W10, W11); the squares between
/// are leapt.
fn steps(game: &Game, from: Sq, distance: i8, keep: impl Fn(Sq) -> bool) -> u64 {
    ALL_DIRECTIONS
        .iter()
        .filter_map(|&(df, dr)| grid::offset(from, df * distance, dr * distance))
        .filter(|&sq| game.passes(from, sq) && keep(sq))
        .fold(0, |mask, sq| mask | bit(sq))
}

/// A Rook's squares, and past one piece it may charge through the empty
/// squares beyond it (K3): a charge cannot end in a capture.
fn bull_reach(game: &Game, owner: u8, from: Sq) -> u64 {
    let mut mask = 0;
    for &(df, dr) in &ORTHOGONAL {
        let mut passed = false;
        let mut at = from;
        while let Some(to) = grid::offset(at, df, dr).filter(|&to| game.passes(at, to)) {
            match game.at(to) {
                None => mask |= bit(to),
                Some(_) if passed => break,
                Some(other) => {
                    if game.takeable_by(owner, to) {
                        mask |= bit(to);
                    }
                    if !charges_through(game, owner, other, to) {
                        break;
                    }
                    passed = true;
                }
            }
            at = to;
        }
    }
    mask
}

/// Whether a Bull of `owner` may charge through `other`, standing on `sq`:
/// neither a Bull nor an Auroch, a piece it may slaughter, friend or enemy,
/// alone on its square ("any one piece", K3). `fray-2026` passed friends
/// only.
fn charges_through(game: &Game, owner: u8, other: Ix, sq: Sq) -> bool {
    let piece = game.piece(other);
    if matches!(piece.kind, Kind::Bull | Kind::Auroch) {
        return false;
    }
    if !game.rules.rulings.bull_charges_through_any_one_piece() {
        return piece.owner == owner;
    }
    piece.kind.can_be_captured() && game.sharer(sq).is_none()
}

/// The piece a Bull's move from `from` to `to` charges through, if any.
fn passed_piece(game: &Game, ix: Ix, from: Sq, to: Sq) -> Option<Ix> {
    let df = (grid::file(to) as i8 - grid::file(from) as i8).signum();
    let dr = (grid::rank(to) as i8 - grid::rank(from) as i8).signum();
    let mut at = grid::offset(from, df, dr)?;
    while at != to {
        if let Some(other) = game.at(at)
            && other != ix
        {
            return Some(other);
        }
        at = grid::offset(at, df, dr)?;
    }
    None
}

/// A Queen's empty squares: an Auroch cannot capture.
fn queen_to_empty(game: &Game, from: Sq) -> u64 {
    let mut mask = 0;
    for &(df, dr) in &ALL_DIRECTIONS {
        let mut at = from;
        while let Some(to) = grid::offset(at, df, dr)
            && game.passes(at, to)
            && game.is_empty(to)
        {
            mask |= bit(to);
            at = to;
        }
    }
    mask
}

/// A Hog's squares: along a diagonal, then, from any empty square of it,
/// along one of the two diagonals across it (K6). Each leg stops at the
/// first piece, which is a square of the Hog's only if `ends_on` says so
/// (an enemy to take; for a threat, any piece).
fn hog_reach(game: &Game, from: Sq, ends_on: impl Fn(Sq) -> bool) -> u64 {
    let mut mask = 0;
    for &(df, dr) in &DIAGONAL {
        let mut at = from;
        while let Some(to) = grid::offset(at, df, dr).filter(|&to| game.passes(at, to)) {
            if !game.is_empty(to) {
                if ends_on(to) {
                    mask |= bit(to);
                }
                break;
            }
            mask |= bit(to);
            for (tf, tr) in [(df, -dr), (-df, dr)] {
                mask |= hog_leg(game, to, (tf, tr), &ends_on);
            }
            at = to;
        }
    }
    mask
}

fn hog_leg(game: &Game, from: Sq, (df, dr): (i8, i8), ends_on: &impl Fn(Sq) -> bool) -> u64 {
    let mut mask = 0;
    let mut at = from;
    while let Some(to) = grid::offset(at, df, dr).filter(|&to| game.passes(at, to)) {
        if !game.is_empty(to) {
            if ends_on(to) {
                mask |= bit(to);
            }
            break;
        }
        mask |= bit(to);
        at = to;
    }
    mask
}

/// The kind of each corpse beside `from`, with its square.
fn corpses_beside(game: &Game, from: Sq) -> impl Iterator<Item = (Sq, Kind)> + '_ {
    grid::neighbours(from).filter_map(|sq| game.corpses[sq as usize].map(|kind| (sq, kind)))
}

pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// One Butcher piece's moves, and a Diner's feasts on the corpses beside
/// it.
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let from = square_of(game, ix);
    let kind = game.piece(ix).kind;
    for to in grid::squares_of(reach(game, ix, kind, from)) {
        out.push(Move::Go { piece: ix, to });
    }
    if kind == Kind::Diner {
        for (corpse, eaten) in corpses_beside(game, from) {
            for to in grid::squares_of(reach(game, ix, eaten, from)) {
                out.push(Move::Feast {
                    piece: ix,
                    corpse,
                    to,
                });
            }
        }
    }
}

pub(super) fn play_main(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    match mv {
        Move::Go { piece, to } => {
            let kind = game.piece(piece).kind;
            // A Butcher the Swarmlings removed slaughters no more (Q5).
            if move_as(game, piece, kind, to, dice, log) && kind == Kind::Butcher {
                offer_slaughter(game, seat, piece, SLAUGHTERS);
            }
        }
        Move::Feast { piece, corpse, to } => {
            let eaten = game.corpses[corpse as usize]
                .take()
                .expect("a Diner feasts on a corpse");
            // A corpse eaten is gone for good (K11).
            game.progress = true;
            move_as(game, piece, eaten, to, dice, log);
        }
        other => unreachable!("not a Butcher move: {other:?}"),
    }
}

/// `ix` moves to `to` as a `kind`: a Bull slaughters the piece it charges
/// through (K3).
/// Returns false when Swarmlings removed it (Q5).
fn move_as(
    game: &mut Game,
    ix: Ix,
    kind: Kind,
    to: Sq,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> bool {
    if kind == Kind::Bull
        && let Some(passed) = passed_piece(game, ix, square_of(game, ix), to)
        && !charge_through(game, ix, passed, dice, log)
    {
        return false;
    }
    game.go(ix, to, dice, log)
}

/// The Bull `bull` slaughters the piece it charges through. An enemy's
/// slaughter is its capture ("treated as having been captured"): a
/// Swarmling stack defends first and may remove the Bull (Q5), and a Trap
/// catches it (W6). Returns false when the Bull is off the board for it.
fn charge_through(
    game: &mut Game,
    bull: Ix,
    passed: Ix,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> bool {
    if game.piece(passed).owner != game.piece(bull).owner {
        if swarm::defence_holds(game, bull, passed, dice, log) {
            game.lift(bull, REPELLED);
            return false;
        }
        game.catch_in_trap(passed);
    }
    slaughter(game, passed, log);
    true
}

/// Takes a friend off the board as captured, leaving its corpse (K2).
fn slaughter(game: &mut Game, victim: Ix, log: &mut Log) {
    let square = square_of(game, victim);
    game.lift(victim, "slaughtered");
    leave_corpse(game, victim, square, true);
    super::faction_rules::on_captured(game, victim, log);
}

/// The friends beside a Butcher it may slaughter.
fn slaughterable(game: &Game, butcher: Ix) -> impl Iterator<Item = Ix> + '_ {
    let piece = game.piece(butcher);
    let owner = piece.owner;
    piece
        .square
        .into_iter()
        .flat_map(grid::neighbours)
        .filter_map(move |sq| game.at(sq).filter(|&ix| game.piece(ix).owner == owner))
}

fn offer_slaughter(game: &mut Game, seat: u8, butcher: Ix, left: u8) {
    if left > 0 && slaughterable(game, butcher).next().is_some() {
        game.pending.push(Decision {
            seat,
            pending: Pending::Slaughter { butcher, left },
        });
    }
}

pub(super) fn decision_moves(game: &Game, decision: Decision, out: &mut Vec<Move>) {
    match decision.pending {
        Pending::Slaughter { butcher, .. } => {
            out.extend(slaughterable(game, butcher).map(|victim| Move::Slaughter {
                piece: butcher,
                victim,
            }));
            out.push(Move::Done);
        }
        other => unreachable!("not a Butcher decision: {other:?}"),
    }
}

pub(super) fn play_decision(
    game: &mut Game,
    decision: Decision,
    mv: Move,
    _dice: &mut dyn Dice,
    log: &mut Log,
) {
    match (decision.pending, mv) {
        (Pending::Slaughter { butcher, left }, Move::Slaughter { victim, .. }) => {
            slaughter(game, victim, log);
            offer_slaughter(game, decision.seat, butcher, left - 1);
        }
        (Pending::Slaughter { .. }, Move::Done) => {}
        other => unreachable!("not a Butcher decision and its answer: {other:?}"),
    }
}

/// The squares `ix` could capture on on its next move (G4), whatever
/// stands there now; a Diner's include what each corpse beside it would
/// let it take (K12).
pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    let piece = game.piece(ix);
    let from = piece.square.expect("on the board");
    let own = threats_as(game, piece.kind, from);
    if piece.kind != Kind::Diner {
        return own;
    }
    corpses_beside(game, from).fold(own, |mask, (_, eaten)| mask | threats_as(game, eaten, from))
}

fn threats_as(game: &Game, kind: Kind, from: Sq) -> u64 {
    match kind {
        Kind::Butcher | Kind::Diner | Kind::Fowl => game.reach(from, &ALL_DIRECTIONS),
        Kind::Bull => game.slide_reach(from, &ORTHOGONAL, 8),
        Kind::Auroch => 0,
        Kind::Hog => hog_reach(game, from, |_| true),
        other => unreachable!("a {other:?} is no Butcher piece"),
    }
}

/// Whether a capture of `victim` fails because it is an Auroch that steps
/// away (K5): one square on from its capturer, along the line from the
/// capturer's square through the Auroch's (a Knight-like capturer's line
/// is rounded to the nearest of the eight directions, by the sign of each
/// step), onto an empty square the capturer's move does not end on.
pub(super) fn flees(game: &mut Game, victim: Ix) -> bool {
    let prey = *game.piece(victim);
    if prey.kind != Kind::Auroch {
        return false;
    }
    let Some(capturer) = game.acting.map(|ix| *game.piece(ix)) else {
        return false;
    };
    let (Some(from), Some(at)) = (capturer.square, prey.square) else {
        return false;
    };
    if capturer.owner == prey.owner {
        return false;
    }
    let df = (grid::file(at) as i8 - grid::file(from) as i8).signum();
    let dr = (grid::rank(at) as i8 - grid::rank(from) as i8).signum();
    match grid::offset(at, df, dr) {
        // A wall behind it stops its step as a piece does (W10).
        Some(to) if game.is_empty(to) && game.passes(at, to) && game.acting_to != Some(to) => {
            game.move_piece(victim, to);
            true
        }
        _ => false,
    }
}

/// A captured Bull, Auroch, Hog or Fowl, and any slaughtered Butcher piece,
/// leaves its corpse where it stood, over any corpse already there (K9). A
/// Ghost's piece slaughtered by its copy of a Butcher leaves none: a Diner
/// moves only as a Butcher piece (D16).
pub(super) fn leave_corpse(game: &mut Game, victim: Ix, square: Sq, slaughtered: bool) {
    let kind = game.piece(victim).kind;
    let butchers = kind.faction() == super::factions::Faction::Butcher;
    if butchers
        && (slaughtered || matches!(kind, Kind::Bull | Kind::Auroch | Kind::Hog | Kind::Fowl))
    {
        game.corpses[square as usize] = Some(kind);
    }
}

/// A corpse's terrain key in the view: "bull-corpse".
pub(super) fn corpse_terrain(kind: Kind) -> String {
    format!("{}-corpse", kind.key())
}
