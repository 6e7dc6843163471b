// Small pieces of UI drawn the same way on the host screen and the phone.
import { h } from "./dom.js";
import { cardLabel, cardName, isTrouble, isWeapon } from "./cards.js";
import { kindName, word } from "./ruleset.js";

/** Life as bullets: filled for what is left, hollow for what is lost. */
export function bullets(life, max) {
  const l = Math.max(0, Number(life) || 0);
  const m = Math.max(l, Number(max) || 0);
  const dots = [];
  for (let i = 0; i < m; i++) dots.push(h("span", { class: i < l ? "bullet" : "bullet empty" }));
  return h("span", { class: "bullets", role: "img", "aria-label": `${l} of ${m} ${word("life")}` }, dots);
}

/** The cards in front of a player as chips. */
export function chips(inPlay) {
  const cards = Array.isArray(inPlay) ? inPlay : [];
  if (!cards.length) return h("span", { class: "muted small" }, "nothing in play");
  return h("span", { class: "chips" }, cards.map((c) => h("span", {
    class: `chip${isWeapon(c) ? " weapon" : ""}${isTrouble(c) ? " trouble" : ""}`,
    title: cardName(c),
  }, cardLabel(c))));
}

/** Open questions grouped: one line for everyone answering the same card ("Bob, Cid and
 * Dan must answer Gatling from Ann"), so a Gatling at seven fits the middle of the table. */
export function pendingLines(pending) {
  const groups = new Map();
  for (const p of pending) {
    if (!p) continue;
    const key = p.kind === "gatling" || p.kind === "indians" ? `${p.kind}|${p.from}` : `${p.kind}|${p.seat}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(p);
  }
  return [...groups.values()].map((ps) => {
    if (ps.length === 1) return pendingText(ps[0]);
    const names = ps.map((p) => p.seat);
    const who = `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
    return pendingText({ ...ps[0], seat: who }).replace(" must ", " each must ");
  });
}

/** One pending question in words: "Bob must answer BANG! from Ann". */
export function pendingText(p) {
  if (!p) return "";
  const who = p.seat ?? "Someone";
  const what = p.card || p.kind || "a card";
  const from = p.from ? ` from ${p.from}` : "";
  const bang = kindName("bang", "BANG!");
  if (p.kind === "dying") return `${who} is dying: a ${kindName("beer", "Beer")}, or out of the game`;
  if (p.kind === "duel") return `${who} must discard a ${bang} in the ${kindName("duel", "Duel")}${from}, or lose it`;
  if (p.kind === "indians") return `${who} must discard a ${bang} against ${kindName("indians", "Indians!")}${from}, or lose 1 ${word("life")}`;
  const needed = Number(p.needed) > 1 ? ` (${p.needed} ${kindName("missed", "Missed!")} needed)` : "";
  return `${who} must answer ${what}${from}${needed}`;
}
