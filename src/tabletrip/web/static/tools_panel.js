// The table's tools: undo your last move, ask the hard bot for a hint (its answer stays until
// the game moves on), and the rules of the decision in the game's words. The table tells it
// the view and what may be used now; it owns the hint it asked for.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { renderHint, renderHintError, renderHintWaiting } from "./hint.js";

/**
 * The tools panel of a room. `options`: `token()` (the seat's token), `view()` (the view
 * shown now), `onUndo()`, `onPlay(action)` (a hinted move played), `redraw()` (the table
 * redraws what may be used once a hint has come back).
 */
export function createToolsPanel(roomId, options) {
  let hintVersion = -1; // the version the hint shown was asked at
  let drawnVersion = -1;
  const undoButton = h(
    "button",
    { type: "button", class: "secondary", testid: "undo-button", disabled: true, on: { click: () => options.onUndo() } },
    "Undo my last move",
  );
  const hintButton = h(
    "button",
    { type: "button", class: "secondary", testid: "hint-button", disabled: true, on: { click: askHint } },
    "Hint",
  );
  const hintPanel = h("div", { class: "hint-panel", testid: "hint-panel", hidden: true, attrs: { "aria-live": "polite" } });
  const helpText = h("p", { class: "help-text", testid: "decision-help-text" });
  const help = h(
    "details",
    { class: "decision-help", testid: "decision-help" },
    h("summary", {}, "Rules for this decision"),
    helpText,
  );
  const element = h(
    "section",
    { class: "panel tools", attrs: { "aria-label": "Help and undo" } },
    h("div", { class: "tool-buttons" }, undoButton, hintButton),
    hintPanel,
    help,
  );

  /** Draw the tools for `view`: a hint of an earlier version goes. */
  function draw(view) {
    if (view.version !== drawnVersion && hintVersion !== view.version) {
      hintPanel.hidden = true;
      fill(hintPanel);
    }
    drawnVersion = view.version;
    helpText.textContent = view.help || (view.status === "playing" ? "No explanation is given for this decision." : "");
    help.hidden = view.status !== "playing";
    element.hidden = view.seat === null || view.status === "finished";
  }

  /** Which tools may be used now: `{ undo, hint }`. */
  function enable(allowed) {
    undoButton.disabled = !allowed.undo;
    hintButton.disabled = !allowed.hint;
  }

  async function askHint() {
    const view = options.view();
    if (!view) return;
    const version = view.version;
    hintVersion = version;
    hintPanel.hidden = false;
    renderHintWaiting(hintPanel);
    hintButton.disabled = true;
    const current = () => options.view() && options.view().version === version;
    try {
      const answer = await api.hint(roomId, options.token());
      if (current()) renderHint(hintPanel, answer, (candidate) => playHint(candidate));
    } catch (error) {
      if (current()) renderHintError(hintPanel, error.message);
    } finally {
      options.redraw();
    }
  }

  function playHint(candidate) {
    const view = options.view();
    const action = view.legal_actions.find((a) => a.text === candidate.text) || {
      text: candidate.text,
      json: candidate.json,
    };
    options.onPlay(action);
  }

  return { element, draw, enable };
}
