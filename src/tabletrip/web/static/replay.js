// The replay viewer of a finished room: step through the record (buttons, slider, arrow keys),
// as a spectator or as any seat saw it, with the board at each step.

import { api } from "./api.js";
import { h, fill, seatName, showError } from "./dom.js";
import { showSvg } from "./board.js";
import { renderValue } from "./values.js";

/** The replay section for a finished room `view`; returns {element, stop}. */
export function createReplay(view) {
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
  const board = h("div", { class: "board replay-board", testid: "replay-board" });
  const state = h("div", { class: "replay-state", testid: "replay-state" });

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
    h("div", { class: "board-wrap" }, board),
    h("details", { class: "replay-state-details" }, h("summary", {}, "State at this step"), state),
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
    clearTimeout(timer);
    timer = setTimeout(load, delay);
  }

  async function load() {
    if (controller) controller.abort();
    controller = new AbortController();
    try {
      const data = await api.replay(view.id, step, seat, controller.signal);
      show(data);
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
        ? [h("strong", {}, `Move ${step}: `), `${seatName(data, data.move.seat)} played `, h("code", {}, data.move.text)]
        : "The start of the game, before any move.",
    );
    if (data.board) showSvg(board, data.board);
    else fill(board, h("p", { class: "muted" }, "This game has no board drawing."));
    const { log, ...rest } = data.observation;
    fill(state, renderValue(rest));
  }

  go(0);
  return {
    element,
    stop() {
      clearTimeout(timer);
      if (controller) controller.abort();
    },
  };
}
