// Referee mode on the phone: my turn's moves (draw!s with the card picker, the draw and its
// character choice, "Play a card", the discard count, an event's offers), the question put
// to me with the engine's answers (refused ones greyed with why), what the table waits for,
// and "Ask the referee".
import { $, h, fill, get, list } from "./dom.js";
import { pendingText } from "./bits.js";
import { ruleLink } from "./referee-bits.js";
import { ask as confirmOut } from "./confirm.js";
import { register } from "./phone-referee.js";
import { t, tn, tname } from "./i18n.js";

// The sheets load on first use, so the page's first load stays small.
const pickCards = async (...args) => (await import("./referee-pick.js")).pickCards(...args);
const checkOf = (pick) => (pick.cards.length > 1 ? { check: pick.cards, keep: pick.keep } : { check: pick.cards[0] });
const openPlay = async (opts) => (await import("./referee-play.js")).openPlay(opts);
async function renderAsk(box, opts) {
  if (!box.closest("details").open) return;
  (await import("./referee-ask.js")).renderAsk(box, opts);
}

let more = null;
let offers = null;

let snap = null;
let ask = async () => ({ ok: false });
let sendMove = async () => ({ ok: false });

export function wireReferee(move, askFn) {
  sendMove = move;
  if (askFn) ask = askFn;
  const details = $("#ref-ask");
  if (details) details.addEventListener("toggle", () => snap && renderAsk($("#ref-ask-body"), { snap, ask, me: get(snap, "view", "me", "name") }));
}

const checkTitle = (due) => ({ dynamite: t("Draw! for the Dynamite"), jail: t("Draw! for the Jail") })[due] || t("Draw!");

function turnBox(view, me) {
  const hints = me.hints || {};
  const seats = list(view.seats);
  const two = hints.check_cards === 2;
  const pickHint = two ? t("Turn over two cards, enter both, then pick the one that counts.") : t("Turn over the top card of the deck and enter it.");
  if (list(view.pending).length) return null;
  if (hints.check_due) {
    return [h("h2", {}, checkTitle(hints.check_due)), h("p", {}, pickHint),
      h("button", { type: "button", class: "primary big", onclick: async () => {
        // only the Dynamite's draw! reads the rank
        const pick = await pickCards(two ? 2 : 1, checkTitle(hints.check_due), pickHint, { suitOnly: hints.check_due === "jail" });
        if (pick) sendMove(checkOf(pick));
      } }, two ? t("Enter the two cards") : t("Enter the card"))];
  }
  if (hints.draw && (view.phase === "start" || view.phase === "draw")) {
    const d = hints.draw;
    const buttons = [];
    if (d.hook === "black_jack") {
      buttons.push(h("button", { type: "button", class: "primary big", onclick: async () => {
        const character = tname("Black Jack");
        const pick = await pickCards(1, t("{character}: your second card", { character }),
          t("Show it to everyone and enter it: a heart or diamond draws one more."), { suitOnly: true });   // only its suit counts
        if (pick) sendMove({ draw: { reveal: pick.cards[0] } });
      } }, t("Draw, and show the second card")));
    } else {
      buttons.push(h("button", { type: "button", class: "primary big", onclick: () => sendMove({ draw: {} }) },
        d.hook === "kit" ? t("Draw 3, keep 2") : t("Draw 2 from the deck")));
    }
    if (d.hook === "jesse") {
      for (const s of seats) {
        if (s.name === me.name || s.alive === false) continue;    // {seat} below: another
        buttons.push(h("button", { type: "button", disabled: !s.hand, onclick: () => sendMove({ draw: { from: s.name } }) },
          t("First card from {seat}'s hand", { seat: s.name }, {}), s.hand ? "" : [" ", t("(no cards)")]));
      }
    }
    if (d.hook === "pedro") {
      buttons.push(h("button", { type: "button", onclick: () => sendMove({ draw: { from: "discard" } }) }, t("First card from the discard pile")));
    }
    return [h("h2", {}, t("Draw your cards")), h("div", { class: "ref-actions" }, buttons)];
  }
  if (view.phase === "play") {
    const n = hints.discard_needed || 0;
    return [h("button", { type: "button", class: "primary big", id: "play-card",
      onclick: () => openPlay({ snap, ask, move: sendMove, more }) }, t("Play a card")),
    h("p", { class: "small" }, n
      ? tn("To end your turn, discard {n} card (you may keep {limit}).", "To end your turn, discard {n} cards (you may keep {limit}).", n, { limit: hints.hand_limit })
      : t("End your turn when you are done: no discard needed."))];
  }
  return null;
}

function answerRow(a, k) {
  const id = `why-answer-${k}`;
  const click = async () => {
    if (a.ability) return sendMove({ ability: a.ability });
    const dying = list(get(snap, "view", "me", "asked")).some((q) => q && q.kind === "dying");
    if (a.respond === "take" && dying && !(await confirmOut(
      t("You will be out of the game, and everyone will see your role."),
      { yes: t("Yes, I'm out"), title: t("Out of the game?") }))) return;
    let extra = {};
    const x = more ? await more.answer(a, snap, ask) : false;
    if (x === null) return;
    if (x) return sendMove({ respond: a.respond, ...x });
    if (a.needs_check) {
      const two = a.check_cards === 2 || get(snap, "view", "me", "character") === "Lucky Duke";
      // a Barrel wants a heart: the suit alone (legend-side Jourdonnais reads the rank)
      const me = get(snap, "view", "me") || {};
      const legend = list(get(snap, "view", "seats")).some((s) => s && s.name === me.name && s.legend);
      const pick = await pickCards(two ? 2 : 1, t("{answer}: the card turned over", { answer: a.label }),
        two ? t("Enter both cards, then pick the one that counts.") : t("Turn over the top card of the deck and enter it."),
        { suitOnly: !(legend && a.respond === "Jourdonnais") });
      if (!pick) return;
      extra = checkOf(pick);
    }
    sendMove({ respond: a.respond, ...extra });
  };
  return h("li", { class: a.ok ? "ok" : "no" },
    h("button", { type: "button", class: a.ok && a.respond !== "take" ? "primary" : a.respond === "take" && a.ok ? "danger" : "",
      disabled: !a.ok, "aria-describedby": a.ok ? null : id, onclick: click }, a.label || tname(a.respond)),
    a.ok ? null : h("span", { class: "why", id }, a.reason || "", " ", ruleLink(a.rule, a.rule_title)));
}

function questionBox(box, me) {
  const asked = list(me.asked);
  box.hidden = !asked.length;
  if (!asked.length) return;
  const answers = list(me.answers);
  fill(box, asked.map((p) => h("p", { class: "ask-text" }, pendingText(p, { you: true }),
    Number(p.tried) ? h("span", { class: "muted small" }, " ", t("({n} tried)", { n: p.tried })) : null)),
  h("ul", { class: "answer-list" }, answers.map(answerRow)));
}

function waitingBox(view, me) {
  const others = list(view.pending).filter((p) => p.seat !== me.name);
  if (!others.length) return null;
  const mine = others.some((p) => p.from === me.name);
  return [h("p", { class: "wait-title" }, mine ? t("Waiting for the answer to your card…") : t("Waiting for an answer…")),
    h("ul", {}, others.map((p) => h("li", {}, pendingText(p))))];
}

export function renderReferee(s, move) {
  snap = s;
  if (move) sendMove = move;
  const view = get(s, "view") || {};
  const panel = $("#ref-panel");
  if (!panel) return;        // tracker mode: the partial is not on the page
  const on = view.mode === "referee" && get(s, "table", "status") !== "over" && !view.winner;
  panel.hidden = !on;
  if (!on) {
    // the turn's actions and the question live in the bottom bar, outside the panel: a
    // finished game leaves no "Play a card" there
    for (const id of ["#ref-turn", "#ref-wait", "#my-question"]) { const el = $(id); if (el) el.hidden = true; }
    return;
  }
  const me = view.me || {};
  if (!me.name) return;
  const f = view.features || {};
  if (!more && (f.checks || f.destiny)) import("./referee-sheets.js").then((m) => { more = m; renderReferee(snap); });
  questionBox($("#my-question"), me);
  const turn = me.your_turn && me.alive !== false ? turnBox(view, me) : null;
  const tbox = $("#ref-turn");
  tbox.hidden = !turn;
  if (turn) fill(tbox, turn);
  const wait = waitingBox(view, me);
  const wbox = $("#ref-wait");
  wbox.hidden = !wait;
  if (wait) fill(wbox, wait);
  if (offers) offers.renderOffers($("#ref-offers"), me, sendMove);
  else if (list(me.offers).length) import("./referee-offers.js").then((m) => { offers = m; renderReferee(snap); });
  const sid = me.character === "Sid Ketchum" && !list(me.asked).length && me.alive !== false;
  const sidBtn = $("#ref-sid");
  sidBtn.hidden = !sid;
  if (more) more.render(s, sendMove);
  renderAsk($("#ref-ask-body"), { snap: s, ask, me: me.name });
}

// Sid Ketchum's ability, usable at any moment (the engine refuses it at full life).
document.addEventListener("click", (ev) => {
  if (ev.target && ev.target.id === "ref-sid") sendMove({ ability: { discard: 2 } });
});

register({ wireReferee, renderReferee });
