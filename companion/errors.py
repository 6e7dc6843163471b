"""The one error type the server raises for a request it will not carry out.

Engine refusals (`engine.Refusal`) travel to clients unchanged; a `Problem` is the
server's own "no" (a bad payload, a wrong secret, an action that does not fit the
table's status). Both become `{"code", "message", "rule", "rule_title"}` for the client
(the title is what a player reads, the id makes the link to the rules page; no rule, no
title). The message and the title are messages (engine/say.py): the page makes them into
sentences in its reader's language; `Problem.message` is the English one (logs, CLI).
"""
from __future__ import annotations

from engine import BOOK
from engine.say import KEY, N_, english, is_message, msg, name

# Every code the server itself uses, with what it means (docs/protocol.md lists them).
SERVER_CODES: dict[str, str] = {
    "bad_request": N_("The message is not in the shape the protocol describes."),
    "no_table": N_("No table with this id exists on this server."),
    "not_host": N_("Only the host screen (with the table's host cookie) may do this."),
    "bad_token": N_("The seat token is not known at this table."),
    "revoked": N_("This seat was moved to another phone; this phone is locked out."),
    "kicked": N_("The host removed this player from the lobby."),
    "bad_name": N_("The name is empty, too long or already taken at this table."),
    "table_full": N_("The lobby already holds as many players as the game allows."),
    "wrong_status": N_("The table is not in the right stage for this (lobby, playing, over)."),
    "bad_deal": N_("The deal could not be made (player count, characters or options)."),
    "nothing_to_undo": N_("There is no move left to take back in this game."),
    "nothing_to_redo": N_("There is no move to bring back: only what an undo took back, "
                          "before a new move is made."),
    "not_yours": N_("Only your own last move can be taken back, while nobody has acted since."),
    "bad_origin": N_("Requests from another site are refused."),
    "bad_host": N_("This server does not answer to that name (the Host header)."),
    "bad_record": N_("The file is not a game record this server can replay."),
    "busy": N_("The table changed elsewhere many times in a row; nothing was changed: try again."),
    "server_full": N_("This server is at its limit of tables or connections; try again later."),
    "slow_down": N_("Too many messages at once from this phone; wait a moment."),
    "table_closed": N_("This table was closed: nobody played at it or had it open for a long "
                       "time."),
    "too_many_tables": N_("Too many new tables from this address in a short time; try again "
                          "later."),
    "internal": N_("Something went wrong on the server; nothing was changed."),
}


class Problem(Exception):
    """A request the server refuses; the table is left as it was."""

    def __init__(self, code: str, message: dict | None = None, rule: str = "") -> None:
        if code not in SERVER_CODES:
            raise KeyError(f"undocumented server code {code!r}")
        self.code = code
        # a message (msg(...)); a plain string from elsewhere (a Python exception's
        # text) is no catalog entry: it is shown as it is, in every language
        if message is None or message == "":
            message = msg(SERVER_CODES[code])
        elif not is_message(message):
            message = {KEY: "{text}", "text": str(message)}
        self.say = message
        self.message = english(message)
        self.rule = rule
        super().__init__(self.message)

    def to_dict(self) -> dict:
        out = {"code": self.code, "message": self.say, "rule": self.rule}
        if self.rule:
            out["rule_title"] = name(BOOK.title(self.rule))
        return out


def said(e: BaseException) -> dict:
    """What an engine exception (Refusal, RecordError) says, as a message: its own message
    when it carries one (`say`), else its text shown as it is."""
    say = getattr(e, "say", None)
    if is_message(say):
        return say
    text = getattr(e, "message", None) or str(e)
    return text if is_message(text) else {KEY: "{text}", "text": str(text)}
