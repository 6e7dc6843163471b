// BANG! Legends on the phone: the forms behind Perform… / Boast… / Claim…, the legend
// abilities and the Jail's heart. Fetched by feats-tracker.js at the first tap on one.
import { $, h, fill, list } from "./dom.js";
import { total } from "./feats-common.js";
import { ASKS, DOES, FIXED, me, mySeat, names, others, seats, send, tracker, view } from "./feats-tracker.js";

const FEATS = ["Fifty Guns", "Wounded Pride", "Old West Gang", "Bottleneck", "The Chuck-a-Luck",
  "3:15 to Yooma", "Good Company", "The Last Hero", "The Man with No Name", "Wilhelm Scream",
  "Scrugs Ballad", "Borderlands", "The Oregon Trail", "A Thousand Ways to Die",
  "For a Few Cards More", "A Quick Death"];   // engine/legends.py FEATS
const CARDS = ["BANG!", "Missed!", "Beer", "Panic!", "Cat Balou", "Stagecoach", "Wells Fargo",
  "General Store", "Gatling", "Indians!", "Duel", "Saloon", "Barrel", "Scope", "Mustang", "Jail",
  "Dynamite", "Volcanic", "Schofield", "Remington", "Rev. Carabine", "Winchester"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUITS = [["♠", "spades"], ["♥", "hearts"], ["♦", "diamonds"], ["♣", "clubs"]];
// What a Crossroad Feat does, shown on its button; the ASKS ones ask for cards first.
// --- the dialog: one form per action
let uid = 0;
function field(label, control, hint) {
  control.id = control.id || `fd-${++uid}`;
  return h("div", { class: "fd-field" }, h("label", { for: control.id }, label), control, hint ? h("p", { class: "muted small" }, hint) : null);
}
const option = (v, t, keep) => h("option", { value: v, selected: v === keep ? true : null }, t);
const select = (opts, keep) => h("select", {}, opts.map((o) => (Array.isArray(o) ? option(o[0], o[1], keep) : option(o, o, keep))));
const refill = (sel, opts, want) => {
  const keep = opts.some((o) => (Array.isArray(o) ? o[0] : o) === sel.value) ? sel.value : want;
  fill(sel, opts.map((o) => (Array.isArray(o) ? option(o[0], o[1], keep) : option(o, o, keep))));
};

// A card: rank, and suit buttons (symbol, colour and word).
function cardPicker(legend, suits = SUITS, rank = "A") {
  const ranks = select(RANKS, rank);
  const name = `suit-${++uid}`;
  const el = h("fieldset", { class: "card-picker" }, h("legend", {}, legend), field("Rank", ranks),
    h("div", { class: "fd-suits", role: "radiogroup", "aria-label": `${legend}: suit` }, suits.map(([sym, word], i) =>
      h("label", { class: `fd-suit fd-${word}` }, h("input", { type: "radio", name, value: sym, checked: !i }),
        h("span", { class: "fd-sym", "aria-hidden": "true" }, sym), word))));
  return { el, value: () => ranks.value + el.querySelector("input:checked").value };
}

function revealPicker(label) {
  const showing = list(view().feats).map((f) => f.name);
  const sel = select([...FEATS.filter((n) => !showing.includes(n)), ["?", "Another Feat: type its name"]]);
  const typed = h("input", { type: "text", maxlength: "60", autocomplete: "off" });
  const other = field("Its name", typed);
  const sync = () => { other.hidden = sel.value !== "?"; };
  sel.addEventListener("change", sync);
  sync();
  return { el: [field(label, sel), other], value: () => (sel.value === "?" ? typed.value.trim() : sel.value) };
}

function openDialog(title, intro, body, submit, build, update) {
  const dlg = $("#feat-dialog");
  const go = h("button", { type: "submit", class: "primary" }, submit);
  const form = h("form", { class: "fd-form", onchange: update }, h("h2", { id: "feat-dialog-title" }, title),
    intro ? h("p", { class: "fd-intro" }, intro) : null, body,
    h("div", { class: "row" }, h("button", { type: "button", onclick: () => dlg.close() }, "Cancel"), go));
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
  if (update) update();
}

// What a Crossroad Feat needs entered (referee mode): {el, opts()} for the move.
function crossroad(name) {
  if ((list(me().feats).find((o) => o.name === name) || {}).met) return { el: h("p", { class: "muted" }, "Done this turn already: nothing more to give."), opts: () => ({}) };
  const fixed = FIXED[name] ? { discard: FIXED[name] } : {};
  if (tracker() || !ASKS.includes(name)) return { el: DOES[name] ? h("p", { class: "muted" }, `Doing it: ${DOES[name]}.`) : null, opts: () => fixed };
  if (name === "A Thousand Ways to Die") {
    const a = cardPicker("Your Missed!", [SUITS[3], SUITS[0]], "10");
    const b = cardPicker("Another card of the same suit", [SUITS[3], ...SUITS.slice(0, 3)], "K");
    a.el.addEventListener("change", () => { b.el.querySelector(`[value="${a.value().slice(-1)}"]`).checked = true; });
    return { el: [a.el, b.el],
      opts: () => ({ show: [a.value(), b.value()] }) };
  }
  const hero = name === "The Last Hero";
  const mine = names(mySeat().in_play);
  const sel = hero ? select([...mine, ["", "None: one of mine already left play this turn"]], mine[0] || "") : select(CARDS, "BANG!");
  return { el: field(hero ? "The blue card you discard from play" : "The card you played (you discard its twin)", sel),
    opts: () => (sel.value ? { discard: sel.value } : {}) };
}

export function actDialog(verb, name) {
  const c = crossroad(name);
  openDialog(`Perform ${name}`, (list(me().feats).find((o) => o.name === name) || {}).requirement,
    c.el, "Perform", () => ({ [verb]: name, ...c.opts() }));
}

export function boastDialog(preferred) {
  const feats = list(view().feats);
  const reveal = revealPicker("Which Feat did you turn up from the deck?");
  const discard = select([]);
  const tie = field("Tied for most tokens: which one goes?", discard);
  const note = h("p", { class: "muted small", role: "status" });
  const target = select([]);
  const update = () => {
    const fresh = reveal.value();
    const after = fresh ? [...feats, { name: fresh, tokens: {} }] : feats;
    const top = Math.max(...after.map(total));
    const tied = after.length > 4 ? after.filter((f) => total(f) === top).map((f) => f.name) : [];
    tie.hidden = tied.length < 2;
    refill(discard, tied, tied.find((n) => n !== preferred));
    const gone = tied.length > 1 ? discard.value : tied[0];
    note.textContent = tied.length === 1 ? `${gone} goes, with its tokens (it has the most).` : "";
    const can = after.filter((f) => f.name !== gone && !(f.tokens || {})[me().name]).map((f) => f.name);
    refill(target, can, can.includes(preferred) ? preferred : can[0]);
  };
  openDialog("Boast about a Feat", "Turn up a new Feat, then put 1 token on a Feat without yours.",
    [reveal.el, tie, note, field("My token goes on", target)], "Boast", () => {
      const p = { boast: target.value, reveal: reveal.value() };
      if (!tie.hidden) p.discard = discard.value;
      return p.reveal && p.boast ? p : null;
    }, update);
}

export function claimDialog(name) {
  const c = crossroad(name);
  const seat = mySeat();
  const slab = seat.character === "Slab the Killer";
  const shoot = h("input", { type: "checkbox" });
  const target = select([]);
  const reveal = revealPicker("The Feat turned up to replace it");
  const update = () => refill(target, [["", shoot.checked ? "Pick a player" : "Nobody"],
    ...(shoot.checked ? others() : others((s) => s.legend && (s.life > 1 || slab))).map((s) => [s.name, `${s.name} (${s.life} life)`])], "");
  openDialog(`Claim ${name}`, "", [c.el,
    seat.character === "Willy the Kid" ? h("label", { class: "choice" }, shoot, "Shoot a free BANG! at them instead") : null,
    field("Another Legend loses 1 life", target, slab ? "" : "Only one with more than 1 life."),
    reveal.el], "Claim", () => {
    const p = { claim: name, ...c.opts() };
    if (target.value) p.target = target.value;
    if (shoot.checked) p.shoot = true;
    if (reveal.value()) p.reveal = reveal.value();
    return p;
  }, update);
}

const targets = () => select(others().map((s) => s.name));

export function sidDialog() {
  const t = targets();
  openDialog("Free BANG!", "",
    field("At", t), "Shoot", () => ({ ability: { bang: t.value } }));
}

export function roseDialog() {
  const card = select(names(mySeat().in_play));
  const t = targets();
  const what = select([]);
  const update = () => refill(what, [["hand", "A card from the hand, at random"],
    ...names((seats().find((s) => s.name === t.value) || {}).in_play)], "hand");
  openDialog("Blue card as a Panic!", "",
    [field("My blue card", card), field("Take from", t), field("Which card", what)], "Use it",
    () => (card.value ? { ability: { panic: card.value }, target: t.value, card: what.value } : null), update);
}

export function kitDialog() {
  const t = targets();
  openDialog("Draw 3, give 1 away", "",
    field("Give a card to", t), "Draw", () => ({ draw: { give: t.value } }));
}

export function jackDialog() {
  const cards = [];
  const pick = cardPicker("Next card turned up");
  const shown = h("p", { class: "bj-cards", role: "status" });
  const draw = () => {
    const sum = cards.reduce((a, c) => a + (c[0] === "A" ? 11 : "JQK1".includes(c[0]) ? 10 : Number(c[0])), 0);
    shown.textContent = cards.length ? `${cards.join("  ")} = ${sum}${sum > 21 ? ": past 21, take them all" : ""}` : "No card yet.";
  };
  draw();
  openDialog("Turn cards up past 21", "J, Q, K count 10, A 11; at exactly 21 you may turn one more.",
    [pick.el, h("div", { class: "row" }, h("button", { type: "button", onclick: () => { cards.push(pick.value()); draw(); } }, "Add this card"),
      h("button", { type: "button", class: "ghost", onclick: () => { cards.pop(); draw(); } }, "Remove the last")), shown],
    "Take them", () => (cards.length ? { draw: { reveal: cards.slice() } } : null));
}

export function jailDialog() {
  const heart = cardPicker("The heart you discard", [SUITS[1]], "5");
  openDialog("Leave Jail with a heart", "",
    heart.el, "Discard it", () => ({ jail: { discard: heart.value() } }));
}
