// The secret role card: shown only while pressed and held, hidden again on release, so a
// neighbour glancing at the phone sees nothing. Works with touch, mouse, pen and keyboard.
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

export function renderRole(me, shown) {
  const b = document.getElementById("role-hold");
  b.classList.toggle("public", shown);
  b.setAttribute("aria-describedby", shown ? "role-goal" : "role-help");
  const info = roleInfo(me && me.role);
  const name = document.getElementById("role-name");
  const goal = document.getElementById("role-goal");
  name.textContent = info ? `${info.symbol} ${info.label}` : t("No role yet");
  name.className = `role-name ${roleClass(me && me.role)}`;
  goal.textContent = (me && me.goal) || "";  // the engine's words
}
