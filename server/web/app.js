// Fray's web client: the page's entry point. It routes by the address's
// hash: "#/" the lobby, "#/play/7" match 7 as your seat, "#/watch/7" as a
// spectator.

import { api, login, saveLogin } from "./api.js";
import { h, replace } from "./dom.js";
import { renderBuilder } from "./builder.js";
import { renderLobby } from "./lobby.js";
import { Table } from "./play.js";
import { Replay } from "./replay.js";

const main = document.getElementById("main");
const who = document.getElementById("who");

let systems = null;
let table = null;
let lobbyTimer = null;
// The login the server refused ({name, from}: whose it was, and the page it
// was refused on), until the player logs in again: the login page says so,
// and goes back there after.
let refused = null;
// Whether the kept token was shown to the server since the page loaded.
let tokenChecked = false;

window.addEventListener("fray:token-refused", (event) => {
  const from = location.hash && location.hash !== "#/" ? location.hash : null;
  refused = { name: event.detail.name, from };
  if (location.hash === "#/") route();
  else location.hash = "#/";
});

/** After logging in: back to the page a refused token left, or the lobby. */
function loggedIn() {
  const back = refused && refused.from;
  refused = null;
  tokenChecked = true;
  if (back && location.hash !== back) location.hash = back;
  else route();
}

function renderWho() {
  const saved = login();
  if (!saved) {
    replace(who, "not logged in");
    return;
  }
  replace(
    who,
    h("span", { class: "me", id: "me" }, saved.name),
    " ",
    h(
      "button",
      {
        class: "link",
        id: "logout",
        type: "button",
        onclick: () => {
          if (confirm("Log out? Keep your token if you want to log in again as this player.")) {
            saveLogin(null);
            route();
          }
        },
      },
      "log out",
    ),
  );
}

// Each visit to a page draws into an element of its own: a page still
// loading when the address changes again draws into one no longer shown.
let visits = 0;

async function route() {
  const visit = ++visits;
  if (table) {
    table.close();
    table = null;
  }
  clearInterval(lobbyTimer);
  renderWho();
  if (!tokenChecked && login()) {
    // Once a load: a token the server no longer knows leads to the login
    // page (api.js tells of it), whatever page it was kept for.
    tokenChecked = true;
    api.me().catch(() => {});
  }
  if (!systems) {
    try {
      systems = await api.systems();
    } catch (error) {
      if (visit === visits) replace(main, h("p", { class: "error" }, `Cannot reach the server: ${error.message}`));
      return;
    }
  }
  if (visit !== visits) return;
  const page = h("div", { class: "page" });
  replace(main, page);
  const hash = location.hash || "#/";
  const play = hash.match(/^#\/(play|watch)\/(\d+)$/);
  if (play) {
    const role = play[1] === "play" ? "player" : "spectator";
    table = new Table(page, Number(play[2]), role, { systems });
    window.frayDebug = { table };
    return;
  }
  // "#/lists": the army builder; "#/lists/new", "#/lists/7" a list in it.
  const lists = hash.match(/^#\/lists(?:\/(new|\d+))?$/);
  if (lists) {
    const listId = lists[1] && lists[1] !== "new" ? Number(lists[1]) : null;
    await renderBuilder(page, { systems, listId });
    return;
  }
  const replay = hash.match(/^#\/replay\/(\d+)$/);
  if (replay) {
    // "#/replay/7": a finished match, step by step; closed as a table is.
    table = new Replay(page, Number(replay[1]), { systems });
    window.frayDebug = { replay: table };
    return;
  }
  window.frayDebug = {};
  const refresh = await renderLobby(page, { systems, refused, onLogin: loggedIn });
  if (refresh && visit === visits) lobbyTimer = setInterval(refresh, 5000);
}

window.addEventListener("hashchange", route);
route();
