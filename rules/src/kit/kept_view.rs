//! The referee's view, kept between actions and built again only where an
//! action changed it. Every action's effects are the difference between the
//! views before and after it (`fray_protocol::diff`), and a whole view is
//! dear to build (every piece's profile and markers in words) while an
//! action changes few pieces. A system says cheaply what shows of each piece
//! ([`Piecewise`]), and [`KeptView`] builds again only the pieces whose
//! stamp changed, making the same effects, in the same order, as comparing
//! the whole views.

use std::fmt::Debug;

use fray_protocol::{
    Effect, PieceId, PieceView, RemovalReason, Square, View, diff_board, diff_piece,
    diff_piece_square, diff_players, diff_progress,
};

/// The referee's view of a game in parts, each cheap to tell unchanged.
pub trait Piecewise {
    /// What shows of one piece in the referee's view besides its square, in
    /// a form cheap to find and compare: while a piece's look stays the
    /// same, so does its view but for the square.
    type PieceLook: Copy + PartialEq + Debug + Send + Sync + 'static;

    /// What shows of the setting (the board's terrain and walls, the
    /// players' armies and counters), likewise: it changes rarely.
    type SettingStamp: Copy + PartialEq + Debug + Send + Sync + 'static;

    /// Every piece the referee sees, in id order, each with its stamp.
    fn piece_stamps(&self, out: &mut Vec<PieceStamp<Self::PieceLook>>);

    /// The referee's view of a piece that [`Piecewise::piece_stamps`] lists.
    fn piece_view(&self, piece: PieceId) -> PieceView;

    fn setting_stamp(&self) -> Self::SettingStamp;

    /// Writes the system, the board's size, its terrain and walls, and the
    /// players.
    fn setting_view(&self, view: &mut View);

    /// Writes where the game is: the turn, and the outcome once there is
    /// one. Small, and built again after every action.
    fn progress_view(&self, view: &mut View);
}

/// What shows of one piece: its square apart, since most actions change
/// nothing else of a piece, and a piece that only moved is moved in the kept
/// view rather than built again.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PieceStamp<L> {
    pub piece: PieceId,
    pub square: Option<Square>,
    pub look: L,
}

/// The referee's whole view, from its parts.
pub fn referee_view<G: Piecewise>(game: &G) -> View {
    let mut stamps = Vec::new();
    game.piece_stamps(&mut stamps);
    whole_view(game, &stamps)
}

fn whole_view<G: Piecewise>(game: &G, stamps: &[PieceStamp<G::PieceLook>]) -> View {
    let mut view = View::default();
    game.setting_view(&mut view);
    view.pieces = stamps
        .iter()
        .map(|stamp| (stamp.piece, game.piece_view(stamp.piece)))
        .collect();
    game.progress_view(&mut view);
    view
}

/// The referee's view as the last action left it, with the stamps it was
/// built from. It belongs to no game's value: a clone starts empty (a
/// game copied to try a move need not copy its view) and any two compare
/// equal.
pub struct KeptView<G: Piecewise> {
    kept: Option<Kept<G>>,
    /// The stamps of the moment, kept only to reuse their memory.
    fresh: Vec<PieceStamp<G::PieceLook>>,
}

struct Kept<G: Piecewise> {
    view: View,
    stamps: Vec<PieceStamp<G::PieceLook>>,
    setting: G::SettingStamp,
}

impl<G: Piecewise> KeptView<G> {
    /// Makes sure a view of `game` as it stands is kept, building it whole
    /// if none is.
    pub fn keep(&mut self, game: &G) -> &View {
        let kept = self.kept.get_or_insert_with(|| {
            let mut stamps = Vec::new();
            game.piece_stamps(&mut stamps);
            Kept {
                view: whole_view(game, &stamps),
                stamps,
                setting: game.setting_stamp(),
            }
        });
        debug_assert!(
            kept.view == referee_view(game),
            "the kept view is not the game's: the game changed other than by `act`"
        );
        &kept.view
    }

    /// Forgets the kept view: the game is about to change other than by an
    /// action whose effects are wanted.
    pub fn forget(&mut self) {
        self.kept = None;
    }

    /// Brings the kept view up to `game` as it stands now, appending to
    /// `out` exactly what `fray_protocol::diff` of the old and new views
    /// gives. Needs a view kept by [`KeptView::keep`] before the change.
    pub fn update(
        &mut self,
        game: &G,
        reasons: &dyn RemovalReason,
        out: &mut Vec<Effect>,
    ) -> &View {
        let kept = self
            .kept
            .as_mut()
            .expect("`keep` was called before the game changed");
        let setting = game.setting_stamp();
        let fresh_setting = (setting != kept.setting).then(|| {
            let mut fresh = View::default();
            game.setting_view(&mut fresh);
            fresh
        });
        if let Some(fresh) = &fresh_setting {
            diff_board(&kept.view, fresh, out);
        }
        self.fresh.clear();
        game.piece_stamps(&mut self.fresh);
        update_pieces(
            game,
            &mut kept.view,
            &kept.stamps,
            &self.fresh,
            reasons,
            out,
        );
        std::mem::swap(&mut kept.stamps, &mut self.fresh);
        if let Some(fresh) = fresh_setting {
            diff_players(&kept.view, &fresh, out);
            kept.view.system = fresh.system;
            kept.view.width = fresh.width;
            kept.view.height = fresh.height;
            kept.view.terrain = fresh.terrain;
            kept.view.walls = fresh.walls;
            kept.view.players = fresh.players;
            kept.setting = setting;
        }
        let mut progress = View::default();
        game.progress_view(&mut progress);
        diff_progress(&kept.view, &progress, out);
        kept.view.turn = progress.turn;
        kept.view.outcome = progress.outcome;
        debug_assert!(
            kept.view == referee_view(game),
            "the kept view is not the game's: a stamp leaves out something its part shows"
        );
        &kept.view
    }
}

/// Walks the old and new stamps together in id order, building and
/// comparing only the pieces that came, went or changed their stamp.
fn update_pieces<G: Piecewise>(
    game: &G,
    view: &mut View,
    old: &[PieceStamp<G::PieceLook>],
    new: &[PieceStamp<G::PieceLook>],
    reasons: &dyn RemovalReason,
    out: &mut Vec<Effect>,
) {
    let (mut o, mut n) = (0, 0);
    while o < old.len() || n < new.len() {
        // Which piece to look at, and whether it is in the view now.
        let (piece, stands) = match (old.get(o), new.get(n)) {
            (Some(was), Some(now)) if was.piece == now.piece => {
                o += 1;
                n += 1;
                if was.look == now.look {
                    if was.square != now.square {
                        let kept = view.pieces.get_mut(&now.piece);
                        let kept = kept.expect("the kept view holds every stamped piece");
                        diff_piece_square(kept, now.square, out);
                    }
                    continue;
                }
                (now.piece, true)
            }
            (Some(was), Some(now)) if was.piece < now.piece => {
                o += 1;
                (was.piece, false)
            }
            (Some(was), None) => {
                o += 1;
                (was.piece, false)
            }
            (_, Some(now)) => {
                n += 1;
                (now.piece, true)
            }
            (None, None) => unreachable!("the loop stops when both are done"),
        };
        let now = stands.then(|| game.piece_view(piece));
        diff_piece(view.pieces.get(&piece), now.as_ref(), reasons, out);
        match now {
            Some(now) => view.pieces.insert(piece, now),
            None => view.pieces.remove(&piece),
        };
    }
}

impl<G: Piecewise> Default for KeptView<G> {
    fn default() -> Self {
        KeptView {
            kept: None,
            fresh: Vec::new(),
        }
    }
}

impl<G: Piecewise> Clone for KeptView<G> {
    fn clone(&self) -> Self {
        KeptView::default()
    }
}

impl<G: Piecewise> PartialEq for KeptView<G> {
    fn eq(&self, _: &KeptView<G>) -> bool {
        true
    }
}

impl<G: Piecewise> Eq for KeptView<G> {}

impl<G: Piecewise> Debug for KeptView<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeptView")
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use fray_protocol::{PlayerView, Seat, Square, Stat, TurnView, diff};
    use proptest::prelude::*;

    use super::*;

    /// A toy game: pieces with a square and a strength, some terrain, a turn
    /// number. Its stamps are honest, so the kept view must agree with the
    /// whole one at every step.
    #[derive(Clone, Debug, Default)]
    struct Toy {
        pieces: BTreeMap<u32, (Option<u8>, u8)>,
        forests: u64,
        tokens: i64,
        turn: u32,
    }

    impl Piecewise for Toy {
        type PieceLook = u8;
        type SettingStamp = (u64, i64);

        fn piece_stamps(&self, out: &mut Vec<PieceStamp<u8>>) {
            out.extend(
                self.pieces
                    .iter()
                    .map(|(&id, &(square, strength))| PieceStamp {
                        piece: PieceId(id),
                        square: square.map(toy_square),
                        look: strength,
                    }),
            );
        }

        fn piece_view(&self, piece: PieceId) -> PieceView {
            let (square, strength) = self.pieces[&piece.0];
            PieceView {
                count: 1,
                id: piece,
                owner: Seat(0),
                kind: "toy".into(),
                name: "Toy".into(),
                glyph: "T".into(),
                square: square.map(toy_square),
                stats: vec![Stat::new("S", strength.to_string())],
                markers: vec![],
            }
        }

        fn setting_stamp(&self) -> (u64, i64) {
            (self.forests, self.tokens)
        }

        fn setting_view(&self, view: &mut View) {
            view.system = "toy".into();
            view.width = 8;
            view.height = 8;
            view.terrain = (0..64u8)
                .filter(|sq| self.forests & (1 << sq) != 0)
                .map(|sq| (Square::new(sq % 8, sq / 8), "forest".to_string()))
                .collect();
            view.players = vec![PlayerView {
                seat: Seat(0),
                army: None,
                resources: (self.tokens > 0)
                    .then(|| ("tokens".to_string(), self.tokens))
                    .into_iter()
                    .collect(),
            }];
        }

        fn progress_view(&self, view: &mut View) {
            view.turn = TurnView {
                number: self.turn,
                round: None,
                phase: "play".into(),
                active: vec![Seat(0)],
            };
        }
    }

    fn toy_square(sq: u8) -> Square {
        Square::new(sq % 8, sq / 8)
    }

    #[derive(Clone, Debug)]
    enum Change {
        Place(u32, Option<u8>, u8),
        Remove(u32),
        Forests(u64),
        Tokens(i64),
        Turn,
    }

    fn change() -> impl Strategy<Value = Change> {
        prop_oneof![
            (0..12u32, proptest::option::of(0..64u8), 0..3u8)
                .prop_map(|(id, square, strength)| Change::Place(id, square, strength)),
            (0..12u32).prop_map(Change::Remove),
            any::<u64>().prop_map(|mask| Change::Forests(mask & 0xff)),
            (0..3i64).prop_map(Change::Tokens),
            Just(Change::Turn),
        ]
    }

    fn reason(piece: PieceId) -> String {
        format!("gone {}", piece.0)
    }

    proptest! {
        /// Whatever changes, several at a time, the kept view's effects are
        /// exactly the whole views' diff, in the same order.
        #[test]
        fn updating_gives_the_diff_of_the_whole_views(
            steps in proptest::collection::vec(proptest::collection::vec(change(), 0..5), 1..12)
        ) {
            let mut toy = Toy::default();
            let mut kept = KeptView::default();
            kept.keep(&toy);
            for step in steps {
                let before = referee_view(&toy);
                for change in step {
                    match change {
                        Change::Place(id, square, strength) => {
                            toy.pieces.insert(id, (square, strength));
                        }
                        Change::Remove(id) => {
                            toy.pieces.remove(&id);
                        }
                        Change::Forests(mask) => toy.forests = mask,
                        Change::Tokens(tokens) => toy.tokens = tokens,
                        Change::Turn => toy.turn += 1,
                    }
                }
                let mut effects = Vec::new();
                let view = kept.update(&toy, &reason, &mut effects).clone();
                let after = referee_view(&toy);
                prop_assert_eq!(&view, &after);
                prop_assert_eq!(effects, diff(&before, &after, &reason));
            }
        }
    }

    #[test]
    #[should_panic(expected = "`keep` was called before the game changed")]
    fn updating_without_a_kept_view_is_a_mistake() {
        KeptView::default().update(&Toy::default(), &reason, &mut Vec::new());
    }

    #[test]
    fn a_clone_keeps_nothing_and_any_two_are_equal() {
        let toy = Toy::default();
        let mut kept = KeptView::<Toy>::default();
        kept.keep(&toy);
        assert!(kept.clone().kept.is_none());
        assert!(kept == KeptView::default());
    }
}
