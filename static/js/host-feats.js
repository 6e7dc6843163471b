// BANG! Legends on the host screen: the Feat row and who is a Legend (stub).
export function renderHostFeats(snap) {}
