// What a table tells of a game in words and dice, for the live table and the
// replay alike: each effect as a line of the log (dice shown as dice).

import { apply } from "./apply.js";
import { h, s, phrase } from "./dom.js";
import { outcomeText } from "./outcome.js";

// Pips of a d6's faces, on a 3×3 grid (0..8).
const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/** One die as a small picture: pips for a d6, its face and sides otherwise. */
export function die(d) {
  const label = `d${d.sides}: ${d.face}`;
  if (d.sides === 6 && PIPS[d.face]) {
    return s(
      "svg",
      { class: "die d6", viewBox: "0 0 30 30", role: "img", "aria-label": label },
      s("title", {}, label),
      s("rect", { x: 1, y: 1, width: 28, height: 28, rx: 6 }),
      PIPS[d.face].map((i) => s("circle", { cx: 7 + (i % 3) * 8, cy: 7 + Math.floor(i / 3) * 8, r: 2.6 })),
    );
  }
  return h("span", { class: "die", title: label, "aria-label": label }, String(d.face), h("small", {}, `d${d.sides}`));
}

/**
 * Applies the `effects` of event `seq` to `view` in order, each told from
 * the view before it (a removed piece is still there to name); returns the
 * log's entries. Copies are applied: apply() keeps the pieces and players
 * it is given, and later effects would change a kept event in place.
 */
export function follow(view, effects, seq, name) {
  const entries = [];
  for (const effect of effects) {
    const entry = effectEntry(effect, seq, view, name);
    if (entry) entries.push(entry);
    apply(view, structuredClone(effect));
  }
  return entries;
}

/**
 * An effect as an entry of the log, or null for one the log leaves to the
 * board. Moves and walls are told in `fray`'s words. `view` is the view before the effect is applied (a removed
 * piece is named from it); `name(seat)` names a seat.
 */
export function effectEntry(effect, seq, view, name) {
  switch (effect.type) {
    case "dice_rolled": {
      const r = effect.roll;
      return {
        kind: "dice",
        seq,
        who: r.seat !== null && r.seat !== undefined ? name(r.seat) : "",
        purpose: phrase(r.purpose, name),
        dice: r.dice || [],
        modifier: r.modifier,
        total: r.total,
        result: phrase(r.result, name),
      };
    }
    case "narration":
      return { kind: "text", seq, text: phrase(effect.text, name) };
    case "piece_removed": {
      const piece = view.pieces[effect.piece];
      const reason = effect.reason ? phrase(effect.reason, name) : "removed";
      const what = piece ? `${piece.name} (${name(piece.owner)})${piece.square ? ` on ${piece.square}` : ""}: ` : "";
      return { kind: "text", seq, text: `${what}${reason}` };
    }
    case "piece_moved": {
      const piece = view.pieces[effect.piece];
      if (!piece) return null;
      const who = `${piece.name} (${name(piece.owner)})`;
      const text = effect.from ? `${who} moves ${effect.from} to ${effect.to}` : `${who} enters at ${effect.to}`;
      return { kind: "move", seq, text };
    }
    case "wall_changed": {
      // Walls come and go in play (a Wallmaster's), not only at the set-up.
      const [a, b] = effect.between;
      const before = (view.walls || []).find((w) => w.between.includes(a) && w.between.includes(b));
      const now = effect.wall;
      let text = null;
      if (!before && now) text = `A ${now} now stands between ${a} and ${b}`;
      else if (before && now && before.kind !== now) text = `The ${before.kind} between ${a} and ${b} is now a ${now}`;
      else if (before && !now) text = `The ${before.kind} between ${a} and ${b} is gone`;
      return text ? { kind: "move", seq, text } : null;
    }
    case "game_ended":
      return { kind: "end", seq, text: outcomeText(effect.outcome, name) };
    default:
      return null;
  }
}

/** A log entry as a list item. */
export function logLine(e) {
  if (e.kind === "dice") {
    const mod = e.modifier ? (e.modifier > 0 ? ` +${e.modifier}` : ` ${e.modifier}`) : "";
    return h(
      "li",
      { class: "dice-line" },
      h("span", { class: "who" }, e.who ? `${e.who}: ` : ""),
      h("span", {}, e.purpose),
      h("span", { class: "dice" }, e.dice.map(die)),
      h("span", { class: "total" }, `${mod} = ${e.total}`),
      // Some rolls say what they came to as their result: said once.
      e.result && e.result !== String(e.total) ? h("span", { class: "result" }, ` ${e.result}`) : null,
    );
  }
  if (e.kind === "chat") return h("li", { class: "chat-line" }, h("strong", {}, `${e.name}: `), e.text);
  return h("li", { class: e.kind }, e.text);
}
