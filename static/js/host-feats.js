// BANG! Legends on the host screen: the revealed Feats with each player's tokens, the fame
// left per player, and a big moment when somebody turns Legend.
import { h, fill, get, list } from "./dom.js";
import { colourOf, tokenChips, pips, disc } from "./feats-common.js";
// The host screen speaks to no seat: a sentence naming one says so with `{}` as its you.
import { t, tname } from "./i18n.js";

const CROSSROAD = ["Bottleneck", "The Chuck-a-Luck", "Good Company", "The Last Hero",
  "The Man with No Name", "Borderlands", "The Oregon Trail", "A Thousand Ways to Die"];

let legends = null;   // names of the Legends in the last snapshot (null: none seen yet)
let timer = 0;

export function renderHostFeats(snap) {
  const box = document.getElementById("host-feats");
  if (!box) return;
  const view = get(snap, "view");
  const on = !!view && !!(view.features || {}).feats;
  box.hidden = !on;
  if (!on) return;
  const seats = list(view.seats);
  const feats = list(view.feats);
  fill(document.getElementById("host-feat-row"), feats.length ? feats.map((f) => h("li", { class: "host-feat", dataset: { feat: f.name } },
    h("span", { class: "feat-name" }, tname(f.name), CROSSROAD.includes(f.name) ? h("span", { class: "crossroad-badge", title: t("Crossroad") }, "✚") : null),
    tokenChips(f, seats))) : h("li", { class: "muted" }, t("No Feat revealed")));
  fill(document.getElementById("host-fame"), seats.map((s) => h("li", { class: `${s.legend ? "is-legend" : ""}${s.alive === false ? " out" : ""}`, dataset: { seat: s.name } },
    disc(colourOf(seats, s.name)), h("span", { class: "fame-name" }, s.name),
    s.legend ? h("span", { class: "legend-badge" }, t("★ Legend")) : [pips(s, colourOf(seats, s.name)), h("strong", {}, String(s.fame ?? "?"))])));

  const now = seats.filter((s) => s.legend && s.alive !== false);
  const game = get(snap, "table", "game");
  if (legends && legends.game === game) {
    const fresh = now.filter((s) => !legends.names.has(s.name));
    if (fresh.length) moment(fresh[fresh.length - 1]);
  }
  legends = { game, names: new Set(now.map((s) => s.name)) };
}

function moment(seat) {
  const el = document.getElementById("host-legend-moment");
  document.getElementById("hlm-who").textContent = t("{seat} is a Legend!", { seat: seat.name }, {});
  document.getElementById("hlm-char").textContent = t("{character} turns to the legend side", { character: tname(seat.character) });
  document.getElementById("hlm-ability").textContent = seat.ability || "";
  el.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => { el.hidden = true; }, 12000);
}

document.addEventListener("click", (e) => {
  if (e.target && e.target.id === "hlm-close") document.getElementById("host-legend-moment").hidden = true;
});
