"""Parts of a table's ruleset: what a player-count game (3 or 8 players) or an event deck
adds to a base ruleset (one in the registry), and a ruleset composed from a base ruleset
and parts when a table is dealt.

A part is a `Part` object (its package under engine/rulesets/ ends with `PART = ...`):

- data: `role_mix` (rows for the player counts it deals: a part with rows is composed
  into a table of that many players by itself, at the deal), `data` (fields of the
  ruleset it replaces, a dict-valued field merged key by key: `sides`, `side_roles`,
  `goals`, `words`...), `codes` (its refusal codes), `moves` (its words of the move
  vocabulary: `Vocabulary.plus`'s keyword arguments), `book` (its rules texts: a
  `rulebook.Book`, `CORE.plus(its section)`);
- rules: `reactions`, `{moment: (handler, ...)}` (engine/moments.py), run after the base
  ruleset's and the earlier parts'; the winner and the rewards and penalties are
  moments too (`WON`, `SETTLE`), so a part replaces them without a branch in the core;
- its fields of the state and of a record: `header_keys`, `deal_extra`, `read_extra`,
  `copy_fields`, `fields_dict`, `expect_keys`/`expect_value`, and what views add
  (`public_fields`, `seat_view`, `phone_extras`), each called after the base ruleset's.

`composed(rules, parts)` is the ruleset a table plays: `rules` itself without parts (a
table without parts pays nothing), else one object per combination, with the parts named
in `parts` (the record header's `"parts"`, engine/dealing.py). The core never names a
part: it reads the composed ruleset as it reads any other.
"""
from __future__ import annotations

from functools import reduce
from types import MappingProxyType
from typing import Mapping

from .moments import joined


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


def _merged(rules, parts) -> dict:
    """The data fields the parts replace, a dict-valued one merged key by key."""
    out: dict = {}
    for part in parts:
        for key, value in part.data.items():
            old = out.get(key, getattr(rules, key))
            out[key] = {**old, **value} if isinstance(old, Mapping) else value
    return out


def composed(rules, parts: tuple) -> object:
    """The ruleset `rules` with `parts` (Part objects, in order): `rules` itself when there
    are none. A new object each call: engine/rulesets' `compose` keeps one per combination."""
    if not parts:
        return rules
    base = type(rules)
    attrs: dict = dict(_merged(rules, parts))
    attrs.update(
        parts=tuple(p.name for p in parts),
        role_mix=MappingProxyType(reduce(lambda mix, p: {**mix, **p.role_mix}, parts,
                                         dict(rules.role_mix))),
        reactions=MappingProxyType(joined(rules.reactions, *(p.reactions for p in parts))),
        codes={**rules.codes, **{k: v for p in parts for k, v in p.codes.items()}},
        vocab=reduce(lambda v, p: v.plus(**p.moves) if p.moves else v, parts, rules.vocab),
        book=reduce(lambda b, p: b.join(p.book) if p.book is not None else b, parts,
                    rules.book),
        header_keys=rules.header_keys + tuple(k for p in parts for k in p.header_keys),
        expect_keys=rules.expect_keys + tuple(k for p in parts for k in p.expect_keys),
    )

    def deal_extra(self, header, rng):
        base.deal_extra(self, header, rng)
        for p in parts:
            p.deal_extra(header, rng, self)

    def read_extra(self, record, state, need):
        base.read_extra(self, record, state, need)
        for p in parts:
            p.read_extra(record, state, need)

    def copy_fields(self, new):
        base.copy_fields(self, new)
        for p in parts:
            p.copy_fields(new)

    def fields_dict(self, state):
        out = base.fields_dict(self, state)
        for p in parts:
            out.update(p.fields_dict(state))
        return out

    def expect_value(self, state, key):
        for p in parts:
            if key in p.expect_keys:
                return p.expect_value(state, key)
        return base.expect_value(self, state, key)

    def public_fields(self, state):
        out = base.public_fields(self, state)
        for p in parts:
            out.update(p.public_fields(state))
        return out

    def seat_view(self, state, i):
        out = base.seat_view(self, state, i)
        for p in parts:
            out.update(p.seat_view(state, i))
        return out

    def phone_extras(self, state, seat):
        out = base.phone_extras(self, state, seat)
        for p in parts:
            out.update(p.phone_extras(state, seat))
        return out

    attrs.update(deal_extra=deal_extra, read_extra=read_extra, copy_fields=copy_fields,
                 fields_dict=fields_dict, expect_value=expect_value,
                 public_fields=public_fields, seat_view=seat_view, phone_extras=phone_extras)
    name = "+".join((base.__name__, *attrs["parts"]))
    return type(name, (base,), attrs)()
