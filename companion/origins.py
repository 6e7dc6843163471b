"""Which `Host` and `Origin` headers the server answers (docs/protocol.md, "Origins"):
what keeps other sites' pages from reaching the server. The module is named for what
it guards; everywhere else "host" means the table's screen.

DNS rebinding: a page on `evil.example` whose name is made to point at the laptop
sends requests with `Host: evil.example` and `Origin: http://evil.example`: same-origin
to the browser, so only the `Host` header shows it. Every request (pages, POSTs, the
Socket.IO handshake) must therefore name the server by an address it serves:

* an IP address of this machine (loopback, or one of its interfaces: looked up again,
  at most every few seconds, when an unknown address appears, since a laptop may
  change networks while it runs),
* `localhost`, the machine's host name (and `<name>.local`),
* the host of the public URL (`--public-url`, or the LAN address the server shows),
* any name in the `ALLOWED_HOSTS` setting.

A request with any other Host gets 400 (`bad_host`). A browser's `Origin` must name
the same host as `Host` (or the public URL); `Origin: null` (a sandboxed frame, a
`data:` page, a file) is refused: a POST gets 403 `bad_origin`, a Socket.IO handshake
400.
"""
from __future__ import annotations

import ipaddress
import socket
import threading
import time
from urllib.parse import urlsplit

from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from engine.say import msg

from . import i18n, net

BAD_HOST = msg("This server does not answer to that name. Open the address the host "
               "screen shows.")

RESCAN_EVERY = 5.0      # seconds between two looks at the interfaces' addresses


def hostname(netloc: str) -> str:
    """The host part of a `Host` header or URL netloc, lower case, without the port."""
    netloc = netloc.strip().lower()
    if netloc.startswith("["):
        return netloc[1:netloc.find("]")] if "]" in netloc else ""
    return netloc.rsplit(":", 1)[0] if netloc.count(":") == 1 else netloc


class Origins:
    """The names and addresses this server answers to."""

    def __init__(self, base_url: str = "", extra: tuple[str, ...] | list[str] = ()) -> None:
        names = {"localhost", "localhost.localdomain"}
        try:
            me = socket.gethostname().lower()
            names |= {me, f"{me}.local"}
        except OSError:
            pass
        if base_url:
            names.add(hostname(urlsplit(base_url).netloc))
        self.public = urlsplit(base_url).netloc.lower() if base_url else ""
        self.names = names | {hostname(n) for n in extra}
        self._addresses: set[str] = set()
        self._scanned = 0.0
        self._lock = threading.Lock()

    def _own(self, ip: ipaddress._BaseAddress) -> bool:
        if ip.is_loopback or str(ip) in self.names:
            return True
        with self._lock:
            if str(ip) in self._addresses:
                return True
            if time.monotonic() - self._scanned < RESCAN_EVERY:
                return False
            self._scanned = time.monotonic()
            found = set(net.candidates()) | set(net._interfaces())
            try:
                found |= {a[4][0] for a in socket.getaddrinfo(socket.gethostname(), None)}
            except OSError:
                pass
            self._addresses = found
            return str(ip) in found

    def allowed(self, host_header: str) -> bool:
        """May a request naming `host_header` be answered?"""
        name = hostname(host_header or "")
        if not name:
            return False
        try:
            ip = ipaddress.ip_address(name)
        except ValueError:
            return name in self.names
        return self._own(ip)

    def same_origin(self, origin: str | None, host_header: str) -> bool:
        """Does a browser's `Origin` name this server (as the request's Host does)?
        None (no Origin: not a browser's cross-site request) is fine; "null" is not."""
        if origin is None:
            return True
        netloc = urlsplit(origin).netloc.lower()
        return bool(netloc) and netloc in (host_header.lower(), self.public)


def language(environ) -> str:
    """The reader's language before Flask sees the request: the `lang` cookie, then
    Accept-Language, then English (companion/i18n.py chooses the same way)."""
    cookie = parse_cookie(environ.get("HTTP_COOKIE", "")).get(i18n.COOKIE)
    accept = parse_accept_header(environ.get("HTTP_ACCEPT_LANGUAGE"), LanguageAccept)
    return i18n.normal(cookie) or i18n.normal(accept.best_match(i18n.LANGUAGES)) or i18n.SOURCE


class HostHeaderCheck:
    """WSGI middleware: 400 for a request whose Host this server does not serve."""

    def __init__(self, app, origins: Origins) -> None:
        self.app, self.origins = app, origins

    def __call__(self, environ, start_response):
        if self.origins.allowed(environ.get("HTTP_HOST", "")):
            return self.app(environ, start_response)
        body = f"bad_host: {i18n.sentence(BAD_HOST, language(environ))}\n".encode()
        start_response("400 BAD REQUEST", [("Content-Type", "text/plain; charset=utf-8"),
                                           ("Content-Length", str(len(body)))])
        return [body]
