// What every form that makes a match asks: the player's army list (one of
// theirs, or an example stored for them when the match is made) and the
// system's options.

import { api } from "./api.js";
import { h } from "./dom.js";

/** A choice among the server's systems, as the select of id `id`. */
export function systemSelectFor(systems, id) {
  return h(
    "select",
    { id },
    systems.map((s) => h("option", { value: s.id }, s.name)),
  );
}

/** The army lists one may bring to a match of `system`: stored, then examples. */
export function listChoices(system, stored) {
  const mine = stored.filter((s) => s.list.system === system.id);
  const choices = mine.map((s) => ({ value: `list:${s.id}`, label: `${s.list.name || "(no name)"} · ${s.list.army}` }));
  (system.examples || []).forEach((example, i) => {
    const taken = mine.some((s) => s.list.name === example.name && s.list.army === example.army);
    if (!taken) choices.push({ value: `example:${i}`, label: `${example.name || example.army} (example)` });
  });
  return choices;
}

export function listSelect(system, stored, attrs) {
  return h(
    "select",
    attrs,
    listChoices(system, stored).map((c) => h("option", { value: c.value }, c.label)),
  );
}

/** The stored list's id for a choice, storing an example first. */
export async function resolveList(system, value) {
  const [kind, n] = value.split(":");
  if (kind === "list") return Number(n);
  const example = system.examples[Number(n)];
  const stored = await api.createArmyList(example);
  return stored.id;
}

/** An input for one of the system's options; `prefix` keeps ids apart between forms. */
export function optionInput(option, prefix = "opt") {
  const id = `${prefix}-${option.key}`;
  const kind = option.kind;
  let input;
  if (kind.type === "bool") input = h("input", { type: "checkbox", id, checked: option.default === true });
  else if (kind.type === "int")
    input = h("input", { type: "number", id, min: kind.min, max: kind.max, value: option.default, inputmode: "numeric" });
  else
    input = h(
      "select",
      { id },
      kind.choices.map((c) => h("option", { value: c, selected: c === option.default }, c)),
    );
  input.dataset.key = option.key;
  input.dataset.type = kind.type;
  return h("label", { class: "option", title: option.help || "" }, `${option.label} `, input);
}

/** The options set in `container`'s inputs, as the match's config takes them. */
export function readOptions(container) {
  const options = {};
  for (const input of container.querySelectorAll("[data-key]")) {
    const type = input.dataset.type;
    options[input.dataset.key] =
      type === "bool" ? input.checked : type === "int" ? Number(input.value) : input.value;
  }
  return options;
}
