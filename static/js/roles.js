// Roles, each with a symbol (so it is told apart without colour); goals: view.me.goal.
import { roleWords } from "./ruleset.js";
import { tname } from "./i18n.js";

// (labels made when asked, in the reader's language)
export const ROLES = {
  sheriff: { label: () => tname("Sheriff"), symbol: "★" },
  deputy: { label: () => tname("Deputy"), symbol: "☆" },
  outlaw: { label: () => tname("Outlaw"), symbol: "✖" },
  renegade: { label: () => tname("Renegade"), symbol: "◆" },
};

export function roleInfo(role) {
  if (!role) return null;
  const key = String(role).toLowerCase();
  const own = roleWords(key);
  if (own) return { label: tname(own.label), symbol: own.mark };
  return ROLES[key] ? { label: ROLES[key].label(), symbol: ROLES[key].symbol } : { label: tname(String(role)), symbol: "•" };
}

/** "★ Sheriff" as text, or "" when the role is unknown. */
export function roleText(role) {
  const r = roleInfo(role);
  return r ? `${r.symbol} ${r.label}` : "";
}

export const roleClass = (role) => (role ? `role role-${String(role).toLowerCase()}` : "role");
