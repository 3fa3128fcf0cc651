// The table of one room: the board, your moves (on the board or from the list), your private
// area, every seat's public state, the log, hint, undo, the rules of the decision, the
// connection; the result and the replay once the game is over.

import { api, forgetSeat, gameTitle, savedSeat } from "./api.js";
import { renderActions } from "./actions.js";
import { clearTargets, markTargets, openMenu, showSvg } from "./board.js";
import { announce, clearError, fill, h, seatName, showError } from "./dom.js";
import { renderInvites, renderLog, renderPrivate, renderPublic, renderSeatList } from "./panels.js";
import { createReplay } from "./replay.js";
import { renderResult, winnerText } from "./result.js";
import { RoomSocket } from "./socket.js";
import { setStaticNames } from "./values.js";

const STALE = "stale version";
const READABLE_PX = 7.5; // a wide board's typical text is drawn at least this high by default

/** Render the table of room `roomId` into `main`; returns a function that stops it. */
export function renderTable(main, roomId) {
  const saved = savedSeat(roomId);
  let token = saved ? saved.token : null;
  let view = null;
  let title = "";
  let pending = false; // a move or undo was sent: wait for its view (or its error)
  let boardState = { version: -1, svg: undefined, loading: false, none: false };
  let closeMenu = null;
  let replay = null;
  let resultShown = false;
  let showAllLog = false;
  let hintVersion = -1;
  let stopped = false;
  let zoomChosen = false; // the player picked a zoom: keep it

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

  const boardEl = h("div", { class: "board", testid: "board" }, h("p", { class: "muted" }, "Loading the board…"));
  const boardEmpty = h(
    "p",
    { class: "board-empty muted", testid: "board-empty", hidden: true },
    "This game draws no board here yet: use the list of moves.",
  );
  const menu = h("div", { class: "board-menu", testid: "board-menu", hidden: true, attrs: { role: "dialog" } });
  const boardWrap = h("div", { class: "board-wrap" }, boardEl, menu);
  const zoom = h(
    "select",
    {
      id: "zoom-select",
      testid: "zoom-select",
      on: {
        change: () => {
          zoomChosen = true;
          setZoom(zoom.value);
        },
      },
    },
    h("option", { value: "fit" }, "fit"),
    h("option", { value: "150" }, "150%"),
    h("option", { value: "200" }, "200%"),
    h("option", { value: "300" }, "300%"),
  );
  const zoomLabel = h("label", { class: "zoom" }, "Zoom ", zoom);
  const boardHint = h(
    "p",
    { class: "muted board-hint", hidden: true },
    "Highlighted places are moves you can make: click one, or Tab to the board, pick one with the arrow keys and press Enter.",
  );
  const boardPanel = h(
    "section",
    { class: "panel board-panel", attrs: { "aria-label": "Board" } },
    h("div", { class: "panel-head" }, h("h2", {}, "Board"), zoomLabel),
    boardHint,
    boardWrap,
    boardEmpty,
  );
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
  const privatePanel = h("section", { class: "panel private-area", testid: "private-area", hidden: true });
  const seatsPanel = h("section", { class: "panel public-state", testid: "public-state" });
  const sharedPanel = h("section", { class: "panel table-state", testid: "table-state" });
  const eventsPanel = h("section", { class: "panel events", testid: "events", hidden: true });
  const logPanel = h("section", { class: "panel log-panel", attrs: { "aria-label": "Moves so far" } });

  const mainCol = h("div", { class: "main-col" }, resultBox, boardPanel, replayBox);
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
      h("div", { class: "side-col" }, actionsPanel, toolsPanel, privatePanel, seatsPanel, sharedPanel, eventsPanel, logPanel),
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
      drawBoard();
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
    renderPrivate(privatePanel, view);
    renderPublic(seatsPanel, sharedPanel, eventsPanel, view);
  }

  function onView(next) {
    const previous = view;
    view = next;
    pending = false;
    if (!title) {
      gameTitle(view.game).then((text) => {
        title = text;
        drawHeading();
      });
    }
    if (!previous || previous.version !== view.version) {
      if (closeMenu) closeMenu();
      closeMenu = null;
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
    refreshBoard();
  }

  function myTurn() {
    return view !== null && view.status === "playing" && view.seat !== null && view.current_player === view.seat;
  }

  function drawHeading() {
    if (!view) return;
    const name = title || view.game;
    heading.textContent = `${name} · room ${view.id}`;
    const prefix = myTurn() ? "Your turn · " : "";
    document.title = `${prefix}${name} · tabletrip`;
  }

  function drawTurn() {
    if (!view) return;
    let text;
    turn.classList.toggle("yours", myTurn());
    if (view.status === "open") {
      const free = view.seats.filter((seat) => !seat.taken).map((seat) => seat.seat);
      text = `Waiting for players to join: seat${free.length > 1 ? "s" : ""} ${free.join(", ")} free.`;
    } else if (view.status === "finished") {
      text = `Game over. ${winnerText(view)}.`;
    } else if (myTurn()) {
      text = pending ? "Your turn: sending your move…" : "Your turn.";
    } else {
      const who = view.current_player;
      const bot = view.seats[who] && view.seats[who].kind === "bot";
      text = `Waiting for ${seatName(view, who)}${bot ? " (thinking)" : ""}.`;
    }
    turn.textContent = text;
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
      announce(`Game over. ${winnerText(view)}.`);
    } else if (myTurn() && (!wasMine || !previous)) {
      announce(`Your turn. ${view.legal_actions.length} possible moves.`);
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
      onPreview: preview,
      disabled: pending || !socketUsable(),
    });
    const total = view.legal_actions.length;
    actionCount.textContent = count === total ? `${total} possible moves` : `${count} of ${total} moves match`;
    if (focused !== null) {
      const again = [...actionList.querySelectorAll("button")].find((b) => b.dataset.actionText === focused);
      (again || actionsHeading).focus();
    }
  }

  function preview(keys) {
    for (const el of boardEl.querySelectorAll("[data-target].preview")) el.classList.remove("preview");
    if (!keys) return;
    for (const key of keys) {
      for (const el of boardEl.querySelectorAll(`[data-target="${CSS.escape(key)}"]`)) el.classList.add("preview");
    }
  }

  async function play(action) {
    if (!view || pending) return;
    clearError();
    pending = true;
    drawTurn();
    drawBoard();
    const message = { type: "action", version: view.version, action: action.json };
    if (socket.send(message)) return;
    try {
      onView(await api.act(roomId, token, view.version, action.json));
    } catch (error) {
      pending = false;
      drawTurn();
      drawBoard();
      if (!error.message.startsWith(STALE)) showError(error.message);
    }
  }

  async function undo() {
    if (!view || pending) return;
    clearError();
    pending = true;
    drawTurn();
    drawBoard();
    if (socket.send({ type: "undo", version: view.version })) return;
    try {
      onView(await api.undo(roomId, token, view.version));
    } catch (error) {
      pending = false;
      drawTurn();
      drawBoard();
      showError(error.message);
    }
  }

  async function askHint() {
    if (!view || !myTurn()) return;
    const version = view.version;
    hintVersion = version;
    hintPanel.hidden = false;
    fill(hintPanel, h("p", { testid: "hint-status" }, "The hard bot is thinking (about a second)…"));
    hintButton.disabled = true;
    try {
      const answer = await api.hint(roomId, token);
      if (!view || view.version !== version) return;
      fill(
        hintPanel,
        h("p", { testid: "hint-status" }, `The hard bot's advice (${answer.iterations} playouts of the rest of the game):`),
        h(
          "ol",
          { class: "hint-list" },
          answer.candidates.map((candidate) =>
            h(
              "li",
              { testid: "hint-item", dataset: { actionText: candidate.text } },
              h("code", {}, candidate.text),
              h("span", { class: "muted" }, ` ${candidateWords(candidate)} `),
              h(
                "button",
                {
                  type: "button",
                  class: "primary small",
                  testid: "hint-play",
                  dataset: { actionText: candidate.text },
                  on: { click: () => playHint(candidate) },
                },
                "Play this",
              ),
            ),
          ),
        ),
      );
    } catch (error) {
      if (view && view.version === version) fill(hintPanel, h("p", { testid: "hint-status" }, `No hint: ${error.message}`));
    } finally {
      drawTurn();
    }
  }

  function candidateWords(candidate) {
    if (candidate.win_rate === null) return "(the only legal move)";
    const share = Math.round(candidate.share * 100);
    const won = Math.round(candidate.win_rate * 100);
    const score = Math.round(candidate.expected_score);
    return `— tried in ${share}% of the playouts; you won ${won}% of them, scoring ${score} on average.`;
  }

  function playHint(candidate) {
    const action = view.legal_actions.find((a) => a.text === candidate.text) || {
      text: candidate.text,
      json: candidate.json,
    };
    play(action);
  }

  // --- the board -----------------------------------------------------------------------------
  async function refreshBoard() {
    // At once: a board older than the view loses its highlights until the new one is drawn.
    drawBoard();
    if (!view || boardState.none || boardState.loading || boardState.version >= view.version) {
      return;
    }
    boardState.loading = true;
    try {
      for (let round = 0; round < 4 && view && boardState.version < view.version && !stopped; round += 1) {
        const data = await api.board(roomId, token);
        if (stopped) return;
        if (data.svg === null) {
          boardState = { ...boardState, version: data.version, svg: null, none: true };
          // No board: the states take the wide column instead.
          mainCol.append(privatePanel, seatsPanel, sharedPanel, eventsPanel);
          break;
        }
        if (data.version > boardState.version) {
          const changed = data.svg !== boardState.svg;
          boardState = { ...boardState, version: data.version, svg: data.svg };
          if (changed) {
            if (closeMenu) closeMenu();
            closeMenu = null;
            const hadFocus = boardEl.contains(document.activeElement);
            const root = showSvg(boardEl, data.svg);
            if (hadFocus) turn.focus();
            section.classList.toggle("wide-board", isWide(root));
            if (!zoomChosen) autoZoom(root);
          }
        }
      }
    } catch (error) {
      if (!stopped && error.status !== 0) showError(`the board could not be loaded: ${error.message}`);
    } finally {
      boardState.loading = false;
    }
    drawBoard();
  }

  /** A board much wider than high gets the page's whole width (the panels go below). */
  function isWide(root) {
    const box = root && root.viewBox && root.viewBox.baseVal;
    return Boolean(box && box.height > 0 && box.width / box.height > 1.9);
  }

  function drawBoard() {
    if (!view) return;
    boardEmpty.hidden = !boardState.none;
    boardWrap.hidden = boardState.none;
    zoomLabel.hidden = boardState.none;
    const live = myTurn() && !pending && boardState.version === view.version && !boardState.none;
    boardHint.hidden = !live || !view.legal_actions.some((action) => (action.targets || []).length > 0);
    if (live) markTargets(boardEl, view.legal_actions, pick);
    else clearTargets(boardEl);
  }

  function pick(key, actions, element) {
    if (closeMenu) closeMenu();
    const title = element.querySelector("title");
    closeMenu = openMenu(menu, {
      label: `${title ? title.textContent.trim() : key}: ${actions.length === 1 ? "play this move?" : "choose a move"}`,
      actions,
      element,
      wrap: boardWrap,
      onPlay: (action) => {
        closeMenu = null;
        play(action);
      },
    });
  }

  /** A wide board's default zoom on a desktop screen: the smallest that makes its typical
   * text (the median font size, as drawn) at least READABLE_PX high; "fit" otherwise. */
  function autoZoom(root) {
    let value = "fit";
    if (isWide(root) && window.matchMedia("(min-width: 700px)").matches) {
      const box = root.viewBox.baseVal;
      const shown = root.getBoundingClientRect().width / (boardEl.style.width ? parseFloat(boardEl.style.width) / 100 : 1);
      const sizes = [...root.querySelectorAll("text")]
        .map((text) => parseFloat(getComputedStyle(text).fontSize))
        .filter((size) => size > 0)
        .sort((a, b) => a - b);
      if (sizes.length && box.width > 0 && shown > 0) {
        const median = (sizes[sizes.length >> 1] * shown) / box.width;
        const fit = ["150", "200"].find((zoomed) => (median * Number(zoomed)) / 100 >= READABLE_PX);
        if (median < READABLE_PX) value = fit || "200";
      }
    }
    if (zoom.value !== value) {
      zoom.value = value;
      setZoom(value);
    }
  }

  function setZoom(value) {
    boardEl.style.width = value === "fit" ? "" : `${value}%`;
    boardWrap.classList.toggle("zoomed", value !== "fit");
  }

  // --- the end -------------------------------------------------------------------------------
  function showResult() {
    if (resultShown || !view.result) return;
    resultShown = true;
    fill(resultBox, renderResult(view));
    replay = createReplay(view);
    fill(replayBox, replay.element);
  }

  return () => {
    stopped = true;
    socket.stop();
    if (replay) replay.stop();
  };
}
