// Life with + and −, bounded 0..max; reaching 0 asks first, because it eliminates you
// and reveals your role. Sends {"set": {"life": n}}; the next snapshot confirms it.
import { bullets } from "./bits.js";
import { fill } from "./dom.js";

export function wireLife({ getSeat, send }) {
  const minus = document.getElementById("life-minus");
  const plus = document.getElementById("life-plus");
  const dialog = document.getElementById("confirm-zero");
  let shown = null; // the value on screen while a change is on its way

  const current = () => (shown !== null ? shown : Number((getSeat() || {}).life) || 0);
  const change = async (value) => {
    const seat = getSeat();
    if (!seat) return;
    shown = value;
    drawLife(seat, value, document.body.classList.contains("locked"));
    await send({ set: { life: value } });
    shown = null;
    // Snapshots that came while the change was on its way were not drawn: draw the newest.
    drawLife(getSeat(), undefined, document.body.classList.contains("locked"));
  };
  const askZero = () => new Promise((resolve) => {
    if (!dialog || typeof dialog.showModal !== "function") return resolve(window.confirm("Lose your last life and leave the game?"));
    const done = (answer) => { dialog.close(); resolve(answer); };
    document.getElementById("confirm-zero-yes").onclick = () => done(true);
    document.getElementById("confirm-zero-no").onclick = () => done(false);
    dialog.oncancel = () => resolve(false);
    dialog.showModal();
  });

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
  return { isBusy: () => shown !== null };
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
