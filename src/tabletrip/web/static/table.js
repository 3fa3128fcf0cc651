// The table of one room: the board, your moves (on the board or from the list), your private
// area, every seat's public area and the table as the game says them (its presentation
// document), the log in the game's words, hint, undo, the rules of the decision, the
// connection; the result and the replay once the game is over. Each is its own panel; the
// table holds the view, the seat's token and whether a move is on its way, and tells the
// panels what to draw.

import { api, forgetSeat, gameTitle, optionsWords, savedSeat } from "./api.js";
import { createBoardPanel } from "./board_panel.js";
import { announce, clearError, fill, h, plural, showError } from "./dom.js";
import { createMovesPanel } from "./moves_panel.js";
import { renderInvites, renderLog, renderSeatList } from "./panels.js";
import { createReplay } from "./replay.js";
import { endText, renderResult } from "./result.js";
import { RoomSocket } from "./socket.js";
import { createStatePanels } from "./state_panels.js";
import { createConnectionStatus, createTurnIndicator } from "./table_status.js";
import { createToolsPanel } from "./tools_panel.js";
import { setStaticNames } from "./values.js";

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
  let stopped = false;

  // --- the page ------------------------------------------------------------------------------
  const heading = h("h1", { testid: "room-title", class: "room-title" }, "Loading the room…");
  const connection = createConnectionStatus(() => socket.reconnectNow());
  const turn = createTurnIndicator();
  const seatList = h("ul", { class: "seat-list", testid: "seat-list", attrs: { "aria-label": "Seats" } });
  const invitePanel = h("section", { class: "panel invite-panel", testid: "invite-panel", hidden: true });
  const states = createStatePanels(() => replay && replay.redraw());
  const board = createBoardPanel(roomId, {
    token: () => token,
    live: () => myTurn() && !pending,
    onPlay: play,
    onNoBoard: () => {
      // No board: the states take the wide column instead.
      mainCol.insertBefore(states.mine, states.seats);
      mainCol.insertBefore(states.raw, replayBox);
    },
    onWide: (wide) => section.classList.toggle("wide-board", wide),
    focusAway: turn.focus,
    onError: showError,
  });
  const moves = createMovesPanel({ onPlay: play, onPreview: board.preview, focusAway: turn.focus });
  const tools = createToolsPanel(roomId, {
    token: () => token,
    view: () => view,
    onUndo: undo,
    onPlay: play,
    redraw: drawTurn,
  });
  const resultBox = h("div", { class: "result-box" });
  const replayBox = h("div", { class: "replay-box" });
  const logPanel = h("section", { class: "panel log-panel", attrs: { "aria-label": "Moves so far" } });

  // Under the board: every player's area and the table; beside it: your moves and your own.
  const mainCol = h("div", { class: "main-col" }, resultBox, board.element, states.seats, states.shared, replayBox);
  const sideCol = h(
    "div",
    { class: "side-col" },
    moves.element,
    tools.element,
    states.mine,
    logPanel,
    states.raw,
    states.rawRow,
  );
  const section = h(
    "section",
    { class: "table", testid: "table", dataset: { roomId, status: "", version: "", seat: "", yourTurn: "false" } },
    h("header", { class: "table-head" }, heading, connection.element),
    h("div", { class: "turn-row" }, turn.element, seatList),
    invitePanel,
    h("div", { class: "table-grid" }, mainCol, sideCol),
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
      if (view) states.draw(view);
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
    onStatus: (status) => {
      connection.draw(status);
      drawTurn();
    },
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

  // --- views ---------------------------------------------------------------------------------
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
    if (!previous || previous.version !== view.version) board.closeMenus();
    drawHeading();
    section.dataset.status = view.status;
    section.dataset.version = String(view.version);
    section.dataset.seat = view.seat === null ? "" : String(view.seat);
    section.dataset.yourTurn = String(myTurn());
    tools.draw(view);
    drawTurn();
    renderSeatList(seatList, view, (seat) => (location.hash = `#/room/${encodeURIComponent(roomId)}/join/${seat}`));
    renderInvites(invitePanel, view);
    drawMoves();
    states.draw(view);
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

  /** The turn line and what may be used now (the moves, undo, hint). */
  function drawTurn() {
    if (!view) return;
    turn.draw(view, { mine: myTurn(), pending });
    moves.enable(canAct());
    tools.enable({
      undo: view.can_undo && !pending && socketUsable(),
      hint: myTurn() && view.legal_actions.length > 0,
    });
  }

  function drawMoves() {
    if (view) moves.draw(view, { mine: myTurn(), canAct: canAct() });
  }

  function canAct() {
    return myTurn() && !pending && socketUsable();
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

  // --- moves and undo: by the socket where it is open, else over REST -------------------------
  function sent() {
    clearError();
    pending = true;
    drawTurn();
    board.draw();
  }

  function failed(error, quiet) {
    pending = false;
    drawTurn();
    board.draw();
    if (!quiet) showError(error.message);
  }

  async function play(action) {
    if (!view || pending) return;
    sent();
    if (socket.send({ type: "action", version: view.version, action: action.json })) return;
    try {
      onView(await api.act(roomId, token, view.version, action.json));
    } catch (error) {
      failed(error, error.message.startsWith(STALE));
    }
  }

  async function undo() {
    if (!view || pending) return;
    sent();
    if (socket.send({ type: "undo", version: view.version })) return;
    try {
      onView(await api.undo(roomId, token, view.version));
    } catch (error) {
      failed(error, false);
    }
  }

  // --- the end -------------------------------------------------------------------------------
  function showResult() {
    if (resultShown || !view.result) return;
    resultShown = true;
    fill(resultBox, renderResult(view));
    replay = createReplay(view, { raw: states.rawShown });
    fill(replayBox, replay.element);
  }

  return () => {
    stopped = true;
    board.stop();
    socket.stop();
    if (replay) replay.stop();
  };
}
