// Referee mode's hook in the phone page. Tracker tables never load the referee UI: only
// a referee table's page has the <script> of referee-phone.js (templates/_phone_referee.html),
// which registers here. Until it has, the newest snapshot waits for it.
let ui = null;
let last = null;
let wired = null;

export function wireReferee(move, ask) {
  wired = { move, ask };
  if (ui) ui.wireReferee(move, ask);
}

export function renderReferee(snap, move) {
  last = [snap, move];
  if (ui) ui.renderReferee(snap, move);
}

/** Called once by referee-phone.js when it has loaded. */
export function register(module) {
  ui = module;
  if (wired) ui.wireReferee(wired.move, wired.ask);
  if (last) ui.renderReferee(...last);
}
