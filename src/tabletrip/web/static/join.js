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
  const submit = h("button", { type: "submit", class: "primary", testid: "join-submit" }, `Join seat ${seat}`);
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
        status.textContent = `You already play seat ${mine.seat} of this ${title} room in this browser.`;
        submit.hidden = true;
        form.append(h("p", {}, h("a", { href: tableLink, class: "button primary" }, "Go to your seat")));
        return;
      }
      if (!target) {
        status.textContent = `This ${title} room has no seat ${seat}.`;
        submit.disabled = true;
      } else if (target.kind !== "human") {
        status.textContent = `Seat ${seat} of this ${title} room is played by a bot.`;
        submit.disabled = true;
      } else if (target.taken) {
        status.textContent = `Seat ${seat} of this ${title} room is already taken.`;
        submit.disabled = true;
      } else {
        status.textContent = `${title}, ${view.players} players: seat ${seat} is waiting for you.`;
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
      const joined = await api.join(roomId, seat, name);
      saveSeat(roomId, joined.seat, joined.token);
      location.hash = tableLink;
    } catch (error) {
      showError(`You could not join seat ${seat}: ${error.message}`);
      submit.disabled = false;
    }
  }

  return () => {};
}
