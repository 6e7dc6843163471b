"""Languages: the gettext catalogs, a request's language, sentences in that language.

The engine says everything as messages (engine/say.py): an English template, the
gettext msgid, and its arguments. The sentence is made here (server pages, the CLI,
tests) or on the page (static/js/i18n.js), in the reader's language.

* `LANGUAGES`: the languages the companion speaks; English is the source. Adding one is
  its catalog companion/translations/<code>/LC_MESSAGES/messages.po (`make messages
  LANGS=<code>` makes it) and its code in this tuple (docs/translating.md).
* `translations(lang)`: that language's catalog, read from its .po with Babel and
  compiled in memory (no build step, no .mo file in the repository), once per process.
  A missing, empty or fuzzy translation is left out: the English text shows instead.
* `sentence(message, lang)`, `localize(obj, lang)`: engine.say's render with the
  catalog (a plural takes the catalog's form for its count: Russian has three). With
  `reader` (a seat name), a message about that seat is said to him, in the second
  person, as the message declares (engine/say.py `you`): his own phone reads "You have
  no cards in hand.". `Wording` is the one walker that does it, for the hub's fan-out,
  the sockets' answers and the routes.
* `choose()`: a request's language: `?lang=xx` (remembered in the `lang` cookie), else
  the cookie, else the browser's Accept-Language, else English.
* `page_catalog(lang, ruleset)`: the pages' catalog of a language, a small JS module
  (`export default {"lang", "plural", "m"}`, read by static/js/i18n.js) served under
  `/i18n/<digest>/<lang>/<ruleset>/<page>.js`, immutable and gzipped like the static files
  (companion.assets). It holds only what a page can show through its JavaScript: the
  entries extracted from engine/, static/js/ and the companion's Python (the messages
  a snapshot, an answer or an error carries), not the rules reference's long texts (the
  rules page is made on the server), nor words only templates use, nor what only
  another ruleset's home (engine/rulesets/<name>) holds, nor what only the other page's
  modules say (the phone's and the host screen's, `ENTRIES`). English needs no entries:
  i18n.js falls back to the English text and its plural rule. What the server words
  itself and which modules each page loads were read out of the sources at build time
  (companion/extracted.py, `make messages`/`make bundle`: extracted.json); nothing is
  extracted or scanned while serving.
* `init_app(app)`: Flask-Babel with these same catalogs, so templates have `_`,
  `gettext` and `ngettext` (`%(name)s` placeholders) in the request's language, and
  `lang`/`languages` for the page's <html lang> and its language switch.
"""
from __future__ import annotations

import functools
import hashlib
import io
import json
import os
from gettext import c2py

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations
from flask import Flask, abort, g, has_request_context, request
from flask_babel import Babel, Domain

from engine import BOOK, PARTS_BY_NAME, say
from engine.rulebook import CORE
from engine.rulesets import RULESETS, Ruleset
from engine.say import KEY, YOU

from . import looks
from .assets import IMMUTABLE, make_asset, send
from .extracted import ENTRIES, PAGE_SOURCES
from .extracted import PATH as EXTRACTED

LANGUAGES = ("en", "hu", "ru")       # the first is the source language, the default
SOURCE = LANGUAGES[0]
# A socket may ask for the messages themselves (auth {"lang": "messages"}): a program that
# words them on its own, or reads their keys and parameters (docs/protocol.md).
MESSAGES = "messages"
COOKIE = "lang"
COOKIE_AGE = 2 * 365 * 24 * 3600     # seconds: a phone keeps its language for good
FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "translations")


def po_path(lang: str) -> str:
    return os.path.join(FOLDER, lang, "LC_MESSAGES", "messages.po")


def pot_path() -> str:
    return os.path.join(FOLDER, "messages.pot")


def native_name(lang: str) -> str:
    """A language's name in that language, for the switch: English, Magyar, Русский."""
    text = Locale.parse(lang).get_display_name(lang) or lang
    return text[:1].upper() + text[1:]


def normal(lang: str | None) -> str | None:
    """A known language code for `lang` ("hu", "ru-RU", "HU" → "hu"), or None."""
    if not lang:
        return None
    code = str(lang).strip().lower().replace("_", "-").split("-")[0]
    return code if code in LANGUAGES else None


@functools.cache
def catalog(lang: str) -> Catalog | None:
    """The language's catalog as Babel reads it (None: English, or no .po yet)."""
    if lang == SOURCE or not os.path.exists(po_path(lang)):
        return None
    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang)


def translated(message) -> bool:
    """A catalog entry that has a translation to show (every plural form filled)."""
    if not message.id or message.fuzzy:
        return False
    if isinstance(message.string, (tuple, list)):
        return all(message.string)
    return bool(message.string)


@functools.cache
def translations(lang: str) -> NullTranslations:
    """The gettext object of a language, compiled in memory from its .po."""
    cat = catalog(lang)
    if cat is None:
        return NullTranslations()
    done = Catalog(locale=cat.locale, domain="messages")
    done.mime_headers = cat.mime_headers      # its Plural-Forms
    for message in cat:
        if translated(message):
            done[message.id] = message
    buf = io.BytesIO()
    write_mo(buf, done, use_fuzzy=False)
    buf.seek(0)
    return Translations(buf, domain="messages")


def translator(lang: str):
    """engine.say's `translate(template, plural, n)` for a language."""
    tr = translations(normal(lang) or SOURCE)

    def translate(template: str, other: str | None, n) -> str:
        if other is None:
            return tr.gettext(template)
        try:
            count = int(n)
        except (TypeError, ValueError):
            return other
        return tr.ngettext(template, other, count)
    return translate


def sentence(message, lang: str, reader: str | None = None) -> str:
    """The sentence of one message (or a plain string) in `lang`; `reader`: the seat
    whose phone reads it, spoken to in the second person where the message declares it
    (engine/say.py: `you`)."""
    return say.render(message, translator(lang), reader or None)


def localize(obj, lang: str, reader: str | None = None):
    """A copy of a JSON value with every message in it made into a sentence in `lang`
    (`MESSAGES`: the value as it is, for a client that words the messages itself).
    `reader`: the seat name of the phone it goes to; a message about that seat says
    "you" there (engine/say.py: `you`). None: the host screen, or no seat."""
    return Wording()(obj, lang, reader)


_NESTED = (dict, list)
_NO_NAMES: frozenset = frozenset()


class Wording:
    """The one walker that words messages: a JSON value (a snapshot, an answer, an error)
    with every message in it made into its sentence, for a language and a reader
    (`localize`; the hub keeps one for each change's snapshots). A part with no message
    in it (the seats' public rows, the table's facts: the same objects in every seat's
    snapshot, engine.all_views) is kept as it is, not copied, whoever reads it; a plain
    message ("{n} seats apart" in every phone's distances) is rendered once per language,
    and per reader only when it names that reader. A part with messages that several
    snapshots or patches share (the seats' part of a change's patches, its log lines) is
    worded once per language, and per reader only where a message in it names him.
    Holds what it has looked at, so an id is never reused while it lives: one per change
    (docs/benchmarks.md).

    `sentences`: a `Sentences` that outlives the walker (the hub's): a plain message's
    sentence is then rendered once for as long as the catalogs stay the same, not once
    per change (every change's patches word the same distances and log lines again)."""

    def __init__(self, sentences: "Sentences | None" = None) -> None:
        self._sentences = sentences or Sentences()
        self._said: dict = {}           # lang: {(reader, *a plain message's items): text}
        self._translate: dict = {}      # lang: its translator
        self._done: dict = {}           # (id, lang): [the object, worded for any reader
                                        # it names not, {reader: worded}, the names
                                        # its `you` forms take, once asked]
        self._yous: dict = {}           # id: (the object, the names its `you` forms take)
        self._contents: dict = {}       # id: (a message, _content's, its strings)

    def __call__(self, obj, lang: str, reader: str | None = None):
        if lang == MESSAGES:
            return obj
        translate = self._translate.get(lang)
        if translate is None:
            translate = self._translate[lang] = translator(lang)
            self._said[lang] = self._sentences.of(lang)
        return self._word(obj, translate, lang, reader or None)

    def _word(self, obj, translate, lang: str, reader):
        kind = type(obj)
        if kind is dict:
            if KEY in obj and type(obj[KEY]) is str:
                return self._sentence(obj, translate, lang, reader)
        elif kind is not list:
            return obj
        # worded before in this language? (a part several snapshots of a change share)
        key = (id(obj), lang)
        hit = self._done.get(key)
        if hit is None:
            out = self._walk(obj, kind, translate, lang, reader)
            # no message in it (the walk gave it back as it is): the same for every reader
            self._done[key] = ([obj, out, {reader: out}, _NO_NAMES] if out is obj
                               else [obj, None, {reader: out}, None])
            return out
        free, per = hit[1], hit[2]
        if reader in per:
            return per[reader]
        names = hit[3]
        if names is None:
            names = hit[3] = self._you_names(obj)
        if reader not in names:          # no sentence in it is said to this reader
            if free is None:
                free = hit[1] = next((out for r, out in per.items() if r not in names), None)
            if free is not None:
                return free
        out = per[reader] = self._walk(obj, kind, translate, lang, reader)
        return out

    def _walk(self, obj, kind, translate, lang: str, reader):
        """`obj` worded: a copy where a message is in it, `obj` itself where none is."""
        out = None
        word = self._word
        for k, v in (enumerate(obj) if kind is list else obj.items()):
            t = type(v)
            if t is dict or t is list:
                if t is list and len(v) == 1:    # a patch's replaced value
                    x = v[0]
                    tx = type(x)
                    if tx is not dict and tx is not list:
                        continue                 # a plain one
                    if tx is dict and KEY in x and type(x[KEY]) is str:   # a message
                        said = [self._sentence(x, translate, lang, reader)]
                    else:
                        said = word(v, translate, lang, reader)
                else:
                    said = word(v, translate, lang, reader)
                if said is not v:
                    if out is None:
                        out = kind(obj)      # a copy: list(obj) or dict(obj)
                    out[k] = said
        return obj if out is None else out

    def _you_names(self, obj) -> frozenset:
        """The names for which a message in `obj` has a second-person form: worded for
        any other reader (or none), `obj` reads the same."""
        seen = self._yous.get(id(obj))
        if seen is not None:
            return seen[1]
        names: set = set()
        if type(obj) is dict:
            if say.is_message(obj) and type(obj.get(YOU)) is dict:
                names.update(v for k in obj[YOU] if type(v := obj.get(k)) is str)
            for k, v in obj.items():
                if k != YOU and (type(v) is dict or type(v) is list):
                    names |= self._you_names(v)
        else:
            for v in obj:
                if type(v) is dict or type(v) is list:
                    names |= self._you_names(v)
        found = frozenset(names)
        self._yous[id(obj)] = (obj, found)
        return found

    def _sentence(self, message: dict, translate, lang: str, reader) -> str:
        """A message's sentence, rendered once per walker for each message of the same
        content: one whose arguments are strings, integers or such messages (True is not
        1 here, nor 1.0: neither is taken). Its reader counts only where it names him."""
        seen = self._contents.get(id(message))
        if seen is None:                 # once a walker for a message several parts share
            strings: list = []
            seen = self._contents[id(message)] = (message, _content(message, strings),
                                                  frozenset(strings))
        content = seen[1]
        if content is None:
            return say.render(message, translate, reader)
        key = (reader if reader in seen[2] else None, content)
        known = self._said[lang]
        said = known.get(key)
        if said is None:
            said = known[key] = say.render(message, translate, key[0])
        return said


class Sentences:
    """The sentences of plain messages already rendered, by language, reader and content
    (`Wording`'s `_content`): a message's sentence depends on nothing else while the
    language's catalog stays the same, so the hub keeps one for all its changes. Forgets
    a language's sentences when its catalog was read again (`reload`) or when they pass
    `LIMIT` (a long game words new ones; the old ones are cheap to render again)."""

    LIMIT = 20000

    def __init__(self) -> None:
        self._by_lang: dict = {}        # lang: (its catalog, {key: sentence})

    def of(self, lang: str) -> dict:
        """The sentences of `lang` (a dict the caller reads and adds to; a new one when
        the catalog changed or the old one grew past LIMIT)."""
        book = translations(normal(lang) or SOURCE)
        hit = self._by_lang.get(lang)
        if hit is None or hit[0] is not book or len(hit[1]) > self.LIMIT:
            hit = self._by_lang[lang] = (book, {})
        return hit[1]


def _content(message: dict, strings: list):
    """A hashable copy of a message's content, with its strings added to `strings` (a
    reader counts where it is among them), or None when an argument is anything but a
    string, an integer, None, such a message or a list of those. Its `you` forms are
    left out: a template has the same wherever it is made (tests/test_second_person.py)."""
    items = []
    for k, v in message.items():
        kind = type(v)
        if kind is str:
            strings.append(v)
        elif kind is dict:
            if k == YOU:
                continue
            sub = _content(v, strings) if say.is_message(v) else None
            if sub is None:
                return None
            v = ("m", sub)
        elif kind is list:
            parts = []
            for x in v:
                kx = type(x)
                if kx is str:
                    strings.append(x)
                elif kx is dict:
                    sub = _content(x, strings) if say.is_message(x) else None
                    if sub is None:
                        return None
                    x = ("m", sub)
                elif kx is not int and x is not None:
                    return None
                parts.append(x)
            v = ("l", tuple(parts))
        elif kind is not int and v is not None:
            return None
        items.append((k, v))
    return tuple(items)


def gettext(text: str, lang: str) -> str:
    """One catalog string (a name, a page's words) in `lang`."""
    return translations(normal(lang) or SOURCE).gettext(text)


def reload() -> None:
    """Forget the catalogs read so far (a test that writes a .po)."""
    for cached in (catalog, translations, template, page_catalog, extracted):
        cached.cache_clear()


# ---- the pages' catalog (static/js/i18n.js) --------------------------------------------

# A page's scripts: the words a catalog is made of (besides the names a page shows from
# data). The companion's and the engine's sentences reach a page worded by the server.


@functools.cache
def template() -> Catalog:
    with open(pot_path(), "rb") as f:
        return read_po(f)


def plural_categories(lang: str) -> list[str]:
    """The CLDR category of each gettext plural index, in index order (what Intl's
    PluralRules says on the page): ru ["one", "few", "many"], en and hu ["one", "other"]."""
    cat = catalog(lang)
    if cat is None:
        return ["one", "other"]
    locale = Locale.parse(lang)
    index = c2py(cat.plural_expr)           # gettext's Plural-Forms of the .po
    found: dict[int, str] = {}
    for n in range(1000):
        found.setdefault(int(index(n)), locale.plural_form(n))
        if len(found) == cat.num_plurals:
            break
    return [found.get(i, "other") for i in range(cat.num_plurals)]


def _long_rule_texts() -> set[str]:
    return {r["text"] for r in BOOK.entries.values()}


def _homes() -> dict[str, tuple[str, ...]]:
    """Each ruleset's own source files (its module, or its package), as paths in the
    catalogs' references: what only that ruleset's tables show."""
    homes = {}
    for name, rules in RULESETS.items():
        module = type(rules).__module__
        if module != Ruleset.__module__:         # the base game's home is everyone's
            path = module.replace(".", "/")
            homes[name] = (path + ".py", path + "/", f"companion/looks/{name}.py")
    return homes


# The two pages a catalog is cut for: the phone's leaves out what only the host screen's
# modules say, and the other way round. A page's modules: those its template and its
# partials (templates/phone.html, templates/_phone_*.html) load, and every module they
# import, at once or later, as esbuild's metafile says (companion/bundle.py: `reached`).
PAGE = "page"                   # any other page: the start, join, rules, error pages


@functools.cache
def extracted() -> dict:
    """What the build read out of the sources for the pages' catalogs (companion/extracted.py,
    written by `make messages` and `make bundle`): nothing is extracted or scanned here."""
    with open(EXTRACTED, encoding="utf-8") as f:
        return json.load(f)


def _graph(page: str, ruleset: str = "base") -> frozenset[str]:
    """static/js paths (as the catalogs name them) of the modules `page` may load at a
    table of `ruleset` (companion/extracted.py)."""
    return frozenset(extracted()["modules"][page][ruleset_of(ruleset)])


def _not_on(page: str, ruleset: str = "base") -> tuple[str, ...]:
    """The JS modules of the pages that this page does not load at a table of `ruleset`
    (the other page's, and another ruleset's partials')."""
    if page not in ENTRIES:
        return ()
    every = set().union(*(_graph(p, r) for p in ENTRIES for r in RULESETS))
    return tuple(sorted(every - _graph(page, ruleset)))


def page_of(endpoint: str | None) -> str:
    """The page kind of a request's endpoint ("companion.phone_page" → "phone")."""
    name = (endpoint or "").rsplit(".", 1)[-1].removesuffix("_page")
    return name if name in ENTRIES else PAGE


def shown_by_pages(ruleset: str, page: str = PAGE) -> set[str]:
    """The msgids a page at a table of `ruleset` may show through its JavaScript: those
    extracted from engine/, static/js/ and companion/, less the rules' long texts, what
    only another ruleset's home holds and what only another page's modules say."""
    others = tuple(p for name, paths in _homes().items() if name != ruleset for p in paths)
    others += _not_on(page, ruleset)
    shown = set()
    for m in template():
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        paths = [path for path, _ in m.locations]
        if any(p.startswith(PAGE_SOURCES) and not p.startswith(others) for p in paths):
            shown.add(key)                  # a page's script says it
        elif key in _data_words(ruleset):   # a name or word the page shows from data
            shown.add(key)
    return shown - _long_rule_texts() - _worded_by_server()


def strings_in(value) -> set[str]:
    """Every text in a JSON-like value (its dicts' values and its lists' items, at any depth)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        value = value.values()
    elif not isinstance(value, (list, tuple)):
        return set()
    return set().union(*map(strings_in, value))


@functools.cache
def _data_words(ruleset: str) -> frozenset[str]:
    """The engine's words a page of `ruleset` shows from data, not from a message (the
    server words those): its cards' and characters' names, its Feats' names, and every
    word of its page data (roles, kinds of cards, blue cards' hints...) and what the
    ruleset adds to a card in the play sheet's catalogue (Star Wars' Destiny effects)."""
    rules = RULESETS[ruleset]
    words = strings_in(looks.page_data(rules)) | strings_in(looks.page_words(rules))
    for card in rules.data.cards.rows:               # the catalogue's extras (Destiny effects)
        words |= strings_in(rules.views.card_info(card))
    words.update(c.name for c in rules.data.cards.rows)
    words.update(rules.data.characters.names())
    words.update(looks.look_of(rules).names)     # Legends: its Feats' names
    # the parts its tables may take: the titles of their own rules entries, names the
    # pages show from data (an event's name as the card of the question it puts)
    for part in PARTS_BY_NAME.values():
        if part.goes_with(ruleset) and part.book is not None:
            words.update(str(r["title"]) for k, r in part.book.entries.items()
                         if k not in CORE.entries)
    return frozenset(words)


def _worded_by_server() -> frozenset[str]:
    """The engine's message templates no page's script says (companion/extracted.py): the
    server words them for each socket in that socket's language (companion/hub.py), so a
    page never needs them."""
    return frozenset(extracted()["worded_by_server"])


def ruleset_of(name) -> str:
    return name if isinstance(name, str) and name in RULESETS else "base"


@functools.cache
def page_catalog(lang: str, ruleset: str = "base", page: str = PAGE) -> tuple[str, bytes]:
    """(digest, body) of a language's JS catalog module for `page` ("phone", "host" or
    any other) at a table of `ruleset` (the start, join and rules pages: the base game)."""
    lang = normal(lang) or SOURCE
    cat = catalog(lang)
    entries: dict[str, object] = {}
    if cat is not None:
        shown = shown_by_pages(ruleset_of(ruleset), page)
        for m in cat:
            key = m.id if isinstance(m.id, str) else m.id[0] if m.id else None
            if key in shown and translated(m) and m.string != key:   # the same: i18n.js has it
                forms = m.string
                if isinstance(m.id, (tuple, list)):      # one form for every count: a string
                    forms = forms[0] if len(set(forms)) == 1 else list(forms)
                entries[key] = forms
    data = {"lang": lang, "plural": plural_categories(lang), "m": entries}
    body = ("export default " + json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            + ";\n").encode("utf-8")
    return hashlib.sha256(body).hexdigest()[:12], body


# what a page reads without any catalog (static/js/i18n.js): the words as written
BARE_CATALOG = page_catalog(SOURCE, "base", PAGE)[1]


def catalog_url(lang: str, ruleset: str | None = None, page: str = PAGE) -> str:
    """The URL of the JS catalog for `page` in `lang` (at a table of `ruleset`), or ""
    when it would say nothing the page does not know (English as written): then the page
    names none, and a phone on a slow Wi-Fi waits for one file fewer."""
    ruleset = ruleset_of(ruleset)
    page = page if page in ENTRIES else PAGE
    digest, body = page_catalog(lang, ruleset, page)
    if body == BARE_CATALOG:
        return ""
    return f"/i18n/{digest}/{lang}/{ruleset}/{page}.js"


# ---- a request's language ----------------------------------------------------------

def choose() -> str:
    """The language of the current request: ?lang=, the cookie, Accept-Language, English."""
    return (normal(request.args.get("lang")) or normal(request.cookies.get(COOKIE))
            or request.accept_languages.best_match(LANGUAGES) or _primary_match() or SOURCE)


def _primary_match() -> str | None:
    """Accept-Language "ru-RU" alone (no plain "ru") still means Russian."""
    for value, _quality in request.accept_languages:
        code = normal(value)
        if code:
            return code
    return None


def current() -> str:
    """The current request's language (English outside a request)."""
    if not has_request_context():
        return SOURCE
    if "lang" not in g:
        g.lang = choose()
    return g.lang


def remember(response):
    """`?lang=xx` on a page: the browser keeps that language (the `lang` cookie)."""
    lang = normal(request.args.get("lang"))
    if lang and request.cookies.get(COOKIE) != lang:
        response.set_cookie(COOKIE, lang, max_age=COOKIE_AGE, samesite="Lax",
                            secure=request.is_secure, httponly=False)
    if (response.mimetype or "") == "text/html":
        response.vary.update(("Cookie", "Accept-Language"))
    return response


class CatalogDomain(Domain):
    """Flask-Babel's gettext with this module's catalogs and language choice."""

    def get_translations(self):
        return translations(current())


def init_app(app: Flask) -> None:
    babel = Babel()
    babel.init_app(app, default_locale=SOURCE, locale_selector=current)
    babel.domain_instance = CatalogDomain()       # replaces its cached default
    app.after_request(remember)

    @app.context_processor
    def language():
        lang = current()
        page = page_of(request.endpoint) if has_request_context() else PAGE
        return {"lang": lang, "catalog_url": functools.partial(catalog_url, page=page),
                "languages": [(code, native_name(code)) for code in LANGUAGES]}

    def serve_catalog(digest: str, lang: str, ruleset: str, page: str):
        if normal(lang) != lang or ruleset_of(ruleset) != ruleset or page_of(page) != page:
            abort(404)
        now, body = page_catalog(lang, ruleset, page)
        asset = _assets.get((now, lang, ruleset, page))
        if asset is None:
            asset = _assets[now, lang, ruleset, page] = make_asset(f"{lang}.js", body)
        # an older page after a restart with other catalogs: today's, not kept under that URL
        return send(asset, IMMUTABLE if digest == now else "no-cache")

    app.add_url_rule("/i18n/<digest>/<lang>/<ruleset>/<page>.js", "i18n_catalog",
                     serve_catalog)


_assets: dict = {}          # (digest, lang, ruleset, page) -> companion.assets.Asset (body and its gzip)
