//! Every decision a player can make, in a compact form, and the list of them
//! that are legal now. The protocol's `Action` is translated to and from these
//! in `actions.rs`; listing and acting share this one generator, so the
//! options a player is offered are exactly the actions the game accepts.

use super::board::{self, Sq};
use super::state::{FantasyArmies, Phase, Place};
use super::units::{Caster, Role};

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
    Deploy {
        piece: u8,
        to: Sq,
    },
    /// The first deployer decides who takes the first battle turn.
    GoFirst {
        me: bool,
    },
    /// Move as the chess counterpart; onto an enemy it is a contest.
    Step {
        piece: u8,
        to: Sq,
    },
    Shoot {
        piece: u8,
        target: u8,
    },
    Cast {
        piece: u8,
        spell: Spell,
        target: u8,
        to: Sq,
    },
    /// Dwarf Miner: to any vacant square on a 5+.
    Tunnel {
        piece: u8,
        to: Sq,
    },
    /// Only when nothing else is legal.
    Pass,
}

impl FantasyArmies {
    /// The seat that decides now.
    pub(crate) fn seat_to_act(&self) -> Option<u8> {
        match self.phase {
            Phase::Deploy { seat } | Phase::ChooseFirst { seat } | Phase::Battle { seat } => {
                Some(seat)
            }
            Phase::Over(_) => None,
        }
    }

    fn deploy_moves(&self, seat: u8, out: &mut Vec<Move>) {
        // Pieces of one unit are interchangeable: offer the first waiting one of each.
        const _: () = assert!(super::units::UNITS.len() <= 64, "one bit per unit");
        let mut offered: u64 = 0;
        for (index, piece) in self.pieces.iter().enumerate() {
            let unit_bit = 1u64 << piece.unit;
            if piece.owner != seat || piece.place != Place::Reserve || offered & unit_bit != 0 {
                continue;
            }
            offered |= unit_bit;
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

    /// `vacant` lists the empty squares, which Teleport and tunnelling may reach.
    fn piece_moves(&self, index: u8, vacant: &[Sq], out: &mut Vec<Move>) {
        self.step_moves(index, out);
        self.shoot_moves(index, out);
        self.spell_moves(index, vacant, out);
        if self.piece(index).profile().role == Role::Miner {
            out.extend(vacant.iter().map(|&to| Move::Tunnel { piece: index, to }));
        }
    }
}

/// Every legal move for the seat that decides now, appended to `out`.
pub(super) fn legal_moves(game: &FantasyArmies, out: &mut Vec<Move>) {
    match game.phase {
        Phase::Deploy { seat } => game.deploy_moves(seat, out),
        Phase::ChooseFirst { .. } => {
            out.push(Move::GoFirst { me: true });
            out.push(Move::GoFirst { me: false });
        }
        Phase::Battle { seat } => {
            let before = out.len();
            // Only Teleport and tunnelling reach any vacant square: list them only then.
            let mut vacant = [0 as Sq; board::SQUARES];
            let mut count = 0;
            let reaches_anywhere = game.on_board().any(|(_, piece)| {
                piece.owner == seat
                    && matches!(
                        piece.profile().role,
                        Role::Miner | Role::Caster(Caster::Wizard)
                    )
            });
            if reaches_anywhere {
                for sq in 0..board::SQUARES as Sq {
                    if game.is_empty(sq) {
                        vacant[count] = sq;
                        count += 1;
                    }
                }
            }
            for (index, piece) in game.on_board() {
                if piece.owner == seat {
                    game.piece_moves(index, &vacant[..count], out);
                }
            }
            if out.len() == before {
                out.push(Move::Pass);
            }
        }
        Phase::Over(_) => {}
    }
}
