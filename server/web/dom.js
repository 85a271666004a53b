// Building the page. Text from the server or other players always goes in
// through textContent (`text` children below), never as markup.

/**
 * h("div", {class: "x", onclick: f}, "text", child, ...): an element.
 * Strings become text nodes; null and false are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** The same, for SVG elements. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces every child of `el`. */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/** A phrase ([text or {seat}]) as text, each seat named by `name(seat)`. */
export function phrase(parts, name) {
  if (typeof parts === "string") return parts;
  if (!Array.isArray(parts)) return "";
  return parts.map((p) => (typeof p === "string" ? p : name(p.seat))).join("");
}

/** The small mark beside a seat that one of Fray's house bots holds. */
export function botMark(level) {
  return h("span", { class: "bot-mark", title: `Fray's house bot, level ${level}` }, "bot");
}

/**
 * Where what became of something the player did is said: an error
 * (`role="alert"`) or a word that it worked (`role="status"`), in the
 * place it was done, kept until it is done again. `el` goes in the page.
 */
export class Notice {
  constructor(id) {
    this.el = h("p", { id, class: "notice", hidden: true });
  }

  error(text) {
    this.show(text, "alert", "error");
  }

  ok(text) {
    this.show(text, "status", "ok");
  }

  clear() {
    this.el.hidden = true;
    this.el.textContent = "";
    this.el.removeAttribute("role");
    this.el.className = "notice";
  }

  show(text, role, kind) {
    this.el.setAttribute("role", role);
    this.el.className = `notice ${kind}`;
    this.el.textContent = text;
    this.el.hidden = false;
  }
}
