// Small pieces of UI drawn the same way on the host screen and the phone.
import { h } from "./dom.js";
import { N_, t, tname, and } from "./i18n.js";
import { cardLabel, cardName, isTrouble, isWeapon } from "./cards.js";
import { kindName, word } from "./ruleset.js";

/** Life as bullets: filled for what is left, hollow for what is lost. */
export function bullets(life, max) {
  const l = Math.max(0, Number(life) || 0);
  const m = Math.max(l, Number(max) || 0);
  const dots = [];
  for (let i = 0; i < m; i++) dots.push(h("span", { class: i < l ? "bullet" : "bullet empty" }));
  return h("span", { class: "bullets", role: "img", "aria-label": t("{life}: {n} of {max}", { life: word("life"), n: l, max: m }) }, dots);
}

/** The cards in front of a player as chips. */
export function chips(inPlay) {
  const cards = Array.isArray(inPlay) ? inPlay : [];
  if (!cards.length) return h("span", { class: "muted small" }, t("nothing in play"));
  return h("span", { class: "chips" }, cards.map((c) => h("span", {
    class: `chip${isWeapon(c) ? " weapon" : ""}${isTrouble(c) ? " trouble" : ""}`,
    title: tname(cardName(c)),
  }, cardLabel(c))));
}

/** Open questions grouped: one line for everyone answering the same card ("Bob, Cid and
 * Dan must answer Gatling from Ann"), so a Gatling at seven fits the middle of the table. */
export function pendingLines(pending) {
  const groups = new Map();
  for (const p of pending) {
    if (!p) continue;
    const key = (p.kind === "gatling" || p.kind === "indians") && p.from ? `${p.kind}|${p.from}` : `${p.kind}|${p.seat}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(p);
  }
  return [...groups.values()].map((ps) => (ps.length === 1 ? pendingText(ps[0])
    : pendingText({ ...ps[0], seat: and(ps.map((p) => p.seat)) }, { group: true })));
}

/** A pending question in words; `you`: to the player asked, `group`: p.seat is several. */
export function pendingText(p, { you = false, group = false } = {}) {
  if (!p) return "";
  const args = {
    seat: p.seat ?? t("Someone"), from: p.from, card: p.card ? tname(p.card) : p.kind || t("a card"),
    bang: kindName("bang", "BANG!"), beer: kindName("beer", "Beer"), duel: kindName("duel", "Duel"),
    indians: kindName("indians", "Indians!"), missed: kindName("missed", "Missed!"), life: word("life"),
  };
  const from = !!p.from;
  // each sentence's second person (i18n.js t), on the phone of the player asked ({seat}),
  // who reads the sentence written for him when `you` is set, and of the card's player
  // ({from}): "Bob must answer your BANG!"
  const youDying = { seat: N_("You are dying: a {beer}, or out of the game") };
  const youDuel = { seat: N_("You must discard a {bang} in the {duel}, or lose it") };
  const youIndians = { seat: N_("You must discard a {bang} against {indians}, or lose 1 {life}") };
  const youCard = { seat: N_("You must answer {card}") };
  const yourDuel = { seat: N_("You must discard a {bang} in the {duel} from {from}, or lose it"),
    from: N_("{seat} must discard a {bang} in your {duel}, or lose it") };
  // ...and the challenger asked in his own Duel: not "the Duel from Ann"
  const yourOwnDuel = { from: N_("You must discard a {bang} in your own {duel}, or lose it") };
  const yourIndians = { seat: N_("You must discard a {bang} against {indians} from {from}, or lose 1 {life}"),
    from: N_("{seat} must discard a {bang} against your {indians}, or lose 1 {life}") };
  const yourIndiansEach = { from: N_("{seat} each must discard a {bang} against your {indians}, or lose 1 {life}") };
  const yourCard = { seat: N_("You must answer {card} from {from}"), from: N_("{seat} must answer your {card}") };
  // {from} of a question put to the reader: another's card (his own Duel: yourOwnDuel)
  const another = {};
  const yourCardEach = { from: N_("{seat} each must answer your {card}") };
  if (p.kind === "dying") {
    return you ? t("You are dying: a {beer}, or out of the game", args)
      : t("{seat} is dying: a {beer}, or out of the game", args, youDying);
  }
  if (p.kind === "duel") {
    if (you) {
      return from ? t("You must discard a {bang} in the {duel} from {from}, or lose it", args, yourOwnDuel)
        : t("You must discard a {bang} in the {duel}, or lose it", args);
    }
    return from ? t("{seat} must discard a {bang} in the {duel} from {from}, or lose it", args, yourDuel)
      : t("{seat} must discard a {bang} in the {duel}, or lose it", args, youDuel);
  }
  if (p.kind === "indians") {
    if (group) return t("{seat} each must discard a {bang} against {indians} from {from}, or lose 1 {life}", args, yourIndiansEach);
    if (you) {
      return from ? t("You must discard a {bang} against {indians} from {from}, or lose 1 {life}", args, another)
        : t("You must discard a {bang} against {indians}, or lose 1 {life}", args);
    }
    return from ? t("{seat} must discard a {bang} against {indians} from {from}, or lose 1 {life}", args, yourIndians)
      : t("{seat} must discard a {bang} against {indians}, or lose 1 {life}", args, youIndians);
  }
  let text;
  if (group) text = t("{seat} each must answer {card} from {from}", args, yourCardEach);
  else if (you) text = from ? t("You must answer {card} from {from}", args, another) : t("You must answer {card}", args);
  else text = from ? t("{seat} must answer {card} from {from}", args, yourCard) : t("{seat} must answer {card}", args, youCard);
  const needed = Number(p.needed);
  return needed > 1 ? t("{question} ({n} {missed} needed)", { ...args, question: text, n: needed }) : text;
}

/** A turn's phase (view.phase) in words. */
export const phaseName = (phase) => ({ start: t("start"), draw: t("draw"), play: t("play"), discard: t("discard") })[phase] || phase;
