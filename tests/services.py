"""PostgreSQL, Redis, nginx and the companion's hosted processes, each started from
Debian's packages on a free 127.0.0.1 port in a temporary folder, and stopped again.
No systemd, no service scripts: the binaries themselves. Used by tests/test_hosted.py
and bench/hosted.py.

As root (CI), PostgreSQL runs as the `postgres` user that Debian's package creates
(initdb refuses root); otherwise as the current user.
"""
from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port() -> int:
    """A free 127.0.0.1 port, for a server that cannot be given port 0 and say which it
    took: the one such function of the tests and the benchmarks (bench/harness.py)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"))
    return os.path.dirname(found[-1]) if found else None


def missing() -> list[str]:
    """What this machine lacks to run the hosted set-up (empty: all there)."""
    out = []
    if not pg_bin():
        out.append("postgresql")
    if not shutil.which("redis-server"):
        out.append("redis-server")
    if not (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")):
        out.append("nginx")
    for module in ("psycopg", "psycopg_pool", "redis", "gunicorn"):
        try:
            __import__(module)
        except ImportError:
            out.append(f"python: {module}")
    return out


def wait_port(port: int, proc: subprocess.Popen, what: str, log: str, timeout=30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    text = open(log, errors="replace").read()[-3000:] if os.path.exists(log) else ""
    raise RuntimeError(f"{what} did not start on port {port}:\n{text}")


def stop(proc: subprocess.Popen | None, sig=signal.SIGTERM, group=False) -> None:
    if proc is None or proc.poll() is not None:
        return
    try:
        if group:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        proc.wait(timeout=15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL) if group else proc.kill()
            proc.wait(timeout=5)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass


class Postgres:
    """A throw-away cluster: initdb, then postgres on a free port, database `bang`."""

    def __init__(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="bang-pg-")
        self.port = free_port()
        self.url = f"postgresql://bang@127.0.0.1:{self.port}/bang"
        self.proc = None

    def _as_owner(self, cmd: list[str]) -> list[str]:
        return ["runuser", "-u", "postgres", "--"] + cmd if os.geteuid() == 0 else cmd

    def start(self) -> "Postgres":
        b = pg_bin()
        data, log = os.path.join(self.dir, "data"), os.path.join(self.dir, "pg.log")
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        subprocess.run(self._as_owner([f"{b}/initdb", "-D", data, "-U", "bang",
                                       "--auth=trust", "-E", "UTF8", "--no-sync"]),
                       check=True, capture_output=True, timeout=120)
        with open(log, "w") as f:
            if os.geteuid() == 0:
                shutil.chown(log, "postgres", "postgres")
            self.proc = subprocess.Popen(
                self._as_owner([f"{b}/postgres", "-D", data, "-p", str(self.port),
                                "-h", "127.0.0.1", "-k", self.dir, "-c", "fsync=off",
                                "-c", "max_connections=50"]),
                stdout=f, stderr=subprocess.STDOUT, start_new_session=True)
        wait_port(self.port, self.proc, "PostgreSQL", log)
        deadline = time.monotonic() + 30
        while True:
            r = subprocess.run(self._as_owner([f"{b}/createdb", "-h", "127.0.0.1", "-p",
                                               str(self.port), "-U", "bang", "bang"]),
                               capture_output=True, text=True, timeout=30)
            if r.returncode == 0:
                return self
            if time.monotonic() > deadline:
                raise RuntimeError("createdb failed: " + r.stderr)
            time.sleep(0.2)       # still starting up

    def stop(self) -> None:
        stop(self.proc, signal.SIGINT, group=True)    # fast shutdown (runuser passes
        # no signal on: the group reaches postgres itself)
        shutil.rmtree(self.dir, ignore_errors=True)


class Redis:
    def __init__(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="bang-redis-")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = None

    def start(self) -> "Redis":
        log = os.path.join(self.dir, "redis.log")
        with open(log, "w") as f:
            self.proc = subprocess.Popen(
                ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                 "--save", "", "--appendonly", "no", "--dir", self.dir,
                 "--daemonize", "no"], stdout=f, stderr=subprocess.STDOUT)
        wait_port(self.port, self.proc, "Redis", log)
        return self

    def stop(self) -> None:
        stop(self.proc)
        shutil.rmtree(self.dir, ignore_errors=True)


def location(path: str, pool: str) -> str:
    """A location of nginx_conf: proxied to `pool`, sockets upgraded, the cookie set to
    the backend that answered."""
    return f"""        location {path} {{
            proxy_pass http://{pool};
            proxy_http_version 1.1;
            proxy_set_header Host $http_host;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 120s;
            proxy_buffering off;
            proxy_next_upstream error timeout http_502;
            proxy_connect_timeout 2s;
            add_header Set-Cookie "bang_backend=$answered; Path=/; HttpOnly; SameSite=Lax" always;
        }}
"""


def nginx_conf(port: int, backends: list[int], folder: str) -> str:
    """The reverse proxy of docs/deploy.md, on plain http for the test: sticky
    sessions by a cookie naming the backend, the other backend as its fallback; a
    socket that names its table goes to the backend the table hashes to."""
    names = [f"app{i}" for i in range(len(backends))]
    ups = []
    for i, p in enumerate(backends):
        others = "".join(f"        server 127.0.0.1:{q} backup;\n"
                         for q in backends if q != p)
        ups.append(f"    upstream {names[i]} {{\n        server 127.0.0.1:{p} max_fails=1 "
                   f"fail_timeout=5s;\n{others}    }}\n")
    all_ = "".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n"
                   for p in backends)
    pick = "".join(f"        ~127\\.0\\.0\\.1:{p}$ {names[i]};\n" for i, p in enumerate(backends))
    sticky = "".join(f"        {names[i]} {names[i]};\n" for i in range(len(backends)))
    return f"""
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
worker_rlimit_nofile 40000;
events {{ worker_connections 20000; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
{''.join(ups)}
    upstream anyapp {{
{all_}    }}
    # a socket that names its table (?table=...) goes to the process its table hashes to:
    # a table's sockets gather in one process, which alone hears its changes
    upstream bytable {{
        hash $arg_table consistent;
{all_}    }}
    # sticky sessions: the cookie names the process that answered last
    map $cookie_bang_backend $pool {{
{sticky}        default anyapp;
    }}
    map $arg_table $socketpool {{
        ""      $pool;
        default bytable;
    }}
    map $upstream_addr $answered {{
{pick}        default "";
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}
    server {{
        listen 127.0.0.1:{port};
{location("/socket.io/", "$socketpool")}{location("/", "$pool")}    }}
}}
"""


class Nginx:
    def __init__(self, backends: list[int]) -> None:
        self.dir = tempfile.mkdtemp(prefix="bang-nginx-")
        os.chmod(self.dir, 0o755)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.backends = backends
        self.proc = None

    def start(self) -> "Nginx":
        conf = os.path.join(self.dir, "nginx.conf")
        with open(conf, "w") as f:
            f.write(nginx_conf(self.port, self.backends, self.dir))
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            os.makedirs(os.path.join(self.dir, sub), mode=0o777, exist_ok=True)
            os.chmod(os.path.join(self.dir, sub), 0o777)
        log = os.path.join(self.dir, "error.log")
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.proc = subprocess.Popen([binary, "-p", self.dir, "-c", conf, "-e", log,
                                      "-g", "daemon off;"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        wait_port(self.port, self.proc, "nginx", log)
        return self

    def stop(self) -> None:
        stop(self.proc, signal.SIGTERM, group=True)        # fast: no waiting for sockets
        shutil.rmtree(self.dir, ignore_errors=True)


class App:
    """One hosted server process: gunicorn (gthread, one worker) with companion.wsgi."""

    def __init__(self, database: str, queue: str, public_url: str = "",
                 threads: int = 100, worker: str = "gthread",
                 connections: int = 1000, tables_per_hour: int = 20) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = dict(os.environ, BANG_DATABASE=database, BANG_MESSAGE_QUEUE=queue,
                        BANG_PUBLIC_URL=public_url, PYTHONUNBUFFERED="1",
                        BANG_PROXIES="1",   # nginx in front: the client's address is its
                        BANG_TABLES_PER_HOUR=str(tables_per_hour))
        self.threads = threads
        self.worker, self.connections = worker, connections
        self.dir = tempfile.mkdtemp(prefix="bang-app-")
        self.log = os.path.join(self.dir, "app.log")
        self.proc = None

    def start(self) -> "App":
        with open(self.log, "w") as f:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "--worker-class", self.worker,
                 "--workers", "1", "--threads", str(self.threads),
                 "--worker-connections", str(self.connections), "--bind",
                 f"127.0.0.1:{self.port}", "--graceful-timeout", "2",
                 "companion.wsgi:app"],
                cwd=ROOT, env=self.env, stdout=f, stderr=subprocess.STDOUT,
                start_new_session=True)
        wait_port(self.port, self.proc, "gunicorn", self.log)
        return self

    def pids(self) -> list[int]:
        """The gunicorn master and its worker."""
        out = subprocess.run(["pgrep", "-g", str(self.proc.pid)], capture_output=True,
                             text=True).stdout.split()
        return [int(p) for p in out]

    def rss_mb(self) -> float:
        total = 0.0
        for pid in self.pids():
            try:
                with open(f"/proc/{pid}/status") as f:
                    total += next(int(line.split()[1]) for line in f
                                  if line.startswith("VmRSS:")) / 1024
            except (OSError, StopIteration):
                pass
        return total

    def kill(self) -> None:
        """SIGKILL to the master and its worker at once: the process is gone."""
        stop(self.proc, signal.SIGKILL, group=True)

    def stop(self) -> None:
        stop(self.proc, signal.SIGTERM, group=True)
        shutil.rmtree(self.dir, ignore_errors=True)


@contextlib.contextmanager
def hosted(processes: int, **app_options):
    """PostgreSQL, Redis, `processes` app servers and nginx in front of them, as
    {"pg", "redis", "apps", "proxy"}; every one stopped, last started first, on exit."""
    started = []
    try:
        pg = Postgres().start()
        started.append(pg)
        redis = Redis().start()
        started.append(redis)
        apps = [App(pg.url, redis.url, **app_options).start() for _ in range(processes)]
        started += apps
        proxy = Nginx([a.port for a in apps]).start()
        started.append(proxy)
        yield {"pg": pg, "redis": redis, "apps": apps, "proxy": proxy}
    finally:
        for s in reversed(started):
            s.stop()
