// The question put to me right now (view.me.asked), in words. In referee mode
// phone-referee.js draws it with the engine's answers (me.answers) and the card picker.
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
  if (referee) return; // referee mode: phone-referee.js draws the engine's answers here
  fill(box, asked.map((p) => h("div", { class: "ask" },
    h("p", {}, pendingText({ ...p, seat: "You" }).replace(/^You is/, "You are")),
    referee && ANSWERS[p.kind] ? h("div", { class: "answers" }, ANSWERS[p.kind].map(([label, move]) =>
      h("button", { type: "button", class: move.respond === "take" ? "" : "primary", onclick: () => send(move) }, label))) : null)));
}
