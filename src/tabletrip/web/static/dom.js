// Building DOM safely: every piece of text goes in as a text node (never parsed as markup).

/**
 * Make an element: h("button", {class: "x", testid: "go", on: {click: fn}}, "Go").
 * Props: class, text, testid, on (events), attrs (attributes), hidden, and any other key
 * set as a property (value, type, disabled, checked...). Children: nodes, strings, numbers,
 * arrays, or null (skipped). Strings become text nodes.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = String(value);
    else if (key === "testid") el.dataset.testid = value;
    else if (key === "on") {
      for (const [name, handler] of Object.entries(value)) el.addEventListener(name, handler);
    } else if (key === "attrs") {
      for (const [name, attr] of Object.entries(value)) {
        if (attr !== undefined && attr !== null && attr !== false) el.setAttribute(name, String(attr));
      }
    } else if (key === "dataset") {
      for (const [name, data] of Object.entries(value)) el.dataset[name] = String(data);
    } else el[key] = value;
  }
  append(el, children);
  return el;
}

/** Append children (nodes, text, arrays; null skipped) to `el`. */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace everything inside `el` with `children`. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** "deck_size" -> "deck size". */
export function humanize(key) {
  return String(key).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
}

let announceTimer = 0;

/** Say `text` to screen readers through the polite live region. */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  clearTimeout(announceTimer);
  // A short delay makes screen readers notice a repeated message.
  announceTimer = setTimeout(() => {
    region.textContent = text;
  }, 50);
}

/** Show an error in the alert region (read out at once). */
export function showError(text) {
  const box = document.getElementById("error");
  if (!box) return;
  fill(box.querySelector(".error-text"), String(text));
  box.hidden = false;
}

/** Hide the alert region. */
export function clearError() {
  const box = document.getElementById("error");
  if (box) box.hidden = true;
}

/** A seat's label when it names someone (not the server's "seat k" of an unnamed seat). */
export function ownLabel(view, seat) {
  const label = view.labels ? view.labels[seat] : null;
  return label && label !== `seat ${seat}` ? label : null;
}

/** How a seat is named to people: its player's name ("Ann", "bot easy"), or "Player 2"
 * (seats count from 1); a name two seats share gets its player number too. */
export function seatName(view, seat) {
  const number = `Player ${seat + 1}`;
  const label = ownLabel(view, seat);
  if (!label) return number;
  const shared = (view.labels || []).some((other, i) => i !== seat && other === label);
  return shared ? `${label} (${number})` : label;
}

/** A legal move as a person reads it: the game's words, or (a game without words) its
 * notation, marked as such. `action` is {text, words}. */
export function moveLabel(action) {
  if (action.words) return action.words;
  return h("code", { class: "notation", dataset: { notation: "" } }, action.text);
}

/** "1 card", "2 cards": a count with its noun, whole. */
export function plural(count, word, words = `${word}s`) {
  return `${count} ${count === 1 ? word : words}`;
}
