// The distance calculator, drawn from view.me.distances (the engine computes it): for
// every other living player, the distance and why, and whether BANG! and Panic! reach;
// then who can reach me.
import { h, fill, list } from "./dom.js";
import { kindName } from "./ruleset.js";
import { t, tname } from "./i18n.js";

function why(row) {
  // The engine words the reasons ("2 seats apart · Bob's Mustang +1"); an older snapshot
  // carried them as a list.
  if (row && typeof row.why === "string") return row.why;
  const breakdown = row && row.breakdown;
  // The first part is the count of seats between us; the rest are modifiers (+1, −1).
  const parts = list(breakdown).map((b, i) => {
    const d = Number(b && b.delta);
    const sign = i === 0 || !d ? "" : d > 0 ? ` +${d}` : ` −${-d}`;
    return `${(b && b.label) || "?"}${sign}`;
  });
  return parts.join(" · ");
}

const bang = () => kindName("bang", "BANG!");
const panic = () => kindName("panic", "Panic!");
const tag = (ok, yes, no, cls = "yes") => h("span", { class: `tag ${ok ? cls : "no"}` }, ok ? `✓ ${yes}` : `✗ ${no}`);

export function renderReach(me, out = false) {
  const dist = me && me.distances;
  const weapon = dist && dist.weapon;
  const line = document.getElementById("weapon-line");
  line.textContent = weapon && weapon.name
    ? t("Your weapon: {weapon}, reaches distance {n}. {panic} reaches distance 1.", { weapon: tname(weapon.name), n: weapon.range ?? "?", panic: panic() })
    : "";
  const others = list(dist && dist.others);
  fill(document.getElementById("reach-list"), others.length ? others.map((o) => h("li", {},
    h("span", { class: "dist", "aria-label": t("distance {n}", { n: o.distance }) }, o.distance ?? "?"),
    h("span", { class: "who" }, o.name || "?", tag(o.bang, bang(), bang()), tag(o.panic, panic(), panic())),
    h("span", { class: "why" }, why(o)),
  )) : h("li", { class: "muted" }, out ? t("You are out of the game: distances count only the players still in it.")
    : dist ? t("Nobody else is left.") : t("Shown once the cards are dealt.")));

  const by = list(dist && dist.reached_by);
  fill(document.getElementById("reached-by"), by.length ? by.map((o) => h("li", {},
    h("span", { class: "dist", "aria-label": t("distance {n}", { n: o.distance }) }, o.distance ?? "?"),
    h("span", { class: "who" }, o.name || "?", o.bang
      ? h("span", { class: "tag danger" }, t("⚠ can {bang} you", { bang: bang() }))
      : h("span", { class: "tag no" }, t("✗ cannot reach you"))),
    h("span", { class: "why" }, [o.weapon ? tname(o.weapon) : "", why(o)].filter(Boolean).join(" · ")),
  )) : h("li", { class: "muted" }, out ? t("Nobody: you are out of the game.") : "—"));
}
