// Non-blocking messages at the bottom of the screen: refusals from the server (with the
// rule they rest on), connection notices, confirmations. They never steal focus.
import { h, pieces } from "./dom.js";
import { t } from "./i18n.js";

const MAX = 3;

// The rules page's anchor for a rule id ("card.beer" -> "card-beer"), as engine/rulebook.py makes it.
const anchor = (id) => String(id).replace(/\./g, "-").replace(/[^a-z0-9_-]/g, "");

// An open modal <dialog> sits in the browser's top layer, above everything else: a banner
// meant for it goes inside it, or it would be hidden under the backdrop.
function container() {
  const dialog = document.querySelector("dialog[open]");
  if (!dialog) return document.getElementById("banners");
  let box = dialog.querySelector(".dialog-banners");
  if (!box) {
    box = h("div", { class: "dialog-banners", role: "status", "aria-live": "polite" });
    dialog.append(box);
  }
  return box;
}

/** Show a message; kind is "error", "info" or "ok". Returns the banner element. */
export function showBanner(message, { kind = "error", rule = "", ruleTitle = "", timeout = 9000, key = "" } = {}) {
  const box = container();
  if (!box) return null;
  if (key) box.querySelectorAll(`[data-key="${key}"]`).forEach((el) => el.remove());
  const close = () => el.remove();
  const el = h("div", { class: `banner ${kind}`, dataset: { key }, role: kind === "error" ? "alert" : null },
    h("span", { class: "msg" }, message, rule ? h("span", { class: "rule" }, pieces(t("Rule: {title}"), {
      title: h("a", { href: `/rules#${anchor(rule)}`, target: "_blank", rel: "noopener" }, ruleTitle || t("see the rules")) })) : null),
    h("button", { type: "button", class: "ghost", "aria-label": t("Dismiss"), onclick: close }, "✕"));
  box.append(el);
  while (box.children.length > MAX) box.firstElementChild.remove();
  if (timeout) setTimeout(close, timeout);
  return el;
}

/** A refused move: {code, message, rule} from an ack. */
export function showRefusal(error) {
  const e = error || {};
  return showBanner(e.message || t("The server refused this."), { rule: e.rule || "", ruleTitle: e.rule_title || "" });
}

export function clearBanner(key) {
  document.querySelectorAll(`.banner[data-key="${key}"]`).forEach((el) => el.remove());
}
