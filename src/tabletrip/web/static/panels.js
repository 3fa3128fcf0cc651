// The table's read-only panels, rebuilt from each view: seats, invites and the log; and the
// raw panels (the observation's JSON, drawn generically), for a game without a presentation
// and behind the developer toggle "Show raw data" for one with it.

import { inviteUrl } from "./api.js";
import { announce, fill, h, humanize, seatName } from "./dom.js";
import { compactValue, renderValue, splitObservation } from "./values.js";

const LOG_SHOWN = 200;

/** The seats as a list: label, kind, who is to move, which is yours, free seats to join. */
export function renderSeatList(list, view, onJoin) {
  fill(
    list,
    view.seats.map((seat) => {
      const toMove = view.current_player === seat.seat && view.status === "playing";
      const mine = view.seat === seat.seat;
      const free = seat.kind === "human" && !seat.taken;
      return h(
        "li",
        {
          class: `seat${toMove ? " to-move" : ""}${mine ? " mine" : ""}`,
          testid: `seat-${seat.seat}`,
          dataset: { toMove: String(toMove), you: String(mine) },
        },
        toMove ? h("span", { class: "turn-mark", attrs: { "aria-hidden": "true" } }, "▶ ") : null,
        h("span", { class: "seat-name" }, seatName(view, seat.seat)),
        mine ? h("span", { class: "badge you" }, "you") : null,
        toMove && seat.kind === "bot"
          ? h("span", { class: "badge turn thinking", testid: "bot-thinking" }, "thinking…")
          : null,
        toMove && seat.kind !== "bot" ? h("span", { class: "badge turn" }, "to move") : null,
        free ? h("span", { class: "badge free" }, "free") : null,
        free && view.seat === null && onJoin
          ? h(
              "button",
              {
                type: "button",
                class: "primary small",
                testid: `seat-join-${seat.seat}`,
                on: { click: () => onJoin(seat.seat) },
              },
              "Join",
            )
          : null,
      );
    }),
  );
}

/** While the room waits for players: the invite link of each free human seat. */
export function renderInvites(panel, view) {
  const free = view.seats.filter((seat) => seat.kind === "human" && !seat.taken);
  panel.hidden = view.status !== "open" || free.length === 0;
  if (panel.hidden) return;
  fill(
    panel,
    h("h2", {}, "Invite friends"),
    h("p", { class: "muted" }, "Send each friend the link of a free seat. The game starts when every seat is taken."),
    free.map((seat) => {
      const id = `invite-link-${seat.seat}`;
      const input = h("input", {
        id,
        type: "text",
        readOnly: true,
        value: inviteUrl(view.id, seat.seat),
        testid: id,
        on: { focus: () => input.select() },
      });
      return h(
        "div",
        { class: "field invite" },
        h("label", { for: id }, `Player ${seat.seat + 1}`),
        h(
          "div",
          { class: "inline" },
          input,
          h(
            "button",
            { type: "button", class: "secondary", testid: `copy-invite-${seat.seat}`, on: { click: () => copy(input) } },
            "Copy",
          ),
        ),
      );
    }),
  );
}

async function copy(input) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  announce("Invite link copied");
}

/** Your private information, raw: one block per private observation key. */
export function renderPrivate(panel, view) {
  const keys = (view.private_keys || []).filter((key) => key !== "seat");
  panel.hidden = view.seat === null || keys.length === 0;
  if (panel.hidden) return;
  fill(
    panel,
    h("h2", {}, "Yours only"),
    keys.map((key) =>
      h(
        "section",
        { class: "private-block", testid: `private-${key}` },
        h("h3", {}, humanize(key)),
        renderValue(view.observation[key], 0, key),
      ),
    ),
  );
}

/** Every seat's public state, raw, as one table (rows: facts, columns: seats), then the
 * shared state of the table, and the game's event lines if it has them. */
export function renderPublic(seatsPanel, sharedPanel, eventsPanel, view) {
  const { seatsKey, shared, events } = splitObservation(view.observation, view.players, view.private_keys || []);
  if (seatsKey) {
    const records = view.observation[seatsKey];
    const keys = [];
    for (const record of records) for (const key of Object.keys(record)) if (!keys.includes(key)) keys.push(key);
    fill(
      seatsPanel,
      h("h2", {}, "Every seat"),
      h(
        "div",
        { class: "table-scroll" },
        h(
          "table",
          { class: "seat-table", testid: "seat-state-table" },
          h("caption", { class: "visually-hidden" }, `${humanize(seatsKey)} of every seat`),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { attrs: { scope: "col" } }, ""),
              records.map((_, seat) =>
                h(
                  "th",
                  {
                    attrs: { scope: "col" },
                    class: `${view.current_player === seat ? "to-move" : ""}${view.seat === seat ? " mine" : ""}`,
                  },
                  seatName(view, seat),
                  view.seat === seat ? h("span", { class: "badge you" }, "you") : null,
                  view.current_player === seat && view.status === "playing"
                    ? h("span", { class: "badge turn" }, "to move")
                    : null,
                ),
              ),
            ),
          ),
          h(
            "tbody",
            {},
            keys.map((key) =>
              h(
                "tr",
                {},
                h("th", { attrs: { scope: "row" } }, humanize(key)),
                records.map((record) => h("td", {}, key in record ? compactValue(record[key], key) : "—")),
              ),
            ),
          ),
        ),
      ),
      // The cells show what the observation gives; a missing value is not a zero.
      records.some((record) => keys.some((key) => record[key] === null || !(key in record)))
        ? h("p", { class: "muted seat-table-note", testid: "seat-table-note" }, "— : no value given (none, or not shown to you)")
        : null,
    );
  } else {
    fill(seatsPanel);
  }
  seatsPanel.hidden = !seatsKey;
  fill(sharedPanel, h("h2", {}, "On the table"), renderValue(shared));
  eventsPanel.hidden = !events || events.length === 0;
  if (events) {
    const list = h(
      "ol",
      { class: "events-list", attrs: { start: Math.max(1, events.length - 29) } },
      events.slice(-30).map((line) => h("li", {}, line)),
    );
    fill(eventsPanel, h("h2", {}, "What happened"), list);
    list.scrollTop = list.scrollHeight;
  }
}

/** A move of the log as a person reads it: the mover's name, then the move in the game's
 * words ("Ann claimed Dallas–Houston with 2 orange"); a game without words shows its notation
 * (what a person may type). `line` is {seat, text, words}. */
export function moveLine(view, line) {
  const who = seatName(view, line.seat);
  if (line.words) return [h("span", { class: "log-seat" }, who), ` ${line.words}`];
  return [h("span", { class: "log-seat" }, `${who}: `), h("code", { class: "notation", dataset: { notation: "" } }, line.text)];
}

/** The table's log panel: `draw(view)` shows the last moves, all of them once asked. */
export function createLogPanel() {
  let showAll = false;
  let shown = null;
  const element = h("section", { class: "panel log-panel", attrs: { "aria-label": "Moves so far" } });
  function draw(view) {
    shown = view;
    renderLog(element, view, showAll, () => {
      showAll = true;
      draw(shown);
    });
  }
  return { element, draw };
}

/** The log of moves as this viewer may read them (the last ones; all on request). */
function renderLog(panel, view, showAll, onShowAll) {
  const entries = view.log;
  const shown = showAll ? entries : entries.slice(-LOG_SHOWN);
  const first = entries.length - shown.length;
  const list = h(
    "ol",
    { class: "log-list", testid: "log", attrs: { start: first + 1, "aria-label": "Moves so far" } },
    shown.map((entry) =>
      h(
        "li",
        {
          testid: "log-entry",
          dataset: { seat: String(entry.seat), text: entry.text },
          class: entry.seat === view.seat ? "mine" : "",
        },
        moveLine(view, entry),
      ),
    ),
  );
  fill(
    panel,
    h("h2", {}, `Moves (${entries.length})`),
    entries.length === 0 ? h("p", { class: "muted" }, "No move yet.") : null,
    first > 0
      ? h("button", { type: "button", class: "link", on: { click: onShowAll } }, `Show all ${entries.length} moves`)
      : null,
    list,
  );
  list.scrollTop = list.scrollHeight;
}
