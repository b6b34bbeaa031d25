"""Serve the desk from several Voila processes behind nginx.

Each Voila process owns the kernels it starts, so every request of a visitor (the page, its
kernel websocket, the pages it links to) must reach the same process. Each process is served
under its own path prefix (``/desk-1/``, ``/desk-2/``, ...), and nginx sends a new visitor to one
prefix (chosen at random, then remembered in a cookie); every link of the app is relative, so the
visitor stays on that process. The processes may run on other machines: give their addresses.

    python deploy/cluster.py --processes 2 --port 8866            # all on this machine
    python deploy/cluster.py --print-config --backend 10.0.0.5:8871 --backend 10.0.0.6:8871

While one process is down (a restart, a crash), nginx sends page requests for it to the same
page on the next process and moves the visitor there, so a rolling restart (SIGHUP to this
script: one process at a time, each finishing its pages first) keeps the desk serving.

Run from the repository root with the project's virtual environment.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Backend:
    prefix: str  # "desk-1"
    address: str  # "127.0.0.1:8871"


def backends_for(addresses: Sequence[str]) -> list[Backend]:
    return [Backend(f"desk-{i}", address) for i, address in enumerate(addresses, 1)]


# Compress text on its way to the visitor. The processes compress too (calculators/server);
# nginx leaves what arrives compressed as it is and compresses what a plain ``voila`` sends.
# Cache headers come from the processes and pass through unchanged.
GZIP = """    gzip on;
    gzip_comp_level 6;
    gzip_min_length 256;
    gzip_proxied any;
    gzip_vary on;
    gzip_types text/css text/plain text/javascript application/javascript
               application/x-javascript application/json image/svg+xml;
"""


def nginx_server_block(backends: Sequence[Backend], listen: str) -> str:
    """The ``server`` block (plus the maps it needs), for an existing nginx's ``http`` context."""
    if not backends:
        raise ValueError("give at least one backend")
    share = 100 / len(backends)
    split = "".join(
        f"    {share:.2f}% {b.prefix};\n" if i < len(backends) - 1 else f"    * {b.prefix};\n"
        for i, b in enumerate(backends)
    )
    known = "|".join(b.prefix for b in backends)
    locations = "".join(
        _location(b, backends[(i + 1) % len(backends)]) for i, b in enumerate(backends)
    )
    return f"""map $http_upgrade $desk_connection_upgrade {{
    default upgrade;
    ''      close;
}}
split_clients "${{request_id}}" $desk_new_visitor {{
{split}}}
map $cookie_desk_process $desk_process {{
    "~^({known})$" $cookie_desk_process;
    default $desk_new_visitor;
}}
server {{
    listen {listen};
    absolute_redirect off;
{GZIP}    location = / {{
        add_header Set-Cookie "desk_process=$desk_process; Path=/; HttpOnly; SameSite=Lax";
        return 302 /$desk_process/voila/render/00_index.ipynb;
    }}
{locations}}}
"""


def _location(backend: Backend, fallback: Backend) -> str:
    """Proxy one prefix to its process; while that process is down (a restart), send page
    requests to the same page on ``fallback`` and move the visitor there."""
    name = backend.prefix.replace("-", "_")
    cookie = f"desk_process={fallback.prefix}; Path=/; HttpOnly; SameSite=Lax"
    failover = (
        f"""
    location @{name}_down {{
        if ($request_method !~ ^(GET|HEAD)$) {{
            return 502;
        }}
        add_header Set-Cookie "{cookie}" always;
        return 302 /{fallback.prefix}/$desk_rest$is_args$args;
    }}
"""
        if fallback != backend
        else ""
    )
    on_error = f"\n        error_page 502 504 = @{name}_down;" if failover else ""
    return f"""
    location ~ ^/{backend.prefix}/(?<desk_rest>.*)$ {{
        proxy_pass http://{backend.address};
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $desk_connection_upgrade;
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_read_timeout 1h;
        proxy_buffering off;{on_error}
    }}
{failover}"""


def nginx_config(backends: Sequence[Backend], listen: str, workdir: Path) -> str:
    """A whole nginx configuration that runs unprivileged from ``workdir``."""
    temp = {name: workdir / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir(parents=True, exist_ok=True)
        path.chmod(0o777)
    user = "user nobody nogroup;\n" if os.geteuid() == 0 else ""
    return f"""{user}daemon off;
worker_processes 1;
pid {workdir / "nginx.pid"};
error_log {workdir / "error.log"} warn;
events {{ worker_connections 1024; }}
http {{
    access_log {workdir / "access.log"};
    client_body_temp_path {temp["body"]};
    proxy_temp_path {temp["proxy"]};
    fastcgi_temp_path {temp["fastcgi"]};
    uwsgi_temp_path {temp["uwsgi"]};
    scgi_temp_path {temp["scgi"]};
{nginx_server_block(backends, listen)}}}
"""


def voila_command(port: int, prefix: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "calculators.server",
        "notebooks/",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        f"--Voila.base_url=/{prefix}/",
    ]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(
    url: str,
    seconds: float = 300,
    proc: subprocess.Popen[bytes] | None = None,
    log: Path | None = None,
) -> None:
    """Wait until ``url`` answers; fail at once if ``proc`` (the server behind it) exits.

    A server started on a busy machine can take minutes to import, hence the generous limit.
    """
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            tail = log.read_text(errors="replace")[-3000:] if log is not None else ""
            raise RuntimeError(f"the server for {url} exited with {proc.returncode}:\n{tail}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer in {seconds} s")


class Cluster:
    """Several local Voila processes and an nginx in front of them (a context manager)."""

    def __init__(
        self,
        processes: int,
        port: int,
        workdir: Path | None = None,
        voila_args: Sequence[str] = (),
    ) -> None:
        if processes < 1:
            raise ValueError("run at least one Voila process")
        self.port = port
        self.workdir = workdir or Path(tempfile.mkdtemp(prefix="desk-cluster-"))
        self.workdir.chmod(0o755)
        self.ports = [free_port() for _ in range(processes)]
        self.backends = backends_for([f"127.0.0.1:{p}" for p in self.ports])
        self.procs: list[subprocess.Popen[bytes]] = []
        self.voila_args = list(voila_args)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Cluster:
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(nginx).exists():
            raise RuntimeError("nginx is not installed: apt-get install -y nginx")
        try:
            for i in range(len(self.backends)):
                self.procs.append(self._start_process(i))
            conf = self.workdir / "nginx.conf"
            conf.write_text(nginx_config(self.backends, f"127.0.0.1:{self.port}", self.workdir))
            log = (self.workdir / "nginx.out").open("wb")
            self.procs.append(
                subprocess.Popen(
                    [nginx, "-c", str(conf), "-p", str(self.workdir)], stdout=log, stderr=log
                )
            )
            for i in range(len(self.backends)):
                self._wait_serving(i)
            wait_for(f"{self.url}/{self.backends[0].prefix}/voila/static/voila.js")
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _start_process(self, index: int) -> subprocess.Popen[bytes]:
        backend, port = self.backends[index], self.ports[index]
        log = (self.workdir / f"{backend.prefix}.log").open("ab")
        return subprocess.Popen(
            [*voila_command(port, backend.prefix), *self.voila_args],
            cwd=REPO,
            stdout=log,
            stderr=log,
        )

    def _wait_serving(self, index: int) -> None:
        backend, port = self.backends[index], self.ports[index]
        wait_for(
            f"http://127.0.0.1:{port}/{backend.prefix}/health",
            proc=self.procs[index],
            log=self.workdir / f"{backend.prefix}.log",
        )

    def restart(self, index: int) -> float:
        """Restart one Voila process; the others keep serving. Returns the seconds it was out.

        SIGTERM makes the process stop accepting connections and finish the pages it is
        rendering; meanwhile nginx sends its visitors' page requests to the next process.
        """
        proc = self.procs[index]
        stopped = time.monotonic()
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        self.procs[index] = self._start_process(index)
        self._wait_serving(index)
        return time.monotonic() - stopped

    def rolling_restart(self) -> list[float]:
        """Restart every Voila process in turn, one at a time."""
        return [self.restart(i) for i in range(len(self.backends))]

    def __exit__(self, *exc: object) -> None:
        for proc in reversed(self.procs):
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=2, help="local Voila processes")
    parser.add_argument("--port", type=int, default=8866, help="nginx listens here")
    parser.add_argument(
        "--print-config",
        action="store_true",
        help="print the nginx server block for --backend addresses and exit",
    )
    parser.add_argument("--backend", action="append", default=[], help="HOST:PORT of a Voila")
    args = parser.parse_args(argv)
    if args.print_config:
        addresses = args.backend or [f"127.0.0.1:{8871 + i}" for i in range(args.processes)]
        print(nginx_server_block(backends_for(addresses), str(args.port)))
        return
    with Cluster(args.processes, args.port) as cluster:
        print(f"Vampire Rules Desk on {len(cluster.ports)} processes: {cluster.url}/")
        print(f"Rolling restart (after a deploy): kill -HUP {os.getpid()}", flush=True)
        restart = threading.Event()
        signal.signal(signal.SIGHUP, lambda *_: restart.set())
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                if restart.wait(1):
                    restart.clear()
                    outs = cluster.rolling_restart()
                    out = ", ".join(f"{seconds:.0f} s" for seconds in outs)
                    print(f"restarted; each process was out for {out}", flush=True)


if __name__ == "__main__":
    main()
