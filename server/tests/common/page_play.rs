//! A player's page playing a game as the whole-game tests play it:
//! choosing among the listed options, taking something when it can, so that
//! games end sooner than uniformly random ones, and clicking the board
//! where a move names its squares.

use serde_json::{Value, json};

use super::browser::{Browser, TABLE, seq};
use super::play::Chooser;

/// An option takes something when it names an enemy piece as its target
/// or moves onto a square an enemy piece stands on.
fn takes_something(option: &Value, pieces: &Value, seat: u64) -> bool {
    let action = &option["action"];
    let enemy = |piece: &Value| piece["owner"].as_u64().is_some_and(|owner| owner != seat);
    if let Some(target) = action["target"].as_u64()
        && enemy(&pieces[target.to_string()])
    {
        return true;
    }
    match action["to"].as_str() {
        Some(square) => pieces.as_object().is_some_and(|all| {
            all.values()
                .any(|p| p["square"] == json!(square) && enemy(p))
        }),
        None => false,
    }
}

/// Which of `options` to play: one that takes something, if any, nine
/// times in ten; any one otherwise.
pub fn choose(options: &[Value], pieces: &Value, seat: u64, chooser: &mut Chooser) -> usize {
    let taking: Vec<usize> = (0..options.len())
        .filter(|&i| takes_something(&options[i], pieces, seat))
        .collect();
    if !taking.is_empty() && chooser.index(10) < 9 {
        return taking[chooser.index(taking.len())];
    }
    chooser.index(options.len())
}

/// The page plays its choice: by clicking the piece and then the square
/// where the option is the only one between them, from the list otherwise.
/// Returns how it was played.
pub fn page_plays(browser: &mut Browser, page: &str, chooser: &mut Chooser) -> String {
    let state = browser.eval(
        page,
        &format!(
            "JSON.stringify({{options: {TABLE}.game.options, pieces: {TABLE}.game.view.pieces, seat: {TABLE}.game.seat}})"
        ),
    );
    let state: Value = serde_json::from_str(state.as_str().expect("JSON")).expect("JSON");
    let options = state["options"].as_array().expect("options");
    let seat = state["seat"].as_u64().expect("Ada's seat");
    let chosen = choose(options, &state["pieces"], seat, chooser);
    let before = seq(browser, page);
    let how = browser.eval(
        page,
        &format!(
            r#"(() => {{
  const t = {TABLE};
  const option = t.game.options[{chosen}];
  const g = t.game.squaresOf(option);
  const alike = t.game.options.filter((o) => {{ const x = t.game.squaresOf(o); return x.from === g.from && x.to === g.to; }});
  const click = (sq) => document.querySelector(`[data-square="${{sq}}"]`)
      .dispatchEvent(new MouseEvent("click", {{bubbles: true}}));
  if (g.from && g.to && g.from !== g.to && alike.length === 1) {{
    click(g.from);
    click(g.to);
    return "board " + option.notation;
  }}
  document.querySelector(`#options button.option[data-option="{chosen}"]`).click();
  return "list " + option.notation;
}})()"#
        ),
    );
    browser.wait_for(
        page,
        "the page's action acknowledged",
        &format!("{TABLE}.game.seq > {before} && !{TABLE}.live.pending"),
    );
    how.as_str().unwrap_or_default().to_owned()
}
