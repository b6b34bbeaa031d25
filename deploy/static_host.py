"""Serve the static site (``scripts/build-static``) from nginx.

The build writes a brotli (``.br``) and a gzip (``.gz``) copy beside every file they make smaller
(:func:`deploy.static_site.precompress`), so the host sends them as they are, compressing nothing
per request: ``gzip_static`` is part of Debian's nginx, ``brotli_static`` comes with the
``libnginx-mod-http-brotli-static`` module where it is installed. Files whose name carries a
hash of their content (the front end's chunks) are kept by browsers for a year; every other
file is revalidated after 10 minutes (its ``Last-Modified``).

:func:`nginx_server_block` is the recipe: a ``server`` block for an existing nginx's ``http``
context, with the site's folder as its root. :func:`nginx_config` wraps it in a whole
configuration that runs unprivileged (the test serves a built site with it).

    .venv/bin/python -m deploy.static_host build/static 8080 > desk-static.conf
"""

from __future__ import annotations

import argparse
import grp
import os
import pwd
from pathlib import Path

#: Where Debian's optional module lives; loaded when present.
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
#: A file whose name carries a hash of its content: ``1234.5f3a9c0e1b2d4a6f7e8c.js``.
HASHED = r"\.[0-9a-f]{8,}\.(js|css|wasm|woff2?|svg|png)$"
#: Caching: a year for content-hashed files, otherwise revalidated after 10 minutes.
LONG = "public, max-age=31536000, immutable"
SHORT = "public, max-age=600"


def nginx_server_block(root: Path, listen: str, brotli: bool = False) -> str:
    """The ``server`` block serving the site in ``root`` (brotli copies when the module is on)."""
    brotli_line = "    brotli_static on;\n" if brotli else ""
    return f"""server {{
    listen {listen};
    root {root.resolve()};
    absolute_redirect off;
    gzip_static on;
{brotli_line}    gzip_vary on;
    etag off;  # Last-Modified is enough, and the precompressed copies share it
    add_header Cache-Control "{SHORT}" always;
    location ~ "{HASHED}" {{
        add_header Cache-Control "{LONG}" always;
    }}
    # Pyodide's module script; nginx's mime.types does not know it (a module needs a JS type)
    location ~ "\\.mjs$" {{
        default_type text/javascript;
        add_header Cache-Control "{SHORT}" always;
    }}
}}
"""


def nginx_config(root: Path, listen: str, workdir: Path, brotli: bool | None = None) -> str:
    """A whole nginx configuration that runs unprivileged from ``workdir``."""
    if brotli is None:
        brotli = BROTLI_MODULE.exists()
    temp = workdir / "body"
    temp.mkdir(parents=True, exist_ok=True)
    # started as root, nginx's workers read the site as the user who owns it
    owner = root.stat()
    user = (
        f"user {pwd.getpwuid(owner.st_uid).pw_name} {grp.getgrgid(owner.st_gid).gr_name};\n"
        if os.geteuid() == 0
        else ""
    )
    module = f"load_module {BROTLI_MODULE};\n" if brotli else ""
    return f"""{module}{user}daemon off;
worker_processes 1;
pid {workdir / "nginx.pid"};
error_log {workdir / "error.log"} warn;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    access_log {workdir / "access.log"};
    client_body_temp_path {temp};
{nginx_server_block(root, listen, brotli)}}}
"""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Print the nginx server block for the site.")
    parser.add_argument("root", help="the built site (scripts/build-static's folder)")
    parser.add_argument("listen", nargs="?", default="8080")
    parser.add_argument("--brotli", action="store_true", help="the brotli_static module is loaded")
    args = parser.parse_args(argv)
    print(nginx_server_block(Path(args.root), args.listen, args.brotli), end="")


if __name__ == "__main__":
    main()
