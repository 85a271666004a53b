// A match at the table, the page: the board, the options, the log, the
// chat, draw offers, the end and its rematch, and each error where it
// happened. The match's state is a GameState (game_state.js), the
// websocket a LiveMatch (live.js), a choice in progress on the board a
// Choosing (choosing.js); this file draws them and tells the connection
// what the player does.

import { api, login, ApiError, errorText, tokenRefused } from "./api.js";
import { AwayNotices } from "./away.js";
import { drawBoard, sideAtTop, SEAT_SHAPES, SHAPE_SIGNS } from "./board.js";
import { Choosing } from "./choosing.js";
import { h, s, replace, Notice } from "./dom.js";
import { GameState } from "./game_state.js";
import { legend } from "./legend.js";
import { LiveMatch } from "./live.js";
import { logLine } from "./log.js";
import { outcomeText } from "./outcome.js";

// The errors about a draw offer, shown by the offer.
const DRAW_ERRORS = ["no_draw_offer", "draw_offer_standing", "own_draw_offer", "offer_too_soon"];
const NOT_CONNECTED = "Not connected: wait a moment, then try again.";
const CONNECTION_WORDS = { connecting: "connecting…", connected: "connected", lost: "connection lost: reconnecting…" };

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
    this.game = new GameState();
    this.live = new LiveMatch({
      matchId,
      role,
      token: this.me?.token,
      since: () => this.game.seq,
      onMessage: (msg) => this.receive(msg),
      onConnection: (state) => this.showConnection(state),
    });
    this.choosing = new Choosing();
    this.closed = false;
    this.historyLoaded = false;
    this.away = new AwayNotices({ name: (seat) => this.name(seat), log: (text) => this.addLog({ kind: "note", text }) });
    this.missing = false; // no such match
    // What was last sent without an id (chat, a draw's offer or answer):
    // an error without one is about it.
    this.lastSent = null;
    this.build();
    if (carried && carried.matchId === matchId) this.tableNote.ok(carried.text);
    carried = null;
    // The players' names first, so that the log names them; then the table.
    this.loadSummary().then(() => {
      if (!this.missing) this.live.connect();
    });
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
        h("div", { class: "turn-wrap" }, this.statusEl, this.tableNote.el, this.away.el),
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
      this.game.nameSeats(summary);
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
    return this.game.seatName(seat);
  }

  // ---- the connection ----

  showConnection(state) {
    this.connEl.textContent = CONNECTION_WORDS[state];
    if (state === "lost") this.connEl.classList.add("lost");
    if (state === "connected") this.connEl.classList.remove("lost");
  }

  /** Leaves the table (the match goes on). */
  close() {
    this.closed = true;
    clearTimeout(this.waitTimer);
    clearInterval(this.endTimer);
    this.away.forget();
    this.live.close();
  }

  /**
   * Sends a message without an id (a chat line, a draw's offer or answer);
   * false, said in `note` (where it was asked for), when the page is not
   * connected.
   */
  send(message, note = this.tableNote) {
    if (!this.live.send(message)) {
      note.error(NOT_CONNECTED);
      return false;
    }
    this.lastSent = { type: message.type, note };
    return true;
  }

  subscribe() {
    if (!this.live.subscribe()) this.tableNote.error(NOT_CONNECTED);
  }

  receive(msg) {
    switch (msg.type) {
      case "welcome":
        // The server tells again, after the snapshot, each clock still
        // running; one that stopped meanwhile is not told.
        this.away.forget(true);
        break;
      case "snapshot":
        this.onSnapshot(msg);
        break;
      case "batch":
        this.onBatch(msg);
        break;
      case "ack":
        if (this.live.settle(msg.id)) {
          this.actNote.clear();
          this.render();
        }
        break;
      case "error":
        this.onError(msg);
        break;
      case "chat":
        if (this.game.hearChat(msg.chat)) {
          // Our own line, said: the chat works again.
          if (this.role === "player" && msg.chat.seat === this.game.seat) {
            this.chatNote.clear();
            if (this.lastSent?.type === "chat") this.lastSent = null;
          }
          this.renderLog();
        }
        break;
      case "seat_away":
        this.seatAway(msg.seat, msg.seconds);
        break;
      case "seat_back":
        this.away.seatBack(msg.seat);
        break;
      case "draw_offered":
        this.game.drawOffer = { seat: msg.seat, accepted: msg.accepted || [] };
        this.drawNote.clear();
        if (this.lastSent?.type !== "chat") this.lastSent = null;
        this.renderDraw();
        break;
      case "draw_declined":
        this.drawNote.clear();
        this.addLog({ kind: "note", text: `${this.name(msg.seat)} declined the draw` });
        this.game.drawOffer = null;
        this.renderDraw();
        break;
      default:
        break;
    }
  }

  onSnapshot(msg) {
    const resumed = this.game.applySnapshot(msg);
    // Turned round or not once, from where the pieces stand in the first snapshot.
    if (this.flip === undefined) this.flip = sideAtTop(this.game.view, this.game.seat);
    this.choosing.clear();
    if (resumed) this.addLog({ kind: "note", text: `Reconnected (match as it stands, event ${msg.seq})` });
    if (!this.historyLoaded) this.loadHistory(msg.seq);
    this.live.snapshotApplied(resumed);
    this.render();
    this.renderEnd();
  }

  onBatch(msg) {
    const applied = this.game.applyBatch(msg);
    if (applied === "old") return;
    if (applied === "gap") {
      // Ask again from what we hold.
      this.subscribe();
      return;
    }
    const ended = applied === "ended";
    this.renderLog();
    if (ended) this.away.forget();
    this.drawNote.clear();
    this.choosing.clear();
    replace(this.pieceEl);
    this.live.batchApplied();
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
    if (msg.code === "not_found" && msg.match_id === this.matchId && this.game.seq === null) {
      this.noSuchMatch();
      return;
    }
    if (this.live.settle(msg.id)) {
      // The action (or resignation) refused: said by the options.
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
    if (msg.code === "match_not_running" && this.game.seq === null) {
      // Still open: wait at the table until the last seat is taken, asking
      // often enough to be there well before the others would be told
      // this player is away (away.js).
      this.statusEl.textContent = "Waiting for players to join…";
      clearTimeout(this.waitTimer);
      this.waitTimer = setTimeout(() => {
        this.loadSummary().finally(() => this.subscribe());
      }, 2000);
      return;
    }
    if ((msg.code === "not_your_seat" || msg.code === "not_authenticated") && this.role === "player" && this.game.seq === null) {
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

  /**
   * A seat's abandonment clock started: never said about this page's own
   * seat, which is at the table.
   */
  seatAway(seat, seconds) {
    if (this.role === "player" && seat === this.game.seat) return;
    // A house bot never leaves; should the server ever say so, a player
    // would be warned of nothing they could act on.
    if (this.game.bots[seat]) return;
    this.away.seatAway(seat, seconds);
  }

  async loadHistory(upto) {
    this.historyLoaded = true;
    try {
      const role = this.role === "player" ? "player" : "spectator";
      const history = await api.history(this.matchId, role, upto);
      const lastMoveShown = this.game.restoreLog(history);
      this.renderLog();
      if (lastMoveShown) this.render();
    } catch {
      // The log starts from now then; play is not affected.
    }
  }

  // ---- acting ----

  act(option) {
    if (this.live.act(option.action) === null) {
      this.actNote.error(NOT_CONNECTED);
      return;
    }
    this.game.chose();
    this.choosing.clear();
    this.render();
  }

  resign() {
    if (this.game.view.outcome) return;
    if (!confirm("Resign this match? Your opponent wins.")) return;
    if (this.live.resign() === null) this.actNote.error(NOT_CONNECTED);
  }

  clickSquare(square) {
    const next = this.choosing.click(square, this.game);
    if (next.act) {
      this.act(next.act);
      return;
    }
    if (next.show) this.showSquare(square);
    if (!next.idle) this.render();
  }

  showSquare(square) {
    const { view } = this.game;
    const pieces = Object.values(view.pieces).filter((p) => p.square === square);
    const terrain = view.terrain[square];
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
    this.game.addLog(entry);
    this.renderLog();
  }

  renderLog() {
    replace(this.logEl, this.game.log.map(logLine));
    this.logEl.scrollTop = this.logEl.scrollHeight;
  }

  // ---- drawing ----

  render() {
    const game = this.game;
    const { view, options, toAct } = game;
    const mine = game.seatDecides();
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
    if (view.outcome) turn = outcomeText(view.outcome, (seat) => this.name(seat));
    else if (game.seq === null) turn = "Connecting…";
    else {
      const deciders = toAct.map((seat) => this.name(seat)).join(" and ");
      const phase = view.turn.phase ? ` · ${view.turn.phase}` : "";
      const number = view.turn.number ? `Turn ${view.turn.number}` : "Set-up";
      let who;
      if (mine) who = options.length ? "Your move" : "Your move (no options?)";
      else if (game.chosenWaiting()) who = `You have chosen; waiting for ${deciders}`;
      else who = toAct.length ? `${deciders} to decide` : "nobody decides";
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
    const { sources, targets } = this.choosing.marks(game);
    drawBoard(this.svg, view, {
      flip: !!this.flip,
      mySeat: game.seat,
      selected: this.choosing.selected,
      sources,
      targets,
      last: game.lastMove,
      seatName: (seat) => this.name(seat),
      onSquare: (square) => this.clickSquare(square),
    });

    replace(
      this.legendEl,
      legend(view, {
        seats: Object.keys(game.names).map(Number),
        name: (seat) => this.name(seat),
        deciding: toAct,
        me: game.seat,
        bot: (seat) => game.bots[seat],
      }),
    );

    // The options, all of them or those the board narrowed to.
    const { shown, head } = this.choosing.listed(game);
    this.optionsHead.textContent = head;
    if (!options.length) {
      const note = view.outcome
        ? "The game is over."
        : this.role === "spectator"
          ? "You are watching."
          : game.seat !== null && !toAct.includes(game.seat) && toAct.length
            ? `${game.chosenWaiting() ? "You have chosen; waiting" : "Waiting"} for ${toAct.map((s) => this.name(s)).join(" and ")}.`
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
                "data-option": options.indexOf(option),
                disabled: !!this.live.pending,
                onclick: () => this.act(option),
              },
              h("code", {}, option.notation),
              h("span", {}, option.label),
            ),
          ),
        ),
        this.choosing.narrowed()
          ? h("li", {}, h("button", { type: "button", class: "link", onclick: () => { this.choosing.clear(); this.render(); } }, "show every option"))
          : null,
      );
    }
    this.resignBtn.disabled = !!view.outcome || game.status !== "running";
    this.offerBtn.disabled = !!view.outcome || game.status !== "running";
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
    if (!played || summary.status !== "finished" || !this.game.view.outcome) {
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
    const offer = this.game.drawOffer;
    if (!offer || this.game.view.outcome) {
      replace(this.drawEl);
      return;
    }
    if (offer.seat === this.game.seat) {
      replace(
        this.drawEl,
        "You offered a draw. ",
        h("button", { type: "button", onclick: () => this.send({ type: "answer_draw", match_id: this.matchId, accept: false }, this.drawNote) }, "Withdraw"),
      );
    } else if (this.role === "player" && !offer.accepted.includes(this.game.seat)) {
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
