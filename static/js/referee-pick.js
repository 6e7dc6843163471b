// The revealed-card picker: rank then suit, big buttons, for draw!s (Dynamite, Jail,
// Barrel, Jourdonnais) and Black Jack's second card; the suit alone where only the suit
// counts (`suitOnly`: Jail, Barrel, Black Jack's shown card). Lucky Duke enters two cards and
// picks the one he keeps. Resolves with {cards: ["8♠"], keep} or null if cancelled.
import { $, h, fill, pieces } from "./dom.js";
import { cardChip } from "./referee-bits.js";
import { RANKS, SUITS, suitName } from "./cards.js";
import { t, and } from "./i18n.js";

export function pickCards(count, title, hint = "", { suitOnly = false } = {}) {
  const dlg = $("#card-dialog");
  const chosen = Array.from({ length: count }, () => ({ rank: "", suit: "" }));
  let slot = 0;
  let keep = 0;
  return new Promise((resolve) => {
    const done = (value) => { dlg.close(); resolve(value); };
    // where only the suit counts (Barrel, Jail) the suit alone is asked and entered
    const text = (c) => (suitOnly ? c.suit : c.rank && c.suit ? c.rank + c.suit : "");
    const draw = () => {
      const all = chosen.every(text);
      fill(dlg,
        h("h2", { id: "card-dialog-title" }, title),
        hint ? h("p", { class: "muted small" }, hint) : null,
        count > 1 ? h("div", { class: "slots", role: "group", "aria-label": t("The cards turned over") },
          chosen.map((c, i) => h("button", {
            type: "button", class: `slot${i === slot ? " current" : ""}`, "aria-pressed": String(i === slot),
            "aria-label": text(c) ? t("Card {i}: {card}", { i: i + 1, card: text(c) }) : t("Card {i}, not entered yet", { i: i + 1 }),
            onclick: () => { slot = i; draw(); },
          }, pieces(t("Card {i}: {card}", { i: i + 1 }), { card: text(c) ? cardChip(text(c)) : "…" })))) : null,
        suitOnly ? null : h("div", { class: "ranks", role: "group", "aria-label": t("Rank") }, RANKS.map((r) => h("button", {
          type: "button", class: chosen[slot].rank === r ? "picked" : "", "aria-pressed": String(chosen[slot].rank === r),
          "aria-label": t("Rank {rank}", { rank: r }), onclick: () => { chosen[slot].rank = r; advance(); },
        }, r))),
        h("div", { class: "suits", role: "group", "aria-label": t("Suit") }, SUITS.map(([s, name]) => h("button", {
          type: "button", class: `suit ${s === "♥" || s === "♦" ? "red" : "dark"}${chosen[slot].suit === s ? " picked" : ""}`,
          "aria-pressed": String(chosen[slot].suit === s), "aria-label": t("Suit {suit} {symbol}", { suit: suitName(name), symbol: s }),
          onclick: () => { chosen[slot].suit = s; advance(); },
        }, s, h("span", { class: "suit-name" }, suitName(name))))),
        count > 1 && all ? h("div", { class: "keep", role: "group", "aria-label": t("The card you keep") },
          h("p", {}, t("Which one counts?")), chosen.map((c, i) => h("button", {
            type: "button", class: keep === i ? "picked" : "", "aria-pressed": String(keep === i),
            "aria-label": t("Keep {card}", { card: text(c) }), onclick: () => { keep = i; draw(); },
          }, pieces(t("Keep {card}"), { card: cardChip(text(c)) })))) : null,
        h("div", { class: "row" },
          h("button", { type: "button", onclick: () => done(null) }, t("Cancel")),
          h("button", {
            type: "button", class: "primary", disabled: !all, id: "card-dialog-ok",
            onclick: () => done({ cards: chosen.map(text), keep: text(chosen[keep]) }),
          }, all ? t("Enter {cards}", { cards: and(chosen.map(text)) }) : suitOnly ? t("Pick the suit") : t("Pick rank and suit"))));
    };
    const advance = () => {
      if (text(chosen[slot]) && slot < count - 1 && !text(chosen[slot + 1])) slot += 1;
      draw();
    };
    dlg.onclose = () => resolve(null);
    draw();
    dlg.showModal();
  });
}

