// "Ask the referee", on the phones and the host screen: can I reach X with this card,
// how far is X and why, can X play this now. The engine answers each (read-only events:
// `targets`, `distance`, `judge`) with its reason and the rule, linked to /rules.
import { h, fill, get, list } from "./dom.js";
import { aimed, cards, ruleLink, rulingBox } from "./referee-bits.js";
import { N_, t, tname } from "./i18n.js";
import { kindName } from "./ruleset.js";

const select = (id, label, options, value) => [
  h("label", { for: id }, label),
  h("select", { id }, options.map(([v, text]) => h("option", { value: v, selected: v === value }, text))),
];

function why(parts) {
  return list(parts).map((b, i) => (i === 0 ? b.label : `${b.label} ${b.delta > 0 ? "+" : "−"}${Math.abs(b.delta)}`)).join(" · ");
}

/** Fill `box` with the three questions. `me`: the phone's seat name (null on the host). */
export async function renderAsk(box, { snap, ask, me }) {
  const view = get(snap, "view") || {};
  const living = list(view.seats).filter((s) => s.alive !== false).map((s) => [s.name, s.name]);
  const event = view.event || null;
  const key = `${view.ruleset}|${living.map((l) => l[0]).join(",")}|${me}|${event ? event.id : ""}`;
  if (box.dataset.key === key) return;      // keep what the player chose while the game goes on
  box.dataset.key = key;
  const all = await cards(ask, view.ruleset);
  if (!all.length) {
    // No card list yet (the socket was not connected): say so, and build the questions
    // again with the next snapshot, which the socket's connection brings.
    delete box.dataset.key;
    return fill(box, h("p", { class: "small" }, t("Not connected right now: try again in a moment.")));
  }
  const named = all.map((c) => [c.name, tname(c.name)]);
  const targeted = all.filter(aimed).map((c) => [c.name, tname(c.name)]);
  const answer = (id) => h("div", { id, class: "ask-answer", "aria-live": "polite" });
  const first = me || get(view, "turn");
  const other = (living.find((l) => l[0] !== first) || [""])[0];

  const reachOut = answer("ask-reach-out");
  const distOut = answer("ask-dist-out");
  const judgeOut = answer("ask-judge-out");
  const byId = (id) => box.querySelector(`#${id}`);

  fill(box,
    // The event of the round changes what the answers below say: it comes first.
    event ? h("section", { class: "ask-event" },
      h("h3", {}, t("This round's event: {event}", { event: String(event.name || "") })),
      h("p", {}, String(event.effect || "")),
      event.rule ? ruleLink(event.rule, String(event.name || "")) : null) : null,
    h("form", { class: "ask-form", onsubmit: async (ev) => {
      ev.preventDefault();
      const by = byId("ask-reach-by").value;
      const target = byId("ask-reach-to").value;
      const ack = await ask("targets", { by, card: byId("ask-reach-card").value });
      if (!ack || !ack.ok) return fill(reachOut, rulingBox(ack && ack.error));
      const row = list(ack.targets).find((x) => x.name === target);
      // on the phone of the seat an argument names: "you"
      const mayAim = { seat: N_("Yes: you may aim it at {target} now."), target: N_("Yes: {seat} may aim it at you now.") };
      const notAimed = { target: N_("You cannot be aimed at.") };
      fill(reachOut, row ? rulingBox(row, t("Yes: {seat} may aim it at {target} now.", { seat: by, target }, mayAim))
        : ack.needs_target ? rulingBox({ ok: false, message: by === target ? t("Not at oneself.") : t("{target} cannot be aimed at.", { target }, notAimed) })
          : h("p", {}, t("This card takes no target."), " ", rulingBox(ack.play)));
    } },
    h("h3", {}, t("Can a card reach a player?")),
    select("ask-reach-by", t("Who plays it"), living, first),
    select("ask-reach-card", t("Card to aim"), targeted, "BANG!"),
    select("ask-reach-to", t("At whom"), living, other),
    h("button", { type: "submit" }, t("Ask: can it reach?")), reachOut),

    h("form", { class: "ask-form", onsubmit: async (ev) => {
      ev.preventDefault();
      const ack = await ask("distance", { from: byId("ask-dist-from").value, to: byId("ask-dist-to").value });
      if (!ack || !ack.ok) return fill(distOut, rulingBox(ack && ack.error));
      const yes = (ok) => (ok ? t("✓ yes") : t("✗ no"));
      // the edition's own cards of those kinds (Star Wars: Deception, not Panic!)
      const [bang, panic] = [kindName("bang", "BANG!"), kindName("panic", "Panic!")];
      const sees = { seat: N_("You see {target} at distance {n}"), target: N_("{seat} sees you at distance {n}") };
      const reaches = { seat: N_("Your {weapon} reaches {n}: {bang} {bang_ok} · {panic} {panic_ok}") };
      fill(distOut, h("p", { class: "ruling" }, h("strong", {}, t("{seat} sees {target} at distance {n}", { seat: ack.from, target: ack.to, n: ack.distance }, sees)),
        h("br"), why(ack.breakdown), h("br"),
        t("{seat}'s {weapon} reaches {n}: {bang} {bang_ok} · {panic} {panic_ok}", { seat: ack.from, weapon: tname(ack.weapon), n: ack.range,
          bang, bang_ok: yes(ack.bang), panic, panic_ok: yes(ack.panic) }, reaches)),
      ruleLink(ack.rule, ack.rule_title));
    } },
    h("h3", {}, t("What is the distance, and why?")),
    select("ask-dist-from", t("From"), living, first),
    select("ask-dist-to", t("To"), living, other),
    h("button", { type: "submit" }, t("Ask: how far?")), distOut),

    h("form", { class: "ask-form", onsubmit: async (ev) => {
      ev.preventDefault();
      const by = byId("ask-judge-by").value;
      const card = all.find((c) => c.name === byId("ask-judge-card").value) || {};
      const target = byId("ask-judge-to").value;
      const move = { play: card.name };
      if (aimed(card) && target) move.target = target;
      if (["panic", "cat_balou"].includes(card.kind)) move.card = "hand";
      const ack = await ask("judge", { by, move });
      const mayPlay = { seat: N_("Yes: you may play {card} now.") };
      fill(judgeOut, rulingBox(ack && ack.ok ? ack.ruling : ack && ack.error, t("Yes: {seat} may play {card} now.", { seat: by, card: tname(card.name) }, mayPlay)));
    } },
    h("h3", {}, t("Can a player play this now?")),
    select("ask-judge-by", t("Player who would play it"), living, first),
    select("ask-judge-card", t("Card to play"), named, "BANG!"),
    select("ask-judge-to", t("Target (for cards aimed at someone)"), [["", "—"], ...living], other),
    h("button", { type: "submit" }, t("Ask: is it allowed?")), judgeOut),
    h("p", { class: "small" }, h("a", { href: "/rules", target: "_blank", rel: "noopener" }, t("The rules reference (searchable)"))));
}
