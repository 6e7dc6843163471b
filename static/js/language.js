// The language switch (templates/_language.html) on every page: English, Magyar, Русский.
//
// The server picks a page's language (companion/i18n.py): ?lang=, else the `lang` cookie,
// else the browser's language. Choosing one here keeps it on this device, in the cookie
// (the server reads it) and in localStorage (a cookie the browser dropped comes back from
// there), then reloads the page in that language. A reload loses nothing: a phone's seat
// token is in localStorage and the table's state, open questions included, is on the
// server, which sends it again on reconnecting.

const COOKIE = "lang";
const STORED = "bang-lang";
const YEARS2 = 2 * 365 * 24 * 3600;

function cookie() {
  const m = document.cookie.match(/(?:^|;\s*)lang=([^;]*)/);
  return m ? decodeURIComponent(m[1]) : "";
}

function remember(lang) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${COOKIE}=${encodeURIComponent(lang)}; Max-Age=${YEARS2}; Path=/; SameSite=Lax${secure}`;
  try { localStorage.setItem(STORED, lang); } catch (_) { /* the cookie is enough */ }
}

function stored() {
  try { return localStorage.getItem(STORED) || ""; } catch (_) { return ""; }
}

/** The page again in `lang`: the address keeps its path and fragment; a ?lang= in it
 *  (which would win over the cookie) says the new language too. */
export function switchTo(lang) {
  remember(lang);
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.set("lang", lang);
    location.replace(url.href);
  } else {
    location.reload();
  }
}

function known(select, lang) {
  return [...select.options].some((o) => o.value === lang);
}

function start() {
  const select = document.querySelector("select[data-language]");
  const page = document.documentElement.lang;
  if (!select) return;
  const kept = cookie();
  if (kept) {
    if (kept !== stored() && known(select, kept)) remember(kept);
  } else {
    // no cookie (cleared, or never set): the choice kept on this device, if any, comes back
    const choice = stored();
    if (choice && known(select, choice)) {
      remember(choice);
      if (choice !== page && cookie() === choice) { location.reload(); return; }
    }
  }
  select.value = page;
  select.addEventListener("change", () => {
    if (select.value && select.value !== page) switchTo(select.value);
  });
  const form = select.form;
  if (form) form.addEventListener("submit", (e) => { e.preventDefault(); switchTo(select.value); });
}

start();
