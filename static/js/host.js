// The host screen: the laptop everyone sees. Lobby first, then the table.
import { $, h, fill, get, list, tableId } from "./dom.js";
import { connect, send as emit } from "./connection.js";
import { showBanner } from "./banner.js";
import { wireLobby, renderLobby } from "./host-lobby.js";
import { renderBoard } from "./host-board.js";
import { wireControls } from "./host-controls.js";
import { wireHostReferee, renderHostReferee } from "./host-referee.js";
import { renderHostFeats } from "./host-feats.js";
import { wireHostEvent, renderHostEvent } from "./host-event.js";
import { word } from "./ruleset.js";
import { renderStory, renderScores } from "./story.js";
import { t } from "./i18n.js";

const table = tableId();
let snap = null;
let socket = null;
let wasOver = null;     // whether the last snapshot showed a finished game
const send = (event, payload) => emit(socket, event, payload);
const getSeat = (name) => list(get(snap, "view", "seats")).find((s) => s && s.name === name) || null;

const lobby = wireLobby(send);
wireHostReferee(send);
wireHostEvent(send);
const controls = wireControls({ send, getSeat, getTurn: () => get(snap, "view", "turn"),
  getView: () => get(snap, "view"), getLog: () => list(get(snap, "log")) });

function render(s) {
  snap = s;
  const table = get(s, "table") || {};
  const inLobby = table.status === "lobby" || !get(s, "view");
  if (!inLobby && $("#game-view").hidden) window.scrollTo(0, 0); // just dealt: show the whole table
  $("#lobby-view").hidden = !inLobby;
  $("#game-view").hidden = inLobby;
  if (table.mode) $("#mode-text").textContent = table.mode === "referee" ? t("referee") : t("tracker");
  if (inLobby) {
    renderLobby(s, lobby);
    return;
  }
  renderBoard(s, controls.openSeat);
  renderHostReferee(s, send);
  renderHostFeats(s);
  renderHostEvent(s);
  renderStory($("#story-card"), table.story || null, { word: word("life") });
  renderScores($("#scores-card"), table.scores || null);
  const over = table.status === "over" || !!get(s, "view", "winner");
  controls.refresh({ ended: over && wasOver === false });
  wasOver = over;
  $("#undo").disabled = table.can_undo === false;
  $("#redo").disabled = !table.can_redo;
  $("#end-game").disabled = table.status === "over";
  $("#new-game-open").classList.toggle("primary", table.status === "over");
  fill($("#log"), list(get(s, "log")).slice().reverse().map((l) => h("li", { class: `log-${l.kind || "line"}` }, l.text || "")));
}

connect({ table }, {
  onSocket: (s) => { socket = s; },
  onSnapshot: render,
  onError: (err) => showBanner(err.message || t("The connection to the table failed."),
    { rule: err.rule || "", ruleTitle: err.rule_title || "", timeout: 0 }),
});
