// The table's heading and two status lines: the game's title (with its options in words, also
// the page's title), the connection (connecting, open, lost with its countdown, closed) with
// "Reconnect now", and whose turn it is (yours, a bot thinking, a seat awaited, the game over),
// the last two read out to a screen reader where they change.

import { gameTitle, optionsWords } from "./api.js";
import { announce, clearError, fill, h, seatName } from "./dom.js";
import { endText } from "./result.js";

/** The room's heading: `draw(view, mine)` names the game (asked for once), `say(text)` says
 * why there is no room to show instead. */
export function createRoomHeading() {
  let title = "";
  let asked = false;
  let last = null;
  const element = h("h1", { testid: "room-title", class: "room-title" }, "Loading the room…");

  function draw(view, mine) {
    last = { view, mine };
    if (!asked) {
      asked = true;
      Promise.all([gameTitle(view.game), optionsWords(view.game, view.options || {})]).then(([text, words]) => {
        title = words ? `${text} · ${words}` : text;
        draw(last.view, last.mine);
      });
    }
    const name = title || "…";
    element.textContent = name;
    document.title = `${mine ? "Your turn · " : ""}${name} · tabletrip`;
  }

  return { element, draw, say: (text) => (element.textContent = text) };
}

/** The connection line; `onReconnect()` is "Reconnect now". */
export function createConnectionStatus(onReconnect) {
  const text = h("span", { class: "status-text", testid: "connection-text" }, "Connecting…");
  const button = h(
    "button",
    { type: "button", class: "secondary small", testid: "reconnect-now", hidden: true, on: { click: () => onReconnect() } },
    "Reconnect now",
  );
  const element = h(
    "p",
    { class: "connection", testid: "connection-status", dataset: { state: "connecting" }, attrs: { role: "status" } },
    h("span", { class: "dot", attrs: { "aria-hidden": "true" } }),
    text,
    button,
  );

  /** Draw the socket's status (`RoomSocket`'s `onStatus` argument). */
  function draw({ state, attempt, delay, message, reconnected }) {
    element.dataset.state = state;
    button.hidden = state !== "lost";
    if (state === "connecting") text.textContent = attempt ? `Reconnecting (attempt ${attempt})…` : "Connecting…";
    else if (state === "open") {
      text.textContent = reconnected ? "Reconnected" : "Connected";
      if (reconnected) {
        clearError();
        announce("Reconnected to the table");
      }
    } else if (state === "lost") {
      text.textContent = `Connection lost. Reconnecting in ${delay < 1 ? "a moment" : `${delay} s`}…`;
      if (attempt === 1) announce("Connection lost: reconnecting");
    } else text.textContent = `Disconnected: ${message}`;
  }

  return { element, draw };
}

/** The turn line: it takes the focus where a panel that had it goes away. */
export function createTurnIndicator() {
  const element = h("p", { class: "turn-indicator", testid: "turn-indicator", tabIndex: -1 });

  /** Draw whose turn it is in `view`; `state`: `{ mine, pending }` (your turn; a move sent). */
  function draw(view, state) {
    let text;
    let thinking = false;
    if (view.status === "open") {
      const free = view.seats.filter((seat) => !seat.taken).map((seat) => seatName(view, seat.seat));
      text = `Waiting for ${listing(free)} to join.`;
    } else if (view.status === "finished") {
      text = `Game over. ${endText(view)}`;
    } else if (state.mine) {
      text = state.pending ? "Your turn: sending your move…" : "Your turn.";
    } else {
      const who = view.current_player;
      thinking = Boolean(view.seats[who] && view.seats[who].kind === "bot");
      text = thinking ? `${seatName(view, who)} is thinking…` : `Waiting for ${seatName(view, who)}.`;
    }
    element.classList.toggle("yours", state.mine);
    element.classList.toggle("thinking", thinking);
    element.dataset.thinking = String(thinking);
    fill(element, thinking ? h("span", { class: "spinner", attrs: { "aria-hidden": "true" } }) : null, text);
  }

  return { element, draw, focus: () => element.focus() };
}

/** "Ann", "Ann and Bea", "Ann, Bea and Cy". */
function listing(names) {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
