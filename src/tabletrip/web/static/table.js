// The table of one room: the board, your moves (on the board or from the list), your private
// area, every seat's public area and the table as the game says them (its presentation
// document), the log in the game's words, hint, undo, the rules of the decision, the
// connection; the result and the replay once the game is over. Each is its own panel; the
// table holds the view, the seat's token and whether a move is on its way, and tells the
// panels what to draw.

import { api, forgetSeat, savedSeat } from "./api.js";
import { createBoardPanel } from "./board_panel.js";
import { announce, clearError, fill, h, plural, showError } from "./dom.js";
import { createMovesPanel } from "./moves_panel.js";
import { createLogPanel, renderInvites, renderSeatList } from "./panels.js";
import { createEndPanels, endText } from "./result.js";
import { RoomSocket } from "./socket.js";
import { createStatePanels } from "./state_panels.js";
import { createConnectionStatus, createRoomHeading, createTurnIndicator } from "./table_status.js";
import { createToolsPanel } from "./tools_panel.js";
import { setStaticNames } from "./values.js";

const STALE = "stale version";

/** Render the table of room `roomId` into `main`; returns a function that stops it. */
export function renderTable(main, roomId) {
  const saved = savedSeat(roomId);
  let token = saved ? saved.token : null;
  let view = null;
  let pending = false; // a move or undo was sent: wait for its view (or its error)
  let stopped = false;

  // --- the page ------------------------------------------------------------------------------
  const heading = createRoomHeading();
  const connection = createConnectionStatus(() => socket.reconnectNow());
  const turn = createTurnIndicator();
  const seatList = h("ul", { class: "seat-list", testid: "seat-list", attrs: { "aria-label": "Seats" } });
  const invitePanel = h("section", { class: "panel invite-panel", testid: "invite-panel", hidden: true });
  const states = createStatePanels(() => end.redraw());
  const end = createEndPanels(states.rawShown);
  const board = createBoardPanel(roomId, {
    token: () => token,
    live: () => myTurn() && !pending,
    onPlay: play,
    onNoBoard: () => {
      // No board: the states take the wide column instead.
      mainCol.insertBefore(states.mine, states.seats);
      mainCol.insertBefore(states.raw, end.replay);
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
  const log = createLogPanel();

  // Under the board: every player's area and the table; beside it: your moves and your own.
  const mainCol = h("div", { class: "main-col" }, end.result, board.element, states.seats, states.shared, end.replay);
  const sideCol = h(
    "div",
    { class: "side-col" },
    moves.element,
    tools.element,
    states.mine,
    log.element,
    states.raw,
    states.rawRow,
  );
  const section = h(
    "section",
    { class: "table", testid: "table", dataset: { roomId, status: "", version: "", seat: "", yourTurn: "false" } },
    h("header", { class: "table-head" }, heading.element, connection.element),
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
      heading.say(status === 404 ? "No such room" : "This room cannot be shown");
      showError(message);
    },
  });
  socket.start();

  // --- views ---------------------------------------------------------------------------------
  function onView(next) {
    const previous = view;
    view = next;
    pending = false;
    if (!previous || previous.version !== view.version) board.closeMenus();
    heading.draw(view, myTurn());
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
    log.draw(view);
    if (view.status === "finished") end.show(view);
    announceChange(previous);
    board.refresh(view);
  }

  function myTurn() {
    return view !== null && view.status === "playing" && view.seat !== null && view.current_player === view.seat;
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

  return () => {
    stopped = true;
    board.stop();
    socket.stop();
    end.stop();
  };
}
