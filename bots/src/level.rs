//! How hard each bot level searches, and when a level gives a game up.

use fray_protocol::{BotLevel, SystemId};

use crate::search::Search;

/// `level`'s search in `system`, scaled by `budget` (1 is the default; at
/// least one playout per decision whatever the scale); none for `random`.
///
/// The expert makes twenty times the club player's playouts: at five
/// times, it beat the club player in only 58% to 62% of games
/// (docs/bots.md).
pub fn search_at(system: SystemId, level: BotLevel, budget: f64) -> Option<Search> {
    let (playouts, playout_plies) = match level {
        BotLevel::Random => return None,
        BotLevel::Easy => (48, 8),
        BotLevel::Club => (300, 16),
        BotLevel::Expert => (6000, 24),
    };
    let scaled = (f64::from(playouts) * budget).round();
    let playouts = if scaled >= 1.0 { scaled as u32 } else { 1 };
    let playout_moves = Search::default().playout_moves;
    Some(Search {
        playouts,
        playout_plies,
        playout_moves,
        decision_moves: (playouts as usize * playout_moves / 4).min(most_moves_listed(system)),
        ..Search::default()
    })
}

/// The most legal moves one decision in `system` lists. Where Action
/// Chess Faction Chess's lists run to thousands (a Swarm's splits grown
/// against a player who never attacks it), its expert bounded as the
/// others are had a p99 of 4.7 s a decision (docs/bots.md). The easy and
/// club players' own bounds are below the ceiling.
fn most_moves_listed(system: SystemId) -> usize {
    match system {
        SystemId::ActionChessFactionChess => 750_000,
        _ => usize::MAX,
    }
}

/// Below this expected reward, a level that resigns at all sees no hope:
/// almost every playout it made was lost.
const HOPELESS: f64 = 0.02;

/// Whether a bot of `level` whose search values its position at `value`
/// (its expected reward, 0 to 1) resigns. `random` and `easy` play every
/// game out, as a beginner would; `club` and `expert` resign a game they
/// see no hope in, as their players would.
pub fn resigns(level: BotLevel, value: f64) -> bool {
    matches!(level, BotLevel::Club | BotLevel::Expert) && value < HOPELESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_searches_more_than_the_one_below_and_a_budget_scales_it() {
        let playouts =
            |level, budget| search_at(SystemId::FantasyArmies, level, budget).map(|s| s.playouts);
        assert_eq!(playouts(BotLevel::Random, 1.0), None);
        assert!(playouts(BotLevel::Easy, 1.0) < playouts(BotLevel::Club, 1.0));
        assert!(playouts(BotLevel::Club, 1.0) < playouts(BotLevel::Expert, 1.0));
        assert_eq!(playouts(BotLevel::Expert, 0.1), Some(600));
        assert_eq!(playouts(BotLevel::Easy, 0.0), Some(1));
    }

    #[test]
    fn only_action_chess_faction_chess_s_expert_lists_fewer_moves_a_decision() {
        let listed = |system, level| search_at(system, level, 1.0).unwrap().decision_moves;
        assert_eq!(listed(SystemId::FantasyArmies, BotLevel::Expert), 3_000_000);
        assert_eq!(listed(SystemId::ChessWar, BotLevel::Expert), 3_000_000);
        let acfc = SystemId::ActionChessFactionChess;
        assert_eq!(listed(acfc, BotLevel::Expert), 750_000);
        assert_eq!(listed(acfc, BotLevel::Club), 150_000);
        assert_eq!(listed(acfc, BotLevel::Easy), 24_000);
    }

    #[test]
    fn only_the_stronger_levels_resign_and_only_without_hope() {
        for level in BotLevel::ALL {
            assert!(!resigns(level, 0.3), "{level} resigned a game with hope");
        }
        assert!(!resigns(BotLevel::Random, 0.0));
        assert!(!resigns(BotLevel::Easy, 0.0));
        assert!(resigns(BotLevel::Club, 0.01));
        assert!(resigns(BotLevel::Expert, 0.0));
    }
}
