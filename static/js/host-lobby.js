// The host's lobby: who joined, the clockwise seating order (move up / down), an optional
// character per seat ("I drew Paul Regret"), and the deal.
import { h, fill, get, list } from "./dom.js";
import { showBanner } from "./banner.js";

const MIN_PLAYERS = 4;
const MAX_PLAYERS = 7;
const chosen = {};      // lobby id -> character name chosen by the host ("" = dealt by the app)
let order = [];         // lobby ids as last shown

export function wireLobby(send) {
  document.getElementById("deal").addEventListener("click", async () => {
    const characters = {};
    for (const id of order) if (chosen[id]) characters[id] = chosen[id];
    const picked = Object.values(characters);
    if (new Set(picked).size !== picked.length) {
      showBanner("Two seats have the same character: each character is in the game once.");
      return;
    }
    await send("deal", { characters: picked.length ? characters : null, options: {} });
  });
  return {
    move: (id, delta) => {
      const i = order.indexOf(id);
      const j = i + delta;
      if (i < 0 || j < 0 || j >= order.length) return;
      const next = order.slice();
      [next[i], next[j]] = [next[j], next[i]];
      send("order", { order: next });
    },
    kick: (id) => send("kick", { lobby_id: id }),
  };
}

export function renderLobby(snap, actions) {
  const table = get(snap, "table") || {};
  const lobby = list(table.lobby);
  order = lobby.map((p) => p.id);
  const url = table.join_url || "";
  if (url) document.getElementById("join-url").textContent = url;
  document.getElementById("lobby-count").textContent = lobby.length ? `(${lobby.length})` : "";
  document.getElementById("lobby-empty").hidden = lobby.length > 0;
  const names = list(table.characters);   // the ruleset's characters, from the server
  fill(document.getElementById("lobby-list"), lobby.map((p, i) => {
    const selectId = `char-${p.id}`;
    const select = h("select", { id: selectId, onchange: (e) => { chosen[p.id] = e.target.value; } },
      h("option", { value: "" }, "Dealt by the app"),
      names.map((n) => h("option", { value: n, selected: chosen[p.id] === n }, n)));
    return h("li", { class: "lobby-row" },
      h("span", { class: "seat-no", "aria-hidden": "true" }, String(i + 1)),
      h("span", { class: "lobby-name" }, p.name,
        h("span", { class: `dot ${p.connected ? "on" : "off"}`, title: p.connected ? "phone connected" : "phone not connected" }),
        h("span", { class: "visually-hidden" }, p.connected ? " (connected)" : " (not connected)")),
      h("span", { class: "lobby-char" },
        h("label", { for: selectId, class: "visually-hidden" }, `Character for ${p.name}`), select),
      h("span", { class: "lobby-buttons" },
        h("button", { type: "button", "aria-label": `Move ${p.name} up`, disabled: i === 0, onclick: () => actions.move(p.id, -1) }, "▲"),
        h("button", { type: "button", "aria-label": `Move ${p.name} down`, disabled: i === lobby.length - 1, onclick: () => actions.move(p.id, 1) }, "▼"),
        h("button", { type: "button", class: "ghost", "aria-label": `Remove ${p.name}`, onclick: () => actions.kick(p.id) }, "✕")));
  }));
  const deal = document.getElementById("deal");
  const n = lobby.length;
  deal.disabled = n < MIN_PLAYERS || n > MAX_PLAYERS;
  document.getElementById("deal-hint").textContent = n < MIN_PLAYERS
    ? `${MIN_PLAYERS - n} more player${MIN_PLAYERS - n === 1 ? "" : "s"} needed (${MIN_PLAYERS} to ${MAX_PLAYERS}).`
    : n > MAX_PLAYERS ? `At most ${MAX_PLAYERS} players.` : "The app deals the roles in secret: each phone shows its own.";
}
