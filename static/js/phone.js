// The phone page: one player's private screen. Reads its seat token, connects, and redraws
// everything from each full snapshot (docs/protocol.md).
import { $, h, fill, get, list, tableId } from "./dom.js";
import { connect, send } from "./connection.js";
import { showBanner } from "./banner.js";
import { wireBar, renderBar } from "./phone-bar.js";
import { takeToken, dropToken } from "./token.js";
import { wireRoleCard, renderRole } from "./phone-role.js";
import { wireLife } from "./phone-life.js";
import { wireInPlay, renderInPlay } from "./phone-inplay.js";
import { renderReach } from "./phone-reach.js";
import { renderQuestion } from "./phone-answer.js";
import { roleText } from "./roles.js";
import { word } from "./ruleset.js";
import { wireReferee, renderReferee } from "./phone-referee.js";
import { wireFeats, renderFeats } from "./phone-feats.js";
import { phaseName } from "./bits.js";
import { renderPhoneEvent } from "./phone-event.js";
import { N_, setReader, t, tname } from "./i18n.js";
import { ask } from "./confirm.js";

const table = tableId();
let snap = null;
let wasMyTurn = null;

const views = ["no-token", "revoked", "lobby-view", "game-view"];
function showOnly(id) {
  for (const v of views) document.getElementById(v).hidden = v !== id;
}

const me = () => get(snap, "view", "me") || null;
function mySeat() {
  const name = get(me(), "name");
  return list(get(snap, "view", "seats")).find((s) => s && s.name === name) || null;
}

function render(s) {
  snap = s;
  const status = get(s, "table", "status");
  const view = get(s, "view");
  if (!view || !me() || status === "lobby") return renderLobby(s);
  showOnly("game-view");
  const m = me();
  setReader(m.name);
  renderBar(s, m);
  const seat = mySeat();
  renderTurn(view, m, seat);
  renderPhoneEvent(view, m, get(seat, "alive") === false);
  renderRole(m, !!view.winner || status === "over" || get(seat, "alive") === false);
  $("#char-name").textContent = tname(m.character || get(seat, "character"));
  $("#char-ability").textContent = m.ability || get(seat, "ability") || "";
  // In referee mode the cards a player reports change life and cards in play, so the phone
  // shows them without controls; after the game nothing changes any more.
  const locked = view.mode === "referee" || status === "over" || !!view.winner;
  document.body.classList.toggle("locked", locked);
  $("#inplay-help").textContent = view.mode === "referee"
    ? t("The app updates these from the cards you report.")
    : t("Tap the blue cards lying in front of you. The distances below follow.");
  life.sync(seat, locked);
  // the cards in play are folded where the app keeps them (referee mode), open where the
  // player taps them in (tracker mode), until the player folds or opens them himself
  const box = $("#inplay-box");
  if (!box.dataset.set) { box.open = !locked; box.dataset.set = "1"; }
  const cards = list(get(seat, "in_play")).map((c) => (typeof c === "string" ? c : c.name));
  const none = t("nothing");
  $("#inplay-count").textContent = `· ${cards.map(tname).join(", ") || none}`;
  renderInPlay(seat, locked);
  renderReach(m, get(seat, "alive") === false);
  renderHunting(view, seat, status);
  renderOutcome(view, m, seat, status);
  renderLog(get(s, "log"));
  renderReferee(s, move);
  renderFeats(s, move);
}

function renderLobby(s) {
  showOnly("lobby-view");
  wasMyTurn = false; // so the deal that makes me the first player buzzes too (a reload does not)
  const you = get(s, "table", "you") || {};
  const mine = you.me || you;
  $("#lobby-name").textContent = mine.name || t("partner");
  renderBar(s, mine);
  fill($("#lobby-list"), list(get(s, "table", "lobby")).map((p) => h("li", {
    class: p.id === mine.lobby_id ? "me" : "",
  }, p.name, p.id === mine.lobby_id ? [" ", t("(you)")] : "", p.connected === false ? h("span", { class: "muted small" }, " · ", t("offline")) : null)));
}

const yourTurn = { seat: N_("Your turn!") };

function renderTurn(view, m, seat) {
  const over = !!view.winner || get(snap, "table", "status") === "over";
  const mine = !over && (m.your_turn === true || (m.your_turn === undefined && view.turn === m.name));
  document.body.classList.toggle("my-turn", mine);
  // a game the host ended: the outcome card's "Game over" says it, once
  $("#turn-text").textContent = over ? (view.winner ? t("The game is over") : "") : mine ? t("Your turn!") : view.turn ? t("{seat}'s turn", { seat: view.turn }, yourTurn) : "";
  // Phases matter when the app referees; in tracker mode the table runs its own turn.
  $("#phase-text").textContent = !over && view.phase && view.mode === "referee" ? t("Phase: {phase}", { phase: phaseName(view.phase) }) : "";
  // In referee mode the turn ends from the play phase (after the draw!s and the draw).
  $("#end-turn").hidden = !mine || (seat && seat.alive === false) || (view.mode === "referee" && view.phase !== "play");
  if (mine && wasMyTurn === false && navigator.vibrate) {
    try { navigator.vibrate([180, 90, 180]); } catch (_) { /* not allowed yet */ }
  }
  wasMyTurn = mine;

  const asked = over ? [] : list(m.asked).length ? list(m.asked) : list(view.pending).filter((p) => p && p.seat === m.name);
  renderQuestion($("#my-question"), asked, { referee: view.mode === "referee", send: move });
}

// The story of a finished game, small: fetched when a game ends (not at first load).
function renderPhoneStory(box, view) {
  const story = get(snap, "table", "story");
  if (!story) return;
  const place = h("div", { class: "phone-story", id: "phone-story" });
  box.append(place);
  import("./story.js").then((m) => m.renderStory(place, story, { small: true,
    word: word("life") }));
}

function renderOutcome(view, m, seat, status) {
  const box = $("#outcome");
  const out = seat ? seat.alive === false : m.alive === false;
  document.body.classList.toggle("out", out);
  const winner = view.winner;
  if (winner) {
    const role = String(m.role || "");
    const won = list(winner.seats).includes(m.name);   // the seats that win with this side
    box.className = `outcome card ${won ? "won" : "out"}`;
    fill(box, h("span", { class: "big-word" }, role ? (won ? t("You win!") : t("You lose")) : t("Game over")),
      winner.text || "", role ? h("p", { class: "muted" }, t("You were: {role}", { role: roleText(role) })) : null);
    renderPhoneStory(box, view);
    box.hidden = false;
  } else if (status === "over") {
    box.className = "outcome card";
    fill(box, h("span", { class: "big-word" }, t("Game over")), t("The host ended the game."),
      m.role ? h("p", { class: "muted" }, t("You were: {role}", { role: roleText(m.role) })) : null);
    renderPhoneStory(box, view);
    box.hidden = false;
  } else if (seat && seat.falls === true) {
    // one card put several players out: they leave together once every answer is in
    box.className = "outcome card out";
    fill(box, h("span", { class: "big-word" }, t("You are out")),
      t("You leave the game with the others this card puts out, once every answer to it is in."));
    box.hidden = false;
  } else if (out) {
    box.className = "outcome card out";
    fill(box, h("span", { class: "big-word" }, t("You are out")),
      t("Your role is now shown to everyone: {role}.", { role: roleText(m.role) }));
    box.hidden = false;
  } else {
    box.hidden = true;
  }
}

// Who hunts whom, in the engine's words, when the table plays with every role face up
// (the 3-player game); in tracker mode the app cannot see a final hit, so the player who
// dealt his target the final hit says so here.
function renderHunting(view, seat, status) {
  const over = !!view.winner || status === "over";
  const lines = over ? [] : list(view.hunting);
  $("#hunting-box").hidden = !lines.length;
  fill($("#hunting"), lines.map((line) => h("li", {}, line)));
  const target = get(seat, "target");
  const three = list(view.seats).filter((s) => s && s.alive !== false).length === 3;
  const button = $("#final-hit");
  button.hidden = over || view.mode !== "tracker" || !target || !three || get(seat, "alive") === false;
  if (!button.hidden) {
    const another = {};     // {target}: the one this phone's player hunts, never himself
    button.textContent = t("I dealt {target} the final hit", { target }, another);
    button.onclick = async () => {
      if (await ask(t("{target} is out of the game, and you win.", { target }, another),
        { yes: t("Yes, I did"), title: t("Did you deal {target} the final hit?", { target }, another) })) {
        move({ final_hit: target });
      }
    };
  }
}

function renderLog(lines) {
  const items = list(lines).slice().reverse();
  fill($("#log"), items.map((l) => h("li", { class: `log-${l.kind || "line"}` }, l.text || "")));
}

// --- start
const token = takeToken(table);
let socket = null;
const move = (payload) => send(socket, "move", payload);
const life = wireLife({ getSeat: mySeat, send: move });
wireInPlay(move);
wireRoleCard($("#role-hold"));
wireReferee(move, (event, payload) => send(socket, event, payload, { quiet: true }));
wireFeats(move);
wireBar({ move, send: (event, payload) => send(socket, event, payload) });
addEventListener("seat-send", ({ detail: [e, d, done] }) => send(socket, e, d).then(done));

if (!token) {
  showOnly("no-token");
  $("#conn").textContent = t("Not connected");   // no seat here: nothing to connect to
} else {
  connect({ table, token }, {
    onSocket: (s) => { socket = s; },
    onSnapshot: render,
    onError: (err) => {
      if (err.code === "revoked") {
        dropToken(table);
        showOnly("revoked");
        if (socket) socket.disconnect();
      } else if (err.code === "bad_token" || err.code === "kicked") {
        dropToken(table);
        showOnly("no-token");
        if (err.code === "kicked") showBanner(t("The host took you off this table."), { kind: "info", timeout: 0 });
      } else {
        showBanner(err.message || t("The connection to the table failed."), { rule: err.rule || "", ruleTitle: err.rule_title || "", timeout: 0 });
      }
    },
  });
}

// Keep the screen on from the first tap (the video fallback needs a user gesture); awake.js
// is fetched then (a lazy import: not part of the first load). Every tap tries
// until it works (a browser may refuse the first one).
let awake = null;
const wake = async () => {
  if (!awake) {
    awake = await import("./awake.js");
    awake.onAwakeChange((mode) => { $("#awake").hidden = mode === "off"; });
  }
  if ((await awake.start()) !== "off") document.removeEventListener("pointerdown", wake, true);
};
document.addEventListener("pointerdown", wake, true);
