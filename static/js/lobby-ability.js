// In the lobby of a table whose ruleset has ability cards known only by name (BANG! Star
// Wars): the player names the card they drew, with its energy. Sent as the socket event
// `character` through the phone page's connection (phone.js listens for "seat-send").
import { t } from "./i18n.js";

const form = document.getElementById("own-ability");
const send = (character) => new Promise((resolve) => {
  dispatchEvent(new CustomEvent("seat-send", { detail: ["character", { character }, resolve] }));
});

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const name = document.getElementById("own-ability-name").value.trim();
  const energy = Number(document.getElementById("own-ability-energy").value);
  if (!name) return;
  const ack = await send({ name, energy });
  if (ack && ack.ok) document.getElementById("own-ability-now").textContent = t("You will play {character} ({energy}).", { character: name, energy });
});
document.getElementById("own-ability-clear").addEventListener("click", async () => {
  const ack = await send(null);
  if (ack && ack.ok) document.getElementById("own-ability-now").textContent = t("The app deals you one.");
});
