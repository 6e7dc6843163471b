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
  catalog (a plural takes the catalog's form for its count: Russian has three).
* `choose()`: a request's language: `?lang=xx` (remembered in the `lang` cookie), else
  the cookie, else the browser's Accept-Language, else English.
* `page_catalog(lang)`: the pages' catalog of a language, a small JS module
  (`export default {"lang", "plural", "m"}`, read by static/js/i18n.js) served under
  `/i18n/<digest>/<lang>.js`, immutable and gzipped like the static files
  (companion.assets). It holds only what a page can show through its JavaScript: the
  entries extracted from engine/, static/js/ and the companion's Python (the messages
  a snapshot, an answer or an error carries), not the rules reference's long texts (the
  rules page is made on the server) nor words only templates use. English needs no
  entries: i18n.js falls back to the English text and its plural rule.
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

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations
from flask import Flask, abort, g, has_request_context, request
from flask_babel import Babel, Domain

from engine import say

LANGUAGES = ("en", "hu", "ru")       # the first is the source language, the default
SOURCE = LANGUAGES[0]
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


def sentence(message, lang: str) -> str:
    """The sentence of one message (or a plain string) in `lang`."""
    return say.render(message, translator(lang))


def localize(obj, lang: str):
    """A copy of a JSON value with every message in it made into a sentence in `lang`."""
    return say.localize(obj, translator(lang))


def gettext(text: str, lang: str) -> str:
    """One catalog string (a name, a page's words) in `lang`."""
    return translations(normal(lang) or SOURCE).gettext(text)


def reload() -> None:
    """Forget the catalogs read so far (a test that writes a .po)."""
    for cached in (catalog, translations, template, page_catalog):
        cached.cache_clear()


# ---- the pages' catalog (static/js/i18n.js) --------------------------------------------

SHOWN_BY_PAGES = ("engine/", "static/js/", "companion/")   # sources of what JS shows


@functools.cache
def template() -> Catalog:
    with open(pot_path(), "rb") as f:
        return read_po(f)


def plural_categories(lang: str) -> list[str]:
    """The CLDR category of each gettext plural index, in index order (what Intl's
    PluralRules says on the page): ru ["one", "few", "many"], en and hu ["one", "other"]."""
    cat = catalog(lang)
    locale = Locale.parse(lang)
    if cat is None:
        return ["one", "other"]
    index = translations(lang).plural       # gettext's Plural-Forms of the .po
    found: dict[int, str] = {}
    for n in range(1000):
        found.setdefault(int(index(n)), locale.plural_form(n))
        if len(found) == cat.num_plurals:
            break
    return [found.get(i, "other") for i in range(cat.num_plurals)]


def _long_rule_texts() -> set[str]:
    from engine.rulebook import RULES
    return {r["text"] for r in RULES.values()}


@functools.cache
def page_catalog(lang: str) -> tuple[str, bytes]:
    """(digest, body) of a language's JS catalog module."""
    lang = normal(lang) or SOURCE
    cat = catalog(lang)
    entries: dict[str, object] = {}
    if cat is not None:
        shown = {m.id if isinstance(m.id, str) else m.id[0] for m in template()
                 if m.id and any(path.startswith(SHOWN_BY_PAGES) for path, _ in m.locations)}
        shown -= _long_rule_texts()
        for m in cat:
            key = m.id if isinstance(m.id, str) else m.id[0] if m.id else None
            if key in shown and translated(m):
                entries[key] = list(m.string) if isinstance(m.id, (tuple, list)) else m.string
    data = {"lang": lang, "plural": plural_categories(lang), "m": entries}
    body = ("export default " + json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            + ";\n").encode("utf-8")
    return hashlib.sha256(body).hexdigest()[:12], body


def catalog_url(lang: str) -> str:
    digest, _ = page_catalog(lang)
    return f"/i18n/{digest}/{lang}.js"


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
        return {"lang": lang, "catalog_url": catalog_url(lang),
                "languages": [(code, native_name(code)) for code in LANGUAGES]}

    def serve_catalog(digest: str, lang: str):
        from .assets import IMMUTABLE, make_asset, send
        if normal(lang) != lang:
            abort(404)
        now, body = page_catalog(lang)
        asset = _assets.get((now, lang))
        if asset is None:
            asset = _assets[now, lang] = make_asset(f"{lang}.js", body)
        # an older page after a restart with other catalogs: today's, not kept under that URL
        return send(asset, IMMUTABLE if digest == now else "no-cache")

    app.add_url_rule("/i18n/<digest>/<lang>.js", "i18n_catalog", serve_catalog)


_assets: dict = {}          # (digest, lang) -> companion.assets.Asset (body and its gzip)
