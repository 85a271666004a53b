//! Monte Carlo tree search over the rules' fast path.
//!
//! Open loop: an edge of the tree is a seat's move, whatever the dice then
//! roll, so one tree serves every roll; each playout rolls the bot's own
//! dice. Rewards are kept per seat (a node holds the reward of the seat
//! whose move led to it), so the same search serves two to four players.
//! Where a seat has many moves, a node widens progressively: it may hold
//! about `widening · √visits` edges, so a long list (a Swarm's splits, a
//! Wallmaster's walls) is sampled rather than tried move by move.

use fray_protocol::Seat;
use fray_rules::{GameRules, GameSystem};

use crate::chance::Chance;
use crate::value::{Rewards, rewards};

/// How hard a search looks.
#[derive(Debug, Clone, PartialEq)]
pub struct Search {
    /// Playouts per decision: the budget, which makes a search repeatable.
    pub playouts: u32,
    /// Moves a playout plays past the tree before the position is valued.
    pub playout_plies: u32,
    /// Legal moves a playout may list, over all its plies, before the
    /// position is valued: where lists run to thousands (a Swarm's splits)
    /// listing them is most of a playout's cost, so a playout there stops
    /// sooner, counted in moves (not time) to stay repeatable.
    pub playout_moves: usize,
    /// Legal moves a decision may list in all, over its playouts, before
    /// it stops searching. Where a seat's own list runs to thousands (a
    /// Swarm's splits), every walk down the tree lists much of it again;
    /// counted in moves, not time, so a decision stays repeatable.
    pub decision_moves: usize,
    /// UCB's exploration constant, for rewards between 0 and 1.
    pub exploration: f64,
    /// Edges a node may hold: `widening · √visits`, at least
    /// [`Search::FEWEST_EDGES`].
    pub widening: f64,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            playouts: 1,
            playout_plies: 16,
            playout_moves: 2_000,
            decision_moves: 500,
            exploration: 0.7,
            widening: 2.0,
        }
    }
}

/// Longer move lists than this are sampled when a node grows; shorter ones
/// are searched for a move not yet tried.
const SHORT_LIST: usize = 48;

struct Edge<M> {
    seat: Seat,
    mv: M,
    child: usize,
}

struct Node<M> {
    edges: Vec<Edge<M>>,
    /// The seat whose move led here (the root's is the bot's, unused).
    seat: Seat,
    visits: u32,
    /// `seat`'s reward, summed over the node's visits.
    reward: f64,
}

impl<M> Node<M> {
    fn new(seat: Seat) -> Node<M> {
        Node {
            edges: Vec::new(),
            seat,
            visits: 0,
            reward: 0.0,
        }
    }
}

impl Search {
    pub const FEWEST_EDGES: usize = 4;

    /// The move of `seat`'s (which has at least two) the search visits
    /// most, with `seat`'s mean reward over its visits (what the bot
    /// expects of the game, 0 to 1). Each playout starts from `game` with
    /// what it hides from `seat` drawn anew; `None` where the system cannot
    /// draw it, so that nothing was searched.
    pub fn best_move<G: GameSystem>(
        &self,
        game: &G,
        seat: Seat,
        chance: &mut Chance,
    ) -> Option<(G::Move, f64)> {
        let mut tree: Vec<Node<G::Move>> = vec![Node::new(seat)];
        let mut scratch = Vec::new();
        let mut path = Vec::new();
        // While nothing is hidden, every playout starts from the same game,
        // so the bot's own list is listed once, not once a playout: where
        // it runs to thousands (a Swarm's splits) that was most of the work.
        let mut root_moves = Vec::new();
        if !game.hides_anything() {
            game.legal_moves(seat, &mut root_moves);
        }
        let root = (!root_moves.is_empty()).then_some(root_moves.as_slice());
        let mut work = root_moves.len();
        for _ in 0..self.playouts {
            if work >= self.decision_moves {
                break;
            }
            let Some(mut state) = game.with_hidden_drawn(seat, &mut |n| chance.index(n)) else {
                break;
            };
            let mut listed = self.descend(
                &mut tree,
                &mut state,
                seat,
                root,
                &mut scratch,
                &mut path,
                chance,
            );
            let reached = self.playout(&mut state, &mut scratch, &mut listed, chance);
            work += listed;
            for &node in &path {
                let node = &mut tree[node];
                node.visits += 1;
                node.reward += reached.of(node.seat);
            }
        }
        tree[0]
            .edges
            .iter()
            .filter(|edge| edge.seat == seat)
            .max_by_key(|edge| tree[edge.child].visits)
            .map(|edge| {
                let child = &tree[edge.child];
                (edge.mv, child.reward / f64::from(child.visits.max(1)))
            })
    }

    /// `seat`'s mean reward over playouts from `game` (what it hides from
    /// `seat` drawn anew for each): how a bot values a position it need
    /// not move in, as when it answers a draw offer. `None` where the
    /// system cannot draw what it hides.
    pub fn value<G: GameSystem>(&self, game: &G, seat: Seat, chance: &mut Chance) -> Option<f64> {
        let mut scratch = Vec::new();
        let mut total = 0.0;
        let mut played = 0;
        let mut work = 0;
        while played < self.playouts.max(1) && work < self.decision_moves {
            let mut state = game.with_hidden_drawn(seat, &mut |n| chance.index(n))?;
            let mut listed = 0;
            total += self
                .playout(&mut state, &mut scratch, &mut listed, chance)
                .of(seat);
            work += listed;
            played += 1;
        }
        Some(total / f64::from(played))
    }

    /// Walks from the root, choosing by UCB among the edges a node has and
    /// growing one new edge where the node may widen; the nodes passed,
    /// root first, in `path`. `root_moves`, where given, are the root
    /// seat's moves, listed once for every playout. Returns how many legal
    /// moves it listed, which count against the playout's
    /// [`Search::playout_moves`]: where lists run to thousands, the walk
    /// down the tree is most of the work.
    #[allow(clippy::too_many_arguments)]
    fn descend<G: GameRules>(
        &self,
        tree: &mut Vec<Node<G::Move>>,
        state: &mut G,
        root_seat: Seat,
        root_moves: Option<&[G::Move]>,
        scratch: &mut Vec<G::Move>,
        path: &mut Vec<usize>,
        chance: &mut Chance,
    ) -> usize {
        path.clear();
        path.push(0);
        let mut node = 0;
        let mut listed = 0;
        loop {
            let to_act = state.to_act();
            if to_act.is_empty() {
                return listed;
            }
            // Where several decide at once, the search takes them in a
            // random order; at the root the bot's seat decides.
            let seat = if node == 0 {
                root_seat
            } else {
                to_act[chance.index(to_act.len())]
            };
            let legal: &[G::Move] = match root_moves {
                Some(root_moves) if node == 0 => root_moves,
                _ => {
                    scratch.clear();
                    state.legal_moves(seat, scratch);
                    listed += scratch.len();
                    scratch
                }
            };
            if legal.is_empty() {
                return listed;
            }
            let edges = tree[node]
                .edges
                .iter()
                .filter(|edge| edge.seat == seat)
                .count();
            let room = self.room(tree[node].visits);
            if edges < room
                && let Some(mv) = untried(&tree[node], seat, legal, chance)
            {
                let child = tree.len();
                tree.push(Node::new(seat));
                tree[node].edges.push(Edge { seat, mv, child });
                state.play_quiet(seat, mv, chance);
                path.push(child);
                return listed;
            }
            // The root's edges were all listed from the one game it starts
            // from: no dice can have made one illegal there.
            let may_be_illegal = (node != 0 || root_moves.is_none()).then_some(legal);
            let Some((mv, child)) = self.select(tree, node, seat, may_be_illegal) else {
                return listed;
            };
            state.play_quiet(seat, mv, chance);
            path.push(child);
            node = child;
        }
    }

    /// How many edges a node visited `visits` times may hold.
    fn room(&self, visits: u32) -> usize {
        let room = (self.widening * f64::from(visits + 1).sqrt()).ceil() as usize;
        room.max(Self::FEWEST_EDGES)
    }

    /// The legal edge of `seat` at `node` with the best upper bound; every
    /// edge is legal where `legal` is not given.
    fn select<M: Copy + PartialEq>(
        &self,
        tree: &[Node<M>],
        node: usize,
        seat: Seat,
        legal: Option<&[M]>,
    ) -> Option<(M, usize)> {
        let parent = f64::from(tree[node].visits.max(1)).ln();
        let mut best: Option<(f64, M, usize)> = None;
        for edge in tree[node].edges.iter().filter(|edge| edge.seat == seat) {
            let child = &tree[edge.child];
            let score = if child.visits == 0 {
                f64::INFINITY
            } else {
                let visits = f64::from(child.visits);
                child.reward / visits + self.exploration * (parent / visits).sqrt()
            };
            if best.as_ref().is_none_or(|(top, _, _)| score > *top)
                // An edge the dice have made illegal this time is passed by.
                && legal.is_none_or(|legal| legal.contains(&edge.mv))
            {
                best = Some((score, edge.mv, edge.child));
            }
        }
        best.map(|(_, mv, child)| (mv, child))
    }

    /// Plays random moves from `state` for at most `playout_plies` moves
    /// (fewer where the lists listed, counted on from `listed`, which the
    /// walk down the tree listed, reach `playout_moves`), then values where
    /// it got to.
    fn playout<G: GameRules>(
        &self,
        state: &mut G,
        legal: &mut Vec<G::Move>,
        listed: &mut usize,
        chance: &mut Chance,
    ) -> Rewards {
        for _ in 0..self.playout_plies {
            if *listed >= self.playout_moves {
                break;
            }
            let to_act = state.to_act();
            if to_act.is_empty() {
                break;
            }
            let seat = to_act[chance.index(to_act.len())];
            legal.clear();
            state.legal_moves(seat, legal);
            *listed += legal.len();
            if legal.is_empty() {
                break;
            }
            let mv = legal[chance.index(legal.len())];
            state.play_quiet(seat, mv, chance);
        }
        rewards(state)
    }
}

/// A move of `seat`'s not yet an edge of `node`: searched for in a short
/// list, drawn at random from a long one (none if the draw is one already
/// tried: the node then chooses among those it has).
fn untried<M: Copy + PartialEq>(
    node: &Node<M>,
    seat: Seat,
    legal: &[M],
    chance: &mut Chance,
) -> Option<M> {
    let tried = |mv: &M| {
        node.edges
            .iter()
            .any(|edge| edge.seat == seat && edge.mv == *mv)
    };
    if legal.len() > SHORT_LIST {
        let mv = legal[chance.index(legal.len())];
        return (!tried(&mv)).then_some(mv);
    }
    let fresh: Vec<M> = legal.iter().copied().filter(|mv| !tried(mv)).collect();
    (!fresh.is_empty()).then(|| fresh[chance.index(fresh.len())])
}
