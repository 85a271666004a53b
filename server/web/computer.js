// "Play the computer": a match against the server's house bots, ready in
// one click: the player's army, each opponent's level and army, the
// player's seat, the match's options. The player goes straight to the
// table; in a system for more than two, an opponent may be left open for a
// friend to join.

import { api, errorText } from "./api.js";
import { h, replace, Notice } from "./dom.js";
import { systemSelectFor, listSelect, resolveList, optionInput, readOptions } from "./match_form.js";

/** The house bots' levels (BotLevel), weakest first. */
const LEVELS = [
  { key: "random", label: "random (any legal move)" },
  { key: "easy", label: "easy" },
  { key: "club", label: "club" },
  { key: "expert", label: "expert" },
];
const DEFAULT_LEVEL = "easy";
/** An opponent's seat left open for a person to join. */
const FRIEND = "friend";

/** The armies a bot may bring to a match of `system` (BotArmy), as choices. */
function botArmyChoices(system, stored) {
  const choices = [{ value: "example", label: "the example army for its seat" }];
  (system.examples || []).forEach((example, i) =>
    choices.push({ value: `example:${i}`, label: `${example.name || example.army} (example)` }),
  );
  choices.push({ value: "random", label: "a random legal list" });
  if ((system.armies || []).length > 1)
    for (const army of system.armies) choices.push({ value: `random:${army.key}`, label: `a random list of ${army.name}` });
  for (const s of stored.filter((s) => s.list.system === system.id))
    choices.push({ value: `list:${s.id}`, label: `your list ${s.list.name || "(no name)"} · ${s.list.army}` });
  return choices;
}

/** A choice of `botArmyChoices` as the `army` of a `NewBot`. */
function botArmy(value) {
  const [kind, rest] = value.split(/:(.*)/s);
  if (kind === "example") return rest === undefined ? { kind } : { kind, index: Number(rest) };
  if (kind === "random") return rest === undefined ? { kind } : { kind, army: rest };
  return { kind: "list", army_list: Number(rest) };
}

/** One opponent's level and army; `friend` offers leaving the seat open. */
function opponentRow(system, stored, index, friend) {
  const level = h(
    "select",
    { class: "bot-level", "data-opponent": index, "aria-label": `opponent ${index + 1}'s level` },
    LEVELS.map((l) => h("option", { value: l.key, selected: l.key === DEFAULT_LEVEL }, `Fray bot, ${l.label}`)),
    friend ? h("option", { value: FRIEND }, "a friend (the seat waits for them)") : null,
  );
  const army = h(
    "select",
    { class: "bot-army", "data-opponent": index, "aria-label": `opponent ${index + 1}'s army` },
    botArmyChoices(system, stored).map((c) => h("option", { value: c.value }, c.label)),
  );
  level.addEventListener("change", () => (army.disabled = level.value === FRIEND));
  return { level, army, el: h("div", { class: "opponent" }, h("label", {}, `Opponent ${index + 1} `, level), " ", h("label", {}, "its army ", army)) };
}

/** The seats a bot or a friend takes: every seat but the player's, in order. */
export function otherSeats(seats, mine) {
  return [...Array(seats).keys()].filter((seat) => seat !== mine);
}

/** The "Play the computer" form; `stored` are the player's army lists. */
export function computerForm(ctx, stored) {
  const note = new Notice("computer-note");
  const systemSelect = systemSelectFor(ctx.systems, "bot-system");
  const listHolder = h("span");
  const seatsHolder = h("span");
  const seatHolder = h("span");
  const opponentsHolder = h("div", { class: "opponents" });
  const optionsHolder = h("div", { class: "options" });
  let opponents = [];
  // The selects a system's choices are drawn anew in.
  let listChoice = null;
  let seatsChoice = null;
  let seatChoice = null;
  const system = () => ctx.systems.find((s) => s.id === systemSelect.value);
  const seatCount = () => Number(seatsChoice ? seatsChoice.value : system().seats.min);

  const fillSeats = () => {
    const n = seatCount();
    seatChoice = h(
      "select",
      { id: "bot-seat" },
      h("option", { value: "random" }, "random"),
      [...Array(n).keys()].map((seat) => h("option", { value: seat }, `seat ${seat + 1}`)),
    );
    replace(seatHolder, h("label", {}, "Your seat ", seatChoice));
    opponents = [...Array(n - 1).keys()].map((i) => opponentRow(system(), stored, i, n > 2));
    replace(opponentsHolder, opponents.map((o) => o.el));
  };
  const fillSystem = () => {
    const chosen = system();
    listChoice = listSelect(chosen, stored, { id: "bot-list" });
    replace(listHolder, h("label", {}, "Your army ", listChoice));
    const { min, max } = chosen.seats;
    seatsChoice =
      min === max
        ? null
        : h(
            "select",
            { id: "bot-seats", onchange: fillSeats },
            [...Array(max - min + 1).keys()].map((i) => h("option", { value: min + i }, String(min + i))),
          );
    replace(seatsHolder, seatsChoice ? h("label", {}, "Players ", seatsChoice) : null);
    fillSeats();
    replace(optionsHolder, (chosen.options || []).map((option) => optionInput(option, "bot-opt")));
  };
  systemSelect.addEventListener("change", fillSystem);

  const form = h(
    "form",
    {
      id: "computer-form",
      class: "card",
      onsubmit: async (event) => {
        event.preventDefault();
        const chosen = system();
        const seats = seatCount();
        const mine = seatChoice.value === "random" ? Math.floor(Math.random() * seats) : Number(seatChoice.value);
        const others = otherSeats(seats, mine);
        const bots = opponents
          .map((o, i) => ({ seat: others[i], level: o.level.value, army: botArmy(o.army.value) }))
          .filter((bot) => bot.level !== FRIEND);
        try {
          const list = await resolveList(chosen, listChoice.value);
          const match = await api.createMatch({
            config: { system: chosen.id, options: readOptions(optionsHolder) },
            army_list: list,
            seats,
            seat: mine,
            bots,
          });
          note.clear();
          location.hash = `#/play/${match.id}`;
        } catch (error) {
          note.error(errorText(error));
        }
      },
    },
    h("h2", {}, "Play the computer"),
    h("label", {}, "System ", systemSelect),
    " ",
    listHolder,
    " ",
    seatsHolder,
    " ",
    seatHolder,
    opponentsHolder,
    h("details", { class: "match-options" }, h("summary", {}, "Options"), optionsHolder),
    h("button", { id: "play-computer", type: "submit", class: "primary" }, "Play"),
    note.el,
    h("p", { class: "hint" }, "Fray's house bots: easy sees a piece left hanging, club looks further, expert furthest (it may think up to two seconds a move)."),
  );
  fillSystem();
  return form;
}
