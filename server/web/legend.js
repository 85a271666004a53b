// Under the board: each owner's shape, name, army and resources, the
// terrain letters, the pieces waiting off the board, and a word on walls.

import { SEAT_SHAPES, SHAPE_SIGNS, terrainLetters } from "./board.js";
import { h, botMark } from "./dom.js";

/**
 * The legend's parts for `view`. `seats` are the seats to list when the
 * view names no players yet; `name(seat)` names one; `deciding` holds the
 * seats to mark as deciding; `me` is the seat of the one looking, if any;
 * `bot(seat)` is the level of the house bot holding a seat, if one does.
 */
export function legend(view, { seats = [], name, deciding = [], me = null, bot = () => null }) {
  const players = view.players.length ? view.players : seats.map((seat) => ({ seat }));
  const letters = terrainLetters(view);
  const terrains = Object.keys(letters);
  return [
    h(
      "ul",
      { class: "owners" },
      players.map((p) =>
        h(
          "li",
          { class: `seat${p.seat % 4}` },
          h("span", { class: "shape-sign" }, SHAPE_SIGNS[SEAT_SHAPES[p.seat % 4]]),
          ` ${name(p.seat)}`,
          bot(p.seat) ? [" ", botMark(bot(p.seat))] : "",
          p.seat === me ? h("em", {}, " (you)") : "",
          p.army ? ` · ${p.army}` : "",
          Object.entries(p.resources || {}).map(([k, v]) => ` · ${k} ${v}`),
          deciding.includes(p.seat) && !view.outcome ? h("em", {}, " · deciding") : "",
        ),
      ),
    ),
    terrains.length
      ? h("p", { class: "terrains" }, terrains.map((t) => h("span", {}, h("b", {}, letters[t]), ` ${t}`)))
      : null,
    offBoard(view, name),
    (view.walls || []).length ? h("p", { class: "terrains" }, "Walls lie on the edges between squares (double walls: two lines).") : null,
  ];
}

/** The pieces that wait off the board, by owner. */
function offBoard(view, name) {
  const waiting = Object.values(view.pieces).filter((p) => !p.square);
  if (!waiting.length) return null;
  const seats = [...new Set(waiting.map((p) => p.owner))].sort((a, b) => a - b);
  return h(
    "div",
    { class: "off-board", id: "off-board" },
    seats.map((seat) =>
      h(
        "p",
        {},
        h("strong", {}, `Off the board, ${name(seat)}: `),
        waiting
          .filter((p) => p.owner === seat)
          .map((p) => `${p.glyph} ${p.name}`)
          .join(", "),
      ),
    ),
  );
}
