// Pieces referee mode draws on both screens: a ruling with its reason and rule link, a
// revealed card with its suit symbol, and the read-only questions' cached card list.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The rules page's anchor for a rule id ("card.beer" -> "card-beer"), as the engine makes it. */
export const ruleHref = (id) => `/rules#${String(id || "").replace(/\./g, "-").replace(/[^a-z0-9_-]/g, "")}`;

/** A link to a rule: the player reads its title (never its id), the id makes the address. */
const unnamed = () => t("see the rules");
export const ruleLink = (id, title) => (id ? h("a", { class: "rule-link", href: ruleHref(id), target: "_blank", rel: "noopener" },
  t("Rule: {title}", { title: title || unnamed() })) : null);

/** A ruling ({ok} or {ok:false, message, rule}) as a small block. */
export function rulingBox(r, okText = t("Allowed by the rules.")) {
  if (!r) return null;
  if (r.ok) return h("div", { class: "ruling ok", role: "status" }, h("p", {}, "✓ ", okText),
    (r.decisions || []).map((d) => h("p", { class: "decision small" }, d.text, " ", ruleLink(d.rule, d.rule_title))));
  return h("div", { class: "ruling no", role: "status" },
    h("p", {}, "✗ ", r.message || r.reason || t("Not allowed.")),
    // the rule's text comes worded in the reader's language, like every message of the
    // server (companion/hub.py, companion/sockets.py)
    r.rule_text ? h("p", { class: "rule-text" }, r.rule_text) : null, ruleLink(r.rule, r.rule_title));
}

const RED = new Set(["♥", "♦"]);
/** "8♠" as a chip: the symbol always shown, red or dark by suit. */
export function cardChip(text) {
  const t = String(text || "");
  const suit = t.slice(-1);
  return h("span", { class: `pcard ${RED.has(suit) ? "red" : "dark"}` }, t);
}

let catalogue = null;
let catalogueKey = "";
/** The cards of the table's ruleset (asked once per ruleset). */
export async function cards(ask, ruleset) {
  if (catalogue && catalogueKey === ruleset) return catalogue;
  const ack = await ask("catalogue", {});
  if (ack && ack.ok) { catalogue = ack.cards || []; catalogueKey = ruleset; }
  return catalogue || [];
}

/** The cards that are aimed at someone. */
export const aimed = (c) => ["reach", "distance1", "any", "other", "not_sheriff"].includes(c.target);
