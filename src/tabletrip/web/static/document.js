// A presentation document (tabletrip.core.presentation) as DOM: the game's own words, drawn.
// The game says what each section holds and where it goes (role "mine": yours only; "seat":
// one seat's public area; "table": what is shared); this file only draws its blocks, and the
// score rows of the end as one table.

import { fill, h, ownLabel, seatName } from "./dom.js";

/** One section: its heading (with `extra` nodes after the title) and its blocks. */
export function renderSection(section, { level = 3, extra = null, testid = null, className = "" } = {}) {
  return h(
    "section",
    {
      class: `doc-section role-${section.role}${className ? ` ${className}` : ""}`,
      testid,
      dataset: { role: section.role, seat: section.seat === null ? "" : String(section.seat) },
    },
    h(`h${level}`, { class: "doc-title" }, section.title, extra),
    section.blocks.map(renderBlock),
  );
}

/** One block, by its type (an unknown type is left out: a newer server, an older page). */
export function renderBlock(block) {
  switch (block.type) {
    case "cards":
      return renderCards(block);
    case "table":
      return renderTable(block);
    case "items":
      return renderItems(block);
    case "values":
      return renderValues(block);
    case "progress":
      return renderProgress(block);
    case "sentence":
      return h("p", { class: "doc-sentence" }, block.text);
    default:
      return null;
  }
}

function empty(text) {
  return h("p", { class: "muted doc-empty" }, text);
}

function renderCards(block) {
  if (block.cards.length === 0) return empty(block.empty);
  return h(
    "ul",
    { class: "doc-cards" },
    block.cards.map((card) => {
      const swatch = h("span", { class: `card-swatch${card.colour ? "" : " no-colour"}`, attrs: { "aria-hidden": "true" } });
      if (card.colour) swatch.style.background = card.colour;
      return h(
        "li",
        { class: "doc-card", testid: "doc-card" },
        swatch,
        h(
          "span",
          { class: "card-text" },
          h("span", { class: "card-name" }, card.name),
          card.detail ? h("span", { class: "card-detail muted" }, card.detail) : null,
        ),
        // The count is read with the name: "Red ×3" (a single card says no count).
        card.count !== 1 ? h("span", { class: "card-count", attrs: { "aria-label": `${card.count} cards` } }, `×${card.count}`) : null,
      );
    }),
  );
}

function renderTable(block) {
  if (block.rows.length === 0) return empty(block.empty);
  const numeric = block.columns.map((_, i) => block.rows.every((row) => typeof row[i] === "number"));
  return h(
    "div",
    { class: "table-scroll" },
    h(
      "table",
      { class: "doc-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          block.columns.map((column, i) => h("th", { attrs: { scope: "col" }, class: numeric[i] ? "num" : "" }, column)),
        ),
      ),
      h(
        "tbody",
        {},
        block.rows.map((row) => h("tr", {}, row.map((cell, i) => h("td", { class: numeric[i] ? "num" : "" }, String(cell))))),
      ),
    ),
  );
}

function renderItems(block) {
  if (block.items.length === 0) return empty(block.empty);
  return h(
    "ul",
    { class: "doc-items" },
    block.items.map((item) =>
      h(
        "li",
        {},
        h("span", { class: "item-name" }, item.name),
        item.detail ? h("span", { class: "item-detail muted" }, item.detail) : null,
      ),
    ),
  );
}

function renderValues(block) {
  return h(
    "dl",
    { class: "doc-values" },
    block.values.map((value) => h("div", { class: "doc-value" }, h("dt", {}, value.label), h("dd", {}, value.text))),
  );
}

function renderProgress(block) {
  const text = `${block.value} of ${block.maximum}${block.unit ? ` ${block.unit}` : ""}`;
  return h(
    "div",
    { class: "doc-progress" },
    h("span", { class: "progress-label" }, block.label),
    h("progress", { max: block.maximum, value: block.value, attrs: { "aria-label": `${block.label}: ${text}` } }),
    h("span", { class: "progress-text" }, text),
  );
}

// --- the side panels of the table ----------------------------------------------------------

/** The sections of `doc` by where they go: yours only, one list per seat, the table. */
export function splitDocument(doc) {
  const mine = [];
  const seats = new Map();
  const table = [];
  for (const section of doc.sections) {
    if (section.role === "mine") mine.push(section);
    else if (section.role === "seat" && Number.isInteger(section.seat)) {
      if (!seats.has(section.seat)) seats.set(section.seat, []);
      seats.get(section.seat).push(section);
    } else table.push(section);
  }
  return { mine, seats, table };
}

/** The badges of a seat's heading: its player's name where the game's title lacks it, you,
 * to move (or thinking, for a bot). */
function seatBadges(view, seat, title) {
  const name = ownLabel(view, seat);
  const toMove = view.status === "playing" && view.current_player === seat;
  const bot = view.seats && view.seats[seat] && view.seats[seat].kind === "bot";
  return [
    name && !title.includes(name) ? h("span", { class: "seat-label" }, ` · ${name}`) : null,
    view.seat === seat && !/\(you\)/.test(title) ? h("span", { class: "badge you" }, "you") : null,
    toMove ? h("span", { class: `badge turn${bot ? " thinking" : ""}` }, bot ? "thinking…" : "to move") : null,
  ];
}

/**
 * Fill the three side panels from the view's document: `mine` (yours only: your hand, your
 * tickets), `seats` (one card per seat, yours marked) and `shared` (the table). A panel with
 * nothing to show is hidden.
 */
export function renderDocumentPanels(view, { mine, seats, shared }) {
  const parts = splitDocument(view.document);
  mine.hidden = view.seat === null || parts.mine.length === 0;
  fill(
    mine,
    mine.hidden ? null : h("h2", {}, "Yours only"),
    parts.mine.map((section) => renderSection(section, { testid: "doc-mine" })),
  );
  const order = [...parts.seats.keys()].sort((a, b) => a - b);
  seats.hidden = order.length === 0;
  fill(
    seats,
    seats.hidden ? null : h("h2", {}, "Players"),
    h(
      "div",
      { class: "seat-cards" },
      order.map((seat) => {
        const sections = parts.seats.get(seat);
        const toMove = view.status === "playing" && view.current_player === seat;
        const classes = `seat-card${view.seat === seat ? " mine" : ""}${toMove ? " to-move" : ""}`;
        return h(
          "article",
          { class: classes, testid: `doc-seat-${seat}`, dataset: { seat: String(seat) } },
          sections.map((section, i) =>
            renderSection(section, { extra: i === 0 ? seatBadges(view, seat, section.title) : null }),
          ),
        );
      }),
    ),
  );
  shared.hidden = parts.table.length === 0;
  fill(
    shared,
    shared.hidden ? null : h("h2", {}, "On the table"),
    parts.table.map((section) => renderSection(section, { testid: "doc-table" })),
  );
}

/** A document as one list of sections (the replay's "at this step"). */
export function renderDocument(doc) {
  return h("div", { class: "doc" }, doc.sections.map((section) => renderSection(section)));
}

// --- the end --------------------------------------------------------------------------------

/**
 * Every seat's score rows as one table: a row per scoring step (its label), a column per
 * seat with the points and, under them, the detail; the total last. `rows[seat]` is that
 * seat's list of {label, points, detail}; `totals[seat]` its score.
 */
export function renderScoreTable(view, rows, totals, winners, testid = "result-table") {
  const steps = [];
  for (const seatRows of rows) for (const row of seatRows) if (!steps.includes(row.label)) steps.push(row.label);
  const seats = rows.map((_, seat) => seat);
  const winnerSet = new Set(winners);
  const column = (seat) => (winnerSet.has(seat) ? "winner-col" : "");
  const cell = (seat, step) => {
    const row = rows[seat].find((r) => r.label === step);
    if (!row) return h("td", { class: column(seat) }, "—");
    return h(
      "td",
      { class: `${column(seat)} score-cell` },
      row.points === null ? null : h("span", { class: "points" }, signed(row.points)),
      row.detail ? h("span", { class: "score-detail" }, row.detail) : null,
    );
  };
  return h(
    "div",
    { class: "table-scroll" },
    h(
      "table",
      { class: "result-table score-rows", testid },
      h("caption", {}, "How each player scored"),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { attrs: { scope: "col" } }, "Scoring"),
          seats.map((seat) =>
            h(
              "th",
              { attrs: { scope: "col" }, class: column(seat) },
              seatName(view, seat),
              winnerSet.has(seat) ? h("span", { class: "badge" }, "winner") : null,
              view.seat === seat ? h("span", { class: "badge you" }, "you") : null,
            ),
          ),
        ),
      ),
      h(
        "tbody",
        {},
        steps.map((step) =>
          h("tr", { dataset: { step } }, h("th", { attrs: { scope: "row" } }, step), seats.map((seat) => cell(seat, step))),
        ),
        h(
          "tr",
          { class: "total", dataset: { step: "total" } },
          h("th", { attrs: { scope: "row" } }, "Total"),
          seats.map((seat) => h("td", { class: column(seat) }, String(totals[seat]))),
        ),
      ),
    ),
  );
}

/** Points with a true minus sign: "12", "−8". */
function signed(points) {
  return typeof points === "number" && points < 0 ? `\u2212${-points}` : String(points);
}
