// `make bundle` (`node bundle.mjs`): each page's modules (static/js) as one file in
// static/bundles/, made by esbuild (package.json): minified, with a source map, and
// esbuild's metafile static/bundles/meta.json, from which the server reads the import
// graph (companion/bundle.py). The output is committed: a server needs Python alone.
// `node bundle.mjs --check` builds in memory and compares with static/bundles/
// (tests/test_server_bundle.py runs it): it fails when a bundle is stale.
import { build } from "esbuild";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

// The pages' modules, in the order their templates name them (`module_script()`: a
// partial's before base.html's and the page's own). A page whose modules are not one of
// these loads them one by one (the server logs it; tests/test_server_bundle.py fails).
export const PAGES = [
  ["js/language.js"],                                         // start, join, tables, error
  ["js/language.js", "js/rules.js", "js/rules-anchor.js"],
  ["js/language.js", "js/host.js"],
  ["js/language.js", "js/phone.js"],                          // tracker mode
  ["js/referee-phone.js", "js/language.js", "js/phone.js"],   // referee mode
  ["js/lobby-ability.js", "js/language.js", "js/phone.js"],   // BANG! Star Wars
  ["js/lobby-ability.js", "js/referee-phone.js", "js/language.js", "js/phone.js"],
];

// Every page runs its bundle as it opens, so its functions are compiled as the file is
// read, on the browser's background thread that streams it, not one by one on the page's
// main thread when each is first called (V8's explicit compile hint, Chromium 136 and later;
// a comment to any other browser). The phone draws its seat from the first view sooner.
export const COMPILE_ALL = "//# allFunctionsCalledOnLoad";

/** A page's bundle name: `js/referee-phone.js`, `js/phone.js` -> `referee-phone+phone`. */
export const bundleName = (entries) => entries.map((e) => e.replace(/^js\/|\.js$/g, "")).join("+");

// A page's entry: its modules run in order, each once, as separate <script type="module">s
// would: one failing does not stop the next. Each `import()` of a module in the same
// bundle is esbuild's own (no request), so every module has one instance per page, the
// lazily imported ones too (`import("./referee-sheets.js")`, written as it is).
const entryOf = (entries) => `for (const load of [${entries.map((e) => `() => import("./${e}")`).join(", ")}]) {
  try { await load(); } catch (err) {
    if (self.reportError) self.reportError(err); else setTimeout(() => { throw err; });
  }
}
`;

/** esbuild's result for `pages` of the modules in `<root>/static/`, into static/bundles/. */
export async function bundle(root, pages = PAGES, write = true) {
  const entries = new Map(pages.map((p) => [bundleName(p), p]));
  const virtual = {
    name: "pages",
    setup(b) {
      b.onResolve({ filter: /^page:/ }, (args) => ({ path: args.path.slice(5), namespace: "page" }));
      b.onLoad({ filter: /.*/, namespace: "page" }, (args) => ({
        contents: entryOf(entries.get(args.path)), resolveDir: join(root, "static"), loader: "js",
      }));
    },
  };
  return build({
    absWorkingDir: root,
    entryPoints: [...entries.keys()].map((name) => ({ in: "page:" + name, out: name })),
    bundle: true, format: "esm", minify: true, sourcemap: true, sourcesContent: false,
    charset: "utf8", outdir: "static/bundles", metafile: true, write, logLevel: "warning",
    plugins: [virtual], banner: { js: COMPILE_ALL },
  });
}

/** Write the bundles of `root` (none of an older build left), or compare them (`check`). */
export async function main(root, check) {
  const out = join(root, "static", "bundles");
  if (!check) rmSync(out, { recursive: true, force: true });
  const result = await bundle(root, PAGES, !check);
  const meta = JSON.stringify(result.metafile, null, 1) + "\n";
  if (!check) {
    writeFileSync(join(out, "meta.json"), meta);
    return 0;
  }
  const want = new Map(result.outputFiles.map((f) => [relative(out, f.path), Buffer.from(f.contents)]));
  want.set("meta.json", Buffer.from(meta));
  let have = [];
  try { have = readdirSync(out); } catch { /* none made yet */ }
  const stale = [...new Set([...want.keys(), ...have])].sort().filter((name) => {
    let body = null;
    try { body = readFileSync(join(out, name)); } catch { /* not there */ }
    return !body || !want.has(name) || Buffer.compare(body, want.get(name)) !== 0;
  });
  if (stale.length) {
    console.error(`static/bundles/ is stale: ${stale.join(", ")} not what esbuild makes of `
      + "static/js now. Run `make bundle` and commit what it writes in static/bundles/.");
    return 1;
  }
  console.log(`static/bundles/ is up to date (${want.size} files)`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(dirname(fileURLToPath(import.meta.url)), process.argv.includes("--check"));
}
