#!/usr/bin/env python3
"""The bare page of bench/phone_load.py: the companion's stack with nothing of ours.

Flask + Flask-SocketIO (threading mode, Werkzeug as it comes, simple-websocket), one HTML
page (bench/bare_page.html) with the companion's vendored Socket.IO client served as a
Flask static file, and on connect one 3 KB message that the page renders.

    python bench/bare_page.py PORT
"""
from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VENDOR = os.path.join(os.path.dirname(HERE), "static", "vendor")


def message() -> dict:
    """About 3 KB of JSON: seven seats of public facts, as a game shows them."""
    seats = [{"name": f"Player {i + 1}", "character": "Calamity Janet", "life": 4,
              "max_life": 4, "hand": 5, "in_play": ["Barrel", "Mustang"],
              "distance": i % 4, "why": "two seats apart, one Mustang"} for i in range(7)]
    msg = {"seq": 1, "seats": seats, "log": []}
    base = len(json.dumps(msg, separators=(",", ":")))
    msg["log"] = ["x" * 80] * max(0, (3072 - base) // 83)
    return msg


def main(port: int) -> None:
    from flask import Flask, send_file
    from flask_socketio import SocketIO, emit

    app = Flask(__name__, static_folder=VENDOR, static_url_path="/static")
    socketio = SocketIO(app, async_mode="threading")
    payload = message()

    @app.get("/")
    def page():
        return send_file(os.path.join(HERE, "bare_page.html"))

    @app.get("/healthz")
    def healthz():
        return "ok"

    @socketio.on("connect")
    def on_connect(auth=None):
        emit("state", payload)

    socketio.run(app, host="127.0.0.1", port=port, allow_unsafe_werkzeug=True,
                 use_reloader=False, log_output=False)


if __name__ == "__main__":
    main(int(sys.argv[1]))
