// Following a game: apply(view, effect) changes a view by one effect,
// exactly as docs/protocol.md ("Following a game with `apply`") says.
// Views and effects are the protocol's JSON as the server sends them.

/** A fresh, empty view. */
export function emptyView(system = "", width = 0, height = 0) {
  return {
    system,
    width,
    height,
    terrain: {},
    walls: [],
    pieces: {},
    players: [],
    turn: { number: 0, phase: "", active: [] },
  };
}

/** Fills in the fields a server may leave out when empty. */
export function normalizeView(view) {
  const v = { ...emptyView(), ...view };
  v.terrain = v.terrain || {};
  v.walls = v.walls || [];
  v.pieces = v.pieces || {};
  v.players = v.players || [];
  v.turn = v.turn || { number: 0, phase: "", active: [] };
  v.turn.active = v.turn.active || [];
  return v;
}

// Squares sort as the protocol's Square does: by file, then rank.
function squareKey(square) {
  return [square.charCodeAt(0), parseInt(square.slice(1), 10)];
}
function compareSquares(a, b) {
  const [fa, ra] = squareKey(a);
  const [fb, rb] = squareKey(b);
  return fa - fb || ra - rb;
}

function playerEntry(view, seat) {
  let player = view.players.find((p) => p.seat === seat);
  if (!player) {
    player = { seat, resources: {} };
    view.players.push(player);
    view.players.sort((a, b) => a.seat - b.seat);
  }
  return player;
}

/** Changes `view` (in place) by one effect; returns it. */
export function apply(view, effect) {
  switch (effect.type) {
    case "game_created":
      Object.assign(view, emptyView(effect.system, effect.width, effect.height));
      delete view.outcome;
      break;
    case "player_changed": {
      const i = view.players.findIndex((p) => p.seat === effect.player.seat);
      if (i >= 0) view.players[i] = effect.player;
      else {
        view.players.push(effect.player);
        view.players.sort((a, b) => a.seat - b.seat);
      }
      break;
    }
    case "resource_changed": {
      const player = playerEntry(view, effect.seat);
      player.resources = player.resources || {};
      if (effect.value === 0) delete player.resources[effect.key];
      else player.resources[effect.key] = effect.value;
      break;
    }
    case "piece_placed":
      view.pieces[effect.piece.id] = effect.piece;
      break;
    case "piece_moved": {
      const piece = view.pieces[effect.piece];
      if (piece) piece.square = effect.to;
      break;
    }
    case "piece_removed":
      delete view.pieces[effect.piece];
      break;
    case "piece_changed": {
      const piece = view.pieces[effect.piece];
      if (piece) {
        for (const part of ["kind", "name", "glyph", "stats", "markers", "count"]) {
          const value = effect.change[part];
          if (value !== undefined && value !== null) piece[part] = value;
        }
        // As the server sends a piece: a count of one left out.
        if (piece.count === 1) delete piece.count;
      }
      break;
    }
    case "terrain_changed":
      if (effect.terrain === null || effect.terrain === undefined) delete view.terrain[effect.square];
      else view.terrain[effect.square] = effect.terrain;
      break;
    case "wall_changed": {
      const between = [...effect.between].sort(compareSquares);
      view.walls = view.walls.filter(
        (w) => !(w.between[0] === between[0] && w.between[1] === between[1]),
      );
      if (effect.wall !== null && effect.wall !== undefined) {
        view.walls.push({ between, kind: effect.wall });
        // Kept in order (by squares, then kind), as the server keeps them.
        view.walls.sort(
          (x, y) =>
            compareSquares(x.between[0], y.between[0]) ||
            compareSquares(x.between[1], y.between[1]) ||
            (x.kind < y.kind ? -1 : x.kind > y.kind ? 1 : 0),
        );
      }
      break;
    }
    case "turn_changed":
      view.turn = { ...effect.turn, active: effect.turn.active || [] };
      break;
    case "game_ended":
      view.outcome = effect.outcome;
      view.turn.active = [];
      break;
    default:
      // dice_rolled, narration, and any effect this client does not know:
      // nothing changes in the view.
      break;
  }
  return view;
}
