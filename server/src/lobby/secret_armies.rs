//! What of a match's seats each viewer is shown. A system whose armies are
//! secret (`SystemInfo::secret_armies`: a simultaneous secret choice,
//! revealed together) has its rules hide each army in their views until the
//! reveal; the lobby must not tell it first. So while such a match is open
//! or running, a seat's army key and list name are shown to its own player
//! alone; once the match is over, to everyone, as its replay is.

use fray_protocol::{MatchStatus, MatchSummary, PlayerId, SeatSummary};

/// `summary` as `viewer` may see it: the player whose token came with the
/// request, or `None` for a request without one. `secret_armies` is what
/// the match's system says of its armies.
pub fn summary_shown_to(
    mut summary: MatchSummary,
    viewer: Option<PlayerId>,
    secret_armies: bool,
) -> MatchSummary {
    let kept_secret = secret_armies && summary.status != MatchStatus::Finished;
    if kept_secret {
        summary.seats = summary
            .seats
            .into_iter()
            .map(|seat| seat_shown_to(seat, viewer))
            .collect();
    }
    summary
}

/// `seat` of a match whose armies are kept secret, as `viewer` may see it:
/// whole to the player who holds it; to anyone else, who holds it but not
/// with which army (`null`, as an open seat's).
pub fn seat_shown_to(seat: SeatSummary, viewer: Option<PlayerId>) -> SeatSummary {
    let own = viewer.is_some_and(|viewer| seat.player.as_ref().is_some_and(|p| p.id == viewer));
    if own {
        return seat;
    }
    SeatSummary {
        army: None,
        list_name: None,
        ..seat
    }
}

#[cfg(test)]
mod tests {
    use fray_protocol::{MatchConfig, MatchId, PlayerRef, Seat, SystemId};

    use super::*;

    const ADA: PlayerId = PlayerId(1);
    const BO: PlayerId = PlayerId(2);
    const CY: PlayerId = PlayerId(3);

    fn seat(seat: u8, player: Option<(PlayerId, &str, &str)>) -> SeatSummary {
        SeatSummary {
            seat: Seat(seat),
            player: player.map(|(id, name, _)| PlayerRef {
                id,
                name: name.into(),
            }),
            army: player.map(|(_, _, army)| army.into()),
            list_name: player.map(|(_, name, _)| format!("{name}'s list")),
            bot: None,
        }
    }

    /// A three-seat match: Ada and Bo seated, the last seat open.
    fn summary(status: MatchStatus) -> MatchSummary {
        MatchSummary {
            id: MatchId(7),
            system: SystemId::ChessboardConfrontation,
            config: MatchConfig::new(SystemId::ChessboardConfrontation),
            status,
            seats: vec![
                seat(0, Some((ADA, "ada", "squad"))),
                seat(1, Some((BO, "bo", "squad"))),
                seat(2, None),
            ],
            seq: 3,
            commitment: Some("c0ffee".into()),
            outcome: None,
            created_at: "2026-11-24 04:30:00".into(),
            rematch: None,
            rematch_of: Some(MatchId(6)),
        }
    }

    /// What each seat shows: its army and list name, or `None` for hidden.
    fn armies(summary: &MatchSummary) -> Vec<(Option<&str>, Option<&str>)> {
        summary
            .seats
            .iter()
            .map(|seat| (seat.army.as_deref(), seat.list_name.as_deref()))
            .collect()
    }

    /// `summary` with every army and list name left out: what no viewer's
    /// copy may differ in.
    fn without_armies(mut summary: MatchSummary) -> MatchSummary {
        for seat in &mut summary.seats {
            seat.army = None;
            seat.list_name = None;
        }
        summary
    }

    #[test]
    fn a_player_sees_their_own_army_and_no_one_elses() {
        for status in [MatchStatus::Open, MatchStatus::Running] {
            let shown = summary_shown_to(summary(status), Some(ADA), true);
            assert_eq!(
                armies(&shown),
                [
                    (Some("squad"), Some("ada's list")),
                    (None, None),
                    (None, None)
                ]
            );
            let shown = summary_shown_to(summary(status), Some(BO), true);
            assert_eq!(
                armies(&shown),
                [
                    (None, None),
                    (Some("squad"), Some("bo's list")),
                    (None, None)
                ]
            );
        }
    }

    #[test]
    fn another_player_and_a_viewer_without_a_token_see_no_army() {
        for viewer in [Some(CY), None] {
            let shown = summary_shown_to(summary(MatchStatus::Running), viewer, true);
            assert_eq!(armies(&shown), [(None, None); 3]);
        }
    }

    #[test]
    fn hiding_the_armies_changes_nothing_else() {
        for viewer in [Some(ADA), Some(BO), Some(CY), None] {
            let shown = summary_shown_to(summary(MatchStatus::Running), viewer, true);
            assert_eq!(
                without_armies(shown),
                without_armies(summary(MatchStatus::Running))
            );
        }
    }

    #[test]
    fn a_finished_match_shows_every_army() {
        for viewer in [Some(BO), None] {
            let shown = summary_shown_to(summary(MatchStatus::Finished), viewer, true);
            assert_eq!(shown, summary(MatchStatus::Finished));
        }
    }

    #[test]
    fn armies_that_are_not_secret_are_shown_to_everyone() {
        for status in [MatchStatus::Open, MatchStatus::Running] {
            for viewer in [Some(CY), None] {
                assert_eq!(
                    summary_shown_to(summary(status), viewer, false),
                    summary(status)
                );
            }
        }
    }
}
