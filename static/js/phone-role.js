// The secret role card: shown only while pressed and held, hidden again on release, so a
// neighbour glancing at the phone sees nothing. Works with touch, mouse, pen and keyboard.
// Once the role is public (the player is out, the game is over, Darth Vader's from the
// start) the card shows it face up and says so: there is nothing left to hide.
import { roleInfo, roleClass } from "./roles.js";
import { t } from "./i18n.js";

const HOLD_MS = 180; // a short hold, so scrolling past the card never flashes the role

export function wireRoleCard(button) {
  const cover = button.querySelector(".role-cover");
  const face = button.querySelector(".role-face");
  let timer = null;
  const show = () => {
    timer = null;
    cover.hidden = true;
    face.hidden = false;
    button.classList.add("revealed");
  };
  const hide = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (button.classList.contains("public")) return;
    face.hidden = true;
    cover.hidden = false;
    button.classList.remove("revealed");
  };
  const press = (e) => {
    if (e.type === "pointerdown" && e.button > 0) return;
    if (timer || !face.hidden) return;
    timer = setTimeout(show, HOLD_MS);
  };
  button.addEventListener("pointerdown", press);
  for (const type of ["pointerup", "pointercancel", "pointerleave", "blur"]) button.addEventListener(type, hide);
  button.addEventListener("keydown", (e) => { if ((e.key === " " || e.key === "Enter") && !e.repeat) { e.preventDefault(); press(e); } });
  button.addEventListener("keyup", (e) => { if (e.key === " " || e.key === "Enter") hide(); });
  button.addEventListener("contextmenu", (e) => e.preventDefault());
  document.addEventListener("visibilitychange", hide);
  hide();
}

/** Put the role and its goal on the (hidden) face of the card; a role the table sees
 * (`shown`: the seat's public row names it) is shown face up. */
export function renderRole(me, shown = false) {
  const button = document.getElementById("role-hold");
  const open = !!(shown && me && me.role);
  if (open !== button.classList.contains("public")) {
    button.classList.toggle("public", open);
    button.querySelector(".role-cover").hidden = open;
    button.querySelector(".role-face").hidden = !open;
    button.classList.toggle("revealed", open);
  }
  document.getElementById("role-help").textContent = open
    ? t("Everyone sees your role now.") : t("Press and hold to look. Let go to hide it.");
  const info = roleInfo(me && me.role);
  const name = document.getElementById("role-name");
  const goal = document.getElementById("role-goal");
  name.textContent = info ? `${info.symbol} ${info.label}` : t("No role yet");
  name.className = `role-name ${roleClass(me && me.role)}`;
  goal.textContent = (me && me.goal) || "";  // the engine's words
}
