// The lobby: log in, the systems, your matches and the open ones, a match
// made or joined with an army list.

import { api, login, saveLogin, ApiError, errorText } from "./api.js";
import { h, replace, Notice, botMark } from "./dom.js";
import { outcomeText } from "./outcome.js";
import { systemSelectFor, listSelect, resolveList, optionInput, readOptions } from "./match_form.js";
import { computerForm } from "./computer.js";

/** Logs in with a token: the server says whose it is. */
async function loginWithToken(token) {
  const player = await api.me(token);
  return { id: player.id, name: player.name, token };
}

function renderLogin(main, ctx) {
  const name = h("input", { id: "register-name", name: "name", maxlength: 32, required: true, autocomplete: "username" });
  const token = h("input", { id: "token", name: "token", required: true, autocomplete: "off", spellcheck: "false" });
  const registerNote = new Notice("register-error");
  const tokenNote = new Notice("token-error");
  const register = h(
    "form",
    {
      id: "register-form",
      class: "card",
      onsubmit: async (event) => {
        event.preventDefault();
        try {
          const created = await api.register(name.value.trim());
          registerNote.clear();
          saveLogin({ id: created.id, name: created.name, token: created.token });
          ctx.onLogin();
        } catch (error) {
          registerNote.error(errorText(error));
        }
      },
    },
    h("h2", {}, "New player"),
    h("label", {}, "Name ", name),
    h("button", { id: "register", type: "submit" }, "Register"),
    registerNote.el,
    h("p", { class: "hint" }, "Your token is kept in this browser. Copy it from the lobby to play from another one."),
  );
  const existing = h(
    "form",
    {
      id: "token-form",
      class: "card",
      onsubmit: async (event) => {
        event.preventDefault();
        try {
          const player = await loginWithToken(token.value.trim());
          tokenNote.clear();
          saveLogin(player);
          ctx.onLogin();
        } catch (error) {
          tokenNote.error(errorText(error));
        }
      },
    },
    h("h2", {}, "Log in"),
    h("label", {}, "Token ", token),
    h("button", { id: "token-login", type: "submit" }, "Log in"),
    tokenNote.el,
    h("p", { class: "hint" }, "The token registering gave you (fray keeps it in its config.json)."),
  );
  // A token kept in this browser that the server refused: said until the
  // player logs in again.
  const refused = ctx.refused
    ? h(
        "p",
        { id: "login-message", class: "notice error card", role: "alert" },
        `The server does not know the token this browser kept for ${ctx.refused.name} (it was revoked, or the server's players were reset): log in again with a token it knows, or register.`,
      )
    : null;
  replace(main, refused, h("section", { class: "login" }, register, existing), systemsSection(ctx.systems));
}

function systemsSection(systems) {
  return h(
    "section",
    { id: "systems", class: "card" },
    h("h2", {}, "Game systems"),
    systems.map((system) =>
      h(
        "details",
        { class: "system" },
        h("summary", {}, h("strong", {}, system.name), system.seats.min === system.seats.max ? ` · ${system.seats.min} players` : ` · ${system.seats.min}–${system.seats.max} players`),
        h("p", {}, system.summary),
        h("ul", {}, (system.army_rules || []).map((rule) => h("li", {}, rule))),
        (system.armies || []).map((army) =>
          h(
            "details",
            { class: "army" },
            h("summary", {}, army.name),
            army.description ? h("p", {}, army.description) : null,
            unitTable(army),
            (army.special_rules || []).length ? h("ul", { class: "rules" }, army.special_rules.map((r) => h("li", {}, r))) : null,
          ),
        ),
      ),
    ),
  );
}

function unitTable(army) {
  const units = army.units || [];
  if (!units.length) return null;
  const keys = [];
  for (const unit of units) for (const stat of unit.stats || []) if (!keys.includes(stat.key)) keys.push(stat.key);
  return h(
    "div",
    { class: "scroll" },
    h(
      "table",
      { class: "units" },
      h("thead", {}, h("tr", {}, h("th", {}, "Unit"), keys.map((k) => h("th", {}, k)), h("th", {}, "Cost"))),
      h(
        "tbody",
        {},
        units.map((unit) =>
          h(
            "tr",
            {},
            h("td", {}, unit.name),
            keys.map((k) => h("td", {}, (unit.stats.find((s) => s.key === k) || {}).value ?? "")),
            h("td", {}, unit.cost ?? ""),
          ),
        ),
      ),
    ),
  );
}

/** Who sits in each seat, a house bot marked as one. */
function seatsText(match) {
  return match.seats.map((seat, i) => [
    i > 0 ? " vs " : "",
    seat.player ? seat.player.name : "(open)",
    seat.bot ? [" ", botMark(seat.bot)] : "",
    seat.army ? ` (${seat.army})` : "",
  ]);
}

/** A finished match's outcome, short: who won, or that it was drawn. */
function outcomeShort(match) {
  if (!match.outcome) return "";
  const name = (seat) => match.seats[seat]?.player?.name ?? `seat ${seat + 1}`;
  return outcomeText(match.outcome, name, { why: false });
}

/**
 * A finished match's rematch, for one of its players: asked for, a seat
 * kept in it to take, or the rematch itself when they sit in it (`mine`
 * lists the matches they sit in).
 */
function rematchAction(match, mine, note) {
  const next = match.rematch;
  if (next && mine.some((m) => m.id === next))
    return h("a", { class: "button primary", href: `#/play/${next}`, "data-rematch": match.id }, "Go to the rematch");
  return h(
    "button",
    {
      type: "button",
      "data-rematch": match.id,
      onclick: async () => {
        try {
          const made = await api.rematch(match.id);
          note.clear();
          location.hash = `#/play/${made.id}`;
        } catch (error) {
          note.error(`Match ${match.id}'s rematch: ${errorText(error)}`);
        }
      },
    },
    next ? "Take your seat in the rematch" : "Ask for a rematch",
  );
}

function matchRow(match, me, ctx, stored, reload, { mine, note }) {
  const system = ctx.systems.find((s) => s.id === match.system);
  const seated = match.seats.some((seat) => seat.player && seat.player.id === me.id);
  const actions = [];
  if (match.status === "running" && seated)
    actions.push(h("a", { class: "button primary", href: `#/play/${match.id}`, "data-play": match.id }, "Play"));
  if (match.status !== "open")
    actions.push(h("a", { class: "button", href: `#/watch/${match.id}` }, match.status === "finished" ? "View" : "Watch"));
  if (match.status === "finished")
    actions.push(h("a", { class: "button", href: `#/replay/${match.id}`, "data-replay": match.id }, "Replay"));
  if (match.status === "finished" && seated) actions.push(rematchAction(match, mine, note));
  if (match.status === "open" && !seated && system) {
    const select = listSelect(system, stored, { "aria-label": "army list", "data-join-list": match.id });
    actions.push(
      select,
      h(
        "button",
        {
          type: "button",
          "data-join": match.id,
          onclick: async () => {
            try {
              const list = await resolveList(system, select.value);
              await api.join(match.id, list);
              note.clear();
              location.hash = `#/play/${match.id}`;
            } catch (error) {
              note.error(`Match ${match.id}: ${errorText(error)}`);
              reload();
            }
          },
        },
        "Join",
      ),
    );
  }
  if (match.status === "open" && seated)
    actions.push(
      h("a", { class: "button", href: `#/play/${match.id}`, "data-wait": match.id }, "Wait at the table"),
      h("span", { class: "hint" }, "waiting for players"),
    );
  return h(
    "li",
    { class: `match ${match.status}`, "data-match": match.id },
    h("span", { class: "id" }, `#${match.id}`),
    h("span", { class: "sys" }, system ? system.name : match.system),
    h("span", { class: "seats" }, seatsText(match)),
    h("span", { class: "status" }, match.status === "finished" ? outcomeShort(match) : match.status),
    h("span", { class: "actions" }, actions),
  );
}

/** Draws the lobby in `main`; returns a function that refreshes its lists. */
export async function renderLobby(main, ctx) {
  const me = login();
  if (!me) {
    renderLogin(main, ctx);
    return null;
  }
  const createNote = new Notice("create-note");
  const mineNote = new Notice("my-matches-note");
  const openNote = new Notice("open-matches-note");
  let stored = [];
  try {
    stored = await api.armyLists();
  } catch (error) {
    // A token the server refused: api.js has told the page, which shows
    // the login page.
    if (error instanceof ApiError && error.status === 401) return null;
    createNote.error(`Your army lists: ${errorText(error)}`);
  }

  const mine = h("ul", { id: "my-matches", class: "matches" });
  const open = h("ul", { id: "open-matches", class: "matches" });
  // The lists failing to load is said where they are, until they load.
  const listsNote = new Notice("matches-note");
  const reload = async (timed) => {
    // A refresh by the timer waits while a list's select is in use.
    if (timed === true && (open.contains(document.activeElement) || mine.contains(document.activeElement))) return;
    try {
      const [my, others] = await Promise.all([
        api.matches({ player: me.id, limit: 30 }),
        api.matches({ status: "open", limit: 30 }),
      ]);
      listsNote.clear();
      const rows = (list, note) => list.map((m) => matchRow(m, me, ctx, stored, reload, { mine: my, note }));
      replace(mine, my.length ? rows(my, mineNote) : h("li", { class: "hint" }, "None yet."));
      const joinable = others.filter((m) => !m.seats.some((s) => s.player && s.player.id === me.id));
      replace(open, joinable.length ? rows(joinable, openNote) : h("li", { class: "hint" }, "No open match: create one."));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      listsNote.error(`The matches could not be loaded: ${errorText(error)}`);
    }
  };

  // Create a match.
  const systemSelect = systemSelectFor(ctx.systems, "new-system");
  const listHolder = h("span");
  const optionsHolder = h("div", { class: "options" });
  const fillSystem = () => {
    const system = ctx.systems.find((s) => s.id === systemSelect.value);
    replace(listHolder, h("label", {}, "Army list ", listSelect(system, stored, { id: "new-list" })));
    replace(optionsHolder, (system.options || []).map((option) => optionInput(option)));
  };
  systemSelect.addEventListener("change", fillSystem);
  const create = h(
    "form",
    {
      id: "create-form",
      class: "card",
      onsubmit: async (event) => {
        event.preventDefault();
        const system = ctx.systems.find((s) => s.id === systemSelect.value);
        try {
          const list = await resolveList(system, document.getElementById("new-list").value);
          const match = await api.createMatch({
            config: { system: system.id, options: readOptions(optionsHolder) },
            army_list: list,
          });
          createNote.ok(`Created match ${match.id}: waiting for an opponent to join.`);
          stored = await api.armyLists();
          fillSystem();
          reload();
        } catch (error) {
          createNote.error(errorText(error));
        }
      },
    },
    h("h2", {}, "New match"),
    h("label", {}, "System ", systemSelect),
    " ",
    listHolder,
    h("a", { id: "lists-link", href: "#/lists" }, "Build a list"),
    h("details", { class: "match-options" }, h("summary", {}, "Options"), optionsHolder),
    h("button", { id: "create", type: "submit", class: "primary" }, "Create match"),
    createNote.el,
  );
  fillSystem();

  const token = h(
    "details",
    { class: "card token" },
    h("summary", {}, "Your token"),
    h("p", { class: "hint" }, "Log in with it from another browser. Anyone who has it plays as you."),
    h("code", {}, me.token),
  );

  replace(
    main,
    h(
      "div",
      { class: "lobby" },
      computerForm(ctx, stored),
      create,
      h("section", { id: "my-matches-section", class: "card" }, h("h2", {}, "Your matches"), listsNote.el, mineNote.el, mine),
      h(
        "section",
        { id: "open-matches-section", class: "card" },
        h("h2", {}, "Open matches ", h("button", { type: "button", class: "link", id: "refresh", onclick: reload }, "refresh")),
        openNote.el,
        open,
      ),
      systemsSection(ctx.systems),
      token,
    ),
  );
  await reload();
  return () => reload(true);
}
