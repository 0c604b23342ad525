// The details panel: the lines each game declares its table shows beside the common things
// (its class's `display`: a label and a template of view keys, as the terminal draws
// them), filled from the seat's view. A line whose fields are empty is left out; the
// declared score columns and meld are drawn on the table itself, so never a raw value here.
//
// Template fields: {key} the value (shown as its declared kind says: a seat's name, cards);
// {key:cards} cards; {key:seat} / {key:seats} names;
// {key:seated} one entry per seat; {key:entries} a list of {seat, ...}; {key:if} nothing,
// but the line needs the value; a lone {key:column} / {key:meld} / {key:guide} is a block.
import { cardEl, clear, el, isCard, words } from "./common.js";
import { short } from "./tableparts.js";

const FIELD = /\{([A-Za-z_][\w.]*)(?::(\w+))?\}/g;
const BLOCKS = new Set(["meld", "guide", "column"]);
const FORM_OF_KIND = { seat: "seat", seats: "seats", card: "cards", cards: "cards" };

function lookup(view, key) {
  let value = view;
  for (const part of key.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
    value = value[part];
  }
  return value === undefined ? null : value;
}

export function isEmpty(value) {
  if (Array.isArray(value)) return value.every(isEmpty);
  if (value !== null && typeof value === "object") return Object.keys(value).length === 0;
  return value === null || value === undefined || value === false || value === 0 || value === "";
}

function emptyFor(value, form) {
  if (form === "seat") return value === null || value === undefined;
  if (form === "seats") return value === null || value === undefined || !value.length;
  return isEmpty(value);
}

function itemEls(value) {
  if (Array.isArray(value)) return value.map((v) => itemEls(v)).flat();
  if (typeof value === "string" && isCard(value)) return [cardEl(value, { small: true })];
  return [document.createTextNode(String(value))];
}

function entryEls(state, entry) {
  const parts = [document.createTextNode(short(state, entry.seat))];
  for (const [key, value] of Object.entries(entry)) {
    if (key === "seat" || value === null || value === false) continue;
    if (value === true) parts.push(document.createTextNode(` (${words(key)})`));
    else if (typeof value === "number") parts.push(document.createTextNode(` ${words(key)} ${value}`));
    else parts.push(document.createTextNode(" "), ...itemEls(value));
  }
  return parts;
}

function joined(groups) {
  return groups.flatMap((group, i) => (i ? [document.createTextNode(", "), ...group] : group));
}

function fieldEls(state, value, form) {
  switch (form) {
    case "if": return [];
    case "seat": return [document.createTextNode(short(state, value))];
    case "seats": return [document.createTextNode(value.map((s) => short(state, s)).join(", "))];
    case "cards": return (typeof value === "string" ? [value] : value).map((c) => cardEl(c, { small: true }));
    case "seated": return joined(value.map((item, seat) => (isEmpty(item) ? null
      : [document.createTextNode(`${short(state, seat)} `), ...itemEls(item)])).filter(Boolean));
    case "entries": return joined(value.map((entry) => entryEls(state, entry)));
    default: return itemEls(value);
  }
}

// One declared line filled from the view, or null when one of its fields is empty.
export function declaredLine(state, label, template) {
  const parts = [];
  let position = 0;
  for (const match of template.matchAll(FIELD)) {
    const value = lookup(state.view, match[1]);
    const form = match[2] || FORM_OF_KIND[(state.kinds || {})[match[1]]];
    if (emptyFor(value, form)) return null;
    parts.push(document.createTextNode(template.slice(position, match.index)), ...fieldEls(state, value, form));
    position = match.index + match[0].length;
  }
  parts.push(document.createTextNode(template.slice(position)));
  return [label, parts];
}

// Advice per choice (Pinochle's beginner's guide: meld and a suggested bid per trump).
function guideTable(guide) {
  const figures = [...new Set(Object.values(guide).flatMap((row) => Object.keys(row)))];
  return el("table", { class: "scores guide" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Trump"), figures.map((f) => el("th", { scope: "col" }, words(f))))),
    el("tbody", {}, Object.entries(guide).map(([choice, row]) => el("tr", {},
      el("th", { scope: "row" }, choice), figures.map((f) => el("td", {}, String(row[f] ?? "")))))));
}

// The declared per-side columns of the score panel that have values now: [label, values]
// (Pinochle's meld and trick points: the seed's "box in the corner"; Sixty-Six's points).
export function declaredColumns(state, declared) {
  const columns = [];
  for (const [label, template] of declared || []) {
    const block = /^\{([A-Za-z_][\w.]*):column\}$/.exec(template.trim());
    if (!block) continue;
    const value = lookup(state.view, block[1]);
    if (Array.isArray(value) && value.length === (state.view.scores || []).length && !isEmpty(value)) {
      columns.push([label, value]);
    }
  }
  return columns;
}

// The lines of the panel for the view now: [label, nodes].
export function detailLines(state, declared, beginner) {
  const lines = [];
  for (const [label, template] of declared || []) {
    const block = /^\{([A-Za-z_][\w.]*):(\w+)\}$/.exec(template.trim());
    if (block && BLOCKS.has(block[2])) {
      const value = lookup(state.view, block[1]);
      if (block[2] === "guide" && beginner && !isEmpty(value)) lines.push([label, [guideTable(value)]]);
      continue; // score columns and meld are drawn on the table
    }
    const line = declaredLine(state, label, template);
    if (line) lines.push(line);
  }
  return lines;
}

export function renderDetails(state, declared, beginner) {
  const box = document.getElementById("extras");
  const open = box.querySelector("details")?.open ?? window.innerWidth > 760; // closed on a phone
  const lines = detailLines(state, declared, beginner);
  clear(box, el("details", { open },
    el("summary", {}, "Details of this hand"),
    lines.length ? el("dl", {}, lines.flatMap(([label, nodes]) => [el("dt", {}, label), el("dd", {}, nodes)]))
      : el("p", { class: "muted" }, "nothing more to show now")));
}
