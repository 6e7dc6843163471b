// BANG! Legends on the phone: the forms behind Perform… / Boast… / Claim…, the legend
// abilities and the Jail's heart. Fetched by feats-tracker.js at the first tap on one.
import { $, h, fill, list } from "./dom.js";
import { total } from "./feats-common.js";
import { ASKS, does, FIXED, me, mySeat, names, others, seats, send, tracker, view } from "./feats-tracker.js";
import { RANKS, SUITS, suitName } from "./cards.js";
import { t, tn, tname } from "./i18n.js";

const FEATS = ["Fifty Guns", "Wounded Pride", "Old West Gang", "Bottleneck", "The Chuck-a-Luck",
  "3:15 to Yooma", "Good Company", "The Last Hero", "The Man with No Name", "Wilhelm Scream",
  "Scrugs Ballad", "Borderlands", "The Oregon Trail", "A Thousand Ways to Die",
  "For a Few Cards More", "A Quick Death"];   // engine/legends.py FEATS
const CARDS = ["BANG!", "Missed!", "Beer", "Panic!", "Cat Balou", "Stagecoach", "Wells Fargo",
  "General Store", "Gatling", "Indians!", "Duel", "Saloon", "Barrel", "Scope", "Mustang", "Jail",
  "Dynamite", "Volcanic", "Schofield", "Remington", "Rev. Carabine", "Winchester"];
// What a Crossroad Feat does, shown on its button; the ASKS ones ask for cards first.
// --- the dialog: one form per action
let uid = 0;
function field(label, control, hint) {
  control.id = control.id || `fd-${++uid}`;
  return h("div", { class: "fd-field" }, h("label", { for: control.id }, label), control, hint ? h("p", { class: "muted small" }, hint) : null);
}
const option = (v, text, keep) => h("option", { value: v, selected: v === keep ? true : null }, text);
// Names (of Feats, cards) as options: the value the engine reads, the name the reader reads.
const named = (list) => list.map((n) => [n, tname(n)]);
const select = (opts, keep) => h("select", {}, opts.map((o) => (Array.isArray(o) ? option(o[0], o[1], keep) : option(o, o, keep))));
const refill = (sel, opts, want) => {
  const keep = opts.some((o) => (Array.isArray(o) ? o[0] : o) === sel.value) ? sel.value : want;
  fill(sel, opts.map((o) => (Array.isArray(o) ? option(o[0], o[1], keep) : option(o, o, keep))));
};

// A card: rank, and suit buttons (symbol, colour and word).
function cardPicker(legend, suits = SUITS, rank = "A") {
  const ranks = select(RANKS, rank);
  const name = `suit-${++uid}`;
  const el = h("fieldset", { class: "card-picker" }, h("legend", {}, legend), field(t("Rank"), ranks),
    h("div", { class: "fd-suits", role: "radiogroup", "aria-label": t("{card}: suit", { card: legend }) }, suits.map(([sym, word], i) =>
      h("label", { class: `fd-suit fd-${word}` }, h("input", { type: "radio", name, value: sym, checked: !i }),
        h("span", { class: "fd-sym", "aria-hidden": "true" }, sym), suitName(word)))));
  return { el, value: () => ranks.value + el.querySelector("input:checked").value };
}

function revealPicker(label) {
  const showing = list(view().feats).map((f) => f.name);
  const sel = select([...named(FEATS.filter((n) => !showing.includes(n))), ["?", t("Another Feat: type its name")]]);
  const typed = h("input", { type: "text", maxlength: "60", autocomplete: "off" });
  const other = field(t("Its name"), typed);
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
    h("div", { class: "row" }, h("button", { type: "button", onclick: () => dlg.close() }, t("Cancel")), go));
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
  if ((list(me().feats).find((o) => o.name === name) || {}).met) return { el: h("p", { class: "muted" }, t("Done this turn already: nothing more to give.")), opts: () => ({}) };
  const fixed = FIXED[name] ? { discard: FIXED[name] } : {};
  if (tracker() || !ASKS.includes(name)) return { el: does(name) ? h("p", { class: "muted" }, t("Doing it: {what}.", { what: does(name) })) : null, opts: () => fixed };
  if (name === "A Thousand Ways to Die") {
    const a = cardPicker(t("Your Missed!"), [SUITS[3], SUITS[0]], "10");
    const b = cardPicker(t("Another card of the same suit"), [SUITS[3], ...SUITS.slice(0, 3)], "K");
    a.el.addEventListener("change", () => { b.el.querySelector(`[value="${a.value().slice(-1)}"]`).checked = true; });
    return { el: [a.el, b.el],
      opts: () => ({ show: [a.value(), b.value()] }) };
  }
  const hero = name === "The Last Hero";
  const mine = names(mySeat().in_play);
  const sel = hero ? select([...named(mine), ["", t("None: one of mine already left play this turn")]], mine[0] || "") : select(named(CARDS), "BANG!");
  return { el: field(hero ? t("The blue card you discard from play") : t("The card you played (you discard its twin)"), sel),
    opts: () => (sel.value ? { discard: sel.value } : {}) };
}

export function actDialog(verb, name) {
  const c = crossroad(name);
  openDialog(t("Perform {feat}", { feat: tname(name) }), (list(me().feats).find((o) => o.name === name) || {}).requirement,
    c.el, t("Perform"), () => ({ [verb]: name, ...c.opts() }));
}

export function boastDialog(preferred) {
  const feats = list(view().feats);
  const reveal = revealPicker(t("Which Feat did you turn up from the deck?"));
  const discard = select([]);
  const tie = field(t("Tied for most tokens: which one goes?"), discard);
  const note = h("p", { class: "muted small", role: "status" });
  const target = select([]);
  const update = () => {
    const fresh = reveal.value();
    const after = fresh ? [...feats, { name: fresh, tokens: {} }] : feats;
    const top = Math.max(...after.map(total));
    const tied = after.length > 4 ? after.filter((f) => total(f) === top).map((f) => f.name) : [];
    tie.hidden = tied.length < 2;
    refill(discard, named(tied), tied.find((n) => n !== preferred));
    const gone = tied.length > 1 ? discard.value : tied[0];
    note.textContent = tied.length === 1 ? t("{feat} goes, with its tokens (it has the most).", { feat: tname(gone) }) : "";
    const can = after.filter((f) => f.name !== gone && !(f.tokens || {})[me().name]).map((f) => f.name);
    refill(target, named(can), can.includes(preferred) ? preferred : can[0]);
  };
  openDialog(t("Boast about a Feat"), t("Turn up a new Feat, then put 1 token on a Feat without yours."),
    [reveal.el, tie, note, field(t("My token goes on"), target)], t("Boast"), () => {
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
  const reveal = revealPicker(t("The Feat turned up to replace it"));
  const update = () => refill(target, [["", shoot.checked ? t("Pick a player") : t("Nobody")],
    ...(shoot.checked ? others() : others((s) => s.legend && (s.life > 1 || slab))).map((s) => [s.name,
      tn("{seat} ({n} life)", "{seat} ({n} life)", s.life, { seat: s.name }, {})])], ""); // others(): never the reader
  openDialog(t("Claim {feat}", { feat: tname(name) }), "", [c.el,
    seat.character === "Willy the Kid" ? h("label", { class: "choice" }, shoot, t("Shoot a free BANG! at them instead")) : null,
    field(t("Another Legend loses 1 life"), target, slab ? "" : t("Only one with more than 1 life.")),
    reveal.el], t("Claim"), () => {
    const p = { claim: name, ...c.opts() };
    if (target.value) p.target = target.value;
    if (shoot.checked) p.shoot = true;
    if (reveal.value()) p.reveal = reveal.value();
    return p;
  }, update);
}

const targets = () => select(others().map((s) => s.name));

export function sidDialog() {
  const to = targets();
  openDialog(t("Free BANG!"), "",
    field(t("At"), to), t("Shoot"), () => ({ ability: { bang: to.value } }));
}

export function roseDialog() {
  const card = select(named(names(mySeat().in_play)));
  const from = targets();
  const what = select([]);
  // short in the select (a long option was cut at 320 px), the randomness said below it
  const update = () => refill(what, [["hand", t("From the hand")],
    ...named(names((seats().find((s) => s.name === from.value) || {}).in_play))], "hand");
  openDialog(t("Blue card as a Panic!"), "",
    [field(t("My blue card"), card), field(t("Take from"), from), field(t("Which card"), what, t("A card from the hand is taken at random."))], t("Use it"),
    () => (card.value ? { ability: { panic: card.value }, target: from.value, card: what.value } : null), update);
}

export function kitDialog() {
  const to = targets();
  openDialog(t("Draw 3, give 1 away"), "",
    field(t("Give a card to"), to), t("Draw"), () => ({ draw: { give: to.value } }));
}

export function jackDialog() {
  const cards = [];
  const pick = cardPicker(t("Next card turned up"));
  const shown = h("p", { class: "bj-cards", role: "status" });
  const draw = () => {
    const sum = cards.reduce((a, c) => a + (c[0] === "A" ? 11 : "JQK1".includes(c[0]) ? 10 : Number(c[0])), 0);
    const sums = { cards: cards.join("  "), sum };
    shown.textContent = !cards.length ? t("No card yet.")
      : sum > 21 ? t("{cards} = {sum}: past 21, take them all", sums) : `${sums.cards} = ${sum}`;
  };
  draw();
  openDialog(t("Turn cards up past 21"), t("J, Q, K count 10, A 11; at exactly 21 you may turn one more."),
    [pick.el, h("div", { class: "row" }, h("button", { type: "button", onclick: () => { cards.push(pick.value()); draw(); } }, t("Add this card")),
      h("button", { type: "button", class: "ghost", onclick: () => { cards.pop(); draw(); } }, t("Remove the last"))), shown],
    t("Take them"), () => (cards.length ? { draw: { reveal: cards.slice() } } : null));
}

export function jailDialog() {
  const heart = cardPicker(t("The heart you discard"), [SUITS[1]], "5");
  openDialog(t("Leave Jail with a heart"), "",
    heart.el, t("Discard it"), () => ({ jail: { discard: heart.value() } }));
}
