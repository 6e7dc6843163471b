"""What a host reads from one process (GET /metrics, companion/metrics.py), and the
async mode a process picks (gevent under gunicorn's gevent worker, else threading)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from companion import create_app


def figures(client) -> dict[str, float]:
    r = client.get("/metrics")
    assert r.status_code == 200 and r.mimetype == "text/plain"
    out = {}
    for line in r.get_data(as_text=True).splitlines():
        name, value = line.rsplit(" ", 1)
        out[name] = float(value)
    return out


def test_metrics_count_this_process_and_name_no_table(tmp_path):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "MAX_TABLES": 7})
    c = app.test_client()
    before = figures(c)
    assert before["bang_sockets"] == 0 and before["bang_tables_limit"] == 7
    assert before['bang_async_mode{mode="threading"}'] == 1
    assert before["bang_sockets_limit"] == 1000 and before["bang_changes_total"] == 0
    r = c.post("/tables", data={"mode": "tracker"})
    table = r.headers["Location"].rsplit("/", 1)[1]
    r = c.post(f"/t/{table}/join", data={"name": "Ann"})
    assert r.status_code == 303
    text = c.get("/metrics").get_data(as_text=True)
    assert table not in text and "Ann" not in text
    after = figures(c)
    assert after["bang_changes_total"] >= 1 and after["bang_cpu_seconds_total"] > 0
    app.extensions["companion"].storage.close()


def test_a_process_gevent_patched_serves_its_sockets_as_greenlets():
    """(gevent is pinned in the hosted and test extras, the hosted worker chosen by the
    figures, docs/deploy.md; the laptop's install has no gevent, so the test runs
    where it is installed)"""
    pytest.importorskip("gevent")
    code = ("from gevent import monkey; monkey.patch_all()\n"
            "from companion import create_app\n"
            "app = create_app({'TESTING': True})\n"
            "print(app.extensions['socketio'].server.async_mode)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.stdout.split()[-1:] == ["gevent"], out.stderr[-2000:]
    app = create_app({"TESTING": True})
    assert app.extensions["socketio"].server.async_mode == "threading"
    app.extensions["companion"].storage.close()
