// Life with + and − (0 asks first); the value tapped stays until a snapshot shows it or
// the server refuses it, so no number jumps back and quick taps count from what is shown.
import { bullets } from "./bits.js";
import { fill } from "./dom.js";
import { ask } from "./confirm.js";
import { t } from "./i18n.js";

const SETTLE_MS = 4000;

export function wireLife({ getSeat, send }) {
  const minus = document.getElementById("life-minus");
  const plus = document.getElementById("life-plus");
  let shown = null; // the value tapped, until a snapshot confirms it
  let timer = null;
  const locked = () => document.body.classList.contains("locked");

  const settle = () => {
    clearTimeout(timer);
    shown = null;
    drawLife(getSeat(), undefined, locked());
  };
  const current = () => (shown !== null ? shown : Number((getSeat() || {}).life) || 0);
  const change = async (value) => {
    const seat = getSeat();
    if (!seat) return;
    shown = value;
    clearTimeout(timer);
    drawLife(seat, value, locked());
    const ack = await send({ set: { life: value } });
    if (!ack.ok) settle();
    else if (shown === value) timer = setTimeout(settle, SETTLE_MS);
  };
  // asked in the one confirm dialog, in the page's words for this ruleset's life (phone.html)
  const askZero = () => {
    const w = (document.getElementById("zero-words") || {}).dataset || {};
    return ask(w.text || t("Lose your last life and leave the game?"), { title: w.title, yes: w.yes, no: w.no });
  };

  minus.addEventListener("click", async () => {
    const next = current() - 1;
    if (next < 0) return;
    if (next === 0 && !(await askZero())) return;
    change(next);
  });
  plus.addEventListener("click", () => {
    const seat = getSeat();
    const max = Number(seat && seat.max_life) || 0;
    if (current() + 1 > max) return;
    change(current() + 1);
  });
  return {
    /** Draw from a new snapshot, keeping a tapped value until the snapshot shows it. */
    sync(seat, isLocked) {
      if (shown !== null && seat && Number(seat.life) === shown) {
        clearTimeout(timer);
        shown = null;
      }
      drawLife(seat, shown ?? undefined, isLocked);
    },
  };
}

/** Draw my life, its bullets, the bounds of the buttons and the hand limit. */
export function drawLife(seat, value, locked = false) {
  if (!seat) return;
  const life = value ?? (Number(seat.life) || 0);
  const max = Number(seat.max_life) || 0;
  document.getElementById("life-value").textContent = String(life);
  document.getElementById("life-max").textContent = max ? String(max) : "–";
  fill(document.getElementById("life-bullets"), bullets(life, max));
  document.getElementById("hand-limit").textContent = seat.hand_limit ?? life;
  const out = seat.alive === false || locked;
  document.getElementById("life-minus").disabled = out || life <= 0;
  document.getElementById("life-plus").disabled = out || life >= max;
}
