// The table's list of your moves: every legal move in the game's words, a filter over their
// words, how many match, and the keyboard focus kept on the same move when the list is
// redrawn. The table tells it the view and whether the seat may move; it owns nothing else.

import { renderActions } from "./actions.js";
import { fill, h, plural } from "./dom.js";

/**
 * The moves panel. `options`: `onPlay(action)`, `onPreview(action)` (a move under the pointer
 * or the focus: the board shows it), `focusAway()` (where the focus goes when the panel hides).
 */
export function createMovesPanel(options) {
  let shown = null; // the last view and state drawn, redrawn when the filter changes
  const filter = h("input", {
    id: "action-filter",
    type: "search",
    placeholder: "words of a move",
    testid: "action-filter",
    on: { input: () => shown && draw(shown.view, shown.state) },
  });
  const count = h("p", { class: "muted action-count", testid: "action-count" });
  const list = h("ul", { class: "action-list", attrs: { "aria-label": "Legal moves" } });
  const heading = h("h2", { tabIndex: -1, id: "actions-heading" }, "Your moves");
  const element = h(
    "section",
    { class: "panel actions-panel", testid: "actions", hidden: true, attrs: { "aria-labelledby": "actions-heading" } },
    heading,
    h("div", { class: "field" }, h("label", { for: "action-filter" }, "Filter the moves"), filter),
    count,
    list,
  );

  /** Draw `view`'s moves; `state`: `{ mine, canAct }` (your turn; a move may be sent now). */
  function draw(view, state) {
    shown = { view, state };
    element.hidden = !state.mine;
    if (!state.mine) {
      if (element.contains(document.activeElement)) options.focusAway();
      fill(list);
      return;
    }
    const focused = list.contains(document.activeElement) ? document.activeElement.dataset.actionText : null;
    const matching = renderActions(list, view.legal_actions, filter.value, {
      onPlay: options.onPlay,
      onPreview: options.onPreview,
      disabled: !state.canAct,
    });
    const total = view.legal_actions.length;
    count.textContent =
      matching === total
        ? plural(total, "possible move")
        : `${matching} of ${plural(total, "move")} ${matching === 1 ? "matches" : "match"}`;
    if (focused !== null) {
      const again = [...list.querySelectorAll("button")].find((b) => b.dataset.actionText === focused);
      (again || heading).focus();
    }
  }

  /** Let the moves be played or not, without redrawing them. */
  function enable(canAct) {
    // Disabling the focused button would drop the focus to the page: keep it in sight.
    if (!canAct && list.contains(document.activeElement)) heading.focus();
    if (shown) shown.state = { ...shown.state, canAct };
    for (const button of list.querySelectorAll("button")) button.disabled = !canAct;
  }

  return { element, draw, enable };
}
