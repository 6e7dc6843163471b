"""The phones of bench/fanout.py and bench/bare_fanout.py: Socket.IO clients over
WebSocket, one of three ways.

* `ThreadPhones`: `socketio.Client`, three threads a phone (the default run, as measured
  since the start, and what the bare stack's harness uses too).
* `AsyncPhones`: `socketio.AsyncClient` (aiohttp), every phone in one asyncio loop on one
  thread (the capacity run's phones until 2026-12-04: `--phones asyncio`).
* `LightPhones`: every phone one aiohttp WebSocket in one asyncio loop, its Engine.IO
  and Socket.IO packets made and read by python-engineio's and python-socketio's own
  packet classes (`engineio.packet.Packet`, `socketio.packet.Packet`), without the
  clients' machinery around them: AsyncClient starts a task for every message it
  receives, puts every packet it sends through a queue and a task of its own, and waits
  for each frame under `asyncio.wait_for`; a light phone reads its frames in one task
  and answers a ping at once. The capacity run's phones (`--phones light`, the default).

All give a phone `emit(event, data)` (it does not wait), `call(event, data, timeout)` and
`disconnect()`.
"""
from __future__ import annotations

import asyncio
import os
import threading
import time

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


class Loop:
    """One asyncio loop on a thread of its own for all the phones, and its lag."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.lags: list[float] = []       # how late a 10 ms sleep woke, while `watching`
        self.watching = False
        self.watcher = self.run(self._start(self._watch()), 5)
        self.tid = self.run(self._tid(), 5)         # the loop's thread, for its schedstat

    async def _tid(self) -> int:
        return threading.get_native_id()

    def before_others(self, nice: int = -10) -> bool:
        """Let the phones' loop thread run before the server's threads when both want
        a CPU (a lower nice value, Linux, where allowed: root or CAP_SYS_NICE): the
        server's thousands of threads would otherwise take the cores by the kernel's
        fair share per thread, and the phones read their messages late. Returns
        whether it was allowed."""
        try:
            os.setpriority(os.PRIO_PROCESS, self.tid, nice)
            return True
        except (OSError, AttributeError):
            return False

    async def _start(self, coro):
        return asyncio.ensure_future(coro)

    async def _stop(self, task) -> None:
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass

    async def _watch(self) -> None:
        """The loop's lag: a phone's message that arrives while the loop is busy is
        read (and its time taken) this late."""
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            if self.watching:
                self.lags.append(time.perf_counter() - t - 0.01)

    def run(self, coro, timeout: float):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.run(self._stop(self.watcher), 5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        if not self.thread.is_alive():
            self.loop.close()


class AsyncPhones(Loop):
    name = "asyncio"

    def connect(self, url: str, auth: dict, on_snapshot=None, headers=None) -> AsyncPhone:
        import socketio

        async def go():
            c = socketio.AsyncClient(reconnection=False)
            if on_snapshot:
                c.on("snapshot", on_snapshot)
            await c.connect(named(url, auth), auth=auth, headers=headers or {}, **OPTIONS)
            return c
        return AsyncPhone(self, self.run(go(), 30))


class Refused(Exception):
    """The server refused a phone's Socket.IO connection (CONNECT_ERROR)."""


class LightPhone:
    """One phone: an aiohttp WebSocket to `/socket.io/?EIO=4&transport=websocket` and
    the default namespace, packets by the libraries' classes."""

    def __init__(self, phones: "LightPhones", on_snapshot, event: str = "snapshot") -> None:
        self.phones, self.on_snapshot, self.event = phones, on_snapshot, event
        self.ws = None
        self.acks: dict[int, asyncio.Future] = {}
        self.ids = 0
        self.connected: asyncio.Future | None = None
        self.reader = None
        self.errors: list = []          # what the server sent as "error" events
        self.left = False               # disconnected by the harness

    async def open(self, url: str, auth: dict, headers) -> None:
        from engineio import packet as eio
        from socketio import packet as sio
        ws_url = (url.replace("http://", "ws://", 1) + "/socket.io/?EIO=4&transport=websocket"
                  + (f"&table={auth['table']}" if isinstance(auth.get("table"), str) else ""))
        self.ws = await self.phones.session.ws_connect(ws_url, headers=headers or {},
                                                       autoping=False, max_msg_size=0)
        opened = eio.Packet(encoded_packet=(await self.ws.receive(timeout=10)).data)
        if opened.packet_type != eio.OPEN:
            raise Refused(f"no Engine.IO open: {opened.packet_type}")
        self.connected = self.phones.loop.create_future()
        self.reader = asyncio.ensure_future(self.read())
        await self.send(sio.Packet(sio.CONNECT, data=auth))
        await asyncio.wait_for(self.connected, 10)

    async def send(self, pkt) -> None:
        from engineio import packet as eio
        await self.ws.send_str(eio.Packet(eio.MESSAGE, data=pkt.encode()).encode())

    async def read(self) -> None:
        from engineio import packet as eio
        from socketio import packet as sio
        import aiohttp
        ws, pong = self.ws, eio.Packet(eio.PONG).encode()
        try:
            while True:
                msg = await ws.receive()
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break                       # closed (this server sends no binary)
                p = eio.Packet(encoded_packet=msg.data)
                if p.packet_type == eio.PING:
                    await ws.send_str(pong)
                    continue
                if p.packet_type == eio.CLOSE:
                    break
                if p.packet_type != eio.MESSAGE:
                    continue
                m = sio.Packet(encoded_packet=p.data)
                p = msg = None          # not held while this phone waits (3,500 of them)
                if m.packet_type == sio.EVENT:
                    if m.data[0] == self.event and self.on_snapshot:
                        self.on_snapshot(m.data[1])
                    elif m.data[0] == "error":
                        self.errors.append(m.data[1:])
                elif m.packet_type == sio.ACK:
                    f = self.acks.pop(m.id, None)
                    if f is not None and not f.done():
                        f.set_result(m.data[0] if len(m.data) == 1 else tuple(m.data))
                elif m.packet_type == sio.CONNECT:
                    if not self.connected.done():
                        self.connected.set_result(m.data)
                elif m.packet_type == sio.CONNECT_ERROR:
                    if not self.connected.done():
                        self.connected.set_exception(Refused(m.data))
                elif m.packet_type == sio.DISCONNECT:
                    break
                m = None
        finally:
            self.phones.gone += not self.left
            if self.connected is not None and not self.connected.done():
                self.connected.set_exception(Refused("closed while connecting"))
            await ws.close()

    async def _emit(self, event: str, data, ack: bool = False):
        from socketio import packet as sio
        f = None
        if ack:
            self.ids += 1
            f = self.acks[self.ids] = self.phones.loop.create_future()
        await self.send(sio.Packet(sio.EVENT, data=[event, data],
                                   id=self.ids if ack else None))
        return f

    def emit(self, event: str, data) -> None:
        asyncio.run_coroutine_threadsafe(self._emit(event, data), self.phones.loop)

    def call(self, event: str, data, timeout: float = 10):
        async def go():
            return await asyncio.wait_for(await self._emit(event, data, ack=True), timeout)
        return self.phones.run(go(), timeout + 5)

    def disconnect(self) -> None:
        self.left = True

        async def go():
            from socketio import packet as sio
            if not self.ws.closed:
                try:
                    await self.send(sio.Packet(sio.DISCONNECT))
                finally:
                    await self.ws.close()
        self.phones.run(go(), 15)


class LightPhones(Loop):
    name = "light"

    def __init__(self) -> None:
        super().__init__()
        self.gone = 0                   # phones whose connection ended (not by us)
        self.retries = 0                # handshakes tried again (connect)

        async def session():
            import aiohttp
            # one session and connector for every phone, no limit to their count
            return aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        self.session = self.run(session(), 10)

    def connect(self, url: str, auth: dict, on_snapshot=None, headers=None,
                event: str = "snapshot") -> LightPhone:
        """A connected phone (`on_snapshot` takes the data of each `event` it gets). A WebSocket handshake that fails on the way (the
        connection closed before the server's answer: seen once in a few runs at 500
        tables) is tried again, at most twice, and counted in `retries`; a refusal by
        the server (CONNECT_ERROR) is not."""
        for attempt in range(3):
            phone = LightPhone(self, on_snapshot, event)
            try:
                self.run(phone.open(url, auth, headers), 30)
                return phone
            except Refused:
                raise
            except Exception:
                if attempt == 2:
                    raise
                self.retries += 1
        raise AssertionError("unreachable")

    def close(self) -> None:
        try:
            self.run(self.session.close(), 10)
        except Exception:
            pass
        super().close()
