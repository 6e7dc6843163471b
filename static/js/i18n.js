// Words at the edge, in the reader's language (static/README.md): t, tn, tname, and,
// localize. The catalog: <meta name="i18n-catalog">, {lang, plural, m: {English: words}}.
// On a phone (setReader), a sentence about its own player says "you": the form the sentence
// declares where it is written, t(text, args, { seat: N_("You ...") }) (`{}`: said to no
// seat); tn(one, many, n, args, { seat: N_plural("You ...", "You ...") }).

const KEY = "$t";
const PLURAL = "$pl";
// a placeholder, a closing quote after it if any, and the full stop that follows: a name that
// ends in "!" or "?" ("Missed!", «Бэнг!») ends the sentence itself and takes no further full
// stop (engine/say.py does the same)
const FIELD = /\{(\w+)\}([»”]?)(\.(?!\.)|)/g;

async function load() {
  const meta = document.querySelector('meta[name="i18n-catalog"]');
  if (!meta || !meta.content) return { lang: "en", plural: ["one", "other"], m: {} };
  try {
    return (await import(meta.content)).default;
  } catch (err) {
    console.error(err);
    return { lang: "en", plural: ["one", "other"], m: {} };
  }
}

const catalog = await load();
const rules = new Intl.PluralRules(catalog.lang || "en");
export const lang = catalog.lang || "en";

function form(forms, n) {
  // The catalog lists its forms in the order of gettext's plural index; Intl says which
  // category a count falls in, and a category the list lacks takes the last form.
  const at = (catalog.plural || ["one", "other"]).indexOf(rules.select(Number(n)));
  return forms[at < 0 ? forms.length - 1 : Math.min(at, forms.length - 1)];
}

function template(text, other, n) {
  const found = catalog.m ? catalog.m[text] : undefined;
  if (other !== undefined && other !== null) {
    if (Array.isArray(found) && found.length) return form(found, n);
    if (typeof found === "string" && found) return found;      // the same for every count
    return Number(n) === 1 ? text : other;
  }
  return typeof found === "string" && found ? found : text;
}

function fill(text, args) {
  return text.replace(FIELD, (whole, key, quote, stop) => {
    if (!args || !(key in args)) return whole;
    const value = arg(args[key]);
    return value + quote + (/[!?]$/.test(value) ? "" : stop);
  });
}

function arg(v) {
  if (Array.isArray(v)) return v.map(arg).join(" ");   // several phrases in a row
  return isMessage(v) ? render(v) : String(v);
}

export function isMessage(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && typeof v[KEY] === "string";
}

/** The sentence for one engine message. */
export function render(m) {
  if (!isMessage(m)) return m === null || m === undefined ? "" : String(m);
  return fill(template(m[KEY], m[PLURAL], m.n), m);
}

let reader = "";

/** The phone's own seat name: a sentence about that seat is said to him (t's `you`). */
export function setReader(name) {
  reader = String(name || "");
}

/** Marks a sentence's second-person form for the catalogs (make messages); the text as it is. */
export const N_ = (text) => text;

/** Marks a plural sentence's second-person forms (tn's `you`): its two English forms. */
export const N_plural = (one, many) => [one, many];

/** A page's own words, with `{name}` placeholders filled from `args`. `you`: how the sentence
 * reads on the phone of the seat an argument names, declared next to it: { seat: N_("You
 * ..."), target: N_("... you ...") } (each form: the sentence's placeholders less that one),
 * taken when that argument is, exactly, the reader's seat name (setReader). */
export function t(text, args, you) {
  if (reader && you && args) {
    for (const [key, mine] of Object.entries(you)) {
      if (args[key] === reader) return fill(template(mine), args);
    }
  }
  return fill(template(text), args);
}

/** Words that depend on a count `n` (also available as `{n}`). `you`: as t's, each form
 * N_plural("one", "many"). */
export function tn(singular, plural, n, args, you) {
  const all = { n, ...(args || {}) };
  if (reader && you && args) {
    for (const [key, mine] of Object.entries(you)) {
      if (args[key] === reader) return fill(template(mine[0], mine[1], n), all);
    }
  }
  return fill(template(singular, plural, n), all);
}

/** A card, character or role name as this language's edition prints it (also any other
 * string of the engine's data tables a page shows as it is: a ruleset's word, a hint). */
export function tname(text) {
  return text ? template(String(text)) : "";
}

/** Names in a row as the reader's language lists them: "Ann, Bob and Cid". */
export function and(items) {
  const all = (items || []).map(String);
  try {
    // en-GB: "Ann, Bob and Cid" (no comma before "and"), as the English pages always wrote it
    return new Intl.ListFormat(lang === "en" ? "en-GB" : lang, { type: "conjunction" }).format(all);
  } catch (_) {
    return all.join(", ");
  }
}

/** A copy of `obj` with every engine message in it made into its sentence. */
export function localize(obj) {
  if (Array.isArray(obj)) return obj.map(localize);
  if (obj !== null && typeof obj === "object") {
    if (isMessage(obj)) return render(obj);
    const out = {};
    for (const [k, v] of Object.entries(obj)) out[k] = localize(v);
    return out;
  }
  return obj;
}
