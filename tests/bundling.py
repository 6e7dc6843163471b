"""What the bundle tests share (tests/test_server_bundle.py, tests/test_browser_bundle.py):
Node and the repository's esbuild, and a small graph of modules to bundle. The `node`
fixture is in conftest.py."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
ESBUILD = ROOT / "node_modules" / "esbuild"


def run_node(node, args, cwd, timeout=60):
    return subprocess.run([node, *args], cwd=cwd, capture_output=True, text=True, timeout=timeout)


GRAPH = {
    # the trap for a hand-written reader: a regex after `)`, then "//" in a string
    "js/one.js": """\
import { count, inc } from "./shared.js";
const ok = true, h = '"';
if (ok) /"/.test(h);
const msg = "// hi";
inc();
log.push("one", msg, count);
""",
    "js/bad.js": 'log.push("bad");\nthrow new Error("no");\n',
    # a module imported lazily shares shared.js with the page's other modules
    "js/two.js": """\
import { count, inc } from "./shared.js";
inc();
log.push("two", count);
const lazy = await import("./lazy.js");
log.push("lazy sees", lazy.seen(), lazy.same === (await import("./shared.js")).token);
""",
    "js/shared.js": """\
export let count = 0;
export function inc() { count += 1; }
export const token = {};
await Promise.resolve();
log.push("shared");
""",
    "js/lazy.js": """\
import { count, token } from "./shared.js";
export const seen = () => count;
export const same = token;
log.push("lazy");
""",
}
