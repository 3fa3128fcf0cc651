// The lobby: choose a game, its options, the player count those options allow and the seats,
// create a room; list the rooms to join, watch or look back at.

import { api, choiceWords, gameTitle, optionsWords, saveName, saveSeat, savedName, savedSeat } from "./api.js";
import { announce, clearError, fill, h, humanize, plural, showError } from "./dom.js";

const PEOPLE = [
  ["you", "You"],
  ["friend", "A friend (invite link)"],
];
const LEVELS = ["easy", "medium", "hard"]; // if the server does not say its levels
const ROOMS_REFRESH_MS = 5000;
const LISTED = 8; // rooms shown of those being played, and of those finished (newest first)
const LISTED_OPEN = 50; // rooms shown of those waiting for players (newest first)

/** Render the lobby into `main`; returns a function that stops it. */
export function renderLobby(main) {
  let games = [];
  let refreshTimer = 0;
  let stopped = false;
  const shownPages = {}; // status: the ETag of the page shown, to fetch only what changed

  const nameInput = h("input", {
    id: "your-name",
    type: "text",
    maxLength: 40,
    autocomplete: "nickname",
    value: savedName(),
    testid: "your-name",
    on: { change: () => saveName(nameInput.value.trim()) },
  });
  const gameSelect = h("select", { id: "game-select", testid: "game-select", required: true });
  const summary = h("p", { class: "muted", testid: "game-summary", id: "game-summary" });
  const playersSelect = h("select", { id: "players-select", testid: "players-select" });
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("div", { class: "seats" });
  const createError = h("p", { class: "form-error", testid: "create-error", attrs: { role: "status" } });
  const createButton = h("button", { type: "submit", class: "primary", testid: "create-room" }, "Create the room");

  const form = h(
    "form",
    { class: "panel create", attrs: { "aria-labelledby": "create-heading", novalidate: true }, on: { submit: create } },
    h("h2", { id: "create-heading" }, "New game"),
    h("div", { class: "field" }, h("label", { for: "your-name" }, "Your name"), nameInput),
    h(
      "div",
      { class: "field" },
      h("label", { for: "game-select" }, "Game"),
      gameSelect,
      summary,
    ),
    h("fieldset", {}, h("legend", {}, "Options"), optionsBox),
    h("div", { class: "field" }, h("label", { for: "players-select" }, "Players"), playersSelect),
    h("fieldset", {}, h("legend", {}, "Seats"), seatsBox),
    createButton,
    createError,
  );

  const lists = {
    open: h("ul", { class: "rooms", testid: "rooms-open" }),
    playing: h("ul", { class: "rooms", testid: "rooms-playing" }),
    finished: h("ul", { class: "rooms", testid: "rooms-finished" }),
  };
  const roomsPanel = h(
    "section",
    { class: "panel rooms-panel", attrs: { "aria-labelledby": "rooms-heading" } },
    h(
      "div",
      { class: "panel-head" },
      h("h2", { id: "rooms-heading" }, "Rooms"),
      h(
        "button",
        { type: "button", class: "secondary", testid: "refresh-rooms", on: { click: () => loadRooms() } },
        "Refresh",
      ),
    ),
    h("h3", {}, "Waiting for players"),
    lists.open,
    h("h3", {}, "Being played"),
    lists.playing,
    h("h3", {}, "Finished"),
    lists.finished,
  );

  fill(
    main,
    h(
      "section",
      { class: "lobby", testid: "lobby", attrs: { "aria-labelledby": "lobby-heading" } },
      h("h1", { id: "lobby-heading" }, "Play a travel board game"),
      h("div", { class: "lobby-grid" }, form, roomsPanel),
    ),
  );

  gameSelect.addEventListener("change", () => showGame());
  playersSelect.addEventListener("change", () => {
    showSoloOptions();
    showSeats();
  });
  // Some options change the player counts (a map, a solo mode).
  optionsBox.addEventListener("change", () => showPlayers());
  let levels = LEVELS;

  api
    .games()
    .then((data) => {
      if (stopped) return;
      games = data.games;
      if (Array.isArray(data.levels) && data.levels.length) levels = data.levels;
      fill(
        gameSelect,
        games.map((game) => h("option", { value: game.id }, game.title)),
      );
      showGame();
    })
    .catch((error) => showError(`cannot load the games: ${error.message}`));
  loadRooms();

  function currentGame() {
    return games.find((game) => game.id === gameSelect.value);
  }

  function showGame() {
    const game = currentGame();
    if (!game) return;
    summary.textContent = game.summary;
    fill(optionsBox, game.options.map(optionField));
    if (game.options.length === 0) fill(optionsBox, h("p", { class: "muted" }, "This game has no options."));
    showPlayers();
  }

  /** The control of option `name` in the form, or null. */
  function control(name) {
    return optionsBox.querySelector(`[data-option="${CSS.escape(name)}"]`);
  }

  /** The value an option's control holds (typed as the option's values), or undefined when
   * it is left at "default". */
  function optionValue(spec) {
    const field = control(spec.name);
    if (!field) return spec.default;
    if (field.type === "checkbox") return field.checked;
    if (field.value === "") return spec.default === null ? undefined : spec.default;
    const numeric =
      typeof spec.default === "number" || (Array.isArray(spec.choices) && typeof spec.choices[0] === "number");
    return numeric ? Number(field.value) : field.value;
  }

  /** The player counts the chosen options allow: the game's range, narrowed by each option
   * whose value allows fewer (the server's `player_ranges`). */
  function playerRange(game) {
    let [low, high] = game.players;
    for (const [name, ranges] of Object.entries(game.player_ranges || {})) {
      const spec = game.options.find((option) => option.name === name);
      const value = spec ? optionValue(spec) : undefined;
      if (value === undefined) continue;
      const range = ranges[typeof value === "string" ? value : JSON.stringify(value)];
      if (!range) continue;
      low = Math.max(low, range[0]);
      high = Math.min(high, range[1]);
    }
    return low <= high ? [low, high] : game.players;
  }

  function showPlayers() {
    const game = currentGame();
    if (!game) return;
    const [low, high] = playerRange(game);
    const previous = Number(playersSelect.value) || 2;
    const counts = [];
    for (let n = low; n <= high; n += 1) counts.push(n);
    fill(
      playersSelect,
      counts.map((n) => h("option", { value: String(n) }, n === 1 ? "1 (solo)" : String(n))),
    );
    playersSelect.value = String(Math.max(low, Math.min(high, previous)));
    playersSelect.disabled = low === high;
    showSoloOptions();
    showSeats();
  }

  /** Options for a solo game only (a Challenge...) are shown when one plays alone. */
  function showSoloOptions() {
    const game = currentGame();
    if (!game) return;
    const solo = Number(playersSelect.value) === 1;
    for (const spec of game.options) {
      const field = control(spec.name);
      if (field && spec.solo_only) field.closest(".field").hidden = !solo;
    }
  }

  function optionField(spec) {
    const id = `option-${spec.name}`;
    const helpId = `option-help-${spec.name}`;
    const describedBy = { "aria-describedby": helpId };
    let control;
    if (Array.isArray(spec.choices)) {
      control = h(
        "select",
        { id, testid: id, attrs: describedBy, dataset: { option: spec.name } },
        spec.default === null ? h("option", { value: "" }, "default") : null,
        spec.choices.map((choice) => h("option", { value: String(choice) }, choiceWords(choice))),
      );
      control.value = spec.default === null ? "" : String(spec.default);
    } else if (typeof spec.default === "boolean") {
      control = h("input", {
        id,
        type: "checkbox",
        checked: spec.default,
        testid: id,
        attrs: describedBy,
        dataset: { option: spec.name },
      });
    } else {
      control = h("input", {
        id,
        type: typeof spec.default === "number" ? "number" : "text",
        value: spec.default === null ? "" : String(spec.default),
        testid: id,
        attrs: describedBy,
        dataset: { option: spec.name },
      });
    }
    const checkbox = control.type === "checkbox";
    return h(
      "div",
      { class: checkbox ? "field check" : "field" },
      checkbox ? control : null,
      h("label", { for: id }, humanize(spec.name)),
      checkbox ? null : control,
      h("p", { class: "help", id: helpId, testid: helpId }, spec.help, acceptedText(spec, control)),
    );
  }

  function acceptedText(spec, control) {
    if (control.tagName === "SELECT" || control.type === "checkbox") return "";
    if (!spec.accepted || /^any /.test(spec.accepted)) return "";
    return ` (${spec.accepted})`;
  }

  function showSeats() {
    const game = currentGame();
    const count = Number(playersSelect.value) || 1;
    const before = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
    const chosenBot = (game && game.default_bot) || "medium";
    const kinds = [
      ...PEOPLE,
      ...levels.map((level) => [level, `Bot: ${level}${level === chosenBot ? " (the default)" : ""}`]),
    ];
    fill(
      seatsBox,
      Array.from({ length: count }, (_, seat) => {
        const id = `seat-select-${seat}`;
        const select = h(
          "select",
          { id, testid: id, on: { change: () => onlyOneYou(select) } },
          kinds.map(([value, text]) => h("option", { value }, text)),
        );
        const kept = before[seat] && kinds.some(([value]) => value === before[seat]);
        select.value = kept ? before[seat] : seat === 0 ? "you" : chosenBot;
        return h("div", { class: "field seat-field" }, h("label", { for: id }, `Player ${seat + 1}`), select);
      }),
    );
  }

  function onlyOneYou(changed) {
    if (changed.value !== "you") return;
    for (const select of seatsBox.querySelectorAll("select")) {
      if (select !== changed && select.value === "you") select.value = "friend";
    }
  }

  /** The options that differ from their defaults (a solo-only option only in a solo game). */
  function chosenOptions(game) {
    const options = {};
    const solo = Number(playersSelect.value) === 1;
    for (const spec of game.options) {
      if (spec.solo_only && !solo) continue;
      const value = optionValue(spec);
      if (value !== undefined && value !== spec.default) options[spec.name] = value;
    }
    return options;
  }

  async function create(event) {
    event.preventDefault();
    clearError();
    createError.textContent = "";
    const game = currentGame();
    if (!game) return;
    const kinds = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
    const seats = kinds.map((kind) =>
      kind === "you" || kind === "friend" ? { kind: "human" } : { kind: "bot", bot: kind },
    );
    const name = nameInput.value.trim();
    saveName(name);
    createButton.disabled = true;
    try {
      const room = await api.createRoom({
        game: game.id,
        players: kinds.length,
        options: chosenOptions(game),
        seats,
      });
      const mine = kinds.indexOf("you");
      if (mine >= 0) {
        // An unnamed player is named by their seat, as the table names them.
        const joined = await api.join(room.id, mine, name || `Player ${mine + 1}`);
        saveSeat(room.id, joined.seat, joined.token);
      }
      announce(`Room created: ${game.title}`);
      location.hash = `#/room/${encodeURIComponent(room.id)}`;
    } catch (error) {
      createError.textContent = error.message;
      showError(`The room was not created: ${error.message}`);
    } finally {
      createButton.disabled = false;
    }
  }

  async function loadRooms() {
    clearTimeout(refreshTimer);
    try {
      for (const status of ["open", "playing", "finished"]) {
        const limit = status === "open" ? LISTED_OPEN : LISTED;
        const fetched = await api.rooms({ status, limit }, shownPages[status]);
        if (stopped) return;
        if (fetched === null) continue; // not modified: the list shown stands
        const { page, etag } = fetched;
        // Open: only the rooms somebody can still join (a free seat for a person).
        const shown = page.rooms.filter((room) => status !== "open" || freeSeats(room).length > 0);
        const rows = await Promise.all(shown.map(roomRow));
        if (stopped) return;
        fill(
          lists[status],
          rows.length ? rows : h("li", { class: "muted empty" }, "none"),
          page.next ? h("li", { class: "muted" }, "and more") : null,
        );
        shownPages[status] = etag;
      }
    } catch (error) {
      if (!stopped) {
        delete shownPages.open; // shown again in full once the server answers
        fill(lists.open, h("li", { class: "muted" }, `cannot list the rooms: ${error.message}`));
      }
    }
    if (!stopped) refreshTimer = setTimeout(loadRooms, ROOMS_REFRESH_MS);
  }

  function freeSeats(room) {
    return room.seats.filter((seat) => seat.kind === "human" && !seat.taken);
  }

  async function roomRow(room) {
    const title = await gameTitle(room.game);
    const options = await optionsWords(room.game, room.options);
    const mine = savedSeat(room.id);
    const seats = room.seats.map((seat) => {
      const label = room.labels[seat.seat];
      const free = seat.kind === "human" && !seat.taken;
      const named = label && label !== `seat ${seat.seat}` ? label : "a player";
      return h(
        "li",
        {},
        `Player ${seat.seat + 1}: `,
        free ? h("em", {}, "free") : named,
        mine && mine.seat === seat.seat ? " (you)" : "",
      );
    });
    const joins =
      room.status === "open" && !mine
        ? freeSeats(room)
            .map((seat) =>
              h(
                "button",
                {
                  type: "button",
                  class: "primary small",
                  testid: `room-join-${seat.seat}`,
                  on: { click: () => (location.hash = `#/room/${encodeURIComponent(room.id)}/join/${seat.seat}`) },
                },
                `Join as player ${seat.seat + 1}`,
              ),
            )
        : [];
    const openText = mine ? "Back to your seat" : room.status === "finished" ? "Result and replay" : "Watch";
    return h(
      "li",
      { class: "room-row", testid: "room-row", dataset: { roomId: room.id, status: room.status } },
      h("div", { class: "room-name" }, h("strong", {}, title), ` · ${plural(room.players, "player")}`, options ? ` · ${options}` : ""),
      h("ul", { class: "room-seats", attrs: { "aria-label": "Seats" } }, seats),
      h(
        "div",
        { class: "room-actions" },
        joins,
        h("a", { href: `#/room/${encodeURIComponent(room.id)}`, class: "button secondary small", testid: "room-open" }, openText),
      ),
    );
  }

  return () => {
    stopped = true;
    clearTimeout(refreshTimer);
  };
}
