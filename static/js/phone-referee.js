// Referee mode on the phone: play a card, answer questions, ask the referee (stub).
export function wireReferee(move) {}
export function renderReferee(snap, move) {}
