// BANG! Legends on the phone: the Feat and fame tracker (stub).
export function wireFeats(move) {}
export function renderFeats(snap, move) {}
