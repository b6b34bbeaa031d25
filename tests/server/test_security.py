"""What a visitor cannot do through the server: run code, or download sources and data."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from websockets.sync.client import connect


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, ""


def _message(msg_type: str, content: dict[str, Any], session: str) -> str:
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "visitor",
        "session": session,
        "date": datetime.now(UTC).isoformat(),
        "version": "5.3",
    }
    return json.dumps(
        {
            "header": header,
            "parent_header": {},
            "metadata": {},
            "content": content,
            "channel": "shell",
            "buffers": [],
        }
    )


def _replies(ws: Any, seconds: float) -> list[dict[str, Any]]:
    replies = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            raw = ws.recv(timeout=max(0.05, deadline - time.monotonic()))
        except TimeoutError:
            break
        if isinstance(raw, str):
            replies.append(json.loads(raw))
    return replies


def test_execute_request_over_the_kernel_websocket_runs_nothing(
    voila_url: str, tmp_path: Path
) -> None:
    status, html = _get(f"{voila_url}/voila/render/00_index.ipynb")
    assert status == 200
    match = re.search(r'"kernelId": "([0-9a-f-]+)"', html)
    assert match, "the rendered page names its kernel"
    session = uuid.uuid4().hex
    ws_url = voila_url.replace("http", "ws") + f"/api/kernels/{match.group(1)}/channels"
    marker = tmp_path / "executed"
    with connect(f"{ws_url}?session_id={session}", open_timeout=30) as ws:
        ws.send(_message("kernel_info_request", {}, session))
        code = f"open({str(marker)!r}, 'w').write('ran')"
        ws.send(
            _message(
                "execute_request",
                {
                    "code": code,
                    "silent": False,
                    "store_history": False,
                    "user_expressions": {},
                    "allow_stdin": False,
                    "stop_on_error": True,
                },
                session,
            )
        )
        replies = _replies(ws, 5)
    kinds = {reply["header"]["msg_type"] for reply in replies}
    assert "kernel_info_reply" in kinds, "the websocket works (control check)"
    assert "execute_reply" not in kinds
    assert not marker.exists(), "the kernel ran code sent by a visitor"


REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
"""The pages themselves: rendered by Voila, never sent as files."""
REPO_FILES = sorted(
    {
        "voila.json",
        "pyproject.toml",
        ".git/config",
        "rules/dracula/data/combat-results.csv",  # the real combat table
        *(
            p.relative_to(REPO).as_posix()
            for pattern in ("rules/**/data/*", "rules/**/*.py", "calculators/**/*.py")
            for p in REPO.glob(pattern)
            if p.is_file() and "__pycache__" not in p.parts
        ),
    }
)
"""Configuration, every package data file and every source file."""
DENIED = (403, 404)


def sensitive_urls() -> list[str]:
    urls = []
    for name in NOTEBOOKS:
        urls += [f"voila/files/{name}", f"api/contents/{name}", f"files/{name}"]
    for path in REPO_FILES:
        urls += [f"voila/files/../{path}", f"api/contents/../{path}", f"files/../{path}"]
    return urls


def test_the_sensitive_paths_exist() -> None:
    """The list guards real files (a renamed file would make its check pass vacuously)."""
    assert (REPO / "rules/dracula/data/combat-results.csv").is_file()
    assert len(NOTEBOOKS) >= 7
    # .git/config is a file in a plain clone (in a git worktree .git is itself a file)
    missing = [p for p in REPO_FILES if p != ".git/config" and not (REPO / p).exists()]
    assert not missing, missing
    assert sum(path.endswith((".csv", ".toml")) for path in REPO_FILES) >= 7


def test_sources_and_data_cannot_be_downloaded(voila_url: str) -> None:
    """Every sensitive path gets exactly 403 or 404 (a 200 with any body fails)."""
    answered = {url: _get(f"{voila_url}/{url}")[0] for url in sensitive_urls()}
    served = {url: status for url, status in answered.items() if status not in DENIED}
    assert not served, f"served instead of refused: {served}"
