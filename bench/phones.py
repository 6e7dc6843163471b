"""The phones of bench/fanout.py: python-socketio clients over WebSocket, one of two ways.

* `ThreadPhones`: `socketio.Client`, three threads a phone (the default run, as measured
  since the start, and what the bare stack's harness uses too).
* `AsyncPhones`: `socketio.AsyncClient` (aiohttp), every phone in one asyncio loop on one
  thread. The capacity run uses these: with a thousand phones, three thousand threads
  fight over the GIL and the harness, not the server, sets the p99.

Both give a phone `emit(event, data)` (it does not wait), `call(event, data, timeout)` and
`disconnect()`.
"""
from __future__ import annotations

import asyncio
import threading

OPTIONS = {"transports": ["websocket"], "wait_timeout": 10}


class ThreadPhones:
    name = "threads"

    def connect(self, url: str, auth: dict, on_snapshot=None, headers=None):
        import socketio
        c = socketio.Client(reconnection=False)
        if on_snapshot:
            c.on("snapshot", on_snapshot)
        c.connect(named(url, auth), auth=auth, headers=headers or {}, **OPTIONS)
        return c

    def close(self) -> None:
        pass


def named(url: str, auth: dict) -> str:
    """The socket's URL naming its table, as the pages' (static/js/link.js): a proxy
    may send a table's sockets to one process (docs/deploy.md)."""
    return f"{url}?table={auth['table']}" if isinstance(auth.get("table"), str) else url


class AsyncPhone:
    def __init__(self, phones: "AsyncPhones", client) -> None:
        self.phones, self.client = phones, client

    def emit(self, event: str, data) -> None:
        asyncio.run_coroutine_threadsafe(self.client.emit(event, data), self.phones.loop)

    def call(self, event: str, data, timeout: float = 10):
        return self.phones.run(self.client.call(event, data, timeout=timeout), timeout + 5)

    def disconnect(self) -> None:
        self.phones.run(self.client.disconnect(), 15)


class AsyncPhones:
    name = "asyncio"

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro, timeout: float):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def connect(self, url: str, auth: dict, on_snapshot=None, headers=None) -> AsyncPhone:
        import socketio

        async def go():
            c = socketio.AsyncClient(reconnection=False)
            if on_snapshot:
                c.on("snapshot", on_snapshot)
            await c.connect(named(url, auth), auth=auth, headers=headers or {}, **OPTIONS)
            return c
        return AsyncPhone(self, self.run(go(), 30))

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
