"""Parts of a table's ruleset: what a player-count game (3 or 8 players) or an event deck
adds to a base ruleset (one in the registry), and a ruleset composed from a base ruleset
and parts when a table is dealt.

A part is a `Part` object (its package under engine/rulesets/ ends with `PART = ...`):

- data: `role_mix` (rows for the player counts it deals: a part with rows is composed
  into a table of that many players by itself, at the deal), `data` (fields of the
  ruleset's data it replaces, `rulesets.base.Data`: a dict-valued field merged key by
  key: `sides`, `side_roles`, `goals`, `words`...), `codes` (its refusal codes), `moves` (its words of the move
  vocabulary: `Vocabulary.plus`'s keyword arguments), `book` (its rules texts: a
  `rulebook.Book`, `CORE.plus(its section)`), `actions` (its own move kinds, kinds of
  card and abilities: an `Actions`, as a ruleset's);
- rules: `reactions`, `{moment: (handler, ...)}` (engine/moments.py), run after the base
  ruleset's and the earlier parts'; the winner and the rewards and penalties are
  moments too (`WON`, `SETTLE`), so a part replaces them without a branch in the core;
- its fields of the state and of a record: `header_keys`, `deal_extra`, `read_extra`,
  `copy_fields`, `fields_dict`, `expect_keys`/`expect_value`, and what views add
  (`public_fields`, `seat_view`, `phone_extras`, `answer_moves`), each called after the
  base ruleset's;
- its random moves for the tests' random games (`random_moves`), after the base
  ruleset's.

`composed(rules, parts)` is the ruleset a table plays: `rules` itself without parts (a
table without parts pays nothing), else one object per combination, with the parts named
in `parts` (the record header's `"parts"`, engine/dealing.py). The core never names a
part: it reads the composed ruleset as it reads any other.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import reduce
from types import MappingProxyType
from typing import Mapping

from .moments import joined


@dataclass(frozen=True)
class Actions:
    """A ruleset's own moves and kinds of card, beside the core's: move kinds
    {action: fn(ctx, move, seat)} in referee and tracker mode, the host's own moves
    {action: fn(ctx, move)}, kinds of card {kind: fn(ctx, i, card, j, move)}, abilities
    {key of an "ability" move: fn(ctx, m, i, value)}."""
    referee: Mapping = field(default_factory=dict)
    tracker: Mapping = field(default_factory=dict)
    host: Mapping = field(default_factory=dict)
    plays: Mapping = field(default_factory=dict)
    abilities: Mapping = field(default_factory=dict)


class Part:
    """What a part adds to a ruleset; every default adds nothing."""
    name = ""                       # its word in a record header's "parts"
    title = ""                      # what the host screen and the lobby call it (N_ words)
    rulesets: tuple[str, ...] = ()  # the base rulesets it goes with (none named: any)
    role_mix: Mapping[int, tuple[str, ...]] = MappingProxyType({})
    data: Mapping[str, object] = MappingProxyType({})
    codes: Mapping[str, str] = MappingProxyType({})
    moves: Mapping[str, dict] = MappingProxyType({})
    book = None                     # a rulebook.Book with its own section, or None
    reactions: Mapping[str, tuple] = MappingProxyType({})
    actions: Actions = Actions()    # its own moves, kinds of card, abilities
    header_keys: tuple[str, ...] = ()
    expect_keys: tuple[str, ...] = ()

    def goes_with(self, ruleset: str) -> bool:
        """Whether this part may be composed with the base ruleset of that name."""
        return not self.rulesets or ruleset in self.rulesets

    # -- its fields of the state and of a record (each after the base ruleset's) --------
    def deal_extra(self, header: dict, rng, rules) -> None:
        """What a new game's header holds for this part (`rules`: the composed ruleset)."""

    def read_extra(self, record: dict, state, need) -> None:
        """Read its header keys into its own fields of the state."""

    def copy_fields(self, new) -> None:
        """Give a copied State its own mutable fields of this part."""

    def fields_dict(self, state) -> dict:
        """Its fields of the state, for State.to_dict (records and tests)."""
        return {}

    def expect_value(self, state, key: str):
        """What a record's expectation `key` (one of `expect_keys`) is checked against."""
        raise KeyError(key)

    # -- what views add ------------------------------------------------------------------
    def public_fields(self, state) -> dict:
        return {}

    def seat_view(self, state, i: int) -> dict:
        return {}

    def phone_extras(self, state, seat: str) -> dict:
        return {}

    def answer_moves(self, state, i: int, ask) -> list:
        """Answers to `ask` that are moves of its own: [(move keys besides "by", label)]."""
        return []

    # -- its random moves ----------------------------------------------------------------
    def random_moves(self, rng, state, by: str, phase: str) -> list[dict]:
        """Moves of its own for the random games (`Playouts.moves`' phases)."""
        return []


def _data(data, parts: tuple):
    """The ruleset's data with the parts' fields (a dict-valued field merged key by key)
    and their rows of the role mix."""
    out: dict = {}
    for part in parts:
        for key, value in part.data.items():
            old = out.get(key, getattr(data, key))
            out[key] = {**old, **value} if isinstance(old, Mapping) else value
    mix = dict(out.get("role_mix", data.role_mix))
    for part in parts:
        mix.update(part.role_mix)
    return replace(data, **{**out, "role_mix": MappingProxyType(mix)})


class _Records:
    """The records part of a composed ruleset: the base ruleset's, then each part's."""

    def __init__(self, base, parts: tuple) -> None:
        self.base, self.parts = base, parts
        self.header_keys = base.header_keys + tuple(k for p in parts for k in p.header_keys)
        self.expect_keys = base.expect_keys + tuple(k for p in parts for k in p.expect_keys)
        self.seat_fields, self.counts = base.seat_fields, base.counts

    def read_character(self, rules, d, where, need):
        return self.base.read_character(rules, d, where, need)

    def dealt_character(self, rules, value):
        return self.base.dealt_character(rules, value)

    def read_seat(self, d, where, need):
        return self.base.read_seat(d, where, need)

    def deal_extra(self, header, rng, rules):
        self.base.deal_extra(header, rng, rules)
        for p in self.parts:
            p.deal_extra(header, rng, rules)

    def read_extra(self, record, state, need):
        self.base.read_extra(record, state, need)
        for p in self.parts:
            p.read_extra(record, state, need)

    def copy_fields(self, new):
        self.base.copy_fields(new)
        for p in self.parts:
            p.copy_fields(new)

    def fields_dict(self, state):
        out = self.base.fields_dict(state)
        for p in self.parts:
            out.update(p.fields_dict(state))
        return out

    def expect_value(self, state, key):
        for p in self.parts:
            if key in p.expect_keys:
                return p.expect_value(state, key)
        return self.base.expect_value(state, key)


class _Views:
    """The views part of a composed ruleset: the base ruleset's fields, then each part's."""

    def __init__(self, base, parts: tuple) -> None:
        self.base, self.parts = base, parts

    def seat_view(self, state, i):
        out = self.base.seat_view(state, i)
        for p in self.parts:
            out.update(p.seat_view(state, i))
        return out

    def public_fields(self, state):
        out = self.base.public_fields(state)
        for p in self.parts:
            out.update(p.public_fields(state))
        return out

    def phone_extras(self, state, seat):
        out = self.base.phone_extras(state, seat)
        for p in self.parts:
            out.update(p.phone_extras(state, seat))
        return out

    def answer_moves(self, state, i, ask):
        out = self.base.answer_moves(state, i, ask)
        for p in self.parts:
            out = out + p.answer_moves(state, i, ask)
        return out

    def card_info(self, card):
        return self.base.card_info(card)


class _Playouts:
    """The random moves of a composed ruleset: the base ruleset's, with each part's own
    moves added."""

    def __init__(self, base, parts: tuple) -> None:
        self.base, self.parts = base, parts
        self.check, self.answers = base.check, base.answers
        self.answer, self.decorate = base.answer, base.decorate

    def moves(self, rng, state, by, phase):
        out = self.base.moves(rng, state, by, phase)
        for p in self.parts:
            out = out + p.random_moves(rng, state, by, phase)
        return out


def _actions(actions, parts: tuple):
    """The base ruleset's own moves, kinds of card and abilities, with the parts' added."""
    return replace(actions, **{f.name: {**getattr(actions, f.name),
                                        **{k: v for p in parts
                                           for k, v in getattr(p.actions, f.name).items()}}
                               for f in fields(actions)})


def composed(rules, parts: tuple) -> object:
    """The ruleset `rules` with `parts` (Part objects, in order): `rules` itself when there
    are none. A new object each call: engine/start.py's `compose` keeps one per
    combination."""
    if not parts:
        return rules
    base = type(rules)
    attrs = dict(
        parts=tuple(p.name for p in parts),
        data=_data(rules.data, parts),
        reactions=MappingProxyType(joined(rules.reactions, *(p.reactions for p in parts))),
        actions=_actions(rules.actions, parts),
        codes={**rules.codes, **{k: v for p in parts for k, v in p.codes.items()}},
        vocab=reduce(lambda v, p: v.plus(**p.moves) if p.moves else v, parts, rules.vocab),
        book=reduce(lambda b, p: b.join(p.book) if p.book is not None else b, parts,
                    rules.book),
        records=_Records(rules.records, parts),
        views=_Views(rules.views, parts),
        playouts=_Playouts(rules.playouts, parts),
    )
    name = "+".join((base.__name__, *attrs["parts"]))
    return type(name, (base,), attrs)()
