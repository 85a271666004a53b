//! Every row of both charts, as the book prints them, pinned through a real
//! summons: on the chart-order layout (each terrain's four tiles side by side
//! on one rank), seat 0 holds two tiles of the terrain and an Acolyte steps
//! onto the third; the unit the book names must appear on the fourth, with
//! the book's movement. No die is rolled: the moves are played with scripted
//! dice holding no faces, which would panic if asked for one.

mod kit;
mod sc_common;
use sc_common::*;

/// The Tile Unit Chart: terrain, the unit's name, its movement type.
const FIRST_CHART: [(&str, &str, &str); 16] = [
    ("Ruins", "Skeletons", "Page"),
    ("Swamps", "Zombies", "Page"),
    ("Mountains", "Dwarves", "Squire"),
    ("Hills", "Goblins", "Squire"),
    ("Lakes", "Serpents", "Knight"),
    ("Jungle", "Cat People", "Bishop"),
    ("Castles", "Chevaliers", "Knight"),
    ("Caves", "Orcs", "Knight"),
    ("Towers", "Wizard", "Queen"),
    ("Peaks", "Rocs", "Bishop"),
    ("Deserts", "Chimera", "Bishop"),
    ("Volcanos", "Red Dragon", "Queen"),
    ("Tundra", "Ice Giants", "Rook"),
    ("Forests", "Elves", "Knight"),
    ("Bogs", "Trolls", "Rook"),
    ("Badlands", "Ogres", "Rook"),
];

/// The Second Tile Unit Chart, in the same terrain order.
const SECOND_CHART: [(&str, &str, &str); 16] = [
    ("Ruins", "Vampyre", "Queen"),
    ("Swamps", "Treant", "Rook"),
    ("Mountains", "Kobolds", "Page"),
    ("Hills", "Centaurs", "Bishop"),
    ("Lakes", "Wolves", "Squire"),
    ("Jungle", "Lizard Men", "Squire"),
    ("Castles", "Gargoyle", "Bishop"),
    ("Caves", "Gnomes", "Page"),
    ("Towers", "Golem", "Rook"),
    ("Peaks", "Griffon", "Rook"),
    ("Deserts", "Hydra", "Rook"),
    ("Volcanos", "Demon", "Queen"),
    ("Tundra", "Valkyries", "Knight"),
    ("Forests", "Unicorn", "Bishop"),
    ("Bogs", "Spectre", "Bishop"),
    ("Badlands", "Minotaur", "Knight"),
];

/// The letter a movement type is drawn with.
fn glyph(movement: &str) -> &'static str {
    match movement {
        "Page" => "P",
        "Squire" => "S",
        "Knight" => "N",
        "Bishop" => "B",
        "Rook" => "R",
        "Queen" => "Q",
        other => panic!("no movement type {other}"),
    }
}

fn name(file: u8, rank: u8) -> String {
    Square::new(file, rank).to_string()
}

/// The unit's key as the rules name it: "Red Dragon" is `red-dragon`.
fn key(unit: &str) -> String {
    unit.to_lowercase().replace(' ', "-")
}

/// Plays the summons of terrain `row` (0 = Ruins) for seat 0 and returns the
/// pieces it placed and the game after it. In the variant, seat 1 has
/// already summoned (and lost) the terrain's first-chart unit, so seat 0's
/// summons comes from the second chart.
fn summon_row(row: usize, second_chart: bool) -> (Vec<(String, Seat, String)>, SummonersChess) {
    let rank = (row / 2) as u8;
    let first_file = 4 * (row % 2) as u8;
    let tiles: Vec<String> = (0..4).map(|at| name(first_file + at, rank)).collect();
    // The Acolyte steps onto the third tile from the rank beside it.
    let beside = if rank < 7 { rank + 1 } else { rank - 1 };
    let mut p = Position::new();
    p.place(0, "acolyte", &tiles[0]);
    p.place(0, "acolyte", &tiles[1]);
    let mover = p.place(0, "acolyte", &name(first_file + 2, beside));
    // Seat 1's four Acolytes, on the other half of the board and on four
    // ranks, so on four terrains: none of them can summon.
    let far_file = (first_file + 4) % 8;
    for far_rank in [0, 2, 4, 6] {
        p.place(1, "acolyte", &name(far_file, far_rank));
    }
    if second_chart {
        p.second_unit(true);
        p.fallen(1, &key(FIRST_CHART[row].1));
    }
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(mover, &tiles[2]));
    (summoned(&effects), game)
}

fn check_row(chart: &[(&str, &str, &str); 16], row: usize, second_chart: bool) {
    let (terrain, unit, movement) = chart[row];
    let (placed, game) = summon_row(row, second_chart);
    let rank = (row / 2) as u8;
    let fourth = name(4 * (row % 2) as u8 + 3, rank);
    assert_eq!(
        placed,
        vec![(key(unit), Seat(0), fourth.clone())],
        "{terrain} summons {unit}"
    );
    let view = view(&game);
    assert_eq!(view.terrain[&sq(&fourth)], terrain.to_lowercase());
    let piece = view.pieces_at(sq(&fourth)).next().expect("summoned");
    assert_eq!(piece.name, unit);
    assert_eq!(piece.glyph, glyph(movement), "{unit} moves as a {movement}");
    let stat = |key: &str| {
        piece
            .stats
            .iter()
            .find(|s| s.key == key)
            .map(|s| s.value.clone())
    };
    assert_eq!(stat("M").as_deref(), Some(movement), "{unit}");
    assert_eq!(stat("terrain").as_deref(), Some(terrain), "{unit}");
    let chart = if second_chart { "second" } else { "first" };
    assert_eq!(stat("chart").as_deref(), Some(chart), "{unit}");
}

#[test]
fn each_terrain_summons_its_unit_from_the_tile_unit_chart() {
    for row in 0..16 {
        check_row(&FIRST_CHART, row, false);
    }
}

#[test]
fn each_terrain_summons_its_unit_from_the_second_chart_in_the_variant() {
    for row in 0..16 {
        check_row(&SECOND_CHART, row, true);
    }
}

#[test]
fn the_charts_here_are_the_books_terrain_order() {
    // The layout puts terrain `row` on rank row / 2: the chart order the
    // rules lay, so each row above is summoned from its own terrain.
    let layout = chart_order();
    for (row, (terrain, _, _)) in FIRST_CHART.iter().enumerate() {
        assert_eq!(layout[row * 4].name(), *terrain);
        assert_eq!(SECOND_CHART[row].0, *terrain);
    }
}
