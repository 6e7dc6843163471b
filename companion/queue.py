"""The Socket.IO message queue between the processes of a hosted server (Redis).

python-socketio's own Redis manager, with two costs taken out:

* it searches every emitted payload for binary attachments before publishing it
  (about 1 ms per 5 KB snapshot, more than building it); the companion only ever sends
  JSON it built itself, so the search is skipped (as `wire.JsonPacket` does for the
  packets);
* it would read the queue's messages with the packets' guarded JSON (depth limits,
  meant for what phones send); the queue carries only what our own processes wrote,
  so it is read with the plain json module;
And one change of order. python-socketio delivers an emit to the emitting process's
own sockets at once and publishes it for the others. A phone on process B would then
get B's move 9 (delivered at once) before A's move 8 (still on its way through the
queue), though A's was acknowledged first. Here a process delivers its emits to
tables' rooms (`seat:...`, `host:...`) when they come back from the queue, like every
other process: each process delivers every table's snapshots in the one order Redis
gives them, which is the order they were sent in. (An emit to one socket, such as a
refused connection's error, is still delivered at once.)
"""
from __future__ import annotations

import json

import socketio
from socketio import pubsub_manager
from socketio.packet import Packet


class _JsonOnly(Packet):
    @classmethod
    def data_is_binary(cls, data) -> bool:
        return False


# PubSubManager.emit asks the module's Packet; only this server's managers use it
pubsub_manager.Packet = _JsonOnly


class PlainJson:
    @staticmethod
    def dumps(obj, **kw):
        return json.dumps(obj, ensure_ascii=False, **kw)

    loads = staticmethod(json.loads)


ROOMS = ("seat:", "host:")          # companion.hub's rooms
BACK = "queue"                      # the host_id of our own emits come back


class RedisQueue(socketio.RedisManager):
    def set_server(self, server) -> None:
        super().set_server(server)
        self.json = PlainJson

    def _handle_emit(self, message: dict) -> None:
        room = message.get("room")
        if (message.get("host_id") == self.host_id and isinstance(room, str)
                and room.startswith(ROOMS)):
            return                  # delivered when it comes back from the queue
        super()._handle_emit(message)

    def _listen(self):
        # our own emits come back with our host_id, which the listening thread would
        # skip: they are marked as back from the queue, and delivered in its order
        mine = f'"host_id": "{self.host_id}"}}'.encode()
        for data in super()._listen():
            if (isinstance(data, bytes) and data.startswith(b'{"method": "emit"')
                    and data.endswith(mine)):
                message = self.json.loads(data)
                if not str(message.get("room")).startswith(ROOMS):
                    continue        # delivered at once already
                message["host_id"] = BACK
                yield message
            else:
                yield data


def manager(url: str) -> RedisQueue:
    """The client manager for `SocketIO(client_manager=...)`."""
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError("the message queue is a Redis URL: redis://host:port/db")
    return RedisQueue(url, channel="bang-companion")
