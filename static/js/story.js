// The end of a game as a picture (our own SVG, nothing from elsewhere): every player's
// life (energy in Star Wars) after each move, the turns along the bottom, a cross where a
// player went out with who caused it, the roles and the winners. The host shows it
// large with the evening's running score; a phone shows it small.
import { h, fill, list } from "./dom.js";
import { roleText } from "./roles.js";
import { t, tn } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#6e2c00"];

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

/** The life chart as an <svg>. */
export function chart(story, { width = 640, height = 260, word = "life" } = {}) {
  const names = list(story.names);
  const life = list(story.life);
  const n = Math.max(1, ...life.map((l) => list(l).length));
  const top = Math.max(1, ...list(story.max));
  const L = 26, R = 12, T = 10, B = 24;
  const x = (k) => L + (n > 1 ? k / (n - 1) : 0) * (width - L - R);
  const y = (v) => T + (1 - Math.max(0, v) / top) * (height - T - B);
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "story-chart", role: "img",
    "aria-label": t("{life} of every player over the game", { life: word }) });
  for (let v = 0; v <= top; v += 1) {
    svg.append(s("line", { x1: L, x2: width - R, y1: y(v), y2: y(v), class: "grid" }),
      s("text", { x: L - 6, y: y(v) + 4, class: "axis", "text-anchor": "end" }, String(v)));
  }
  const turns = list(story.turns);
  const every = Math.max(1, Math.ceil(turns.length / 12));
  turns.forEach((k, i) => {
    svg.append(s("line", { x1: x(k), x2: x(k), y1: T, y2: height - B, class: "turn" }));
    if (i % every === 0) svg.append(s("text", { x: x(k) + 2, y: height - 8, class: "axis" }, t("turn {n}", { n: i + 1 })));
  });
  life.forEach((points, j) => {
    const p = list(points);
    if (!p.length) return;
    let d = `M${x(0)},${y(p[0])}`;
    for (let k = 1; k < p.length; k += 1) d += `H${x(k)}V${y(p[k])}`;
    svg.append(s("path", { d, class: "life-line", stroke: COLOURS[j % COLOURS.length], "data-seat": names[j] },
      s("title", {}, names[j])));
  });
  for (const o of list(story.outs)) {
    const j = names.indexOf(o.seat);
    const cx = x(Number(o.at) || 0);
    svg.append(s("g", { class: "out-mark", "data-seat": o.seat },
      s("title", {}, o.by ? t("{seat} out, by {by}", { seat: o.seat, by: o.by }) : t("{seat} out", { seat: o.seat })),
      s("circle", { cx, cy: y(0), r: 9, fill: COLOURS[j % COLOURS.length] }),
      s("text", { x: cx, y: y(0) + 4, "text-anchor": "middle", class: "cross" }, "✝")));
  }
  return svg;
}

/** The story: the chart, then who was who, who went out by whose hand, who won. */
export function renderStory(box, story, { small = false, word = "life" } = {}) {
  if (!box) return;
  box.hidden = !story;
  if (!story) return;
  const names = list(story.names);
  const winners = new Set(list(story.winners));
  const outs = new Map(list(story.outs).map((o) => [o.seat, o]));
  fill(box, h("h2", {}, t("The story of the game")),
    chart(story, small ? { width: 360, height: 170, word } : { word }),
    h("ul", { class: "story-legend" }, names.map((name, j) => {
      const out = outs.get(name);
      return h("li", { class: winners.has(name) ? "won" : "" },
        h("span", { class: "swatch", style: `background:${COLOURS[j % COLOURS.length]}` }),
        h("strong", {}, name), " · ", roleText((story.roles || {})[name]) || "?",
        winners.has(name) ? h("span", { class: "won-tag" }, " ", t("★ won")) : null,
        out ? h("span", { class: "muted" }, " · ", out.by ? t("out, by {by}", { by: out.by }) : t("out")) : null);
    })));
}

/** The evening's running score: games won per player, by role. */
export function renderScores(box, scores) {
  if (!box) return;
  const players = Object.entries((scores && scores.players) || {});
  box.hidden = !players.length;
  if (!players.length) return;
  players.sort((a, b) => (b[1].won || 0) - (a[1].won || 0));
  fill(box, h("h2", {}, tn("Tonight's score · {n} game", "Tonight's score · {n} games", Number(scores.games) || 0)),
    h("ol", { class: "scores" }, players.map(([name, p]) => h("li", {},
      h("strong", {}, name), " ", tn("{n} won", "{n} won", p.won || 0),
      h("span", { class: "muted" }, Object.entries(p.roles || {}).map(([r, k]) => [" · ", tn("{n} as {role}", "{n} as {role}", k, { role: roleText(r) })]))))));
}
