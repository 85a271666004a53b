//! The form of an action, shared by every system: which parts a verb takes,
//! and whether the square it names is on the board.

use fray_protocol::{Action, PieceId, RejectCode, Rejection, Square};

use crate::kit::grid::{Sq, from_square};

/// Checks that `action` names exactly the parts its verb takes: a piece, a
/// target, a square, a choice. The first part too many, then the first part
/// missing, is named in the rejection.
pub fn check_parts(
    action: &Action,
    piece: bool,
    target: bool,
    to: bool,
    choice: bool,
) -> Result<(), Rejection> {
    let verb = &action.verb;
    let parts = [
        (action.piece.is_some(), piece, "a piece"),
        (action.target.is_some(), target, "a target"),
        (action.to.is_some(), to, "a square"),
        (action.choice.is_some(), choice, "a choice"),
    ];
    let refuse = |message| Err(Rejection::new(RejectCode::UnknownAction, message));
    if let Some((_, _, what)) = parts.iter().find(|(has, wants, _)| *has && !wants) {
        return refuse(format!("'{verb}' does not take {what}"));
    }
    if let Some((_, _, what)) = parts.iter().find(|(has, wants, _)| !has && *wants) {
        return refuse(format!("'{verb}' needs {what}"));
    }
    Ok(())
}

/// The board index of a square an action names; a square off the 8×8 board
/// is a malformed action, not an illegal move.
pub fn board_square(square: Square) -> Result<Sq, Rejection> {
    from_square(square).ok_or_else(|| {
        Rejection::new(
            RejectCode::UnknownAction,
            format!("{square} is not on the 8×8 board"),
        )
    })
}

/// The index of a piece an action names, among the `count` pieces (of
/// the kind a system calls `what`: "piece", "miniature") a game has ever
/// had; an id beyond them names nothing in this game.
pub fn piece_index(piece: PieceId, count: usize, what: &str) -> Result<usize, Rejection> {
    if (piece.0 as usize) < count {
        Ok(piece.0 as usize)
    } else {
        Err(Rejection::new(
            RejectCode::IllegalAction,
            format!("there is no {what} {piece} in this game"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extra_parts_are_named_before_missing_ones() {
        let action = Action::new("shoot").choice("x");
        let refused = check_parts(&action, true, true, false, false).unwrap_err();
        assert_eq!(refused.code, RejectCode::UnknownAction);
        assert_eq!(refused.message, "'shoot' does not take a choice");
        let bare = Action::new("shoot");
        let refused = check_parts(&bare, true, true, false, false).unwrap_err();
        assert_eq!(refused.message, "'shoot' needs a piece");
        assert!(check_parts(&Action::new("pass"), false, false, false, false).is_ok());
    }

    #[test]
    fn a_square_off_the_board_is_a_malformed_action() {
        assert_eq!(board_square("h8".parse().unwrap()), Ok(63));
        let refused = board_square("i1".parse().unwrap()).unwrap_err();
        assert_eq!(refused.code, RejectCode::UnknownAction);
        assert_eq!(refused.message, "i1 is not on the 8×8 board");
    }
}
