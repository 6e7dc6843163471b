// Roles, each with a symbol (so it is told apart without colour); goals: view.me.goal.
import { roleWords } from "./ruleset.js";

export const ROLES = {
  sheriff: { label: "Sheriff", symbol: "★" },
  deputy: { label: "Deputy", symbol: "☆" },
  outlaw: { label: "Outlaw", symbol: "✖" },
  renegade: { label: "Renegade", symbol: "◆" },
};

export function roleInfo(role) {
  if (!role) return null;
  const key = String(role).toLowerCase();
  const own = roleWords(key);
  return own ? { label: own.label, symbol: own.mark } : ROLES[key] || { label: String(role), symbol: "•" };
}

/** "★ Sheriff" as text, or "" when the role is unknown. */
export function roleText(role) {
  const r = roleInfo(role);
  return r ? `${r.symbol} ${r.label}` : "";
}

export const roleClass = (role) => (role ? `role role-${String(role).toLowerCase()}` : "role");
