"""axe-core in the browser tests (issue 27, item 10): the WCAG 2.1 A and AA rules run in
the page under test, by tests/test_browser_a11y.py and, through the all-screens walk's
hook (tests/screens.py, `axe_hook`), on every screen the walk reaches.

axe-core is a development dependency pinned in package.json and package-lock.json and
installed by `npm ci` into node_modules/ (as esbuild is); its script is added to the
page (Playwright's add_script_tag): nothing from a CDN. Without it the checks are
skipped with a notice, unless REQUIRE_NODE=1 (CI), where that is a failure.
"""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
MISSING = "axe-core is not installed (run `npm ci`; it needs Node and npm)"

RUN_AXE = """async (tags) => {
  const r = await axe.run(document, { runOnly: { type: "tag", values: tags },
                                      resultTypes: ["violations"] });
  return r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) =>
    ({ target: n.target.join(" "), summary: n.failureSummary })) }));
}"""


def installed() -> bool:
    return AXE.is_file()


def required() -> bool:
    return os.environ.get("REQUIRE_NODE") == "1"


def preload(ctx) -> None:
    """Every page of the browser context `ctx` holds axe-core from its first script on
    (when it is installed). For a context whose pages load one address after another:
    each load then compiles the script in the page's own process (where an earlier load
    left it cached), where `violations` adding it to each page after its load sent the
    560 KB over Playwright's pipe and compiled it afresh, a second a load on this machine."""
    if installed():
        ctx.add_init_script(path=str(AXE))


def violations(page) -> list[dict]:
    """axe-core's WCAG 2.1 A/AA violations on `page` as it is now: [{id, help, nodes:
    [{target, summary}]}]."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE, WCAG21_AA)


def elements(found: list[dict]) -> int:
    """How many elements violate a rule (one element may break two rules: counted twice)."""
    return sum(len(v["nodes"]) for v in found)


def lines(found: list[dict], most: int = 3) -> list[str]:
    """Each violated rule, and its first elements with axe's summary of the fix."""
    out = []
    for v in found:
        out.append(f"axe {v['id']} ({v['help']}): {len(v['nodes'])} element(s)")
        for n in v["nodes"][:most]:
            out.append(f"    {n['target']}: {' '.join(n['summary'].split())[:300]}")
    return out


class AxeOncePerScreen:
    """The walk's hook: axe on each screen once, at the first width it is shown at (the
    colours and names axe checks do not change with the width), per language, phone or
    laptop. Found violations go to the walk's report; `counts` keeps how many elements
    each screen had."""

    def __init__(self) -> None:
        self.seen: set[tuple] = set()
        self.counts: dict[str, int] = {}

    def __call__(self, page, screen) -> list[str]:
        key = (screen.label, screen.lang, screen.phone)
        if key in self.seen:
            return []
        self.seen.add(key)
        if not installed():
            return [f"{MISSING} (REQUIRE_NODE=1 makes this a failure)"] if required() else []
        found = violations(page)
        self.counts[f"{screen.label} [{screen.lang}]"] = elements(found)
        return lines(found)


axe_hook = AxeOncePerScreen()
