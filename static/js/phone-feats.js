// BANG! Legends on the phone: the revealed Feats with everyone's tokens, my fame, and the
// Perform / Boast / Claim buttons the engine allows now (greyed with its reason otherwise);
// my legend ability, the Jail's heart, and the moment my character turns Legend.
import { $, h, fill, get, list } from "./dom.js";
import { FEATS, CROSSROAD, colourOf, total, tokenChips, pips, ruleHref } from "./feats-common.js";

let send = async () => ({ ok: false });
let snap = null;

const CARDS = ["BANG!", "Missed!", "Beer", "Panic!", "Cat Balou", "Stagecoach", "Wells Fargo",
  "General Store", "Gatling", "Indians!", "Duel", "Saloon", "Barrel", "Scope", "Mustang", "Jail",
  "Dynamite", "Volcanic", "Schofield", "Remington", "Rev. Carabine", "Winchester"];
const BLUE = CARDS.slice(12);
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUITS = [["♠", "spades"], ["♥", "hearts"], ["♦", "diamonds"], ["♣", "clubs"]];
// What performing a Crossroad Feat does, on its button; the dialog ones ask for a card.
const DOES = {
  "Bottleneck": "discard a Beer", "The Chuck-a-Luck": "discard a BANG!", "Borderlands": "discard my whole hand",
  "The Man with No Name": "lose 1 life", "The Oregon Trail": "skip my first card", "For a Few Cards More": "ends my turn",
};
const ASKS = new Set(["Good Company", "The Last Hero", "A Thousand Ways to Die"]);
const FIXED = { "Bottleneck": "Beer", "The Chuck-a-Luck": "BANG!", "Borderlands": "hand" };

export function wireFeats(move) {
  if (move) send = move;
}

const view = () => get(snap, "view") || {};
const me = () => get(snap, "view", "me") || {};
const seats = () => list(view().seats);
const mySeat = () => seats().find((s) => s.name === me().name) || {};
const others = (pred = () => true) => seats().filter((s) => s.alive !== false && s.name !== me().name && pred(s));
const tracker = () => view().mode !== "referee";

export function renderFeats(s, move) {
  if (move) send = move;
  snap = s;
  const box = $("#feats-box");
  if (!box) return;
  const v = get(s, "view");
  const on = !!v && v.ruleset === "legends" && !!v.me;
  box.hidden = !on;
  if (!on) return;
  const seat = mySeat();
  renderFame(seat);
  renderJail();
  renderLegend(seat);
  renderList(seat);
  celebrate(seat);
}

function renderFame(seat) {
  const colour = colourOf(seats(), me().name);
  fill($("#feats-fame"), seat.legend
    ? h("span", { class: "legend-badge" }, "★ Legend")
    : [pips(seat, colour), h("span", { class: "fame-left" }, h("strong", {}, String(seat.fame ?? "?")), " fame left")]);
  $("#feats-help").textContent = seat.legend
    ? "As a Legend you claim Feats: no tokens; you may make another Legend lose 1 life, then a new Feat replaces it."
    : "Perform a Feat: 2 tokens on it. Or boast at the end of your turn: 1 token. With none left you turn Legend.";
  $("#feats-mode").hidden = !tracker();
}

// --- a reason shown once when every button is greyed for it ---------------------------------
function why(verdict, id) {
  const v = verdict || {};
  return h("p", { class: "feat-why", id }, v.reason || "Not possible now.",
    v.rule ? h("a", { class: "rule-link", href: ruleHref(v.rule), target: "_blank", rel: "noopener", "aria-label": `Rule: ${v.rule}` }, "Rule ›") : null);
}

function renderList(seat) {
  const opts = list(me().feats);
  const feats = list(view().feats);
  const verdicts = opts.flatMap((o) => [o.perform, o.boast, o.claim].filter(Boolean));
  const refused = verdicts.filter((x) => !x.ok);
  const shared = verdicts.length > 1 && refused.length === verdicts.length
    && refused.every((x) => x.reason === refused[0].reason) ? refused[0] : null;
  const common = $("#feats-common");
  fill(common, shared ? why(shared, "feats-why-all") : null);
  common.hidden = !shared;
  fill($("#feats-list"), feats.length ? feats.map((f, k) => featCard(f, opts.find((o) => o.name === f.name), k, shared, seat))
    : h("li", { class: "muted" }, "No Feat is revealed. Turn one up and ask the host to set it."));
}

function featCard(f, o, k, shared, seat) {
  const cross = o ? o.crossroad : CROSSROAD.has(f.name);
  const actions = [];
  const act = (label, verdict, onclick, open) => {
    const ok = !!verdict && (verdict.ok || (open && (verdict.code === "feat_requirement" || verdict.code === "no_such_card_in_play")));
    const id = `feat-why-${k}-${actions.length}`;
    const reason = ok || !verdict ? null : shared ? null : why(verdict, id);
    actions.push(h("div", { class: "feat-action" },
      h("button", { type: "button", class: ok ? "primary" : "", disabled: !ok,
        "aria-describedby": ok ? null : shared ? "feats-why-all" : id, onclick }, label), reason));
  };
  if (o && o.claim) {
    act("Claim…", o.claim, () => claimDialog(f), true);
  } else if (o && o.perform) {
    const asks = ASKS.has(f.name) && !tracker();
    const label = asks ? "Perform…" : DOES[f.name] ? `Perform · ${DOES[f.name]}` : "Perform";
    act(label, o.perform, () => (asks ? performDialog(f) : perform(f.name, FIXED[f.name] ? { discard: FIXED[f.name] } : {})), asks);
    act("Boast…", o.boast, () => boastDialog(f.name));
  }
  return h("li", { class: `feat-card${cross ? " crossroad" : ""}`, dataset: { feat: f.name } },
    h("div", { class: "feat-head" }, h("span", { class: "feat-name" }, f.name),
      cross ? h("span", { class: "crossroad-badge", title: "Crossroad: may be done on purpose with your own cards" }, "✚ Crossroad") : null),
    o && o.requirement ? h("p", { class: "feat-req" }, o.requirement) : null,
    h("div", { class: "feat-tokens" }, tokenChips(f, seats(), me().name)),
    actions.length ? h("div", { class: "feat-actions" }, actions) : null);
}

async function perform(name, extra) {
  return send({ perform: name, ...extra });
}

// --- the dialog: one form per action --------------------------------------------------------
let uid = 0;
function field(label, control, hint) {
  const id = control.id || (control.id = `fd-${++uid}`);
  return h("div", { class: "fd-field" }, h("label", { for: id }, label), control, hint ? h("p", { class: "muted small" }, hint) : null);
}
function select(options, value) {
  return h("select", {}, options.map((o) => {
    const [v, t] = Array.isArray(o) ? o : [o, o];
    return h("option", { value: v, selected: v === value ? true : null }, t);
  }));
}

/** A card by rank and suit: a rank list and four suit buttons (symbol, colour and word). */
function cardPicker(legend, suits = SUITS, rank = "A") {
  const name = `suit-${++uid}`;
  const ranks = select(RANKS, rank);
  const group = h("fieldset", { class: "card-picker" }, h("legend", {}, legend),
    h("div", { class: "fd-field" }, h("label", { for: ranks.id = `fd-${++uid}` }, "Rank"), ranks),
    h("div", { class: "suits", role: "radiogroup", "aria-label": `${legend}: suit` }, suits.map(([sym, word], i) =>
      h("label", { class: `suit suit-${word}` }, h("input", { type: "radio", name, value: sym, checked: i === 0 ? true : null }),
        h("span", { class: "suit-sym", "aria-hidden": "true" }, sym), h("span", {}, word)))));
  return { el: group, value: () => ranks.value + (group.querySelector("input:checked") || { value: suits[0][0] }).value, ranks };
}

/** A Feat turned up from the deck: the ones not showing, or one typed in. */
function revealPicker(label, optional) {
  const showing = new Set(list(view().feats).map((f) => f.name));
  const sel = select([...(optional ? [["", "None: no Feat to turn up"]] : []),
    ...FEATS.filter((n) => !showing.has(n)), ["?", "Another Feat: type its name"]], optional ? "" : null);
  const typed = h("input", { type: "text", maxlength: "60", autocomplete: "off" });
  const other = field("Its name", typed);
  other.hidden = true;
  sel.addEventListener("change", () => { other.hidden = sel.value !== "?"; });
  return { el: [field(label, sel), other], sel, value: () => (sel.value === "?" ? typed.value.trim() : sel.value) };
}

function openDialog(title, intro, body, submitLabel, build, onInput) {
  const dlg = $("#feat-dialog");
  const go = h("button", { type: "submit", class: "primary" }, submitLabel);
  const form = h("form", { class: "fd-form" }, h("h2", { id: "feat-dialog-title" }, title),
    intro ? h("p", { class: "fd-intro" }, intro) : null, body,
    h("div", { class: "row" }, h("button", { type: "button", onclick: () => dlg.close() }, "Cancel"), go));
  if (onInput) form.addEventListener("change", onInput);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const payload = build();
    if (!payload) return;
    go.disabled = true;
    const ack = await send(payload);
    go.disabled = false;
    if (ack && ack.ok) dlg.close();
  });
  fill(dlg, form);
  if (!dlg.open) dlg.showModal();
  if (onInput) onInput();
}

/** The inputs a Crossroad Feat needs (referee mode), as {el, opts()}. */
function crossroadInputs(name) {
  if (tracker()) return { el: null, opts: () => (FIXED[name] ? { discard: FIXED[name] } : {}) };
  if (FIXED[name]) return { el: h("p", { class: "muted" }, `This ${DOES[name]}.`), opts: () => ({ discard: FIXED[name] }) };
  if (name === "Good Company") {
    const sel = select(CARDS, "BANG!");
    return { el: field("The card you played, whose twin you discard now", sel), opts: () => ({ discard: sel.value }) };
  }
  if (name === "The Last Hero") {
    const mine = list(mySeat().in_play).map((c) => (typeof c === "object" ? c.name : c)).filter(Boolean);
    const sel = select([...mine, ["", "None now: one of mine already left play this turn"]], mine[0] || "");
    return { el: field("The blue card in front of you that you discard", sel), opts: () => (sel.value ? { discard: sel.value } : {}) };
  }
  if (name === "A Thousand Ways to Die") {
    const a = cardPicker("Your Missed!", SUITS.filter(([s]) => s === "♠" || s === "♣"), "10");
    const b = cardPicker("Another card of the same suit", SUITS, "K");
    return { el: [h("p", { class: "muted small" }, "Show both cards to the table, then enter them."), a.el, b.el],
      opts: () => ({ reveal: [a.value(), b.value()] }) };
  }
  return { el: DOES[name] ? h("p", { class: "muted" }, `This ${DOES[name]}.`) : null, opts: () => ({}) };
}

function performDialog(f) {
  const inputs = crossroadInputs(f.name);
  openDialog(`Perform ${f.name}`, list(me().feats).find((o) => o.name === f.name)?.requirement,
    inputs.el, "Perform", () => ({ perform: f.name, ...inputs.opts() }));
}

function boastDialog(preferred) {
  const feats = list(view().feats);
  const reveal = revealPicker("Which Feat did you turn up from the deck?");
  const discard = select([]);
  const discardField = field("Several have the most tokens: which one leaves the table?", discard);
  const note = h("p", { class: "muted small", role: "status" });
  const target = select([]);
  const mineOn = new Set(feats.filter((f) => (f.tokens || {})[me().name]).map((f) => f.name));
  const update = () => {
    const fresh = reveal.value();
    const after = fresh ? [...feats, { name: fresh, tokens: {} }] : feats;
    let gone = "";
    discardField.hidden = true;
    fill(note, "");
    if (after.length > 4) {
      const top = Math.max(...after.map(total));
      const tied = after.filter((f) => total(f) === top).map((f) => f.name);
      if (tied.length > 1) {
        const keep = tied.includes(discard.value) ? discard.value : tied.find((n) => n !== preferred) || tied[0];
        fill(discard, tied.map((n) => h("option", { value: n, selected: n === keep ? true : null }, n)));
        discardField.hidden = false;
        gone = discard.value;
      } else {
        gone = tied[0];
        fill(note, `${gone} leaves the table with its tokens (it has the most).`);
      }
    }
    const can = after.map((f) => f.name).filter((n) => n !== gone && !mineOn.has(n));
    const keep = can.includes(target.value) ? target.value : can.includes(preferred) ? preferred : can[0];
    fill(target, can.map((n) => h("option", { value: n, selected: n === keep ? true : null }, n)));
  };
  openDialog("Boast about a Feat", "Instead of performing one this turn: turn up a new Feat, then put 1 token on a Feat without yours.",
    [reveal.el, discardField, note, field("My token goes on", target)], "Boast", () => {
      const fresh = reveal.value();
      if (!fresh) return null;
      const p = { boast: target.value, reveal: fresh };
      if (!discardField.hidden) p.discard = discard.value;
      return p;
    }, update);
}

function claimDialog(f) {
  const inputs = crossroadInputs(f.name);
  const willy = mySeat().character === "Willy the Kid";
  const slab = mySeat().character === "Slab the Killer";
  const shoot = h("input", { type: "checkbox" });
  const target = select([]);
  const reveal = revealPicker("The Feat that replaces it", true);
  const update = () => {
    const pool = shoot.checked ? others() : others((s) => s.legend && (s.life > 1 || slab));
    const keep = target.value;
    fill(target, [["", shoot.checked ? "Pick a player" : "Nobody"], ...pool.map((s) => [s.name, `${s.name} (${s.life} life)`])]
      .map(([v, t]) => h("option", { value: v, selected: v === keep ? true : null }, t)));
  };
  openDialog(`Claim ${f.name}`, "The Feat leaves the table and a new one is turned up.", [
    inputs.el,
    willy ? h("label", { class: "choice" }, shoot, h("span", {}, "Shoot a free BANG! at them instead")) : null,
    field("Another Legend loses 1 life", target, slab ? "Legend Slab may take even a last life." : "Only a Legend with more than 1 life."),
    reveal.el,
  ], "Claim", () => {
    const p = { claim: f.name, ...inputs.opts() };
    if (target.value) p.target = target.value;
    if (shoot.checked) p.shoot = true;
    const r = reveal.value();
    if (r) p.reveal = r;
    return p;
  }, update);
}

// --- the Jail's heart ---------------------------------------------------------------------
function renderJail() {
  const m = me();
  const show = !tracker() && m.your_turn && get(m, "hints", "check_due") === "jail";
  $("#feats-jail").hidden = !show;
}

function jailDialog() {
  const heart = cardPicker("The heart you discard", [SUITS[1]], "5");
  openDialog("Leave Jail with a heart", "Instead of the draw!, discard a heart from your hand: the Jail goes and you play your turn.",
    heart.el, "Discard it", () => ({ jail: { discard: heart.value() } }));
}

// --- my legend side -----------------------------------------------------------------------
function renderLegend(seat) {
  const box = $("#feats-legend");
  box.hidden = !seat.legend;
  if (!seat.legend) return;
  const m = me();
  const mine = m.your_turn && !tracker();
  const drawing = mine && !!get(m, "hints", "draw");
  const buttons = [];
  const btn = (label, fn) => buttons.push(h("button", { type: "button", class: "primary", onclick: fn }, label));
  if (seat.character === "Sid Ketchum" && mine) btn("Free BANG!…", sidDialog);
  if (seat.character === "Rose Doolan" && mine) btn("Blue card as a Panic!…", roseDialog);
  if (seat.character === "Kit Carlson" && drawing) btn("Draw 3, give 1 away…", kitDialog);
  if (seat.character === "Black Jack" && drawing) btn("Turn cards up past 21…", blackJackDialog);
  fill(box, h("h3", {}, "★ My legend ability"), h("p", { class: "legend-char" }, seat.character || m.character || ""),
    h("p", {}, m.ability || ""),
    seat.character === "Willy the Kid" ? h("p", { class: "muted small" }, "Claim a Feat to shoot a free BANG! instead.") : null,
    tracker() ? h("p", { class: "muted small" }, "Tracker mode: use it with your cards; the table judges.") : null,
    buttons.length ? h("div", { class: "row" }, buttons) : null);
}

const targetSelect = () => select(others().map((s) => s.name));

function sidDialog() {
  const t = targetSelect();
  openDialog("Free BANG!", "After winning back a life point in your turn, once: shoot without a card.",
    field("At", t), "Shoot", () => ({ ability: { bang: t.value } }));
}

function roseDialog() {
  const inPlay = list(mySeat().in_play).map((c) => (typeof c === "object" ? c.name : c)).filter(Boolean);
  const card = select([...inPlay.map((n) => [`p:${n}`, `${n} (in front of me)`]), ...BLUE.map((n) => [`h:${n}`, `${n} (from my hand)`])]);
  const t = targetSelect();
  const what = select([]);
  const update = () => {
    const other = seats().find((s) => s.name === t.value) || {};
    const keep = what.value;
    fill(what, [["hand", "A card from the hand, at random"], ...list(other.in_play).map((c) => (typeof c === "object" ? c.name : c))
      .map((n) => [n, `${n} in front of them`])].map(([v, x]) => h("option", { value: v, selected: v === keep ? true : null }, x)));
  };
  openDialog("Blue card as a Panic!", "Once in your turn: discard one of your blue cards and use it as a Panic!.",
    [field("The blue card", card), field("Take from", t), field("Which card", what)], "Use it", () => {
      const [where, name] = [card.value.slice(0, 1), card.value.slice(2)];
      return where === "p" ? { ability: { panic: name }, target: t.value, card: what.value }
        : { play: name, as: "Panic!", target: t.value, card: what.value };
    }, update);
}

function kitDialog() {
  const t = targetSelect();
  openDialog("Draw 3, give 1 away", "Draw three cards and hand one of them to another player.",
    field("Give a card to", t), "Draw", () => ({ draw: { give: t.value } }));
}

const VALUE = (rank) => (rank === "A" ? 11 : ["J", "Q", "K"].includes(rank) ? 10 : Number(rank));
function blackJackDialog() {
  const cards = [];
  const pick = cardPicker("Next card turned up");
  const shown = h("p", { class: "bj-cards", role: "status" });
  const draw = () => {
    const sum = cards.reduce((a, c) => a + VALUE(c.slice(0, -1)), 0);
    fill(shown, cards.length ? `${cards.join("  ")} = ${sum}${sum > 21 ? ": past 21, take them all" : ""}` : "No card yet.");
  };
  const add = h("button", { type: "button", onclick: () => { cards.push(pick.value()); draw(); } }, "Add this card");
  const undo = h("button", { type: "button", class: "ghost", onclick: () => { cards.pop(); draw(); } }, "Remove the last");
  draw();
  openDialog("Turn cards up past 21", "Turn cards up one by one until they add up to more than 21 (J, Q, K count 10, A 11); at exactly 21 you may turn one more.",
    [pick.el, h("div", { class: "row" }, add, undo), shown], "Take them", () => (cards.length ? { draw: { reveal: cards.slice() } } : null));
}

// --- the flip to the legend side ------------------------------------------------------------
function celebrate(seat) {
  if (!seat.legend) return;
  const key = `bang:legend:${document.body.dataset.table}:${get(snap, "table", "game") ?? ""}:${me().name}`;
  try {
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, "1");
  } catch (_) { /* private mode: show it anyway */ }
  const dlg = $("#legend-moment");
  $("#legend-moment-char").textContent = seat.character || "";
  $("#legend-moment-ability").textContent = me().ability || "";
  if (!dlg.open) dlg.showModal();
  if (navigator.vibrate) try { navigator.vibrate([120, 60, 120, 60, 400]); } catch (_) { /* not allowed */ }
}

document.addEventListener("click", (e) => {
  const t = e.target.closest && e.target.closest("#feats-jail-go, #legend-moment-close");
  if (!t) return;
  if (t.id === "feats-jail-go") jailDialog();
  else $("#legend-moment").close();
});
