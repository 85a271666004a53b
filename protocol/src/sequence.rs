//! Which events are in a viewer's sequence. Every viewer numbers the events
//! it can tell happened `1, 2, 3, …` with no gap (the set-up is 0): an
//! event that shows a viewer nothing, such as a placement behind a secret
//! set-up's screen, is not in that viewer's sequence at all, so the number
//! of its batches tells it nothing either. The referee knows every event,
//! so its numbering is the match log's own `seq`.

use crate::{ScopedEffect, Seat, Viewer};

/// Whether `viewer` can tell that an event happened: the event of `seat`
/// (none for the set-up) that made `effects`. A seat knows of its own
/// events, and of every event that tells it or the spectators anything
/// (what spectators see, every seat may see); a spectator knows of an event
/// that tells spectators something. Since every view shows who decides
/// now, an event that changes that is known to everyone.
pub fn knows_of(viewer: Viewer, seat: Option<Seat>, effects: &[ScopedEffect]) -> bool {
    let told = |viewer: Viewer| {
        effects
            .iter()
            .any(|scoped| scoped.audience.includes(viewer))
    };
    match viewer {
        Viewer::Referee => true,
        _ if seat.is_none() => true,
        Viewer::Spectator => told(Viewer::Spectator),
        Viewer::Seat(own) => seat == Some(own) || told(viewer) || told(Viewer::Spectator),
    }
}

/// Whether spectators cannot tell that an event happened: a secret event,
/// in the sequences of only some seats (and the referee's).
pub fn is_secret(seat: Option<Seat>, effects: &[ScopedEffect]) -> bool {
    !knows_of(Viewer::Spectator, seat, effects)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Audience, Effect, Phrase};

    fn told(audience: Audience) -> ScopedEffect {
        ScopedEffect {
            audience,
            effect: Effect::Narration {
                text: Phrase::new().text("something"),
            },
        }
    }

    #[test]
    fn a_placement_told_only_to_its_maker_is_in_its_sequence_alone() {
        let effects = [
            told(Audience::Seats(vec![Seat(0)])),
            told(Audience::Referee),
        ];
        let seat = Some(Seat(0));
        assert!(knows_of(Viewer::Seat(Seat(0)), seat, &effects));
        assert!(knows_of(Viewer::Referee, seat, &effects));
        assert!(!knows_of(Viewer::Seat(Seat(1)), seat, &effects));
        assert!(!knows_of(Viewer::Spectator, seat, &effects));
        assert!(is_secret(seat, &effects));
    }

    #[test]
    fn an_event_spectators_see_is_in_every_sequence() {
        let effects = [told(Audience::Viewers(vec![Viewer::Spectator]))];
        for viewer in [
            Viewer::Seat(Seat(0)),
            Viewer::Seat(Seat(1)),
            Viewer::Spectator,
            Viewer::Referee,
        ] {
            assert!(knows_of(viewer, Some(Seat(0)), &effects), "{viewer:?}");
        }
        assert!(!is_secret(Some(Seat(0)), &effects));
    }

    #[test]
    fn an_event_told_to_another_seat_is_in_that_seats_sequence() {
        let effects = [told(Audience::Seats(vec![Seat(2)]))];
        let seat = Some(Seat(0));
        assert!(knows_of(Viewer::Seat(Seat(2)), seat, &effects));
        assert!(!knows_of(Viewer::Seat(Seat(1)), seat, &effects));
        assert!(!knows_of(Viewer::Spectator, seat, &effects));
    }

    #[test]
    fn the_set_up_and_an_event_with_no_effect_of_its_own_seat() {
        assert!(knows_of(Viewer::Spectator, None, &[]));
        assert!(knows_of(Viewer::Seat(Seat(0)), Some(Seat(0)), &[]));
        assert!(!knows_of(Viewer::Seat(Seat(1)), Some(Seat(0)), &[]));
    }
}
