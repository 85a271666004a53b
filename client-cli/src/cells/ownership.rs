//! Whose a piece is, told without colour: a mark in front of its glyph.
//! The viewer's own pieces have none and every other seat has a mark of its
//! own, so `*N` is an opponent's piece on a terminal without colour, in line
//! mode and to a screen reader alike. The glyphs keep their case, because
//! the server's glyphs use it (a Minion is `m`, a Big Monster `M`).

use fray_protocol::{Seat, View};

/// The mark of the viewer's own pieces (for a spectator, the first seat's).
pub const UNMARKED: char = ' ';
/// The marks of the other seats, in seat order.
const OTHERS: [char; 3] = ['*', '~', '+'];

/// Every seat of a view with its mark, for one viewer.
#[derive(Debug, Clone)]
pub struct Owners {
    /// Unmarked first, then the others in seat order.
    marks: Vec<(Seat, char)>,
}

impl Owners {
    /// `me` is the viewer's seat; none for a spectator or a replay.
    pub fn of(view: &View, me: Option<Seat>) -> Owners {
        let mut seats: Vec<Seat> = view
            .players
            .iter()
            .map(|player| player.seat)
            .chain(view.pieces.values().map(|piece| piece.owner))
            .chain(me)
            .collect();
        seats.sort();
        seats.dedup();
        let unmarked = me.or_else(|| seats.first().copied());
        let mut marks: Vec<(Seat, char)> =
            unmarked.map(|seat| (seat, UNMARKED)).into_iter().collect();
        let others = seats.into_iter().filter(|seat| Some(*seat) != unmarked);
        marks.extend(others.zip(OTHERS.iter().copied().cycle()));
        Owners { marks }
    }

    pub fn mark(&self, owner: Seat) -> char {
        self.marks
            .iter()
            .find(|(seat, _)| *seat == owner)
            .map_or(OTHERS[0], |(_, mark)| *mark)
    }

    /// Every seat and its mark, the unmarked one first.
    pub fn all(&self) -> &[(Seat, char)] {
        &self.marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::PlayerView;

    fn view(seats: u8) -> View {
        View {
            players: (0..seats)
                .map(|seat| PlayerView {
                    seat: Seat(seat),
                    ..PlayerView::default()
                })
                .collect(),
            ..View::default()
        }
    }

    #[test]
    fn your_pieces_are_unmarked_and_every_other_seat_has_its_own_mark() {
        let owners = Owners::of(&view(4), Some(Seat(2)));
        assert_eq!(owners.mark(Seat(2)), ' ');
        assert_eq!(owners.mark(Seat(0)), '*');
        assert_eq!(owners.mark(Seat(1)), '~');
        assert_eq!(owners.mark(Seat(3)), '+');
        let seats: Vec<Seat> = owners.all().iter().map(|(seat, _)| *seat).collect();
        assert_eq!(seats, [Seat(2), Seat(0), Seat(1), Seat(3)]);
    }

    #[test]
    fn a_spectator_sees_the_first_seat_unmarked() {
        let owners = Owners::of(&view(2), None);
        assert_eq!(owners.mark(Seat(0)), ' ');
        assert_eq!(owners.mark(Seat(1)), '*');
    }
}
