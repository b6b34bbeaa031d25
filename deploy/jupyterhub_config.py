"""JupyterHub configuration that gives each signed-in user their own Vampire Rules Desk.

Every user gets a personal Jupyter server (``jupyterhub-singleuser``) with Voila loaded as a
server extension; the hub signs people in and its proxy routes ``/user/<name>/`` to that user's
server, which accepts only requests that carry the hub's credentials for that user. After
signing in, a user lands on ``/user/<name>/voila/render/00_index.ipynb``.

The hub and the per-user servers share one environment that also has the desk installed; the
proxy is the Node.js ``configurable-http-proxy``. From the repository root, for example:

    python3 -m venv /opt/desk-hub
    /opt/desk-hub/bin/pip install jupyterhub -e .
    npm install -g configurable-http-proxy
    DESK_HUB_PASSWORD=choose-a-password /opt/desk-hub/bin/jupyterhub -f deploy/jupyterhub_config.py

then open http://127.0.0.1:8000/ and sign in with any name from DESK_HUB_USERS and that password.
(The Python package of the same name, 0.4.0, works too, but it drops the websocket subprotocol
from its answer: the browser logs a failed kernel connection on every page, and the page then
falls back to the older kernel protocol. The Node.js proxy has no such error.)
Environment variables (all optional except the password):

    DESK_HUB_PASSWORD   shared password, at least 8 characters (test sign-in only)
    DESK_HUB_PROXY      the configurable-http-proxy program (default: found on PATH)
    DESK_HUB_USERS      names allowed to sign in, comma-separated (default: alice,bob)
    DESK_HUB_IP         address the proxy listens on (default: 127.0.0.1)
    DESK_HUB_PORT       public port of the proxy (default: 8000); the hub's own API uses
                        DESK_HUB_PORT + 81 and the proxy's API DESK_HUB_PORT + 1, both on loopback
    DESK_HUB_STATE      folder for the hub's database, cookie secret and proxy pid file
                        (default: ~/.local/share/desk-hub)

What carries over from the repository's ``voila.json``: its ``VoilaConfiguration`` section
(hidden sources, no tracebacks, the file allow and deny lists), because the per-user servers
are pointed at the repository root as a Jupyter config folder. What does not: preheated kernels
and the per-notebook pools (``preheat_kernel``, ``VoilaKernelManager.kernel_pools_config``) exist
only in the standalone ``voila`` command, so every page view starts a fresh kernel; the kernel
culling settings are repeated below because the server extension does not read them from
``voila.json``.

The sign-in and spawner used here are for trying the desk out. ``SimpleLocalProcessSpawner`` runs
every user's server as the account that runs the hub, and a signed-in user can use the Jupyter
server's own API (start kernels and run code in them, read and write files under notebooks/), so
anyone who can sign in can act as that account. For real use, give each person a system account
(``LocalProcessSpawner``, hub run as root) or a container, keep the repository read-only for them,
and use a real authenticator.
"""

import os
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (provided by JupyterHub)

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent  # the environment the hub runs in; users' servers use it too

ip = os.environ.get("DESK_HUB_IP", "127.0.0.1")
port = int(os.environ.get("DESK_HUB_PORT", "8000"))
state = Path(os.environ.get("DESK_HUB_STATE", "~/.local/share/desk-hub")).expanduser()
state.mkdir(parents=True, exist_ok=True, mode=0o700)

# --- where the hub and its proxy listen, and where they keep their state -------------------
c.JupyterHub.bind_url = f"http://{ip}:{port}/"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{port + 81}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{port + 1}"
c.ConfigurableHTTPProxy.command = [os.environ.get("DESK_HUB_PROXY", "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(state / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "cookie_secret")

# --- sign-in: one shared password for a fixed list of names (testing only) --------------------
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ["DESK_HUB_PASSWORD"]
users = os.environ.get("DESK_HUB_USERS", "alice,bob")
c.Authenticator.allowed_users = {name.strip() for name in users.split(",") if name.strip()}

# --- one Jupyter server per user, with Voila as a server extension ----------------------------
c.JupyterHub.spawner_class = "simple"  # SimpleLocalProcessSpawner: no system accounts needed
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(REPO / "notebooks")  # the server's root: the desk's notebooks
c.Spawner.default_url = "/voila/render/00_index.ipynb"  # the landing page, rendered by Voila
# The Voila extension reads voila.json from every Jupyter config folder: add the repository root.
c.Spawner.environment = {"JUPYTER_CONFIG_PATH": str(REPO)}
c.Spawner.args = [
    # nobody needs a shell on the server to use the desk
    "--ServerApp.terminals_enabled=False",
    # the same kernel culling as voila.json (which the extension reads for Voila's settings only)
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=False",
]
if os.geteuid() == 0:
    # SimpleLocalProcessSpawner runs the servers as the hub's own account, and a Jupyter server
    # refuses to start as root unless told to (another reason to keep this spawner for trials)
    c.Spawner.args.append("--ServerApp.allow_root=True")
c.Spawner.http_timeout = 60  # seconds to wait for a new server to answer (2-core machines)
c.Spawner.start_timeout = 60

# Stop the users' servers together with the hub.
c.JupyterHub.cleanup_servers = True
