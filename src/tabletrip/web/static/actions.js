// The list of legal actions (the fallback to clicking the board), each in the game's words:
// filterable (by its words or its notation), grouped by their first word when there are many;
// hovering or focusing one shows its targets on the board.

import { fill, h, moveLabel } from "./dom.js";

/** What the filter matches a move against: its words and its notation. */
function searchable(action) {
  return `${action.words || ""} ${action.text}`.toLowerCase();
}

const GROUP_FROM = 16; // group the list by first word from this many actions on

/**
 * Fill `list` with one button per legal action. `onPlay(action)` plays it;
 * `onPreview(keys)` shows (keys) or hides (null) its board targets.
 */
export function renderActions(list, actions, filterText, { onPlay, onPreview, disabled }) {
  const words = filterText.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = actions.filter((action) => words.every((word) => searchable(action).includes(word)));
  const button = (action) =>
    h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: "action",
          disabled,
          testid: "legal-action",
          dataset: { actionText: action.text, targets: (action.targets || []).join(" ") },
          on: {
            click: () => onPlay(action),
            mouseenter: () => onPreview(action.targets || []),
            mouseleave: () => onPreview(null),
            focus: () => onPreview(action.targets || []),
            blur: () => onPreview(null),
          },
        },
        moveLabel(action),
      ),
    );
  if (shown.length === 0) {
    fill(list, h("li", { class: "muted" }, "No legal action matches the filter."));
    return shown.length;
  }
  if (actions.length < GROUP_FROM) {
    fill(list, shown.map(button));
    return shown.length;
  }
  const groups = new Map();
  for (const action of shown) {
    const word = (action.words || action.text).split(/\s+/)[0] || "Other";
    if (!groups.has(word)) groups.set(word, []);
    groups.get(word).push(action);
  }
  fill(
    list,
    [...groups].map(([word, group]) =>
      h(
        "li",
        { class: "action-group" },
        h("h3", { class: "group-title" }, `${word} (${group.length})`),
        h("ul", { class: "action-list" }, group.map(button)),
      ),
    ),
  );
  return shown.length;
}
