// Referee mode on the host screen: seats of a table started from a record waiting for
// their phones (a claim QR code each), what the table is waiting for in large letters,
// and "Ask the referee" (any player's question, answered by the engine).
import { $, h, fill, get, list, urlNodes } from "./dom.js";
import { pendingLines } from "./bits.js";
import { renderAsk } from "./referee-ask.js";
// The host screen speaks to no seat: a sentence naming one says so with `{}` as its you.
import { t } from "./i18n.js";

let sendFn = async () => ({ ok: false });

export function wireHostReferee(send) {
  sendFn = send;
}

const ask = (event, payload) => sendFn(event, payload);

const showQr = (name) => t("Show the QR code for {seat}'s seat", { seat: name }, {});

function claimRow(name) {
  const out = h("div", { class: "claim-out" });
  return h("li", {}, h("button", { type: "button", onclick: async () => {
    const ack = await sendFn("reseat", { seat: name });
    if (!ack || !ack.ok) return;
    fill(out, h("img", { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(ack.claim_qr_svg)}`,
      alt: t("QR code that gives {seat}'s seat to a phone", { seat: name }, {}) }), h("p", { class: "join-url small" }, urlNodes(ack.claim_url)));
  } }, showQr(name)), out);
}

export function renderHostReferee(snap, send) {
  if (send) sendFn = send;
  const box = $("#host-ref");
  if (!box) return;
  const table = get(snap, "table") || {};
  const view = get(snap, "view") || {};
  const unclaimed = list(table.unclaimed);
  const claims = $("#host-ref-claims");
  claims.hidden = !unclaimed.length;
  const have = Array.from(claims.querySelectorAll("li > button")).map((b) => b.textContent).join("|");
  const want = unclaimed.map(showQr).join("|");
  if (have !== want) fill($("#host-ref-claim-list"), unclaimed.map(claimRow));

  const referee = view.mode === "referee" && table.status !== "over" && !view.winner;
  const pending = list(view.pending);
  const wait = $("#host-ref-wait");
  wait.hidden = !referee || !pending.length;
  if (!wait.hidden) fill(wait, h("h2", {}, t("Waiting for")), pendingLines(pending).map((line) => h("p", { class: "waiting-big" }, line)));
  $("#host-ref-ask").hidden = !referee;
  if (referee) renderAsk($("#host-ref-ask-body"), { snap, ask, me: null });
}
