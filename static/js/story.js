// The end of a game as a picture (our own SVG, nothing from elsewhere): every player's
// life (energy in Star Wars) after each move, the turns along the bottom, a cross where a
// player went out with who caused it, a host's corrections drawn apart from the game's
// own hits, the roles and the winners. The host shows it
// large with the evening's running score; a phone shows it small.
import { h, fill, list } from "./dom.js";
import { roleText } from "./roles.js";
import { N_, t, tn } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
// a name at a line's end: its first 8 letters (the legend under the chart has it whole)
const short = (name) => { const c = [...String(name || "")]; return c.length > 8 ? `${c.slice(0, 7).join("")}…` : c.join(""); };
const COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#6e2c00"];

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

// A label's width in the chart's own units, from its letters (11 px type; a wide letter
// and a bold one counted generously, so the estimate errs on the side of more room).
const labelWidth = (text) => 7.2 * [...String(text)].length;

/** The life chart as an <svg>: a line per player, offset a little from the others so
 *  that players at the same life stay apart, its name at its end; a host's correction
 *  drawn dashed with a hollow ring (the game's own hits are solid), explained under the
 *  chart; turn labels thinned so that none runs into the next. */
export function chart(story, { width = 640, height = 260, word = "life" } = {}) {
  const names = list(story.names);
  const corrected = { seat: N_("You: corrected by the host") };
  const life = list(story.life);
  const n = Math.max(1, ...life.map((l) => list(l).length));
  const top = Math.max(1, ...list(story.max));
  const R = 12 + Math.min(64, Math.max(0, ...names.map((name) => labelWidth(short(name))))) + 6;
  const L = 26, T = 12, B = 24;
  const x = (k) => L + (n > 1 ? k / (n - 1) : 0) * (width - L - R);
  const y = (v) => T + (1 - Math.max(0, v) / top) * (height - T - B);
  // each player's own small offset: players at the same life are side by side, not one line
  const gap = Math.min(3, (height - T - B) / top / (names.length + 1));
  const dy = (j) => (j - (names.length - 1) / 2) * gap;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "story-chart", role: "img",
    "aria-label": t("{life} of every player over the game", { life: word }) });
  for (let v = 0; v <= top; v += 1) {
    svg.append(s("line", { x1: L, x2: width - R, y1: y(v), y2: y(v), class: "grid" }),
      s("text", { x: L - 6, y: y(v) + 4, class: "axis", "text-anchor": "end" }, String(v)));
  }
  const turns = list(story.turns);
  let free = -Infinity;          // where the last label shown ends
  turns.forEach((k, i) => {
    svg.append(s("line", { x1: x(k), x2: x(k), y1: T, y2: height - B, class: "turn" }));
    const label = t("turn {n}", { n: i + 1 });
    const w = labelWidth(label);
    if (x(k) + 2 < free + 8 || x(k) + 2 + w > width) return;
    free = x(k) + 2 + w;
    svg.append(s("text", { x: x(k) + 2, y: height - 8, class: "axis turn-label" }, label));
  });
  // each event of the game (High Noon, A Fistful of Cards) where it came out: a dotted line
  // and its number at the top, the names under the chart (renderStory)
  list(story.events).forEach((e, i) => {
    const ex = x(Number(e.at) || 0);
    svg.append(s("g", { class: "event-mark", "data-event": e.id || "" },
      s("title", {}, t("Event {n}: {event}", { n: i + 1, event: String(e.name || "") })),
      s("line", { x1: ex, x2: ex, y1: T, y2: height - B, class: "event-line" }),
      s("rect", { x: ex - 8, y: 0, width: 16, height: 14, rx: 3, class: "event-tag" }),
      s("text", { x: ex, y: 11, "text-anchor": "middle", class: "event-num" }, String(i + 1))));
  });
  const fixes = new Map();
  for (const f of list(story.fixes)) fixes.set(`${f.seat}@${Number(f.at)}`, true);
  const ends = [];
  life.forEach((points, j) => {
    const p = list(points);
    if (!p.length) return;
    const colour = COLOURS[j % COLOURS.length];
    const yy = (v) => y(v) + dy(j);
    let d = `M${x(0)},${yy(p[0])}`;
    for (let k = 1; k < p.length; k += 1) {
      if (fixes.has(`${names[j]}@${k}`) && p[k] !== p[k - 1]) {
        // the host's correction: the line goes on from its new value; the step is dashed
        d += `H${x(k)}`;
        svg.append(s("g", { class: "fix-mark", "data-seat": names[j] },
          s("title", {}, t("{seat}: corrected by the host", { seat: names[j] }, corrected)),
          s("line", { x1: x(k), x2: x(k), y1: yy(p[k - 1]), y2: yy(p[k]), stroke: colour, class: "fix-step" }),
          s("circle", { cx: x(k), cy: yy(p[k]), r: 4.5, stroke: colour, class: "fix-ring" })));
        d += `M${x(k)},${yy(p[k])}`;
      } else d += `H${x(k)}V${yy(p[k])}`;
    }
    svg.append(s("path", { d, class: "life-line", stroke: colour, "data-seat": names[j] },
      s("title", {}, names[j])));
    ends.push({ j, y: yy(p[p.length - 1]) });
  });
  // the names at the lines' ends, pushed apart so that none covers another
  ends.sort((a, b) => a.y - b.y);
  let below = -Infinity;
  for (const e of ends) {
    const at = Math.max(e.y + 4, below + 14);
    below = at;
    svg.append(s("text", { x: width - R + 4, y: at, class: "end-label", fill: COLOURS[e.j % COLOURS.length],
      "data-seat": names[e.j] }, short(names[e.j])));
  }
  const outBy = { seat: N_("You are out, by {by}"), by: N_("{seat} out, by you") };
  const outYou = { seat: N_("You are out") };
  for (const o of list(story.outs)) {
    const j = names.indexOf(o.seat);
    const cx = x(Number(o.at) || 0);
    svg.append(s("g", { class: "out-mark", "data-seat": o.seat },
      s("title", {}, o.by ? t("{seat} out, by {by}", { seat: o.seat, by: o.by }, outBy) : t("{seat} out", { seat: o.seat }, outYou)),
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
  const byYou = { by: N_("out, by you") };
  fill(box, h("h2", {}, t("The story of the game")),
    chart(story, small ? { width: 360, height: 170, word } : { word }),
    h("ul", { class: "story-legend" }, names.map((name, j) => {
      const out = outs.get(name);
      return h("li", { class: winners.has(name) ? "won" : "" },
        h("span", { class: "swatch", style: `background:${COLOURS[j % COLOURS.length]}` }),
        h("strong", {}, name), " · ", roleText((story.roles || {})[name]) || "?",
        winners.has(name) ? h("span", { class: "won-tag" }, " ", t("★ won")) : null,
        out ? h("span", { class: "muted" }, " · ", out.by ? t("out, by {by}", { by: out.by }, byYou) : t("out")) : null);
    }), list(story.fixes).length ? h("li", { class: "fix-key" },
      h("span", { class: "fix-swatch", "aria-hidden": "true" }), t("dashed, with a ring: a correction by the host")) : null),
    list(story.events).length ? [h("p", { class: "story-events-title", id: small ? "story-events-s" : "story-events-h" }, t("The events of the game, by their number on the chart:")),
      h("ol", { class: "story-events", "aria-labelledby": small ? "story-events-s" : "story-events-h" },
        list(story.events).map((e) => h("li", {}, String(e.name || ""))))] : null);
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
