// The table's board panel: the game's picture of the room, fetched when the view moves on,
// its legal moves highlighted and clickable (with a menu where one place has several moves),
// a zoom that follows your piece, and the name of the place under the keyboard's focus.
// The table gives it the view and tells it whether the seat may move; it owns nothing else.

import { api } from "./api.js";
import { HIT_PX, clearTargets, markTargets, openMenu, showSvg, targetLabel } from "./board.js";
import { h } from "./dom.js";

/**
 * The board panel of a room. `options`: `token()` (the seat's token, or null), `live()`
 * (whether the seat may move now), `onPlay(action)`, `onNoBoard()` (the game draws none:
 * the table lays out without it), `onWide(wide)`, `focusAway()` (where the focus goes when the
 * board it was on is redrawn), `onError(message)`.
 */
export function createBoardPanel(roomId, options) {
  let state = { version: -1, svg: undefined, loading: false, none: false };
  let view = null;
  let closeMenu = null;
  let zoomChosen = false; // the player picked a zoom: keep it
  let stopped = false;

  const board = h("div", { class: "board", testid: "board" }, h("p", { class: "muted" }, "Loading the board…"));
  const empty = h(
    "p",
    { class: "board-empty muted", testid: "board-empty", hidden: true },
    "This game draws no board here yet: use the list of moves.",
  );
  const menu = h("div", { class: "board-menu", testid: "board-menu", hidden: true, attrs: { role: "dialog" } });
  const wrap = h("div", { class: "board-wrap" }, board, menu);
  const zoom = h(
    "select",
    {
      id: "zoom-select",
      testid: "zoom-select",
      on: {
        change: () => {
          zoomChosen = true;
          setZoom(zoom.value);
          followPiece(board.querySelector("svg"));
        },
      },
    },
    h("option", { value: "fit" }, "fit"),
    h("option", { value: "150" }, "150%"),
    h("option", { value: "200" }, "200%"),
    h("option", { value: "300" }, "300%"),
  );
  const zoomLabel = h("label", { class: "zoom" }, "Zoom ", zoom);
  const hint = h(
    "p",
    { class: "muted board-hint", hidden: true },
    "Highlighted places are moves you can make: click one, or Tab to the board, pick one with the arrow keys and press Enter.",
  );
  // The name of the target under the keyboard's focus, in sight (a mouse gets its tooltip).
  const focusName = h("p", { class: "board-focus muted", testid: "board-focus", attrs: { "aria-hidden": "true" } });
  board.addEventListener("focusin", (event) => {
    const el = event.target.closest && event.target.closest("[data-target].legal");
    focusName.textContent = el ? targetLabel(el, el.getAttribute("data-target")) : "";
  });
  board.addEventListener("focusout", () => {
    focusName.textContent = "";
  });
  const element = h(
    "section",
    { class: "panel board-panel", attrs: { "aria-label": "Board" } },
    h("div", { class: "panel-head" }, h("h2", {}, "Board"), zoomLabel),
    hint,
    wrap,
    focusName,
    empty,
  );

  /** The view moved on: the board of its version, fetched (a few tries while views arrive). */
  async function refresh(next) {
    view = next;
    // At once: a board older than the view loses its highlights until the new one is drawn.
    draw();
    if (!view || state.none || state.loading || state.version >= view.version) return;
    state.loading = true;
    try {
      for (let round = 0; round < 4 && view && state.version < view.version && !stopped; round += 1) {
        const data = await api.board(roomId, options.token());
        if (stopped) return;
        if (data.svg === null) {
          state = { ...state, version: data.version, svg: null, none: true };
          options.onNoBoard();
          break;
        }
        if (data.version > state.version) {
          const changed = data.svg !== state.svg;
          state = { ...state, version: data.version, svg: data.svg };
          if (changed) shown(data.svg);
        }
      }
    } catch (error) {
      if (!stopped && error.status !== 0) options.onError(`the board could not be loaded: ${error.message}`);
    } finally {
      state.loading = false;
    }
    draw();
  }

  function shown(svg) {
    closeMenus();
    const hadFocus = board.contains(document.activeElement);
    const root = showSvg(board, svg);
    if (hadFocus) options.focusAway();
    options.onWide(isWide(root));
    if (!zoomChosen) autoZoom(root);
    followPiece(root);
  }

  /** A board much wider than high gets the page's whole width (the panels go below). */
  function isWide(root) {
    const box = root && root.viewBox && root.viewBox.baseVal;
    return Boolean(box && box.height > 0 && box.width / box.height > 1.9);
  }

  /** The highlights: the legal moves' places while the seat may move on this very board. */
  function draw() {
    if (!view) return;
    empty.hidden = !state.none;
    wrap.hidden = state.none;
    zoomLabel.hidden = state.none;
    const live = options.live() && state.version === view.version && !state.none;
    hint.hidden = !live || !view.legal_actions.some((action) => (action.targets || []).length > 0);
    if (live) markTargets(board, view.legal_actions, pick);
    else clearTargets(board);
  }

  function pick(key, actions, el) {
    closeMenus();
    const title = el.querySelector("title");
    closeMenu = openMenu(menu, {
      label: `${title ? title.textContent.trim() : key}: ${actions.length === 1 ? "play this move?" : "choose a move"}`,
      actions,
      element: el,
      wrap,
      onPlay: (action) => {
        closeMenu = null;
        options.onPlay(action);
      },
    });
  }

  function closeMenus() {
    if (closeMenu) closeMenu();
    closeMenu = null;
  }

  /** The places of `keys` shown as a move's preview (none: no preview). */
  function preview(keys) {
    for (const el of board.querySelectorAll("[data-target].preview")) el.classList.remove("preview");
    if (!keys) return;
    for (const key of keys) {
      for (const el of board.querySelectorAll(`[data-target="${CSS.escape(key)}"]`)) el.classList.add("preview");
    }
  }

  /** The board's default zoom: on a desktop screen "fit", the whole board in view (a wide
   * board's far side too: Let's Go!'s regional map beside the itinerary); on a narrow (phone)
   * screen the smallest zoom that puts the board's targets, typically, a finger's width
   * (HIT_PX) apart, the board then scrolling (and following your piece). */
  function autoZoom(root) {
    const value = window.matchMedia("(min-width: 700px)").matches ? "fit" : fingerZoom(root);
    if (zoom.value !== value) {
      zoom.value = value;
      setZoom(value);
    }
  }

  /** The smallest zoom at which the median distance from a board target to its nearest
   * neighbour is at least HIT_PX on screen (at most the largest zoom offered). */
  function fingerZoom(root) {
    const factor = board.style.width ? parseFloat(board.style.width) / 100 : 1;
    const centres = [...root.querySelectorAll("[data-target]")]
      .map((el) => el.getBoundingClientRect())
      .filter((box) => box.width > 0 || box.height > 0)
      .map((box) => [(box.left + box.width / 2) / factor, (box.top + box.height / 2) / factor]);
    if (centres.length < 2) return "fit";
    const nearest = centres.map(([x, y], i) => {
      let best = Infinity;
      centres.forEach(([u, v], j) => {
        if (j !== i) best = Math.min(best, Math.hypot(x - u, y - v));
      });
      return best;
    });
    nearest.sort((a, b) => a - b);
    const median = nearest[nearest.length >> 1];
    if (!(median > 0) || median >= HIT_PX) return "fit";
    return ["150", "200", "300"].find((zoomed) => (median * Number(zoomed)) / 100 >= HIT_PX) || "300";
  }

  /** At a zoom, the board scrolls: keep your piece in view (a game that draws pieces marks
   * them `data-seat`); a spectator follows the player to move. */
  function followPiece(root) {
    if (!wrap.classList.contains("zoomed") || !root) return;
    const seat = view && view.seat !== null ? view.seat : view && view.current_player;
    if (seat === null || seat === undefined) return;
    const piece = root.querySelector(`.piece[data-seat="${seat}"]`) || root.querySelector(`[data-seat="${seat}"]`);
    if (!piece) return;
    const box = piece.getBoundingClientRect();
    const frame = wrap.getBoundingClientRect();
    wrap.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
    wrap.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
  }

  function setZoom(value) {
    board.style.width = value === "fit" ? "" : `${value}%`;
    wrap.classList.toggle("zoomed", value !== "fit");
    draw(); // the hit areas follow the board's new scale
  }

  // The board's scale follows the window: its hit areas are measured again.
  let resizeTimer = 0;
  const onResize = () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(draw, 150);
  };
  window.addEventListener("resize", onResize);

  function stop() {
    stopped = true;
    window.removeEventListener("resize", onResize);
    clearTimeout(resizeTimer);
  }

  return { element, refresh, draw, preview, closeMenus, stop };
}
