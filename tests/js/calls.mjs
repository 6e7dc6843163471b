// The sentences a page makes, read with acorn (the JavaScript parser pinned in
// package.json): for each module given on standard input as {"where": source, ...}, its
// calls t(...) and tn(...), its `const name = {...}` declarations and the string keys of
// its object literals, as JSON on standard output (tests/pagecalls.py reads them).
import { parse } from "acorn";

// An expression as plain data: a string, an object literal, a name, a call, or "other".
function value(node) {
  if (node.type === "Literal" && typeof node.value === "string") return { type: "string", value: node.value };
  if (node.type === "TemplateLiteral" && node.expressions.length === 0) {
    return { type: "string", value: node.quasis[0].value.cooked };
  }
  if (node.type === "Identifier") return { type: "name", name: node.name };
  if (node.type === "ObjectExpression") {
    return {
      type: "object",
      entries: node.properties.map((p) => (p.type === "Property" && !p.computed
        ? { key: p.key.type === "Identifier" ? p.key.name : String(p.key.value),
            value: p.shorthand ? { type: "name", name: p.key.name } : value(p.value) }
        : { key: null, value: { type: "other" } })),
    };
  }
  if (node.type === "CallExpression" && node.callee.type === "Identifier") {
    return { type: "call", name: node.callee.name, args: node.arguments.map(value) };
  }
  return { type: "other" };
}

// Every node below `node`, depth first, in source order.
function* nodes(node) {
  if (!node || typeof node.type !== "string") return;
  yield node;
  for (const key of Object.keys(node)) {
    const child = node[key];
    if (Array.isArray(child)) for (const c of child) yield* nodes(c);
    else if (child && typeof child === "object" && typeof child.type === "string") yield* nodes(child);
  }
}

function read(source) {
  const ast = parse(source, { ecmaVersion: "latest", sourceType: "module", locations: true });
  const out = { calls: [], consts: {}, keys: [] };
  for (const node of nodes(ast)) {
    if (node.type === "CallExpression" && node.callee.type === "Identifier"
        && (node.callee.name === "t" || node.callee.name === "tn")) {
      out.calls.push({ fn: node.callee.name, line: node.loc.start.line, column: node.loc.start.column,
                      args: node.arguments.map(value) });
    } else if (node.type === "VariableDeclaration" && node.kind === "const") {
      for (const d of node.declarations) {
        if (d.id.type === "Identifier" && d.init && d.init.type === "ObjectExpression") {
          out.consts[d.id.name] = value(d.init);
        }
      }
    } else if (node.type === "Property" && !node.computed && node.key.type === "Literal"
               && typeof node.key.value === "string") {
      out.keys.push({ line: node.key.loc.start.line, key: node.key.value });
    }
  }
  out.calls.sort((a, b) => a.line - b.line || a.column - b.column);
  return out;
}

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
const result = {};
for (const [where, source] of Object.entries(JSON.parse(input))) {
  try {
    result[where] = read(source);
  } catch (e) {
    result[where] = { error: `${e.name}: ${e.message}` };
  }
}
process.stdout.write(JSON.stringify(result));
