// The question put to me right now (view.me.asked), in words, and in referee mode the
// answers as buttons. Barrel and Jourdonnais draws need the revealed card, so they are
// left to the table's own reporting for now.
import { h, fill } from "./dom.js";
import { pendingText } from "./bits.js";

const ANSWERS = {
  bang: [["Missed!", { respond: "Missed!" }], ["Take the hit", { respond: "take" }]],
  gatling: [["Missed!", { respond: "Missed!" }], ["Take the hit", { respond: "take" }]],
  indians: [["Discard a BANG!", { respond: "BANG!" }], ["Lose 1 life", { respond: "take" }]],
  duel: [["Discard a BANG!", { respond: "BANG!" }], ["Lose the Duel", { respond: "take" }]],
  dying: [["Drink a Beer", { respond: "Beer" }], ["I'm out", { respond: "take" }]],
};

export function renderQuestion(box, asked, { referee, send }) {
  box.hidden = !asked.length;
  fill(box, asked.map((p) => h("div", { class: "ask" },
    h("p", {}, pendingText({ ...p, seat: "You" }).replace(/^You is/, "You are")),
    referee && ANSWERS[p.kind] ? h("div", { class: "answers" }, ANSWERS[p.kind].map(([label, move]) =>
      h("button", { type: "button", class: move.respond === "take" ? "" : "primary", onclick: () => send(move) }, label))) : null)));
}
