//! Every decision a player can make, in a compact form, and the one generator
//! of those legal now. `actions.rs` translates them to and from the
//! protocol's `Action`; `act` accepts exactly what this lists.

use super::army::Trait;
use super::board::Sq;
use super::large::Reach;
use super::state::{ChessboardConfrontation, Kind, Mode, Pending, Phase, marks};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Set-up or a late arrival: a miniature onto its owner's side; a Large
    /// one with its main space on `to` and its body reaching `reach`.
    Place {
        piece: u8,
        to: Sq,
        reach: Option<Reach>,
    },
    /// Discard a token: this miniature takes a turn.
    Activate {
        piece: u8,
    },
    /// Discard a token and let no miniature act.
    Pass,
    Step {
        piece: u8,
        to: Sq,
    },
    Attack {
        piece: u8,
        target: u8,
        kind: Kind,
        mode: Mode,
    },
    Summon {
        piece: u8,
        ally: u8,
        to: Sq,
    },
    PickUp {
        piece: u8,
    },
    /// Put the objective down on the carrier's space or one next to it.
    Drop {
        piece: u8,
        to: Sq,
    },
    /// Give the Support marker to an ally within 3 spaces.
    Support {
        piece: u8,
        ally: u8,
    },
    /// The acting miniature is done.
    End,
    /// Reroll the failed roll with Lucky (`support: false`) or the Support marker.
    Reroll {
        support: bool,
    },
    /// Spend this Heal marker to reroll the failed Defence roll.
    Heal {
        healer: u8,
    },
    /// Let the roll stand; keep the Support marker.
    Accept,
}

impl ChessboardConfrontation {
    /// What the acting miniature may still do this turn.
    fn turn_moves(&self, out: &mut Vec<Move>) {
        let a = self.activation.expect("a miniature acts");
        let piece = a.piece;
        let mini = self.mini(piece);
        if !a.moved && a.attacks < 2 && !mini.marked(marks::STUN) {
            let reach = self.destinations(piece);
            out.extend(super::board::squares_of(reach).map(|to| Move::Step { piece, to }));
        }
        if self.may_attack() {
            for kind in Kind::ALL {
                let rulings = self.settings.rulings;
                let other_type = a.kind.is_some_and(|k| !rulings.same_attack_type(k, kind));
                if !self.has_attack(piece, kind) || other_type {
                    continue;
                }
                for target in self.attack_targets(piece, kind) {
                    out.push(Move::Attack {
                        piece,
                        target,
                        kind,
                        mode: Mode::Regular,
                    });
                    let t = self.mini(target);
                    if mini.has(Trait::Poison) && !t.marked(marks::POISON) {
                        out.push(Move::Attack {
                            piece,
                            target,
                            kind,
                            mode: Mode::Poison,
                        });
                    }
                    if mini.has(Trait::Stun) && !t.marked(marks::STUN) {
                        out.push(Move::Attack {
                            piece,
                            target,
                            kind,
                            mode: Mode::Stun,
                        });
                    }
                }
            }
        }
        if mini.has(Trait::Summon) && a.attacks == 0 && !a.summoned {
            self.summon_moves(piece, out);
        }
        self.objective_moves(piece, out);
    }
}

/// Every legal move for the seat that decides now, appended to `out`.
pub(super) fn legal_moves(game: &ChessboardConfrontation, out: &mut Vec<Move>) {
    if game.is_over() {
        return;
    }
    match game.pending {
        Some(Pending::Reroll(_)) => {
            let (lucky, support) = game.rerolls();
            if lucky {
                out.push(Move::Reroll { support: false });
            }
            if support {
                out.push(Move::Reroll { support: true });
            }
            out.push(Move::Accept);
            return;
        }
        Some(Pending::Heal { defender }) => {
            out.extend(game.healers(defender).map(|healer| Move::Heal { healer }));
            out.push(Move::Accept);
            return;
        }
        Some(Pending::Support { supporter }) => {
            out.extend(game.support_allies(supporter).map(|ally| Move::Support {
                piece: supporter,
                ally,
            }));
            out.push(Move::Accept);
            return;
        }
        None => {}
    }
    match game.phase {
        Phase::Place { seat } | Phase::Arrive { seat } => game.placements(seat, out),
        Phase::Battle { seat } => {
            game.support_moves(seat, out);
            match game.activation {
                None => {
                    out.extend(game.eligible(seat).map(|piece| Move::Activate { piece }));
                    out.push(Move::Pass);
                }
                Some(_) => {
                    game.turn_moves(out);
                    out.push(Move::End);
                }
            }
        }
        Phase::Over(_) => {}
    }
}
