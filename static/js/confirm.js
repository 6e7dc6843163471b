// A yes/no question in the page's own <dialog> (window.confirm blocks the whole page and
// looks different on every phone).
import { t } from "./i18n.js";

export function ask(text, { yes = t("Yes"), no = t("Cancel"), title = t("Are you sure?") } = {}) {
  const dialog = document.getElementById("confirm-dialog");
  if (!dialog || typeof dialog.showModal !== "function") return Promise.resolve(window.confirm(text));
  document.getElementById("confirm-title").textContent = title;
  document.getElementById("confirm-text").textContent = text;
  document.getElementById("confirm-yes").textContent = yes;
  document.getElementById("confirm-no").textContent = no;
  return new Promise((resolve) => {
    const done = (answer) => { dialog.close(); resolve(answer); };
    document.getElementById("confirm-yes").onclick = () => done(true);
    document.getElementById("confirm-no").onclick = () => done(false);
    dialog.oncancel = () => resolve(false);
    dialog.showModal();
  });
}
