// The host's lobby: who joined, the clockwise seating order (move up / down), an optional
// character per seat ("I drew Paul Regret"), and the deal.
import { h, fill, get, list, urlNodes } from "./dom.js";
import { showBanner } from "./banner.js";
import { rulesetWords, word } from "./ruleset.js";
// The host screen speaks to no seat: a sentence naming one says so with `{}` as its you.
import { t, tn, tname } from "./i18n.js";
import { eventOptions } from "./host-event.js";

// a word at the start of a label ("Character for Bob"): its first letter in capitals
const cap = (s) => (s ? s[0].toLocaleUpperCase() + s.slice(1) : s);

const chosen = {};      // lobby id -> character name chosen by the host ("" = dealt by the app),
                        // or {name, energy} for an ability card the app knows only by name
const OTHER = "…other";   // the chooser's "another card, by name" entry
let order = [];         // lobby ids as last shown

export function wireLobby(send) {
  document.getElementById("deal").addEventListener("click", async () => {
    const characters = {};
    for (const id of order) if (chosen[id]) characters[id] = chosen[id];
    for (const [id, c] of Object.entries(characters)) {
      if (typeof c === "object" && !(c.name && c.name.trim() && c.energy >= 1 && c.energy <= 9)) {
        showBanner(t("An {character} entered by name needs its name and its {life} (1 to 9).", { character: word("character"), life: word("life") }));
        return;
      }
      if (typeof c === "object") characters[id] = { name: c.name.trim(), energy: c.energy };
    }
    const picked = Object.values(characters).map((c) => (typeof c === "object" ? c.name.toLowerCase() : c.toLowerCase()));
    if (new Set(picked).size !== picked.length) {
      showBanner(t("Two seats have the same {character}: each one is in the game once.", { character: word("character") }));
      return;
    }
    await send("deal", { characters: picked.length ? characters : null, options: eventOptions() });
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
  if (url) fill(document.getElementById("join-url"), urlNodes(url));
  document.getElementById("lobby-count").textContent = lobby.length ? `(${lobby.length})` : "";
  document.getElementById("lobby-empty").hidden = lobby.length > 0;
  const names = list(table.characters);   // the ruleset's characters, from the server
  const custom = !!(rulesetWords().features || {}).custom_abilities;
  const character = word("character");
  fill(document.getElementById("lobby-list"), lobby.map((p, i) => {
    const selectId = `char-${p.id}`;
    const own = typeof chosen[p.id] === "object" ? chosen[p.id] : null;
    const select = h("select", { id: selectId, onchange: (e) => {
      chosen[p.id] = e.target.value === OTHER ? { name: "", energy: 4 } : e.target.value;
      renderLobby(snap, actions);
    } },
    h("option", { value: "" }, t("Dealt by the app")),
    names.map((n) => h("option", { value: n, selected: chosen[p.id] === n }, tname(n))),
    custom ? h("option", { value: OTHER, selected: !!own }, t("Another {character}, by name…", { character })) : null);
    // An ability card the app does not know: its name and the energy printed on it.
    const other = own ? h("span", { class: "custom-ability" },
      h("input", { type: "text", maxlength: "30", placeholder: t("Name of the {character}", { character }), value: own.name,
        "aria-label": t("{Character} for {seat}: its name", { Character: cap(character), seat: p.name }, {}), class: "custom-name",
        oninput: (e) => { own.name = e.target.value; } }),
      h("input", { type: "number", min: "1", max: "9", value: String(own.energy), inputmode: "numeric",
        "aria-label": t("{Character} for {seat}: its {life}", { Character: cap(character), seat: p.name, life: word("life") }, {}), class: "custom-energy",
        oninput: (e) => { own.energy = Number(e.target.value); } }),
      h("span", { class: "muted small" }, t("its name and {life}: the app applies no automatic effect for it", { life: word("life") }))) : null;
    return h("li", { class: "lobby-row" },
      h("span", { class: "seat-no", "aria-hidden": "true" }, String(i + 1)),
      h("span", { class: "lobby-name" }, p.name,
        h("span", { class: `dot ${p.connected ? "on" : "off"}`, title: p.connected ? t("phone connected") : t("phone not connected") }),
        h("span", { class: "visually-hidden" }, " ", p.connected ? t("(connected)") : t("(not connected)"))),
      h("span", { class: "lobby-char" },
        h("label", { for: selectId, class: "visually-hidden" }, t("{Character} for {seat}", { Character: cap(character), seat: p.name }, {})), select, other,
        // named on the player's own phone: dealt unless the host picks another here
        p.character && !chosen[p.id] ? h("span", { class: "muted small phone-choice" }, " ", p.character.energy
          ? t("{seat}'s phone: {character} ({energy})", { seat: p.name, character: tname(p.character.name), energy: p.character.energy }, {})
          : t("{seat}'s phone: {character}", { seat: p.name, character: tname(p.character.name || p.character) }, {})) : null),
      h("span", { class: "lobby-buttons" },
        h("button", { type: "button", "aria-label": t("Move {seat} up", { seat: p.name }, {}), disabled: i === 0, onclick: () => actions.move(p.id, -1) }, "▲"),
        h("button", { type: "button", "aria-label": t("Move {seat} down", { seat: p.name }, {}), disabled: i === lobby.length - 1, onclick: () => actions.move(p.id, 1) }, "▼"),
        h("button", { type: "button", class: "ghost", "aria-label": t("Remove {seat}", { seat: p.name }, {}), onclick: () => actions.kick(p.id) }, "✕")));
  }));
  const deal = document.getElementById("deal");
  const n = lobby.length;
  // how many players the table's ruleset is dealt for (its role mix's rows, the server's)
  const counts = list(table.players).length ? list(table.players) : [4, 5, 6, 7];
  const MIN_PLAYERS = Math.min(...counts), MAX_PLAYERS = Math.max(...counts);
  deal.disabled = n < MIN_PLAYERS || n > MAX_PLAYERS;
  document.getElementById("deal-hint").textContent = n < MIN_PLAYERS
    ? tn("{n} more player needed ({min} to {max}).", "{n} more players needed ({min} to {max}).", MIN_PLAYERS - n, { min: MIN_PLAYERS, max: MAX_PLAYERS })
    : n > MAX_PLAYERS ? tn("At most {n} player.", "At most {n} players.", MAX_PLAYERS) : t("The app deals the roles in secret: each phone shows its own.");
}
