// The live connection to one match over the websocket: hello, subscribe
// (with `since`, the last seq the table holds, after a drop), reconnect
// with backoff, and an action sent before a drop sent again once the match
// is caught up (docs/protocol.md, "Live play"). Everything the server says
// about the match is handed to the owner; what it means is the owner's.

import { PROTOCOL_VERSION } from "./protocol.js";

const FIRST_BACKOFF_MS = 500;
const MOST_BACKOFF_MS = 8000;

export class LiveMatch {
  /**
   * Connects once connect() is called. `since()` is the last seq the owner applied (null
   * before the first snapshot); `onMessage(msg)` hears each message about
   * this match (or about no match), `onConnection(state)` each change:
   * "connecting", "connected" or "lost".
   */
  constructor({ matchId, role, token, since, onMessage, onConnection }) {
    this.matchId = matchId;
    this.role = role;
    this.token = token;
    this.since = since;
    this.onMessage = onMessage;
    this.onConnection = onConnection;
    this.ws = null;
    this.closed = false;
    this.retries = 0;
    // The action (or resignation) sent and not yet answered: {id, message}.
    this.pending = null;
    this.nextId = Date.now() * 1000;
    // Whether the match was held before this connection's subscribe, until
    // the first snapshot or batch after it; then how it was caught up:
    // "batches" or "snapshot".
    this.awaitingResume = false;
    this.resumedWith = null;
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(`${scheme}${location.host}/ws`);
    this.ws = ws;
    this.onConnection("connecting");
    ws.onopen = () => {
      const hello = { type: "hello", version: PROTOCOL_VERSION };
      if (this.token) hello.token = this.token;
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
      this.onConnection("lost");
      const pause = Math.max(0, (this.pauseUntil || 0) - Date.now());
      const wait = Math.max(pause, Math.min(MOST_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** this.retries++));
      this.reconnectTimer = setTimeout(() => this.connect(), wait);
    };
  }

  receive(msg) {
    if (msg.match_id !== undefined && msg.match_id !== this.matchId) return;
    if (msg.type === "welcome") {
      this.retries = 0;
      this.onConnection("connected");
      this.awaitingResume = this.since() !== null;
    }
    this.onMessage(msg);
    if (msg.type === "welcome") this.subscribe();
  }

  /** Hangs up for good (the match goes on). */
  close() {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
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

  /** Sends `message`; false when not connected. */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Subscribes again from the last seq applied; false when not connected. */
  subscribe() {
    const message = { type: "subscribe", match_id: this.matchId, role: this.role };
    const since = this.since();
    if (since !== null) message.since = since;
    return this.send(message);
  }

  /** Sends one of the options' actions; its id, or null when not connected. */
  act(action) {
    return this.sendAnswered({ type: "act", match_id: this.matchId, action });
  }

  /** Resigns the match; the request's id, or null when not connected. */
  resign() {
    return this.sendAnswered({ type: "resign", match_id: this.matchId });
  }

  sendAnswered(fields) {
    const id = ++this.nextId;
    const message = { ...fields, id };
    if (!this.send(message)) return null;
    this.pending = { id, message };
    return id;
  }

  /**
   * An answer (`ack`, or an `error` with an id) came for `id`: true when it
   * is the one pending, which is then pending no more.
   */
  settle(id) {
    if (!this.pending || id === undefined || this.pending.id !== id) return false;
    this.pending = null;
    return true;
  }

  /**
   * The owner applied a snapshot; `resumed` when it held the match before.
   * An action sent before a drop and never answered is sent again.
   */
  snapshotApplied(resumed) {
    if (resumed) {
      this.awaitingResume = false;
      this.resumedWith = "snapshot";
    }
    this.resendPending();
  }

  /**
   * The owner applied the next batch. The first after a resume: an action
   * sent before the drop and never answered, sent again with its id, is
   * acknowledged if it was played (and played if not).
   */
  batchApplied() {
    const resumed = this.awaitingResume;
    this.awaitingResume = false;
    if (resumed) {
      this.resumedWith = "batches";
      this.resendPending();
    }
  }

  resendPending() {
    if (this.pending) this.send(this.pending.message);
  }
}
