// The table's states: your private area, every seat's public area and the table as the game
// says them (its presentation document), and the observation as data: alone for a game
// without a presentation, behind "Show raw data" (remembered by this browser) for one with it.
// The table places the panels and gives them the view.

import { renderDocumentPanels } from "./document.js";
import { h } from "./dom.js";
import { renderPrivate, renderPublic } from "./panels.js";

const RAW_KEY = "tabletrip.raw"; // this browser shows the raw data too ("1")

/**
 * The state panels. `onRawChange()`: the raw toggle changed (the table redraws what else
 * shows raw data). Returns the panels to place (`mine`, `seats`, `shared`, `raw`, `rawRow`),
 * `draw(view)` and `rawShown()`.
 */
export function createStatePanels(onRawChange) {
  let rawShown = localStorage.getItem(RAW_KEY) === "1";
  let shownView = null;
  const mine = h("section", { class: "panel private-area", testid: "private-area", hidden: true });
  const seats = h("section", { class: "panel public-state", testid: "public-state", hidden: true });
  const shared = h("section", { class: "panel table-state", testid: "table-state", hidden: true });
  const rawPrivate = h("section", { class: "panel private-area", testid: "raw-private", hidden: true });
  const rawSeats = h("section", { class: "panel public-state", testid: "raw-seats" });
  const rawShared = h("section", { class: "panel table-state", testid: "raw-table" });
  const events = h("section", { class: "panel events", testid: "events", hidden: true });
  const rawHeading = h("h2", { class: "raw-heading" }, "Raw data (for developers)");
  const raw = h("div", { class: "raw-box", testid: "raw-data", hidden: true }, rawHeading, rawPrivate, rawSeats, rawShared, events);
  const toggle = h("input", {
    type: "checkbox",
    id: "raw-toggle",
    testid: "raw-toggle",
    checked: rawShown,
    on: {
      change: () => {
        rawShown = toggle.checked;
        localStorage.setItem(RAW_KEY, rawShown ? "1" : "0");
        if (shownView) draw(shownView);
        onRawChange();
      },
    },
  });
  const rawRow = h("p", { class: "raw-toggle muted", hidden: true }, toggle, h("label", { for: "raw-toggle" }, "Show raw data"));

  /** Draw `view`'s states: in the game's words where it has them, as data where asked. */
  function draw(view) {
    shownView = view;
    const words = Boolean(view.document);
    rawRow.hidden = !words;
    if (words) renderDocumentPanels(view, { mine, seats, shared });
    else for (const panel of [mine, seats, shared]) panel.hidden = true;
    const asData = !words || rawShown;
    raw.hidden = !asData;
    rawHeading.hidden = !words;
    if (asData) {
      renderPrivate(rawPrivate, view);
      renderPublic(rawSeats, rawShared, events, view);
    }
  }

  return { mine, seats, shared, raw, rawRow, draw, rawShown: () => rawShown };
}
