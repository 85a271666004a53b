//! The second unit variant (match option `second-unit`, R10): once a player
//! has summoned a terrain's first-chart unit, the other player may later
//! summon that terrain's second-chart unit, once per game.

mod kit;
mod sc_common;
use sc_common::*;

/// Seat 1 holds a4, b4 and moves c5-c4 to hold three Castles with d4 empty,
/// after seat 0 (or `first_summoner`) summoned and lost the Chevaliers.
fn seat_1_completes_castles(
    variant: bool,
    first_summoner: u8,
    extra_fallen: &[(u8, &str)],
) -> Vec<(String, Seat, String)> {
    let mut p = Position::new();
    p.second_unit(variant);
    p.fallen(first_summoner, "chevaliers");
    for &(seat, unit) in extra_fallen {
        p.fallen(seat, unit);
    }
    p.place(1, "acolyte", "a4");
    p.place(1, "acolyte", "b4");
    let mover = p.place(1, "acolyte", "c5");
    p.place(0, "acolyte", "h8");
    p.place(0, "acolyte", "a8");
    p.place(0, "acolyte", "h1");
    p.to_move(Seat(1));
    let mut game = p.build();
    summoned(&play(&mut game, 1, &step(mover, "c4")))
}

#[test]
fn without_the_variant_the_other_player_gets_nothing() {
    assert!(seat_1_completes_castles(false, 0, &[]).is_empty());
}

#[test]
fn with_the_variant_the_other_player_summons_from_the_second_chart() {
    assert_eq!(
        seat_1_completes_castles(true, 0, &[]),
        vec![("gargoyle".into(), Seat(1), "d4".into())]
    );
}

#[test]
fn the_first_summoner_does_not_get_the_second_unit() {
    assert!(seat_1_completes_castles(true, 1, &[]).is_empty());
}

#[test]
fn the_second_unit_is_summoned_once_per_game() {
    assert!(seat_1_completes_castles(true, 0, &[(1, "gargoyle")]).is_empty());
}

#[test]
fn the_first_chart_comes_first_even_in_the_variant() {
    // No one has summoned the Lakes' Serpents: holding three Lakes (a3–d3)
    // summons them, not the Wolves.
    let mut p = Position::new();
    p.second_unit(true);
    p.place(0, "acolyte", "a3");
    p.place(0, "acolyte", "b3");
    let mover = p.place(0, "acolyte", "c2");
    p.place(1, "acolyte", "h8");
    p.place(1, "acolyte", "a8");
    p.place(1, "acolyte", "h6");
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(mover, "c3"));
    assert_eq!(
        summoned(&effects),
        vec![("serpents".into(), Seat(0), "d3".into())]
    );
}

#[test]
fn the_second_unit_moves_by_the_second_chart() {
    let mut p = Position::new();
    p.second_unit(true);
    p.fallen(0, "chevaliers");
    let gargoyle = p.place(1, "gargoyle", "d4");
    p.to_move(Seat(1));
    let game = p.build();
    // Chevaliers move as Knights; the Gargoyle as a Bishop.
    assert_eq!(destinations(&game, gargoyle).len(), 13);
    assert_eq!(view(&game).pieces[&gargoyle].glyph, "B");
}
