// Who is away from the table: each seat whose abandonment clock runs
// (docs/protocol.md, "seat_away / seat_back"), said above the board,
// counting down, and in the log, but only once it has run AWAY_QUIET_MS: a
// player who reloads the page, or whose page comes from waiting for the
// match to start, is back long before and is never said to have left.

import { h, replace } from "./dom.js";

const AWAY_QUIET_MS = 5000;

export class AwayNotices {
  /** `name(seat)` names a seat; `log(text)` adds a line to the table's log. */
  constructor({ name, log }) {
    this.name = name;
    this.log = log;
    this.el = h("div", { id: "away", class: "away", role: "status" });
    // Seats whose clock runs: seat → {until, told, timer}; `told` once the
    // table said so.
    this.seats = new Map();
    // The seats said to be away before a reconnect, not said again.
    this.toldBefore = null;
    this.ticker = null;
  }

  /** A seat's abandonment clock started, or was told again. */
  seatAway(seat, seconds) {
    const until = Date.now() + seconds * 1000;
    const known = this.seats.get(seat);
    if (known) {
      known.until = until;
      this.render();
      return;
    }
    const entry = { until, told: this.toldBefore?.has(seat) ?? false, timer: null };
    if (!entry.told)
      entry.timer = setTimeout(() => {
        entry.told = true;
        this.log(`${this.name(seat)} left the table: ${secondsLeft(entry)} s to come back`);
        this.render();
      }, AWAY_QUIET_MS);
    this.seats.set(seat, entry);
    this.render();
  }

  /** A seat's player is back: said only where its leaving was. */
  seatBack(seat) {
    const entry = this.seats.get(seat);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.seats.delete(seat);
    if (entry.told) this.log(`${this.name(seat)} is back`);
    this.render();
  }

  /**
   * Stops following every clock: the game ended, the page left, or (with
   * `again`) the page reconnects and is told again of those still running,
   * which were said already.
   */
  forget(again = false) {
    this.toldBefore = again ? new Set([...this.seats].filter(([, e]) => e.told).map(([seat]) => seat)) : null;
    for (const entry of this.seats.values()) clearTimeout(entry.timer);
    this.seats.clear();
    this.render();
  }

  render() {
    const told = [...this.seats].filter(([, e]) => e.told);
    replace(
      this.el,
      told.map(([seat, e]) => h("p", { class: "away-seat" }, `${this.name(seat)} left the table: ${secondsLeft(e)} s to come back`)),
    );
    if (told.length && !this.ticker) this.ticker = setInterval(() => this.render(), 1000);
    if (!told.length && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }
}

function secondsLeft(entry) {
  return Math.max(0, Math.round((entry.until - Date.now()) / 1000));
}
