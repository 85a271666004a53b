use std::collections::BTreeSet;

use crate::{Effect, PieceChange, PieceId, PieceView, Square, View};

/// Why a piece left a view, for the effect that takes it away. A view does
/// not say why a piece is gone (defeated, captured, merely out of sight), so
/// whoever diffs two views says it.
pub trait RemovalReason {
    fn reason(&self, piece: PieceId) -> String;
}

impl<F: Fn(PieceId) -> String> RemovalReason for F {
    fn reason(&self, piece: PieceId) -> String {
        self(piece)
    }
}

/// The effects that turn `before` into `after`:
/// `apply_all(before, diff(before, after, reasons)) == after`, always.
///
/// The order is fixed, so that the same two views give the same effects byte
/// for byte: terrain (squares that lost theirs, then squares whose terrain is
/// new or changed, in square order), walls, pieces in id order (removed,
/// placed, moved, then one `PieceChanged` naming what else changed), players
/// (a new or re-armed player whole, then each changed counter), the turn, and
/// the outcome once it is set. A `GameCreated` is never made: the two views
/// are of the same game.
pub fn diff(before: &View, after: &View, reasons: &dyn RemovalReason) -> Vec<Effect> {
    let mut out = Vec::new();
    diff_into(before, after, reasons, &mut out);
    out
}

/// [`diff`], appending to `out`.
pub fn diff_into(before: &View, after: &View, reasons: &dyn RemovalReason, out: &mut Vec<Effect>) {
    diff_board(before, after, out);
    diff_pieces(before, after, reasons, out);
    diff_players(before, after, out);
    diff_progress(before, after, out);
}

/// The part of [`diff`] that compares the board: terrain, then walls.
/// [`diff`] is `diff_board`, [`diff_piece`] for each piece in id order, then
/// [`diff_players`] and [`diff_progress`]; one who keeps a view can compare
/// only the parts that changed and make the same effects.
pub fn diff_board(before: &View, after: &View, out: &mut Vec<Effect>) {
    if before.terrain != after.terrain {
        for square in before.terrain.keys() {
            if !after.terrain.contains_key(square) {
                out.push(Effect::TerrainChanged {
                    square: *square,
                    terrain: None,
                });
            }
        }
        for (square, terrain) in &after.terrain {
            if before.terrain.get(square) != Some(terrain) {
                out.push(Effect::TerrainChanged {
                    square: *square,
                    terrain: Some(terrain.clone()),
                });
            }
        }
    }
    if before.walls != after.walls {
        for wall in &before.walls {
            if !after.walls.iter().any(|w| w.between == wall.between) {
                out.push(Effect::WallChanged {
                    between: wall.between,
                    wall: None,
                });
            }
        }
        for wall in &after.walls {
            if !before.walls.contains(wall) {
                out.push(Effect::WallChanged {
                    between: wall.between,
                    wall: Some(wall.kind.clone()),
                });
            }
        }
    }
}

/// The part of [`diff`] that compares the players: armies and counters.
pub fn diff_players(before: &View, after: &View, out: &mut Vec<Effect>) {
    for player in &after.players {
        match before.player(player.seat) {
            // A counter at 0 is one `ResourceChanged` would take away.
            Some(old) if old.army == player.army && !player.resources.values().any(|&v| v == 0) => {
                if old.resources == player.resources {
                    continue;
                }
                let keys: BTreeSet<&String> = old
                    .resources
                    .keys()
                    .chain(player.resources.keys())
                    .collect();
                for key in keys {
                    let value = player.resources.get(key).copied().unwrap_or(0);
                    if old.resources.get(key) != player.resources.get(key) {
                        out.push(Effect::ResourceChanged {
                            seat: player.seat,
                            key: key.clone(),
                            value,
                        });
                    }
                }
            }
            _ => out.push(Effect::PlayerChanged {
                player: player.clone(),
            }),
        }
    }
}

/// The part of [`diff`] that compares where the game is: the turn, and the
/// outcome once there is one.
pub fn diff_progress(before: &View, after: &View, out: &mut Vec<Effect>) {
    if before.turn != after.turn {
        out.push(Effect::TurnChanged {
            turn: after.turn.clone(),
        });
    }
    if before.outcome != after.outcome
        && let Some(outcome) = &after.outcome
    {
        out.push(Effect::GameEnded {
            outcome: outcome.clone(),
        });
    }
}

fn diff_pieces(before: &View, after: &View, reasons: &dyn RemovalReason, out: &mut Vec<Effect>) {
    let mut old = before.pieces.values().peekable();
    let mut new = after.pieces.values().peekable();
    loop {
        let (was, now) = match (old.peek(), new.peek()) {
            (None, None) => break,
            (Some(was), Some(now)) if was.id == now.id => (old.next(), new.next()),
            (Some(was), Some(now)) if was.id < now.id => (old.next(), None),
            (Some(_), None) => (old.next(), None),
            (_, Some(_)) => (None, new.next()),
        };
        diff_piece(was, now, reasons, out);
    }
}

/// The part of [`diff`] for one piece: as it `was` and as it is `now`, each
/// `None` where the view does not hold it.
pub fn diff_piece(
    was: Option<&PieceView>,
    now: Option<&PieceView>,
    reasons: &dyn RemovalReason,
    out: &mut Vec<Effect>,
) {
    match (was, now) {
        (Some(was), Some(now)) => diff_piece_kept(was, now, out),
        (Some(was), None) => out.push(Effect::PieceRemoved {
            piece: was.id,
            reason: reasons.reason(was.id),
        }),
        (None, Some(now)) => out.push(Effect::PiecePlaced { piece: now.clone() }),
        (None, None) => {}
    }
}

/// The part of [`diff`] for a piece of which nothing changed but its square:
/// `piece` is taken to `square` and the effects that say so are appended.
/// The same as [`diff_piece`] of the piece before and after, without
/// building the piece again.
pub fn diff_piece_square(piece: &mut PieceView, square: Option<Square>, out: &mut Vec<Effect>) {
    if piece.square == square {
        return;
    }
    let from = std::mem::replace(&mut piece.square, square);
    match square {
        // Leaving the board has no change of its own: placed again whole.
        None => out.push(Effect::PiecePlaced {
            piece: piece.clone(),
        }),
        Some(to) => out.push(Effect::PieceMoved {
            piece: piece.id,
            from,
            to,
        }),
    }
}

fn diff_piece_kept(was: &PieceView, now: &PieceView, out: &mut Vec<Effect>) {
    if was == now {
        return;
    }
    // A piece's owner has no change of its own, nor has leaving the board:
    // the piece is placed again whole.
    if was.owner != now.owner || (was.square.is_some() && now.square.is_none()) {
        out.push(Effect::PiecePlaced { piece: now.clone() });
        return;
    }
    if let (Some(to), true) = (now.square, was.square != now.square) {
        out.push(Effect::PieceMoved {
            piece: now.id,
            from: was.square,
            to,
        });
    }
    let changed = |same: bool, part: &String| (!same).then(|| part.clone());
    let change = PieceChange {
        kind: changed(was.kind == now.kind, &now.kind),
        name: changed(was.name == now.name, &now.name),
        glyph: changed(was.glyph == now.glyph, &now.glyph),
        // Always whole, as every system has written them: a client replaces
        // the profile and markers together.
        stats: Some(now.stats.clone()),
        markers: Some(now.markers.clone()),
        count: (was.count != now.count).then_some(now.count),
    };
    let anything_else = change.kind.is_some()
        || change.name.is_some()
        || change.glyph.is_some()
        || change.count.is_some()
        || was.stats != now.stats
        || was.markers != now.markers;
    if anything_else {
        out.push(Effect::PieceChanged {
            piece: now.id,
            change,
        });
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::*;

    use super::*;
    use crate::{Marker, Outcome, PlayerView, Seat, Square, Stat, TurnView, Wall, apply_all};

    fn neutral(_: PieceId) -> String {
        "out of sight".into()
    }

    fn applied(before: &View, effects: &[Effect]) -> View {
        let mut view = before.clone();
        apply_all(&mut view, effects);
        view
    }

    fn piece(id: u32, square: Option<Square>) -> PieceView {
        PieceView {
            count: 1,
            id: PieceId(id),
            owner: Seat(0),
            kind: "knight".into(),
            name: "Knight".into(),
            glyph: "N".into(),
            square,
            stats: vec![Stat::new("HTH", "2")],
            markers: vec![],
        }
    }

    #[test]
    fn a_stack_that_grows_or_becomes_one_is_a_change_of_its_count() {
        let mut before = View::default();
        before.pieces.insert(PieceId(1), piece(1, None));
        for (was, now) in [(1, 3), (3, 2), (2, 1)] {
            before.pieces.get_mut(&PieceId(1)).unwrap().count = was;
            let mut after = before.clone();
            after.pieces.get_mut(&PieceId(1)).unwrap().count = now;
            let effects = diff(&before, &after, &|_: PieceId| String::new());
            let [Effect::PieceChanged { change, .. }] = effects.as_slice() else {
                panic!("{was} to {now}: {effects:?}");
            };
            assert_eq!(change.count, Some(now));
            assert_eq!(applied(&before, &effects), after);
        }
        let json = serde_json::to_value(piece(1, None)).unwrap();
        assert!(json.get("count").is_none(), "one is left out: {json}");
    }

    #[test]
    fn the_effects_come_in_the_canonical_order_and_forms() {
        let sq = |name: &str| name.parse::<Square>().unwrap();
        let mut before = View {
            system: "test".into(),
            width: 8,
            height: 8,
            ..View::default()
        };
        before.terrain.insert(sq("a1"), "forest".into());
        before.pieces.insert(PieceId(1), piece(1, Some(sq("b1"))));
        before.pieces.insert(PieceId(2), piece(2, Some(sq("c1"))));
        before.pieces.insert(PieceId(3), piece(3, None));
        before.players.push(PlayerView {
            seat: Seat(0),
            army: Some("Dwarfs".into()),
            resources: BTreeMap::from([("tokens".into(), 2)]),
        });
        let mut after = before.clone();
        after.terrain.clear();
        after.terrain.insert(sq("d4"), "hill".into());
        after.pieces.remove(&PieceId(1));
        after.pieces.get_mut(&PieceId(2)).unwrap().square = Some(sq("c3"));
        after.pieces.get_mut(&PieceId(2)).unwrap().markers = vec![Marker::new("smash", "+2")];
        after.pieces.get_mut(&PieceId(3)).unwrap().square = Some(sq("a2"));
        after.pieces.insert(PieceId(4), piece(4, Some(sq("h8"))));
        after.players[0].resources.clear();
        after.turn = TurnView {
            number: 1,
            round: None,
            phase: "battle".into(),
            active: vec![],
        };
        after.outcome = Some(Outcome::draw("cap"));
        let effects = diff(&before, &after, &|_: PieceId| "defeated".to_string());
        let kinds: Vec<String> = effects
            .iter()
            .map(|e| {
                serde_json::to_value(e).unwrap()["type"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "terrain_changed",
                "terrain_changed",
                "piece_removed",
                "piece_moved",
                "piece_changed",
                "piece_moved",
                "piece_placed",
                "resource_changed",
                "turn_changed",
                "game_ended"
            ]
        );
        assert_eq!(
            effects[2],
            Effect::PieceRemoved {
                piece: PieceId(1),
                reason: "defeated".into()
            }
        );
        assert_eq!(
            effects[5],
            Effect::PieceMoved {
                piece: PieceId(3),
                from: None,
                to: sq("a2")
            }
        );
        let Effect::PieceChanged { change, .. } = &effects[4] else {
            panic!("a change")
        };
        assert!(change.kind.is_none() && change.name.is_none() && change.glyph.is_none());
        assert!(change.stats.is_some() && change.markers.is_some());
        assert_eq!(applied(&before, &effects), after);
        assert!(diff(&after, &after, &neutral).is_empty());
    }

    #[test]
    fn a_piece_leaving_the_board_or_changing_hands_is_placed_whole() {
        let mut before = View::default();
        before
            .pieces
            .insert(PieceId(1), piece(1, Some(Square::new(0, 0))));
        let mut after = before.clone();
        after.pieces.get_mut(&PieceId(1)).unwrap().square = None;
        let effects = diff(&before, &after, &neutral);
        assert!(matches!(effects[..], [Effect::PiecePlaced { .. }]));
        assert_eq!(applied(&before, &effects), after);
    }

    fn square() -> impl Strategy<Value = Square> {
        (0u8..4, 0u8..4).prop_map(|(file, rank)| Square::new(file, rank))
    }

    fn words() -> impl Strategy<Value = String> {
        prop::sample::select(vec!["a", "b", "c"]).prop_map(String::from)
    }

    fn piece_view(id: u32) -> impl Strategy<Value = PieceView> {
        (
            0u8..2,
            words(),
            words(),
            words(),
            prop::option::of(square()),
            prop::collection::vec(words(), 0..3),
            prop::collection::vec(words(), 0..2),
        )
            .prop_map(move |(owner, kind, name, glyph, square, stats, markers)| {
                PieceView {
                    count: 1,
                    id: PieceId(id),
                    owner: Seat(owner),
                    kind,
                    name,
                    glyph,
                    square,
                    stats: stats.into_iter().map(|v| Stat::new("S", v)).collect(),
                    markers: markers.into_iter().map(|k| Marker::new(k, "m")).collect(),
                }
            })
    }

    fn view() -> impl Strategy<Value = View> {
        let pieces = prop::collection::vec(prop::option::of(piece_view(0)), 6).prop_map(|all| {
            all.into_iter()
                .enumerate()
                .filter_map(|(id, piece)| {
                    piece.map(|mut piece| {
                        piece.id = PieceId(id as u32);
                        (piece.id, piece)
                    })
                })
                .collect::<BTreeMap<_, _>>()
        });
        let terrain = prop::collection::btree_map(square(), words(), 0..4);
        let walls = prop::collection::btree_map(square(), words(), 0..3).prop_map(|walls| {
            walls
                .into_iter()
                .map(|(sq, kind)| Wall {
                    between: [sq, Square::new(sq.file, sq.rank + 1)],
                    kind,
                })
                .collect::<Vec<_>>()
        });
        let player = |seat: u8| {
            (
                prop::option::of(words()),
                prop::collection::btree_map(words(), 1i64..4, 0..3),
            )
                .prop_map(move |(army, resources)| PlayerView {
                    seat: Seat(seat),
                    army,
                    resources,
                })
        };
        let players = (player(0), player(1)).prop_map(|(a, b)| vec![a, b]);
        let turn = (0u32..3, prop::option::of(0u32..2), words(), 0u8..3).prop_map(
            |(number, round, phase, active)| TurnView {
                number,
                round,
                phase,
                active: (0..active).map(Seat).collect(),
            },
        );
        let outcome = prop::option::of(words().prop_map(Outcome::draw));
        (pieces, terrain, walls, players, turn, outcome).prop_map(
            |(pieces, terrain, walls, players, turn, outcome)| View {
                system: "test".into(),
                width: 4,
                height: 4,
                terrain,
                walls,
                pieces,
                players,
                turn,
                outcome,
            },
        )
    }

    proptest! {
        #[test]
        fn a_change_of_square_alone_is_diffed_as_the_whole_piece_is(
            was in piece_view(3),
            square in prop::option::of(square()),
        ) {
            let mut moved = was.clone();
            let mut effects = Vec::new();
            diff_piece_square(&mut moved, square, &mut effects);
            let mut now = was.clone();
            now.square = square;
            prop_assert_eq!(&moved, &now);
            let mut whole = Vec::new();
            diff_piece(Some(&was), Some(&now), &neutral, &mut whole);
            prop_assert_eq!(effects, whole);
        }

        #[test]
        fn applying_the_diff_gives_the_view_after(before in view(), after in view()) {
            // A view's outcome, once set, stays; a game that ended has no deciders.
            let mut after = after;
            if before.outcome.is_some() {
                after.outcome = before.outcome.clone();
            }
            if after.outcome.is_some() {
                after.turn.active.clear();
            }
            let effects = diff(&before, &after, &neutral);
            prop_assert_eq!(applied(&before, &effects), after.clone());
            prop_assert!(diff(&after, &after, &neutral).is_empty());
        }
    }
}
