// The board as SVG, drawn from a view: squares, terrain, walls on square
// edges, pieces with their glyph and their owner's shape (never colour
// alone), stacks with a count, the last move, the selection and where it
// may go.

import { s } from "./dom.js";

const SQ = 100; // a square's side, in the SVG's units
const MARGIN = 28; // room for the files' letters and the ranks' numbers

/** Each seat's shape and name for it; the legend says the same. */
export const SEAT_SHAPES = ["circle", "diamond", "square", "triangle"];
export const SHAPE_SIGNS = { circle: "●", diamond: "◆", square: "■", triangle: "▲" };

export function fileOf(square) {
  return square.charCodeAt(0) - 97;
}
export function rankOf(square) {
  return parseInt(square.slice(1), 10);
}
export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + rank;
}

/**
 * Each terrain's letter: the first letter of its name no other terrain on
 * the board took first (names in order), so no two share one.
 */
export function terrainLetters(view) {
  const names = [...new Set(Object.values(view.terrain || {}))].sort();
  const letters = {};
  const used = new Set();
  for (const name of names) {
    const candidates = [...name.toLowerCase()].filter((c) => /[a-z0-9]/.test(c));
    let letter = candidates.find((c) => !used.has(c));
    if (!letter) letter = [..."abcdefghijklmnopqrstuvwxyz0123456789"].find((c) => !used.has(c)) || "?";
    used.add(letter);
    letters[name] = letter;
  }
  return letters;
}
function terrainHue(name) {
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return hash % 360;
}

function shape(kind, cx, cy, r, attrs) {
  switch (kind) {
    case "diamond":
      return s("polygon", { points: `${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}`, ...attrs });
    case "square":
      return s("rect", { x: cx - r * 0.82, y: cy - r * 0.82, width: r * 1.64, height: r * 1.64, rx: 6, ...attrs });
    case "triangle":
      return s("polygon", { points: `${cx},${cy - r} ${cx + r},${cy + r * 0.8} ${cx - r},${cy + r * 0.8}`, ...attrs });
    default:
      return s("circle", { cx, cy, r: r * 0.9, ...attrs });
  }
}

function statOf(piece, key) {
  const stat = (piece.stats || []).find((st) => st.key.toLowerCase() === key);
  return stat ? String(stat.value).trim().toLowerCase() : null;
}

/**
 * The squares a piece covers: its own, and for a Large miniature (stats
 * `size: large` and `reach`, the way its 2×2 body lies from its square:
 * `north-east` is toward higher files and ranks) the three others.
 */
export function covered(view, piece) {
  if (!piece.square) return [];
  const squares = [piece.square];
  if (statOf(piece, "size") !== "large") return squares;
  const [ns, ew] = (statOf(piece, "reach") || "").split("-");
  const dr = ns === "north" ? 1 : ns === "south" ? -1 : 0;
  const df = ew === "east" ? 1 : ew === "west" ? -1 : 0;
  if (!dr || !df) return squares;
  const f = fileOf(piece.square);
  const r = rankOf(piece.square);
  for (const [a, b] of [[df, 0], [0, dr], [df, dr]]) {
    const file = f + a;
    const rank = r + b;
    if (file >= 0 && file < view.width && rank >= 1 && rank <= view.height) squares.push(squareName(file, rank));
  }
  return squares;
}

/**
 * Draws `view` into `svg`. `opts`: flip (seat 1's side at the bottom),
 * selected (a square), sources and targets (Sets of squares), last (Set),
 * onSquare(square) for clicks.
 */
export function drawBoard(svg, view, opts = {}) {
  const w = view.width || 8;
  const hgt = view.height || 8;
  const flip = !!opts.flip;
  const letters = terrainLetters(view);
  const pos = (square) => {
    const f = fileOf(square);
    const r = rankOf(square);
    return {
      x: MARGIN + (flip ? w - 1 - f : f) * SQ,
      y: (flip ? r - 1 : hgt - r) * SQ,
    };
  };
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${MARGIN + w * SQ} ${hgt * SQ + MARGIN}`);
  svg.setAttribute("role", "grid");

  // Pieces by square; a stack shows its first piece and how many miniatures
  // stand there.
  const stacks = {};
  const large = [];
  const bodies = new Map(); // square → the Large piece covering it
  for (const piece of Object.values(view.pieces || {})) {
    if (!piece.square) continue;
    const squares = covered(view, piece);
    if (squares.length > 1) {
      // Drawn over its whole body, after the squares.
      large.push({ piece, squares });
      for (const sq of squares) bodies.set(sq, piece);
      continue;
    }
    (stacks[piece.square] ||= []).push(piece);
  }

  const squares = s("g", { class: "squares" });
  for (let rank = 1; rank <= hgt; rank++) {
    for (let file = 0; file < w; file++) {
      const name = squareName(file, rank);
      const { x, y } = pos(name);
      const terrain = (view.terrain || {})[name];
      const classes = ["sq", (file + rank) % 2 === 0 ? "dark" : "light"];
      if (opts.last && opts.last.has(name)) classes.push("last");
      if (opts.selected === name) classes.push("selected");
      if (opts.sources && opts.sources.has(name)) classes.push("source");
      if (opts.targets && opts.targets.has(name)) classes.push("target");
      if (bodies.has(name)) classes.push("large-body");
      const g = s("g", { class: classes.join(" "), "data-square": name });
      g.append(s("rect", { class: "base", x, y, width: SQ, height: SQ }));
      if (terrain) {
        g.append(
          s("rect", {
            class: "terrain",
            x,
            y,
            width: SQ,
            height: SQ,
            // An attribute, not a style: the page's policy allows no inline style.
            fill: `hsl(${terrainHue(terrain)}, 40%, 40%)`,
            "fill-opacity": 0.55,
          }),
          s("text", { class: "terrain-letter", x: x + SQ - 8, y: y + SQ - 8 }, letters[terrain] || "?"),
        );
      }
      if (opts.targets && opts.targets.has(name)) {
        g.append(s("circle", { class: "target-dot", cx: x + SQ / 2, cy: y + SQ / 2, r: 14 }));
      }
      const stack = stacks[name];
      if (stack) {
        stack.sort((a, b) => a.id - b.id);
        const top = stack[0];
        const seat = top.owner;
        const kind = SEAT_SHAPES[seat % SEAT_SHAPES.length];
        g.append(
          shape(kind, x + SQ / 2, y + SQ / 2, 38, { class: `piece-shape seat${seat % 4}${seat === opts.mySeat ? " mine" : ""}` }),
          s("text", { class: `glyph seat${seat % 4}`, x: x + SQ / 2, y: y + SQ / 2 + 2 }, top.glyph || "?"),
        );
        // Miniatures, not pieces: a Swarmling stack of three is one piece.
        const miniatures = stack.reduce((sum, p) => sum + (p.count || 1), 0);
        if (miniatures > 1) {
          g.append(
            s("rect", { class: "count-bg", x: x + 2, y: y + 2, width: 40, height: 26, rx: 6 }),
            s("text", { class: "count", x: x + 22, y: y + 21 }, `×${miniatures}`),
          );
        }
      }
      const title = [name];
      if (terrain) title.push(terrain);
      if (bodies.has(name)) {
        const p = bodies.get(name);
        title.push(`${p.name} (${opts.seatName ? opts.seatName(p.owner) : `seat ${p.owner + 1}`}), Large`);
      }
      for (const p of stack || []) title.push(`${p.name} (${opts.seatName ? opts.seatName(p.owner) : `seat ${p.owner + 1}`})`);
      g.append(s("title", {}, title.join(" · ")));
      if (opts.onSquare) g.addEventListener("click", () => opts.onSquare(name));
      squares.append(g);
    }
  }
  svg.append(squares);

  // Large miniatures, each over the 2×2 squares it covers.
  const overlay = s("g", { class: "large" });
  for (const { piece, squares: body } of large) {
    const corners = body.map(pos);
    const x = Math.min(...corners.map((c) => c.x));
    const y = Math.min(...corners.map((c) => c.y));
    const cx = x + SQ;
    const cy = y + SQ;
    const seat = piece.owner;
    overlay.append(
      s("rect", { class: "large-outline", x: x + 4, y: y + 4, width: 2 * SQ - 8, height: 2 * SQ - 8, rx: 14 }),
      shape(SEAT_SHAPES[seat % SEAT_SHAPES.length], cx, cy, 70, {
        class: `piece-shape large-piece seat${seat % 4}${seat === opts.mySeat ? " mine" : ""}`,
        "data-piece": piece.id,
      }),
      s("text", { class: `glyph large-glyph seat${seat % 4}`, x: cx, y: cy + 3 }, piece.glyph || "?"),
    );
  }
  svg.append(overlay);

  // Walls lie on the edge two squares share; a double wall is two lines.
  const walls = s("g", { class: "walls" });
  for (const wall of view.walls || []) {
    const [a, b] = wall.between;
    const pa = pos(a);
    const pb = pos(b);
    let line;
    if (pa.y === pb.y) {
      const x = Math.max(pa.x, pb.x);
      line = { x1: x, y1: pa.y, x2: x, y2: pa.y + SQ, dx: 7, dy: 0 };
    } else {
      const y = Math.max(pa.y, pb.y);
      line = { x1: pa.x, y1: y, x2: pa.x + SQ, y2: y, dx: 0, dy: 7 };
    }
    const double = /double/.test(wall.kind);
    const offsets = double ? [-1, 1] : [0];
    for (const k of offsets) {
      walls.append(
        s("line", {
          class: `wall${double ? " double" : ""}`,
          x1: line.x1 + k * line.dx,
          y1: line.y1 + k * line.dy,
          x2: line.x2 + k * line.dx,
          y2: line.y2 + k * line.dy,
        }),
      );
    }
  }
  svg.append(walls);

  // Files and ranks.
  const labels = s("g", { class: "coords" });
  for (let file = 0; file < w; file++) {
    const { x } = pos(squareName(file, 1));
    labels.append(s("text", { x: x + SQ / 2, y: hgt * SQ + MARGIN - 7 }, String.fromCharCode(97 + file)));
  }
  for (let rank = 1; rank <= hgt; rank++) {
    const { y } = pos(squareName(0, rank));
    labels.append(s("text", { x: MARGIN / 2, y: y + SQ / 2 + 8 }, String(rank)));
  }
  svg.append(labels);
}

/**
 * Whether to turn the board round, so that `seat`'s player (null: a
 * spectator, who is not) sees their own side at the bottom: from where
 * their pieces stand in `view` (which side a seat starts on is the rules'
 * business: in Action Chess Faction Chess a coin gives White to either
 * seat).
 */
export function sideAtTop(view, seat) {
  if (seat === null) return false;
  const ranks = Object.values(view.pieces)
    .filter((p) => p.owner === seat && p.square)
    .map((p) => parseInt(p.square.slice(1), 10));
  if (!ranks.length) return seat === 1;
  return ranks.reduce((a, b) => a + b, 0) / ranks.length > (view.height + 1) / 2;
}

/** The squares pieces moved from and to in a batch's effects: the last move. */
export function movedSquares(effects) {
  const squares = new Set();
  for (const effect of effects) {
    if (effect.type !== "piece_moved") continue;
    if (effect.from) squares.add(effect.from);
    squares.add(effect.to);
  }
  return squares;
}
