"""The all-screens walk (issue 27): what a screen must be at every width, checked in the
page itself, and the walker that runs those checks, and any check another test plugs
in, on every screen a test reaches.

A test reaches a screen (a page in a state, a sheet or a dialog open) and calls
`Walker.visit(page, label, lang)`. The walker then, at each phone width (320, 360 and
390 px, by `set_viewport_size`, no reload) or at the page's own size for the host,
runs `CHECK` in the page and every hook of `HOOKS`; what they find is kept under the
screen's label, and the test asserts none at its end (`Walker.assert_clean`).

`CHECK` fails a screen on:
* the page wider than the screen, or a visible element's box past the screen's edge (or
  past the scroll container it sits in);
* a cut control: a button, link-button, label, summary or select whose content is wider
  than its box, or whose text-overflow ellipsis is cutting its words;
* a word broken mid-word: a run of letters of one text node laid over two lines (a
  break after a hyphen or a slash is a break between words);
* a control under another: the point at its centre belongs to something else, at every
  scroll position where it is inside the screen's free part (between the sticky turn
  card and the fixed bottom bar), or it can never be scrolled out from under them;
* an empty line: a paragraph or list item shown with nothing in it;
* words of another language: on a Hungarian or Russian page, a word that the English
  catalog uses and the page's own catalog never does (names of cards, characters,
  Feats and the players are facts, and exempt).

Screens off the main road come from a table of their own: a scene, `@scene(name,
record, rulesets, modes)` over a function `walk(stage)`, where `record(ruleset, mode)` is
the table's record and the `Stage` opens each seat's phone in its own browser context
(`stage.phone("Ann")`; a page sharing a context goes to the background and draws no
frame), the host (`stage.host()`), moves (`stage.table.move`) and visits (`stage.visit`).
tests/test_browser_screens.py walks every scene of `SCENES` in each ruleset, mode and
language it lists.

A hook is `hook(page, screen) -> list[str]`: `screen` is a `Screen` (its label, its
language, the width it is shown at, and whether it is a phone). Plug one in with
`HOOKS.append(hook)` (or the `on_every_screen` decorator) before the walk. axe-core's
WCAG 2.1 A/AA rules are one, run once a screen and language (tests/accessibility.py).
"""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field
from typing import Callable, NamedTuple

import requests

from accessibility import axe_hook
from browsing import loopback_only

try:
    from playwright.sync_api import expect
except ImportError:   # the browser fixtures skip
    expect = None

PHONE_WIDTHS = (320, 360, 390)
PHONE_HEIGHT = 640
HOST_SIZE = (1280, 800)
LOCALES = {"en": "en-US", "hu": "hu-HU", "ru": "ru-RU"}


def walked_languages() -> list[str]:
    """The languages a walk visits: SCREENS_LANGS, space-separated ("ru", "en hu"), else
    all three. A name it does not know is an error, never a walk of nothing that passes."""
    only = os.environ.get("SCREENS_LANGS", " ".join(LOCALES)).split()
    unknown = [lang for lang in only if lang not in LOCALES]
    if unknown or not only:
        raise ValueError(f"SCREENS_LANGS={os.environ.get('SCREENS_LANGS')!r}: give some of "
                         f"{' '.join(LOCALES)}, separated by spaces")
    return only


class Screen(NamedTuple):
    label: str
    lang: str
    width: int
    phone: bool


# axe-core's WCAG 2.1 A/AA rules, once a screen and language (tests/accessibility.py)
HOOKS: list[Callable] = [axe_hook]


def on_every_screen(hook: Callable) -> Callable:
    """Run `hook(page, screen)` on every screen the walk reaches; it returns problems."""
    HOOKS.append(hook)
    return hook


# --- what the page checks about itself -------------------------------------------------------

CHECK = r"""async (opts) => {
  // what the screen's coming set off has run: two frames at its first width (a new
  // screen); then only what a resize sets off, the bar's ResizeObserver (phone-bar.js
  // writes the bar's height to --bar-h at a frame, the page's padding follows): a frame
  // while that is not done, none when it is
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  if (opts.frames) { await frame(); await frame(); }
  const bar = document.getElementById("thumb-bar");
  for (let k = 0; k < 60 && bar && document.body.style.getPropertyValue("--bar-h") !== `${bar.offsetHeight}px`; k += 1)
    await frame();
  const vw = document.documentElement.clientWidth, vh = window.innerHeight, bad = [];
  const name = (el) => {
    const text = (el.innerText || el.textContent || el.getAttribute("aria-label") || "")
      .trim().replace(/\s+/g, " ").slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}`
      + `${el.classList.length ? "." + [...el.classList].join(".") : ""} "${text}"`;
  };
  // shown: laid out, not hidden, not in a closed <details> (whose content keeps its boxes)
  const seen = (el) => el.getClientRects().length > 0
    && el.checkVisibility({ visibilityProperty: true, opacityProperty: true, contentVisibilityAuto: true })
    && !el.closest("details:not([open]) > :not(summary)");
  const modal = [...document.querySelectorAll("dialog[open]")].find((d) => d.matches(":modal"));
  const scope = modal || document.body;
  const root = document.scrollingElement;
  if (root.scrollWidth > vw + 1) bad.push(`page ${root.scrollWidth} px wide on a ${vw} px screen`);

  // the nearest ancestor that clips or scrolls sideways, or null (the screen)
  const clipper = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if (ox !== "visible") return p;
    }
    return null;
  };
  const all = [...scope.querySelectorAll("*")].filter((el) => !el.closest("svg, script, style, template")
    || el.tagName.toLowerCase() === "svg");
  const shown = all.filter(seen);

  // 1. boxes past the screen or their clipping box
  for (const el of shown) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const c = clipper(el);
    if (c) {
      const b = c.getBoundingClientRect();
      if (getComputedStyle(c).overflowX === "hidden" && (r.right > b.right + 1 || r.left < b.left - 1)
          && !el.matches(".visually-hidden, .visually-hidden *"))
        bad.push(`${name(el)}: ${Math.round(r.left)}..${Math.round(r.right)} cut by ${name(c)} (${Math.round(b.left)}..${Math.round(b.right)})`);
    } else if (r.left < -1 || r.right > vw + 1) {
      if (getComputedStyle(el).position === "fixed" && r.width <= 4) continue;   // the keep-awake video
      bad.push(`${name(el)}: ${Math.round(r.left)}..${Math.round(r.right)} outside the ${vw} px screen`);
    }
  }

  // 2. cut controls
  const CONTROLS = "button, a.button, label, summary, select, .chip, h1, h2, h3, output";
  for (const el of shown) {
    if (!el.matches(CONTROLS) || el.matches(".visually-hidden")) continue;
    const st = getComputedStyle(el);
    if (st.display === "inline") continue;
    if (el.scrollWidth > el.clientWidth + 1)
      bad.push(`${name(el)}: cut, content ${el.scrollWidth} px in a ${el.clientWidth} px box`);
    else if (el.tagName === "SELECT") {
      // the chosen option's text against the select's inner width
      const o = el.options[el.selectedIndex];
      if (o) {
        const probe = document.createElement("span");
        probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
        probe.style.font = st.font;
        probe.textContent = o.text;
        document.body.append(probe);
        const need = probe.getBoundingClientRect().width;
        probe.remove();
        if (el.clientWidth < need + 16) bad.push(`${name(el)}: shows ${el.clientWidth} px of "${o.text}" (${Math.round(need)} px)`);
      }
    }
  }
  for (const el of shown) {
    const st = getComputedStyle(el);
    if (st.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1)
      bad.push(`${name(el)}: its words cut by an ellipsis (${el.scrollWidth} px in ${el.clientWidth})`);
  }

  // 3. words broken mid-word, and 5. words of another language
  const WORD = /[^\s\-\u2010\u2011\u2013\u2014\/·,.;:!?()«»"“”„'’\[\]{}…]+/g;
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const foreign = new Set(opts.foreign || []);
  const alien = new Map();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data;
    if (!text.trim()) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, template, title, [hidden]")) continue;
    if (!seen(parent)) continue;
    range.selectNodeContents(node);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    for (const m of text.matchAll(WORD)) {
      const w = m[0];
      if (foreign.size && foreign.has(w.toLowerCase()) && !alien.has(w)) alien.set(w, parent);
      if (lines.size < 2 || w.length < 2) continue;
      range.setStart(node, m.index);
      range.setEnd(node, m.index + w.length);
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
      if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 2)
        bad.push(`${name(parent)}: "${w}" broken over two lines`);
    }
  }
  for (const [w, el] of alien) bad.push(`${name(el)}: "${w}" is not in the page's language`);
  for (const el of shown) {
    for (const a of ["aria-label", "title", "placeholder"]) {
      const v = el.getAttribute(a);
      if (!v || !foreign.size) continue;
      for (const m of v.matchAll(WORD))
        if (foreign.has(m[0].toLowerCase())) bad.push(`${name(el)}: ${a} "${v}": "${m[0]}" is not in the page's language`);
    }
  }

  // 6. an empty line: a paragraph or list item shown with nothing in it (its sentence
  // left out), which the reader sees as a gap
  for (const el of shown) {
    if (!el.matches("p, li, dt, dd") || el.textContent.trim() || el.querySelector("img, svg, input, select, button, canvas, video")) continue;
    if (el.getBoundingClientRect().height > 2) bad.push(`${name(el)}: an empty line`);
  }

  // 4. controls under another: at each scroll position where the control is in the free band
  const controls = shown.filter((el) => el.matches("button, a[href], input, select, summary, [role=button]")
    && !el.closest("[inert]") && !el.disabled);
  const fixedOf = (el) => {
    // (a modal dialog is fixed itself: what sits in it scrolls with it)
    for (let p = el; p && p !== document.documentElement && p !== modal; p = p.parentElement) {
      const pos = getComputedStyle(p).position;
      if (pos === "fixed" || pos === "sticky") return p;
    }
    return null;
  };
  // each control is tried at the scroll positions (a third of the screen apart) that
  // show its centre, from the one that puts it mid-screen, until one shows it uncovered
  // a modal dialog taller than the screen scrolls itself: its controls are tried at its
  // own scroll positions, its box the free band
  const scroller = modal ? (modal.scrollHeight > modal.clientHeight + 1 ? modal : null) : root;
  const start = scroller ? scroller.scrollTop : 0;
  const maxScroll = scroller ? Math.max(0, scroller.scrollHeight - (scroller === root ? vh : scroller.clientHeight)) : 0;
  const clips = (el) => {
    const out = [];
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const st = getComputedStyle(p);
      if (st.overflowY !== "visible" || st.overflowX !== "visible") out.push(p);
    }
    return out;
  };
  // the screen's free band: below what sticks at the top, above what is fixed at the bottom
  let bandTop = 0, bandBottom = vh;
  for (const el of shown) {
    const st = getComputedStyle(el);
    if (st.position !== "fixed" && st.position !== "sticky") continue;
    const r = el.getBoundingClientRect();
    if (r.width < vw / 2 || r.height < 8) continue;
    if (st.position === "sticky") bandTop = Math.max(bandTop, (parseFloat(st.top) || 0) + r.height);
    else if (r.top > vh / 2) bandBottom = Math.min(bandBottom, r.top);
    else if (r.top <= 0 && r.bottom < vh / 2) bandTop = Math.max(bandTop, r.bottom);
  }
  if (modal) {
    const m = modal.getBoundingClientRect();
    bandTop = m.top + modal.clientTop;
    bandBottom = bandTop + modal.clientHeight;
  }
  const band = Math.max(8, bandBottom - bandTop);
  const todo = new Map();              // scroll position -> controls to try there
  for (const el of controls) {
    const r = el.getClientRects()[0];
    if (!r) continue;
    const f = fixedOf(el);
    const fixed = !!f && getComputedStyle(f).position === "fixed";
    const cy = r.top + r.height / 2 + (fixed ? 0 : start);
    let ys = [start];
    if (scroller && !fixed) {
      // the centre mid-band, then a band's half up and down, as far as the page scrolls
      const mid = cy - (bandTop + bandBottom) / 2;
      ys = [mid];
      for (let k = 1; k <= 3; k += 1) ys.push(mid - k * band / 2, mid + k * band / 2);
      ys = [...new Set(ys.map((y) => Math.round(Math.min(maxScroll, Math.max(0, y)))))];
    }
    for (const y of ys) { if (!todo.has(y)) todo.set(y, []); todo.get(y).push(el); }
  }
  const freed = new Set(), covered = new Map();
  for (const y of [...todo.keys()].sort((a, b) => a - b)) {
    if (scroller) scroller.scrollTop = y;
    for (const el of todo.get(y)) {
      if (freed.has(el)) continue;
      const r = el.getClientRects()[0];
      const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
      if (cy < 0 || cy > vh || cx < 0 || cx > vw) continue;
      if (clips(el).some((p) => {
        const b = p.getBoundingClientRect();
        return cy < b.top || cy > b.bottom || cx < b.left || cx > b.right;
      })) continue;                    // scrolled out of its own box: that box scrolls
      const hit = document.elementFromPoint(cx, cy);
      if (hit && (hit === el || el.contains(hit) || (hit.tagName === "LABEL" && hit.control === el)
          || (el.tagName === "LABEL" && el.control === hit))) { freed.add(el); covered.delete(el); continue; }
      if (!covered.has(el)) covered.set(el, hit);
    }
  }
  if (scroller) scroller.scrollTop = start;
  for (const [el, hit] of covered) {
    if (freed.has(el)) continue;
    bad.push(`${name(el)}: covered by ${hit ? name(hit) : "nothing it can be tapped on"}`);
  }
  return [...new Set(bad)];
}"""


# --- the foreign words: English the page's own catalog never uses ---------------------------

_WORDS = re.compile(r"[A-Za-z]{3,}")
_PLACEHOLDER = re.compile(r"\{[^}]*\}|%\([^)]*\)s|%\w")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORDS.findall(_PLACEHOLDER.sub(" ", text or ""))}


_FOREIGN: dict[str, frozenset[str]] = {}


def foreign_words(lang: str, extra_names=()) -> frozenset[str]:
    """Words an English page says that a page in `lang` should not: every word of the
    English catalog that no translation of `lang` uses, less the names (cards,
    characters, Feats, the seats), which are facts."""
    if lang == "en":
        return frozenset()
    if lang not in _FOREIGN:
        from babel.messages.pofile import read_po
        from companion import i18n
        from engine.rulesets import RULESETS
        with open(i18n.po_path(lang), "rb") as f:
            catalog = read_po(f, locale=lang)
        english, native = set(), set()
        for m in catalog:
            if not m.id:
                continue
            for text in (m.id if isinstance(m.id, (list, tuple)) else [m.id]):
                english |= _words(text)
            for text in (m.string if isinstance(m.string, (list, tuple)) else [m.string]):
                native |= _words(text or "")
        from companion.looks import look_of
        names = set()
        for rules in RULESETS.values():
            for n in [c.name for c in rules.data.cards.rows] + list(rules.data.characters.names()) \
                    + list(look_of(rules).names):          # Legends: its Feats' names
                names |= _words(n)
        # words English and the page share by nature (BANG!, OK), and the record's word
        names |= {"bang", "json"}
        _FOREIGN[lang] = frozenset(english - native - names)
    return _FOREIGN[lang] - {w.lower() for n in extra_names for w in _WORDS.findall(n)}


# --- the walker -----------------------------------------------------------------------------

@dataclass
class Walker:
    """Visits screens: at each width runs CHECK and the hooks, keeps what they find."""
    names: tuple[str, ...] = ()                    # the seats' names: facts in any language
    problems: dict[str, list[str]] = field(default_factory=dict)
    screens: int = 0
    started: float = field(default_factory=time.monotonic)

    def visit(self, page, label: str, lang: str = "en", phone: bool = True,
              widths=PHONE_WIDTHS) -> None:
        opts = {"foreign": sorted(foreign_words(lang, self.names))}
        sizes = [(w, PHONE_HEIGHT) for w in widths] if phone else [HOST_SIZE]
        original = page.viewport_size
        # a page in the background draws no frame: the check's wait for two would take a
        # second or two (give each phone its own context, as each is its own device)
        page.bring_to_front()
        for k, (w, h) in enumerate(sizes):
            if page.viewport_size != {"width": w, "height": h}:
                page.set_viewport_size({"width": w, "height": h})
            screen = Screen(label, lang, w, phone)
            found = list(page.evaluate(CHECK, {**opts, "frames": k == 0}))
            for hook in HOOKS:
                found.extend(hook(page, screen) or ())
            self.screens += 1
            if found:
                self.problems[f"{label} [{lang} {w}px]"] = found
        if original and phone and original["width"] not in widths:
            page.set_viewport_size(original)

    def report(self) -> str:
        return "\n".join(f"{where}:\n  " + "\n  ".join(found)
                         for where, found in self.problems.items())

    def assert_clean(self) -> None:
        assert not self.problems, (f"{len(self.problems)} of {self.screens} screens have "
                                   f"problems:\n" + self.report())


# --- tables and pages the walk opens ---------------------------------------------------------

class Table:
    """A table opened from a record: its host's cookie and socket, each seat's token and
    socket (the moves that lead to a screen), and pages opened on it."""

    def __init__(self, server: str, rec: dict):
        import socketio
        self.server = server
        s = requests.Session()
        r = s.post(server + "/tables/from-record", json=rec, allow_redirects=False, timeout=10)
        assert r.status_code == 303, r.text
        self.path = r.headers["Location"]
        self.id = self.path.rsplit("/", 1)[1]
        self.cookie = {"name": f"host_{self.id}", "value": s.cookies[f"host_{self.id}"],
                       "url": server}
        s.close()
        self.host = socketio.SimpleClient()
        self.host.connect(server, auth={"table": self.id},
                          headers={"Cookie": f"{self.cookie['name']}={self.cookie['value']}"},
                          transports=["websocket"])
        self.tokens, self.seats = {}, {}
        for name in [s["name"] for s in rec["seats"]]:
            ack = self.host.call("reseat", {"seat": name}, timeout=10)
            assert ack["ok"], ack
            r = requests.get(loopback_only(ack["claim_url"]), allow_redirects=False, timeout=10)
            assert r.status_code == 303, r.text
            self.tokens[name] = r.headers["Location"].split("#", 1)[1]
            c = socketio.SimpleClient()
            c.connect(server, auth={"table": self.id, "token": self.tokens[name]},
                      transports=["websocket"])
            self.seats[name] = c

    def move(self, name: str, move: dict) -> None:
        ack = self.seats[name].call("move", move, timeout=10)
        assert ack.get("ok"), (name, move, ack)

    def host_call(self, event: str, payload=None) -> None:
        ack = self.host.call(event, payload or {}, timeout=10)
        assert ack.get("ok"), (event, payload, ack)

    def phone_url(self, name: str) -> str:
        return f"{self.server}/p/{self.id}#{self.tokens[name]}"

    def close(self) -> None:
        for c in [self.host, *self.seats.values()]:
            try:
                c.disconnect()
            except Exception:
                pass


# --- scenes: screens reached from a table of their own ----------------------------------------

@dataclass
class Stage:
    """One table of a scene in one language: its pages, a browser context each (a page
    that shares one with another goes to the background, where it draws no frame), and
    the walker's visit under the scene's tag."""
    server: str
    browser: object
    watch: object                 # browsing.Watch
    walker: Walker
    lang: str
    ruleset: str
    mode: str
    table: Table | None
    pages: dict = field(default_factory=dict)

    @property
    def tag(self) -> str:
        return f"{self.ruleset}/{self.mode}"

    def phone(self, name: str):
        """`name`'s phone page, opened once, on its own context."""
        if name not in self.pages:
            ctx = phone_context(self.browser, self.lang)
            page = self.watch.page(ctx, name)
            page.goto(self.table.phone_url(name))
            expect(page.locator("#game-view")).to_be_visible()
            self.pages[name] = page
        return self.pages[name]

    def host(self):
        if "host" not in self.pages:
            ctx = self.browser.new_context(viewport=dict(zip(("width", "height"), HOST_SIZE)),
                                           locale=LOCALES[self.lang])
            ctx.add_cookies([self.table.cookie])
            page = self.watch.page(ctx, "host")
            page.goto(self.server + self.table.path)
            expect(page.locator(".seat").first).to_be_visible()
            self.pages["host"] = page
        return self.pages["host"]

    def visit(self, page, what: str) -> None:
        self.walker.visit(page, f"{self.tag} {what}", self.lang, phone=page is not self.pages.get("host"))

    def close(self) -> None:
        for page in self.pages.values():
            page.context.close()
        if self.table:
            self.table.close()


class Scene(NamedTuple):
    """Screens reached from a record of their own: `record(ruleset, mode)` makes the
    table, `walk(stage)` reaches the screens and visits them, in each ruleset and mode
    listed (and each language of SCREENS_LANGS)."""
    rulesets: tuple
    modes: tuple
    record: Callable
    walk: Callable


SCENES: dict[str, Scene] = {}


def scene(name: str, record: Callable, rulesets=("base", "legends", "starwars"),
          modes=("referee", "tracker")):
    """Add a scene to the walk, over its walk function:
    `@scene("the draw!s", draws_record, modes=("referee",))`."""
    def add(walk):
        SCENES[name] = Scene(tuple(rulesets), tuple(modes), record, walk)
        return walk
    return add


def phone_context(browser, lang: str):
    return browser.new_context(viewport={"width": 320, "height": PHONE_HEIGHT},
                               locale=LOCALES[lang], is_mobile=True, has_touch=True,
                               device_scale_factor=2)


def open_table(browser, watch, server: str, t, lang: str):
    """Ann's and Bob's phones and the host's laptop at table `t`, in `lang`, each page
    loaded: a context per phone, as each is its own device (a page sharing one with
    another goes to the background, where it draws no frame: the check's two frames and
    a click's "stable" wait took a second each). Returns (phone contexts, ann, bob,
    host context, host)."""
    phones = [phone_context(browser, lang) for _ in range(2)]
    ann, bob = watch.page(phones[0], "Ann"), watch.page(phones[1], "Bob")
    ann.goto(t.phone_url("Ann"))
    bob.goto(t.phone_url("Bob"))
    host_ctx = browser.new_context(viewport=dict(zip(("width", "height"), HOST_SIZE)),
                                   locale=LOCALES[lang])
    host_ctx.add_cookies([t.cookie])
    host = watch.page(host_ctx, "host")
    host.goto(server + t.path)
    for page in (ann, bob):
        expect(page.locator("#game-view")).to_be_visible()
    return phones, ann, bob, host_ctx, host


def open_dialog(page):
    return page.locator("dialog[open]")


def close_dialogs(page) -> None:
    page.evaluate("() => document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
    expect(page.locator("dialog[open]")).to_have_count(0)


def fold(page, open_: bool) -> None:
    """Every <details> of the page opened (or closed)."""
    page.evaluate("(o) => document.querySelectorAll('main details').forEach((d) => { d.open = o; })",
                  open_)


def hold_role(page) -> None:
    page.evaluate("""() => document.getElementById("role-hold").dispatchEvent(
        new PointerEvent("pointerdown", {bubbles: true, button: 0, isPrimary: true}))""")
    expect(page.locator("#role-hold")).to_have_class(re.compile("revealed"))


def let_go(page) -> None:
    page.evaluate("""() => document.getElementById("role-hold").dispatchEvent(
        new PointerEvent("pointerup", {bubbles: true, button: 0, isPrimary: true}))""")
