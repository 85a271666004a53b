// A finished game's outcome in words: the one way the page says it, at the
// table (its banner and log), in the replay and in the lobby's lists.

import { phrase } from "./dom.js";

/**
 * Who won, or that the game was drawn, and (unless `why` is false) why:
 * "ada won: bo resigned", "Drawn: by agreement". `name(seat)` names a seat.
 */
export function outcomeText(outcome, name, { why = true } = {}) {
  const winners = outcome.winners || [];
  const result = winners.length ? `${winners.map((seat) => name(seat)).join(" and ")} won` : "Drawn";
  return why ? `${result}: ${phrase(outcome.reason, name)}` : result;
}
