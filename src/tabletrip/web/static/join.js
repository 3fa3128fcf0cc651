// The invite page (#/room/<id>/join/<k>): a friend names themself and takes the seat.

import { api, gameTitle, saveName, saveSeat, savedName, savedSeat } from "./api.js";
import { clearError, fill, h, showError } from "./dom.js";

/** Render the invite page for seat `seat` of room `roomId`; returns a stop function. */
export function renderJoin(main, roomId, seat) {
  const tableLink = `#/room/${encodeURIComponent(roomId)}`;
  const status = h("p", { class: "muted", attrs: { role: "status" } }, "Looking up the room…");
  const nameInput = h("input", {
    id: "join-name",
    type: "text",
    maxLength: 40,
    autocomplete: "nickname",
    value: savedName(),
    testid: "join-name",
  });
  const submit = h("button", { type: "submit", class: "primary", testid: "join-submit" }, `Join as player ${seat + 1}`);
  const form = h(
    "form",
    { class: "panel join", testid: "join-form", attrs: { "aria-labelledby": "join-heading" }, on: { submit: join } },
    h("h1", { id: "join-heading" }, "You are invited"),
    status,
    h("div", { class: "field" }, h("label", { for: "join-name" }, "Your name (the others see it)"), nameInput),
    submit,
    h("p", {}, h("a", { href: tableLink }, "Just watch the table")),
  );
  fill(main, form);

  const mine = savedSeat(roomId);
  api
    .spectate(roomId)
    .then(async (view) => {
      const title = await gameTitle(view.game);
      const target = view.seats[seat];
      if (mine) {
        status.textContent = `In this browser you are already player ${mine.seat + 1} of this ${title} room.`;
        submit.hidden = true;
        form.append(h("p", {}, h("a", { href: tableLink, class: "button primary" }, "Go to your seat")));
        return;
      }
      if (!target) {
        status.textContent = `This ${title} room has no player ${seat + 1}.`;
        submit.disabled = true;
      } else if (target.kind !== "human") {
        status.textContent = `Player ${seat + 1} of this ${title} room is a bot.`;
        submit.disabled = true;
      } else if (target.taken) {
        status.textContent = `Player ${seat + 1} of this ${title} room is already taken.`;
        submit.disabled = true;
      } else {
        status.textContent = `${title}, ${view.players} players: the seat of player ${seat + 1} is waiting for you.`;
        nameInput.focus();
      }
    })
    .catch((error) => {
      status.textContent = `This room cannot be found: ${error.message}`;
      submit.disabled = true;
    });

  async function join(event) {
    event.preventDefault();
    clearError();
    const name = nameInput.value.trim();
    saveName(name);
    submit.disabled = true;
    try {
      // An unnamed player is named by their seat, as the table names them.
      const joined = await api.join(roomId, seat, name || `Player ${seat + 1}`);
      saveSeat(roomId, joined.seat, joined.token);
      location.hash = tableLink;
    } catch (error) {
      showError(`You could not join as player ${seat + 1}: ${error.message}`);
      submit.disabled = false;
    }
  }

  return () => {};
}
