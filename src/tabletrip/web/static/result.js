// The end of a game: every scoring step of every seat, the total, and the winner(s).

import { h, humanize, seatName } from "./dom.js";
import { compactValue } from "./values.js";

/** The winner sentence: "Winner: seat 0 · ana (61)" / "Tie: ..." / "No winner". */
export function winnerText(view) {
  const { winners, scores } = view.result;
  const names = winners.map((seat) => `${seatName(view, seat)} (${scores[seat]})`);
  if (names.length === 0) return "No winner";
  if (names.length === 1) return `Winner: ${names[0]}`;
  return `Shared win: ${names.join(", ")}`;
}

/** The result section: the winner and the breakdown table (rows: scoring steps). */
export function renderResult(view) {
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
    "section",
    { class: "panel result", testid: "result", attrs: { "aria-labelledby": "result-heading" } },
    h("h2", { id: "result-heading" }, "Game over"),
    h("p", { class: "winner", testid: "winner" }, winnerText(view)),
    h(
      "div",
      { class: "table-scroll" },
      h(
        "table",
        { class: "result-table", testid: "result-table" },
        h("caption", {}, "Score breakdown, step by step"),
        h("thead", {}, head),
        h("tbody", {}, rows),
      ),
    ),
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
