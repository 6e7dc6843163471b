// The language switch (templates/_language.html): the choice is kept in the `lang` cookie
// (the server reads it) and in localStorage (a dropped cookie comes back from there),
// then the page reloads in it. Nothing is lost: the seat token is in localStorage. The
// cookie and the storage are read once the phone's seat shows (link.js): each is a wait
// on the browser.
import { afterFirstView } from "./link.js";

const KEY = "bang-lang";
const cookie = () => (document.cookie.match(/(?:^|;\s*)lang=([^;]*)/) || [])[1] || "";
const stored = () => { try { return localStorage.getItem(KEY) || ""; } catch (_) { return ""; } };

function keep(lang) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `lang=${lang}; Max-Age=63072000; Path=/; SameSite=Lax${secure}`;
  try { localStorage.setItem(KEY, lang); } catch (_) { /* the cookie is enough */ }
}

const select = document.querySelector("select[data-language]");
const page = document.documentElement.lang;
const known = (lang) => select && [...select.options].some((o) => o.value === lang);

function switchTo(lang) {
  keep(lang);
  const url = new URL(location.href);
  if (!url.searchParams.has("lang")) return location.reload();
  url.searchParams.set("lang", lang);                 // ?lang= wins over the cookie
  location.replace(url.href);
}

if (select) {
  afterFirstView(() => {
    const kept = cookie();
    const choice = stored();
    if (kept) {
      if (kept !== choice && known(kept)) keep(kept);
    } else if (known(choice)) {
      keep(choice);
      if (choice !== page && cookie() === choice) location.reload();
    }
  });
  select.value = page;
  select.addEventListener("change", () => { if (select.value !== page) switchTo(select.value); });
  select.form.addEventListener("submit", (e) => { e.preventDefault(); switchTo(select.value); });
}
