// Tiny DOM helpers shared by every page. Text always goes in as text, never as HTML,
// so names typed by players can't inject markup.

/** Build an element: h("button", {class: "primary", onclick: fn}, "Deal"). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** Replace everything inside `el` with `children`. */
export function fill(el, ...children) {
  if (!el) return;
  el.replaceChildren();
  append(el, children);
}

/** A translated sentence with elements in it: pieces(t("Rule: {link}"), { link: a }). */
export function pieces(text, parts) {
  return String(text).split(/(\{\w+\})/).filter(Boolean).map((bit) => {
    const key = /^\{(\w+)\}$/.exec(bit);
    return key && parts && key[1] in parts ? parts[key[1]] : bit;
  });
}

export const $ = (sel, root = document) => root.querySelector(sel);

/** The table id the server rendered into <body data-table>, or the last path part. */
export function tableId() {
  const fromBody = document.body.dataset.table;
  if (fromBody) return fromBody;
  const parts = location.pathname.split("/").filter(Boolean);
  return parts[1] || "";
}

/** Read nested fields without crashing on missing data: get(snap, "view", "me", "name"). */
export function get(obj, ...path) {
  let cur = obj;
  for (const key of path) {
    if (cur === null || cur === undefined) return undefined;
    cur = cur[key];
  }
  return cur;
}

/** An array without its null entries, or [] for anything that is not an array. */
export const list = (value) => (Array.isArray(value) ? value.filter((x) => x !== null && x !== undefined) : []);

/** An address as text that may break after each slash (a <wbr>), not inside a part. */
export function urlNodes(url) {
  return String(url || "").split("/").flatMap((part, i) => (i ? ["/", document.createElement("wbr"), part] : [part]));
}
