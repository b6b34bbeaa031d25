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

import pytest
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


@pytest.mark.parametrize(
    "path",
    [
        "voila/files/00_index.ipynb",
        "voila/files/vtes_damage.ipynb",
        "voila/files/../pyproject.toml",
        "voila/files/../voila.json",
        "voila/files/../README.md",
        "voila/files/../calculators/landing.py",
        "voila/files/../rules/errors.py",
        "voila/files/../rules/dracula/data/fury-of-dracula-2e-combat-results.csv",
        "voila/files/../rules/reference/data/vtes_p4.toml",
        "voila/files/../.git/config",
        "api/contents/00_index.ipynb",
        "api/contents/../pyproject.toml",
        "files/00_index.ipynb",
        "notebooks/00_index.ipynb",
    ],
)
def test_sources_and_data_cannot_be_downloaded(voila_url: str, path: str) -> None:
    status, body = _get(f"{voila_url}/{path}")
    assert status != 200 or ('"cells"' not in body and "import " not in body), path
