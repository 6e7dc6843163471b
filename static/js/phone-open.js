// The phone page's first module (before the referee sheets, the language switch and
// phone.js): opens the seat's socket at once (link.js), so a slow Wi-Fi's handshake
// overlaps the time the rest of the page takes to start. phone.js then takes it over.
import { tableId } from "./dom.js";
import { takeToken, tokenInAddress } from "./token.js";
import { openEarly } from "./link.js";

const table = tableId();
const fresh = tokenInAddress();      // a phone just seated: the socket first, as storing
if (fresh) openEarly({ table, token: fresh });   // the token is a slow first use of storage
const token = takeToken(table);      // kept for a reload, wiped from the address bar
if (!fresh && token) openEarly({ table, token });
