// BANG! Legends pieces shared by the phone's Feat tracker and the host screen: a colour per
// seat (like the box's sets of fame tokens), tokens drawn as chips, fame as pips.
import { h, list } from "./dom.js";
import { N_plural, tn, t } from "./i18n.js";

const COLOURS = ["#e5484d", "#3e8ef7", "#30a46c", "#f5c400", "#9b59d0", "#f76b15", "#e93d82"];
export function colourOf(seats, name) {
  const i = list(seats).findIndex((s) => s.name === name);
  return COLOURS[(i < 0 ? 0 : i) % COLOURS.length];
}

export const total = (feat) => Object.values((feat && feat.tokens) || {}).reduce((a, n) => a + (Number(n) || 0), 0);

/** A player's token, a disc in their colour (the name is always written next to it). */
export const disc = (colour, cls = "") => h("span", { class: `fame-disc ${cls}`, style: { background: colour }, "aria-hidden": "true" });

/** The tokens on a Feat: one chip per player, "● Ann 2". */
export function tokenChips(feat, seats, me) {
  const yourTokens = { seat: N_plural("You: {n} token", "You: {n} tokens") };
  const entries = Object.entries((feat && feat.tokens) || {}).filter(([, n]) => n > 0);
  if (!entries.length) return h("span", { class: "muted small" }, t("no tokens yet"));
  return h("span", { class: "fame-chips" }, entries.map(([who, n]) => h("span", {
    class: `fame-chip${who === me ? " mine" : ""}`, "aria-label": tn("{seat}: {n} token", "{seat}: {n} tokens", n, { seat: who }, yourTokens),
  }, disc(colourOf(seats, who)), h("span", {}, who), h("strong", {}, String(n)))));
}

/** Fame left as five pips, filled for what is still in front of the player. */
export function pips(seat, colour) {
  const n = Math.max(0, Math.min(5, Number(seat && seat.fame) || 0));
  const out = [];
  for (let i = 0; i < 5; i++) out.push(disc(i < n ? colour : "transparent", i < n ? "" : "spent"));
  return h("span", { class: "fame-pips", role: "img", "aria-label": tn("{n} fame token left", "{n} fame tokens left", n) }, out);
}

/** The rules page's anchor for a rule id, as engine/rulebook.py makes it. */
export const ruleHref = (id) => `/rules#${String(id).replace(/\./g, "-").replace(/[^a-z0-9_-]/g, "")}`;
