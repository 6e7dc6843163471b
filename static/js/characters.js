// Character names per ruleset, for the host's "I drew ..." chooser. Only names: their
// abilities and life come from the server's view once the game is dealt.
export const CHARACTERS = {
  base: [
    "Bart Cassidy", "Black Jack", "Calamity Janet", "El Gringo", "Jesse Jones", "Jourdonnais",
    "Kit Carlson", "Lucky Duke", "Paul Regret", "Pedro Ramirez", "Rose Doolan", "Sid Ketchum",
    "Slab the Killer", "Suzy Lafayette", "Vulture Sam", "Willy the Kid",
  ],
};

export const charactersFor = (ruleset) => CHARACTERS[ruleset] || CHARACTERS.base;
