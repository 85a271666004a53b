//! Ghost: Spirits that share squares and pin the enemy they share with,
//! Shades that haunt a square unseen and capture the next enemy to enter
//! it, Phantoms that become what they capture, the Poltergeist's capture
//! at the start of the turn, and the Wraith, whose capture loses the game.
//! Rulings D1–D20 in `docs/rules/action-chess-faction-chess.md`.

use crate::kit::describe::Describe;
use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, Sq, bit};

use super::faction_rules;
use super::factions::Faction;
use super::layout::{Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, EMPTY, Ix, Stage};
use crate::contract::Pick;

type Game = ActionChessFactionChess;

const SHADE_REACH: u8 = 4;
const POLTERGEIST_REACH: u8 = 5;
const WRAITH_REACH: u8 = 2;

/// A Phantom's leaps: 2 or 3 squares along any of the eight lines.
const PHANTOM_LEAPS: [(i8, i8); 16] = [
    (0, 2),
    (2, 2),
    (2, 0),
    (2, -2),
    (0, -2),
    (-2, -2),
    (-2, 0),
    (-2, 2),
    (0, 3),
    (3, 3),
    (3, 0),
    (3, -3),
    (0, -3),
    (-3, -3),
    (-3, 0),
    (-3, 3),
];

/// What a Spirit on the far rank may become (line 37).
const PROMOTIONS: [Kind; 2] = [Kind::Shade, Kind::Phantom];

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| {
        Some(match role {
            Role::Pawn => Kind::Spirit,
            Role::Rook | Role::Knight => Kind::Shade,
            Role::Bishop => Kind::Phantom,
            Role::Queen => Kind::Poltergeist,
            Role::King => Kind::Wraith,
        })
    })
}

fn square_of(game: &Game, ix: Ix) -> Sq {
    game.piece(ix).square.expect("a Ghost piece on the board")
}

/// Whether `seat` still has its Wraith: a Phantom's copy of a Wraith is
/// not it (D17).
pub(super) fn has_wraith(game: &Game, seat: u8) -> bool {
    game.pieces_of(seat)
        .any(|(_, piece)| piece.kind == Kind::Wraith && !piece.copy)
}

/// The Poltergeist's capture: any enemy piece on a square beside it, a
/// Spirit sharing one included (D14). Its copies do not capture so (D16).
pub(super) fn start_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, piece) in game.pieces_of(seat) {
        if piece.kind != Kind::Poltergeist || piece.copy {
            continue;
        }
        for sq in grid::neighbours(square_of(game, ix)) {
            for victim in game.occupants(sq) {
                let prey = game.piece(victim);
                if prey.owner != seat && prey.kind.can_be_captured() {
                    out.push(Move::Take { piece: ix, victim });
                }
            }
        }
    }
}

/// One capture, then the main move (line 40: "you may capture one piece").
pub(super) fn play_start(
    game: &mut Game,
    _seat: u8,
    mv: Move,
    _dice: &mut dyn Dice,
    log: &mut Log,
) {
    let Move::Take { victim, .. } = mv else {
        unreachable!("not a Ghost start-of-turn move: {mv:?}")
    };
    // The Poltergeist does not move into the square: no Swarmling defends
    // (Q5, D14).
    game.capture_undefended(victim, log);
    game.stage = Stage::Main;
}

pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// One piece of a Ghost side's moves: a piece of another faction's kind (a
/// Phantom's copy, or a piece made from one) moves as its kind (D15), and a
/// copy may turn back into a Phantom (D13).
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let piece = *game.piece(ix);
    if piece.kind.faction() == Faction::Ghost {
        own_moves(game, ix, out);
    } else {
        faction_rules::piece_moves(game, ix, out);
    }
    if piece.copy && piece.kind != Kind::Phantom {
        push_turning_back(game, ix, out);
    }
}

fn own_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    match game.piece(ix).kind {
        Kind::Spirit => push_spirit_moves(game, ix, out),
        Kind::Shade => push_shade_moves(game, ix, out),
        Kind::Phantom => game.push_leaps(ix, &PHANTOM_LEAPS, out),
        Kind::Poltergeist => {
            push_through_friends(game, ix, POLTERGEIST_REACH, true, out);
        }
        Kind::Wraith => push_through_friends(game, ix, WRAITH_REACH, false, out),
        other => unreachable!("a {other:?} is not a Ghost piece"),
    }
}

/// A copy turns back into a Phantom at the start of its move, and makes
/// the move as a Phantom (line 39, D13).
fn push_turning_back(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let mut leaps = Vec::new();
    game.push_leaps(ix, &PHANTOM_LEAPS, &mut leaps);
    out.extend(leaps.into_iter().filter_map(|mv| match mv {
        Move::Go { piece, to } => Some(Move::Promote {
            piece,
            to,
            into: Kind::Phantom,
        }),
        _ => None,
    }));
}

/// Whether a Spirit of `seat` may stand on `sq`: a square with no friendly
/// Spirit on it (line 37, D2). `fray-2026` also held a square of two
/// pieces full.
fn spirit_may_enter(game: &Game, seat: u8, sq: Sq) -> bool {
    let full = game.sharer(sq).is_some()
        && !game
            .rules
            .rulings
            .spirit_enters_any_square_without_a_friendly_spirit();
    !full
        && !game.occupants(sq).any(|ix| {
            let piece = game.piece(ix);
            piece.kind == Kind::Spirit && piece.owner == seat
        })
}

/// One square forward; onto an empty far-rank square it becomes a Shade
/// or a Phantom (line 37).
fn push_spirit_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let piece = game.piece(ix);
    let from = square_of(game, ix);
    let Some(to) = grid::offset(from, 0, game.forward(piece.owner)) else {
        return;
    };
    if !game.passes(from, to) || !spirit_may_enter(game, piece.owner, to) {
        return;
    }
    if game.is_empty(to) && game.on_far_rank(piece.owner, to) {
        out.extend(PROMOTIONS.map(|into| Move::Promote {
            piece: ix,
            to,
            into,
        }));
    } else {
        out.push(Move::Go { piece: ix, to });
    }
}

/// Up to 4 squares along a line, through any piece but not a wall, to an
/// empty square that no friendly Shade haunts; there it may haunt (line
/// 38, D6). A square an enemy Shade haunts is offered alike: the Ghost
/// does not see it.
fn push_shade_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    let owner = game.piece(ix).owner;
    let from = square_of(game, ix);
    for &(df, dr) in &ALL_DIRECTIONS {
        let mut at = from;
        for _ in 0..SHADE_REACH {
            let Some(to) = grid::offset(at, df, dr).filter(|&to| game.passes(at, to)) else {
                break;
            };
            at = to;
            let friend_haunts = game
                .haunter(to)
                .is_some_and(|shade| game.piece(shade).owner == owner);
            if game.is_empty(to) && !friend_haunts {
                out.push(Move::Go { piece: ix, to });
                out.push(Move::Haunt { piece: ix, to });
            }
        }
    }
}

/// Along each line up to `reach` squares, through friendly pieces but not
/// walls (lines 40, 41): to the empty squares, and onto the first enemy if
/// the piece `captures` and may take it.
fn push_through_friends(game: &Game, ix: Ix, reach: u8, captures: bool, out: &mut Vec<Move>) {
    let owner = game.piece(ix).owner;
    for to in grid::squares_of(reach_through_friends(game, ix, reach)) {
        if game.is_empty(to) || (captures && game.takeable_by(owner, to)) {
            out.push(Move::Go { piece: ix, to });
        }
    }
}

/// The squares a slide through friends reaches, up to and including the
/// first enemy on each line: what the Poltergeist threatens by moving.
fn reach_through_friends(game: &Game, ix: Ix, reach: u8) -> u64 {
    let owner = game.piece(ix).owner;
    let from = square_of(game, ix);
    let mut mask = 0;
    for &(df, dr) in &ALL_DIRECTIONS {
        let mut at = from;
        for _ in 0..reach {
            let Some(to) = grid::offset(at, df, dr).filter(|&to| game.passes(at, to)) else {
                break;
            };
            at = to;
            if game.holds(owner, to) {
                continue;
            }
            mask |= bit(to);
            if !game.is_empty(to) {
                break;
            }
        }
    }
    mask
}

pub(super) fn play_main(game: &mut Game, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    let piece = mv.piece().expect("a Ghost move names its piece");
    let kind = game.piece(piece).kind;
    let turning_back = matches!(
        mv,
        Move::Promote {
            into: Kind::Phantom,
            ..
        }
    ) && game.piece(piece).copy;
    if kind.faction() != Faction::Ghost && !turning_back {
        // A piece of another faction's kind moves by its kind's rules (D15).
        return faction_rules::play_main_of(kind.faction(), game, seat, mv, dice, log);
    }
    match mv {
        Move::Promote { to, .. } if turning_back => {
            let phantom = game.piece_mut(piece);
            phantom.kind = Kind::Phantom;
            phantom.copy = false;
            phantom.count = 1;
            game.progress = true;
            phantom_goes(game, piece, to, dice, log);
        }
        Move::Promote { to, into, .. } => {
            game.progress = true;
            game.move_piece(piece, to);
            game.change_kind(piece, into);
        }
        Move::Go { to, .. } => match kind {
            Kind::Spirit => {
                // A Spirit's step forward is the Ghost's pawn-like advance.
                game.progress = true;
                game.move_piece(piece, to);
            }
            Kind::Shade | Kind::Wraith => game.move_piece(piece, to),
            Kind::Phantom => phantom_goes(game, piece, to, dice, log),
            _ => {
                game.go(piece, to, dice, log);
            }
        },
        Move::Haunt { to, .. } => {
            game.move_piece(piece, to);
            // Onto a square an enemy Shade haunts, it stands seen, and is
            // struck there as the action ends (D8).
            let enemy_haunts = game
                .haunter(to)
                .is_some_and(|shade| game.piece(shade).owner != seat);
            if !enemy_haunts {
                game.haunt(piece);
            }
        }
        other => unreachable!("not a Ghost move: {other:?}"),
    }
}

/// A Phantom leaps to `to`; what it captures there, it becomes (line 39):
/// the same kind, and as many as a Swarmling stack was (D12).
fn phantom_goes(game: &mut Game, phantom: Ix, to: Sq, dice: &mut dyn Dice, log: &mut Log) {
    let victim = game.at(to);
    if !game.go(phantom, to, dice, log) {
        return;
    }
    let Some(victim) = victim.filter(|&victim| game.piece(victim).removed == "captured") else {
        return;
    };
    let copied = *game.piece(victim);
    let copy = game.piece_mut(phantom);
    copy.kind = copied.kind;
    copy.count = copied.count;
    copy.copy = true;
}

/// The squares a Ghost piece could capture on on its owner's next move
/// (G4). Spirits, Shades and the Wraith capture by no move; a Shade's
/// haunting capture is no move and must not show (D9).
pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    let from = square_of(game, ix);
    match game.piece(ix).kind {
        Kind::Spirit | Kind::Shade | Kind::Wraith => 0,
        Kind::Phantom => game.reach(from, &PHANTOM_LEAPS),
        Kind::Poltergeist => {
            reach_through_friends(game, ix, POLTERGEIST_REACH) | threats_in_place(game, ix)
        }
        other => unreachable!("a {other:?} is not a Ghost piece"),
    }
}

/// What a piece threatens without moving, so even while pinned: the
/// Poltergeist's capture beside it at the start of the turn (D14).
pub(super) fn threats_in_place(game: &Game, ix: Ix) -> u64 {
    let piece = game.piece(ix);
    match piece.kind {
        Kind::Poltergeist if !piece.copy => Game::leap_reach(square_of(game, ix), &ALL_DIRECTIONS),
        _ => 0,
    }
}

/// A copy could turn back and leap as a Phantom (D13, D15): its threats
/// besides its kind's.
pub(super) fn threats_as_phantom(game: &Game, ix: Ix) -> u64 {
    if game.piece(ix).copy {
        game.reach(square_of(game, ix), &PHANTOM_LEAPS)
    } else {
        0
    }
}

/// After every action: a Shade haunting a square where an enemy that moved
/// there in the action now stands alone captures it and shows itself (line
/// 38, D8). The capture is not asked of the Ghost's player, since a pause
/// for the question would tell the opponent that a Shade waits there (D7).
pub(super) fn strike(game: &mut Game, dice: &mut dyn Dice, log: &mut Log) -> Vec<Ix> {
    let mut struck = Vec::new();
    for sq in 0..grid::SQUARES as Sq {
        let Some(shade) = game.haunter(sq) else {
            continue;
        };
        let Some(victim) = game.at(sq) else {
            continue;
        };
        let prey = *game.piece(victim);
        if game.sharer(sq).is_some()
            || !game.arrived.contains(&victim)
            || prey.owner == game.piece(shade).owner
            || !prey.kind.can_be_captured()
        {
            continue;
        }
        let (acting, acting_to) = (game.acting, game.acting_to);
        game.acting = Some(shade);
        game.acting_to = Some(sq);
        let shown = game.describe(victim);
        if game.capture(victim, dice, log) && game.piece(victim).square.is_none() {
            game.unhaunt(shade);
            struck.push(victim);
            log.say(|| {
                format!(
                    "A Shade haunting {} captures the {shown}",
                    grid::to_square(sq)
                )
            });
        }
        (game.acting, game.acting_to) = (acting, acting_to);
    }
    struck
}

/// Draws anew where each Shade of another seat's haunts, unseen by `seat`
/// (line 38): every such Shade leaves its square, then each is put to haunt
/// a square drawn by `pick` among those with nothing standing or haunting
/// there (or, on a board with none, nothing haunting), which are the same
/// whatever squares the Shades held. What `seat` saw of a Shade before it
/// vanished is not used: a bot imagining the game this way knows less than
/// its seat, never more.
pub(super) fn draw_hidden_haunts(game: &mut ActionChessFactionChess, seat: u8, pick: Pick) {
    let hidden: Vec<Ix> = (0..game.pieces.len() as Ix)
        .filter(|&ix| game.piece(ix).owner != seat && game.is_haunting(ix))
        .collect();
    if hidden.is_empty() {
        return;
    }
    for &ix in &hidden {
        let sq = game
            .piece(ix)
            .square
            .expect("a haunting Shade has a square");
        game.haunting[sq as usize] = EMPTY;
    }
    for &ix in &hidden {
        let unhaunted = (0..grid::SQUARES as Sq).filter(|&sq| game.haunter(sq).is_none());
        let mut free: Vec<Sq> = unhaunted.clone().filter(|&sq| game.is_empty(sq)).collect();
        // A board so full that no square is free: a Shade may haunt under
        // a piece placed on its square (placing is not entering, D8), so
        // it is drawn among the squares no Shade haunts.
        if free.is_empty() {
            free = unhaunted.collect();
        }
        let sq = free[pick(free.len())];
        game.piece_mut(ix).square = Some(sq);
        game.haunting[sq as usize] = ix;
    }
    game.kept_view.forget();
}
