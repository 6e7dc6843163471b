"""The laptop's address on the local network, for the URLs phones open.

`localhost` or 127.0.0.1 would send a phone to itself. The usual trick is to
`connect()` a UDP socket towards an outside address (no packet is sent) and read the
local address the system picked; when that fails (no route, no network), the
addresses of the interfaces are listed and loopback, link-local and container
bridges are dropped. The host can always override it (`--public-url`).
"""
from __future__ import annotations

import ipaddress
import os
import socket
import struct

try:
    import fcntl
except ImportError:     # not a Unix: the interfaces are not listed
    fcntl = None

PROBES = ("192.0.2.1", "10.255.255.255", "172.31.255.255", "192.168.255.255")
BRIDGES = ("docker", "br-", "veth", "virbr", "lxc", "cni", "flannel", "podman", "vmnet")


def usable(addr: str) -> bool:
    """A private or public IPv4 address a phone on the LAN could reach."""
    try:
        ip = ipaddress.IPv4Address(addr)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def _udp_guess(probe: str) -> str | None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            return s.getsockname()[0]
    except OSError:
        return None


def _interfaces() -> list[str]:
    """IPv4 addresses of the non-bridge interfaces (Linux), else from the host name."""
    found: list[str] = []
    try:
        for _, name in socket.if_nameindex() if fcntl is not None else ():
            if name == "lo" or name.startswith(BRIDGES):
                continue
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                try:
                    packed = fcntl.ioctl(s.fileno(), 0x8915,  # SIOCGIFADDR
                                         struct.pack("256s", name[:15].encode()))
                except OSError:
                    continue
            found.append(socket.inet_ntoa(packed[20:24]))
    except (OSError, AttributeError):
        pass
    try:
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    return found


def candidates() -> list[str]:
    """Every plausible LAN address, the best first (may be empty)."""
    out: list[str] = []
    for addr in [_udp_guess(p) for p in PROBES] + _interfaces():
        if addr and usable(addr) and addr not in out:
            out.append(addr)
    return out


def base_url(host: str, port: int, public_url: str | None = None) -> str:
    """The URL phones should open: the override, the bound address, or the LAN's."""
    if public_url:
        return public_url.rstrip("/")
    if host not in ("0.0.0.0", "", "::"):
        shown = f"[{host}]" if ":" in host else host
    else:
        found = candidates() or [os.environ.get("BANG_LAN_IP", "127.0.0.1")]
        shown = found[0]
    return f"http://{shown}:{port}"
