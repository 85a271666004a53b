// The REST lobby (docs/protocol.md, "The lobby: REST") and the login kept in
// localStorage.

const KEY = "fray.login";

/** The saved login: {id, name, token}, or null. */
export function login() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY));
    return saved && saved.token ? saved : null;
  } catch {
    return null;
  }
}

export function saveLogin(value) {
  if (value) localStorage.setItem(KEY, JSON.stringify(value));
  else localStorage.removeItem(KEY);
}

/** An error the server answered, with its code and reasons. */
export class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || `the server answered ${status}`);
    this.status = status;
    this.code = error.code || "unknown";
    this.reasons = error.reasons || [];
  }
}

/** An error as a person reads it: the server's message, then its reasons. */
export function errorText(error) {
  if (error instanceof ApiError && error.reasons.length) {
    return `${error.message}\n${error.reasons.join("\n")}`;
  }
  return error.message || String(error);
}

/**
 * Forgets `saved`, a login whose token the server refused (revoked, or a
 * server whose players were reset), if it is still the one kept, and tells
 * the page: app.js shows the login page, saying why.
 */
export function tokenRefused(saved) {
  const kept = login();
  if (!saved || !kept || kept.token !== saved.token) return;
  saveLogin(null);
  window.dispatchEvent(new CustomEvent("fray:token-refused", { detail: saved }));
}

async function request(method, path, body, token) {
  const headers = { Accept: "application/json" };
  const saved = token === undefined ? login() : null;
  const bearer = token ?? saved?.token;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return null;
  let json = null;
  try {
    json = await response.json();
  } catch {
    json = null;
  }
  if (!response.ok) {
    const error = new ApiError(response.status, json);
    if (error.code === "bad_token") tokenRefused(saved);
    throw error;
  }
  return json;
}

/**
 * A match's history or replay, every page of it: the server answers a long
 * log a page at a time, each page saying where the next begins (`next`).
 * `query` is the query of the first page; the answer is the first page with
 * the events (and chat) of every later one added.
 */
async function allPages(path, query) {
  const whole = await request("GET", `${path}?${new URLSearchParams(query)}`);
  while (whole.next !== undefined && whole.next !== null) {
    const after = whole.next;
    const page = await request("GET", `${path}?${new URLSearchParams({ ...query, after })}`);
    whole.events.push(...page.events);
    if (page.chat) whole.chat = [...(whole.chat || []), ...page.chat];
    whole.next = page.next;
  }
  delete whole.next;
  return whole;
}

export const api = {
  systems: () => request("GET", "/api/systems"),
  register: (name) => request("POST", "/api/players", { name }),
  /** Whose `token` is: {id, name}. */
  me: (token) => request("GET", "/api/players/me", undefined, token),
  armyLists: (system) =>
    request("GET", `/api/army-lists${system ? `?system=${encodeURIComponent(system)}` : ""}`),
  createArmyList: (list) => request("POST", "/api/army-lists", list),
  checkArmyList: (list) => request("POST", "/api/army-lists/check", list),
  replaceArmyList: (id, list) => request("PUT", `/api/army-lists/${id}`, list),
  deleteArmyList: (id) => request("DELETE", `/api/army-lists/${id}`),
  matches: (query) => request("GET", `/api/matches?${new URLSearchParams(query)}`),
  match: (id) => request("GET", `/api/matches/${id}`),
  createMatch: (body) => request("POST", "/api/matches", body),
  join: (id, armyList) => request("POST", `/api/matches/${id}/join`, { army_list: armyList }),
  rematch: (id) => request("POST", `/api/matches/${id}/rematch`),
  replay: (id) => allPages(`/api/matches/${id}/replay`, {}),
  history: (id, role, upto) => allPages(`/api/matches/${id}/history`, { role, upto }),
};
