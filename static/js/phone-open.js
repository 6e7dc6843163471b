// The phone page's first module (before the referee sheets, the language switch and
// phone.js): opens the seat's socket at once (link.js), so a slow Wi-Fi's handshake
// overlaps the time the rest of the page takes to start. phone.js then takes it over.
import { tableId } from "./dom.js";
import { takeToken } from "./token.js";
import { openEarly } from "./link.js";

const table = tableId();
const token = takeToken(table);
if (token) openEarly({ table, token });
