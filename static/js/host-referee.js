// Referee mode on the host screen (stub).
export function wireHostReferee(send) {}
export function renderHostReferee(snap, send) {}
