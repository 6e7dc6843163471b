// "Play a card": the cards of the ruleset, grouped and filterable, then the target (only
// those the engine allows are tappable; the others greyed with the reason and rule), then
// for Panic! and Cat Balou the card taken. The move goes to the server; a refusal keeps
// the dialog open with its sentence and rule, and nothing changes.
import { $, h, fill, get, list } from "./dom.js";
import { aimed, cards, ruleLink, rulingBox } from "./referee-bits.js";
import { N_, t, tn, tname } from "./i18n.js";

const GROUPS = () => [
  [t("At a player"), (c) => aimed(c)],
  [t("At everyone"), (c) => c.target === "others" || c.target === "all"],
  [t("For me"), (c) => c.colour !== "blue" && c.target === "self"],
  [t("In front of me (blue cards)"), (c) => c.colour === "blue" && c.target === "self"],
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
      h("button", { type: "button", class: "ghost", "aria-label": t("Close"), onclick: close }, "✕")),
    ...body);

  async function chooseCard() {
    const all = await cards(ask, view.ruleset);
    // what cannot be played now is greyed with its reason, as targets are (still tappable:
    // the next screen shows the whole ruling)
    const verdicts = await ask("playable", {});
    const verdict = new Map(list(verdicts && verdicts.ok ? verdicts.cards : []).map((v) => [v.name, v]));
    // label: the card in the reader's language; the filter finds it by its English name too
    const entries = all.map((c) => ({ card: c, label: tname(c.name), find: c.name }));
    if (me.character === "Calamity Janet" || me.plays_as) {
      const bang = all.find((c) => c.kind === "bang");
      const missed = all.find((c) => c.kind === "missed");
      if (bang && missed) {
        entries.unshift({ card: { ...bang }, label: t("{card} as {other}", { card: tname(missed.name), other: tname(bang.name) }, {}), // {other}: a card
          find: `${missed.name} ${bang.name}`, play: missed.name, as: bang.name });
      }
    }
    const results = h("div", { class: "card-groups" });
    const draw = () => {
      const words = filter.toLocaleLowerCase().split(/\s+/).filter(Boolean);
      const shown = entries.filter((e) => words.every((w) => e.label.toLocaleLowerCase().includes(w) || e.find.toLowerCase().includes(w)));
      fill(results, GROUPS().map(([title, test]) => {
        const here = shown.filter((e) => test(e.card));
        return here.length ? h("section", { class: "card-group" }, h("h3", {}, title),
          h("div", { class: "card-grid" }, here.map((e) => {
            const v = e.play ? null : verdict.get(e.card.name);
            const no = v && v.ok === false;
            const why = no ? v.message || "" : v && v.note ? v.note : "";
            return h("button", {
              type: "button", class: `card-btn ${e.card.colour === "blue" ? "blue" : "brown"}${no ? " greyed" : ""}`,
              // named by all it shows, the card, its reach and why not now (WCAG 2.5.3: a
              // label of its own left the reason out, and in hu/ru worded the reach apart)
              onclick: () => chooseTarget(e),
            }, e.label, e.card.range ? h("span", { class: "range" }, t("reach {n}", { n: e.card.range })) : null,
            why ? h("span", { class: "card-why" }, why) : null);
          }))) : null;
      }), shown.length ? null : h("p", { class: "muted" }, t("No card by that name.")));
    };
    frame(t("Play a card"),
      h("label", { class: "visually-hidden", for: "play-filter" }, t("Find a card")),
      h("input", { id: "play-filter", type: "search", placeholder: t("Find a card…"), value: filter, autocomplete: "off",
        oninput: (ev) => { filter = ev.target.value; draw(); } }),
      results);
    draw();
  }

  async function chooseTarget(e) {
    const name = e.play || e.card.name;
    const ack = await ask("targets", { card: name, as: e.as || null });
    if (!ack || !ack.ok) return;
    const back = h("button", { type: "button", onclick: () => { filter = ""; chooseCard(); } }, t("← Other card"));
    if (!ack.needs_target) {
      const weapon = list(mine.in_play).find((c) => c.kind === "weapon");
      const note = e.card.colour === "blue"
        ? (e.card.kind === "weapon" && weapon ? t("It goes in front of you and replaces your {weapon}.", { weapon: tname(weapon.name) }) : t("It goes in front of you."))
        : "";
      frame(t("Play {card}", { card: e.label }), note ? h("p", {}, note) : null, rulingBox(ack.play),
        h("div", { class: "row" }, back, h("button", {
          type: "button", class: "primary", disabled: !ack.play.ok, onclick: () => send({ play: name, ...(e.as ? { as: e.as } : {}) }),
        }, t("Play {card}", { card: e.label }))));
      return;
    }
    frame(t("{card}: at whom?", { card: e.label }),
      h("ul", { class: "targets" }, list(ack.targets).map((x) => h("li", { class: x.ok ? "ok" : "no" },
        h("button", {
          type: "button", class: x.ok ? "primary" : "", disabled: !x.ok, "aria-describedby": x.ok ? null : `why-${x.name}`,
          onclick: () => (ack.choice ? chooseTaken(e, name, x.name) : send({ play: name, target: x.name, ...(e.as ? { as: e.as } : {}) })),
        }, x.name),
        x.ok ? null : h("span", { class: "why", id: `why-${x.name}` }, x.message || "", " ", ruleLink(x.rule, x.rule_title))))),
      h("div", { class: "row" }, back));
  }

  function chooseTaken(e, name, target) {
    const seat = seats.find((s) => s.name === target) || {};
    const go = (card) => send({ play: name, target, card });
    // Cat Balou may be aimed at oneself (to be rid of a card in front of one)
    const yourself = { target: N_("{card} on yourself: which card?") };
    frame(t("{card} on {target}: which card?", { card: e.label, target }, yourself),
      h("div", { class: "card-grid" },
        h("button", { type: "button", class: "card-btn brown", disabled: !seat.hand, onclick: () => go("hand") },
          t("From the hand"), h("span", { class: "range" }, tn("{n} card, one at random", "{n} cards, one at random", Number(seat.hand) || 0))),
        list(seat.in_play).map((c) => h("button", { type: "button", class: "card-btn blue", onclick: () => go(c.name) },
          tname(c.name), h("span", { class: "range" }, t("in play"))))),
      h("div", { class: "row" }, h("button", { type: "button", onclick: () => chooseTarget(e) }, t("← Other player"))));
  }

  async function send(payload) {
    if (more && !(payload = await more.play(payload, view, me, ask))) return;
    const ack = await move(payload);
    if (ack && ack.ok) close();
  }

  chooseCard();
  dlg.showModal();
}
