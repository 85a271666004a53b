//! Actions, notation and labels: every decision's protocol form, its
//! notation ("Nb1-c3", "Nc3>d4", "Pd4!", "xd5") and its label in words that
//! name units and squares; malformed actions refused as such; well-formed
//! illegal ones refused with the reason.

mod cw_common;
mod kit;
use cw_common::*;

fn option(game: &ChessWar, seat: u8, notation: &str) -> fray_protocol::ActionOption {
    game.options(Seat(seat))
        .into_iter()
        .find(|o| o.notation == notation)
        .unwrap_or_else(|| panic!("no option {notation}: {:?}", notations(game, seat)))
}

#[test]
fn moves_and_charges_are_written_with_the_piece_and_squares() {
    let mut position = Position::new([Race::Humans, Race::Orcs]);
    let knights = position.place(0, "knights", "b1");
    position.place(1, "orc-boyz", "d4");
    let game = position.build();
    let mv = option(&game, 0, "Nb1-b2");
    assert_eq!(mv.label, "Knights on b1 move to b2");
    assert_eq!(mv.action, step(knights, "b2"));
    let end = option(&game, 0, "end");
    assert_eq!(end.label, "End the movement phase");
    assert_eq!(end.action, end_phase());
}

#[test]
fn attacks_choices_and_advances_are_written_too() {
    let mut position = Position::new([Race::Humans, Race::Orcs]).turn(0, Step::Melee, 1);
    let knights = position.place(0, "knights", "d4");
    position.place(1, "orc-boyz", "d5");
    position.place(1, "warlord", "h8");
    let mut game = position.build();
    let attack_option = option(&game, 0, "Nd4!");
    assert_eq!(attack_option.label, "Knights on d4 attack Orc Boyz on d5");
    assert_eq!(attack_option.action, attack(knights));
    act(&mut game, 0, &attack(knights), &[6]);
    assert_eq!(
        option(&game, 0, "Nd4-d5").label,
        "Knights on d4 advance to d5"
    );
    assert_eq!(option(&game, 0, "pass").label, "Do not advance");

    let mut position = Position::new([Race::Humans, Race::Orcs]).turn(0, Step::Melee, 1);
    let knights = position.place(0, "knights", "d4");
    let boyz = position.place(1, "orc-boyz", "d5");
    position.place(1, "orc-boyz", "e5");
    let mut game = position.build();
    act(&mut game, 0, &attack(knights), &[]);
    let choice = option(&game, 1, "xd5");
    assert_eq!(choice.label, "Knights on d4 attack your Orc Boyz on d5");
    assert_eq!(choice.action, choose(boyz));
    let waiting = refused(&mut game, 0, &attack(knights));
    assert_eq!(waiting.code, RejectCode::NotYourTurn);
    assert!(waiting.message.contains("your opponent is choosing"));
}

#[test]
fn malformed_actions_are_refused_as_such() {
    let mut position = Position::new([Race::Humans, Race::Orcs]);
    let knights = position.place(0, "knights", "b1");
    let boyz = position.place(1, "orc-boyz", "h8");
    let mut game = position.build();
    let unknown = refused(&mut game, 0, &Action::new("castle"));
    assert_eq!(unknown.code, RejectCode::UnknownAction);
    assert!(
        unknown
            .message
            .contains("the actions are place, move, charge")
    );
    let bare = refused(&mut game, 0, &Action::new("move").piece(knights));
    assert_eq!(bare.code, RejectCode::UnknownAction);
    assert_eq!(bare.message, "'move' needs a square");
    let extra = refused(&mut game, 0, &Action::new("end-phase").piece(knights));
    assert_eq!(extra.message, "'end-phase' does not take a piece");
    let theirs = refused(&mut game, 0, &step(boyz, "h7"));
    assert_eq!(theirs.code, RejectCode::NotYourPiece);
    assert_eq!(theirs.message, "Orc Boyz on h8 is not yours");
    let nobody = refused(&mut game, 0, &step(PieceId(57), "h7"));
    assert!(nobody.message.contains("no unit #57"));
    let late = refused(&mut game, 0, &place("knights", "b2"));
    assert!(late.message.contains("already placed"));
}

#[test]
fn illegal_actions_say_why() {
    let mut position = Position::new([Race::Humans, Race::Orcs]);
    let knights = position.place(0, "knights", "b1");
    let infantry = position.place(0, "infantry", "e4");
    position.place(1, "orc-boyz", "e5");
    let mut game = position.build();
    let far = refused(&mut game, 0, &step(knights, "b5"));
    assert!(far.message.contains("cannot reach b5"), "{}", far.message);
    let contact = refused(&mut game, 0, &charge(knights, "b2"));
    assert!(
        contact.message.contains("next to an enemy"),
        "{}",
        contact.message
    );
    let early = refused(&mut game, 0, &attack(infantry));
    assert!(early.message.contains("melee phase"), "{}", early.message);
    let nothing = refused(&mut game, 0, &pass());
    assert!(
        nothing.message.contains("no advance"),
        "{}",
        nothing.message
    );
    end_until(&mut game, 0, Step::Melee);
    let idle = refused(&mut game, 0, &attack(knights));
    assert!(idle.message.contains("not in melee"), "{}", idle.message);
    let no_choice = refused(&mut game, 0, &choose(infantry));
    assert!(
        no_choice.message.contains("no attacker"),
        "{}",
        no_choice.message
    );
}
