// A finished match, step by step: the replay (docs/protocol.md, "Matches")
// followed with apply() from an empty view, one event at a time, whole
// (what was secret during play is shown once the match is over), or as a
// spectator or one of the players saw it then; and its dice checked
// against the seed in the browser (dice.js).

import { api } from "./api.js";
import { emptyView } from "./apply.js";
import { drawBoard, movedSquares, sideAtTop } from "./board.js";
import { checkReplay } from "./dice.js";
import { h, s, replace } from "./dom.js";
import { legend } from "./legend.js";
import { follow, logLine } from "./log.js";
import { outcomeText } from "./outcome.js";

// A jump rebuilds from the nearest view kept before it: one in every
// CHECKPOINT events, so no jump applies more than CHECKPOINT events.
const CHECKPOINT = 32;

const SPECTATOR = "spectator";
// The whole game, as the referee saw it: a match that is over hides
// nothing, so this is how a replay opens.
const EVERYTHING = "everything";

/** Whether `viewer` (a seat number, SPECTATOR or EVERYTHING) was sent an effect. */
export function sees(audience, viewer) {
  const kind = audience && audience.kind;
  if (viewer === EVERYTHING) {
    return kind === "viewers" ? audience.seats.some((v) => v.kind === "referee") : kind !== undefined;
  }
  switch (kind) {
    case "everyone":
      return true;
    case "seats":
      return viewer !== SPECTATOR && audience.seats.includes(viewer);
    case "viewers":
      return audience.seats.some((v) =>
        viewer === SPECTATOR ? v.kind === "spectator" : v.kind === "seat" && v.seat === viewer,
      );
    default:
      // "referee", or an audience this client does not know: a player or
      // a spectator was not sent it.
      return false;
  }
}

/** The viewer a value of the "See as" list names. */
function viewerOf(value) {
  return value === SPECTATOR || value === EVERYTHING ? value : Number(value);
}

export class Replay {
  constructor(main, matchId, ctx) {
    this.main = main;
    this.matchId = matchId;
    this.ctx = ctx;
    this.data = null;
    this.viewer = EVERYTHING;
    this.index = -1;
    this.view = null;
    this.checkpoints = new Map();
    this.check = null;
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
    this.build();
    this.load();
  }

  close() {
    document.removeEventListener("keydown", this.onKey);
  }

  // ---- the page ----

  build() {
    const button = (id, label, title, go) =>
      h("button", { id, type: "button", title, "aria-label": title, onclick: () => go() }, label);
    this.titleEl = h("h2", { class: "match-title" }, `Replay of match ${this.matchId}`);
    this.playersEl = h("p", { id: "replay-players", class: "replay-players" });
    this.stepEl = h("div", { id: "replay-step", class: "turn", "aria-live": "polite" }, "Loading the replay…");
    this.slider = h("input", {
      id: "replay-slider",
      type: "range",
      min: 0,
      max: 0,
      value: 0,
      "aria-label": "event",
      oninput: () => this.go(Number(this.slider.value)),
    });
    this.gotoInput = h("input", { id: "replay-goto", type: "number", min: 0, inputmode: "numeric", "aria-label": "event number" });
    this.viewerSelect = h("select", { id: "replay-viewer", "aria-label": "see the game as", onchange: () => this.seeAs(this.viewerSelect.value) });
    this.svg = s("svg", { id: "board", class: "board", xmlns: "http://www.w3.org/2000/svg" });
    this.legendEl = h("div", { id: "legend", class: "legend" });
    this.eventEl = h("ol", { id: "replay-events", class: "log" });
    this.seedEl = h("p", { id: "seed-check", class: "check" }, "Checking the seed…");
    this.rollsEl = h("p", { id: "rolls-check", class: "check" }, "Checking the rolls…");
    replace(
      this.main,
      h(
        "div",
        { class: "table replay" },
        h("div", { class: "table-head" }, this.titleEl, h("a", { href: "#/", class: "button" }, "Lobby")),
        this.stepEl,
        h(
          "div",
          { class: "board-col" },
          h(
            "div",
            { class: "replay-controls" },
            button("replay-first", "«", "first event (Home)", () => this.go(0)),
            button("replay-prev", "◀", "previous event (←)", () => this.go(this.index - 1)),
            this.slider,
            button("replay-next", "▶", "next event (→)", () => this.go(this.index + 1)),
            button("replay-last", "»", "last event (End)", () => this.go(this.last())),
          ),
          h(
            "div",
            { class: "replay-controls" },
            h(
              "form",
              {
                class: "replay-goto",
                onsubmit: (event) => {
                  event.preventDefault();
                  if (this.gotoInput.value !== "") this.go(Number(this.gotoInput.value));
                },
              },
              h("label", {}, "Go to event", this.gotoInput),
              h("button", { type: "submit" }, "Go"),
            ),
            h("label", {}, "See as", this.viewerSelect),
          ),
          h("div", { class: "board-wrap" }, this.svg),
          this.legendEl,
        ),
        h(
          "aside",
          { class: "side" },
          this.playersEl,
          h("section", { class: "log-wrap" }, h("h3", {}, "This event"), this.eventEl),
          h("section", { class: "dice-check", id: "dice-check" }, h("h3", {}, "Dice you can check"), this.seedEl, this.rollsEl),
        ),
      ),
    );
  }

  async load() {
    try {
      this.data = await api.replay(this.matchId);
    } catch (error) {
      replace(this.stepEl, `No replay: ${error.message}`);
      this.stepEl.classList.add("error");
      return;
    }
    const summary = this.data.summary;
    const system = this.ctx.systems.find((x) => x.id === summary.system);
    this.titleEl.textContent = `Replay of match ${this.matchId} · ${system ? system.name : summary.system}`;
    replace(
      this.playersEl,
      summary.seats.map((seat, i) => [
        i ? " against " : "",
        h("strong", {}, this.name(seat.seat)),
        seat.army ? ` (${seat.army})` : "",
      ]),
      summary.outcome ? [". ", outcomeText(summary.outcome, (seat) => this.name(seat)), "."] : "",
    );
    replace(
      this.viewerSelect,
      h("option", { value: EVERYTHING }, "everything (nothing is secret once it is over)"),
      h("option", { value: SPECTATOR }, "a spectator"),
      summary.seats.map((seat) => h("option", { value: String(seat.seat) }, this.name(seat.seat))),
    );
    this.slider.max = String(this.last());
    this.gotoInput.max = String(this.last());
    this.go(0);
    this.checkDice();
  }

  async checkDice() {
    this.check = await checkReplay(this.data);
    for (const [el, result] of [
      [this.seedEl, this.check.seed],
      [this.rollsEl, this.check.rolls],
    ]) {
      el.textContent = result.ok === true ? `✔ ${result.text}` : result.ok === false ? `✘ ${result.text}` : `? ${result.text}`;
      el.className = `check ${result.ok === true ? "ok" : result.ok === false ? "bad" : "unknown"}`;
    }
  }

  name(seat) {
    if (seat === null || seat === undefined) return "nobody";
    const held = this.data && this.data.summary.seats.find((x) => x.seat === seat);
    return held && held.player ? held.player.name : `seat ${seat + 1}`;
  }

  last() {
    return this.data ? this.data.events.length - 1 : 0;
  }

  // ---- following the events ----

  /** Applies the effects of `event` this viewer was sent, telling them in `log` if given; returns the squares moved. */
  applyEvent(view, event, log) {
    const seen = event.effects.filter(({ audience }) => sees(audience, this.viewer)).map(({ effect }) => effect);
    const told = follow(view, seen, event.seq, (seat) => this.name(seat));
    if (log) log.push(...told);
    return movedSquares(seen);
  }

  /** The view after events 0 to `index`, from the nearest view kept. */
  viewAfter(index) {
    if (index < 0) return emptyView();
    let from = index - (index % CHECKPOINT);
    while (from >= 0 && !this.checkpoints.has(from)) from -= CHECKPOINT;
    let view;
    if (from < 0) {
      view = emptyView();
      from = -1;
    } else view = structuredClone(this.checkpoints.get(from));
    for (let i = from + 1; i <= index; i++) {
      this.applyEvent(view, this.data.events[i], null);
      if (i % CHECKPOINT === 0) this.checkpoints.set(i, structuredClone(view));
    }
    return view;
  }

  go(index) {
    if (!this.data) return;
    const target = Math.max(0, Math.min(this.last(), Math.trunc(index) || 0));
    // The next event is applied to the view shown; any other step rebuilds.
    const before = target === this.index + 1 && this.view ? this.view : this.viewAfter(target - 1);
    const view = structuredClone(before);
    const event = this.data.events[target];
    const log = [];
    this.moved = this.applyEvent(view, event, log);
    for (const line of this.data.chat || []) {
      if (line.seq === event.seq) log.push({ kind: "chat", name: line.name, text: line.text });
    }
    this.index = target;
    this.view = view;
    this.render(event, before, log);
  }

  seeAs(value) {
    this.viewer = viewerOf(value);
    this.viewerSelect.value = String(value);
    this.checkpoints = new Map();
    this.flip = undefined;
    const index = this.index;
    this.index = -1;
    this.go(index);
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
    const step = { ArrowLeft: this.index - 1, ArrowRight: this.index + 1, Home: 0, End: this.last() }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    this.go(step);
  }

  // ---- drawing ----

  /** What the event did, in words: who acted, and how. */
  describe(event, before) {
    const who = this.name(event.seat);
    switch (event.kind) {
      case "setup":
        return "the match begins";
      case "resign":
        return `${who} resigned`;
      case "abandon":
        return `${who} left the game`;
      case "draw":
        return "Drawn by agreement";
      case "action":
        break;
      default:
        return event.kind;
    }
    const a = event.action || {};
    const pieceText = (id) => {
      const piece = before.pieces[id];
      if (!piece) return `piece ${id}`;
      return piece.square ? `${piece.name} on ${piece.square}` : piece.name;
    };
    const parts = [`${who}: ${a.verb}`];
    if (a.piece !== undefined && a.piece !== null) parts.push(pieceText(a.piece));
    if (a.target !== undefined && a.target !== null) parts.push(`at ${pieceText(a.target)}`);
    if (a.to) parts.push(`to ${a.to}`);
    if (a.choice) parts.push(`(${a.choice})`);
    return parts.join(" ");
  }

  /** A player sees their own side at the bottom, as at the table. */
  sideAtTop() {
    return typeof this.viewer === "number" && sideAtTop(this.viewAfter(this.last()), this.viewer);
  }

  render(event, before, log) {
    const view = this.view;
    if (this.flip === undefined) this.flip = this.sideAtTop();
    const turn = view.turn.number ? `Turn ${view.turn.number}${view.turn.phase ? ` · ${view.turn.phase}` : ""}` : "Set-up";
    const parts = [`Event ${event.seq} of ${this.data.events[this.last()].seq}`, turn, this.describe(event, before)];
    if (view.outcome) parts.push(outcomeText(view.outcome, (seat) => this.name(seat)));
    this.stepEl.textContent = parts.join(" · ");
    this.stepEl.classList.toggle("over", !!view.outcome);
    this.slider.value = String(this.index);
    this.gotoInput.value = String(event.seq);
    drawBoard(this.svg, view, {
      flip: this.flip,
      mySeat: typeof this.viewer === "number" ? this.viewer : null,
      last: this.moved,
      seatName: (seat) => this.name(seat),
    });
    replace(
      this.legendEl,
      legend(view, {
        seats: this.data.summary.seats.map((x) => x.seat),
        name: (seat) => this.name(seat),
        deciding: view.turn.active,
        bot: (seat) => this.data.summary.seats[seat]?.bot,
      }),
    );
    replace(this.eventEl, log.length ? log.map(logLine) : h("li", { class: "note" }, "Nothing more to tell."));
    this.main.querySelector("#replay-prev").disabled = this.index === 0;
    this.main.querySelector("#replay-first").disabled = this.index === 0;
    this.main.querySelector("#replay-next").disabled = this.index === this.last();
    this.main.querySelector("#replay-last").disabled = this.index === this.last();
  }
}
