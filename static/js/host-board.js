// The table as a circle in seating order (clockwise from the top), with each player's
// public facts, the turn marker, and in the middle whose turn it is, what is pending and
// the winner.
import { h, fill, get, list } from "./dom.js";
import { bullets, chips, pendingLines, phaseName } from "./bits.js";
// The host screen speaks to no seat: a sentence naming one says so with `{}` as its you.
import { t, tname } from "./i18n.js";
import { roleText, roleClass } from "./roles.js";
import { leaderRole, rulesetWords, word } from "./ruleset.js";

/** Where seat i of n sits, in percent of the board: clockwise, the first at the top. */
function place(i, n) {
  const angle = -Math.PI / 2 + (2 * Math.PI * i) / n;
  return { left: `${50 + 34 * Math.cos(angle)}%`, top: `${50 + 37 * Math.sin(angle)}%` };
}

function seatTile(seat, i, n, view, connected, onPick, over) {
  const turn = view.turn === seat.name && !over;
  const out = seat.alive === false;
  const falls = !out && seat.falls === true;   // out once the open questions are answered
  const asked = list(view.pending).some((p) => p && p.seat === seat.name);
  // The public leader (the Sheriff, Darth Vader) plays with the role card face up.
  const leader = !!seat.role && seat.role === leaderRole() && !out;
  const cls = ["seat", turn && "turn", out && "out", falls && "falls", asked && "asked", seat.legend && "legend", leader && "leader"].filter(Boolean).join(" ");
  return h("button", {
    type: "button", class: cls, style: place(i, n), dataset: { seat: seat.name },
    onclick: () => onPick(seat.name),
  },
  turn ? h("span", { class: "turn-flag" }, t("▶ Turn")) : null,
  h("span", { class: "seat-head" },
    h("span", { class: "seat-name" }, seat.name),
    connected === undefined ? null : h("span", { class: `dot ${connected ? "on" : "off"}`, title: connected ? t("phone connected") : t("phone not connected") })),
  seat.role ? h("span", { class: `seat-role ${roleClass(seat.role)}` }, roleText(seat.role),
    leader ? h("span", { class: "revealed" }, " · ", t("revealed")) : null) : null,
  seat.hunts && !out ? h("span", { class: "seat-hunts" }, "➜ ", seat.hunts) : null,
  h("span", { class: "seat-char" }, tname(seat.character), seat.custom_ability ? h("span", { class: "muted small", title: t("entered by name: no automatic effect") }, " ", t("(by name)")) : null),
  falls ? h("span", { class: "seat-out" }, t("✝ out once every answer is in")) : null,
  out ? h("span", { class: "seat-out" }, t("✝ out of the game")) : h("span", { class: "seat-life" },
    bullets(seat.life, seat.max_life), h("span", { class: "life-num", title: word("life") }, ` ${seat.life ?? "?"}/${seat.max_life ?? "?"}`)),
  // In tracker mode nobody reports the hand (the table plays its own cards): no count is
  // shown rather than the dealt one for ever; the hand limit still helps.
  out ? null : h("span", { class: "seat-hand" }, view.mode === "tracker" ? "" : t("🂠 {n} in hand", { n: seat.hand ?? "?" }),
    h("span", { class: "muted" }, view.mode === "tracker" ? t("keeps {n} at the end of a turn", { n: seat.hand_limit ?? "?" })
      : [" · ", t("limit {n}", { n: seat.hand_limit ?? "?" })])),
  out ? null : chips(seat.in_play),
  (view.features || {}).fame ? h("span", { class: "seat-fame" },
    seat.legend ? t("★ Legend") : t("fame {n}", { n: seat.fame ?? "?" })) : null,
  // The button's name is what the tile shows (a label that hid it would not match what a
  // voice-control user reads on the screen: WCAG 2.5.3), then what a tap does.
  h("span", { class: "visually-hidden" }, t("Correct or move.")));
}

export function renderBoard(snap, onPick) {
  const view = get(snap, "view") || {};
  const seats = list(view.seats);
  const conn = get(snap, "table", "seats_connected") || {};
  // A game the host ended has no winner, so the view keeps roles hidden: the table lists them.
  const roles = {};
  for (const r of list(get(snap, "table", "roles"))) if (r && r.name) roles[r.name] = r.role;
  for (const s of seats) if (s && !s.role && roles[s.name]) s.role = roles[s.name];
  const board = document.getElementById("board");
  board.querySelectorAll(".seat").forEach((el) => el.remove());
  board.classList.toggle("many", seats.length >= 8);
  const over = !!view.winner || get(snap, "table", "status") === "over";
  seats.forEach((s, i) => board.append(seatTile(s, i, seats.length, view, conn[s.name], onPick, over)));

  document.getElementById("turn-line").textContent = over ? t("Game over") : view.turn ? t("{seat}'s turn", { seat: view.turn }, {}) : "";
  document.getElementById("phase-line").textContent =
    !over && view.phase && view.mode === "referee" ? t("phase: {phase}", { phase: phaseName(view.phase) }) : "";
  const pending = list(view.pending);
  fill(document.getElementById("pending"), over ? [] : pendingLines(pending).map((line) => h("li", {}, line)));
  // Who hunts whom, in the engine's words (a table that plays with every role face up)
  const hunting = over ? [] : list(view.hunting);
  document.getElementById("hunting-card").hidden = !hunting.length;
  fill(document.getElementById("hunting"), hunting.map((line) => h("li", {}, line)));
  const win = document.getElementById("winner");
  win.hidden = !view.winner;
  if (view.winner) fill(win, h("span", { class: "winner-title" }, "★ ", view.winner.text || view.winner.side || "", " ★"));
}
