// The server's REST API and what this browser remembers (seat tokens, the player's name).

/** A refusal of the server: its HTTP status and one-line message. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function send(method, path, { body, token, signal, headers: extra } = {}) {
  const headers = { Accept: "application/json", ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, "the server cannot be reached: check your connection");
  }
}

async function request(method, path, options = {}) {
  return answer(await send(method, path, options));
}

/** The JSON of a response, or the ApiError of its refusal. */
async function answer(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail : response.statusText;
    throw new ApiError(response.status, detail || `error ${response.status}`);
  }
  return data;
}

const room = (id) => `/api/rooms/${encodeURIComponent(id)}`;

let gamesPromise = null;

export const api = {
  /** {games: [...], levels: [...]}, fetched once. */
  games() {
    if (!gamesPromise) {
      gamesPromise = request("GET", "/api/games").catch((error) => {
        gamesPromise = null;
        throw error;
      });
    }
    return gamesPromise;
  },
  /** A page of the room list, newest first: `query` has status, game, limit and cursor (each
   * optional). Given the `etag` of the page held, null when it has not changed since (the
   * server answers 304 and sends nothing); else {page: {rooms, next, limit}, etag}. */
  async rooms(query = {}, etag = null) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
    }
    const headers = etag ? { "If-None-Match": etag } : {};
    const response = await send("GET", `/api/rooms?${params}`, { headers });
    if (response.status === 304) return null;
    const page = await answer(response);
    return { page, etag: response.headers.get("ETag") };
  },
  createRoom: (body) => request("POST", "/api/rooms", { body }),
  spectate: (id) => request("GET", room(id)),
  view: (id, token) => request("GET", `${room(id)}/view`, { token }),
  join: (id, seat, name) =>
    request("POST", `${room(id)}/seats/${seat}/join`, { body: { name: name || null } }),
  act: (id, token, version, action) =>
    request("POST", `${room(id)}/actions`, { token, body: { version, action } }),
  undo: (id, token, version) => request("POST", `${room(id)}/undo`, { token, body: { version } }),
  /** The game's fixed content (map, cards...): the same for every seat and spectator. */
  staticInfo: (id) => request("GET", `${room(id)}/static`),
  board: (id, token, signal) => request("GET", `${room(id)}/board`, { token, signal }),
  hint: (id, token) => request("POST", `${room(id)}/hint`, { token }),
  replay: (id, step, seat, signal) => {
    const query = new URLSearchParams({ step: String(step) });
    if (seat !== null && seat !== undefined && seat !== "") query.set("seat", String(seat));
    return request("GET", `${room(id)}/replay?${query}`, { signal });
  },
  recordUrl: (id) => `${room(id)}/record`,
  socketUrl: (id) => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}${room(id)}/ws`;
  },
};

/** The title of a game id ("ticket-to-ride" -> "Ticket to Ride"), once games are loaded. */
export async function gameTitle(id) {
  try {
    const { games } = await api.games();
    const game = games.find((g) => g.id === id);
    return game ? game.title : id;
  } catch {
    return id;
  }
}

/** A choice of an option as a person reads it: "europe-express" -> "Europe Express". */
export function choiceWords(value) {
  if (typeof value !== "string") return String(value);
  return value
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
}

/** A room's options that differ from the game's defaults, in words: "Europe Express",
 * "Solo, Simplified", "Attractions 2" (an option of text choices by its choice, any other
 * by its name and value; a checked option by its name). */
export async function optionsWords(gameId, options) {
  let specs = [];
  try {
    const { games } = await api.games();
    specs = (games.find((game) => game.id === gameId) || { options: [] }).options;
  } catch {
    specs = [];
  }
  const parts = [];
  for (const spec of specs) {
    const value = options[spec.name];
    if (value === undefined || value === null || value === "" || value === spec.default) continue;
    const name = spec.name.replace(/_/g, " ");
    const label = name[0].toUpperCase() + name.slice(1);
    if (value === true) parts.push(label);
    else if (value === false) parts.push(`no ${name}`);
    else if (Array.isArray(spec.choices) && typeof value === "string") parts.push(choiceWords(value));
    else parts.push(`${label} ${value}`);
  }
  return parts.join(", ");
}

// --- what this browser remembers -----------------------------------------------------------

const seatKey = (id) => `tabletrip.seat.${id}`;

/** {seat, token} this browser plays in room `id`, or null. */
export function savedSeat(id) {
  try {
    const saved = JSON.parse(localStorage.getItem(seatKey(id)) || "null");
    if (saved && Number.isInteger(saved.seat) && typeof saved.token === "string") return saved;
  } catch {
    /* a damaged entry is forgotten below */
  }
  localStorage.removeItem(seatKey(id));
  return null;
}

export function saveSeat(id, seat, token) {
  localStorage.setItem(seatKey(id), JSON.stringify({ seat, token }));
}

export function forgetSeat(id) {
  localStorage.removeItem(seatKey(id));
}

export function savedName() {
  return localStorage.getItem("tabletrip.name") || "";
}

export function saveName(name) {
  localStorage.setItem("tabletrip.name", name);
}

/** The invite link of seat k of room `id`. */
export function inviteUrl(id, seat) {
  return `${location.origin}/#/room/${encodeURIComponent(id)}/join/${seat}`;
}
