// The board: the game's SVG (from our server) inline, its legal targets highlighted and
// playable by mouse, touch or keyboard; a small menu when a target has several moves.

import { h, fill } from "./dom.js";

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

function targetLabel(el, key) {
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
      const count = moves.length === 1 ? `play ${moves[0].text}` : `${moves.length} moves`;
      el.setAttribute("aria-label", `${targetLabel(el, key)}: ${count}`);
    } else {
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
      el.removeAttribute("aria-label");
    }
  }
  container.classList.toggle("has-legal", byKey.size > 0);
  container.onclick = (event) => {
    const el = event.target.closest("[data-target].legal");
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
        action.text,
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
