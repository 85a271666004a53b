mod acfc_common;
mod kit;
use acfc_common::*;

#[test]
fn a_match_sets_up_with_white_chosen_by_the_coin() {
    let (game, _) = setup([Faction::Classique, Faction::Undead], &[2]);
    assert_eq!(game.white(), Seat(1));
    assert_eq!(game.to_act().to_vec(), vec![Seat(1)]);
    assert_eq!(occupant(&game, "d1"), Some(("phylactery".into(), 1)));
    assert_eq!(occupant(&game, "e8"), Some(("king".into(), 0)));
    assert_eq!(perft(&game, 1) as usize, game.moves(Seat(1)).len());
}
