// The question put to me right now (view.me.asked), in words. In referee mode
// phone-referee.js draws it with the engine's answers (me.answers) and the card picker;
// in tracker mode the table answers with its own cards, so only the question shows.
import { h, fill } from "./dom.js";
import { pendingText } from "./bits.js";

export function renderQuestion(box, asked, { referee }) {
  box.hidden = !asked.length;
  if (referee) return; // referee mode: phone-referee.js draws the engine's answers here
  fill(box, asked.map((p) => h("div", { class: "ask" }, h("p", {}, pendingText(p, { you: true })))));
}
