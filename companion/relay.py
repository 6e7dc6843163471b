"""The message queue between the processes of a hosted server (Redis): it carries
every table change's messages to every process, and each delivers them to the sockets
it holds (companion.hub). The library's manager, with the changes this server makes to
it, is companion.seams.socketio.RedisQueue.
"""
from __future__ import annotations

from .seams.socketio import RedisQueue, queue_without_binary_search


def manager(url: str) -> RedisQueue:
    """The client manager for `SocketIO(client_manager=...)`."""
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError("the message queue is a Redis URL: redis://host:port/db")
    queue_without_binary_search()
    return RedisQueue(url, channel="bang-companion")
