// The end of a game: how it ended in the game's words (its outcome sentence) and every
// seat's score rows; the raw breakdown for a game without a presentation.

import { fill, h, humanize, seatName } from "./dom.js";
import { renderScoreTable } from "./document.js";
import { createReplay } from "./replay.js";
import { compactValue } from "./values.js";

/**
 * The table's end: the result above the board and the replay under it, shown once the game is
 * over. `raw()`: whether the replay shows the raw data too. Returns the two places to lay out
 * (`result`, `replay`), `show(view)`, `redraw()` (the raw toggle changed) and `stop()`.
 */
export function createEndPanels(raw) {
  let replay = null;
  const result = h("div", { class: "result-box" });
  const replayBox = h("div", { class: "replay-box" });
  function show(view) {
    if (replay || !view.result) return;
    fill(result, renderResult(view));
    replay = createReplay(view, { raw });
    fill(replayBox, replay.element);
  }
  return {
    result,
    replay: replayBox,
    show,
    redraw: () => replay && replay.redraw(),
    stop: () => replay && replay.stop(),
  };
}

/** How the game ended, in one sentence: the game's own ("Ann wins with 121 points."), or for
 * a game without a presentation "Winner: Ann (61)" / "Shared win: ..." / "No winner". */
export function endText(view) {
  if (view.outcome) return view.outcome;
  const text = winnerText(view);
  return text.endsWith(".") ? text : `${text}.`;
}

/** The winner sentence of a game without a presentation: "Winner: Ann (61)". */
export function winnerText(view) {
  const { winners, scores } = view.result;
  const names = winners.map((seat) => `${seatName(view, seat)} (${scores[seat]})`);
  if (names.length === 0) return "No winner";
  if (names.length === 1) return `Winner: ${names[0]}`;
  return `Shared win: ${names.join(", ")}`;
}

/** The result section: the outcome and the score rows (or the raw breakdown), the record. */
export function renderResult(view) {
  const table = view.score_rows
    ? renderScoreTable(view, view.score_rows, view.result.scores, view.result.winners)
    : rawBreakdown(view);
  return h(
    "section",
    { class: "panel result", testid: "result", attrs: { "aria-labelledby": "result-heading" } },
    h("h2", { id: "result-heading" }, "Game over"),
    h("p", { class: "winner", testid: "winner" }, endText(view)),
    table,
    h(
      "p",
      {},
      h(
        "a",
        {
          href: `/api/rooms/${encodeURIComponent(view.id)}/record`,
          download: `tabletrip-${view.game}-${view.id}.json`,
          testid: "record-link",
        },
        "Download the game record",
      ),
      " (replay it with ",
      h("code", {}, "tabletrip replay"),
      ")",
    ),
  );
}

/** The breakdown as the engine gives it (rows: its keys), for a game without score rows. */
function rawBreakdown(view) {
  const { result } = view;
  const seats = result.breakdown.map((_, seat) => seat);
  const steps = [];
  for (const part of result.breakdown) {
    for (const key of Object.keys(part)) if (key !== "total" && !steps.includes(key)) steps.push(key);
  }
  steps.push("total");
  const winners = new Set(result.winners);
  const head = h(
    "tr",
    {},
    h("th", { attrs: { scope: "col" } }, "Scoring step"),
    seats.map((seat) =>
      h(
        "th",
        { attrs: { scope: "col" }, class: winners.has(seat) ? "winner-col" : "" },
        seatName(view, seat),
        winners.has(seat) ? h("span", { class: "badge" }, "winner") : null,
        view.seat === seat ? h("span", { class: "badge you" }, "you") : null,
      ),
    ),
  );
  const rows = steps.map((step) =>
    h(
      "tr",
      { dataset: { step }, class: step === "total" ? "total" : "" },
      h("th", { attrs: { scope: "row" } }, humanize(step)),
      seats.map((seat) => {
        const part = result.breakdown[seat];
        const value = step === "total" && !("total" in part) ? result.scores[seat] : part[step];
        return h(
          "td",
          { class: winners.has(seat) ? "winner-col" : "" },
          value === undefined ? "—" : compactValue(value),
        );
      }),
    ),
  );
  return h(
    "div",
    { class: "table-scroll" },
    h(
      "table",
      { class: "result-table", testid: "result-table" },
      h("caption", {}, "Score breakdown, step by step"),
      h("thead", {}, head),
      h("tbody", {}, rows),
    ),
  );
}
