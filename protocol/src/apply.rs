use crate::{Effect, PlayerView, View, Wall};

/// Changes `view` by one effect. This is the only code a client needs to
/// follow a game: the rules guarantee that applying the effects a viewer is
/// sent to the view it had gives the view it would be sent now.
///
/// Effects that name a piece the view does not hold change nothing, so a
/// client that missed a batch stays usable until it resyncs.
pub fn apply(view: &mut View, effect: &Effect) {
    match effect {
        Effect::GameCreated {
            system,
            width,
            height,
        } => {
            *view = View {
                system: system.clone(),
                width: *width,
                height: *height,
                ..View::default()
            };
        }
        Effect::PlayerChanged { player } => {
            match view.players.iter_mut().find(|p| p.seat == player.seat) {
                Some(existing) => *existing = player.clone(),
                None => {
                    view.players.push(player.clone());
                    view.players.sort_by_key(|p| p.seat);
                }
            }
        }
        Effect::ResourceChanged { seat, key, value } => {
            let player = match view.players.iter_mut().position(|p| p.seat == *seat) {
                Some(index) => &mut view.players[index],
                None => {
                    view.players.push(PlayerView {
                        seat: *seat,
                        ..PlayerView::default()
                    });
                    view.players.sort_by_key(|p| p.seat);
                    let index = view.players.iter().position(|p| p.seat == *seat);
                    &mut view.players[index.expect("just inserted")]
                }
            };
            if *value == 0 {
                player.resources.remove(key);
            } else {
                player.resources.insert(key.clone(), *value);
            }
        }
        Effect::PiecePlaced { piece } => {
            view.pieces.insert(piece.id, piece.clone());
        }
        Effect::PieceMoved { piece, to, .. } => {
            if let Some(piece) = view.pieces.get_mut(piece) {
                piece.square = Some(*to);
            }
        }
        Effect::PieceRemoved { piece, .. } => {
            view.pieces.remove(piece);
        }
        Effect::PieceChanged { piece, change } => {
            if let Some(piece) = view.pieces.get_mut(piece) {
                if let Some(kind) = &change.kind {
                    piece.kind = kind.clone();
                }
                if let Some(name) = &change.name {
                    piece.name = name.clone();
                }
                if let Some(glyph) = &change.glyph {
                    piece.glyph = glyph.clone();
                }
                if let Some(stats) = &change.stats {
                    piece.stats = stats.clone();
                }
                if let Some(count) = change.count {
                    piece.count = count;
                }
                if let Some(markers) = &change.markers {
                    piece.markers = markers.clone();
                }
            }
        }
        Effect::TerrainChanged { square, terrain } => match terrain {
            Some(terrain) => {
                view.terrain.insert(*square, terrain.clone());
            }
            None => {
                view.terrain.remove(square);
            }
        },
        Effect::WallChanged { between, wall } => {
            let mut between = *between;
            between.sort();
            view.walls.retain(|w| w.between != between);
            if let Some(kind) = wall {
                view.walls.push(Wall {
                    between,
                    kind: kind.clone(),
                });
                view.walls.sort();
            }
        }
        Effect::TurnChanged { turn } => view.turn = turn.clone(),
        Effect::GameEnded { outcome } => {
            view.outcome = Some(outcome.clone());
            // However the game ended (by the rules, a resignation, an
            // abandonment), no one decides any more.
            view.turn.active.clear();
        }
        Effect::DiceRolled { .. } | Effect::Narration { .. } => {}
    }
}

/// Applies effects in order.
pub fn apply_all<'a>(view: &mut View, effects: impl IntoIterator<Item = &'a Effect>) {
    for effect in effects {
        apply(view, effect);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Marker, Outcome, PieceChange, PieceId, PieceView, Seat, Square, Stat, TurnView};

    fn piece(id: u32, square: &str) -> PieceView {
        PieceView {
            count: 1,
            id: PieceId(id),
            owner: Seat(0),
            kind: "knight".into(),
            name: "Knight".into(),
            glyph: "N".into(),
            square: Some(square.parse().unwrap()),
            stats: vec![Stat::new("HTH", "2")],
            markers: vec![],
        }
    }

    fn created() -> View {
        let mut view = View::default();
        apply(
            &mut view,
            &Effect::GameCreated {
                system: "test".into(),
                width: 8,
                height: 8,
            },
        );
        view
    }

    #[test]
    fn pieces_are_placed_moved_changed_and_removed() {
        let mut view = created();
        apply(
            &mut view,
            &Effect::PiecePlaced {
                piece: piece(1, "b1"),
            },
        );
        apply(
            &mut view,
            &Effect::PiecePlaced {
                piece: piece(2, "b1"),
            },
        );
        assert_eq!(view.pieces_at("b1".parse().unwrap()).count(), 2);

        apply(
            &mut view,
            &Effect::PieceMoved {
                piece: PieceId(1),
                from: Some("b1".parse().unwrap()),
                to: "c3".parse().unwrap(),
            },
        );
        assert_eq!(view.pieces[&PieceId(1)].square, Some(Square::new(2, 2)));

        let change = PieceChange {
            stats: Some(vec![Stat::new("HTH", "3")]),
            markers: Some(vec![Marker::new("armour", "Defence 4+")]),
            ..PieceChange::default()
        };
        apply(
            &mut view,
            &Effect::PieceChanged {
                piece: PieceId(1),
                change,
            },
        );
        assert_eq!(view.pieces[&PieceId(1)].stats[0].value, "3");
        assert_eq!(view.pieces[&PieceId(1)].markers.len(), 1);
        assert_eq!(view.pieces[&PieceId(1)].name, "Knight");

        apply(
            &mut view,
            &Effect::PieceRemoved {
                piece: PieceId(2),
                reason: "slain".into(),
            },
        );
        assert!(!view.pieces.contains_key(&PieceId(2)));
    }

    #[test]
    fn resources_terrain_walls_turn_and_end() {
        let mut view = created();
        let resource = |value| Effect::ResourceChanged {
            seat: Seat(1),
            key: "tokens".into(),
            value,
        };
        apply(&mut view, &resource(4));
        assert_eq!(view.player(Seat(1)).unwrap().resources["tokens"], 4);
        apply(&mut view, &resource(0));
        assert!(view.player(Seat(1)).unwrap().resources.is_empty());

        let a: Square = "a1".parse().unwrap();
        let b: Square = "a2".parse().unwrap();
        apply(
            &mut view,
            &Effect::TerrainChanged {
                square: a,
                terrain: Some("forest".into()),
            },
        );
        assert_eq!(view.terrain[&a], "forest");
        apply(
            &mut view,
            &Effect::WallChanged {
                between: [b, a],
                wall: Some("stone".into()),
            },
        );
        assert_eq!(view.walls[0].between, [a, b]);
        apply(
            &mut view,
            &Effect::WallChanged {
                between: [a, b],
                wall: None,
            },
        );
        assert!(view.walls.is_empty());

        let turn = TurnView {
            number: 3,
            round: None,
            phase: "battle".into(),
            active: vec![Seat(1)],
        };
        apply(&mut view, &Effect::TurnChanged { turn: turn.clone() });
        assert_eq!(view.turn, turn);
        apply(
            &mut view,
            &Effect::GameEnded {
                outcome: Outcome::draw("cap"),
            },
        );
        assert!(view.outcome.unwrap().is_draw());
        assert!(view.turn.active.is_empty(), "no one decides after the end");
        assert_eq!(view.turn.number, turn.number, "the rest of the turn stays");
    }

    #[test]
    fn effects_round_trip_through_json() {
        let effect = Effect::PiecePlaced {
            piece: piece(7, "h8"),
        };
        let json = serde_json::to_string(&effect).unwrap();
        assert!(json.starts_with("{\"type\":\"piece_placed\""), "{json}");
        assert_eq!(serde_json::from_str::<Effect>(&json).unwrap(), effect);
    }
}
