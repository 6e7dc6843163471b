"""The message queue between the processes of a hosted server (Redis): what it carries
is each table change's messages, one queue message per change, to every process, and
each process delivers them to the sockets it holds.

The process that made a change builds each room's message once (companion.hub: a
seat's snapshot or patch, in each language its phones read), encodes it as the
Socket.IO packet its sockets get, and publishes all of them as one queue message:

    bang-rooms\\n<room>\\t<packet>\\n<room>\\t<packet>...

(a room's name and a JSON packet hold no tab or newline). Every process, the sender
too, reads each message in the queue's order and hands a room's packet, as it is, to
the room's sockets in that process; a room none of its sockets is in is skipped
without being read. Nothing is decoded, worded or encoded again on the way: a move
costs the processes about what it costs the laptop server, plus one publish and one
read per process (docs/benchmarks.md, "Hosted"). Everything else the server sends
(an error to a seat's rooms, a disconnection) goes through python-socketio's own
Redis manager on the same channel, so in the same order
(companion.seams.socketio.RedisQueue).
"""
from __future__ import annotations

import logging

from socketio.packet import EVENT

from .seams.socketio import ROOMS_MARK, RedisQueue, queue_without_binary_search
from .wire import JsonPacket

log = logging.getLogger(__name__)


def pack(messages: list[tuple[str, str, object]]) -> bytes:
    """One queue message for `messages`: (room, event, data) each."""
    lines = [ROOMS_MARK.rstrip(b"\n")]
    for room, event, data in messages:
        text = JsonPacket(EVENT, data=[event, data]).encode()
        lines.append(f"{room}\t{text}".encode())
    return b"\n".join(lines)


def unpack(message: bytes):
    """(room, packet bytes) for each room of one queue message."""
    for line in message.split(b"\n")[1:]:
        room, tab, text = line.partition(b"\t")
        if tab:
            yield room.decode(), text


class Relay:
    """The sending and delivering side of one process."""

    def __init__(self, queue: RedisQueue) -> None:
        self.queue = queue
        self.received = 0           # changes' messages read from the queue (/metrics)
        queue.on_rooms = self.deliver

    def publish(self, messages: list[tuple[str, str, object]],
                table_id: str | None = None) -> None:
        """One change's messages, on its table's channel (None: the server's own)."""
        if messages:
            self.queue.publish_raw(pack(messages), None if table_id is None
                                   else self.queue.table_channel(table_id))

    def follow(self, table_id: str) -> None:
        """A socket of `table_id` attached in this process: hear its table's changes
        (waits until the queue has confirmed it, the first time)."""
        self.queue.follow(table_id)

    def unfollow(self, table_id: str) -> None:
        """That socket is gone (the table's last one here: its changes no longer heard)."""
        self.queue.unfollow(table_id)

    def deliver(self, message: bytes) -> None:
        """A queue message's packets to this process's sockets in their rooms (the queue's
        listening thread)."""
        server = self.queue.server
        self.received += 1
        for room, text in unpack(message):
            sids = [eio for _, eio in server.manager.get_participants("/", room)]
            if not sids:
                continue                    # none of this process's sockets: not read
            packet = text.decode()
            for eio_sid in sids:
                try:
                    server.eio.send(eio_sid, packet)
                except Exception as e:      # gone in the meantime
                    log.debug("no message for %s: %s", eio_sid, type(e).__name__)


def manager(url: str) -> RedisQueue:
    """The client manager for `SocketIO(client_manager=...)`."""
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError("the message queue is a Redis URL: redis://host:port/db")
    queue_without_binary_search()
    return RedisQueue(url, channel="bang-companion")
