// Roles, each with a symbol (so it is told apart without colour) and its goal in our words.

export const ROLES = {
  sheriff: {
    label: "Sheriff", symbol: "★",
    goal: "Clean up the town: get every Outlaw and the Renegade out of the game. Everyone knows who you are, so stay alive.",
  },
  deputy: {
    label: "Deputy", symbol: "☆",
    goal: "Keep the Sheriff alive, secretly. You win with the Sheriff once the Outlaws and the Renegade are gone.",
  },
  outlaw: {
    label: "Outlaw", symbol: "✖",
    goal: "Bring down the Sheriff. When the Sheriff falls, every Outlaw wins, even the ones already out.",
  },
  renegade: {
    label: "Renegade", symbol: "◆",
    goal: "Be the last one standing. Let the others fall first, then face the Sheriff alone.",
  },
};

export function roleInfo(role) {
  if (!role) return null;
  const key = String(role).toLowerCase();
  return ROLES[key] || { label: String(role), symbol: "•", goal: "" };
}

/** "★ Sheriff" as text, or "" when the role is unknown. */
export function roleText(role) {
  const r = roleInfo(role);
  return r ? `${r.symbol} ${r.label}` : "";
}

export const roleClass = (role) => (role ? `role role-${String(role).toLowerCase()}` : "role");
