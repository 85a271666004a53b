//! Each viewer's own numbering of a match's events (`fray_protocol::knows_of`
//! says which events are in whose sequence). The match log numbers every
//! event; a viewer numbers only those it can tell happened, so a secret
//! event (a placement behind a secret set-up's screen) leaves no gap and
//! no extra number in anyone else's sequence. Secret events are few (a
//! set-up's placements), so only they are kept; a match without any numbers
//! alike for every viewer.

use fray_protocol::{ScopedEffect, Seat, Viewer, knows_of};

#[derive(Debug, Clone, Default)]
pub struct Sequences {
    /// The secret events, in log order.
    secret: Vec<SecretEvent>,
}

#[derive(Debug, Clone)]
struct SecretEvent {
    seq: u64,
    /// The seats that know of it (the referee does too; spectators do not).
    known_to: Vec<Seat>,
}

impl Sequences {
    /// Notes the event `seq` of `seat` that made `effects`, if it is secret.
    /// Events are noted in log order.
    pub fn note(&mut self, seq: u64, seat: Option<Seat>, effects: &[ScopedEffect], seats: usize) {
        if knows_of(Viewer::Spectator, seat, effects) {
            return;
        }
        let known_to = (0..seats as u8)
            .map(Seat)
            .filter(|&other| knows_of(Viewer::Seat(other), seat, effects))
            .collect();
        self.secret.push(SecretEvent { seq, known_to });
    }

    /// Whether `viewer` knows of the event `seq`.
    pub fn knows(&self, viewer: Viewer, seq: u64) -> bool {
        self.secret
            .binary_search_by_key(&seq, |event| event.seq)
            .map_or(true, |at| self.secret[at].knows(viewer))
    }

    /// `viewer`'s number for the match as it stood after log event `seq`:
    /// the number of the last event at or before it that the viewer knows.
    pub fn number(&self, viewer: Viewer, seq: u64) -> u64 {
        let unknown = self
            .secret
            .iter()
            .take_while(|event| event.seq <= seq)
            .filter(|event| !event.knows(viewer))
            .count() as u64;
        seq - unknown
    }
}

impl SecretEvent {
    fn knows(&self, viewer: Viewer) -> bool {
        match viewer {
            Viewer::Referee => true,
            Viewer::Spectator => false,
            Viewer::Seat(seat) => self.known_to.contains(&seat),
        }
    }
}

#[cfg(test)]
mod tests {
    use fray_protocol::{Audience, Effect, Phrase};

    use super::*;

    fn event(audience: Audience) -> Vec<ScopedEffect> {
        vec![ScopedEffect {
            audience,
            effect: Effect::Narration {
                text: Phrase::new().text("placed"),
            },
        }]
    }

    /// Seat 0 places twice in secret (events 1, 3), seat 1 once (2), then
    /// seat 1's last placement (4) reveals both.
    fn set_up() -> Sequences {
        let mut sequences = Sequences::default();
        let only = |seat| event(Audience::Seats(vec![Seat(seat)]));
        sequences.note(0, None, &event(Audience::Everyone), 2);
        sequences.note(1, Some(Seat(0)), &only(0), 2);
        sequences.note(2, Some(Seat(1)), &only(1), 2);
        sequences.note(3, Some(Seat(0)), &only(0), 2);
        sequences.note(4, Some(Seat(1)), &event(Audience::Everyone), 2);
        sequences
    }

    #[test]
    fn each_viewer_numbers_only_what_it_knows_of() {
        let sequences = set_up();
        let ada = Viewer::Seat(Seat(0));
        let bo = Viewer::Seat(Seat(1));
        let numbers = |viewer| {
            (0..=4)
                .map(|seq| sequences.number(viewer, seq))
                .collect::<Vec<_>>()
        };
        assert_eq!(numbers(Viewer::Referee), [0, 1, 2, 3, 4]);
        assert_eq!(numbers(ada), [0, 1, 1, 2, 3]);
        assert_eq!(numbers(bo), [0, 0, 1, 1, 2]);
        assert_eq!(numbers(Viewer::Spectator), [0, 0, 0, 0, 1]);
        let known = |viewer| {
            (0..=4)
                .filter(|&seq| sequences.knows(viewer, seq))
                .collect::<Vec<_>>()
        };
        assert_eq!(known(ada), [0, 1, 3, 4]);
        assert_eq!(known(bo), [0, 2, 4]);
        assert_eq!(known(Viewer::Spectator), [0, 4]);
    }

    #[test]
    fn a_match_without_secrets_numbers_alike_for_everyone() {
        let mut sequences = Sequences::default();
        for seq in 1..=3 {
            sequences.note(seq, Some(Seat(0)), &event(Audience::Everyone), 2);
        }
        assert_eq!(sequences.number(Viewer::Spectator, 3), 3);
        assert!(sequences.knows(Viewer::Seat(Seat(1)), 2));
    }
}
