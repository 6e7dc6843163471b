#!/usr/bin/env python3
"""A phone on a busy Wi-Fi opening its seat: the companion beside a bare page.

Chromium (Playwright) emulates a Pixel 7 on a crowded home Wi-Fi through the DevTools
protocol: 60 ms of latency on every request, 8 Mbit/s down, 2 Mbit/s up
(`Network.emulateNetworkConditions`) and a CPU 4× slower (`Emulation.setCPUThrottlingRate`).
Each figure is the median of 3, ours and the bare page taking turns in the same run:

    seat_cold_s     open my seat by its link (`/p/<table>#<token>`) with an empty cache,
                    until the page shows the seat (its character, in a dealt game)
    stored_seat_cold_s   the same seat opened as a phone that comes back does: the
                    address without its fragment (`/p/<table>`), the token in the
                    phone's storage (localStorage, as static/js/token.js keeps it),
                    the cache empty
    seat_warm_s     reload the seat with the cache of the load before
    qr_to_lobby_s   from the QR code's address (`/join`) to the lobby showing my name:
                    the join page until it can be typed in, plus the submit until the
                    lobby shows (typing itself not counted)

The bare page (bench/bare_page.py and bare_page.html) is the same stack with nothing of
ours: one HTML page, the same vendored Socket.IO client with its default transports,
one 3 KB message rendered. Each time is read in the page: `performance.now()` when the
awaited element appears (a MutationObserver), from the start of the navigation; the
page then calls a DevTools binding, so the harness runs nothing in the page before.

    python bench/phone_load.py [--mode referee] [--runs 3] [--paths link,stored]
                               [--no-qr] [--no-warm] [--root DIR] [--against DIR]

`--paths` chooses the ways in (both by default): every run opens the seat by each of
them and the bare page, in turns, so every ratio is to the bare page of the same run.
The turns rotate (run 1 starts with the first page, run 2 with the second...), so that
no page always comes first or always after the same other, and one round of every page
is opened first and not counted (a browser's first pages open slower: its caches of
fonts and code are cold). `--runs` goes up to 7 (the QR's table seats 7), or 40 with
`--no-qr` (QR to lobby left out); `--no-warm` leaves the reloads out. Each figure is
printed as its median with its spread (the quartiles, then the least and the most), and
every run's own ratio to the bare page of its run likewise: on a machine busy with other
work single opens move by a factor of 3, so take 15 runs or more and read the medians.

`--root` runs the server of another checkout (to measure an older version with the
same harness). `--against DIR` runs a second server, of another checkout, in the same
run: each run opens the seat on ours, on that one and on the bare page in turns, and
prints its figures as `before_...` with the ratios `after_before_...` (ours to it).
Prints `name: value unit` lines and the ratios. Needs Playwright and a Chromium
(`chromium` on PATH, as for the browser tests).
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import requests

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from harness import free_port, stop  # noqa: E402

NETWORK = {"offline": False, "latency": 60, "downloadThroughput": 8_000_000 / 8,
           "uploadThroughput": 2_000_000 / 8}
CPU_SLOWDOWN = 4
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]

# window.__readyAt: performance.now() when cond() first holds (checked on every change);
# then it calls the binding READY (Phone.ready_s)
WATCH = """(() => {
  const cond = %s;
  const check = () => {
    try {
      if (!window.__readyAt && cond()) {
        window.__readyAt = performance.now();
        window.__bangBenchReady("");
      }
    } catch (_) {}
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true,
                                                 attributes: true, characterData: true});
})();"""
SEATED = """() => { const g = document.getElementById("game-view");
  return g && !g.hidden && document.getElementById("char-name").textContent.trim(); }"""
IN_LOBBY = """() => { const l = document.getElementById("lobby-view");
  return l && !l.hidden && document.getElementById("lobby-name").textContent.trim()
    && document.getElementById("lobby-list").children.length > 0; }"""
READY = "__bangBenchReady"   # a DevTools binding the page calls once ready
BARE_READY = """() => document.body && document.body.dataset.ready === "1" """


def start(cmd: list[str], cwd: str, url: str) -> subprocess.Popen:
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    end = time.monotonic() + 90           # a machine busy with other work starts slowly
    while time.monotonic() < end:
        try:
            if requests.get(url + "/healthz", timeout=1).text.strip() == "ok":
                return proc
        except requests.ConnectionError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"{cmd[1]} did not start within 90 s")


def dealt_seat(url: str, mode: str) -> str:
    """A dealt table of 4 in `mode`: the seat URL of its first player (with its token
    as the fragment)."""
    import socketio
    http = requests.Session()
    r = http.post(url + "/tables", data={"mode": mode}, allow_redirects=False)
    table = r.headers["Location"].rsplit("/", 1)[1]
    tokens = []
    for name in ("Ann", "Bob", "Cid", "Dee"):
        r = requests.post(f"{url}/t/{table}/join", data={"name": name}, allow_redirects=False)
        tokens.append(r.headers["Location"].split("#", 1)[1])
    host = socketio.Client(reconnection=False)
    host.connect(url, auth={"table": table}, transports=["websocket"], wait_timeout=10,
                 headers={"Cookie": f"host_{table}={http.cookies.get(f'host_{table}')}"})
    ack = host.call("deal", {}, timeout=10)
    host.disconnect()
    if not ack or not ack.get("ok"):
        raise SystemExit(f"deal refused: {ack}")
    return f"{url}/p/{table}#{tokens[0]}"


class Phone:
    """A throttled Pixel 7: one browser context (one cache) and its page."""

    def __init__(self, pw, browser, cond: str, stored: dict | None = None) -> None:
        """`stored`: {origin, key, value}, put in the phone's localStorage beforehand."""
        state = {"cookies": [], "origins": [{"origin": stored["origin"], "localStorage": [
            {"name": stored["key"], "value": stored["value"]}]}]} if stored else None
        self.ctx = browser.new_context(**pw.devices["Pixel 7"], storage_state=state)
        self.ctx.add_init_script(WATCH % cond)
        self.page = self.ctx.new_page()
        cdp = self.ctx.new_cdp_session(self.page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        self.requests = 0
        self.bytes = 0
        self.ready = False
        cdp.send("Runtime.enable")
        cdp.send("Runtime.addBinding", {"name": READY})
        cdp.on("Runtime.bindingCalled", self._ready)
        cdp.on("Network.requestWillBeSent", lambda e: self._count())
        cdp.on("Network.loadingFinished", lambda e: self._bytes(e.get("encodedDataLength", 0)))

    def _ready(self, e: dict) -> None:
        self.ready = self.ready or e.get("name") == READY

    def _count(self) -> None:
        self.requests += 1

    def _bytes(self, n: float) -> None:
        self.bytes += n

    def ready_s(self, go) -> float:
        """Run go() (a navigation), wait for the page to say it is ready, read its time.

        The page says so through a DevTools binding (`Runtime.addBinding`, called by the
        init script above), so nothing is evaluated in it while it loads: Playwright's
        wait_for_function would first inject its own script, tens of milliseconds of the
        page's main thread under the 4x slower CPU.
        """
        self.ready = False
        go()
        end = time.monotonic() + 60
        while not self.ready:
            if time.monotonic() > end:
                raise TimeoutError("the page did not get ready within 60 s")
            self.page.wait_for_timeout(20)
        return self.page.evaluate("window.__readyAt") / 1000.0

    def open(self, url: str) -> float:
        self.requests = self.bytes = 0
        return self.ready_s(lambda: self.page.goto(url, wait_until="commit"))

    def reload(self) -> float:
        self.requests = self.bytes = 0
        return self.ready_s(lambda: self.page.reload(wait_until="commit"))

    def close(self) -> None:
        self.ctx.close()


def qr_to_lobby(pw, browser, url: str, name: str) -> float:
    phone = Phone(pw, browser, IN_LOBBY)
    try:
        phone.page.goto(url + "/join", wait_until="domcontentloaded")
        typing = phone.page.evaluate(
            "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd") / 1000
        phone.page.get_by_label("Your name").fill(name)

        def submit() -> None:
            phone.page.get_by_role("button", name="Take a seat").click(no_wait_after=True)
            phone.page.wait_for_url("**/p/**", wait_until="commit")
        return typing + phone.ready_s(submit)
    finally:
        phone.close()


def spread(values: list[float]) -> str:
    """`median (first quartile - third; least - most)` of `values`."""
    if len(values) < 2:
        return f"{values[0]:.2f}"
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"{q2:.2f} ({q1:.2f} - {q3:.2f}; {min(values):.2f} - {max(values):.2f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", default="referee", choices=["tracker", "referee"])
    ap.add_argument("--runs", type=int, default=3,
                    help="1 to 7 (the QR table seats 7); up to 40 with --no-qr")
    ap.add_argument("--no-qr", action="store_true", help="leave QR to lobby out")
    ap.add_argument("--no-warm", action="store_true", help="leave the reloads out")
    ap.add_argument("--root", default=ROOT, help="the checkout whose server is measured")
    ap.add_argument("--against", help="another checkout, measured in turns in the same run")
    ap.add_argument("--paths", default="link,stored",
                    help="ways into the seat: link (its fragment), stored (the phone's storage)")
    args = ap.parse_args()
    paths = [p for p in args.paths.split(",") if p]
    if (not 1 <= args.runs <= (40 if args.no_qr else 7) or not paths
            or set(paths) - {"link", "stored"}):
        raise SystemExit("argument out of range")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("needs the Python package playwright (pip install -e '.[test]')")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        raise SystemExit("needs a Chromium on PATH (apt-get install chromium)")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    roots = [("", args.root)] + ([("before_", args.against)] if args.against else [])
    bare_port = free_port()
    bare = f"http://127.0.0.1:{bare_port}"
    urls = {label: f"http://127.0.0.1:{free_port()}" for label, _ in roots}
    with tempfile.TemporaryDirectory(prefix="bang-load-") as data:
        servers = []
        try:
            for label, root in roots:
                port = urls[label].rsplit(":", 1)[1]
                servers.append(start([sys.executable, "-m", "companion.cli", "serve",
                                      "--host", "127.0.0.1", "--port", port,
                                      "--data", os.path.join(data, label or "ours"), "--quiet"],
                                     root, urls[label]))
            servers.append(start([sys.executable, os.path.join(HERE, "bare_page.py"),
                                  str(bare_port)], HERE, bare))
            seats = {label: dealt_seat(urls[label], args.mode) for label, _ in roots}
            for label, _ in roots:
                requests.post(urls[label] + "/tables", data={"mode": args.mode})   # the QR's table
            figures: dict[str, list[float]] = {}
            extra: dict[str, list[float]] = {}
            pages = []
            for label, _ in roots:
                if "link" in paths:
                    pages.append((label, seats[label], SEATED, None))
                if "stored" in paths:   # the same seat, its token in the phone's storage
                    address, token = seats[label].split("#", 1)
                    table = address.rsplit("/", 1)[1]
                    pages.append(("stored_" + label, address, SEATED,
                                  {"origin": urls[label], "key": f"bang:{table}", "value": token}))
            pages.append(("bare_", bare + "/", BARE_READY, None))
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
                for run in range(-1, args.runs):      # run -1: the warm-up, not counted
                    turn = run % len(pages)
                    for label, url, cond, stored in pages[turn:] + pages[:turn]:
                        phone = Phone(pw, browser, cond, stored)
                        try:
                            cold = phone.open(url), phone.requests, phone.bytes / 1024
                            if not args.no_warm:
                                time.sleep(0.3)
                                warm = phone.reload(), phone.requests, phone.bytes / 1024
                        finally:
                            phone.close()
                        if run < 0:
                            continue
                        figures.setdefault(label + "seat_cold_s", []).append(cold[0])
                        extra.setdefault(label + "cold_requests", []).append(cold[1])
                        extra.setdefault(label + "cold_kb", []).append(cold[2])
                        if not args.no_warm:
                            figures.setdefault(label + "seat_warm_s", []).append(warm[0])
                            extra.setdefault(label + "warm_requests", []).append(warm[1])
                            extra.setdefault(label + "warm_kb", []).append(warm[2])
                    for label, _ in [] if args.no_qr else roots:
                        figures.setdefault(label + "qr_to_lobby_s", []).append(
                            qr_to_lobby(pw, browser, urls[label], f"Q{run + 1}"))
                browser.close()
        finally:
            for srv in servers:
                stop(srv)
    med = {k: statistics.median(v) for k, v in figures.items()}
    print(f"phone: Pixel 7, latency {NETWORK['latency']} ms, 8 Mbit/s down, 2 up, "
          f"CPU {CPU_SLOWDOWN}x slower; {args.mode} seat in a dealt game of 4; "
          f"medians of {args.runs} (quartiles; least - most)")
    ways = [w for w, p in (("", "link"), ("stored_", "stored")) if p in paths]
    keys = ("seat_cold_s",) if args.no_warm else ("seat_cold_s", "seat_warm_s")
    for key in keys:
        print(f"bare_{key}: {spread(figures['bare_' + key])} s")
    for label, _ in roots:
        for way in ways:
            for key in keys:
                k = way + label + key
                print(f"{k}: {spread(figures[k])} s")
                print(f"{k[:-2]}_ratio: {med[k] / med['bare_' + key]:.2f} x")
            # each run's own ratio (the bare page of the same run): listed, then its spread
            cold = [a / b for a, b in zip(figures[way + label + "seat_cold_s"],
                                          figures["bare_seat_cold_s"])]
            print(f"{way}{label}seat_cold_ratio_per_run: "
                  + ", ".join(f"{r:.2f}" for r in cold) + f" ({spread(cold)})")
        if not args.no_qr:
            print(f"{label}qr_to_lobby_s: {med[label + 'qr_to_lobby_s']:.2f} s")
    if args.against:
        for way in ways:
            for key in keys:
                print(f"{way}after_before_{key[:-2]}_ratio: "
                      f"{med[way + key] / med[way + 'before_' + key]:.2f} x")
        if not args.no_qr:
            print(f"after_before_qr_to_lobby_ratio: "
                  f"{med['qr_to_lobby_s'] / med['before_qr_to_lobby_s']:.2f} x")
    for key, values in extra.items():
        unit = "KB" if key.endswith("kb") else "requests"
        print(f"{key}: {statistics.median(values):.0f} {unit}")
    ok = (all(med[w + "seat_cold_s"] <= 0.8 * med["bare_seat_cold_s"]
              and (args.no_warm or med[w + "seat_warm_s"] <= med["bare_seat_warm_s"])
              for w in ways)
          and (args.no_qr or med["qr_to_lobby_s"] < 1.2))
    print("aim (cold <= 0.8x and warm <= 1.0x the bare page on every path, QR to lobby "
          "< 1.2 s): " + ("met" if ok else "NOT met"))


if __name__ == "__main__":
    main()
