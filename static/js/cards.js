// The blue cards a player can have in front of them in the base game, for the in-play
// picker. Weapons carry their range; only one weapon at a time (without one, the Colt .45
// printed on the board shoots at distance 1).
import { blueCards } from "./ruleset.js";
import { t, tname } from "./i18n.js";

export const WEAPONS = [
  { name: "Volcanic", range: 1 },
  { name: "Schofield", range: 2 },
  { name: "Remington", range: 3 },
  { name: "Rev. Carabine", range: 4 },
  { name: "Winchester", range: 5 },
];

export const OTHER_BLUE = [
  { name: "Barrel", kind: "barrel", hint: "draw! a heart to dodge a shot" },
  { name: "Scope", kind: "scope", hint: "you see others 1 closer" },
  { name: "Mustang", kind: "mustang", hint: "others see you 1 farther" },
  { name: "Jail", kind: "jail", hint: "draw! a heart or skip your turn" },
  { name: "Dynamite", kind: "dynamite", hint: "passes on, or explodes on ♠2–9" },
];

export const weapons = () => (blueCards() || WEAPONS).filter((c) => !c.kind || c.kind === "weapon");
export const otherBlue = () => (blueCards() ? blueCards().filter((c) => c.kind !== "weapon") : OTHER_BLUE);

export const COLT = { name: "Colt .45", range: 1 };

const find = (name) => weapons().find((w) => w.name.toLowerCase() === String(name).toLowerCase());

export const isWeapon = (card) => !!card && (card.kind === "weapon" || !!find(card.name || card));

/** in_play entries may be {"name", "kind", "range"} objects or plain names. */
export const cardName = (card) => (card && typeof card === "object" ? card.name || "" : String(card || ""));

/** A short label for a chip, in the reader's language: "Schofield (2)". */
export function cardLabel(card) {
  const name = cardName(card);
  const range = card && typeof card === "object" ? card.range : undefined;
  const known = find(name);
  const r = range ?? (known ? known.range : undefined);
  return r !== undefined && r !== null && isWeapon(card) ? `${tname(name)} (${r})` : tname(name);
}

export const isTrouble = (card) => ["jail", "dynamite"].includes(card.kind || cardName(card).toLowerCase());

// A revealed card (draw!s, the Legends dialogs): its rank, and its suit by symbol and word.
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
export const SUITS = [["♠", "spades"], ["♥", "hearts"], ["♦", "diamonds"], ["♣", "clubs"]];
/** A suit's word in the reader's language ("spades"). */
export const suitName = (suit) => ({ spades: t("spades"), hearts: t("hearts"), diamonds: t("diamonds"), clubs: t("clubs") })[suit] || suit;
