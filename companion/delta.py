"""What changed between two snapshots, as a small patch (docs/protocol.md).

A phone that holds the snapshot of `seq` M receives `{"seq": N, "base": M, "patch": P}`
and rebuilds the snapshot of N by applying P to its copy. static/js/delta.js is the
same code in JavaScript; tests check that both give back the full snapshot exactly.

A patch has the shape of what it changes, so a path is written once however many
changes lie under it:

    [value]        the value here becomes `value` (a new key goes at the dict's end)
    []             the key here goes away
    [k, items]     the list here loses its first k items and gains `items` at its end
                   (the log slides this way)
    {key: patch}   change inside: a dict's keys, or a list's indexes written "0", "1"…

    {"view": {"seats": {"1": {"life": [2]}}}, "log": [1, [{"text": "Bob: -1 life"}]]}

Only values that JSON holds go through here (dicts with string keys, lists, strings,
numbers, true/false/null); `true` and `1` are different values, as they are in
JavaScript. Key order is kept: where a dict's keys would end in another order than the
new snapshot's, the whole dict is sent.

The hub works the patch out on the snapshot before its messages are worded (once for
all of a seat's languages) and then words only the patch, as it would any part of a
snapshot: so `diff` never patches inside a message (a dict with the "$t" key), it
replaces it whole, and no patch holds a part of a message.

`seq` travels beside the patch, never in it; presence (who is connected) is not part
of what is compared either: it changes without a new `seq`, and travels whole as
`presence` beside the patch (`compose` puts it back).
"""
from __future__ import annotations

import copy

from engine.say import KEY


def same(a, b) -> bool:
    """Equal as JSON values: `True` is not `1`, `1.0` is not `1` (their text differs)."""
    ta = type(a)
    if ta is not type(b):
        return False
    if ta is dict:
        return (len(a) == len(b) and list(a) == list(b)
                and all(same(v, b[k]) for k, v in a.items()))
    if ta is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def diff(old, new, strict: bool = True, memo: dict | None = None):
    """The patch that turns `old` into `new` (both plain JSON values); None: no change.

    `strict=False` compares with Python's `==` (C speed, but `True == 1 == 1.0`): the
    hub uses it; the tests check that the patch, applied to the JSON the hub sent, gives
    the new snapshot's JSON (Hub `check`), which no real snapshot has failed.

    `memo` (a dict, one per change): the patches of pairs of lists and dicts already
    compared, by identity. The seats' snapshots of one change share their public part
    (engine.all_views) and so did those of the change before: it is compared once for
    all the seats. It holds what it compared, so that no id is reused while it lives."""
    return _diff(old, new, same if strict else _eq, memo)


def _eq(a, b) -> bool:
    return a == b


def _diff(old, new, eq, memo=None):
    t = type(new)
    if t is not type(old):
        return [new]
    if t is dict:
        if KEY in new or KEY in old:         # a message: replaced whole (see the top)
            return None if eq(old, new) else [new]
        return _diff_dict(old, new, eq, memo)
    if t is list:
        return _diff_list(old, new, eq, memo)
    return None if old == new else [new]


def _part(old, new, eq, memo):
    """The patch of one value inside a dict or a list (None: unchanged)."""
    t = type(new)
    if old is new and (t is dict or t is list):
        return None                          # a part kept as it was (equal either way)
    if memo is not None and (t is dict or t is list):
        key = (id(old), id(new))
        hit = memo.get(key)
        if hit is None:
            if (old == new) if eq is _eq else eq(old, new):
                patch = None
            elif type(old) is not t or (t is dict and (KEY in new or KEY in old)):
                patch = [new]                # another kind, or a message: whole
            else:
                patch = (_diff_dict if t is dict else _diff_list)(old, new, eq, memo)
            hit = memo[key] = (old, new, patch)
        return hit[2]
    return None if eq(old, new) else _diff(old, new, eq, memo)


def _diff_dict(old: dict, new: dict, eq, memo=None):
    if list(old) != list(new):
        added = [k for k in new if k not in old]
        if [k for k in old if k in new] + added != list(new):
            return [new]                     # the keys would end in another order
    out: dict = {}
    for k in old:
        if k not in new:
            out[k] = []
    loose = eq is _eq
    for k, v in new.items():
        if k in old:
            was = old[k]
            if was is v:                     # kept as it was (engine.all_views)
                continue
            tv = type(v)
            if loose and tv is not dict and tv is not list:
                if not was == v:             # a plain value: what _part would say
                    out[k] = [v]
                continue
            sub = _part(was, v, eq, memo)
            if sub is not None:
                out[k] = sub
        else:
            out[k] = [v]
    return out or None


def _diff_list(old: list, new: list, eq, memo=None):
    n, m = len(old), len(new)
    loose = eq is _eq
    if n == m and (old == new if loose else eq(old, new)):
        return None
    # a window that slid: old without its first k items is the start of new (new's
    # first item is old's k-th; k = 0 when as long: compared just above)
    first = new[0] if m else None
    for k in range(max(1 if n == m else 0, n - m), n):
        if loose:
            if old[k] == first and old[k:] == new[:n - k]:
                return [k, new[n - k:]]
        elif eq(old[k], first) and eq(old[k:], new[:n - k]):
            return [k, new[n - k:]]
    if n == m:
        out = {}
        for i, (x, y) in enumerate(zip(old, new)):
            if x is y:                       # kept as it was
                continue
            sub = _part(x, y, eq, memo)
            if sub is not None:
                out[str(i)] = sub
        return out
    return [new]


def diff_built(old: dict, new: dict, old_bases: dict, new_bases: dict, memo: dict):
    """What `diff(old, new, strict=False, memo=memo)` gives, for two dicts some of whose
    values were built on a part many such dicts share: `new[k]` is
    `{**base, own: new[k][own]}` for each `k: (base, own)` of `new_bases` (and `old[k]`
    so with `old_bases`). A seat's snapshot is such a dict: its table facts are the
    change's, with its own `you`; its view the phones' public part, with its own `me`.
    The patch of a base is then worked out once per change for every seat (`memo`),
    not once per seat, and a seat whose own parts did not change gets the very patch
    object of every other such seat (which the hub words once)."""
    if list(old) != list(new):
        return _diff(old, new, _eq, memo)
    out: dict = {}
    for k, v in new.items():
        was = old[k]
        if was is v:
            continue
        built = new_bases.get(k)
        before = old_bases.get(k)
        if built is None or before is None or built[1] != before[1]:
            sub = _part(was, v, _eq, memo)
        else:
            own = built[1]
            key = ("base", id(before[0]), id(built[0]))
            hit = memo.get(key)
            if hit is None:
                hit = memo[key] = (before[0], built[0], _part(before[0], built[0], _eq, memo),
                                   list(before[0]) == list(built[0]))
            base = hit[2]
            if not hit[3] or type(base) is list or (base and own in base):
                sub = _part(was, v, _eq, memo)     # keys added or in another order, or
            else:                                  # replaced: as diff() has it
                mine = _part(was[own], v[own], _eq, None)   # a seat's own: not shared
                if mine is None:
                    sub = base
                else:
                    sub = dict(base) if base else {}
                    sub[own] = mine
        if sub is not None:
            out[k] = sub
    if not out:
        return None
    key = ("built", *[(k, id(p)) for k, p in out.items()])
    hit = memo.get(key)                 # the same parts: the same patch object
    if hit is None:
        hit = memo[key] = (list(out.values()), out)
    return hit[1]


def apply(doc, patch):
    """`doc` after `patch` (a changed deep copy; `doc` itself is left as it was)."""
    return apply_in_place(copy.deepcopy(doc), patch)


def apply_in_place(doc, patch):
    """`doc` after `patch`, changing `doc` itself (and sharing the patch's values)."""
    return _apply(doc, patch)


def _apply(doc, patch):
    if patch is None:
        return doc
    if isinstance(patch, list):
        if len(patch) == 1:
            return copy.deepcopy(patch[0])
        del doc[:patch[0]]                   # [k, items]: a slide
        doc.extend(copy.deepcopy(patch[1]))
        return doc
    for key, sub in patch.items():
        if isinstance(doc, list):
            i = int(key)
            doc[i] = _apply(doc[i], sub)
        elif sub == []:
            del doc[key]
        elif key in doc:
            doc[key] = _apply(doc[key], sub)
        else:
            doc[key] = copy.deepcopy(sub[0])
    return doc


# -- presence: who is connected, kept out of what the patches compare ---------------------
def strip(snapshot: dict) -> tuple[dict, dict]:
    """(the snapshot without its presence fields, the presence {name: connected})."""
    core = dict(snapshot)
    table = dict(core.get("table") or {})
    presence = table.pop("seats_connected", {})
    if "lobby" in table:
        table["lobby"] = [{k: v for k, v in e.items() if k != "connected"}
                          for e in table["lobby"]]
    core["table"] = table
    return core, presence


def compose(core: dict, presence: dict) -> dict:
    """The full snapshot: `core` with the presence put back (the inverse of `strip`)."""
    snap = dict(core)
    table = dict(snap.get("table") or {})
    if "lobby" in table:
        table["lobby"] = [dict(e, connected=bool(presence.get(e.get("name"))))
                          for e in table["lobby"]]
    table["seats_connected"] = dict(presence)
    snap["table"] = table
    return snap


class Follower:
    """What a page does with the `snapshot` messages it receives (static/js/connection.js
    does the same): keeps the newest snapshot, applies patches whose `base` is the `seq`
    it holds, and says when it needs a full snapshot (a gap: a patch for another base).

        f = Follower()
        snap = f.receive(message)    # the full snapshot now held, or None (nothing new)
        if f.lost: socket.emit("resync", {})
    """

    def __init__(self) -> None:
        self.core: dict | None = None
        self.presence: dict = {}
        self.seq: float = float("-inf")
        self.lost = False

    def reset(self) -> None:
        """A new connection: the server sends a full snapshot first."""
        self.__init__()

    def receive(self, packet: dict) -> dict | None:
        if not isinstance(packet, dict):
            return None
        if "patch" in packet:
            if self.core is None or packet.get("base") != self.seq:
                self.lost = True
                return None
            core = apply(self.core, packet["patch"])
            core.pop("seq", None)
            self.core = {"seq": packet["seq"], **core}    # seq first, as in a full one
            self.seq = packet["seq"]
        elif "table" not in packet:                 # presence alone
            if "presence" not in packet:
                return None
        else:
            seq = packet.get("seq", self.seq)
            if seq < self.seq:
                return None
            self.core, self.presence = strip(copy.deepcopy(packet))
            self.seq = seq
            self.lost = False
        if "presence" in packet and "table" not in packet:
            self.presence = packet["presence"]
        return self.snapshot()

    def snapshot(self) -> dict | None:
        return None if self.core is None else compose(self.core, self.presence)
