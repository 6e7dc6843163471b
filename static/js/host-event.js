// The event of the round on the host screen (High Noon, A Fistful of Cards): its name large
// enough to read across the table, what it does in plain words, the card that comes next
// (the event pile lies face up), the host's entry of an event drawn from a real deck, and
// the chime and read-aloud that announce a new one (static/js/announce.js), each with its
// switch, remembered on this laptop.
import { $, h, fill, get, list } from "./dom.js";
import { announce, isOn, onVoices, setOn, voice } from "./announce.js";
import { t } from "./i18n.js";

let seen;            // the event last shown ("" for none): undefined until the first snapshot
let announced = 0;
let cards = [];      // the table's deck, for the host's entry: [{id, name}]
let entered = false; // the host entered this turn's event (until the turn moves on)

const text = (v) => (v === null || v === undefined ? "" : String(v));

function voiceNote() {
  const note = $("#event-voice");
  if (note) note.hidden = !($("#event-speak") || {}).checked || !!voice();
}

/** The lobby's choice of event deck, as the deal's options ({} for none). */
export function eventOptions() {
  const set = $("#event-setup");
  const deck = set ? (set.querySelector('input[name="event-deck"]:checked') || {}).value : "none";
  if (!deck || deck === "none") return {};
  return { events: deck, event_bonus: $("#event-bonus").checked, event_cards: $("#event-own").checked ? "table" : "app" };
}

function wireSetup() {
  const set = $("#event-setup");
  if (!set) return;
  const show = () => {
    const deck = (set.querySelector('input[name="event-deck"]:checked') || {}).value || "none";
    $("#event-more").hidden = deck === "none";
    $("#event-bonus-row").hidden = deck === "fistful";      // High Noon's bonus cards
  };
  set.addEventListener("change", show);
  show();
}

export function wireHostEvent(send) {
  wireSetup();
  const card = $("#event-card");
  if (!card) return;
  for (const what of ["chime", "speak"]) {
    const box = $(`#event-${what}`);
    box.checked = isOn(what);
    box.addEventListener("change", () => { setOn(what, box.checked); voiceNote(); });
  }
  voiceNote();
  onVoices(voiceNote);
  const dialog = $("#event-dialog");
  $("#event-enter").addEventListener("click", () => {
    const chosen = get(card, "dataset", "event") || "";
    fill($("#event-choices"), cards.map((c, i) => h("label", { class: "choice" },
      h("input", { type: "radio", name: "event-choice", value: c.id, checked: c.id === chosen || (!chosen && i === 0) }),
      h("span", {}, text(c.name)))));
    dialog.showModal();
  });
  $("#event-cancel").addEventListener("click", () => dialog.close());
  $("#event-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const pick = dialog.querySelector('input[name="event-choice"]:checked');
    if (!pick) return;
    const ack = await send("host_move", { event_revealed: pick.value });
    // a refusal shows in the dialog itself (connection.js's banner), with its reason
    if (ack && ack.ok) { entered = true; dialog.close(); $("#event-enter").classList.remove("primary"); }
  });
}

/** The event card from a host snapshot: hidden at a table without an event deck. */
export function renderHostEvent(snap) {
  const card = $("#event-card");
  if (!card) return;
  const view = get(snap, "view") || {};
  const deck = view.event_deck || null;
  const event = view.event || null;
  card.hidden = !deck && !event;
  if (card.hidden) { seen = ""; return; }
  // the deck's cards with their names in the host's language (companion/snapshots.py)
  cards = list(get(snap, "table", "event_cards"));
  // a table that plays with its own event cards: the host enters each one turned up
  const enter = $("#event-enter");
  enter.hidden = !(deck && deck.cards === "table" && cards.length);
  // the moment to enter it: the start of the turn that begins a round, before its first
  // move (the Sheriff's; at a table of three the Deputy's: the server names the seat)
  const opens = get(snap, "table", "round_opens");
  if (view.phase !== "start") entered = false;
  enter.classList.toggle("primary", !entered && view.phase === "start" && !!opens && view.turn === opens);
  card.dataset.event = event ? text(event.id) : "";
  card.classList.toggle("final", !!(event && event.final));
  $("#event-name").textContent = event ? text(event.name) : t("No event yet");
  $("#event-effect").textContent = event ? text(event.effect)
    : deck && deck.cards === "table" ? t("As the second round begins, turn up the first event card and enter it here.")
      : t("The first event comes out as the second round begins.");
  const next = deck && deck.next ? cards.find((c) => c.id === deck.next) : null;
  $("#event-next").textContent = event && event.final ? t("It stays until the game ends.")
    : next ? t("Next: {event}", { event: text(next.name) }) : "";
  const rule = $("#event-rule");
  rule.hidden = !event || !event.rule;
  if (event && event.rule) rule.href = `/rules#${String(event.rule).replace(/\./g, "-")}`;
  const key = event ? text(event.id) : "";     // each card comes out once
  // A new event since the last snapshot (not the one already out when the page opened).
  if (seen !== undefined && key && key !== seen) {
    const said = t("New event: {event}. {effect}", { event: text(event.name), effect: text(event.effect) });
    const done = announce(said);
    announced += 1;
    card.dataset.chimed = done.chime ? "1" : "0";
    card.dataset.spoken = done.speak ? "1" : "0";
    card.dataset.announced = String(announced);
    $("#event-said").textContent = said;
  }
  seen = key;
}
