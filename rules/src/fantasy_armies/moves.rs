//! Every decision a player can make, in a compact form, and the list of them
//! that are legal now. The protocol's `Action` is translated to and from these
//! in `actions.rs`; listing and acting share this one generator, so the
//! options a player is offered are exactly the actions the game accepts.

use super::armies::Role;
use super::board::{self, Sq};
use super::state::{FantasyArmies, Phase, Place};

/// A spell, by caster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spell {
    Armour,
    Fireblast,
    Teleport,
    Charge,
    Crunch,
    Smash,
    DrainLife,
    RaiseDeadZombie,
    RaiseDeadSkeleton,
    Slay,
    ArmourOfThorns,
    ArrowStorm,
    Entangle,
    DarkRitual,
    Hellfire,
    RainOfBlood,
}

/// What a move names that a `piece` acts on or moves to; [`NONE`] when unused.
pub const NONE: u8 = u8::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Deploy { piece: u8, to: Sq },
    /// The first deployer decides who takes the first battle turn.
    GoFirst { me: bool },
    /// Move as the chess counterpart; onto an enemy it is a contest.
    Step { piece: u8, to: Sq },
    Shoot { piece: u8, target: u8 },
    Cast {
        piece: u8,
        spell: Spell,
        target: u8,
        to: Sq,
    },
    /// Dwarf Miner: to any vacant square on a 5+.
    Tunnel { piece: u8, to: Sq },
    /// Only when nothing else is legal.
    Pass,
}

impl FantasyArmies {
    /// Every legal move for the seat that decides now, appended to `out`.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        match self.phase {
            Phase::Deploy { seat } => self.deploy_moves(seat, out),
            Phase::ChooseFirst { .. } => {
                out.push(Move::GoFirst { me: true });
                out.push(Move::GoFirst { me: false });
            }
            Phase::Battle { seat } => {
                let before = out.len();
                for (index, piece) in self.on_board() {
                    if piece.owner == seat {
                        self.piece_moves(index, out);
                    }
                }
                if out.len() == before {
                    out.push(Move::Pass);
                }
            }
            Phase::Over(_) => {}
        }
    }

    /// The seat that decides now.
    pub(crate) fn deciding_seat(&self) -> Option<u8> {
        match self.phase {
            Phase::Deploy { seat } | Phase::ChooseFirst { seat } | Phase::Battle { seat } => {
                Some(seat)
            }
            Phase::Over(_) => None,
        }
    }

    fn deploy_moves(&self, seat: u8, out: &mut Vec<Move>) {
        // Pieces of one unit are interchangeable: offer the first waiting one of each.
        let mut offered: Vec<u8> = Vec::new();
        for (index, piece) in self.pieces.iter().enumerate() {
            if piece.owner != seat || piece.place != Place::Reserve || offered.contains(&piece.unit)
            {
                continue;
            }
            offered.push(piece.unit);
            let whole_half = piece.profile().role == Role::Ranger;
            for rank in board::deployment_ranks(seat, whole_half) {
                for file in 0..board::SIZE {
                    let to = board::at(file, rank);
                    if self.is_empty(to) {
                        out.push(Move::Deploy {
                            piece: index as u8,
                            to,
                        });
                    }
                }
            }
        }
    }

    fn piece_moves(&self, index: u8, out: &mut Vec<Move>) {
        self.step_moves(index, out);
        self.shoot_moves(index, out);
        self.spell_moves(index, out);
        if self.piece(index).profile().role == Role::Miner {
            for to in 0..board::SQUARES as Sq {
                if self.is_empty(to) {
                    out.push(Move::Tunnel { piece: index, to });
                }
            }
        }
    }
}
