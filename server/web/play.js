// A match at the table, over the websocket: hello, subscribe, snapshot,
// batches applied with apply(), act, ack; resumed with `since` after a
// dropped connection (docs/protocol.md, "Live play").

import { api, login, ApiError, errorText, tokenRefused } from "./api.js";
import { normalizeView, emptyView } from "./apply.js";
import { drawBoard, movedSquares, SEAT_SHAPES, SHAPE_SIGNS } from "./board.js";
import { h, s, replace, Notice } from "./dom.js";
import { legend } from "./legend.js";
import { follow, logLine } from "./log.js";
import { outcomeText } from "./outcome.js";
import { PROTOCOL_VERSION } from "./protocol.js";

const MAX_LOG = 300;
// How long a seat must stay away before the table says it left: a player
// who reloads the page, or whose page comes from waiting for the match to
// start, is back long before (docs/protocol.md, "seat_away / seat_back").
const AWAY_QUIET_MS = 5000;
// The errors about a draw offer, shown by the offer.
const DRAW_ERRORS = ["no_draw_offer", "draw_offer_standing", "own_draw_offer", "offer_too_soon"];

// A word for the next table of a match, said where it is shown: {matchId,
// text}, from a table that sent the player there.
let carried = null;

export class Table {
  constructor(main, matchId, role, ctx) {
    this.main = main;
    this.matchId = matchId;
    this.role = role;
    this.ctx = ctx;
    this.me = login();
    this.view = emptyView();
    this.seq = null;
    this.seat = null;
    this.status = "connecting";
    this.toAct = [];
    this.options = [];
    this.names = {};
    this.log = [];
    this.chatSeen = new Set();
    this.selected = null;
    this.narrowTo = null; // options a click on the board left to choose from
    this.last = new Set();
    this.drawOffer = null;
    // The seats that were deciding at once with this player when it made
    // its choice: while some of them still decide, it waits for them.
    this.choseAlongside = null;
    this.pending = null; // {id, message} sent and not yet acknowledged
    this.nextId = Date.now() * 1000;
    this.closed = false;
    this.retries = 0;
    this.resumedWith = null; // "batches" or "snapshot", after a reconnect
    this.awaitingResume = false;
    this.historyLoaded = false;
    // Seats whose abandonment clock runs: seat → {until, told, timer};
    // `told` once the table said so (after AWAY_QUIET_MS).
    this.away = new Map();
    this.missing = false; // no such match
    // What was last sent without an id (chat, a draw's offer or answer):
    // an error without one is about it.
    this.lastSent = null;
    this.build();
    if (carried && carried.matchId === matchId) this.tableNote.ok(carried.text);
    carried = null;
    // The players' names first, so that the log names them; then the table.
    this.loadSummary().then(() => this.connect());
  }

  // ---- the page ----

  build() {
    this.statusEl = h("div", { id: "turn", class: "turn", "aria-live": "polite" }, "Connecting…");
    this.svg = s("svg", { id: "board", class: "board", xmlns: "http://www.w3.org/2000/svg" });
    this.legendEl = h("div", { id: "legend", class: "legend" });
    this.optionsEl = h("ol", { id: "options", class: "options-list" });
    this.optionsHead = h("h3", {}, "Options");
    this.pieceEl = h("div", { id: "piece", class: "piece-info" });
    this.logEl = h("ol", { id: "log", class: "log" });
    this.drawEl = h("div", { id: "draw", class: "draw" });
    this.endEl = h("div", { id: "end", class: "end" });
    this.connEl = h("span", { id: "connection", class: "connection" });
    this.awayEl = h("div", { id: "away", class: "away", role: "status" });
    // Errors, each where it happened: the table as a whole, an action, a
    // draw offer, the chat, the rematch.
    this.tableNote = new Notice("table-note");
    this.actNote = new Notice("act-error");
    this.drawNote = new Notice("draw-error");
    this.chatNote = new Notice("chat-error");
    this.endNote = new Notice("end-error");
    const chatInput = h("input", { id: "chat-text", maxlength: 280, placeholder: "Say something", autocomplete: "off", "aria-label": "chat" });
    this.chatForm = h(
      "form",
      {
        id: "chat",
        class: "chat",
        onsubmit: (event) => {
          event.preventDefault();
          const text = chatInput.value.trim();
          if (text && this.send({ type: "chat", match_id: this.matchId, text }, this.chatNote)) chatInput.value = "";
        },
      },
      chatInput,
      h("button", { type: "submit" }, "Say"),
      this.chatNote.el,
    );
    this.resignBtn = h("button", { id: "resign", type: "button", class: "danger", disabled: true, onclick: () => this.resign() }, "Resign");
    this.offerBtn = h(
      "button",
      { id: "offer-draw", type: "button", disabled: true, onclick: () => this.send({ type: "offer_draw", match_id: this.matchId }, this.drawNote) },
      "Offer a draw",
    );
    this.titleEl = h("h2", { class: "match-title" }, `Match ${this.matchId}`);
    replace(
      this.main,
      h(
        "div",
        { class: "table" },
        h("div", { class: "table-head" }, this.titleEl, this.connEl, h("a", { href: "#/", class: "button" }, "Lobby")),
        h("div", { class: "turn-wrap" }, this.statusEl, this.tableNote.el, this.awayEl),
        (this.boardCol = h("div", { class: "board-col" }, h("div", { class: "board-wrap" }, this.svg), this.legendEl)),
        (this.sideEl = h(
          "aside",
          { class: "side" },
          h("section", { class: "decide" }, this.optionsHead, this.optionsEl, this.actNote.el),
          this.pieceEl,
          this.role === "player" ? h("div", { class: "table-actions" }, this.offerBtn, this.resignBtn) : null,
          this.drawEl,
          this.drawNote.el,
          this.endEl,
          this.endNote.el,
          h("section", { class: "log-wrap" }, h("h3", {}, "Log"), this.logEl),
          this.role === "player" ? this.chatForm : null,
        )),
      ),
    );
  }

  async loadSummary() {
    try {
      const summary = await api.match(this.matchId);
      // A finished match's rematch: whether this player sits in it yet.
      let rematchSeated = false;
      if (summary.status === "finished" && summary.rematch && this.me) {
        const next = await api.match(summary.rematch);
        rematchSeated = next.seats.some((seat) => seat.player && seat.player.id === this.me.id);
      }
      if (this.closed) return;
      this.summary = summary;
      this.rematchSeated = rematchSeated;
      for (const seat of summary.seats) if (seat.player) this.names[seat.seat] = seat.player.name;
      const system = this.ctx.systems.find((x) => x.id === summary.system);
      this.titleEl.textContent = `Match ${this.matchId} · ${system ? system.name : summary.system}`;
      this.render();
      this.renderEnd();
    } catch (error) {
      if (error instanceof ApiError && error.code === "not_found") this.noSuchMatch();
      // A refused token: api.js has told the page, which shows the login page.
      else if (!(error instanceof ApiError && error.code === "bad_token"))
        this.tableNote.error(`The match could not be loaded: ${errorText(error)}`);
    }
  }

  /** There is no such match: said, and nothing more to do here. */
  noSuchMatch() {
    this.missing = true;
    this.close();
    this.titleEl.textContent = `Match ${this.matchId}`;
    this.connEl.textContent = "";
    this.connEl.classList.remove("lost");
    // No board, no options, no log: there is nothing here.
    this.boardCol.hidden = true;
    this.sideEl.hidden = true;
    this.render();
  }

  name(seat) {
    if (seat === null || seat === undefined) return "nobody";
    return this.names[seat] ?? `seat ${seat + 1}`;
  }

  // ---- the connection ----

  connect() {
    if (this.closed || this.missing) return;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(`${scheme}${location.host}/ws`);
    this.ws = ws;
    this.connEl.textContent = "connecting…";
    ws.onopen = () => {
      const hello = { type: "hello", version: PROTOCOL_VERSION };
      if (this.me) hello.token = this.me.token;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      this.ws = null;
      this.connEl.textContent = "connection lost: reconnecting…";
      this.connEl.classList.add("lost");
      const pause = Math.max(0, (this.pauseUntil || 0) - Date.now());
      const wait = Math.max(pause, Math.min(8000, 500 * 2 ** this.retries++));
      this.reconnectTimer = setTimeout(() => this.connect(), wait);
    };
  }

  /** Leaves the table (the match goes on). */
  close() {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.waitTimer);
    clearInterval(this.endTimer);
    this.forgetAway();
    if (this.ws) this.ws.close(1000, "left the table");
  }

  /**
   * Closes the connection as a network failure would, and waits `pauseMs`
   * before reconnecting (tests use it).
   */
  dropConnection(pauseMs = 0) {
    this.pauseUntil = Date.now() + pauseMs;
    if (this.ws) this.ws.close(4000, "dropped on purpose");
  }

  /**
   * Sends `message`; false, said in `note` (where it was asked for), when
   * the page is not connected.
   */
  send(message, note = this.tableNote) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      note.error("Not connected: wait a moment, then try again.");
      return false;
    }
    if (message.id === undefined && message.type !== "subscribe") this.lastSent = { type: message.type, note };
    this.ws.send(JSON.stringify(message));
    return true;
  }

  subscribe() {
    const message = { type: "subscribe", match_id: this.matchId, role: this.role };
    if (this.seq !== null) message.since = this.seq;
    this.send(message);
  }

  receive(msg) {
    if (msg.match_id !== undefined && msg.match_id !== this.matchId) return;
    switch (msg.type) {
      case "welcome":
        this.retries = 0;
        this.connEl.textContent = "connected";
        this.connEl.classList.remove("lost");
        this.awaitingResume = this.seq !== null;
        // The server tells again, after the snapshot, each clock still
        // running; one that stopped meanwhile is not told.
        this.forgetAway(true);
        this.subscribe();
        break;
      case "snapshot":
        this.onSnapshot(msg);
        break;
      case "batch":
        this.onBatch(msg);
        break;
      case "ack":
        if (this.pending && this.pending.id === msg.id) {
          this.pending = null;
          this.actNote.clear();
          this.render();
        }
        break;
      case "error":
        this.onError(msg);
        break;
      case "chat":
        if (!this.chatSeen.has(msg.chat.id)) {
          this.chatSeen.add(msg.chat.id);
          // Our own line, said: the chat works again.
          if (this.role === "player" && msg.chat.seat === this.seat) {
            this.chatNote.clear();
            if (this.lastSent?.type === "chat") this.lastSent = null;
          }
          this.addLog({ kind: "chat", seat: msg.chat.seat, name: msg.chat.name, text: msg.chat.text });
        }
        break;
      case "seat_away":
        this.seatAway(msg.seat, msg.seconds);
        break;
      case "seat_back":
        this.seatBack(msg.seat);
        break;
      case "draw_offered":
        this.drawOffer = { seat: msg.seat, accepted: msg.accepted || [] };
        this.drawNote.clear();
        if (this.lastSent?.type !== "chat") this.lastSent = null;
        this.renderDraw();
        break;
      case "draw_declined":
        this.drawNote.clear();
        this.addLog({ kind: "note", text: `${this.name(msg.seat)} declined the draw` });
        this.drawOffer = null;
        this.renderDraw();
        break;
      default:
        break;
    }
  }

  onSnapshot(msg) {
    const resumed = this.seq !== null;
    this.view = normalizeView(msg.view);
    this.seq = msg.seq;
    this.seat = msg.seat ?? null;
    this.status = msg.status;
    this.toAct = msg.to_act || [];
    this.options = msg.options || [];
    this.commitment = msg.commitment;
    this.choseAlongside = null;
    if (this.flip === undefined) this.flip = this.sideAtTop();
    this.clearSelection();
    if (resumed) {
      this.awaitingResume = false;
      this.resumedWith = "snapshot";
    }
    if (resumed) this.addLog({ kind: "note", text: `Reconnected (match as it stands, event ${msg.seq})` });
    if (!this.historyLoaded) this.loadHistory(msg.seq);
    this.resendPending();
    this.render();
    this.renderEnd();
  }

  onBatch(msg) {
    if (this.seq === null || msg.seq <= this.seq) return; // not newer
    if (msg.seq > this.seq + 1) {
      // A gap: ask again from what we hold.
      this.subscribe();
      return;
    }
    const wasResume = this.awaitingResume;
    this.awaitingResume = false;
    this.last = movedSquares(msg.effects || []);
    for (const entry of follow(this.view, msg.effects || [], msg.seq, (seat) => this.name(seat))) this.addLog(entry);
    this.seq = msg.seq;
    this.toAct = msg.to_act || [];
    this.options = msg.options || [];
    if (this.toAct.includes(this.seat)) this.choseAlongside = null;
    const ended = !!this.view.outcome && this.status !== "finished";
    if (this.view.outcome) this.status = "finished";
    if (ended) this.forgetAway();
    this.drawOffer = null;
    this.drawNote.clear();
    this.clearSelection();
    replace(this.pieceEl);
    if (wasResume) {
      this.resumedWith = "batches";
      // An action sent before the drop and never acknowledged: sent again
      // with its id, it is acknowledged if it was played (and played if not).
      this.resendPending();
    }
    this.render();
    this.renderDraw();
    if (ended) this.loadSummary();
  }

  onError(msg) {
    const text = msg.message || msg.code;
    if (msg.code === "bad_token") {
      // The server no longer knows this browser's token: the login page.
      this.close();
      tokenRefused(this.me);
      return;
    }
    if (msg.code === "not_found" && msg.match_id === this.matchId && this.seq === null) {
      this.noSuchMatch();
      return;
    }
    if (this.pending && msg.id !== undefined && msg.id === this.pending.id) {
      // The action (or resignation) refused: said by the options.
      this.pending = null;
      this.actNote.error(text);
      this.render();
      if (msg.code === "unavailable") setTimeout(() => this.subscribe(), 1000);
      return;
    }
    if (msg.code === "unavailable" && msg.match_id !== undefined && msg.id === undefined) {
      // The match restarting (or a chat line not stored): subscribe again.
      if (this.lastSent?.type === "chat") this.chatNote.error(text);
      setTimeout(() => this.subscribe(), 1000);
      return;
    }
    if (msg.code === "match_not_running" && this.seq === null) {
      // Still open: wait at the table until the last seat is taken, asking
      // often enough to be there well before the others would be told
      // this player is away (AWAY_QUIET_MS).
      this.statusEl.textContent = "Waiting for players to join…";
      clearTimeout(this.waitTimer);
      this.waitTimer = setTimeout(() => {
        this.loadSummary().finally(() => this.subscribe());
      }, 2000);
      return;
    }
    if ((msg.code === "not_your_seat" || msg.code === "not_authenticated") && this.role === "player" && this.seq === null) {
      carried = {
        matchId: this.matchId,
        text: msg.code === "not_your_seat" ? "You hold no seat in this match: watching it." : "You are not logged in: watching this match.",
      };
      location.hash = `#/watch/${this.matchId}`;
      return;
    }
    if (DRAW_ERRORS.includes(msg.code)) {
      this.drawNote.error(text);
      return;
    }
    // Otherwise about what was last sent without an id (a chat line, a
    // draw's offer or answer), or about the table.
    const note = msg.match_id !== undefined && this.lastSent ? this.lastSent.note : this.tableNote;
    note.error(text);
  }

  // ---- who is away ----

  /**
   * A seat's abandonment clock started. Said, in the log and above the
   * board, only once it has run AWAY_QUIET_MS: never about this page's own
   * seat, which is at the table, nor about a player whose page was on its
   * way to it.
   */
  seatAway(seat, seconds) {
    if (this.role === "player" && seat === this.seat) return;
    const until = Date.now() + seconds * 1000;
    const known = this.away.get(seat);
    if (known) {
      known.until = until;
      this.renderAway();
      return;
    }
    const entry = { until, told: this.toldAway?.has(seat) ?? false, timer: null };
    if (!entry.told)
      entry.timer = setTimeout(() => {
        entry.told = true;
        this.addLog({ kind: "note", text: `${this.name(seat)} left the table: ${this.awaySeconds(entry)} s to come back` });
        this.renderAway();
      }, AWAY_QUIET_MS);
    this.away.set(seat, entry);
    this.renderAway();
  }

  /** A seat's player is back: said only where its leaving was. */
  seatBack(seat) {
    const entry = this.away.get(seat);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.away.delete(seat);
    if (entry.told) this.addLog({ kind: "note", text: `${this.name(seat)} is back` });
    this.renderAway();
  }

  /**
   * Stops following every clock: the game ended, the page left, or (with
   * `again`) the page reconnects and is told again of those still running,
   * which were said already.
   */
  forgetAway(again = false) {
    this.toldAway = again ? new Set([...this.away].filter(([, e]) => e.told).map(([seat]) => seat)) : null;
    for (const entry of this.away.values()) clearTimeout(entry.timer);
    this.away.clear();
    this.renderAway();
  }

  awaySeconds(entry) {
    return Math.max(0, Math.round((entry.until - Date.now()) / 1000));
  }

  renderAway() {
    const told = [...this.away].filter(([, e]) => e.told);
    replace(
      this.awayEl,
      told.map(([seat, e]) => h("p", { class: "away-seat" }, `${this.name(seat)} left the table: ${this.awaySeconds(e)} s to come back`)),
    );
    if (told.length && !this.awayTimer) this.awayTimer = setInterval(() => this.renderAway(), 1000);
    if (!told.length && this.awayTimer) {
      clearInterval(this.awayTimer);
      this.awayTimer = null;
    }
  }

  /**
   * Whether to turn the board round: a player sees their own side at the
   * bottom. Decided once, from where their pieces stand in the first
   * snapshot (which side a seat starts on is the rules' business: in Action
   * Chess Faction Chess a coin gives White to either seat).
   */
  sideAtTop() {
    if (this.seat === null) return false;
    const ranks = Object.values(this.view.pieces)
      .filter((p) => p.owner === this.seat && p.square)
      .map((p) => parseInt(p.square.slice(1), 10));
    if (!ranks.length) return this.seat === 1;
    const mean = ranks.reduce((a, b) => a + b, 0) / ranks.length;
    return mean > (this.view.height + 1) / 2;
  }

  /** An action sent and not acknowledged before a drop is sent again. */
  resendPending() {
    if (this.pending) this.send(this.pending.message);
  }

  async loadHistory(upto) {
    this.historyLoaded = true;
    try {
      const role = this.role === "player" ? "player" : "spectator";
      const history = await api.history(this.matchId, role, upto);
      // Each line is told from the view before its effect, as it was live:
      // the history is followed from an empty view.
      const past = emptyView();
      const earlier = history.events.flatMap((event) => follow(past, event.effects, event.seq, (seat) => this.name(seat)));
      this.log = [...earlier, ...this.log].slice(-MAX_LOG);
      this.renderLog();
      // A snapshot does not say what moved last; the history's last event does.
      const latest = history.events[history.events.length - 1];
      if (latest && latest.seq === this.seq && !this.last.size) {
        this.last = movedSquares(latest.effects);
        this.render();
      }
    } catch {
      // The log starts from now then; play is not affected.
    }
  }

  // ---- acting ----

  act(option) {
    const id = ++this.nextId;
    const message = { type: "act", match_id: this.matchId, id, action: option.action };
    if (this.send(message, this.actNote)) {
      this.pending = { id, message };
      const others = this.toAct.filter((seat) => seat !== this.seat);
      this.choseAlongside = others.length ? others : null;
      this.clearSelection();
      this.render();
    }
  }

  resign() {
    if (this.view.outcome) return;
    if (!confirm("Resign this match? Your opponent wins.")) return;
    const id = ++this.nextId;
    const message = { type: "resign", match_id: this.matchId, id };
    if (this.send(message, this.actNote)) this.pending = { id, message };
  }

  /** Where an option starts and where it goes, as squares (or null). */
  geometry(option) {
    const a = option.action || {};
    const piece = a.piece !== undefined && a.piece !== null ? this.view.pieces[a.piece] : null;
    const target = a.target !== undefined && a.target !== null ? this.view.pieces[a.target] : null;
    return {
      from: piece ? piece.square || null : null,
      to: a.to || (target ? target.square || null : null),
    };
  }

  clearSelection() {
    this.selected = null;
    this.narrowTo = null;
  }

  clickSquare(square) {
    if (!this.options.length) {
      this.showSquare(square);
      return;
    }
    const geo = this.options.map((o) => ({ option: o, ...this.geometry(o) }));
    if (this.selected) {
      const chosen = geo.filter((g) => g.from === this.selected && g.to === square && g.to !== g.from);
      if (chosen.length === 1) {
        this.act(chosen[0].option);
        return;
      }
      if (chosen.length > 1) {
        this.narrowTo = chosen.map((g) => g.option);
        this.render();
        return;
      }
    }
    if (geo.some((g) => g.from === square)) {
      this.selected = this.selected === square ? null : square;
      this.narrowTo = null;
    } else {
      const here = geo.filter((g) => !g.from && g.to === square);
      this.selected = null;
      this.narrowTo = here.length ? here.map((g) => g.option) : null;
      if (here.length === 1) {
        this.act(here[0].option);
        return;
      }
    }
    this.showSquare(square);
    this.render();
  }

  showSquare(square) {
    const pieces = Object.values(this.view.pieces).filter((p) => p.square === square);
    const terrain = this.view.terrain[square];
    replace(
      this.pieceEl,
      h("h3", {}, `Square ${square}${terrain ? ` · ${terrain}` : ""}`),
      pieces.map((p) =>
        h(
          "div",
          { class: "piece-card" },
          h("strong", {}, `${SHAPE_SIGNS[SEAT_SHAPES[p.owner % 4]]} ${p.glyph} ${p.name}`),
          ` · ${this.name(p.owner)}`,
          (p.stats || []).length ? h("div", { class: "stats" }, p.stats.map((st) => h("span", {}, `${st.key} ${st.value}`))) : null,
          (p.markers || []).length ? h("ul", {}, p.markers.map((m) => h("li", {}, m.label))) : null,
        ),
      ),
    );
  }

  // ---- the log ----

  addLog(entry) {
    this.log.push(entry);
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
    this.renderLog();
  }

  renderLog() {
    replace(
      this.logEl,
      this.log.map(logLine),
    );
    this.logEl.scrollTop = this.logEl.scrollHeight;
  }

  outcomeText(outcome) {
    return outcomeText(outcome, (seat) => this.name(seat));
  }

  // ---- drawing ----

  render() {
    const view = this.view;
    const mine = this.seat !== null && this.toAct.includes(this.seat);
    // Who decides, and what.
    let turn = "";
    if (this.missing) {
      replace(this.statusEl, `There is no match ${this.matchId}. `, h("a", { href: "#/", class: "button" }, "Back to the lobby"));
      this.statusEl.classList.add("error");
      replace(this.optionsEl, h("li", { class: "hint" }, "Nothing to decide."));
      this.resignBtn.disabled = true;
      this.offerBtn.disabled = true;
      for (const el of this.chatForm.elements) el.disabled = true;
      return;
    }
    if (view.outcome) turn = this.outcomeText(view.outcome);
    else if (this.seq === null) turn = "Connecting…";
    else {
      const deciders = this.toAct.map((seat) => this.name(seat)).join(" and ");
      const phase = view.turn.phase ? ` · ${view.turn.phase}` : "";
      const number = view.turn.number ? `Turn ${view.turn.number}` : "Set-up";
      let who;
      if (mine) who = this.options.length ? "Your move" : "Your move (no options?)";
      else if (this.waitingAfterChoosing()) who = `You have chosen; waiting for ${deciders}`;
      else who = this.toAct.length ? `${deciders} to decide` : "nobody decides";
      turn = `${number}${phase} · ${who}`;
    }
    replace(
      this.statusEl,
      turn,
      view.outcome ? [" ", h("a", { href: `#/replay/${this.matchId}`, id: "replay-link", class: "button" }, "Replay")] : null,
    );
    this.statusEl.classList.toggle("mine", mine && !view.outcome);
    this.statusEl.classList.toggle("over", !!view.outcome);

    // The board, with what the selection may do.
    const geo = this.options.map((o) => ({ option: o, ...this.geometry(o) }));
    const sources = new Set(geo.map((g) => g.from).filter(Boolean));
    const targets = new Set();
    if (this.selected) for (const g of geo) if (g.from === this.selected && g.to && g.to !== g.from) targets.add(g.to);
    if (this.narrowTo) {
      for (const o of this.narrowTo) {
        const g = this.geometry(o);
        if (g.to) targets.add(g.to);
      }
    } else if (!this.selected) {
      // Choices that start on no square (placing a piece from off the
      // board, building): where they go.
      for (const g of geo) if (!g.from && g.to) targets.add(g.to);
    }
    drawBoard(this.svg, view, {
      flip: !!this.flip,
      mySeat: this.seat,
      selected: this.selected,
      sources: this.selected ? null : sources,
      targets,
      last: this.last,
      seatName: (seat) => this.name(seat),
      onSquare: (square) => this.clickSquare(square),
    });

    replace(
      this.legendEl,
      legend(view, {
        seats: Object.keys(this.names).map(Number),
        name: (seat) => this.name(seat),
        deciding: this.toAct,
        me: this.seat,
      }),
    );

    // The options, all of them or those the board narrowed to.
    let shown = this.options;
    let head = mine ? `Your options (${this.options.length})` : "Options";
    if (this.narrowTo) {
      shown = this.narrowTo;
      head = `Choose (${shown.length} of ${this.options.length})`;
    } else if (this.selected) {
      shown = geo.filter((g) => g.from === this.selected).map((g) => g.option);
      head = `From ${this.selected} (${shown.length} of ${this.options.length})`;
    }
    this.optionsHead.textContent = head;
    if (!this.options.length) {
      const note = view.outcome
        ? "The game is over."
        : this.role === "spectator"
          ? "You are watching."
          : this.seat !== null && !this.toAct.includes(this.seat) && this.toAct.length
            ? `${this.waitingAfterChoosing() ? "You have chosen; waiting" : "Waiting"} for ${this.toAct.map((s) => this.name(s)).join(" and ")}.`
            : "Nothing to decide.";
      replace(this.optionsEl, h("li", { class: "hint" }, note));
    } else {
      replace(
        this.optionsEl,
        shown.map((option, i) =>
          h(
            "li",
            {},
            h(
              "button",
              {
                type: "button",
                class: "option",
                "data-option": this.options.indexOf(option),
                disabled: !!this.pending,
                onclick: () => this.act(option),
              },
              h("code", {}, option.notation),
              h("span", {}, option.label),
            ),
          ),
        ),
        this.selected || this.narrowTo
          ? h("li", {}, h("button", { type: "button", class: "link", onclick: () => { this.clearSelection(); this.render(); } }, "show every option"))
          : null,
      );
    }
    this.resignBtn.disabled = !!view.outcome || this.status !== "running";
    this.offerBtn.disabled = !!view.outcome || this.status !== "running";
  }

  /**
   * Whether this player made its choice while others decided at once with
   * it, and some of those still decide.
   */
  waitingAfterChoosing() {
    if (!this.choseAlongside || this.view.outcome || this.toAct.includes(this.seat)) return false;
    return this.toAct.length > 0 && this.toAct.every((seat) => this.choseAlongside.includes(seat));
  }

  /**
   * After the game, for a player of it however the table was reached (to
   * play or to watch): ask for the rematch, take the seat kept for them in
   * one the other player asked for, or go to the one they sit in. The
   * summary says which; it is asked again every few seconds, since nothing
   * on the websocket tells of a rematch.
   */
  renderEnd() {
    const summary = this.summary;
    const played = !!summary && !!this.me && summary.seats.some((seat) => seat.player && seat.player.id === this.me.id);
    if (!played || summary.status !== "finished" || !this.view.outcome) {
      replace(this.endEl);
      return;
    }
    const rematch = summary.rematch;
    let action;
    if (rematch && this.rematchSeated) action = h("a", { href: `#/play/${rematch}`, id: "rematch", class: "button primary" }, "Go to the rematch");
    else
      action = h(
        "button",
        { type: "button", id: "rematch", onclick: () => this.rematch() },
        rematch ? "Take your seat in the rematch" : "Ask for a rematch",
      );
    const note = rematch ? `A rematch is set: match ${rematch}. ` : "The same armies, the seats swapped. ";
    replace(this.endEl, note, action);
    if (!rematch && !this.endTimer) this.endTimer = setInterval(() => this.loadSummary(), 5000);
    if (rematch) clearInterval(this.endTimer);
  }

  async rematch() {
    try {
      const next = await api.rematch(this.matchId);
      this.endNote.clear();
      location.hash = `#/play/${next.id}`;
    } catch (error) {
      this.endNote.error(errorText(error));
    }
  }

  renderDraw() {
    const offer = this.drawOffer;
    if (!offer || this.view.outcome) {
      replace(this.drawEl);
      return;
    }
    if (offer.seat === this.seat) {
      replace(
        this.drawEl,
        "You offered a draw. ",
        h("button", { type: "button", onclick: () => this.send({ type: "answer_draw", match_id: this.matchId, accept: false }, this.drawNote) }, "Withdraw"),
      );
    } else if (this.role === "player" && !offer.accepted.includes(this.seat)) {
      replace(
        this.drawEl,
        `${this.name(offer.seat)} offers a draw. `,
        h("button", { type: "button", id: "accept-draw", onclick: () => this.send({ type: "answer_draw", match_id: this.matchId, accept: true }, this.drawNote) }, "Accept"),
        " ",
        h("button", { type: "button", onclick: () => this.send({ type: "answer_draw", match_id: this.matchId, accept: false }, this.drawNote) }, "Decline"),
      );
    } else replace(this.drawEl, `${this.name(offer.seat)} offers a draw.`);
  }
}
