"""What arrives on the wire, bounded before it is read (docs/protocol.md, "Limits").

* `SafeJson`: the packets' JSON. Out: UTF-8 rather than \\u escapes. In: at most
  `DEPTH_MAX` levels deep, integers of at most `DIGITS_MAX` digits, no NaN/Infinity;
  anything else is a ValueError (the packet is dropped), never a RecursionError.
* `JsonPacket`: Socket.IO packets with that JSON; a packet that cannot be decoded,
  an event that is not `[name, ...]` or that uses a reserved name (`connect`,
  `disconnect`...) is answered `bad_request` when it asked for an ack (it becomes the
  event `bad_message`), and otherwise dropped with one short log line.
* the WebSocket transport (companion.seams.simple_websocket, installed by `install`):
  every message capped at `MESSAGE_MAX` bytes *while it arrives*, read in the request's
  own thread, with a read timeout (`READ_TIMEOUT`) so a silent peer frees its thread.
* `one_line`: the libraries' log records of a bad packet as one plain line, without
  the traceback.
* `text`, `read`: the JSON of what the server sends (and reads back of its own) with
  orjson, about five times faster than the json module on a snapshot; the same compact
  text (UTF-8 as it is, no spaces). A value orjson refuses (an integer past 64 bits)
  is written by the json module instead.
"""
from __future__ import annotations

import json
import logging

import orjson

from flask.json.provider import DefaultJSONProvider
from socketio.packet import ACK, BINARY_ACK, BINARY_EVENT, EVENT

from engine.record import depth
from engine.say import english, msg

from .seams.socketio import JsonOnlyPacket

log = logging.getLogger(__name__)

MESSAGE_MAX = 64 * 1024        # bytes: a Socket.IO message, an HTTP body
DEPTH_MAX = 16                 # nesting of JSON arrays and objects in a message
DIGITS_MAX = 20                # digits of an integer in a message (a seed has 16)
# names a client may never send as an event: the library would run the connect or
# disconnect handler as if it were one (Socket.IO reserves them)
RESERVED = ("connect", "connect_error", "disconnect", "disconnecting", "newListener",
            "removeListener")
BAD_EVENT = "bad_message"     # what a malformed event that wants an ack is turned into
PING_INTERVAL = 25             # seconds between the server's pings (Engine.IO's default)
PING_TIMEOUT = 20              # seconds a client has to answer one
READ_TIMEOUT = 50.0            # seconds of silence on a WebSocket before closing it: a ping
                               # and its pong, with time to spare


def text(obj) -> str:
    """The compact JSON text of a value the server sends (see the module docstring)."""
    try:
        return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def read(text: str):
    """A value from JSON the server wrote itself (`text`): not for what clients send."""
    return orjson.loads(text)


def not_an_event(name: str) -> dict:
    """Why an event a client sent is refused: a name reserved by Socket.IO, or one the
    server has no handler for."""
    return msg("'{event}' is not an event a client sends.", event=name[:40])


def _int(text: str) -> int:
    if len(text.lstrip("-")) > DIGITS_MAX:
        raise ValueError(f"an integer has at most {DIGITS_MAX} digits")
    return int(text)


def _constant(name: str):
    raise ValueError(f"{name} is not JSON")


class SafeJson:
    """The `json` module the packets use (see the module docstring)."""

    @staticmethod
    def dumps(obj, **kw):
        if kw.get("separators") == (",", ":") and len(kw) == 1:   # a packet's JSON
            return text(obj)
        return json.dumps(obj, ensure_ascii=False, **kw)

    @staticmethod
    def loads(text, **kw):
        try:
            value = json.loads(text, parse_int=_int, parse_constant=_constant)
        except RecursionError:
            raise ValueError("JSON nested too deeply") from None
        if depth(value, DEPTH_MAX) > DEPTH_MAX:
            raise ValueError(f"JSON nested more than {DEPTH_MAX} levels")
        return value


class SafeJsonProvider(DefaultJSONProvider):
    """Flask's JSON (request bodies) with the same limits as the packets'."""

    def loads(self, s, **kw):
        return SafeJson.loads(s)


class JsonPacket(JsonOnlyPacket):
    """Socket.IO packets without the search for binary attachments (the server only
    sends JSON: companion.seams.socketio), read with `SafeJson`. A packet that cannot
    be read is one short ValueError."""
    json = SafeJson

    def __init__(self, *args, encoded_packet=None, **kw):
        if encoded_packet is not None and not (isinstance(encoded_packet, (str, bytes))
                                               and encoded_packet):
            # python-socketio would read an empty (or JSON-decoded) message as an event
            # without a name
            raise ValueError("a Socket.IO message is a non-empty text")
        super().__init__(*args, encoded_packet=encoded_packet, **kw)

    def decode(self, encoded_packet):
        try:
            count = super().decode(encoded_packet)
        except Exception as e:
            return self._refuse(msg("The message is not valid JSON within the limits "
                                    "({why}).", why=str(e)[:80] or type(e).__name__))
        if self.packet_type in (EVENT, BINARY_EVENT):
            if not (isinstance(self.data, list) and self.data
                    and isinstance(self.data[0], str)):
                return self._refuse(msg("A message is [event name, payload]."))
            if self.data[0] in RESERVED:
                return self._refuse(not_an_event(self.data[0]))
        elif self.packet_type in (ACK, BINARY_ACK) and not isinstance(self.data, list):
            raise ValueError("malformed Socket.IO ack")
        return count

    def _refuse(self, reason: dict) -> int:
        """An event that asked for an ack becomes BAD_EVENT, whose handler answers the
        reason (a message); any other bad packet is dropped (one log line, in English)."""
        if (self.packet_type in (EVENT, BINARY_EVENT)
                and isinstance(getattr(self, "id", None), int)):
            # a binary one too (its attachments, if sent, are then dropped one by one)
            self.packet_type, self.data, self.attachment_count = EVENT, [BAD_EVENT, reason], 0
            return 0
        raise ValueError(english(reason))


class OneLine(logging.Filter):
    """A record with a traceback becomes one line naming the exception."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            e = record.exc_info[1]
            record.msg = f"{record.getMessage()}: {type(e).__name__}: {str(e)[:120]}"
            record.args = ()
            record.exc_info = record.exc_text = None
        return True


def library_logger(name: str) -> logging.Logger:
    """The logger given to python-socketio or python-engineio: warnings and errors, one
    line each, through the application's own logging (the libraries' default logger
    has a handler of its own, so that every line would be printed twice)."""
    logger = logging.getLogger(f"companion.{name}")
    logger.setLevel(logging.WARNING)
    if not any(isinstance(f, OneLine) for f in logger.filters):
        logger.addFilter(OneLine())
    return logger
