"""The one error type the server raises for a request it will not carry out.

Engine refusals (`engine.Refusal`) travel to clients unchanged; a `Problem` is the
server's own "no" (a bad payload, a wrong secret, an action that does not fit the
table's status). Both become `{"code", "message", "rule", "rule_title"}` for the client
(the title is what a player reads, the id makes the link to the rules page; no rule, no
title).
"""
from __future__ import annotations

# Every code the server itself uses, with what it means (docs/protocol.md lists them).
SERVER_CODES: dict[str, str] = {
    "bad_request": "The message is not in the shape the protocol describes.",
    "no_table": "No table with this id exists on this server.",
    "not_host": "Only the host screen (with the table's host cookie) may do this.",
    "bad_token": "The seat token is not known at this table.",
    "revoked": "This seat was moved to another phone; this phone is locked out.",
    "kicked": "The host removed this player from the lobby.",
    "bad_name": "The name is empty, too long or already taken at this table.",
    "table_full": "The lobby already holds as many players as the game allows.",
    "wrong_status": "The table is not in the right stage for this (lobby, playing, over).",
    "bad_deal": "The deal could not be made (player count, characters or options).",
    "nothing_to_undo": "There is no move left to take back in this game.",
    "not_yours": "Only your own last move can be taken back, while nobody has acted since.",
    "bad_origin": "Requests from another site are refused.",
    "bad_host": "This server does not answer to that name (the Host header).",
    "bad_record": "The file is not a game record this server can replay.",
    "busy": "The table changed elsewhere many times in a row; nothing was changed: try again.",
    "server_full": "This server is at its limit of tables or connections; try again later.",
    "slow_down": "Too many messages at once from this phone; wait a moment.",
    "internal": "Something went wrong on the server; nothing was changed.",
}


class Problem(Exception):
    """A request the server refuses; the table is left as it was."""

    def __init__(self, code: str, message: str = "", rule: str = "") -> None:
        if code not in SERVER_CODES:
            raise KeyError(f"undocumented server code {code!r}")
        self.code = code
        self.message = message or SERVER_CODES[code]
        self.rule = rule
        super().__init__(self.message)

    def to_dict(self) -> dict:
        from engine.rulebook import title
        out = {"code": self.code, "message": self.message, "rule": self.rule}
        if self.rule:
            out["rule_title"] = title(self.rule)
        return out
