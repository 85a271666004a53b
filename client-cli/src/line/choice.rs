//! What a line typed at the prompt means: an option (by its number or its
//! notation) or one of the few commands.

use fray_protocol::ActionOption;
use fray_protocol::text::typed_notation;
use thiserror::Error;

/// One line of input, understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The option at this index of the list (0-based).
    Option(usize),
    Resign,
    /// Say this at the table.
    Say(String),
    /// Offer the other seats a draw.
    OfferDraw,
    /// Accept (true) or decline the draw offer that stands.
    AnswerDraw(bool),
    /// Print the board again.
    Board,
    /// Print the match's moves, one line per action.
    History,
    Help,
    Quit,
}

/// Why a line is not a choice; said to the player, who then tries again.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ChoiceError {
    #[error("type an option's number or notation (or `help`)")]
    Empty,
    #[error("there is no option {given}: choose 1 to {count}")]
    OutOfRange { given: String, count: usize },
    #[error("you have nothing to choose now: wait for your turn")]
    NothingToChoose,
    #[error("'{0}' is neither an option's number or notation nor a command (type `help`)")]
    Unknown(String),
    #[error("say what? type `say` and then your message")]
    NothingToSay,
    #[error("'{text}' is the notation of several options ({numbers}): choose one by its number")]
    Ambiguous { text: String, numbers: String },
}

/// Reads one line against the options listed now (none when this seat
/// does not decide). A number picks by position from 1; a notation must
/// match exactly, or else without regard to case and white space
/// ("ed1supportsrb1" for "Ed1 supports Rb1"), so that every notation can be
/// typed as one word.
pub fn parse(line: &str, options: &[ActionOption]) -> Result<Choice, ChoiceError> {
    let text = line.trim();
    if text.is_empty() {
        return Err(ChoiceError::Empty);
    }
    if text.chars().all(|c| c.is_ascii_digit()) {
        if options.is_empty() {
            return Err(ChoiceError::NothingToChoose);
        }
        return match text.parse::<usize>() {
            Ok(number) if (1..=options.len()).contains(&number) => Ok(Choice::Option(number - 1)),
            _ => Err(ChoiceError::OutOfRange {
                given: text.to_string(),
                count: options.len(),
            }),
        };
    }
    if let Some(index) = options.iter().position(|option| option.notation == text) {
        return Ok(Choice::Option(index));
    }
    let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    if word.eq_ignore_ascii_case("say") {
        let said = rest.trim();
        return if said.is_empty() {
            Err(ChoiceError::NothingToSay)
        } else {
            Ok(Choice::Say(said.to_owned()))
        };
    }
    match text.to_ascii_lowercase().as_str() {
        "resign" => return Ok(Choice::Resign),
        "draw" => return Ok(Choice::OfferDraw),
        "accept" => return Ok(Choice::AnswerDraw(true)),
        "decline" => return Ok(Choice::AnswerDraw(false)),
        "board" => return Ok(Choice::Board),
        "history" | "moves" => return Ok(Choice::History),
        "help" | "?" => return Ok(Choice::Help),
        "quit" | "exit" => return Ok(Choice::Quit),
        _ => {}
    }
    let typed = typed_notation(text);
    let matching: Vec<usize> = options
        .iter()
        .enumerate()
        .filter(|(_, option)| typed_notation(&option.notation) == typed)
        .map(|(index, _)| index)
        .collect();
    match matching.as_slice() {
        [index] => Ok(Choice::Option(*index)),
        [] if options.is_empty() => Err(ChoiceError::NothingToChoose),
        [] => Err(ChoiceError::Unknown(text.to_string())),
        several => Err(ChoiceError::Ambiguous {
            text: text.to_string(),
            numbers: several
                .iter()
                .map(|index| (index + 1).to_string())
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}

/// What the prompt accepts, for `help`.
pub const HELP: &str = "\
Type the number of an option, or its notation (such as Qh2-h3); case and
spaces do not matter, so `ed1supportsrb1` is `Ed1 supports Rb1`. Other
commands:
  board   show the board again
  history the match's moves, one line each (also `moves`)
  say TEXT  say TEXT to the table (everyone watching reads it)
  draw    offer the other players a draw
  accept  accept the draw offered to you
  decline decline it (or withdraw your own)
  resign  give up the match (your opponents win); asks you to confirm
  quit    leave; the match goes on, and `fray play MATCH` rejoins it
  help    this text
";

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::Action;

    fn options() -> Vec<ActionOption> {
        ["Qh2-h3", "Qh2xc7", "end"]
            .iter()
            .map(|notation| ActionOption {
                action: Action::new("move"),
                notation: notation.to_string(),
                label: format!("label of {notation}"),
            })
            .collect()
    }

    #[test]
    fn numbers_pick_from_one() {
        assert_eq!(parse("1", &options()), Ok(Choice::Option(0)));
        assert_eq!(parse(" 3 \n", &options()), Ok(Choice::Option(2)));
    }

    #[test]
    fn numbers_out_of_range_say_the_range() {
        for bad in ["0", "4", "99999999999999999999999"] {
            let error = parse(bad, &options()).unwrap_err();
            assert!(
                matches!(error, ChoiceError::OutOfRange { count: 3, .. }),
                "{bad}: {error:?}"
            );
            assert!(error.to_string().contains("choose 1 to 3"), "{error}");
        }
    }

    #[test]
    fn notations_match_exactly_or_without_case() {
        assert_eq!(parse("Qh2xc7", &options()), Ok(Choice::Option(1)));
        assert_eq!(parse("qh2XC7", &options()), Ok(Choice::Option(1)));
        assert_eq!(parse("END", &options()), Ok(Choice::Option(2)));
    }

    #[test]
    fn a_notation_with_spaces_is_typed_as_one_word() {
        let mut options = options();
        options[0].notation = "Ed1 supports Rb1".into();
        options[1].notation = "Qh2 armour-of-thorns h2".into();
        assert_eq!(parse("ed1supportsrb1", &options), Ok(Choice::Option(0)));
        assert_eq!(parse("Ed1  supports Rb1", &options), Ok(Choice::Option(0)));
        assert_eq!(
            parse("QH2ARMOUR-OF-THORNSH2", &options),
            Ok(Choice::Option(1))
        );
        assert_eq!(
            parse("qh2armour-of-thorns", &options),
            Err(ChoiceError::Unknown("qh2armour-of-thorns".into()))
        );
    }

    #[test]
    fn commands_are_understood_in_any_case() {
        assert_eq!(parse("resign", &options()), Ok(Choice::Resign));
        assert_eq!(parse("Board", &options()), Ok(Choice::Board));
        assert_eq!(parse("history", &[]), Ok(Choice::History));
        assert_eq!(parse("Moves", &options()), Ok(Choice::History));
        assert_eq!(parse("HELP", &[]), Ok(Choice::Help));
        assert_eq!(parse("quit", &[]), Ok(Choice::Quit));
    }

    #[test]
    fn say_takes_the_rest_of_the_line_and_draw_words_are_commands() {
        assert_eq!(
            parse("say good luck,  ada ", &options()),
            Ok(Choice::Say("good luck,  ada".into()))
        );
        assert_eq!(parse("SAY gg", &[]), Ok(Choice::Say("gg".into())));
        assert_eq!(parse("say   ", &[]), Err(ChoiceError::NothingToSay));
        assert_eq!(parse("draw", &[]), Ok(Choice::OfferDraw));
        assert_eq!(parse("Accept", &options()), Ok(Choice::AnswerDraw(true)));
        assert_eq!(parse("decline", &[]), Ok(Choice::AnswerDraw(false)));
        // An option's own notation still wins over a command's word.
        let mut options = options();
        options[2].notation = "draw".into();
        assert_eq!(parse("draw", &options), Ok(Choice::Option(2)));
    }

    #[test]
    fn unknown_text_and_empty_lines_are_refused() {
        assert_eq!(
            parse("Qh2-h4", &options()),
            Err(ChoiceError::Unknown("Qh2-h4".into()))
        );
        assert_eq!(parse("  ", &options()), Err(ChoiceError::Empty));
        assert_eq!(parse("1", &[]), Err(ChoiceError::NothingToChoose));
        assert_eq!(parse("Qh2-h3", &[]), Err(ChoiceError::NothingToChoose));
    }

    #[test]
    fn a_notation_shared_by_case_asks_for_the_number() {
        let mut options = options();
        options[2].notation = "qh2-h3".into();
        assert_eq!(parse("Qh2-h3", &options), Ok(Choice::Option(0)));
        assert_eq!(parse("qh2-h3", &options), Ok(Choice::Option(2)));
        let error = parse("QH2-H3", &options).unwrap_err();
        assert_eq!(
            error,
            ChoiceError::Ambiguous {
                text: "QH2-H3".into(),
                numbers: "1, 3".into()
            }
        );
    }

    #[test]
    fn a_summoners_chess_placement_is_chosen_by_number_or_squares() {
        use fray_protocol::{MatchConfig, SystemId};
        let system = SystemId::SummonersChess;
        let armies = fray_rules::example_armies(system).unwrap();
        let mut dice = fray_rules::ChaChaDice::from_u64(1);
        let (game, _) =
            fray_rules::Game::setup(&MatchConfig::new(system), &armies, &mut dice).unwrap();
        let placements = game.options(fray_protocol::Seat(0));
        let listed = crate::line::options_text(&placements);
        assert!(
            listed.contains("1) Aa1,c1,e1,g1  Place your Acolytes on a1, c1, e1 and g1")
                && listed.contains("2) Ab1,d1,f1,h1  Place your Acolytes on b1, d1, f1 and h1"),
            "{listed}"
        );
        assert_eq!(parse("2", &placements), Ok(Choice::Option(1)));
        assert_eq!(parse("ab1,d1,f1,h1", &placements), Ok(Choice::Option(1)));
        assert_eq!(parse("Aa1,c1,e1,g1", &placements), Ok(Choice::Option(0)));
    }
}
