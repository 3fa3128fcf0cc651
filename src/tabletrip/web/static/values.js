// Observation JSON shown as readable lists and tables, generically (any game, any shape).

import { h, humanize } from "./dom.js";

// Colour words get a small swatch next to their name (the name is always written too).
const COLOURS = {
  red: "#d62828",
  orange: "#f77f00",
  yellow: "#f5c400",
  green: "#2a9d3f",
  blue: "#1f5fbf",
  purple: "#7b2cbf",
  pink: "#e05fa8",
  white: "#ffffff",
  black: "#1d1d1d",
  gray: "#8a8a8a",
  grey: "#8a8a8a",
  brown: "#8b5a2b",
  locomotive: "conic-gradient(#d62828 0 25%, #f5c400 0 50%, #2a9d3f 0 75%, #1f5fbf 0)",
};

const LIST_LIMIT = 40;

// --- names of ids, from the game's static info (GET /api/rooms/{id}/static) -----------------
//
// Observations often refer to the game's fixed content by id or index ("routes": [0, 2, 25]),
// which reads like counts. When the static info has a list under the same key whose records
// have ids (`routes: [{id, a, b, ...}]`), a list of such ids under that key is shown by the
// records' names; when a record key holds a number and the static info has a list under
// the plural key (`board: 3` and `boards: [...]`), the number is shown as that entry's name.
// A record's name is its `name`, else `a–b` (a link between two places), else its
// `number`. Nothing game-specific: only the keys' shapes are looked at.

let NAMES = null;

const isId = (value) => typeof value === "string" || typeof value === "number";

function recordName(record) {
  if (typeof record.name === "string") return record.name;
  if (typeof record.a === "string" && typeof record.b === "string") return `${record.a}–${record.b}`;
  if (isId(record.number)) return String(record.number);
  return null;
}

/** Learn the names of the ids of a game's static info (null: forget them). */
export function setStaticNames(staticInfo) {
  NAMES = null;
  if (!staticInfo || typeof staticInfo !== "object") return;
  const byId = new Map();
  const byIndex = new Map();
  for (const [key, list] of Object.entries(staticInfo)) {
    if (!Array.isArray(list) || list.length === 0) continue;
    if (!list.every((item) => item && typeof item === "object" && !Array.isArray(item))) continue;
    const names = list.map(recordName);
    if (names.some((name) => name === null)) continue;
    if (list.every((item) => isId(item.id))) {
      byId.set(key, new Map(list.map((item, i) => [String(item.id), names[i]])));
    } else {
      byIndex.set(key, names);
    }
  }
  NAMES = { byId, byIndex };
}

/** The names `value` under `key` stands for, or null when it is not such an id. */
export function namedIds(key, value) {
  if (!NAMES || !key) return null;
  if (Array.isArray(value)) {
    const ids = NAMES.byId.get(key);
    if (!ids || value.length === 0 || !value.every((item) => isScalar(item) && ids.has(String(item)))) return null;
    return value.map((item) => ids.get(String(item)));
  }
  if (Number.isInteger(value)) {
    const plural = `${key}s`;
    const ids = NAMES.byId.get(plural);
    if (ids && ids.has(String(value))) return [ids.get(String(value))];
    const names = NAMES.byIndex.get(plural);
    if (names && value >= 0 && value < names.length) return [names[value]];
  }
  return null;
}

const isScalar = (value) => value === null || typeof value !== "object";

/** A scalar as text: yes/no, — for nothing. */
export function scalarText(value) {
  if (value === null || value === undefined) return "—";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (typeof value === "number" && !Number.isInteger(value)) return String(Math.round(value * 100) / 100);
  return String(value);
}

/** A colour swatch for a colour word, or null. */
export function swatch(word) {
  const colour = COLOURS[String(word).toLowerCase()];
  if (!colour) return null;
  const el = h("span", { class: "swatch", attrs: { "aria-hidden": "true" } });
  el.style.background = colour;
  return el;
}

function scalarNode(value) {
  const text = scalarText(value);
  const mark = typeof value === "string" ? swatch(value) : null;
  return mark ? h("span", { class: "colour-word" }, mark, text) : text;
}

function uniformObjects(list) {
  if (list.length === 0 || !list.every((item) => item && typeof item === "object" && !Array.isArray(item)))
    return null;
  const keys = [];
  for (const item of list) for (const key of Object.keys(item)) if (!keys.includes(key)) keys.push(key);
  return keys.length <= 8 ? keys : null;
}

/** A value as readable HTML: chips for lists, a table for a list of records, a list of
 * key/value pairs for an object. */
export function renderValue(value, depth = 0, key = null) {
  const named = namedIds(key, value);
  if (named) return namedNode(value, named);
  if (isScalar(value)) return h("span", { class: "value" }, scalarNode(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "value empty" }, "none");
    if (value.every(isScalar)) {
      const shown = value.slice(0, LIST_LIMIT);
      return h(
        "ul",
        { class: "chips" },
        shown.map((item) => h("li", {}, scalarNode(item))),
        value.length > LIST_LIMIT ? h("li", { class: "more" }, `+${value.length - LIST_LIMIT} more`) : null,
      );
    }
    const keys = uniformObjects(value);
    if (keys && depth < 3) {
      return h(
        "div",
        { class: "table-scroll" },
        h(
          "table",
          { class: "records" },
          h("thead", {}, h("tr", {}, keys.map((key) => h("th", { attrs: { scope: "col" } }, humanize(key))))),
          h(
            "tbody",
            {},
            value.map((item) => h("tr", {}, keys.map((key) => h("td", {}, compactValue(item[key]))))),
          ),
        ),
      );
    }
    if (depth >= 3) return h("span", { class: "value" }, compactText(value));
    return h(
      "ol",
      { class: "items" },
      value.map((item) => h("li", {}, renderValue(item, depth + 1))),
    );
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return h("span", { class: "value empty" }, "none");
  if (depth >= 3) return h("span", { class: "value" }, compactText(value));
  return h(
    "dl",
    { class: entries.every(([, v]) => isScalar(v)) ? "pairs inline" : "pairs" },
    entries.map(([name, item]) => [h("dt", {}, swatch(name), humanize(name)), h("dd", {}, renderValue(item, depth + 1, name))]),
  );
}

/** Ids shown by their names (the ids in the tooltip): one line, or a list when long. */
function namedNode(value, names) {
  const ids = Array.isArray(value) ? value.join(", ") : String(value);
  const title = `${names.length === 1 ? "id" : "ids"} ${ids}`;
  if (names.length === 1) return h("span", { class: "value named", attrs: { title } }, names[0]);
  const text = names.join(", ");
  if (text.length <= 60) return h("span", { class: "value named", attrs: { title } }, text);
  return h(
    "details",
    { class: "cell-details" },
    h("summary", {}, `${names.length} items`),
    h("ul", { class: "named-list", attrs: { title } }, names.map((name) => h("li", {}, name))),
  );
}

/** A short one-line text of any value (for table cells). */
export function compactText(value, limit = 12) {
  if (isScalar(value)) return scalarText(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    const parts = value.slice(0, limit).map((item) => compactText(item, 4));
    const more = value.length > limit ? `, +${value.length - limit} more` : "";
    return parts.join(", ") + more;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return "none";
  return entries
    .slice(0, limit)
    .map(([key, item]) => `${humanize(key)} ${compactText(item, 4)}`)
    .join(", ");
}

/** A table cell's content: scalars and short values inline, long ones behind a disclosure. */
export function compactValue(value, key = null) {
  const named = namedIds(key, value);
  if (named) return namedNode(value, named);
  if (isScalar(value)) return scalarNode(value);
  const text = compactText(value);
  if (text.length <= 60) {
    if (Array.isArray(value) && value.every(isScalar) && value.some((v) => swatch(v))) {
      return renderValue(value, 2);
    }
    return text;
  }
  const count = Array.isArray(value) ? `${value.length} items` : `${Object.keys(value).length} entries`;
  return h("details", { class: "cell-details" }, h("summary", {}, count), renderValue(value, 1));
}

/**
 * Split an observation into parts: `seatsKey` (a list with one record per seat, if any),
 * the private keys, events (lists of text lines), and the rest (shared public state).
 */
export function splitObservation(observation, players, privateKeys) {
  // "seat" (your seat number) and "log" (the view's log says it better) are not repeated.
  const skip = new Set(["log", "seat", "current_player", "over"]);
  // The per-seat records: a list of one object per seat; the richest such list if several.
  let seatsKey = null;
  let richest = 0;
  for (const [key, value] of Object.entries(observation)) {
    if (privateKeys.includes(key) || skip.has(key)) continue;
    if (
      Array.isArray(value) &&
      value.length === players &&
      players > 0 &&
      value.every((item) => item && typeof item === "object" && !Array.isArray(item))
    ) {
      const size = Math.max(...value.map((item) => Object.keys(item).length));
      if (size > richest) {
        seatsKey = key;
        richest = size;
      }
    }
  }
  const shared = {};
  let events = null;
  for (const [key, value] of Object.entries(observation)) {
    if (key === seatsKey || privateKeys.includes(key) || skip.has(key)) continue;
    if (key === "events" && Array.isArray(value)) events = value;
    else shared[key] = value;
  }
  return { seatsKey, shared, events };
}
