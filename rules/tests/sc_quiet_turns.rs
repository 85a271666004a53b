//! The count of quiet turns (R13): every turn with no capture and no summons
//! adds one, and the game is drawn when the count reaches `quiet-turns`. A
//! capture, or a summons by either player (the mover's, or the opponent's
//! that the move set off), starts the count again from nothing; any other
//! move, and a pass, adds one. Each test plays from nine quiet turns under a
//! cap of ten, so the next quiet turn would draw, and then counts the quiet
//! turns the game takes to be drawn: exactly ten after a reset, one without.
//! The turn cap is off throughout. No die is rolled: the moves are played
//! with scripted dice holding no faces.

mod kit;
mod sc_common;
use sc_common::*;

const CAP: u32 = 10;

/// Each seat's piece that steps back and forth between two squares of
/// terrains it holds nothing else of, so its moves are quiet.
struct Shuttles {
    pieces: [(PieceId, [&'static str; 2]); 2],
}

impl Shuttles {
    /// Seat 0's Acolyte between h1 (Swamps) and h2 (Hills); seat 1's
    /// between a8 (Bogs) and a7 (Tundra).
    fn place(p: &mut Position) -> Shuttles {
        Shuttles {
            pieces: [
                (p.place(0, "acolyte", "h1"), ["h1", "h2"]),
                (p.place(1, "acolyte", "a8"), ["a8", "a7"]),
            ],
        }
    }

    /// Plays quiet turns until the game ends; returns how many it took.
    /// Fails at once on a capture or a summons, which would not be quiet.
    fn turns_to_draw(&self, game: &mut SummonersChess) -> u32 {
        for turn in 1..=CAP + 1 {
            let seat = game.to_act()[0].0;
            let (piece, [here, there]) = self.pieces[seat as usize];
            let to = if square_of(game, piece).as_deref() == Some(here) {
                there
            } else {
                here
            };
            let effects = play(game, seat, &step(piece, to));
            assert!(
                summoned(&effects).is_empty()
                    && !effects
                        .iter()
                        .any(|e| matches!(e.effect, Effect::PieceRemoved { .. })),
                "turn {turn} was not quiet"
            );
            if let Some(outcome) = game.outcome() {
                assert!(outcome.is_draw());
                assert_eq!(
                    outcome.reason,
                    "10 turns passed without a capture or a summons"
                );
                return turn;
            }
        }
        panic!("{} quiet turns and no draw", CAP + 1)
    }
}

fn nine_quiet_turns_before(p: &mut Position) -> SummonersChess {
    p.limits(Limits {
        max_turns: 0,
        quiet_turns: CAP,
    })
    .quiet_turns(CAP - 1);
    p.build()
}

#[test]
fn a_quiet_move_adds_one() {
    let mut p = Position::new();
    let shuttles = Shuttles::place(&mut p);
    p.place(0, "acolyte", "c1");
    p.place(0, "acolyte", "e3");
    p.place(1, "acolyte", "d8");
    p.place(1, "acolyte", "f6");
    let mut game = nine_quiet_turns_before(&mut p);
    assert_eq!(shuttles.turns_to_draw(&mut game), 1);
}

#[test]
fn a_capture_starts_the_count_again() {
    let mut p = Position::new();
    let shuttles = Shuttles::place(&mut p);
    let capturer = p.place(0, "acolyte", "e1");
    p.place(0, "acolyte", "c1");
    // Seat 1 keeps three pieces and an Acolyte after losing e2: play goes on.
    p.place(1, "acolyte", "e2");
    p.place(1, "acolyte", "d8");
    p.place(1, "acolyte", "f6");
    let mut game = nine_quiet_turns_before(&mut p);
    play(&mut game, 0, &step(capturer, "e2"));
    assert!(game.outcome().is_none());
    assert_eq!(shuttles.turns_to_draw(&mut game), CAP);
}

#[test]
fn the_movers_summons_starts_the_count_again() {
    let mut p = Position::new();
    let shuttles = Shuttles::place(&mut p);
    // a4, b4 and then c4 held: Chevaliers on d4, the fourth Castles tile.
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    let mover = p.place(0, "acolyte", "c5");
    p.place(1, "acolyte", "d8");
    p.place(1, "acolyte", "f6");
    let mut game = nine_quiet_turns_before(&mut p);
    let effects = play(&mut game, 0, &step(mover, "c4"));
    assert_eq!(
        summoned(&effects),
        vec![("chevaliers".into(), Seat(0), "d4".into())]
    );
    assert_eq!(shuttles.turns_to_draw(&mut game), CAP);
}

#[test]
fn the_opponents_summons_set_off_by_the_move_starts_the_count_again() {
    let mut p = Position::new();
    let shuttles = Shuttles::place(&mut p);
    // Seat 1 holds a4, b4 and c4; seat 0's piece on d4 blocks its summons
    // until it steps off (R5).
    let blocker = p.place(0, "acolyte", "d4");
    p.place(0, "acolyte", "c1");
    p.place(1, "acolyte", "a4");
    p.place(1, "acolyte", "b4");
    p.place(1, "acolyte", "c4");
    let mut game = nine_quiet_turns_before(&mut p);
    let effects = play(&mut game, 0, &step(blocker, "e3"));
    assert_eq!(
        summoned(&effects),
        vec![("chevaliers".into(), Seat(1), "d4".into())]
    );
    assert!(game.outcome().is_none());
    assert_eq!(shuttles.turns_to_draw(&mut game), CAP);
}

#[test]
fn a_pass_adds_one() {
    // A player with no piece at all, which play never reaches (see
    // sc_pass.rs), is the only one who passes; the pass is a quiet turn.
    let mut p = Position::new();
    p.place(1, "acolyte", "h8");
    let mut game = nine_quiet_turns_before(&mut p);
    play(&mut game, 0, &Action::new("pass"));
    assert!(game.outcome().expect("drawn").is_draw());
}
