// "Play a card": the cards of the ruleset, grouped and filterable, then the target (only
// those the engine allows are tappable; the others greyed with the reason and rule), then
// for Panic! and Cat Balou the card taken. The move goes to the server; a refusal keeps
// the dialog open with its sentence and rule, and nothing changes.
import { $, h, fill, get, list } from "./dom.js";
import { aimed, cards, ruleLink, rulingBox } from "./referee-bits.js";
import { personal } from "./words.js";

const GROUPS = [
  ["At a player", (c) => aimed(c)],
  ["At everyone", (c) => c.target === "others" || c.target === "all"],
  ["For me", (c) => c.colour !== "blue" && c.target === "self"],
  ["In front of me (blue cards)", (c) => c.colour === "blue" && c.target === "self"],
];

export function openPlay({ snap, ask, move, more }) {
  const dlg = $("#ref-dialog");
  const view = get(snap, "view") || {};
  const me = get(view, "me") || {};
  const seats = list(view.seats);
  const mine = seats.find((s) => s.name === me.name) || {};
  let filter = "";
  const close = () => dlg.close();
  const frame = (title, ...body) => fill(dlg,
    h("div", { class: "sheet-head" }, h("h2", { id: "ref-dialog-title" }, title),
      h("button", { type: "button", class: "ghost", "aria-label": "Close", onclick: close }, "✕")),
    ...body);

  async function chooseCard() {
    const all = await cards(ask, view.ruleset);
    // what cannot be played now is greyed with its reason, as targets are (still tappable:
    // the next screen shows the whole ruling)
    const verdicts = await ask("playable", {});
    const verdict = new Map(list(verdicts && verdicts.ok ? verdicts.cards : []).map((v) => [v.name, v]));
    const entries = all.map((c) => ({ card: c, label: c.name }));
    if (me.character === "Calamity Janet" || me.plays_as) {
      const bang = all.find((c) => c.kind === "bang");
      const missed = all.find((c) => c.kind === "missed");
      if (bang && missed) entries.unshift({ card: { ...bang }, label: `${missed.name} as ${bang.name}`, play: missed.name, as: bang.name });
    }
    const results = h("div", { class: "card-groups" });
    const draw = () => {
      const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
      const shown = entries.filter((e) => words.every((w) => e.label.toLowerCase().includes(w)));
      fill(results, GROUPS.map(([title, test]) => {
        const here = shown.filter((e) => test(e.card));
        return here.length ? h("section", { class: "card-group" }, h("h3", {}, title),
          h("div", { class: "card-grid" }, here.map((e) => {
            const v = e.play ? null : verdict.get(e.card.name);
            const no = v && v.ok === false;
            const why = no ? personal(v.message || "") : v && v.note ? v.note : "";
            return h("button", {
              type: "button", class: `card-btn ${e.card.colour === "blue" ? "blue" : "brown"}${no ? " greyed" : ""}`,
              "aria-label": e.card.range ? `${e.label} reach ${e.card.range}` : e.label,
              "aria-description": why || null, onclick: () => chooseTarget(e),
            }, e.label, e.card.range ? h("span", { class: "range" }, `reach ${e.card.range}`) : null,
            why ? h("span", { class: "card-why" }, why) : null);
          }))) : null;
      }), shown.length ? null : h("p", { class: "muted" }, "No card by that name."));
    };
    frame("Play a card",
      h("label", { class: "visually-hidden", for: "play-filter" }, "Find a card"),
      h("input", { id: "play-filter", type: "search", placeholder: "Find a card…", value: filter, autocomplete: "off",
        oninput: (ev) => { filter = ev.target.value; draw(); } }),
      results);
    draw();
  }

  async function chooseTarget(e) {
    const name = e.play || e.card.name;
    const ack = await ask("targets", { card: name, as: e.as || null });
    if (!ack || !ack.ok) return;
    const back = h("button", { type: "button", onclick: () => { filter = ""; chooseCard(); } }, "← Other card");
    if (!ack.needs_target) {
      const weapon = list(mine.in_play).find((c) => c.kind === "weapon");
      const note = e.card.colour === "blue"
        ? (e.card.kind === "weapon" && weapon ? `It goes in front of you and replaces your ${weapon.name}.` : "It goes in front of you.")
        : "";
      frame(`Play ${e.label}`, note ? h("p", {}, note) : null, rulingBox(ack.play),
        h("div", { class: "row" }, back, h("button", {
          type: "button", class: "primary", disabled: !ack.play.ok, onclick: () => send({ play: name, ...(e.as ? { as: e.as } : {}) }),
        }, `Play ${e.label}`)));
      return;
    }
    frame(`${e.label}: at whom?`,
      h("ul", { class: "targets" }, list(ack.targets).map((t) => h("li", { class: t.ok ? "ok" : "no" },
        h("button", {
          type: "button", class: t.ok ? "primary" : "", disabled: !t.ok, "aria-describedby": t.ok ? null : `why-${t.name}`,
          onclick: () => (ack.choice ? chooseTaken(e, name, t.name) : send({ play: name, target: t.name, ...(e.as ? { as: e.as } : {}) })),
        }, t.name),
        t.ok ? null : h("span", { class: "why", id: `why-${t.name}` }, personal(t.message || ""), " ", ruleLink(t.rule, t.rule_title))))),
      h("div", { class: "row" }, back));
  }

  function chooseTaken(e, name, target) {
    const seat = seats.find((s) => s.name === target) || {};
    const go = (card) => send({ play: name, target, card });
    frame(`${e.label} on ${target}: which card?`,
      h("div", { class: "card-grid" },
        h("button", { type: "button", class: "card-btn brown", disabled: !seat.hand, onclick: () => go("hand") },
          "From the hand", h("span", { class: "range" }, `${seat.hand ?? 0} cards, one at random`)),
        list(seat.in_play).map((c) => h("button", { type: "button", class: "card-btn blue", onclick: () => go(c.name) },
          c.name, h("span", { class: "range" }, "in play")))),
      h("div", { class: "row" }, h("button", { type: "button", onclick: () => chooseTarget(e) }, "← Other player")));
  }

  async function send(payload) {
    if (more && !(payload = await more.play(payload, view, me, ask))) return;
    const ack = await move(payload);
    if (ack && ack.ok) close();
  }

  chooseCard();
  dlg.showModal();
}
