// The room's WebSocket: hello (with the seat token, or none to spectate), views pushed after
// every change, and automatic reconnection with backoff (a new hello resumes at the current view).
// The hello asks for log deltas: after the first view, a view's `log` holds only the lines from
// `log_start` on, the earlier ones being those of the previous view on the same socket; the
// views handed to onView always carry the whole log.

import { api } from "./api.js";

const BACKOFF_SECONDS = [0.5, 1, 2, 4, 8, 15];
const POLICY_VIOLATION = 1008; // the server refused the hello (bad token, unknown room)

/**
 * One room connection. Callbacks: onView(view), onError(message, status),
 * onStatus({state, attempt, delay, message}), onRefused(message).
 * States: "connecting", "open", "lost" (retrying), "closed" (refused or stopped).
 */
export class RoomSocket {
  constructor(roomId, token, callbacks) {
    this.roomId = roomId;
    this.token = token;
    this.callbacks = callbacks;
    this.socket = null;
    this.attempt = 0;
    this.timer = 0;
    this.stopped = false;
    this.everOpen = false;
    this.lastError = null;
    this.retryAt = 0;
    this.log = []; // the log of the last view received on this socket
    this.onOnline = () => this.reconnectNow();
    window.addEventListener("online", this.onOnline);
  }

  start() {
    this.connect();
  }

  get isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  status(state, extra = {}) {
    this.callbacks.onStatus?.({ state, attempt: this.attempt, ...extra });
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.status("connecting");
    let socket;
    try {
      socket = new WebSocket(api.socketUrl(this.roomId));
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.lastError = null;
    this.log = [];
    socket.addEventListener("open", () => {
      const hello = this.token ? { type: "hello", token: this.token } : { type: "hello" };
      hello.log_delta = true;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => this.receive(socket, event.data));
    socket.addEventListener("close", (event) => this.closed(socket, event));
  }

  receive(socket, text) {
    if (socket !== this.socket) return;
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === "view") {
      const start = message.log_start ?? 0;
      if (start > this.log.length) {
        socket.close(); // lines missing (never expected): a new hello sends the whole log
        return;
      }
      message.log = start === 0 ? message.log : this.log.slice(0, start).concat(message.log);
      delete message.log_start;
      this.log = message.log;
      if (this.attempt > 0 || !this.everOpen) {
        const reconnected = this.everOpen;
        this.attempt = 0;
        this.everOpen = true;
        this.status("open", { reconnected });
      }
      this.callbacks.onView?.(message);
    } else if (message.type === "error") {
      this.lastError = message;
      this.callbacks.onError?.(message.message, message.status);
    }
  }

  closed(socket, event) {
    if (socket !== this.socket) return;
    this.socket = null;
    if (this.stopped) return;
    if (event.code === POLICY_VIOLATION) {
      const reason = this.lastError ? this.lastError.message : "the server refused the connection";
      this.status("closed", { message: reason });
      this.callbacks.onRefused?.(reason, this.lastError ? this.lastError.status : 0);
      return;
    }
    this.scheduleRetry();
  }

  scheduleRetry() {
    const delay = BACKOFF_SECONDS[Math.min(this.attempt, BACKOFF_SECONDS.length - 1)];
    this.attempt += 1;
    this.retryAt = Date.now() + delay * 1000;
    this.status("lost", { delay });
    this.timer = setTimeout(() => this.connect(), delay * 1000);
  }

  /** Try again at once (the "Reconnect now" button, or the browser going back online). */
  reconnectNow() {
    if (this.stopped || this.isOpen) return;
    if (this.socket && this.socket.readyState === WebSocket.CONNECTING) return;
    clearTimeout(this.timer);
    this.connect();
  }

  /** Send a message; false if the socket is not open (the caller says so). */
  send(message) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener("online", this.onOnline);
    if (this.socket) {
      const socket = this.socket;
      this.socket = null;
      socket.close(1000);
    }
  }
}
