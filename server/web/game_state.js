// What a table knows of its match: the view, the last seq applied, who
// decides and this seat's options, the outcome, the log in words, a draw
// offer standing. Fed by snapshots and batches (and the history, for the
// log before the first snapshot); drawn by the page (play.js), which it
// never touches: no DOM, no connection, no clock.

import { emptyView, normalizeView } from "./apply.js";
import { movedSquares } from "./board.js";
import { follow } from "./log.js";

// The log keeps the latest lines, enough for a long game's last turns.
const MAX_LOG = 300;

export class GameState {
  constructor() {
    this.view = emptyView();
    // The last batch applied; null before the first snapshot.
    this.seq = null;
    // The seat this table plays; null when watching.
    this.seat = null;
    this.status = "connecting";
    // Who must decide now, and this seat's choices when it is one of them.
    this.toAct = [];
    this.options = [];
    this.commitment = undefined;
    // Player names by seat, from the match's summary, and the level of
    // each seat a house bot holds.
    this.names = {};
    this.bots = {};
    this.log = [];
    this.chatSeen = new Set();
    // The squares of the last move, highlighted on the board.
    this.lastMove = new Set();
    // The draw offer standing: {seat, accepted}, or null.
    this.drawOffer = null;
    // The seats that were deciding at once with this seat when it made its
    // choice: while some of them still decide, it waits for them.
    this.choseAlongside = null;
  }

  /** A seat's player's name, "seat N" for one not known, "nobody" for none. */
  seatName(seat) {
    if (seat === null || seat === undefined) return "nobody";
    return this.names[seat] ?? `seat ${seat + 1}`;
  }

  /** Takes the players' names from the match's summary. */
  nameSeats(summary) {
    for (const seat of summary.seats) {
      if (seat.player) this.names[seat.seat] = seat.player.name;
      if (seat.bot) this.bots[seat.seat] = seat.bot;
    }
  }

  /** Replaces the match as it stands; true when one was held before (a resume). */
  applySnapshot(snapshot) {
    const resumed = this.seq !== null;
    this.view = normalizeView(snapshot.view);
    this.seq = snapshot.seq;
    this.seat = snapshot.seat ?? null;
    this.status = snapshot.status;
    this.toAct = snapshot.to_act || [];
    this.options = snapshot.options || [];
    this.commitment = snapshot.commitment;
    this.choseAlongside = null;
    return resumed;
  }

  /**
   * Applies a batch, if it is the next one. Says what became of it: "old"
   * (held already: ignored), "gap" (one is missing: subscribe again from
   * `seq`), "applied", or "ended" (applied, and the game ended with it).
   */
  applyBatch(batch) {
    if (this.seq === null || batch.seq <= this.seq) return "old";
    if (batch.seq > this.seq + 1) return "gap";
    const effects = batch.effects || [];
    this.lastMove = movedSquares(effects);
    for (const entry of follow(this.view, effects, batch.seq, (seat) => this.seatName(seat))) this.addLog(entry);
    this.seq = batch.seq;
    this.toAct = batch.to_act || [];
    this.options = batch.options || [];
    if (this.toAct.includes(this.seat)) this.choseAlongside = null;
    // A batch ends whatever offer stood.
    this.drawOffer = null;
    if (!this.view.outcome || this.status === "finished") return "applied";
    this.status = "finished";
    return "ended";
  }

  /**
   * Tells the log again from the server's history up to the first snapshot,
   * each line told from the view before its effect as it was live, before
   * the lines said since. True when it showed the last move, which a
   * snapshot does not say.
   */
  restoreLog(history) {
    const past = emptyView();
    const earlier = history.events.flatMap((event) => follow(past, event.effects, event.seq, (seat) => this.seatName(seat)));
    this.log = [...earlier, ...this.log].slice(-MAX_LOG);
    const latest = history.events[history.events.length - 1];
    if (!latest || latest.seq !== this.seq || this.lastMove.size) return false;
    this.lastMove = movedSquares(latest.effects);
    return true;
  }

  addLog(entry) {
    this.log.push(entry);
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
  }

  /** A chat line heard: its log entry, or null for one heard before (a resume says it again). */
  hearChat(chat) {
    if (this.chatSeen.has(chat.id)) return null;
    this.chatSeen.add(chat.id);
    const entry = { kind: "chat", seat: chat.seat, name: chat.name, text: chat.text };
    this.addLog(entry);
    return entry;
  }

  /** This seat chose: the others deciding at once with it are waited for. */
  chose() {
    const others = this.toAct.filter((seat) => seat !== this.seat);
    this.choseAlongside = others.length ? others : null;
  }

  /** Whether this table's seat is among those to decide. */
  seatDecides() {
    return this.seat !== null && this.toAct.includes(this.seat);
  }

  /**
   * Whether this seat made its choice while others decided at once with
   * it, and some of those still decide.
   */
  chosenWaiting() {
    if (!this.choseAlongside || this.view.outcome || this.toAct.includes(this.seat)) return false;
    return this.toAct.length > 0 && this.toAct.every((seat) => this.choseAlongside.includes(seat));
  }

  /** Where an option starts and where it goes, as squares (or null). */
  squaresOf(option) {
    const a = option.action || {};
    const piece = a.piece !== undefined && a.piece !== null ? this.view.pieces[a.piece] : null;
    const target = a.target !== undefined && a.target !== null ? this.view.pieces[a.target] : null;
    return {
      from: piece ? piece.square || null : null,
      to: a.to || (target ? target.square || null : null),
    };
  }
}
