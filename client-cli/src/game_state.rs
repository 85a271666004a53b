//! What a seat at a match knows: the view, whose turn it is, this seat's
//! options, the latest dice and a log in words. Fed by snapshots and batches
//! (play, watch) or by replay events; drawn by the full screen (`tui`) and the
//! plain line mode (`line`), which never look at anything else.

use std::collections::{BTreeMap, BTreeSet};

use fray_protocol::{
    ActionOption, Batch, DiceRoll, Effect, History, MatchId, MatchStatus, Phrase, PieceId, Seat,
    Snapshot, Square, View, apply,
};

use crate::shown::shown;

/// One line of the game's log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    /// The batch (action) the line came from; 0 is the set-up.
    pub seq: u64,
    /// In words, safe to print (`shown`).
    pub text: String,
}

/// A roll of the last batch with its words, told against the view before
/// the roll: a piece the roll removes is still named (the view after the
/// batch has forgotten it).
#[derive(Debug, Clone, PartialEq)]
pub struct ToldRoll {
    pub roll: DiceRoll,
    /// Safe to print (`shown`).
    pub words: String,
}

/// A match as one seat (or a spectator) sees it now.
#[derive(Debug, Clone)]
pub struct GameState {
    pub match_id: MatchId,
    /// The seat this client plays; none when watching or replaying.
    pub me: Option<Seat>,
    /// The last batch applied.
    pub seq: u64,
    pub status: MatchStatus,
    pub view: View,
    /// Who must decide now.
    pub to_act: Vec<Seat>,
    /// This seat's choices when it must decide, as the server listed them.
    pub options: Vec<ActionOption>,
    /// The dice rolled by the last batch, in order.
    pub last_rolls: Vec<ToldRoll>,
    /// The moves (from, to) of the latest batch that moved a piece, so the
    /// board can show the last move; kept through batches that move
    /// nothing (an attack, a pass), which are not a newer move.
    pub last_move: Vec<(Option<Square>, Square)>,
    /// Everything that happened, oldest first.
    pub log: Vec<LogEntry>,
    /// Whose decision made each batch, where it is known: the one seat
    /// that was to decide when it came (a replay says it outright).
    pub actors: BTreeMap<u64, Seat>,
    /// The batches whose first line is a seat's roll, with that seat: when
    /// it is not the batch's decider, the decision itself told nothing (an
    /// answer casting nothing) and what follows is another's.
    pub rolled_first: BTreeMap<u64, Seat>,
    /// Player names by seat, when the match summary was read.
    pub names: Vec<(Seat, String)>,
    /// This seat made its part of a decision several seats make at once
    /// (a secret placement) and waits for the others: they are `to_act`.
    pub chosen_waiting: bool,
    /// The dice seed's commitment, from the snapshot.
    pub commitment: String,
}

impl GameState {
    /// The state a subscription starts from.
    pub fn from_snapshot(snapshot: Snapshot) -> GameState {
        GameState {
            match_id: snapshot.match_id,
            me: snapshot.seat,
            seq: snapshot.seq,
            status: snapshot.status,
            view: snapshot.view,
            to_act: snapshot.to_act,
            options: snapshot.options,
            last_rolls: Vec::new(),
            last_move: Vec::new(),
            log: Vec::new(),
            actors: BTreeMap::new(),
            rolled_first: BTreeMap::new(),
            names: Vec::new(),
            chosen_waiting: false,
            commitment: snapshot.commitment,
        }
    }

    /// A match before its set-up: a blank view, since the set-up's
    /// `GameCreated` starts the board afresh. Replays and histories are
    /// told from here.
    pub fn before_setup(match_id: MatchId, me: Option<Seat>, commitment: String) -> GameState {
        GameState::from_snapshot(Snapshot {
            match_id,
            seq: 0,
            status: MatchStatus::Running,
            seat: me,
            view: View::default(),
            to_act: Vec::new(),
            options: Vec::new(),
            commitment,
        })
    }

    /// Tells the log again from the server's `history` of the match (the
    /// set-up's dice, everything before the last snapshot), as if it had
    /// been followed live; lines of batches after the history are kept.
    /// When the history reaches this state's `seq`, its last rolls are the
    /// ones shown.
    pub fn restore_log(&mut self, history: &History) {
        let mut past = GameState::before_setup(self.match_id, self.me, self.commitment.clone());
        past.names = self.names.clone();
        let told = history.events.iter().filter(|event| event.seq <= self.seq);
        let mut last = None;
        for event in told {
            past.apply_effects(event.seq, &event.effects);
            if let Some(seat) = event.seat {
                self.actors.insert(event.seq, seat);
            }
            last = Some(event.seq);
        }
        let Some(last) = last else {
            return;
        };
        let later = self.rolled_first.range(last + 1..);
        past.rolled_first
            .extend(later.map(|(seq, seat)| (*seq, *seat)));
        self.rolled_first = std::mem::take(&mut past.rolled_first);
        let later = self.log.iter().filter(|entry| entry.seq > last).cloned();
        past.log.extend(later);
        self.log = past.log;
        if last == self.seq {
            self.last_rolls = past.last_rolls;
            self.last_move = past.last_move;
        }
    }

    /// Replaces everything but the log and names with a fresh snapshot (after
    /// a reconnect that could not resume).
    pub fn reset(&mut self, snapshot: Snapshot) {
        let log = std::mem::take(&mut self.log);
        let actors = std::mem::take(&mut self.actors);
        let rolled_first = std::mem::take(&mut self.rolled_first);
        let names = std::mem::take(&mut self.names);
        *self = GameState::from_snapshot(snapshot);
        self.log = log;
        self.actors = actors;
        self.rolled_first = rolled_first;
        self.names = names;
    }

    /// Applies one batch: the view changes, the dice and log are told.
    /// A batch that is not the next `seq` is ignored and reported false, so
    /// the caller can resubscribe.
    pub fn apply_batch(&mut self, batch: &Batch) -> bool {
        if batch.seq != self.seq + 1 {
            return false;
        }
        // A batch does not say whose it is. When one seat was to decide,
        // it was theirs; when several decided at once, it was the one of
        // them that no longer decides, or this seat's own. Not a batch that only ends the game:
        // anyone may resign, and an absence is nobody's action.
        let only_ends = batch
            .effects
            .iter()
            .all(|effect| matches!(effect, Effect::GameEnded { .. }));
        let left: Vec<Seat> = self
            .to_act
            .iter()
            .copied()
            .filter(|seat| self.to_act.len() == 1 || !batch.to_act.contains(seat))
            .collect();
        // When several decide and none has done, it was this seat's own
        // part (a secret placement): another's that tells this seat nothing
        // is not in its sequence, and one that does changes who decides.
        let own = self
            .me
            .filter(|me| left.is_empty() && self.to_act.contains(me) && batch.to_act.contains(me));
        let actor = match left.as_slice() {
            [seat] => Some(*seat),
            _ => own,
        };
        if let (Some(seat), false) = (actor, only_ends) {
            self.actors.insert(batch.seq, seat);
        }
        self.chosen_waiting = self.me.is_some_and(|me| {
            self.to_act.len() > 1
                && left == [me]
                && !batch.to_act.is_empty()
                && batch.to_act.iter().all(|seat| self.to_act.contains(seat))
        });
        self.apply_effects(batch.seq, &batch.effects);
        self.to_act = batch.to_act.clone();
        self.options = batch.options.clone();
        true
    }

    /// Applies effects made by `seq` (a live batch or a replay event).
    pub fn apply_effects<'a>(&mut self, seq: u64, effects: impl IntoIterator<Item = &'a Effect>) {
        self.last_rolls.clear();
        let mut moved = Vec::new();
        // A set-up lays out its board and pieces at once; the pieces and
        // terrain it places are the board itself, not news for the log.
        let mut setting_up = false;
        // Terrain told later: its square, whether it is gone, the line.
        let mut after: Vec<(Square, bool, LogEntry)> = Vec::new();
        let mut told_any = false;
        for effect in effects {
            if let Effect::PieceMoved { from, to, .. } = effect {
                moved.push((*from, *to));
            }
            setting_up |= matches!(effect, Effect::GameCreated { .. });
            let told = match effect {
                Effect::PiecePlaced { .. } | Effect::TerrainChanged { .. } if setting_up => None,
                Effect::DiceRolled { roll } => {
                    let words = shown(&roll_words(&self.view, &self.names, roll)).into_owned();
                    self.last_rolls.push(ToldRoll {
                        roll: roll.clone(),
                        words: words.clone(),
                    });
                    Some(words)
                }
                other => describe(&self.view, &self.names, other),
            };
            if let Some(text) = told {
                let text = shown(&text).into_owned();
                if let (false, Effect::DiceRolled { roll }) = (told_any, effect)
                    && let Some(seat) = roll.seat
                {
                    self.rolled_first.insert(seq, seat);
                }
                told_any |= !matches!(effect, Effect::TerrainChanged { .. });
                // A square's new terrain follows what made it, which the
                // view tells after it: a corpse the removal of the piece
                // that left it, a corpse eaten the Diner's move.
                match effect {
                    Effect::TerrainChanged { square, terrain } => {
                        after.push((*square, terrain.is_none(), LogEntry { seq, text }))
                    }
                    _ => self.log.push(LogEntry { seq, text }),
                }
            }
            // The terrain this effect made: a corpse on the square a removed
            // piece left, a corpse a move ate.
            let left = match effect {
                Effect::PieceRemoved { piece, .. } => {
                    self.view.pieces.get(piece).and_then(|p| p.square)
                }
                _ => None,
            };
            let moves = matches!(effect, Effect::PieceMoved { .. });
            if left.is_some() || moves {
                let (now, later): (Vec<_>, Vec<_>) = after
                    .into_iter()
                    .partition(|(at, gone, _)| left == Some(*at) || (moves && *gone));
                after = later;
                self.log.extend(now.into_iter().map(|(_, _, entry)| entry));
            }
            if let Effect::GameEnded { .. } = effect {
                self.status = MatchStatus::Finished;
            }
            apply(&mut self.view, effect);
        }
        self.log
            .extend(after.into_iter().map(|(_, _, entry)| entry));
        if !moved.is_empty() {
            self.last_move = moved;
        }
        self.seq = seq;
    }

    /// The squares of the last move, from and to.
    pub fn last_move_squares(&self) -> BTreeSet<Square> {
        self.last_move
            .iter()
            .flat_map(|(from, to)| from.iter().chain([to]).copied())
            .collect()
    }

    /// What this seat waits for, in words, once it has made its part of a
    /// decision made at once: "You have chosen; waiting for bo".
    pub fn waiting_words(&self) -> Option<String> {
        self.chosen_waiting.then(|| {
            let names: Vec<String> = self
                .to_act
                .iter()
                .map(|&seat| self.seat_name(seat))
                .collect();
            format!("You have chosen; waiting for {}", names.join(", "))
        })
    }

    /// True when this client's seat must decide now.
    pub fn my_turn(&self) -> bool {
        self.me.is_some_and(|seat| self.to_act.contains(&seat)) && !self.options.is_empty()
    }

    /// A seat's player name, safe to print, else "Seat N" (counting from 1,
    /// as people do).
    pub fn seat_name(&self, seat: Seat) -> String {
        seat_name(&self.names, seat)
    }

    /// Words from the server with each seat named by its player, safe to
    /// print.
    pub fn say(&self, phrase: &Phrase) -> String {
        say(&self.names, phrase)
    }
}

/// A seat's player name among `names`, safe to print; a seat nobody's name
/// is known for (an open seat, a summary not read) is "Seat N", counted
/// from 1 as everywhere the client shows a seat's number.
pub fn seat_name(names: &[(Seat, String)], seat: Seat) -> String {
    names
        .iter()
        .find(|(s, _)| *s == seat)
        .map(|(_, name)| shown(name).into_owned())
        .unwrap_or_else(|| format!("Seat {}", u16::from(seat.0) + 1))
}

/// How the client writes a seat's number: counted from 1 ("seat 1" is the
/// protocol's `Seat(0)`), so that the first player is the first seat.
pub fn seat_number(seat: Seat) -> String {
    format!("seat {}", u16::from(seat.0) + 1)
}

/// `phrase` with each seat named as [`seat_name`] names it, safe to print.
pub fn say(names: &[(Seat, String)], phrase: &Phrase) -> String {
    shown(&phrase.render(|seat| seat_name(names, seat))).into_owned()
}

fn piece_name(view: &View, piece: PieceId) -> String {
    view.pieces
        .get(&piece)
        .map(|p| p.name.clone())
        .unwrap_or_else(|| format!("piece {}", piece.0))
}

/// "bo's Man on d2": whose the piece is and where it stands, so that a
/// piece leaving the board is known among alike ones (the mover's own or
/// the opponent's, when both sides field the same faction).
fn whose_piece_where(view: &View, names: &[(Seat, String)], piece: PieceId) -> String {
    let Some(shown_piece) = view.pieces.get(&piece) else {
        return piece_name(view, piece);
    };
    let owner = seat_name(names, shown_piece.owner);
    match shown_piece.square {
        Some(square) => format!("{owner}'s {} on {square}", shown_piece.name),
        None => format!("{owner}'s {}", shown_piece.name),
    }
}

/// One roll in words, saying whose roll it was and what for: "ada rolls
/// for attack (Knight): 4 5 +1 = 10, hit"; a roll of no seat's (a set-up
/// shuffle, a coin flip) "Rolled for coin flip: 2, bo moves first". A
/// result that only repeats the total is left out ("ada rolls for
/// initiative: 10", not "10, 10").
pub fn roll_words(view: &View, names: &[(Seat, String)], roll: &DiceRoll) -> String {
    let faces: Vec<String> = roll.dice.iter().map(|die| die.face.to_string()).collect();
    let mut text = match roll.seat {
        Some(seat) => format!("{} rolls for ", seat_name(names, seat)),
        None => "Rolled for ".to_string(),
    };
    let purpose = say(names, &roll.purpose);
    text.push_str(&purpose);
    // Most purposes name their piece already ("Necromancer on b4 saves").
    if let Some(piece) = roll.piece {
        let piece = shown(&piece_name(view, piece)).into_owned();
        if !purpose.contains(&piece) {
            text.push_str(&format!(" ({piece})"));
        }
    }
    text.push_str(": ");
    text.push_str(&faces.join(" "));
    if roll.modifier != 0 {
        text.push_str(&format!(" {:+}", roll.modifier));
    }
    if roll.dice.len() > 1 || roll.modifier != 0 {
        text.push_str(&format!(" = {}", roll.total));
    }
    let result = say(names, &roll.result);
    if !result.is_empty() && result != roll.total.to_string() {
        text.push_str(&format!(", {result}"));
    }
    text
}

/// What an effect tells a person, given the view before it and the players'
/// names; none for the bookkeeping a log would only clutter with.
pub fn describe(view: &View, names: &[(Seat, String)], effect: &Effect) -> Option<String> {
    match effect {
        Effect::GameCreated { system, .. } => Some(format!("A game of {system} is set up.")),
        Effect::PieceMoved { piece, from, to } => Some(match from {
            Some(from) => format!("{} moves {from} to {to}.", piece_name(view, *piece)),
            None => format!("{} enters at {to}.", piece_name(view, *piece)),
        }),
        Effect::PieceRemoved { piece, reason } => Some(format!(
            "{} is {reason}.",
            whose_piece_where(view, names, *piece)
        )),
        Effect::DiceRolled { roll } => Some(roll_words(view, names, roll)),
        Effect::Narration { text } => Some(say(names, text)),
        Effect::GameEnded { outcome } => Some(if outcome.is_draw() {
            format!("The game ends in a draw: {}.", say(names, &outcome.reason))
        } else {
            let winners: Vec<String> = outcome
                .winners
                .iter()
                .map(|seat| seat_name(names, *seat))
                .collect();
            format!(
                "{} wins: {}.",
                winners.join(" and "),
                say(names, &outcome.reason)
            )
        }),
        // Walls come and go in play (Action Chess Faction Chess's
        // Wallmaster), not only at the set-up: an opponent's wall would
        // otherwise appear on the board with no word in the log.
        Effect::WallChanged { between, wall } => {
            let [a, b] = *between;
            let before = view.walls.iter().find(|w| {
                let [c, d] = w.between;
                (c, d) == (a, b) || (c, d) == (b, a)
            });
            match (before, wall) {
                (None, Some(kind)) => Some(format!("A {kind} now stands between {a} and {b}.")),
                (Some(old), Some(kind)) if old.kind != *kind => Some(format!(
                    "The {} between {a} and {b} is now a {kind}.",
                    old.kind
                )),
                (Some(old), None) => Some(format!("The {} between {a} and {b} is gone.", old.kind)),
                _ => None,
            }
        }
        // A piece put on the board in play (a Hive Queen's Swarmling, a
        // Factory's build, an army revealed), or one changing hands or
        // leaving the board: the view tells it by placing the piece whole.
        Effect::PiecePlaced { piece } => {
            let owner = seat_name(names, piece.owner);
            match (view.pieces.get(&piece.id), piece.square) {
                (Some(was), _) if was.owner != piece.owner => Some(format!(
                    "{} is now {owner}'s.",
                    whose_piece_where(view, names, piece.id)
                )),
                (Some(was), None) if was.square.is_some() => Some(format!(
                    "{} leaves the board.",
                    whose_piece_where(view, names, piece.id)
                )),
                (None, Some(square)) => {
                    Some(format!("{owner}'s {} is placed on {square}.", piece.name))
                }
                (Some(was), Some(square)) if was.square.is_none() => {
                    Some(format!("{owner}'s {} is placed on {square}.", piece.name))
                }
                _ => None,
            }
        }
        // Terrain that changes in play (a Butcher corpse left on its
        // square, eaten by a Diner's feast).
        Effect::TerrainChanged { square, terrain } => match (view.terrain.get(square), terrain) {
            (None, Some(now)) => Some(format!("{square} is now {now}.")),
            (Some(was), Some(now)) if was != now => {
                Some(format!("The {was} on {square} is now {now}."))
            }
            (Some(was), None) => Some(format!("The {was} on {square} is gone.")),
            _ => None,
        },
        Effect::PlayerChanged { .. }
        | Effect::ResourceChanged { .. }
        | Effect::PieceChanged { .. }
        | Effect::TurnChanged { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::{Die, EventKind, HistoryEvent, Outcome, PieceView, Square, TurnView};
    use std::collections::BTreeMap;

    fn view() -> View {
        let mut pieces = BTreeMap::new();
        pieces.insert(
            PieceId(1),
            PieceView {
                count: 1,
                id: PieceId(1),
                owner: Seat(0),
                kind: "knight".into(),
                name: "Knight".into(),
                glyph: "N".into(),
                square: Some(Square { file: 1, rank: 0 }),
                stats: Vec::new(),
                markers: Vec::new(),
            },
        );
        View {
            system: "test".into(),
            width: 8,
            height: 8,
            terrain: BTreeMap::new(),
            walls: Vec::new(),
            pieces,
            players: Vec::new(),
            turn: TurnView {
                number: 1,
                round: None,
                phase: "move".into(),
                active: vec![Seat(0)],
            },
            outcome: None,
        }
    }

    fn state() -> GameState {
        let mut state = GameState::from_snapshot(Snapshot {
            match_id: MatchId(7),
            seq: 3,
            status: MatchStatus::Running,
            seat: Some(Seat(0)),
            view: view(),
            to_act: vec![Seat(0)],
            options: Vec::new(),
            commitment: "00".into(),
        });
        state.names = vec![(Seat(0), "ada".into()), (Seat(1), "bo".into())];
        state
    }

    #[test]
    fn walls_put_up_doubled_and_taken_down_are_told_in_the_log() {
        let mut state = state();
        let sq = |name: &str| -> Square { name.parse().unwrap() };
        let wall = |kind: Option<&str>| Effect::WallChanged {
            between: [sq("e3"), sq("e4")],
            wall: kind.map(str::to_string),
        };
        state.apply_effects(4, [&wall(Some("wall"))]);
        state.apply_effects(5, [&wall(Some("double-wall"))]);
        state.apply_effects(6, [&wall(None)]);
        let told: Vec<&str> = state.log.iter().map(|entry| entry.text.as_str()).collect();
        assert_eq!(
            told[told.len() - 3..],
            [
                "A wall now stands between e3 and e4.",
                "The wall between e3 and e4 is now a double-wall.",
                "The double-wall between e3 and e4 is gone.",
            ]
        );
        assert!(state.view.walls.is_empty());
    }

    fn swarmling(owner: u8, square: Option<&str>) -> PieceView {
        PieceView {
            count: 1,
            id: PieceId(9),
            owner: Seat(owner),
            kind: "swarmling".into(),
            name: "Swarmling".into(),
            glyph: "s".into(),
            square: square.map(|name| name.parse().unwrap()),
            stats: Vec::new(),
            markers: Vec::new(),
        }
    }

    #[test]
    fn a_piece_placed_in_play_is_told_and_one_changing_hands_or_leaving_too() {
        let mut state = state();
        let placed = |owner, square| Effect::PiecePlaced {
            piece: swarmling(owner, square),
        };
        assert_eq!(
            logged(&mut state, &[placed(0, Some("e5"))]),
            ["ada's Swarmling is placed on e5."],
            "a start-of-turn placement (a Hive Queen's) is told"
        );
        assert_eq!(
            logged(&mut state, &[placed(1, Some("e5"))]),
            ["ada's Swarmling on e5 is now bo's."]
        );
        assert_eq!(
            logged(&mut state, &[placed(1, None)]),
            ["bo's Swarmling on e5 leaves the board."]
        );
        assert_eq!(
            logged(&mut state, &[placed(1, Some("d4"))]),
            ["bo's Swarmling is placed on d4."]
        );
    }

    #[test]
    fn a_set_up_places_its_pieces_and_terrain_without_a_line_each() {
        let mut state = state();
        let mut setup = setup_effects();
        setup.insert(
            1,
            Effect::TerrainChanged {
                square: "d4".parse().unwrap(),
                terrain: Some("forest".into()),
            },
        );
        assert_eq!(
            logged(&mut state, &setup),
            [
                "A game of test is set up.",
                "ada rolls for roll-off: 2, deploys first"
            ]
        );
    }

    #[test]
    fn a_diners_feast_tells_the_corpse_eaten_and_the_move() {
        let mut state = state();
        let a2: Square = "a2".parse().unwrap();
        state.view.terrain.insert(a2, "bull-corpse".into());
        let lines = logged(
            &mut state,
            &[
                Effect::TerrainChanged {
                    square: a2,
                    terrain: None,
                },
                knight_to("b1".parse().unwrap(), "b6".parse().unwrap()),
            ],
        );
        assert_eq!(
            lines,
            ["Knight moves b1 to b6.", "The bull-corpse on a2 is gone."]
        );
        let corpse = |terrain: &str| Effect::TerrainChanged {
            square: a2,
            terrain: Some(terrain.into()),
        };
        assert_eq!(
            logged(&mut state, &[corpse("hog-corpse")]),
            ["a2 is now hog-corpse."]
        );
        assert_eq!(
            logged(&mut state, &[corpse("fowl-corpse")]),
            ["The hog-corpse on a2 is now fowl-corpse."]
        );
        // A corpse left by a capture is told after it, as it happened.
        let b6: Square = "b6".parse().unwrap();
        let lines = logged(
            &mut state,
            &[
                Effect::TerrainChanged {
                    square: b6,
                    terrain: Some("knight-corpse".into()),
                },
                Effect::PieceRemoved {
                    piece: PieceId(1),
                    reason: "captured".into(),
                },
                Effect::Narration {
                    text: "bo's turn".into(),
                },
            ],
        );
        assert_eq!(
            lines,
            [
                "ada's Knight on b6 is captured.",
                "b6 is now knight-corpse.",
                "bo's turn"
            ]
        );
    }

    #[test]
    fn a_choice_made_at_once_is_offered_to_both_and_then_waits_for_the_other() {
        let mut state = state();
        state.to_act = vec![Seat(0), Seat(1)];
        state.options = vec![ActionOption {
            action: fray_protocol::Action::new("place").choice("a-c-e-g"),
            notation: "Aa1,c1,e1,g1".into(),
            label: "Place your Acolytes on a1, c1, e1 and g1".into(),
        }];
        assert!(state.my_turn(), "offered while the other seat decides too");
        assert_eq!(state.waiting_words(), None);
        let chosen = Batch {
            match_id: MatchId(7),
            seq: 4,
            effects: vec![Effect::Narration {
                text: fray_protocol::Phrase::from(Seat(0)).text(" chose a1, c1, e1 and g1"),
            }],
            to_act: vec![Seat(1)],
            options: Vec::new(),
        };
        assert!(state.apply_batch(&chosen));
        assert!(!state.my_turn());
        assert_eq!(state.actors.get(&4), Some(&Seat(0)));
        assert_eq!(
            state.waiting_words().as_deref(),
            Some("You have chosen; waiting for bo")
        );
        // The other's choice ends the wait.
        let revealed = Batch {
            seq: 5,
            effects: vec![Effect::Narration {
                text: fray_protocol::Phrase::from(Seat(1)).text(" moves first"),
            }],
            to_act: vec![Seat(1)],
            ..chosen
        };
        assert!(state.apply_batch(&revealed));
        assert_eq!(state.actors.get(&5), Some(&Seat(1)));
        assert_eq!(state.waiting_words(), None);
    }

    #[test]
    fn a_secret_placement_in_a_seats_own_sequence_is_its_own() {
        // ChessWar!'s set-up: both place at once, behind a screen. A
        // viewer's sequence holds its own placements and, of the other's,
        // only the last (it changes who decides), never one that leaves
        // both still placing.
        let mut state = state();
        state.to_act = vec![Seat(0), Seat(1)];
        let batch = |seq, to_act: Vec<Seat>, text: &str| Batch {
            match_id: MatchId(7),
            seq,
            effects: vec![Effect::Narration { text: text.into() }],
            to_act,
            options: Vec::new(),
        };
        let both = vec![Seat(0), Seat(1)];
        assert!(state.apply_batch(&batch(4, both.clone(), "you place General on d2")));
        assert!(state.apply_batch(&batch(5, vec![Seat(0)], "bo has placed the whole army")));
        let whose: Vec<String> = crate::history::moves(&state)
            .into_iter()
            .map(|m| m.who)
            .collect();
        assert_eq!(whose, ["ada", "bo"]);
        assert!(!state.chosen_waiting, "ada still places");

        // A spectator is told neither side's placements but the last.
        let mut watching = self::state();
        watching.me = None;
        watching.to_act = both.clone();
        assert!(watching.apply_batch(&batch(4, both, "Set-up")));
        assert_eq!(watching.actors.get(&4), None);
    }

    #[test]
    fn a_batch_moves_the_piece_and_logs_move_and_roll() {
        let mut state = state();
        let roll = DiceRoll {
            seat: Some(Seat(0)),
            piece: Some(PieceId(1)),
            purpose: "attack".into(),
            dice: vec![Die { sides: 6, face: 4 }, Die { sides: 6, face: 5 }],
            modifier: 1,
            total: 10,
            result: "hit".into(),
        };
        let batch = Batch {
            match_id: MatchId(7),
            seq: 4,
            effects: vec![
                Effect::PieceMoved {
                    piece: PieceId(1),
                    from: Some(Square { file: 1, rank: 0 }),
                    to: Square { file: 2, rank: 2 },
                },
                Effect::DiceRolled { roll },
            ],
            to_act: vec![Seat(1)],
            options: Vec::new(),
        };
        assert!(state.apply_batch(&batch));
        assert_eq!(state.seq, 4);
        assert_eq!(
            state.view.pieces[&PieceId(1)].square,
            Some(Square { file: 2, rank: 2 })
        );
        let log: Vec<&str> = state.log.iter().map(|e| e.text.as_str()).collect();
        assert_eq!(
            log,
            [
                "Knight moves b1 to c3.",
                "ada rolls for attack (Knight): 4 5 +1 = 10, hit"
            ]
        );
        assert_eq!(state.last_rolls.len(), 1);
        assert!(!state.my_turn());
    }

    #[test]
    fn the_last_move_is_kept_until_another_piece_moves() {
        let mut state = state();
        assert!(
            state.last_move_squares().is_empty(),
            "a snapshot tells no move"
        );
        let batch = |seq, effects| Batch {
            match_id: MatchId(7),
            seq,
            effects,
            to_act: vec![Seat(0)],
            options: Vec::new(),
        };
        let moved = |from: &str, to: &str| Effect::PieceMoved {
            piece: PieceId(1),
            from: Some(from.parse().unwrap()),
            to: to.parse().unwrap(),
        };
        assert!(state.apply_batch(&batch(4, vec![moved("b1", "c3")])));
        let squares = |names: &[&str]| -> BTreeSet<Square> {
            names.iter().map(|name| name.parse().unwrap()).collect()
        };
        assert_eq!(state.last_move_squares(), squares(&["b1", "c3"]));
        let narration = Effect::Narration {
            text: "A pass.".into(),
        };
        assert!(state.apply_batch(&batch(5, vec![narration])));
        assert_eq!(
            state.last_move_squares(),
            squares(&["b1", "c3"]),
            "a pass moves nothing"
        );
        assert!(state.apply_batch(&batch(6, vec![moved("c3", "d5")])));
        assert_eq!(state.last_move_squares(), squares(&["c3", "d5"]));
    }

    #[test]
    fn a_roll_still_names_the_piece_it_removes() {
        let mut state = state();
        let roll = DiceRoll {
            seat: Some(Seat(1)),
            piece: Some(PieceId(1)),
            purpose: "defence".into(),
            dice: vec![Die { sides: 6, face: 1 }],
            modifier: 0,
            total: 1,
            result: "fails".into(),
        };
        let batch = Batch {
            match_id: MatchId(7),
            seq: 4,
            effects: vec![
                Effect::DiceRolled { roll },
                Effect::PieceRemoved {
                    piece: PieceId(1),
                    reason: "captured".into(),
                },
            ],
            to_act: vec![Seat(0)],
            options: Vec::new(),
        };
        assert!(state.apply_batch(&batch));
        assert!(!state.view.pieces.contains_key(&PieceId(1)));
        assert_eq!(state.last_rolls.len(), 1);
        assert_eq!(
            state.last_rolls[0].words,
            "bo rolls for defence (Knight): 1, fails"
        );
        assert_eq!(state.log[0].text, "bo rolls for defence (Knight): 1, fails");
        assert_eq!(state.log[1].text, "ada's Knight on b1 is captured.");
    }

    fn logged(state: &mut GameState, effects: &[Effect]) -> Vec<String> {
        let seq = state.seq + 1;
        state.apply_effects(seq, effects);
        state
            .log
            .iter()
            .filter(|entry| entry.seq == seq)
            .map(|entry| entry.text.clone())
            .collect()
    }

    #[test]
    fn each_roll_says_whose_it_is_and_a_result_that_repeats_the_total_is_left_out() {
        let initiative = |seat: u8, face: u8| Effect::DiceRolled {
            roll: DiceRoll {
                seat: Some(Seat(seat)),
                piece: None,
                purpose: "initiative".into(),
                dice: vec![Die { sides: 10, face }],
                modifier: 0,
                total: i32::from(face),
                result: face.to_string().into(),
            },
        };
        let coin = Effect::DiceRolled {
            roll: DiceRoll {
                seat: None,
                piece: None,
                purpose: Phrase::new()
                    .text("coin flip (1: ")
                    .seat(Seat(0))
                    .text(" moves first, 2: ")
                    .seat(Seat(1))
                    .text(")"),
                dice: vec![Die { sides: 2, face: 2 }],
                modifier: 0,
                total: 2,
                result: Phrase::from(Seat(1)).text(" moves first"),
            },
        };
        let mut state = state();
        assert_eq!(
            logged(&mut state, &[initiative(0, 10), initiative(1, 7), coin]),
            [
                "ada rolls for initiative: 10",
                "bo rolls for initiative: 7",
                "Rolled for coin flip (1: ada moves first, 2: bo): 2, bo moves first",
            ]
        );
    }

    #[test]
    fn a_roll_names_its_piece_once() {
        let roll = |purpose: &str| Effect::DiceRolled {
            roll: DiceRoll {
                seat: Some(Seat(0)),
                piece: Some(PieceId(1)),
                purpose: purpose.into(),
                dice: vec![Die { sides: 6, face: 5 }],
                modifier: 0,
                total: 5,
                result: "saved".into(),
            },
        };
        let mut state = state();
        assert_eq!(
            logged(&mut state, &[roll("Knight on b1 saves (5+)"), roll("save")]),
            [
                "ada rolls for Knight on b1 saves (5+): 5, saved",
                "ada rolls for save (Knight): 5, saved",
            ]
        );
    }

    #[test]
    fn narration_and_outcomes_name_the_players_not_seat_numbers() {
        let mut state = state();
        let lines = logged(
            &mut state,
            &[
                Effect::Narration {
                    text: Phrase::from(Seat(0)).text(" deploys first"),
                },
                Effect::GameEnded {
                    outcome: Outcome::win(
                        Seat(0),
                        Phrase::from(Seat(1)).text("'s Clan Lord was removed"),
                    ),
                },
            ],
        );
        assert_eq!(
            lines,
            ["ada deploys first", "ada wins: bo's Clan Lord was removed."]
        );
    }

    #[test]
    fn a_seat_without_a_known_name_is_counted_from_1() {
        let mut state = state();
        state.names.clear();
        let lines = logged(
            &mut state,
            &[Effect::Narration {
                text: Phrase::from(Seat(1)).text(" passes"),
            }],
        );
        assert_eq!(lines, ["Seat 2 passes"]);
    }

    #[test]
    fn a_hostile_name_is_escaped_where_a_phrase_names_its_seat() {
        let mut state = state();
        state.names[1].1 = "bo\x1b]0;owned\x07".into();
        let lines = logged(
            &mut state,
            &[Effect::Narration {
                text: Phrase::from(Seat(1)).text(" passes"),
            }],
        );
        assert_eq!(lines, ["bo\\u{1b}]0;owned\\u{7} passes"]);
    }

    #[test]
    fn a_batch_out_of_sequence_changes_nothing() {
        let mut state = state();
        let batch = Batch {
            match_id: MatchId(7),
            seq: 6,
            effects: vec![Effect::GameEnded {
                outcome: Outcome::draw("agreed"),
            }],
            to_act: Vec::new(),
            options: Vec::new(),
        };
        assert!(!state.apply_batch(&batch));
        assert_eq!(state.seq, 3);
        assert_eq!(state.status, MatchStatus::Running);
        assert!(state.log.is_empty());
    }

    fn history(events: Vec<(u64, Vec<Effect>)>) -> History {
        History {
            match_id: MatchId(7),
            seat: Some(Seat(0)),
            events: events
                .into_iter()
                .map(|(seq, effects)| HistoryEvent {
                    seq,
                    seat: (seq > 0).then_some(Seat(0)),
                    kind: if seq == 0 {
                        EventKind::Setup
                    } else {
                        EventKind::Action
                    },
                    action: None,
                    effects,
                })
                .collect(),
            next: None,
        }
    }

    /// The set-up of [`view`]: the board, the knight, the roll-off.
    fn setup_effects() -> Vec<Effect> {
        vec![
            Effect::GameCreated {
                system: "test".into(),
                width: 8,
                height: 8,
            },
            Effect::PiecePlaced {
                piece: view().pieces[&PieceId(1)].clone(),
            },
            Effect::DiceRolled {
                roll: DiceRoll {
                    seat: Some(Seat(0)),
                    piece: None,
                    purpose: "roll-off".into(),
                    dice: vec![Die { sides: 6, face: 2 }],
                    modifier: 0,
                    total: 2,
                    result: "deploys first".into(),
                },
            },
        ]
    }

    fn knight_to(from: Square, to: Square) -> Effect {
        Effect::PieceMoved {
            piece: PieceId(1),
            from: Some(from),
            to,
        }
    }

    fn texts(state: &GameState) -> Vec<(u64, &str)> {
        state
            .log
            .iter()
            .map(|entry| (entry.seq, entry.text.as_str()))
            .collect()
    }

    #[test]
    fn the_history_tells_the_set_up_and_keeps_the_lines_of_later_batches() {
        let (b1, c3, d5) = (
            Square { file: 1, rank: 0 },
            Square { file: 2, rank: 2 },
            Square { file: 3, rank: 4 },
        );
        let mut state = state();
        state.log.push(LogEntry {
            seq: 2,
            text: "a line kept only in this client's memory".into(),
        });
        let batch = Batch {
            match_id: MatchId(7),
            seq: 4,
            effects: vec![knight_to(c3, d5)],
            to_act: vec![Seat(1)],
            options: Vec::new(),
        };
        assert!(state.apply_batch(&batch));
        let told = history(vec![
            (0, setup_effects()),
            (1, vec![knight_to(b1, c3)]),
            (2, Vec::new()),
            (3, Vec::new()),
            (5, vec![knight_to(d5, c3)]),
        ]);
        state.restore_log(&told);
        assert_eq!(
            texts(&state),
            [
                (0, "A game of test is set up."),
                (0, "ada rolls for roll-off: 2, deploys first"),
                (1, "Knight moves b1 to c3."),
                (4, "Knight moves c3 to d5."),
            ],
            "the server's account replaces what came before the last event it \
             holds; an event past the state's seq is not told"
        );
        assert!(state.last_rolls.is_empty(), "the last batch rolled nothing");
        assert_eq!(
            state.actors.get(&1),
            Some(&Seat(0)),
            "whose each event was comes from the server"
        );
        assert_eq!(state.view.pieces[&PieceId(1)].square, Some(d5));
    }

    #[test]
    fn the_history_says_which_decisions_told_nothing_of_their_own() {
        let mut state = state();
        let bos_roll = Effect::DiceRolled {
            roll: DiceRoll {
                seat: Some(Seat(1)),
                piece: None,
                purpose: "save".into(),
                dice: vec![Die { sides: 6, face: 4 }],
                modifier: 0,
                total: 4,
                result: "saved".into(),
            },
        };
        // Event 1 is ada's (the history says so) and starts with bo's roll.
        state.restore_log(&history(vec![(0, setup_effects()), (1, vec![bos_roll])]));
        let lines: Vec<String> = crate::history::moves(&state)
            .iter()
            .map(|m| crate::history::line(m, 80))
            .collect();
        assert_eq!(lines[1], "   1 ada chose; bo rolls for save: 4, saved");
        state.reset(Snapshot {
            match_id: MatchId(7),
            seq: 3,
            status: MatchStatus::Running,
            seat: Some(Seat(0)),
            view: view(),
            to_act: vec![Seat(0)],
            options: Vec::new(),
            commitment: "00".into(),
        });
        assert_eq!(
            state.rolled_first.get(&1),
            Some(&Seat(1)),
            "kept over a reset"
        );
    }

    #[test]
    fn a_history_up_to_the_snapshot_shows_its_last_rolls() {
        let mut state = state();
        state.seq = 0;
        state.restore_log(&history(vec![(0, setup_effects())]));
        assert_eq!(state.last_rolls.len(), 1);
        assert_eq!(
            state.last_rolls[0].words,
            "ada rolls for roll-off: 2, deploys first"
        );
    }

    #[test]
    fn an_empty_history_leaves_the_log_alone() {
        let mut state = state();
        state.log.push(LogEntry {
            seq: 3,
            text: "kept".into(),
        });
        state.restore_log(&history(Vec::new()));
        assert_eq!(texts(&state), [(3, "kept")]);
    }
}
