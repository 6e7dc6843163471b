"""static/js/delta.js, the page's side of the patches, in a real Chromium: it must rebuild
exactly what companion/delta.py rebuilds, on random JSON and on the messages of whole
random games (with reconnects), and notice a lost patch.
"""
from __future__ import annotations

import json
import random

import pytest

from companion import delta

from helpers import Pair, text

pytestmark = pytest.mark.browser


def random_json(rng: random.Random, depth: int = 0):
    r = rng.random()
    if depth > 3 or r < 0.4:
        return rng.choice([None, True, False, 0, 1, -2, 7, "", "x", "BANG!", "♥ 2", "1"])
    if r < 0.7:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(6))]
    keys = ["a", "b", "life", "log", "1", "é", "__proto__"]
    return {rng.choice(keys): random_json(rng, depth + 1) for _ in range(rng.randrange(5))}


def mutate(rng: random.Random, v, depth: int = 0):
    """`v` with a few changes, so that most patches are small (as in a game)."""
    if isinstance(v, dict) and v and rng.random() < 0.8:
        out = dict(v)
        k = rng.choice(list(out))
        if rng.random() < 0.15:
            del out[k]
        else:
            out[k] = mutate(rng, out[k], depth + 1)
        if rng.random() < 0.15:
            out[rng.choice(["new", "b", "2"])] = random_json(rng, 2)
        return out
    if isinstance(v, list) and v and rng.random() < 0.8:
        if rng.random() < 0.3:                       # a log line in, the oldest out
            return v[rng.randrange(len(v)):] + [random_json(rng, 2)]
        out = list(v)
        i = rng.randrange(len(out))
        out[i] = mutate(rng, out[i], depth + 1)
        return out
    return random_json(rng, depth)


def game_streams(seed: int) -> list[list]:
    """Per seat: [[messages of one step], full snapshot after it] over a random game."""
    from companion import create_app
    from engine.playout import candidates
    from helpers import NAMES, TableHelper
    app = create_app({"DATABASE": ":memory:", "TESTING": True})
    rng = random.Random(seed)
    helper = TableHelper(app, mode="referee")
    for n in NAMES[:5]:
        helper.join(n)
    pairs = [Pair(helper, n) for n in NAMES[:5]] + [Pair(helper, None)]
    helper.deal()
    table = helper.tables().get(helper.id)
    streams: list[list] = [[] for _ in pairs]
    for step in range(600):
        if table.state.winner or len(streams[0]) > 120:
            break
        if rng.random() < 0.04:
            i = rng.randrange(len(pairs))
            pairs[i].reconnect()
            streams[i].append(["reconnect", None])
        move = rng.choice(candidates(rng, table.state))
        by = move.pop("by")
        ack = next(p for p in pairs if p.name == by).full.emit("move", move, callback=True)
        if not ack.get("ok"):
            continue
        for i, p in enumerate(pairs):
            msgs = [m["args"][0] for m in p.patched.get_received() if m["name"] == "snapshot"]
            full = [m["args"][0] for m in p.full.get_received() if m["name"] == "snapshot"]
            if full:
                p.full_snap = full[-1]
            streams[i].append([msgs, text(p.full_snap)])
    app.extensions["companion"].storage.close()
    return streams


JS = """async ([cases, streams]) => {
  const d = await import("/static/js/delta.js");
  const canon = (t) => JSON.stringify(JSON.parse(t));
  const bad = [];
  cases.forEach(([old, patch, expected], i) => {
    const got = JSON.stringify(d.applyPatch(JSON.parse(old), JSON.parse(patch)));
    if (got !== canon(expected)) bad.push(["case", i, got, canon(expected)]);
  });
  let applied = 0;
  streams.forEach((steps, s) => {
    const f = new d.Follower();
    steps.forEach(([msgs, expected], j) => {
      if (msgs === "reconnect") { f.reset(); return; }
      let snap = null;
      for (const m of msgs) { snap = f.receive(m) || snap; if (m.patch !== undefined) applied++; }
      if (f.lost) bad.push(["lost", s, j]);
      const got = JSON.stringify(f.snapshot());
      if (got !== canon(expected)) bad.push(["stream", s, j, got.slice(0, 300), canon(expected).slice(0, 300)]);
    });
  });
  // a patch whose base is not the seq held: lost, and the snapshot held stays as it was
  const f = new d.Follower();
  f.receive({ seq: 4, table: { id: "t" }, view: { life: 4 }, log: [] });
  const before = JSON.stringify(f.snapshot());
  f.receive({ seq: 6, base: 5, patch: { view: { life: [3] } } });
  if (!f.lost || JSON.stringify(f.snapshot()) !== before) bad.push(["gap not noticed"]);
  f.receive({ seq: 6, table: { id: "t" }, view: { life: 3 }, log: [] });
  if (f.lost) bad.push(["a full snapshot did not end the gap"]);
  const proto = d.applyPatch({}, { ["__proto__"]: [1] });
  if (JSON.stringify(proto) !== '{"__proto__":1}') bad.push(["__proto__", JSON.stringify(proto)]);
  return { bad: bad.slice(0, 5), count: bad.length, applied };
}"""


def test_the_page_rebuilds_what_the_server_means(server, browser):  # noqa: F811
    rng = random.Random(11)
    cases = []
    for _ in range(400):
        old = random_json(rng)
        new = mutate(rng, old) if rng.random() < 0.8 else random_json(rng)
        cases.append([text(old), text(delta.diff(old, new)), text(new)])
    streams = game_streams(5)
    page = browser.new_page()
    try:
        page.goto(server + "/healthz")
        out = page.evaluate(JS, [cases, streams])
    finally:
        page.close()
    assert out["count"] == 0, out["bad"]
    assert out["applied"] > 100
