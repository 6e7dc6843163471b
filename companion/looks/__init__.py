"""How each ruleset looks on the pages: presentation, which the rules engine does not hold.

A ruleset's look is a `Look` value in its own module here (companion/looks/<name>.py,
keyed by the ruleset's name in LOOKS): the lobby's one-line hint, the page parts only its
tables include, its theme and stylesheet, each role's mark (told apart without colour), a
short hint per blue card for the phone's in-play picker, and the names its pages show from
data besides its cards and characters. `page_data(rules)` joins it to what the engine's
ruleset holds (its words, roles, cards, features) for a page; `page_words(rules)` is only
what differs from the base game (the page's JSON). A ruleset with no look of its own here
looks like the base game.
"""
from __future__ import annotations

from engine import rules_of
from engine.cards import COLT_RANGE

from . import base, legends, starwars
from .look import Look

LOOKS: dict[str, Look] = {"base": base.LOOK, "legends": legends.LOOK,
                          "starwars": starwars.LOOK}


def look_of(rules) -> Look:
    """The look of a ruleset (an engine Ruleset, or its name)."""
    name = rules if isinstance(rules, str) else rules.name
    return LOOKS.get(name, base.LOOK)


def page_data(rules) -> dict:
    """The words (not the engine's sentence patterns), each role's name and mark, the card
    of each kind, the blue cards for the in-play picker, the winning roles of each side,
    the leader's role, the features and the theme."""
    look = look_of(rules)
    names = rules.data.words.get("roles") or {r: r.replace("_", " ").title() for r in rules.data.roles}
    kinds: dict = {}
    for c in rules.data.cards.rows:
        kinds.setdefault(c.kind, c.name)
    blue = [{"name": c.name, "kind": c.kind, "range": c.range, "entered": c.entered_range,
             "hint": look.blue_hints.get(c.name, "")}
            for c in rules.data.cards.rows if c.colour == "blue"]
    plain = {k: v for k, v in rules.data.words.items() if isinstance(v, str) and "{" not in v}
    return {**plain, "roles": dict(names), "leader_role": rules.data.leader,
            "role_info": {r: {"label": names.get(r, r), "mark": look.role_marks.get(r, "•")}
                          for r in rules.data.roles},
            "kinds": kinds, "blue": blue, "default_range": COLT_RANGE,
            "features": dict(rules.data.features), "theme": look.theme}


def page_words(rules) -> dict:
    """What a page of this ruleset's table reads besides its template (static/js/
    ruleset.js): only what differs from the base game, whose words the pages know."""
    mine, plain = page_data(rules), page_data(rules_of("base"))
    return {k: v for k, v in mine.items() if plain.get(k) != v}


__all__ = ["LOOKS", "Look", "look_of", "page_data", "page_words"]
