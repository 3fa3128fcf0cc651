// The board: the game's SVG (from our server) inline, its legal targets highlighted and
// playable by mouse, touch or keyboard; a small menu when a target has several moves.
// A finger needs room: each drawn part of a legal target smaller than HIT_PX on screen gets a
// transparent hit area of at least HIT_PX x HIT_PX around it (WCAG 2.2 target size), under
// the drawing, so a tap near a small city or route car still reaches it; where hit areas
// overlap, the tap goes to the target whose part is nearest.

import { h, fill, moveLabel } from "./dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";
export const HIT_PX = 24; // the least hit area of a board target, in CSS pixels
const SHAPES = "rect, circle, ellipse, path, line, polyline, polygon, use, image";
const PARTS_PER_TARGET = 24; // hit areas drawn for one target at most (its largest parts)

/** Put the server's SVG in `container` (markup from our own server: inserted as such). */
export function showSvg(container, svg) {
  container.innerHTML = svg;
  const root = container.querySelector("svg");
  if (root) {
    // Scale with the container (the viewBox keeps the proportions).
    root.removeAttribute("width");
    root.removeAttribute("height");
    root.setAttribute("focusable", "false");
    root.setAttribute("role", "group");
    const title = root.querySelector(":scope > title");
    if (title) root.setAttribute("aria-label", title.textContent);
  }
  return root;
}

/** The name of a board target as the game's drawing gives it (its <title>). */
export function targetLabel(el, key) {
  const title = el.querySelector("title");
  const text = title ? title.textContent.trim() : "";
  return text || key.replace(/[-_]/g, " ");
}

/**
 * Mark the legal targets of `actions` (the view's legal actions) in the SVG inside
 * `container`; `onPick(key, actions, element)` when one is clicked or activated.
 * Returns the map key -> actions.
 */
export function markTargets(container, actions, onPick) {
  const byKey = new Map();
  for (const action of actions) {
    for (const key of action.targets || []) {
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(action);
    }
  }
  // One tab stop for the whole board (roving tabindex): the arrow keys move between targets.
  let first = true;
  for (const el of container.querySelectorAll("[data-target]")) {
    const key = el.getAttribute("data-target");
    const moves = byKey.get(key);
    el.classList.remove("legal", "chosen");
    if (moves) {
      el.classList.add("legal");
      el.setAttribute("tabindex", first ? "0" : "-1");
      first = false;
      el.setAttribute("role", "button");
      const count = moves.length === 1 ? `play: ${moves[0].words || moves[0].text}` : `${moves.length} moves`;
      el.setAttribute("aria-label", `${targetLabel(el, key)}: ${count}`);
    } else {
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
      el.removeAttribute("aria-label");
    }
  }
  container.classList.toggle("has-legal", byKey.size > 0);
  addHitAreas(container, [...container.querySelectorAll("[data-target].legal")]);
  container.onclick = (event) => {
    const el = hitTarget(container, event) || event.target.closest("[data-target].legal");
    if (!el || !container.contains(el)) return;
    event.preventDefault();
    const key = el.getAttribute("data-target");
    onPick(key, byKey.get(key) || [], el, event);
  };
  container.onkeydown = (event) => {
    const el = event.target.closest("[data-target].legal");
    if (!el) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const key = el.getAttribute("data-target");
      onPick(key, byKey.get(key) || [], el, event);
      return;
    }
    const targets = [...container.querySelectorAll("[data-target].legal")];
    const at = targets.indexOf(el);
    const next = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      Home: 0,
      End: targets.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const chosen = targets[(next + targets.length) % targets.length];
    el.setAttribute("tabindex", "-1");
    chosen.setAttribute("tabindex", "0");
    chosen.focus();
  };
  return byKey;
}

/** Remove the highlights (not your turn, or the board is older than the view). */
export function clearTargets(container) {
  container.classList.remove("has-legal");
  removeHitAreas(container);
  for (const el of container.querySelectorAll("[data-target].legal, [data-target].chosen")) {
    el.classList.remove("legal", "chosen");
    el.removeAttribute("tabindex");
    el.removeAttribute("role");
    el.removeAttribute("aria-label");
  }
  container.onclick = null;
  container.onkeydown = null;
}

/**
 * The menu of the moves of one target, placed next to it. `onPlay(action)` plays one;
 * Escape or Cancel closes it and gives the focus back to the target.
 */
export function openMenu(menu, { label, actions, element, onPlay, wrap }) {
  element.classList.add("chosen");
  const close = () => {
    menu.hidden = true;
    element.classList.remove("chosen");
    fill(menu);
    if (document.contains(element)) element.focus({ preventScroll: true });
  };
  const items = actions.map((action) =>
    h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: "menu-action",
          testid: "board-menu-action",
          // The move in the game's words, as in the list of moves; its notation for tools.
          dataset: { actionText: action.text },
          on: {
            click: () => {
              menu.hidden = true;
              element.classList.remove("chosen");
              fill(menu);
              onPlay(action);
            },
          },
        },
        moveLabel(action),
      ),
    ),
  );
  fill(
    menu,
    h("p", { class: "menu-title", id: "board-menu-title" }, label),
    h("ul", { class: "menu-list" }, items),
    h(
      "button",
      { type: "button", class: "secondary", testid: "board-menu-cancel", on: { click: close } },
      "Cancel",
    ),
  );
  menu.setAttribute("aria-labelledby", "board-menu-title");
  menu.onkeydown = (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  };
  menu.hidden = false;
  place(menu, element, wrap);
  const first = menu.querySelector("button");
  if (first) first.focus({ preventScroll: true });
  return close;
}

function place(menu, element, wrap) {
  const box = element.getBoundingClientRect();
  const frame = wrap.getBoundingClientRect();
  menu.style.left = "0px";
  menu.style.top = "0px";
  const width = menu.offsetWidth;
  const height = menu.offsetHeight;
  let left = box.left - frame.left + wrap.scrollLeft + box.width / 2 - width / 2;
  let top = box.bottom - frame.top + wrap.scrollTop + 8;
  left = Math.max(wrap.scrollLeft + 4, Math.min(left, wrap.scrollLeft + wrap.clientWidth - width - 4));
  if (top + height > wrap.scrollTop + wrap.clientHeight && box.top - frame.top - height - 8 > 0) {
    top = box.top - frame.top + wrap.scrollTop - height - 8;
  }
  menu.style.left = `${Math.max(0, left)}px`;
  menu.style.top = `${Math.max(0, top)}px`;
}

// --- hit areas --------------------------------------------------------------------------------

function removeHitAreas(container) {
  for (const layer of container.querySelectorAll("g.hit-areas")) layer.remove();
}

/** A transparent rectangle of at least HIT_PX x HIT_PX on screen around each part of each
 * legal target that is smaller, in one layer under the whole drawing (redrawn at each call:
 * the board's scale changes with the zoom and the window). */
function addHitAreas(container, targets) {
  removeHitAreas(container);
  const root = container.querySelector("svg");
  const rootMatrix = root && root.getScreenCTM();
  if (!rootMatrix || targets.length === 0) return;
  const toRoot = rootMatrix.inverse();
  const layer = document.createElementNS(SVG_NS, "g");
  layer.setAttribute("class", "hit-areas");
  layer.setAttribute("aria-hidden", "true");
  for (const target of targets) {
    const key = target.getAttribute("data-target");
    const shapes = target.matches(SHAPES) ? [target] : [...target.querySelectorAll(SHAPES)];
    const parts = [];
    for (const shape of shapes.length ? shapes : [target]) {
      const matrix = shape.getScreenCTM();
      let box = null;
      try {
        box = shape.getBBox();
      } catch {
        box = null; // not drawn (display: none)
      }
      if (!matrix || !box) continue;
      const sx = Math.hypot(matrix.a, matrix.b);
      const sy = Math.hypot(matrix.c, matrix.d);
      if (!(sx > 0 && sy > 0)) continue;
      if (box.width * sx >= HIT_PX && box.height * sy >= HIT_PX) continue; // big enough as drawn
      parts.push({ box, matrix, sx, sy, size: box.width * sx * box.height * sy });
    }
    parts.sort((a, b) => b.size - a.size);
    for (const { box, matrix, sx, sy } of parts.slice(0, PARTS_PER_TARGET)) {
      const width = Math.max(box.width, HIT_PX / sx);
      const height = Math.max(box.height, HIT_PX / sy);
      const rect = document.createElementNS(SVG_NS, "rect");
      rect.setAttribute("x", String(box.x + box.width / 2 - width / 2));
      rect.setAttribute("y", String(box.y + box.height / 2 - height / 2));
      rect.setAttribute("width", String(width));
      rect.setAttribute("height", String(height));
      const m = toRoot.multiply(matrix);
      rect.setAttribute("transform", `matrix(${m.a} ${m.b} ${m.c} ${m.d} ${m.e} ${m.f})`);
      rect.setAttribute("data-hit-for", key);
      layer.append(rect);
    }
  }
  root.insertBefore(layer, root.firstChild);
}

/** The legal target a click on a hit area is for: of the hit areas under the pointer, the
 * one whose centre is nearest (null if the click is not on a hit area). */
function hitTarget(container, event) {
  if (!event.target.matches || !event.target.matches("rect[data-hit-for]")) return null;
  let best = null;
  let distance = Infinity;
  for (const el of document.elementsFromPoint(event.clientX, event.clientY)) {
    if (!el.matches("rect[data-hit-for]") || !container.contains(el)) continue;
    const box = el.getBoundingClientRect();
    const d = Math.hypot(box.left + box.width / 2 - event.clientX, box.top + box.height / 2 - event.clientY);
    if (d < distance) {
      distance = d;
      best = el;
    }
  }
  if (!best) return null;
  const key = best.getAttribute("data-hit-for");
  return container.querySelector(`[data-target="${CSS.escape(key)}"].legal`);
}
