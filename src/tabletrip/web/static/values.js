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
export function renderValue(value, depth = 0) {
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
      { class: "items", attrs: { start: 0 } },
      value.map((item) => h("li", {}, renderValue(item, depth + 1))),
    );
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return h("span", { class: "value empty" }, "none");
  if (depth >= 3) return h("span", { class: "value" }, compactText(value));
  return h(
    "dl",
    { class: entries.every(([, v]) => isScalar(v)) ? "pairs inline" : "pairs" },
    entries.map(([key, item]) => [h("dt", {}, swatch(key), humanize(key)), h("dd", {}, renderValue(item, depth + 1))]),
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
export function compactValue(value) {
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
