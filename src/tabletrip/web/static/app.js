// tabletrip in the browser: a tiny hash router over the lobby, the invite page and the table.

import { clearError } from "./dom.js";
import { renderJoin } from "./join.js";
import { renderLobby } from "./lobby.js";
import { renderTable } from "./table.js";

let stopCurrent = () => {};

/** The page for the current hash: #/, #/room/<id>, #/room/<id>/join/<k>. */
function route() {
  stopCurrent();
  clearError();
  const main = document.getElementById("main");
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "room" && parts[1]) {
    if (parts[2] === "join" && /^\d+$/.test(parts[3] || "")) {
      stopCurrent = renderJoin(main, parts[1], Number(parts[3]));
    } else {
      stopCurrent = renderTable(main, parts[1]);
    }
  } else {
    document.title = "tabletrip";
    stopCurrent = renderLobby(main);
  }
  main.focus({ preventScroll: true });
  window.scrollTo(0, 0);
}

document.getElementById("error-dismiss").addEventListener("click", clearError);
window.addEventListener("hashchange", route);
route();
