// What the player may do now because of a rule in force (an event of High Noon or A Fistful
// of Cards...), as the engine offers it (view.me.offers, docs/protocol.md): a button per
// offer, with its rule one tap away; its choices in a sheet, those the engine would refuse
// greyed with the reason; a move that also needs the card turned over opens the card
// picker; one whose cost the offer names (`cost`) asks first. Nothing here knows an event: each choice
// is a full move, sent as it is (the server keeps who moves).
import { h, fill, list } from "./dom.js";
import { ruleLink } from "./referee-bits.js";
import { sheet, closeSheet } from "./referee-sheets.js";
import { pickCards } from "./referee-pick.js";
import { ask as confirm } from "./confirm.js";
import { t } from "./i18n.js";

const text = (v) => (v === null || v === undefined ? "" : String(v));
const why = (c, id) => (c.ok ? null : h("span", { class: "why", id }, text(c.reason), " ", ruleLink(c.rule, c.rule_title)));
const slug = (v) => text(v).replace(/[^A-Za-z0-9_-]/g, "_");

/** The choice's move, with the card turned over where the offer needs one; null: cancelled. */
async function moveOf(offer, choice, me) {
  const cost = choice.cost || offer.cost;
  if (cost && !(await confirm(text(cost), { yes: text(choice.label) || text(offer.label), title: text(offer.label) }))) return null;
  const move = { ...choice.move };
  if (offer.check) {
    // how many cards the move turns over (a draw! by Lucky Duke: two, he keeps one)
    const two = (offer.check_cards ?? (me.hints || {}).check_cards) === 2;
    const pick = await pickCards(two ? 2 : 1, text(choice.label) || text(offer.label),
      two ? t("Enter both cards, then pick the one that counts.") : t("Turn over the top card of the deck and enter it."));
    if (!pick) return null;
    Object.assign(move, pick.cards.length > 1 ? { check: pick.cards, keep: pick.keep } : { check: pick.cards[0] });
  }
  return move;
}

async function choose(offer, me, send) {
  const choices = list(offer.choices);
  if (choices.length === 1 && !offer.ask) {
    const move = await moveOf(offer, choices[0], me);
    if (move) send(move);
    return;
  }
  const picked = await sheet(text(offer.label),
    offer.ask ? h("p", { class: "check-q" }, text(offer.ask)) : null,
    (done) => h("ul", { class: "targets offer-choices" }, choices.map((c) => {
      const id = `why-offer-${slug(offer.id)}-${slug(c.key)}`;
      return h("li", { class: c.ok ? "ok" : "no", "data-choice": text(c.key) },
        h("button", { type: "button", class: c.ok ? "primary" : "", disabled: !c.ok,
          "aria-describedby": c.ok ? null : id, onclick: () => done(c) }, text(c.label)),
        why(c, id));
    })),
    ruleLink(offer.rule, offer.rule_title || offer.label));
  closeSheet();
  if (!picked) return;
  const move = await moveOf(offer, picked, me);
  if (move) send(move);
}

/** The offers of `me` into `box` (hidden when there are none). */
export function renderOffers(box, me, send) {
  const offers = list(me.offers);
  box.hidden = !offers.length;
  if (!offers.length) return;
  fill(box, h("ul", { class: "answer-list offers" }, offers.map((o) => {
    const choices = list(o.choices);
    // one choice the engine refuses now: the button greyed, and why
    const only = choices.length === 1 && !o.ask ? choices[0] : null;
    const refused = only && !only.ok;
    const id = `why-offer-${slug(o.id)}`;
    return h("li", { class: refused ? "no" : "ok", "data-offer": text(o.id) },
      h("button", { type: "button", class: refused ? "" : "offer", disabled: refused,
        "aria-describedby": refused ? id : null, onclick: () => choose(o, me, send) }, text(o.label)),
      refused ? why(only, id) : null,
      ruleLink(o.rule, o.rule_title || o.label));
  })));
}
