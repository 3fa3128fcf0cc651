// The hint: the hard bot's best moves for you, best first, and why it ranks them so (which
// share of its search each move got, and how the playouts through it went).

import { fill, h, plural } from "./dom.js";

/** While the search runs. */
export function renderHintWaiting(panel) {
  fill(panel, h("p", { testid: "hint-status" }, "The hard bot is thinking (about a second)…"));
}

/** The search could not answer. */
export function renderHintError(panel, message) {
  fill(panel, h("p", { testid: "hint-status" }, `No hint: ${message}`));
}

/** The hard bot's answer: `answer.candidates` best first; `onPlay(candidate)` plays one. */
export function renderHint(panel, answer, onPlay) {
  const forced = answer.iterations === 0;
  const intro = forced
    ? "You have only one legal move:"
    : `The hard bot played the rest of the game out ${times(answer.iterations)} from ` +
      "here, as far as you can know it, and ranks the moves by the share of those playouts " +
      "each got: its search gives more of them to the moves that do better. Best first:";
  fill(
    panel,
    h("p", { testid: "hint-status" }, intro),
    h(
      "ol",
      { class: "hint-list" },
      answer.candidates.map((candidate) =>
        h(
          "li",
          { testid: "hint-item", dataset: { actionText: candidate.text } },
          candidate.said
            ? h("strong", { class: "hint-move" }, candidate.said)
            : h("code", { class: "notation", dataset: { notation: "" } }, candidate.text),
          h("span", { class: "hint-why", testid: "hint-why" }, ` ${whyText(candidate)} `),
          h(
            "button",
            {
              type: "button",
              class: "primary small",
              testid: "hint-play",
              dataset: { actionText: candidate.text },
              on: { click: () => onPlay(candidate) },
            },
            "Play this",
          ),
        ),
      ),
    ),
  );
}

/** "1 time", "1,234 times". */
function times(count) {
  return plural(count, "time").replace(String(count), count.toLocaleString("en"));
}

/** Why the move ranks there: the server's words (an older server: from the numbers). */
function whyText(candidate) {
  if (candidate.why) return `— ${candidate.why}.`;
  if (candidate.win_rate === null) return "— the only legal move.";
  const share = Math.round(candidate.share * 100);
  const won = Math.round(candidate.win_rate * 100);
  return `— got ${share}% of the search; in those playouts you won ${won}% of the time.`;
}
