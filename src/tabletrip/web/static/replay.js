// The replay viewer of a finished room: step through the record (buttons, slider, arrow keys),
// as a spectator or as any seat saw it, with the board at each step.

import { api } from "./api.js";
import { h, fill, seatName, showError } from "./dom.js";
import { showSvg } from "./board.js";
import { renderDocument, renderScoreTable } from "./document.js";
import { moveLine } from "./panels.js";
import { renderValue } from "./values.js";

/** The replay section for a finished room `view`; returns {element, stop, redraw}. `raw()`
 * says whether the raw observation is shown too (the developer toggle). */
export function createReplay(view, { raw = () => false } = {}) {
  let last = null;
  let step = 0;
  let steps = 0;
  let seat = "";
  let controller = null;
  let timer = 0;

  const stepText = h("p", { class: "replay-step", testid: "replay-step", attrs: { "aria-live": "polite" } });
  const slider = h("input", {
    type: "range",
    min: 0,
    max: 0,
    value: 0,
    testid: "replay-slider",
    attrs: { "aria-label": "Step of the replay" },
    on: { input: () => go(Number(slider.value), 120) },
  });
  const button = (testid, text, label, target) =>
    h(
      "button",
      { type: "button", class: "secondary", testid, attrs: { "aria-label": label }, on: { click: () => go(target()) } },
      text,
    );
  const seatSelect = h(
    "select",
    {
      testid: "replay-seat",
      id: "replay-seat",
      on: {
        change: () => {
          seat = seatSelect.value;
          load();
        },
      },
    },
    h("option", { value: "" }, "a spectator"),
    view.seats.map((s) => h("option", { value: String(s.seat) }, seatName(view, s.seat))),
  );
  const move = h("p", { class: "replay-move", testid: "replay-move" });
  const end = h("div", { class: "replay-end", testid: "replay-end" });
  const board = h("div", { class: "board replay-board", testid: "replay-board" });
  const state = h("div", { class: "replay-state", testid: "replay-state" });
  const rawState = h("div", { class: "replay-raw", testid: "replay-raw" });

  const element = h(
    "section",
    {
      class: "panel replay",
      testid: "replay",
      attrs: { "aria-labelledby": "replay-heading" },
      on: { keydown: onKey },
    },
    h("h2", { id: "replay-heading" }, "Replay"),
    h(
      "div",
      { class: "replay-controls" },
      button("replay-first", "First", "First step", () => 0),
      button("replay-prev", "◀ Prev", "Previous step", () => step - 1),
      slider,
      button("replay-next", "Next ▶", "Next step", () => step + 1),
      button("replay-last", "Last", "Last step", () => steps),
    ),
    stepText,
    h("p", { class: "replay-seat-row" }, h("label", { for: "replay-seat" }, "See it as "), seatSelect),
    move,
    end,
    h("div", { class: "board-wrap" }, board),
    h("details", { class: "replay-state-details" }, h("summary", {}, "The table at this step"), state, rawState),
  );

  function onKey(event) {
    if (event.target === slider || event.target.tagName === "SELECT") return;
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  }

  function go(target, delay = 0) {
    const next = Math.max(0, Math.min(steps || Infinity, target));
    if (next === step && steps) return;
    step = next;
    slider.value = String(step);
    stepText.textContent = `Step ${step} of ${steps}`;
    // A request still in flight is for another step: dropped now, so that its answer can
    // never overwrite the step just chosen before the timer below asks for it.
    if (controller) controller.abort();
    controller = null;
    clearTimeout(timer);
    timer = setTimeout(load, delay);
  }

  async function load() {
    if (controller) controller.abort();
    const mine = new AbortController();
    controller = mine;
    try {
      const data = await api.replay(view.id, step, seat, mine.signal);
      if (controller === mine) show(data);
    } catch (error) {
      if (error.name !== "AbortError") showError(`replay: ${error.message}`);
    }
  }

  function show(data) {
    steps = data.steps;
    step = data.step;
    slider.max = String(steps);
    slider.value = String(step);
    stepText.textContent = `Step ${step} of ${steps}`;
    fill(
      move,
      data.move
        ? [h("strong", {}, `Move ${step}: `), moveLine(data, data.move)]
        : "The start of the game, before any move.",
    );
    fill(
      end,
      data.result && data.outcome
        ? [
            h("p", { class: "winner", testid: "replay-outcome" }, data.outcome),
            data.score_rows ? renderScoreTable(data, data.score_rows, data.result.scores, data.result.winners, "replay-score-table") : null,
          ]
        : null,
    );
    if (data.board) showSvg(board, data.board);
    else fill(board, h("p", { class: "muted" }, "This game has no board drawing."));
    last = data;
    drawState();
  }

  function drawState() {
    if (!last) return;
    const { log, ...rest } = last.observation;
    const shown = !last.document || raw();
    fill(state, last.document ? renderDocument(last.document) : null);
    fill(rawState, shown ? [last.document ? h("h3", {}, "Raw data") : null, renderValue(rest)] : null);
    rawState.hidden = !shown;
  }

  go(0);
  return {
    element,
    redraw: drawState,
    stop() {
      clearTimeout(timer);
      if (controller) controller.abort();
    },
  };
}
