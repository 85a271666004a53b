//! A match's clocks: today the abandonment clock of each seat, which runs
//! while no connection plays the seat and another seat's player is present
//! (there is someone waiting). With no one present the clocks stop, so a
//! server restart or a quiet night loses no one a game.

use std::time::Duration;

use fray_protocol::{MatchId, Seat, ServerMessage};
use tokio::time::Instant;

use super::crowd::Crowd;

pub struct Clocks {
    /// Per seat: when it loses by abandonment, while its clock runs.
    away_until: Vec<Option<Instant>>,
    /// Per seat: whether its player has come to the match (followed it as
    /// that seat since the actor started, or acted in it), and so is held
    /// to the abandonment clock rather than the grace for joining.
    arrived: Vec<bool>,
    /// Per seat: whether a house bot holds it. A bot is never away, and
    /// waits as long as its opponents take: it starts no one's clock.
    house: Vec<bool>,
    abandon_after: Duration,
    join_grace: Duration,
}

impl Clocks {
    /// Stopped clocks for seats of which `arrived` tells who has come, and
    /// `house` which a house bot holds.
    pub fn new(
        arrived: Vec<bool>,
        house: Vec<bool>,
        abandon_after: Duration,
        join_grace: Duration,
    ) -> Clocks {
        Clocks {
            away_until: vec![None; arrived.len()],
            arrived,
            house,
            abandon_after,
            join_grace,
        }
    }

    /// `seat`'s player has come to the match.
    pub fn arrived(&mut self, seat: Seat) {
        if let Some(arrived) = self.arrived.get_mut(usize::from(seat.0)) {
            *arrived = true;
        }
    }

    /// When the next clock falls, if one runs.
    pub fn next_deadline(&self) -> Option<Instant> {
        self.away_until.iter().flatten().min().copied()
    }

    /// A seat whose clock has fallen by `now`, its clock stopped.
    pub fn take_fallen(&mut self, now: Instant) -> Option<Seat> {
        let seat = self
            .away_until
            .iter()
            .position(|until| until.is_some_and(|until| until <= now))?;
        self.away_until[seat] = None;
        Some(Seat(seat as u8))
    }

    /// The match is over: no clock runs any more.
    pub fn stop_all(&mut self) {
        self.away_until.iter_mut().for_each(|until| *until = None);
    }

    /// Starts and stops each seat's clock as the crowd now stands, telling
    /// the crowd of each change. Returns the seats whose clocks it started.
    pub fn update(&mut self, crowd: &Crowd, match_id: MatchId) -> Vec<Seat> {
        let mut started = Vec::new();
        let present: Vec<bool> = (0..self.away_until.len())
            .map(|seat| crowd.present(Seat(seat as u8)))
            .collect();
        let anyone = present.iter().any(|here| *here);
        for (index, here) in present.into_iter().enumerate() {
            let seat = Seat(index as u8);
            let bot = self.house.get(index).copied().unwrap_or(false);
            let should_run = !here && anyone && !bot;
            let running = self.away_until[index].is_some();
            if should_run && !running {
                // A seat that has never come has its grace for joining: the
                // other cannot win by waiting out the clock before it can.
                let after = match self.arrived.get(index) {
                    Some(true) => self.abandon_after,
                    _ => self.join_grace,
                };
                self.away_until[index] = Some(Instant::now() + after);
                started.push(seat);
                crowd.tell_all(&ServerMessage::SeatAway {
                    match_id,
                    seat,
                    seconds: after.as_secs(),
                });
            } else if !should_run && running {
                self.away_until[index] = None;
                if here {
                    crowd.tell_all(&ServerMessage::SeatBack { match_id, seat });
                }
            }
        }
        started
    }

    /// The clocks already running, each with the seconds it has left: what
    /// a newcomer is told.
    pub fn running(&self) -> impl Iterator<Item = (Seat, u64)> + '_ {
        let now = Instant::now();
        self.away_until
            .iter()
            .enumerate()
            .filter_map(move |(seat, until)| {
                let left = until.as_ref()?.saturating_duration_since(now).as_secs();
                Some((Seat(seat as u8), left))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outbox::{Inbox, outbox};

    const ABANDON: Duration = Duration::from_secs(60);
    const GRACE: Duration = Duration::from_secs(600);

    fn told(inbox: &Inbox) -> Vec<serde_json::Value> {
        std::iter::from_fn(|| inbox.try_recv())
            .map(|frame| serde_json::from_str(frame.as_str()).unwrap())
            .collect()
    }

    /// Seat 1 plays; seat 0 is away.
    fn seat_one_present() -> (Crowd, Inbox) {
        let mut crowd = Crowd::new(4);
        let (outbox, inbox) = outbox(16, 1 << 16);
        crowd.join(outbox, fray_protocol::Viewer::Seat(Seat(1)));
        (crowd, inbox)
    }

    #[tokio::test(start_paused = true)]
    async fn an_away_seat_that_never_came_has_the_grace_for_joining_then_loses() {
        let (crowd, inbox) = seat_one_present();
        let mut clocks = Clocks::new(vec![false, true], vec![false, false], ABANDON, GRACE);

        assert_eq!(clocks.update(&crowd, MatchId(1)), vec![Seat(0)]);

        let away = told(&inbox);
        assert_eq!(away.len(), 1);
        assert_eq!(
            (&away[0]["type"], &away[0]["seat"]),
            (&"seat_away".into(), &0.into())
        );
        assert_eq!(away[0]["seconds"], GRACE.as_secs());
        tokio::time::advance(GRACE - Duration::from_secs(1)).await;
        assert_eq!(clocks.take_fallen(Instant::now()), None);
        tokio::time::advance(Duration::from_secs(1)).await;
        assert_eq!(clocks.take_fallen(Instant::now()), Some(Seat(0)));
        assert_eq!(clocks.next_deadline(), None, "a fallen clock stops");
    }

    #[tokio::test(start_paused = true)]
    async fn a_seat_that_came_and_left_has_the_abandonment_clock_and_stops_it_by_coming_back() {
        let (mut crowd, inbox) = seat_one_present();
        let mut clocks = Clocks::new(vec![false, true], vec![false, false], ABANDON, GRACE);
        clocks.arrived(Seat(0));

        clocks.update(&crowd, MatchId(1));
        assert_eq!(told(&inbox)[0]["seconds"], ABANDON.as_secs());
        assert_eq!(clocks.running().collect::<Vec<_>>(), vec![(Seat(0), 60)]);

        let (back, _back_inbox) = outbox(16, 1 << 16);
        crowd.join(back, fray_protocol::Viewer::Seat(Seat(0)));
        assert_eq!(clocks.update(&crowd, MatchId(1)), vec![]);
        let told = told(&inbox);
        assert_eq!(
            (&told[0]["type"], &told[0]["seat"]),
            (&"seat_back".into(), &0.into())
        );
        assert_eq!(clocks.next_deadline(), None);
    }

    #[tokio::test(start_paused = true)]
    async fn with_no_one_present_no_clock_runs() {
        let crowd = Crowd::new(4);
        let mut clocks = Clocks::new(vec![true, true], vec![false, false], ABANDON, GRACE);

        assert_eq!(clocks.update(&crowd, MatchId(1)), vec![]);
        assert_eq!(clocks.next_deadline(), None);
    }

    #[tokio::test(start_paused = true)]
    async fn a_house_bots_seat_is_never_away_and_keeps_no_one_waiting() {
        // Seat 0 a bot, seat 1 a player who is here: the bot is not away.
        let (crowd, inbox) = seat_one_present();
        let mut clocks = Clocks::new(vec![false, true], vec![true, false], ABANDON, GRACE);
        assert_eq!(clocks.update(&crowd, MatchId(1)), vec![]);
        assert!(told(&inbox).is_empty());
        assert_eq!(clocks.next_deadline(), None);

        // The player gone, no one is waiting: the bot waits for them.
        let nobody = Crowd::new(4);
        let mut clocks = Clocks::new(vec![true, true], vec![true, false], ABANDON, GRACE);
        assert_eq!(clocks.update(&nobody, MatchId(1)), vec![]);
        assert_eq!(clocks.next_deadline(), None);
    }
}
