// The army builder: your stored lists ("#/lists"), and a list built or
// edited ("#/lists/new", "#/lists/7"). The server's rules judge the list
// after every change (POST /api/army-lists/check); this page only counts
// clicks and shows what the server answers.

import { api, login, errorText } from "./api.js";
import { h, replace, Notice } from "./dom.js";

/** How long the page waits after a change before asking for a check. */
const CHECK_DELAY_MS = 250;

function emptyList(system) {
  return { system: system.id, army: "", name: "", units: [] };
}

/** A deep copy, so that the examples and stored lists stay as they were. */
function copy(list) {
  return {
    system: list.system,
    army: list.army,
    name: list.name || "",
    units: list.units.map((e) => ({ unit: e.unit, count: e.count, traits: [...(e.traits || [])] })),
  };
}

function buyable(army, buy) {
  return army ? army.units.filter((u) => (u.buy || "unit") === buy) : [];
}

function statsText(unit) {
  return (unit.stats || []).map((s) => `${s.key} ${s.value}`).join(" · ");
}

function boundsText(unit) {
  if (unit.min && unit.max !== undefined && unit.min === unit.max) return `exactly ${unit.min}`;
  const parts = [];
  if (unit.min) parts.push(`at least ${unit.min}`);
  if (unit.max !== undefined && unit.max !== null) parts.push(`at most ${unit.max}`);
  return parts.join(", ");
}

/** The most points a stored list of `system` may cost, where an option sets them. */
function storedBudget(system) {
  const key = system.limits && system.limits.points_option;
  const option = key && (system.options || []).find((o) => o.key === key);
  return option && option.kind.type === "int" ? option.kind.max : null;
}

/** Draws the page in `main`: the stored lists, then the builder. */
export async function renderBuilder(main, ctx) {
  if (!login()) {
    replace(main, h("p", { class: "card" }, "Log in or register in the ", h("a", { href: "#/" }, "lobby"), " to build army lists."));
    return;
  }
  // What became of the stored lists: loaded, deleted.
  const storedNote = new Notice("stored-note");
  let stored = [];
  try {
    stored = await api.armyLists();
  } catch (error) {
    storedNote.error(`Your army lists could not be loaded: ${errorText(error)}`);
  }
  const editing = ctx.listId ? stored.find((s) => s.id === ctx.listId) : null;
  if (ctx.listId && !editing && !storedNote.el.textContent) storedNote.error(`You have no army list ${ctx.listId}.`);

  const storedList = h("ul", { id: "stored-lists", class: "stored-lists" });
  const fillStored = () =>
    replace(
      storedList,
      stored.length
        ? stored.map((s) => storedRow(s, ctx, storedNote, async () => {
            stored = await api.armyLists();
            fillStored();
          }))
        : h("li", { class: "hint" }, "None yet: build one below."),
    );
  fillStored();

  const builder = new Builder(ctx, editing);
  replace(
    main,
    h(
      "div",
      { class: "builder-page" },
      h(
        "section",
        { class: "card" },
        h("h2", {}, "Your army lists"),
        storedNote.el,
        storedList,
        h("p", {}, h("a", { class: "button", href: "#/lists/new", id: "new-list-link" }, "New list"), " ", h("a", { href: "#/" }, "back to the lobby")),
      ),
      builder.el,
    ),
  );
  window.frayDebug = { builder };
  builder.changed();
}

function storedRow(stored, ctx, note, reload) {
  const system = ctx.systems.find((s) => s.id === stored.list.system);
  const army = system && system.armies.find((a) => a.key === stored.list.army);
  return h(
    "li",
    { "data-list": stored.id },
    h("span", { class: "name" }, stored.list.name || "(no name)"),
    h("span", { class: "hint" }, ` · ${system ? system.name : stored.list.system} · ${army ? army.name : stored.list.army}`),
    h(
      "span",
      { class: "actions" },
      h("a", { class: "button", href: `#/lists/${stored.id}`, "data-edit": stored.id }, "Edit"),
      h(
        "button",
        {
          type: "button",
          class: "danger",
          "data-delete": stored.id,
          onclick: async () => {
            if (!confirm(`Delete the army list "${stored.list.name || "(no name)"}"? Matches that played it keep their copy.`)) return;
            try {
              await api.deleteArmyList(stored.id);
              note.clear();
              if (location.hash === `#/lists/${stored.id}`) location.hash = "#/lists";
              else await reload();
            } catch (error) {
              note.error(`"${stored.list.name || "(no name)"}" was not deleted: ${errorText(error)}`);
            }
          },
        },
        "Delete",
      ),
    ),
  );
}

// The list just saved, {id, text}: its page says so.
let saved = null;

/** One list being built: its controls, and the server's verdict on it. */
class Builder {
  constructor(ctx, editing) {
    this.ctx = ctx;
    this.id = editing ? editing.id : null;
    const system = (editing && ctx.systems.find((s) => s.id === editing.list.system)) || ctx.systems[0];
    this.list = editing ? copy(editing.list) : emptyList(system);
    // Each change has a number; an answer for an older one is dropped.
    this.revision = 0;
    this.timer = null;
    this.verdict = h("div", { id: "build-verdict", class: "verdict", "aria-live": "polite" });
    // What became of saving, by the Save button; a save's word of success
    // is said on the page it leads to.
    this.saveNote = new Notice("save-note");
    if (saved && saved.id === this.id) this.saveNote.ok(saved.text);
    saved = null;
    this.body = h("div", { class: "build-body" });
    this.el = h(
      "section",
      { id: "builder", class: "card" },
      h("h2", {}, editing ? "Edit the list" : "Build a list"),
      this.body,
    );
    this.draw();
  }

  get system() {
    return this.ctx.systems.find((s) => s.id === this.list.system);
  }

  get army() {
    return this.system.armies.find((a) => a.key === this.list.army) || null;
  }

  /** Redraws the controls and asks for a check. */
  update(change) {
    change(this.list);
    this.list.units = this.list.units.filter((e) => e.count > 0);
    this.draw();
    this.changed();
  }

  changed() {
    this.revision += 1;
    const revision = this.revision;
    this.verdict.dataset.state = "checking";
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(revision), CHECK_DELAY_MS);
  }

  async check(revision) {
    let answer = null;
    let refusal = null;
    try {
      answer = await api.checkArmyList(this.list);
    } catch (error) {
      refusal = error;
    }
    if (revision !== this.revision) return;
    this.showVerdict(revision, answer, refusal);
  }

  showVerdict(revision, answer, refusal) {
    const v = this.verdict;
    v.dataset.revision = revision;
    if (refusal) {
      v.dataset.state = "refused";
      replace(v, h("p", { class: "state" }, "✗ Not accepted"), h("ul", { class: "reasons" }, h("li", {}, errorText(refusal))));
      return;
    }
    v.dataset.state = answer.valid ? "valid" : "invalid";
    const system = this.system;
    const limits = answer.limits || {};
    const tally = [];
    if (answer.points !== undefined && answer.points !== null) {
      const most = storedBudget(system);
      const budget = limits.points !== undefined ? ` of ${limits.points}` : "";
      const option = most !== null ? ` (a match's ${limits.points_option} option sets it, up to ${most})` : "";
      tally.push(h("span", { id: "build-points" }, `Points: ${answer.points}${budget}${option}`));
    }
    if (limits.min_pieces || limits.max_pieces || answer.pieces) {
      const range = limits.max_pieces ? ` (${limits.min_pieces || 0}–${limits.max_pieces})` : limits.min_pieces ? ` (at least ${limits.min_pieces})` : "";
      tally.push(h("span", { id: "build-pieces" }, `Pieces: ${answer.pieces}${range}`));
    }
    replace(
      v,
      h("p", { class: "state" }, answer.valid ? "✓ Valid" : "✗ Invalid"),
      tally.length ? h("p", { class: "tally" }, tally) : null,
      answer.reasons.length ? h("ul", { class: "reasons" }, answer.reasons.map((r) => h("li", {}, r))) : null,
    );
  }

  draw() {
    const system = this.system;
    const army = this.army;
    replace(
      this.body,
      this.header(system),
      (system.examples || []).length && !this.id
        ? h(
            "p",
            { class: "examples" },
            "Start from an example: ",
            system.examples.map((example, i) =>
              h(
                "button",
                { type: "button", "data-example": i, onclick: () => this.update((list) => Object.assign(list, copy(example))) },
                example.name || example.army,
              ),
            ),
          )
        : null,
      h("ul", { class: "army-rules" }, (system.army_rules || []).map((rule) => h("li", {}, rule))),
      this.verdict,
      army ? this.armyPart(system, army) : h("p", { class: "hint" }, "Choose an army to see its units."),
      h(
        "p",
        { class: "save" },
        h("button", { id: "build-save", type: "button", class: "primary", onclick: () => this.save() }, this.id ? "Save changes" : "Save"),
      ),
      this.saveNote.el,
    );
  }

  header(system) {
    const systemSelect = h(
      "select",
      {
        id: "build-system",
        disabled: this.id !== null,
        onchange: () => this.update((list) => Object.assign(list, emptyList(this.ctx.systems.find((s) => s.id === systemSelect.value)), { name: list.name })),
      },
      this.ctx.systems.map((s) => h("option", { value: s.id, selected: s.id === system.id }, s.name)),
    );
    const armySelect = h(
      "select",
      {
        id: "build-army",
        onchange: () =>
          this.update((list) => {
            list.army = armySelect.value;
            // The units of one army are not another's.
            list.units = [];
          }),
      },
      h("option", { value: "", selected: this.list.army === "" }, "(choose an army)"),
      system.armies.map((a) => h("option", { value: a.key, selected: a.key === this.list.army }, a.name)),
    );
    const name = h("input", {
      id: "build-name",
      maxlength: 64,
      value: this.list.name,
      autocomplete: "off",
      oninput: () => {
        this.list.name = name.value;
        this.changed();
      },
    });
    return h(
      "div",
      { class: "build-head" },
      h("label", {}, "System ", systemSelect),
      h("label", {}, "Army ", armySelect),
      h("label", {}, "Name ", name),
    );
  }

  armyPart(system, army) {
    const units = buyable(army, "unit");
    const traits = buyable(army, "trait");
    const fixed = buyable(army, "none");
    return h(
      "div",
      { class: "army-part" },
      army.description ? h("p", {}, army.description) : null,
      units.length ? h("h3", {}, "Units") : null,
      units.length ? h("ul", { class: "unit-cards" }, units.map((unit) => this.unitCard(unit))) : null,
      traits.length ? this.entries(army, traits) : null,
      fixed.length
        ? h("details", { class: "fixed-units" }, h("summary", {}, "Pieces (the rules bring them into play)"), h("ul", {}, fixed.map((u) => h("li", {}, h("strong", {}, u.name), statsText(u) ? ` · ${statsText(u)}` : ""))))
        : null,
      (army.special_rules || []).length
        ? h("details", { class: "special-rules" }, h("summary", {}, "Special rules"), h("ul", {}, army.special_rules.map((r) => h("li", {}, r))))
        : null,
    );
  }

  unitCard(unit) {
    const count = this.list.units.filter((e) => e.unit === unit.key).reduce((n, e) => n + e.count, 0);
    const bounds = boundsText(unit);
    return h(
      "li",
      { class: "unit-card", "data-unit": unit.key },
      h("div", { class: "unit-name" }, h("strong", {}, unit.name), ` · ${unit.cost} pts`, bounds ? h("span", { class: "hint" }, ` · ${bounds}`) : null),
      statsText(unit) ? h("div", { class: "unit-stats" }, statsText(unit)) : null,
      (unit.special || []).length ? h("div", { class: "hint" }, `Special: ${unit.special.join(", ")}`) : null,
      h(
        "div",
        { class: "stepper" },
        h("button", { type: "button", "data-remove": unit.key, "aria-label": `one ${unit.name} fewer`, disabled: count === 0, onclick: () => this.update((list) => removeOne(list, unit.key)) }, "−"),
        h("span", { class: "count", "data-count": unit.key }, String(count)),
        h("button", { type: "button", "data-add": unit.key, "aria-label": `one ${unit.name} more`, onclick: () => this.update((list) => addOne(list, unit.key)) }, "+"),
      ),
    );
  }

  /** The groups of miniatures, each with the traits each of them has. */
  entries(army, traits) {
    const name = (key) => (army.units.find((u) => u.key === key) || { name: key }).name;
    return h(
      "div",
      { class: "entries" },
      h("h3", {}, "Miniatures and their traits"),
      this.list.units.length ? null : h("p", { class: "hint" }, "Add a unit above, then choose its traits here."),
      h(
        "ol",
        { class: "entry-list" },
        this.list.units.map((entry, i) =>
          h(
            "li",
            { class: "entry", "data-entry": i },
            h(
              "div",
              { class: "stepper" },
              h("strong", {}, name(entry.unit)),
              h("button", { type: "button", "data-entry-remove": i, "aria-label": "one fewer", onclick: () => this.update((list) => (list.units[i].count -= 1)) }, "−"),
              h("span", { class: "count" }, `× ${entry.count}`),
              h("button", { type: "button", "data-entry-add": i, "aria-label": "one more", onclick: () => this.update((list) => (list.units[i].count += 1)) }, "+"),
            ),
            h(
              "div",
              { class: "traits" },
              traits.map((t) => {
                const on = entry.traits.includes(t.key);
                const effect = (t.stats || []).find((s) => s.key === "effect");
                return h(
                  "button",
                  {
                    type: "button",
                    class: on ? "trait on" : "trait",
                    "aria-pressed": on ? "true" : "false",
                    "data-trait": t.key,
                    title: effect ? effect.value : "",
                    onclick: () =>
                      this.update((list) => {
                        const kept = list.units[i].traits.filter((k) => k !== t.key);
                        list.units[i].traits = on ? kept : [...kept, t.key];
                      }),
                  },
                  on ? "✓ " : "",
                  `${t.name} (${t.cost})`,
                );
              }),
            ),
          ),
        ),
      ),
    );
  }

  async save() {
    try {
      const list = this.id ? await api.replaceArmyList(this.id, this.list) : await api.createArmyList(this.list);
      saved = { id: list.id, text: `Saved "${list.list.name || "(no name)"}": the lobby offers it for a match of its system.` };
      if (location.hash === `#/lists/${list.id}`) window.dispatchEvent(new HashChangeEvent("hashchange"));
      else location.hash = `#/lists/${list.id}`;
    } catch (error) {
      this.saveNote.error(`Not saved: ${errorText(error)}`);
    }
  }
}

/** One more of `unit`, in the group of it that has no traits bought. */
function addOne(list, unit) {
  const plain = list.units.find((e) => e.unit === unit && !e.traits.length);
  if (plain) plain.count += 1;
  else list.units.push({ unit, count: 1, traits: [] });
}

/** One fewer of `unit`, from its last group. */
function removeOne(list, unit) {
  const groups = list.units.filter((e) => e.unit === unit);
  if (groups.length) groups[groups.length - 1].count -= 1;
}
