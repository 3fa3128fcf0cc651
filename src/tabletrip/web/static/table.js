// The table of one room: the board, your moves (on the board or from the list), your private
// area, every seat's public area and the table as the game says them (its presentation
// document), the log in the game's words, hint, undo, the rules of the decision, the
// connection; the result and the replay once the game is over. The raw observation is drawn
// for a game without a presentation, and behind "Show raw data" for one with it.

import { api, forgetSeat, gameTitle, optionsWords, savedSeat } from "./api.js";
import { renderActions } from "./actions.js";
import { createBoardPanel } from "./board_panel.js";
import { renderDocumentPanels } from "./document.js";
import { announce, clearError, fill, h, plural, seatName, showError } from "./dom.js";
import { renderHint, renderHintError, renderHintWaiting } from "./hint.js";
import { renderInvites, renderLog, renderPrivate, renderPublic, renderSeatList } from "./panels.js";
import { createReplay } from "./replay.js";
import { endText, renderResult } from "./result.js";
import { RoomSocket } from "./socket.js";
import { setStaticNames } from "./values.js";

const RAW_KEY = "tabletrip.raw"; // this browser shows the raw data too ("1")

const STALE = "stale version";

/** Render the table of room `roomId` into `main`; returns a function that stops it. */
export function renderTable(main, roomId) {
  const saved = savedSeat(roomId);
  let token = saved ? saved.token : null;
  let view = null;
  let title = "";
  let titleAsked = false;
  let pending = false; // a move or undo was sent: wait for its view (or its error)
  let replay = null;
  let resultShown = false;
  let showAllLog = false;
  let hintVersion = -1;
  let stopped = false;

  // --- the page ------------------------------------------------------------------------------
  const heading = h("h1", { testid: "room-title", class: "room-title" }, "Loading the room…");
  const statusText = h("span", { class: "status-text", testid: "connection-text" }, "Connecting…");
  const reconnectButton = h(
    "button",
    { type: "button", class: "secondary small", testid: "reconnect-now", hidden: true, on: { click: () => socket.reconnectNow() } },
    "Reconnect now",
  );
  const connection = h(
    "p",
    { class: "connection", testid: "connection-status", dataset: { state: "connecting" }, attrs: { role: "status" } },
    h("span", { class: "dot", attrs: { "aria-hidden": "true" } }),
    statusText,
    reconnectButton,
  );
  const turn = h("p", { class: "turn-indicator", testid: "turn-indicator", tabIndex: -1 });
  const seatList = h("ul", { class: "seat-list", testid: "seat-list", attrs: { "aria-label": "Seats" } });
  const invitePanel = h("section", { class: "panel invite-panel", testid: "invite-panel", hidden: true });

  const board = createBoardPanel(roomId, {
    token: () => token,
    live: () => myTurn() && !pending,
    onPlay: (action) => play(action),
    onNoBoard: () => {
      // No board: the states take the wide column instead.
      mainCol.insertBefore(privatePanel, seatsPanel);
      mainCol.insertBefore(rawBox, replayBox);
    },
    onWide: (wide) => section.classList.toggle("wide-board", wide),
    focusAway: () => turn.focus(),
    onError: showError,
  });
  const resultBox = h("div", { class: "result-box" });
  const replayBox = h("div", { class: "replay-box" });

  const filter = h("input", {
    id: "action-filter",
    type: "search",
    placeholder: "words of a move",
    testid: "action-filter",
    on: { input: () => drawActions() },
  });
  const actionCount = h("p", { class: "muted action-count", testid: "action-count" });
  const actionList = h("ul", { class: "action-list", attrs: { "aria-label": "Legal moves" } });
  const actionsHeading = h("h2", { tabIndex: -1, id: "actions-heading" }, "Your moves");
  const actionsPanel = h(
    "section",
    { class: "panel actions-panel", testid: "actions", hidden: true, attrs: { "aria-labelledby": "actions-heading" } },
    actionsHeading,
    h("div", { class: "field" }, h("label", { for: "action-filter" }, "Filter the moves"), filter),
    actionCount,
    actionList,
  );
  const undoButton = h(
    "button",
    { type: "button", class: "secondary", testid: "undo-button", disabled: true, on: { click: undo } },
    "Undo my last move",
  );
  const hintButton = h(
    "button",
    { type: "button", class: "secondary", testid: "hint-button", disabled: true, on: { click: askHint } },
    "Hint",
  );
  const hintPanel = h("div", { class: "hint-panel", testid: "hint-panel", hidden: true, attrs: { "aria-live": "polite" } });
  const helpText = h("p", { class: "help-text", testid: "decision-help-text" });
  const help = h(
    "details",
    { class: "decision-help", testid: "decision-help" },
    h("summary", {}, "Rules for this decision"),
    helpText,
  );
  const toolsPanel = h(
    "section",
    { class: "panel tools", attrs: { "aria-label": "Help and undo" } },
    h("div", { class: "tool-buttons" }, undoButton, hintButton),
    hintPanel,
    help,
  );
  // The game's own words: yours only, every player's area, the table.
  const privatePanel = h("section", { class: "panel private-area", testid: "private-area", hidden: true });
  const seatsPanel = h("section", { class: "panel public-state", testid: "public-state", hidden: true });
  const sharedPanel = h("section", { class: "panel table-state", testid: "table-state", hidden: true });
  // The observation as data (a game without a presentation, or "Show raw data").
  const rawPrivate = h("section", { class: "panel private-area", testid: "raw-private", hidden: true });
  const rawSeats = h("section", { class: "panel public-state", testid: "raw-seats" });
  const rawShared = h("section", { class: "panel table-state", testid: "raw-table" });
  const eventsPanel = h("section", { class: "panel events", testid: "events", hidden: true });
  const rawHeading = h("h2", { class: "raw-heading" }, "Raw data (for developers)");
  const rawBox = h("div", { class: "raw-box", testid: "raw-data", hidden: true }, rawHeading, rawPrivate, rawSeats, rawShared, eventsPanel);
  let rawShown = localStorage.getItem(RAW_KEY) === "1";
  const rawToggle = h("input", {
    type: "checkbox",
    id: "raw-toggle",
    testid: "raw-toggle",
    checked: rawShown,
    on: {
      change: () => {
        rawShown = rawToggle.checked;
        localStorage.setItem(RAW_KEY, rawShown ? "1" : "0");
        if (view) drawStates();
        if (replay) replay.redraw();
      },
    },
  });
  const rawRow = h("p", { class: "raw-toggle muted", hidden: true }, rawToggle, h("label", { for: "raw-toggle" }, "Show raw data"));
  const logPanel = h("section", { class: "panel log-panel", attrs: { "aria-label": "Moves so far" } });

  // Under the board: every player's area and the table; beside it: your moves and your own.
  const mainCol = h("div", { class: "main-col" }, resultBox, board.element, seatsPanel, sharedPanel, replayBox);
  const section = h(
    "section",
    { class: "table", testid: "table", dataset: { roomId, status: "", version: "", seat: "", yourTurn: "false" } },
    h("header", { class: "table-head" }, heading, connection),
    h("div", { class: "turn-row" }, turn, seatList),
    invitePanel,
    h(
      "div",
      { class: "table-grid" },
      mainCol,
      h("div", { class: "side-col" }, actionsPanel, toolsPanel, privatePanel, logPanel, rawBox, rawRow),
    ),
  );
  fill(main, section);

  api.games().catch(() => {}); // warm the games list for titles
  // The game's fixed content names the ids the observation refers to (route ids...).
  setStaticNames(null);
  api
    .staticInfo(roomId)
    .then((info) => {
      if (stopped) return;
      setStaticNames(info);
      if (view) drawStates();
    })
    .catch(() => {}); // without it the ids are shown as they are

  // --- the connection ------------------------------------------------------------------------
  const socket = new RoomSocket(roomId, token, {
    onView: (message) => {
      const { type, ...received } = message;
      onView(received);
    },
    onError: (message, status) => {
      pending = false;
      if (message.startsWith(STALE)) return; // a newer view is on its way
      if (status === 403 && token && !view) return; // refused hello: handled by onRefused
      showError(message);
      drawTurn();
      board.draw();
    },
    onStatus: drawConnection,
    onRefused: (message, status) => {
      if (token && status === 403) {
        // This browser's token is not valid for this room any more: watch instead.
        forgetSeat(roomId);
        token = null;
        socket.token = null;
        showError(`Your seat could not be resumed (${message}): you are watching.`);
        socket.stopped = false;
        socket.connect();
        return;
      }
      heading.textContent = status === 404 ? "No such room" : "This room cannot be shown";
      showError(message);
    },
  });
  socket.start();

  function drawConnection({ state, attempt, delay, message, reconnected }) {
    connection.dataset.state = state;
    reconnectButton.hidden = state !== "lost";
    if (state === "connecting") statusText.textContent = attempt ? `Reconnecting (attempt ${attempt})…` : "Connecting…";
    else if (state === "open") {
      statusText.textContent = reconnected ? "Reconnected" : "Connected";
      if (reconnected) {
        clearError();
        announce("Reconnected to the table");
      }
    } else if (state === "lost") {
      statusText.textContent = `Connection lost. Reconnecting in ${delay < 1 ? "a moment" : `${delay} s`}…`;
      if (attempt === 1) announce("Connection lost: reconnecting");
    } else statusText.textContent = `Disconnected: ${message}`;
    drawTurn();
  }

  // --- views ---------------------------------------------------------------------------------
  function drawStates() {
    const words = Boolean(view.document);
    rawRow.hidden = !words;
    if (words) renderDocumentPanels(view, { mine: privatePanel, seats: seatsPanel, shared: sharedPanel });
    else for (const panel of [privatePanel, seatsPanel, sharedPanel]) panel.hidden = true;
    const raw = !words || rawShown;
    rawBox.hidden = !raw;
    rawHeading.hidden = !words;
    if (raw) {
      renderPrivate(rawPrivate, view);
      renderPublic(rawSeats, rawShared, eventsPanel, view);
    }
  }

  function onView(next) {
    const previous = view;
    view = next;
    pending = false;
    if (!titleAsked) {
      titleAsked = true;
      const options = view.options || {};
      Promise.all([gameTitle(view.game), optionsWords(view.game, options)]).then(([text, words]) => {
        title = words ? `${text} · ${words}` : text;
        drawHeading();
      });
    }
    if (!previous || previous.version !== view.version) {
      board.closeMenus();
      if (hintVersion !== view.version) {
        hintPanel.hidden = true;
        fill(hintPanel);
      }
    }
    drawHeading();
    section.dataset.status = view.status;
    section.dataset.version = String(view.version);
    section.dataset.seat = view.seat === null ? "" : String(view.seat);
    section.dataset.yourTurn = String(myTurn());
    drawTurn();
    renderSeatList(seatList, view, (seat) => (location.hash = `#/room/${encodeURIComponent(roomId)}/join/${seat}`));
    renderInvites(invitePanel, view);
    drawActions();
    helpText.textContent = view.help || (view.status === "playing" ? "No explanation is given for this decision." : "");
    help.hidden = view.status !== "playing";
    toolsPanel.hidden = view.seat === null || view.status === "finished";
    drawStates();
    renderLog(logPanel, view, showAllLog, () => {
      showAllLog = true;
      renderLog(logPanel, view, true, () => {});
    });
    if (view.status === "finished") showResult();
    announceChange(previous);
    board.refresh(view);
  }

  function myTurn() {
    return view !== null && view.status === "playing" && view.seat !== null && view.current_player === view.seat;
  }

  function drawHeading() {
    if (!view) return;
    const name = title || "…";
    heading.textContent = name;
    const prefix = myTurn() ? "Your turn · " : "";
    document.title = `${prefix}${name} · tabletrip`;
  }

  function drawTurn() {
    if (!view) return;
    let text;
    turn.classList.toggle("yours", myTurn());
    let thinking = false;
    if (view.status === "open") {
      const free = view.seats.filter((seat) => !seat.taken).map((seat) => seatName(view, seat.seat));
      text = `Waiting for ${listing(free)} to join.`;
    } else if (view.status === "finished") {
      text = `Game over. ${endText(view)}`;
    } else if (myTurn()) {
      text = pending ? "Your turn: sending your move…" : "Your turn.";
    } else {
      const who = view.current_player;
      thinking = Boolean(view.seats[who] && view.seats[who].kind === "bot");
      text = thinking ? `${seatName(view, who)} is thinking…` : `Waiting for ${seatName(view, who)}.`;
    }
    turn.classList.toggle("thinking", thinking);
    turn.dataset.thinking = String(thinking);
    fill(turn, thinking ? h("span", { class: "spinner", attrs: { "aria-hidden": "true" } }) : null, text);
    const canAct = myTurn() && !pending && socketUsable();
    // Disabling the focused button would drop the focus to the page: keep it in sight.
    if (!canAct && actionList.contains(document.activeElement)) actionsHeading.focus();
    undoButton.disabled = !(view.can_undo && !pending && socketUsable());
    hintButton.disabled = !myTurn() || view.legal_actions.length === 0;
    for (const button of actionList.querySelectorAll("button")) button.disabled = !canAct;
  }

  function socketUsable() {
    return socket.isOpen || token !== null;
  }

  function announceChange(previous) {
    const wasMine = previous !== null && previous.status === "playing" && previous.current_player === previous.seat;
    if (view.status === "finished" && (!previous || previous.status !== "finished")) {
      announce(`Game over. ${endText(view)}`);
    } else if (myTurn() && (!wasMine || !previous)) {
      announce(`Your turn. ${plural(view.legal_actions.length, "possible move")}.`);
    } else if (previous && previous.status === "open" && view.status === "playing") {
      announce("Every seat is taken: the game starts.");
    }
  }

  // --- moves ---------------------------------------------------------------------------------
  function drawActions() {
    if (!view) return;
    const mine = myTurn();
    actionsPanel.hidden = !mine;
    if (!mine) {
      if (actionsPanel.contains(document.activeElement)) turn.focus();
      fill(actionList);
      return;
    }
    const focused = actionList.contains(document.activeElement) ? document.activeElement.dataset.actionText : null;
    const count = renderActions(actionList, view.legal_actions, filter.value, {
      onPlay: play,
      onPreview: board.preview,
      disabled: pending || !socketUsable(),
    });
    const total = view.legal_actions.length;
    actionCount.textContent =
      count === total ? plural(total, "possible move") : `${count} of ${plural(total, "move")} ${count === 1 ? "matches" : "match"}`;
    if (focused !== null) {
      const again = [...actionList.querySelectorAll("button")].find((b) => b.dataset.actionText === focused);
      (again || actionsHeading).focus();
    }
  }

  async function play(action) {
    if (!view || pending) return;
    clearError();
    pending = true;
    drawTurn();
    board.draw();
    const message = { type: "action", version: view.version, action: action.json };
    if (socket.send(message)) return;
    try {
      onView(await api.act(roomId, token, view.version, action.json));
    } catch (error) {
      pending = false;
      drawTurn();
      board.draw();
      if (!error.message.startsWith(STALE)) showError(error.message);
    }
  }

  async function undo() {
    if (!view || pending) return;
    clearError();
    pending = true;
    drawTurn();
    board.draw();
    if (socket.send({ type: "undo", version: view.version })) return;
    try {
      onView(await api.undo(roomId, token, view.version));
    } catch (error) {
      pending = false;
      drawTurn();
      board.draw();
      showError(error.message);
    }
  }

  async function askHint() {
    if (!view || !myTurn()) return;
    const version = view.version;
    hintVersion = version;
    hintPanel.hidden = false;
    renderHintWaiting(hintPanel);
    hintButton.disabled = true;
    try {
      const answer = await api.hint(roomId, token);
      if (!view || view.version !== version) return;
      renderHint(hintPanel, answer, playHint);
    } catch (error) {
      if (view && view.version === version) renderHintError(hintPanel, error.message);
    } finally {
      drawTurn();
    }
  }

  function playHint(candidate) {
    const action = view.legal_actions.find((a) => a.text === candidate.text) || {
      text: candidate.text,
      json: candidate.json,
    };
    play(action);
  }

  // --- the end -------------------------------------------------------------------------------
  function showResult() {
    if (resultShown || !view.result) return;
    resultShown = true;
    fill(resultBox, renderResult(view));
    replay = createReplay(view, { raw: () => rawShown });
    fill(replayBox, replay.element);
  }

  /** "Ann", "Ann and Bea", "Ann, Bea and Cy". */
  function listing(names) {
    return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  }

  return () => {
    stopped = true;
    board.stop();
    socket.stop();
    if (replay) replay.stop();
  };
}
