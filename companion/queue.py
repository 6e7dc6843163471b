"""The Socket.IO message queue between the processes of a hosted server (Redis).

python-socketio's own Redis manager, with two costs taken out:

* it searches every emitted payload for binary attachments before publishing it
  (about 1 ms per 5 KB snapshot, more than building it); the companion only ever sends
  JSON it built itself, so the search is skipped (as `wire.JsonPacket` does for the
  packets);
* it would read the queue's messages with the packets' guarded JSON (depth limits,
  meant for what phones send); the queue carries only what our own processes wrote,
  so it is read with the plain json module;
* every process reads back its own emits from the queue, decodes them and only then
  sees they are its own (it delivered them to its sockets already): they are
  recognised by their last bytes, and not decoded.
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


class RedisQueue(socketio.RedisManager):
    def set_server(self, server) -> None:
        super().set_server(server)
        self.json = PlainJson

    def _listen(self):
        # PubSubManager.emit publishes {"method": "emit", ..., "host_id": <ours>} last
        # key last (PlainJson.dumps keeps the order)
        mine = f'"host_id": "{self.host_id}"}}'.encode()
        for data in super()._listen():
            if (isinstance(data, bytes) and data.startswith(b'{"method": "emit"')
                    and data.endswith(mine)):
                continue
            yield data


def manager(url: str) -> RedisQueue:
    """The client manager for `SocketIO(client_manager=...)`."""
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError("the message queue is a Redis URL: redis://host:port/db")
    return RedisQueue(url, channel="bang-companion")
