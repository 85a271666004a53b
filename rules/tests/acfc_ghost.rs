//! The Ghost faction (book lines 47–52): Spirits that share squares and
//! pin the enemy they share with, Shades that move through pieces and
//! haunt a square unseen, Phantoms that leap and become what they capture,
//! the Poltergeist's capture at the start of the turn, the Wraith, and the
//! side's defeat. Every viewer's effects are checked against its own view,
//! and a haunting Shade must not show to its opponent or a spectator, in
//! views, options or refusals. Rulings D1–D20 in
//! docs/rules/action-chess-faction-chess.md.

mod acfc_common;
mod kit;
use acfc_common::*;

use fray_rules::action_chess_faction_chess::Rulings;

const VIEWERS: [Viewer; 4] = [
    Viewer::Referee,
    Viewer::Seat(Seat(0)),
    Viewer::Seat(Seat(1)),
    Viewer::Spectator,
];

/// Plays an action that must be accepted, rolling exactly `faces`, and
/// checks for every viewer that the effects it was sent turn its old view
/// into its new one.
fn play_seen(game: &mut Game, seat: u8, action: &Action, faces: &[u8]) -> Vec<ScopedEffect> {
    let mut seen: Vec<View> = VIEWERS.iter().map(|&viewer| game.view(viewer)).collect();
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let effects = game
        .act(Seat(seat), action, &mut dice)
        .unwrap_or_else(|r| panic!("{action:?} by seat {seat} was refused: {r}"));
    assert_eq!(dice.remaining(), 0, "a scripted die was not rolled");
    for (viewer, view) in VIEWERS.iter().zip(&mut seen) {
        let own = effects
            .iter()
            .filter(|scoped| scoped.audience.includes(*viewer))
            .map(|scoped| &scoped.effect);
        fray_protocol::apply_all(view, own);
        assert_eq!(
            *view,
            game.view(*viewer),
            "{viewer:?}: the effects of {action:?} do not give its new view"
        );
    }
    effects
}

fn haunt(piece: PieceId, to: &str) -> Action {
    Action::new("move").piece(piece).to(sq(to)).choice("haunt")
}

fn take(piece: PieceId, victim: PieceId) -> Action {
    Action::new("take").piece(piece).target(victim)
}

/// The kinds on a square in the referee's view, with their owners, sorted.
fn on(game: &Game, square: &str) -> Vec<(String, u8)> {
    let mut all: Vec<_> = view(game)
        .pieces_at(sq(square))
        .map(|p| (p.kind.clone(), p.owner.0))
        .collect();
    all.sort();
    all
}

fn kind_of(game: &Game, piece: PieceId) -> String {
    view(game).pieces[&piece].kind.clone()
}

fn has_marker(game: &Game, viewer: Viewer, piece: PieceId, key: &str) -> bool {
    game.view(viewer)
        .pieces
        .get(&piece)
        .is_some_and(|p| p.markers.iter().any(|m| m.key == key))
}

fn label_of(game: &Game, seat: u8, action: &Action) -> String {
    game.options(Seat(seat))
        .into_iter()
        .find(|option| option.action == *action)
        .unwrap_or_else(|| panic!("{action:?} is not offered"))
        .label
}

/// Ghost (seat 0, White, to move) against Classique (seat 1), with each
/// side's leader far from the action: the Wraith on a1, the King on h8.
fn ghost_v_classique() -> (Position, PieceId, PieceId) {
    let mut position = Position::new([Faction::Ghost, Faction::Classique]);
    let wraith = position.place(0, "wraith", "a1");
    let king = position.place(1, "king", "h8");
    (position, wraith, king)
}

#[test]
fn the_ghost_replaces_the_chess_pieces_and_loses_with_its_wraith() {
    // Coin 1: seat 0, the Ghost, plays White.
    let (game, _) = setup([Faction::Ghost, Faction::Classique], &[1]);
    for (square, kind) in [
        ("a1", "shade"),
        ("b1", "shade"),
        ("c1", "phantom"),
        ("d1", "poltergeist"),
        ("e1", "wraith"),
        ("f1", "phantom"),
        ("g1", "shade"),
        ("h1", "shade"),
    ] {
        assert_eq!(occupant(&game, square), Some((kind.into(), 0)), "{square}");
    }
    for file in "abcdefgh".chars() {
        let square = format!("{file}2");
        assert_eq!(occupant(&game, &square), Some(("spirit".into(), 0)));
    }
    let wraith = piece_on(&game, "e1");
    let marker = view(&game).pieces[&wraith].markers[0].label.clone();
    assert!(marker.contains("its Wraith is captured"), "{marker}");
}

#[test]
fn a_spirit_steps_forward_onto_an_enemy_and_pins_it() {
    let (mut position, _, _) = ghost_v_classique();
    let spirit = position.place(0, "spirit", "e4");
    let knight = position.place(1, "knight", "e5");
    let mut game = position.build();
    assert_eq!(destinations(&game, spirit), squares(&["e5"]));
    assert!(
        label_of(&game, 0, &step(spirit, "e5")).ends_with("moves to e5"),
        "a Spirit takes nothing"
    );
    play_seen(&mut game, 0, &step(spirit, "e5"), &[]);
    assert_eq!(
        on(&game, "e5"),
        vec![("knight".into(), 1), ("spirit".into(), 0)]
    );
    // The Knight may not move while the Spirit shares its square (line 37):
    // only the King moves.
    assert!(destinations(&game, knight).is_empty());
    assert!(
        options(&game, 1).iter().all(|a| a.piece != Some(knight)),
        "{:?}",
        options(&game, 1)
    );
    let rejection = refuse(&mut game, 1, &step(knight, "f3"));
    assert_eq!(rejection.code, RejectCode::IllegalAction);
}

#[test]
fn a_spirit_shares_with_a_friend_but_never_with_a_friendly_spirit_nor_a_full_square() {
    let (mut position, _, _) = ghost_v_classique();
    let behind = position.place(0, "spirit", "c3");
    position.place(0, "spirit", "c4");
    let beside_phantom = position.place(0, "spirit", "d4");
    position.place(0, "phantom", "d5");
    let knight = position.place(1, "knight", "f5");
    position.sharing_spirit(0, "f5");
    let blocked = position.place(0, "spirit", "f4");
    let game = position.build();
    assert!(destinations(&game, behind).is_empty(), "a friendly Spirit");
    assert_eq!(destinations(&game, beside_phantom), squares(&["d5"]));
    assert!(destinations(&game, blocked).is_empty(), "f5 holds two");
    assert!(destinations(&game, knight).is_empty(), "pinned");
}

/// Two Ghost armies, each Wraith far away (a1, h8). On e5 a Black Shade
/// stands with a Black Spirit sharing it; a White Spirit waits on e4 and a
/// White Phantom on e2.
fn a_black_shade_with_its_spirit_before_a_white_spirit(rules: Rules) -> (Game, [PieceId; 5]) {
    let mut position = Position::new([Faction::Ghost, Faction::Ghost]);
    position.rules(rules);
    position.place(0, "wraith", "a1");
    let black_wraith = position.place(1, "wraith", "h8");
    let shade = position.place(1, "shade", "e5");
    let black_spirit = position.sharing_spirit(1, "e5");
    let white_spirit = position.place(0, "spirit", "e4");
    let phantom = position.place(0, "phantom", "e2");
    (
        position.build(),
        [shade, black_spirit, white_spirit, phantom, black_wraith],
    )
}

/// D2: "Spirits can occupy any space that does not contain a friendly
/// Spirit": the White Spirit steps onto e5, where a Black Shade and a
/// Black Spirit already stand, and the square holds three. It pins both
/// (D3), and the Black Spirit pins it. A White Phantom leaping onto e5
/// takes both Black pieces and its own Spirit stays beside it (D4). No die
/// is rolled.
#[test]
fn a_spirit_enters_a_square_of_two_pieces_with_no_friendly_spirit() {
    let (mut game, [shade, black_spirit, white_spirit, phantom, black_wraith]) =
        a_black_shade_with_its_spirit_before_a_white_spirit(Rules::default());
    assert_eq!(destinations(&game, white_spirit), squares(&["e5"]));
    play_seen(&mut game, 0, &step(white_spirit, "e5"), &[]);
    assert_eq!(
        on(&game, "e5"),
        vec![
            ("shade".into(), 1),
            ("spirit".into(), 0),
            ("spirit".into(), 1)
        ]
    );
    assert!(destinations(&game, shade).is_empty(), "pinned");
    assert!(destinations(&game, black_spirit).is_empty(), "pinned");
    play_seen(&mut game, 1, &step(black_wraith, "g8"), &[]);
    assert!(destinations(&game, white_spirit).is_empty(), "pinned");
    play_seen(&mut game, 0, &step(phantom, "e5"), &[]);
    assert_eq!(square_of(&game, shade), None);
    assert_eq!(square_of(&game, black_spirit), None);
    assert_eq!(
        on(&game, "e5"),
        vec![("shade".into(), 0), ("spirit".into(), 0)]
    );
}

/// `fray-2026` held a square of two pieces full.
#[test]
fn fray_2026_a_spirit_did_not_enter_a_square_of_two_pieces() {
    let (game, [_, _, white_spirit, _, _]) =
        a_black_shade_with_its_spirit_before_a_white_spirit(Rules {
            rulings: Rulings::Fray2026,
            ..Rules::default()
        });
    assert!(destinations(&game, white_spirit).is_empty());
}

#[test]
fn a_spirit_becomes_a_shade_or_phantom_on_an_empty_far_square_and_shares_an_occupied_one() {
    let (mut position, _, king) = ghost_v_classique();
    let spirit = position.place(0, "spirit", "g7");
    let sharer = position.place(0, "spirit", "h7");
    position.place(1, "pawn", "a7");
    let mut game = position.build();
    let spirit_options: Vec<_> = options(&game, 0)
        .into_iter()
        .filter(|a| a.piece == Some(spirit))
        .collect();
    assert_eq!(
        spirit_options,
        vec![
            promote(spirit, "g8", "shade"),
            promote(spirit, "g8", "phantom")
        ]
    );
    // h8 holds the King: the Spirit shares it, and the King is pinned.
    assert_eq!(destinations(&game, sharer), squares(&["h8"]));
    play_seen(&mut game, 0, &step(sharer, "h8"), &[]);
    assert_eq!(kind_of(&game, sharer), "spirit");
    assert!(destinations(&game, king).is_empty());
    let pawn = piece_on(&game, "a7");
    play_seen(&mut game, 1, &step(pawn, "a6"), &[]);
    play_seen(&mut game, 0, &promote(spirit, "g8", "phantom"), &[]);
    assert_eq!(kind_of(&game, spirit), "phantom");
}

#[test]
fn a_capture_on_a_shared_square_takes_the_spirit_there_too() {
    let (mut position, _, _) = ghost_v_classique();
    let phantom = position.place(0, "phantom", "d5");
    let spirit = position.sharing_spirit(0, "d5");
    let rook = position.place(1, "rook", "d1");
    position.to_move(1);
    let mut game = position.build();
    let label = label_of(&game, 1, &step(rook, "d5"));
    assert!(
        label.contains("Phantom on d5") && label.contains("Spirit on d5"),
        "{label}"
    );
    play_seen(&mut game, 1, &step(rook, "d5"), &[]);
    assert_eq!(on(&game, "d5"), vec![("rook".into(), 1)]);
    assert_eq!(square_of(&game, phantom), None);
    assert_eq!(square_of(&game, spirit), None);
}

#[test]
fn a_ghost_capturing_a_pinned_piece_keeps_its_spirit_beside_it() {
    let (mut position, _, _) = ghost_v_classique();
    let knight = position.place(1, "knight", "e5");
    let spirit = position.sharing_spirit(0, "e5");
    let phantom = position.place(0, "phantom", "e2");
    let mut game = position.build();
    play_seen(&mut game, 0, &step(phantom, "e5"), &[]);
    assert_eq!(square_of(&game, knight), None);
    assert_eq!(square_of(&game, spirit), Some("e5".into()));
    assert_eq!(
        on(&game, "e5"),
        vec![("knight".into(), 0), ("spirit".into(), 0)]
    );
}

#[test]
fn a_shade_moves_up_to_four_squares_through_any_piece_onto_empty_squares_only() {
    let (mut position, _, _) = ghost_v_classique();
    let shade = position.place(0, "shade", "a4");
    position.place(1, "pawn", "a5");
    position.place(0, "spirit", "a6");
    position.place(1, "rook", "b5");
    let game = position.build();
    // North: a5, a6 held, a7, a8 open. South: a3, a2 (a1 is the Wraith).
    // East: b4–e4. North-east: b5 held, c6, d7, e8. South-east: b3, c2, d1.
    let expected = squares(&[
        "a7", "a8", "a3", "a2", "b4", "c4", "d4", "e4", "c6", "d7", "e8", "b3", "c2", "d1",
    ]);
    assert_eq!(destinations(&game, shade), expected);
    let haunts: std::collections::BTreeSet<String> = options(&game, 0)
        .into_iter()
        .filter(|a| a.piece == Some(shade) && a.choice.as_deref() == Some("haunt"))
        .map(|a| a.to.expect("a square").to_string())
        .collect();
    assert_eq!(haunts, expected, "it may haunt wherever it may end");
}

/// The Shade on d4 haunts `at`; the Classique has a Rook on d8 and a Pawn
/// on h2. Returns the game after the haunting move, the Shade and the
/// Rook.
fn shade_haunting(at: &str) -> (Game, PieceId, PieceId) {
    let (mut position, _, _) = ghost_v_classique();
    let shade = position.place(0, "shade", "d4");
    let rook = position.place(1, "rook", "d8");
    position.place(1, "pawn", "h2");
    let mut game = position.build();
    let label = label_of(&game, 0, &haunt(shade, at));
    assert!(
        label.ends_with(&format!("moves to {at} and haunts it unseen")),
        "{label}"
    );
    play_seen(&mut game, 0, &haunt(shade, at), &[]);
    (game, shade, rook)
}

#[test]
fn a_haunting_shade_is_seen_only_by_its_owner() {
    let (game, shade, _) = shade_haunting("d6");
    for viewer in [Viewer::Referee, Viewer::Seat(Seat(0))] {
        assert!(has_marker(&game, viewer, shade, "haunting"), "{viewer:?}");
    }
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        assert!(
            !game.view(viewer).pieces.contains_key(&shade),
            "{viewer:?} sees the haunting Shade"
        );
    }
}

#[test]
fn where_a_shade_haunts_changes_nothing_its_opponent_or_a_spectator_can_see() {
    let (here, shade, _) = shade_haunting("d6");
    let (there, _, _) = shade_haunting("b6");
    assert_ne!(view(&here), view(&there), "the referee sees the difference");
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        assert_eq!(here.view(viewer), there.view(viewer), "{viewer:?}");
    }
    // Options, with their labels: a move onto or through the haunted
    // square reads the same as any other.
    assert_eq!(here.options(Seat(1)), there.options(Seat(1)));
    // A refusal naming the Shade does not say where it is.
    for game in [here, there] {
        let rook = piece_on(&game, "d8");
        let rejection = refuse(&mut game.clone(), 1, &take(rook, shade));
        assert_eq!(
            rejection.message,
            format!("there is no piece {shade} in this game")
        );
    }
}

#[test]
fn an_enemy_passing_through_a_haunted_square_is_not_struck() {
    let (mut game, shade, rook) = shade_haunting("d6");
    play_seen(&mut game, 1, &step(rook, "d5"), &[]);
    assert_eq!(square_of(&game, rook), Some("d5".into()));
    assert!(!game.view(Viewer::Spectator).pieces.contains_key(&shade));
}

#[test]
fn an_enemy_ending_its_move_on_a_haunted_square_is_captured_and_the_shade_shows() {
    let (mut game, shade, rook) = shade_haunting("d6");
    let effects = play_seen(&mut game, 1, &step(rook, "d6"), &[]);
    assert_eq!(square_of(&game, rook), None);
    assert_eq!(on(&game, "d6"), vec![("shade".into(), 0)]);
    for viewer in VIEWERS {
        assert!(game.view(viewer).pieces.contains_key(&shade), "{viewer:?}");
        assert!(!has_marker(&game, viewer, shade, "haunting"));
    }
    let said = format!("{effects:?}");
    assert!(
        said.contains("A Shade haunting d6 captures the Rook on d6"),
        "{said}"
    );
}

#[test]
fn a_king_walking_onto_a_haunted_square_is_captured_and_the_ghost_wins() {
    let (mut position, _, king) = ghost_v_classique();
    position.haunting_shade(0, "g7");
    position.place(1, "pawn", "a7");
    position.to_move(1);
    let mut game = position.build();
    // Nothing warns the King: g7 is open to it.
    assert!(destinations(&game, king).contains("g7"));
    play_seen(&mut game, 1, &step(king, "g7"), &[]);
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

#[test]
fn a_phantom_leaps_two_or_three_squares_and_becomes_what_it_captures() {
    let (mut position, _, _) = ghost_v_classique();
    let phantom = position.place(0, "phantom", "c1");
    position.place(0, "spirit", "c2");
    let knight = position.place(1, "knight", "f4");
    let mut game = position.build();
    // North c3, c4 (over the Spirit); north-east e3, f4; east e1, f1;
    // north-west a3 (b2 between, a1 is the Wraith's and west is a1 too).
    assert_eq!(
        destinations(&game, phantom),
        squares(&["c3", "c4", "e3", "f4", "e1", "f1", "a3"])
    );
    play_seen(&mut game, 0, &step(phantom, "f4"), &[]);
    assert_eq!(square_of(&game, knight), None);
    assert_eq!(kind_of(&game, phantom), "knight");
    assert!(has_marker(&game, Viewer::Spectator, phantom, "copy"));
}

#[test]
fn the_poltergeist_slides_through_friends_and_captures_beside_it_at_the_start_of_the_turn() {
    let (mut position, _, _) = ghost_v_classique();
    let poltergeist = position.place(0, "poltergeist", "d1");
    position.place(0, "spirit", "d2");
    let pawn = position.place(1, "pawn", "d5");
    let bishop = position.place(1, "bishop", "e2");
    let rook = position.place(1, "rook", "c2");
    position.to_move(1);
    let mut game = position.build();
    let king = piece_on(&game, "h8");
    play_seen(&mut game, 1, &step(king, "g8"), &[]);
    // The Ghost's turn starts with the capture on offer, one of the two.
    let offered: std::collections::BTreeSet<String> = options(&game, 0)
        .into_iter()
        .map(|a| format!("{a:?}"))
        .collect();
    let expected: std::collections::BTreeSet<String> =
        [take(poltergeist, rook), take(poltergeist, bishop), done()]
            .iter()
            .map(|a| format!("{a:?}"))
            .collect();
    assert_eq!(offered, expected);
    let label = label_of(&game, 0, &take(poltergeist, bishop));
    assert_eq!(
        label,
        "Poltergeist on d1 captures the Bishop on e2 beside it"
    );
    play_seen(&mut game, 0, &take(poltergeist, bishop), &[]);
    assert_eq!(square_of(&game, bishop), None);
    // One capture only: the main move follows. Through the Spirit on d2 up
    // the d-file to the Pawn; c2 holds the Rook (taken by moving).
    let north: Vec<String> = destinations(&game, poltergeist)
        .into_iter()
        .filter(|to| to.starts_with('d'))
        .collect();
    assert_eq!(north, vec!["d3", "d4", "d5"]);
    assert!(options(&game, 0).iter().all(|a| a.verb != "take"));
    assert!(destinations(&game, poltergeist).contains("c2"));
    assert_eq!(square_of(&game, pawn), Some("d5".into()));
}

#[test]
fn the_wraith_moves_two_squares_through_friends_and_captures_nothing() {
    let mut position = Position::new([Faction::Ghost, Faction::Classique]);
    let wraith = position.place(0, "wraith", "e1");
    position.place(0, "spirit", "e2");
    position.place(1, "pawn", "d2");
    position.place(1, "king", "h8");
    let game = position.build();
    // e2 is a friend's (through it to e3); d2 an enemy's, which it may not
    // take and which stops it (no c3).
    assert_eq!(
        destinations(&game, wraith),
        squares(&["e3", "d1", "c1", "f1", "g1", "f2", "g3"])
    );
}

#[test]
fn the_ghost_loses_when_its_wraith_is_captured() {
    let (mut position, wraith, _) = ghost_v_classique();
    let rook = position.place(1, "rook", "a8");
    position.to_move(1);
    let mut game = position.build();
    play_seen(&mut game, 1, &step(rook, "a1"), &[]);
    assert_eq!(square_of(&game, wraith), None);
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(1)]);
}

#[test]
fn a_reapers_sweep_takes_a_spirit_with_the_piece_it_shares_with() {
    let mut position = Position::new([Faction::Ghost, Faction::Reaper]);
    position.place(0, "wraith", "a1");
    let phantom = position.place(0, "phantom", "e5");
    let spirit = position.sharing_spirit(0, "e5");
    let reaper = position.place(1, "reaper", "h4");
    position.place(1, "shackle", "h8");
    position.to_move(1);
    let mut game = position.build();
    play_seen(&mut game, 1, &step(reaper, "f4"), &[]);
    assert_eq!(square_of(&game, phantom), None);
    assert_eq!(square_of(&game, spirit), None);
}

fn swarm(piece: PieceId, to: &str, count: u16) -> Action {
    Action::new("move")
        .piece(piece)
        .to(sq(to))
        .choice(count.to_string())
}

/// A Swarm (seat 0, White, to move) with a stack of `count` on e4 and its
/// Hive Queen on a1, against a Ghost whose Wraith is on h8 and whose Shade
/// haunts e5. The Swarm's 2d6 (1, 1) are rolled and its placements
/// declined.
fn swarm_beside_a_haunted_square(count: u16) -> (Game, PieceId, PieceId) {
    let mut position = Position::new([Faction::Swarm, Faction::Ghost]);
    position.place(0, "hive-queen", "a1");
    let stack = position.stack(0, "e4", count);
    position.place(1, "wraith", "h8");
    let shade = position.haunting_shade(1, "e5");
    let mut game = position.build_rolling(&[1, 1]);
    play_seen(&mut game, 0, &done(), &[]);
    (game, stack, shade)
}

#[test]
fn swarmlings_struck_by_a_shade_defend_on_a_d20_and_lose_below_16() {
    let (mut game, stack, shade) = swarm_beside_a_haunted_square(3);
    // d20 5 + 3 Swarmlings = 8, below 16: the Shade takes the stack.
    play_seen(&mut game, 0, &swarm(stack, "e5", 3), &[5]);
    assert_eq!(square_of(&game, stack), None);
    assert_eq!(square_of(&game, shade), Some("e5".into()));
    assert!(game.view(Viewer::Seat(Seat(0))).pieces.contains_key(&shade));
}

#[test]
fn swarmlings_struck_by_a_shade_that_roll_16_remove_it() {
    let (mut game, stack, shade) = swarm_beside_a_haunted_square(3);
    // d20 13 + 3 = 16: the defence holds and the Shade is removed unseen.
    play_seen(&mut game, 0, &swarm(stack, "e5", 3), &[13]);
    assert_eq!(square_of(&game, stack), Some("e5".into()));
    assert_eq!(square_of(&game, shade), None);
    assert!(!game.view(Viewer::Seat(Seat(0))).pieces.contains_key(&shade));
}

#[test]
fn a_haunting_shade_is_not_swept_away_by_a_reaper() {
    let mut position = Position::new([Faction::Ghost, Faction::Reaper]);
    position.place(0, "wraith", "a1");
    let shade = position.haunting_shade(0, "e5");
    let reaper = position.place(1, "reaper", "h4");
    position.place(1, "shackle", "h8");
    position.to_move(1);
    let mut game = position.build();
    play_seen(&mut game, 1, &step(reaper, "f4"), &[]);
    assert_eq!(square_of(&game, shade), Some("e5".into()));
    assert!(has_marker(&game, Viewer::Referee, shade, "haunting"));
}

#[test]
fn a_copy_of_a_wraith_does_not_keep_the_ghost_in_the_game() {
    let mut position = Position::new([Faction::Ghost, Faction::Classique]);
    let copy = position.phantom_copy(0, "wraith", "a1");
    position.place(0, "spirit", "d4");
    position.place(1, "king", "h8");
    // Its turn begins without its Wraith: it has lost.
    let game = position.build();
    assert!(
        view(&game).pieces[&copy]
            .markers
            .iter()
            .all(|m| m.key != "leader"),
        "a copy leads nothing"
    );
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(1)]);
}

#[test]
fn a_shade_haunting_where_an_enemy_shade_haunts_is_struck_there() {
    let mut position = Position::new([Faction::Ghost, Faction::Ghost]);
    position.place(0, "wraith", "a1");
    let shade = position.place(0, "shade", "d4");
    position.place(1, "wraith", "h8");
    let waiting = position.haunting_shade(1, "d6");
    let mut game = position.build();
    // Seat 0 does not see the Shade on d6: it may haunt there.
    assert!(options(&game, 0).contains(&haunt(shade, "d6")));
    play_seen(&mut game, 0, &haunt(shade, "d6"), &[]);
    assert_eq!(square_of(&game, shade), None);
    assert_eq!(square_of(&game, waiting), Some("d6".into()));
    assert!(
        game.view(Viewer::Seat(Seat(0)))
            .pieces
            .contains_key(&waiting)
    );
}

#[test]
fn a_pinned_auroch_cannot_step_away_from_its_capture() {
    let mut position = Position::new([Faction::Ghost, Faction::Butcher]);
    position.place(0, "wraith", "a1");
    let phantom = position.place(0, "phantom", "e2");
    let auroch = position.place(1, "auroch", "e5");
    position.sharing_spirit(0, "e5");
    position.place(1, "butcher", "h8");
    let mut game = position.build();
    play_seen(&mut game, 0, &step(phantom, "e5"), &[]);
    assert_eq!(square_of(&game, auroch), None, "it was taken, not driven");
    assert_eq!(kind_of(&game, phantom), "auroch");
}

#[test]
fn swarmlings_placed_on_a_haunted_square_have_not_entered_it() {
    let mut position = Position::new([Faction::Swarm, Faction::Ghost]);
    let queen = position.place(0, "hive-queen", "a1");
    position.place(1, "wraith", "h8");
    let shade = position.haunting_shade(1, "b2");
    let mut game = position.build_rolling(&[1, 1]);
    let placed = Action::new("place").piece(queen).to(sq("b2")).choice("2");
    play_seen(&mut game, 0, &placed, &[]);
    assert_eq!(
        on(&game, "b2"),
        vec![("shade".into(), 1), ("swarmling".into(), 0)]
    );
    assert!(has_marker(&game, Viewer::Referee, shade, "haunting"));
    assert!(!game.view(Viewer::Seat(Seat(0))).pieces.contains_key(&shade));
}

/// The squares a piece may go to turning back into a Phantom.
fn turning_back(game: &Game, piece: PieceId) -> std::collections::BTreeSet<String> {
    options(game, 0)
        .into_iter()
        .filter(|a| a.piece == Some(piece) && a.choice.as_deref() == Some("phantom"))
        .map(|a| a.to.expect("a square").to_string())
        .collect()
}

#[test]
fn a_copy_moves_as_its_kind_or_turns_back_into_a_phantom_as_it_moves() {
    let (mut position, _, _) = ghost_v_classique();
    let copy = position.phantom_copy(0, "knight", "d4");
    let mut game = position.build();
    assert_eq!(
        destinations(&game, copy),
        squares(&["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"])
    );
    // A Phantom's leaps from d4, but a1 (its own Wraith): 15.
    assert_eq!(
        turning_back(&game, copy),
        squares(&[
            "d6", "d7", "f6", "g7", "f4", "g4", "f2", "g1", "d2", "d1", "b2", "b4", "a4", "b6",
            "a7"
        ])
    );
    let back = promote(copy, "d6", "phantom");
    assert_eq!(
        label_of(&game, 0, &back),
        "Knight on d4 moves to d6 as a Phantom again"
    );
    play_seen(&mut game, 0, &back, &[]);
    assert_eq!(kind_of(&game, copy), "phantom");
    assert!(!has_marker(&game, Viewer::Referee, copy, "copy"));
}

#[test]
fn a_copy_refused_a_move_is_told_its_kinds_reason() {
    // The Ghost (White) holds a copy of a Sprite on e4, threatened by
    // nothing: a Sprite steps back only while it could be captured (F3),
    // and the refusal says so, as it does to a Faerie.
    let (mut position, _, _) = ghost_v_classique();
    let sprite = position.phantom_copy(0, "sprite", "e4");
    let mut game = position.build();
    let refusal = refuse(&mut game, 0, &step(sprite, "d3"));
    assert_eq!(
        refusal.message,
        "a Sprite steps back only while an enemy piece could capture it on its next move"
    );
}

#[test]
fn a_part_of_a_copied_stack_moves_as_swarmlings_but_never_turns_back() {
    let (mut position, _, king) = ghost_v_classique();
    let stack = position.stack(0, "d4", 4);
    position.copied(stack);
    let mut game = position.build();
    assert!(!turning_back(&game, stack).is_empty());
    play_seen(&mut game, 0, &swarm(stack, "d5", 2), &[]);
    play_seen(&mut game, 1, &step(king, "g8"), &[]);
    let part = piece_on(&game, "d5");
    assert_ne!(part, stack);
    assert_eq!(kind_of(&game, part), "swarmling");
    assert!(turning_back(&game, part).is_empty());
    assert!(options(&game, 0).contains(&swarm(part, "d6", 2)));
    assert!(!turning_back(&game, stack).is_empty());
}

/// The piece a defence roll among `effects` names.
fn defence_roll_names(effects: &[ScopedEffect]) -> Option<PieceId> {
    effects
        .iter()
        .find_map(|scoped| match &scoped.effect {
            Effect::DiceRolled { roll } if roll.dice[0].sides == 20 => Some(roll.piece),
            _ => None,
        })
        .expect("a defence roll")
}

#[test]
fn a_part_of_a_stack_struck_as_it_moves_is_named_by_its_roll_only_if_it_stays() {
    // 3 of a stack of 5 move onto the haunted e5: a new stack, struck there.
    let (mut game, stack, _) = swarm_beside_a_haunted_square(5);
    let mut lost = game.clone();
    // d20 4 + 3 = 7: taken at once; no viewer ever sees the part, and the
    // roll names no piece.
    let effects = play_seen(&mut lost, 0, &swarm(stack, "e5", 3), &[4]);
    assert_eq!(defence_roll_names(&effects), None);
    assert!(on(&lost, "e5").iter().all(|(kind, _)| kind == "shade"));
    // d20 13 + 3 = 16: the part stays, and the roll, naming it, is told
    // after it is placed.
    let effects = play_seen(&mut game, 0, &swarm(stack, "e5", 3), &[13]);
    let part = piece_on(&game, "e5");
    assert_eq!(defence_roll_names(&effects), Some(part));
    let placed_at = effects
        .iter()
        .position(|s| matches!(&s.effect, Effect::PiecePlaced { piece } if piece.id == part))
        .expect("the part placed");
    let rolled_at = effects
        .iter()
        .position(|s| matches!(&s.effect, Effect::DiceRolled { .. }))
        .expect("the roll");
    assert!(placed_at < rolled_at, "{effects:?}");
}

#[test]
fn a_haunting_shades_moves_are_written_from_the_square_its_owner_sees_it_on() {
    let (mut game, shade, _) = shade_haunting("d6");
    let king = piece_on(&game, "h8");
    play_seen(&mut game, 1, &step(king, "g8"), &[]);
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|option| option.action == haunt(shade, "d7"))
        .expect("offered");
    assert_eq!(option.notation, "?d6-d7h");
    assert_eq!(
        option.label,
        "Shade on d6 (haunting) moves to d7 and haunts it unseen"
    );
}

#[test]
fn a_pinned_drone_cannot_help_build_a_factory() {
    let mut position = Position::new([Faction::Robot, Faction::Ghost]);
    position.place(0, "factory", "a1");
    position.place(0, "drone", "d3");
    position.place(0, "drone", "c4");
    position.place(0, "drone", "e4");
    position.place(1, "wraith", "h8");
    let build = Action::new("build").to(sq("d4"));
    // The Factory's placement at the start of the turn is declined first.
    let mut free = position.build();
    play_seen(&mut free, 0, &done(), &[]);
    assert!(options(&free, 0).contains(&build), "three Drones may build");
    position.sharing_spirit(1, "e4");
    let mut pinned = position.build();
    play_seen(&mut pinned, 0, &done(), &[]);
    assert!(!options(&pinned, 0).contains(&build));
}

/// A Swarm has filled the board, one Swarmling placed on the square a
/// Shade haunts (a placement is not an entering: D8). A bot of the Swarm's
/// imagining where the Shade might haunt finds no square free of pieces:
/// it draws among the squares no other Shade haunts, as the Shade itself
/// haunts under a piece, rather than failing.
#[test]
fn a_hidden_shade_is_drawn_onto_a_board_with_no_free_square() {
    use fray_rules::GameSystem;
    let mut position = Position::new([Faction::Ghost, Faction::Swarm]);
    position.haunting_shade(0, "d4");
    position.place(0, "wraith", "h8");
    position.place(1, "hive-queen", "a1");
    for file in "abcdefgh".chars() {
        for rank in 1..=8 {
            let square = format!("{file}{rank}");
            if square != "h8" && square != "a1" {
                position.stack(1, &square, 1);
            }
        }
    }
    position.to_move(1);
    // The Hive Queen's 2d6 as the Swarm's turn begins.
    let game = position.build_rolling(&[1, 1]);
    for pick in [0, 5, 63] {
        let drawn = game
            .with_hidden_drawn(Seat(1), &mut |n| pick % n)
            .expect("the Ghost's Shade is drawn anew");
        assert_eq!(
            drawn.view(Viewer::Seat(Seat(1))),
            game.view(Viewer::Seat(Seat(1))),
            "what seat 1 sees is unchanged"
        );
    }
}
