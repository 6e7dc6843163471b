""""You" is declared where a message is made (engine/say.py: `you`): every msg() and
plural() of the engine and the companion whose template names a seat says how it reads on
that seat's own phone, each form keeps the template's placeholders less the argument it
replaces, one template reads the same wherever it is made, and each form is translated
in every language. Found by reading the source (an AST scan), so a new message that
names a seat and forgets its second person fails here, whoever calls it."""
from __future__ import annotations

import ast
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion import i18n
from engine import PARTS_BY_NAME, all_views, apply, deal, initial_state
from engine.errors import Refusal
from engine.playout import NAMES, candidates
from engine.say import KEY, YOU, N_, msg

from you_forms import fields, form_problems

ROOT = Path(__file__).resolve().parent.parent
# the arguments that carry a seat's name (what a `you` form may replace)
SEAT_ARGS = {"seat", "target", "shooter", "source", "other", "waiting", "seats"}
SOURCES = ("engine", "companion")


@dataclass
class Site:
    where: str
    template: str
    plural: str | None = None
    you: dict | None = None              # None: no `you`; {}: never said to a seat
    problems: list[str] = field(default_factory=list)


def _text(node) -> str | None:
    """A literal string, or one marked N_("...") (a template written msg(N_("..."), ...))."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_"
            and len(node.args) == 1):
        node = node.args[0]
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _form(node) -> str | tuple[str, str] | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        texts = [_text(a) for a in node.args]
        if node.func.id == "N_" and len(texts) == 1 and texts[0] is not None:
            return texts[0]
        if node.func.id == "N_plural" and len(texts) == 2 and None not in texts:
            return texts[0], texts[1]
    return None


def scan(source: str, where: str) -> list[Site]:
    """Every message a module's source makes with a literal template: msg(), plural(),
    and a bare N_() template that names a seat (a table's words, filled elsewhere)."""
    tree = ast.parse(source)
    inside_you = set()          # N_() nodes that are a `you` form, or msg(N_("..."))'s template
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for k in node.keywords:
                if k.arg == "you":
                    inside_you.update(id(n) for n in ast.walk(k.value))
            if isinstance(node.func, ast.Name) and node.func.id in ("msg", "plural"):
                inside_you.update(id(a) for a in node.args[:2] if isinstance(a, ast.Call))
    sites = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("msg", "plural", "N_") and node.args):
            continue
        template = _text(node.args[0])
        if template is None or id(node) in inside_you:
            continue
        if node.func.id == "N_" and not fields(template) & SEAT_ARGS:
            continue
        site = Site(f"{where}:{node.lineno}", template)
        if node.func.id == "plural" and len(node.args) > 1:
            site.plural = _text(node.args[1])
        you = next((k.value for k in node.keywords if k.arg == "you"), None)
        if isinstance(you, ast.Dict):
            site.you = {}
            for k, v in zip(you.keys, you.values):
                arg, form = _text(k), _form(v)
                if arg is None or form is None:
                    site.problems.append("a `you` form is a literal N_(...) or N_plural(...) "
                                         "under a literal argument name")
                else:
                    site.you[arg] = form
        elif you is not None:
            site.problems.append("`you` is written out at the call, as a dict literal")
        sites.append(site)
    return sites


def problems(site: Site) -> list[str]:
    out = [f"{site.where}: {p}" for p in site.problems]
    named = fields(site.template) & SEAT_ARGS
    if named and site.you is None:
        out.append(f"{site.where}: {site.template!r} names {sorted(named)} but says no `you` "
                   "(its second person; `you={}` if it is never said to that seat)")
    return out + form_problems(site.where, site.you, site.template, site.plural,
                              site.plural is not None,
                              "a plural has an N_plural form, and only a plural")


def every_site() -> list[Site]:
    sites = []
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            sites += scan(path.read_text(encoding="utf-8"), rel)
    return sites


SITES = every_site()


def test_every_message_naming_a_seat_declares_its_second_person():
    found = [p for site in SITES for p in problems(site)]
    assert not found, "\n".join(found)
    assert sum(1 for s in SITES if s.you) >= 100        # the scan sees the declarations


def test_the_check_fails_on_a_message_without_its_second_person():
    made_up = '''
def f(ctx, i):
    ctx.say("x", msg("{seat} juggles {card}.", seat=ctx.name(i), card=1))
    ctx.say("x", msg("{seat} sings.", seat="Ann", you={"seat": N_("You sing.")}))
    ctx.say("x", msg("{target} hums.", target="Ann", you={"target": N_("{target} hums.")}))
    ctx.say("x", plural("{seat} has {n} hat.", "{seat} has {n} hats.", 2, seat="A",
                        you={"seat": N_("You have {n} hat.")}))
    ctx.say("x", msg("No {seat} here.", seat="Zed", you={}))
WORDS = {"dying": N_("{seat} is dying."),
         "hums": msg(N_("{seat} hums."), you={"seat": N_("You hum.")})}
'''
    found = [p for site in scan(made_up, "made_up.py") for p in problems(site)]
    assert len(found) == 4, found
    assert any(":3" in p and "juggles" in p for p in found)
    assert any(":5" in p and "placeholders" in p for p in found)
    assert any(":6" in p and "N_plural" in p for p in found)
    assert any(":9" in p and "is dying" in p for p in found)


def test_one_template_reads_the_same_wherever_it_is_made():
    """The hub words equal messages once per change (i18n.Wording), leaving `$you` out of
    what it compares: a template's `you` is the same at each of its call sites."""
    seen: dict[str, tuple[str, dict]] = {}
    differ = []
    for site in SITES:
        if not site.you:
            continue
        if site.template in seen and seen[site.template][1] != site.you:
            differ.append(f"{site.where} and {seen[site.template][0]}: {site.template!r}")
        seen.setdefault(site.template, (site.where, site.you))
    assert not differ, "\n".join(differ)


@pytest.mark.parametrize("lang", ["hu", "ru"])
def test_every_second_person_form_is_translated(lang):
    tr = i18n.translations(lang)
    untranslated = []
    for site in SITES:
        for form in (site.you or {}).values():
            said = tr.ngettext(*form, 5) if isinstance(form, tuple) else tr.gettext(form)
            if said in ((form,) if isinstance(form, str) else form):
                untranslated.append(f"{site.where}: {form!r}")
    assert not untranslated, "\n".join(untranslated)


# Played, not read: the scan above knows a seat by its argument's name (SEAT_ARGS); a
# message could name one through another ({name}, {first}...) or be made from a template
# the scan cannot read (a table's words). Random playouts of every ruleset and part say
# their messages (events, refusals, views), and each argument that is, exactly, a seat's
# name at the table must have its `you`, unless its template's call site declares the ones
# it has (`you={}`: said to no seat; "It is {seat}'s turn, not {other}'s." is said to {other}).
PLAYED = [("base", [], None), ("legends", [], None), ("starwars", [], None),
          ("base", ["event_decks"], None), ("base", ["three_players"], 3),
          ("base", ["eight_players"], 8)]


def unaddressed(message, names: set[str], found: set) -> None:
    """Add (template, argument) to `found` for each argument of `message` (nested ones
    too) that is a seat's name and has no `you` form."""
    if isinstance(message, dict):
        if isinstance(message.get(KEY), str):
            you = message.get(YOU) or {}
            found.update((message[KEY], k) for k, v in message.items()
                         if type(v) is str and v in names and k not in you and k[0] != "$")
        for v in message.values():
            unaddressed(v, names, found)
    elif isinstance(message, list):
        for v in message:
            unaddressed(v, names, found)


def played_problems(found: set) -> list[str]:
    declared = {s.template for s in SITES if s.you is not None}
    return [f"{template!r}: {{{arg}}} was a seat's name, and the message has no `you` for it"
            for template, arg in sorted(found) if template not in declared]


def test_every_message_a_playout_says_about_a_seat_has_its_second_person():
    found: set = set()
    parts_seen = set()
    for ruleset, parts, players in PLAYED:
        for seed in range(2):
            rng = random.Random(seed)
            n = players or rng.randint(4, 7)
            header = deal(NAMES[:n], seed=seed, ruleset=ruleset, parts=parts)
            parts_seen.update(header.get("parts", []))
            state = initial_state(header)
            names, moves = set(NAMES[:n]), 0
            while state.winner is None and moves < 3000:
                for move in candidates(rng, state):
                    try:
                        state, events = apply(state, move)
                    except Refusal as r:
                        unaddressed(r.say, names, found)
                        continue
                    unaddressed(events, names, found)
                    if moves % 40 == 0:
                        unaddressed(all_views(state), names, found)
                    moves += 1
                    break
                else:
                    break
    assert parts_seen >= set(PARTS_BY_NAME), "a part no playout here plays"
    problems_ = played_problems(found)
    assert not problems_, "\n".join(problems_)


def test_the_played_check_fails_on_a_seat_named_without_its_second_person():
    found: set = set()
    said = [{"type": "note", "text": msg("{name} waves at {seat}.", name="Ann", seat="Bob",
                                         you={"seat": N_("{name} waves at you.")})},
            msg("Say which effect goes first: with the {card} first, {seat} answers it before "
                "the Destiny effect; with the Destiny effect first, {seat} answers after it.",
                card="x", seat="Ann"),                      # its call site says you={}
            msg("{seat} hums.", seat="Annie")]              # not a seat's name
    unaddressed(said, {"Ann", "Bob"}, found)
    assert played_problems(found) == ["'{name} waves at {seat}.': {name} was a seat's name, "
                                      "and the message has no `you` for it"]
