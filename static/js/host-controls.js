// Host controls: correct a count, move a seat to a new phone, undo, end the game, new game.
import { $, h, fill, list, urlNodes } from "./dom.js";
import { ask } from "./confirm.js";
import { showBanner } from "./banner.js";
import { word } from "./ruleset.js";
// The host screen speaks to no seat: a sentence naming one says so with `{}` as its you.
import { t, tname } from "./i18n.js";

// What the host may do for a seat whose phone is off: answer its question, end its turn.
// [label, move, the question asked first or null]: what ends a turn or a life asks, in
// the one confirm dialog, as the player's own "End my turn" and "I'm out" do.
function actsFor(seat, view) {
  const name = seat.name;
  const asked = list(view.pending).find((p) => p && p.seat === name);
  if (asked) {
    return asked.kind === "dying"
      ? [[t("{seat} is out (no Beer)", { seat: name }, {}), { respond: "take" },
        [t("{seat} goes to 0 {life}: out of the game, role shown to everyone.", { seat: name, life: word("life") }, {}),
          { yes: t("Eliminate"), title: t("Eliminate {seat}?", { seat: name }, {}) }]]]
      : [[t("{seat} takes it (no answer)", { seat: name }, {}), { respond: "take" }, null]];
  }
  if (view.turn === name && view.phase === "play" && !list(view.pending).length) {
    return [[t("End {seat}'s turn", { seat: name }, {}), { end_turn: {} },
      [t("The turn goes to the next player."), { yes: t("End the turn"), title: t("End {seat}'s turn?", { seat: name }, {}) }]]];
  }
  return [];
}

// What the undo takes back, in the log's words: the lines of the last move that stands
// (of a correction's line that joins several taps, the last tap: its `step`).
function lastMove(log) {
  const live = log.filter((l) => l && l.kind !== "undo" && l.kind !== "deal" && Number(l.seq) > 0);
  const seq = Math.max(0, ...live.map((l) => Number(l.seq)));
  return live.filter((l) => Number(l.seq) === seq).map((l) => l.step || l.text).join(" ");
}

export function wireControls({ send, getSeat, getTurn, getView = () => ({}), getLog = () => [] }) {
  const seatDialog = $("#seat-dialog");
  let current = null;

  const drawSeat = () => {
    const seat = getSeat(current);
    $("#seat-dialog-title").textContent = seat ? `${seat.name} · ${tname(seat.character)}` : current;
    $("#sd-life").textContent = seat ? `${seat.life ?? "?"} / ${seat.max_life ?? "?"}` : "–";
    $("#sd-hand").textContent = seat ? String(seat.hand ?? "?") : "–";
    const out = !seat || seat.alive === false;
    seatDialog.querySelectorAll("button[data-field]").forEach((b) => { b.disabled = out; });
    $("#sd-turn").textContent = t("Give the turn to {seat}", { seat: current }, {});
    $("#sd-turn").disabled = out || getTurn() === current;
    const view = getView() || {};
    const acts = seat && !out && view.mode === "referee" ? actsFor(seat, view) : [];
    $("#sd-act").hidden = !acts.length;
    fill($("#sd-act-buttons"), acts.map(([label, move, question]) => h("button", { type: "button",
      onclick: async () => {
        if (question && !(await ask(...question))) return;
        const ack = await send("act_for", { seat: seat.name, move });
        if (ack.ok) seatDialog.close();
      } }, label)));
  };

  seatDialog.querySelectorAll("button[data-field]").forEach((btn) => btn.addEventListener("click", async () => {
    const seat = getSeat(current);
    if (!seat) return;
    const field = btn.dataset.field;
    const value = (Number(seat[field]) || 0) + Number(btn.dataset.delta);
    // Bounds are the server's to enforce: a refusal explains them in a banner. Only
    // taking the last life point asks first, since it eliminates the player.
    if (field === "life" && value === 0 && !(await ask(
      t("{seat} goes to 0 {life}: out of the game, role shown to everyone.", { seat: seat.name, life: word("life") }, {}),
      { yes: t("Eliminate"), title: t("Eliminate {seat}?", { seat: seat.name }, {}) }))) return;
    const ack = await send("host_move", { set: { seat: seat.name, [field]: value } });
    // A correction with a question open says what became of it (asked again, closed).
    if (ack.ok && ack.outcome) showBanner(ack.outcome, { kind: "info", key: "outcome" });
  }));

  $("#sd-reseat").addEventListener("click", async () => {
    const ack = await send("reseat", { seat: current });
    if (!ack.ok) return;
    $("#sd-claim").hidden = false;
    fill($("#sd-claim-url"), urlNodes(ack.claim_url));
    const img = $("#sd-claim-qr");
    if (ack.claim_qr_svg) {
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(ack.claim_qr_svg)}`;
      img.hidden = false;
    } else {
      img.hidden = true;
    }
  });
  // giving the turn ends the turn being played: it asks first
  $("#sd-turn").addEventListener("click", async () => {
    const turn = getTurn();
    if (!(await ask(turn ? t("{seat}'s turn ends where it stands and {other} plays next.", { seat: turn, other: current }, {})
      : t("{seat} plays next.", { seat: current }, {}),
    { yes: t("Give the turn"), title: t("Give the turn to {seat}?", { seat: current }, {}) }))) return;
    const ack = await send("host_move", { set: { turn: current } });
    if (ack.ok) seatDialog.close();
  });
  $("#sd-close").addEventListener("click", () => seatDialog.close());

  // Undo asks first, as every move that cannot be taken back does; Redo brings it back
  // (until a new move is made), so it does not ask.
  $("#undo").addEventListener("click", async () => {
    const what = lastMove(getLog());
    const text = t("Redo brings it back, until a new move is made.");
    if (await ask(what ? `${what} ${text}` : text, { yes: t("Undo"), title: t("Take back the last move?") })) {
      send("undo", {});
    }
  });
  $("#redo").addEventListener("click", () => send("redo", {}));
  $("#end-game").addEventListener("click", async () => {
    if (await ask(t("Everyone's role is shown and the game stops here."), { yes: t("End the game"), title: t("End the game?") })) {
      send("end_game", {});
    }
  });
  const ng = $("#new-game-dialog");
  $("#new-game-open").addEventListener("click", () => ng.showModal());
  $("#ng-cancel").addEventListener("click", () => ng.close());
  $("#ng-go").addEventListener("click", async () => {
    const ack = await send("new_game", { keep_characters: $("#ng-keep").checked, rotate_sheriff: $("#ng-rotate").checked });
    if (ack.ok) ng.close();
  });

  return {
    openSeat(name) {
      current = name;
      $("#sd-claim").hidden = true;
      drawSeat();
      seatDialog.showModal();
    },
    // the game just ended: its story takes the screen, the correction panel steps aside
    refresh({ ended = false } = {}) {
      if (ended && seatDialog.open) seatDialog.close();
      else if (seatDialog.open) drawSeat();
    },
  };
}
