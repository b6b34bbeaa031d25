"""The server's per-page costs: compiled templates kept, kernel activity read cheaply, no
debug records made to be dropped."""

from __future__ import annotations

import logging
from typing import Any, ClassVar

import pytest
from jinja2 import DictLoader, Environment
from jupyter_client.session import Session

from calculators.server.activity import ActivityWatch, read_activity
from calculators.server.app import DeskVoila
from calculators.server.templates import COMPILED, CompiledTemplates, DeskExporter


def _environment(cache: CompiledTemplates, source: str, enable_async: bool = False) -> Environment:
    return Environment(
        loader=DictLoader({"page.html": source}), bytecode_cache=cache, enable_async=enable_async
    )


def test_a_template_compiles_once_for_every_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    cache = CompiledTemplates()
    compiled: list[str] = []
    original = Environment.compile

    def counting(self: Environment, source: Any, *args: Any, **kwargs: Any) -> Any:
        compiled.append(str(source)[:20])
        return original(self, source, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", counting)
    first = _environment(cache, "Hello {{ name }}").get_template("page.html")
    assert first.render(name="Lucita") == "Hello Lucita"
    assert len(compiled) == 1 and len(cache) == 1
    second = _environment(cache, "Hello {{ name }}").get_template("page.html")
    assert second.render(name="Beckett") == "Hello Beckett"
    assert len(compiled) == 1  # the second environment used the kept code

    # an edited template compiles anew; an async environment keeps its own code
    edited = _environment(cache, "Good evening {{ name }}").get_template("page.html")
    assert edited.render(name="Anarch") == "Good evening Anarch"
    assert len(compiled) == 2
    _environment(cache, "Good evening {{ name }}", enable_async=True).get_template("page.html")
    assert len(compiled) == 3 and len(cache) == 2


def test_voilas_page_exporter_shares_the_compiled_templates() -> None:
    exporter = DeskExporter(template_name="lab")
    assert exporter.environment.bytecode_cache is COMPILED


def _frames(session: Session, msg_type: str, content: dict[str, Any], parent: str) -> list[bytes]:
    parent_header = session.msg_header(parent)
    message = session.msg(msg_type, content=content, parent=parent_header)
    frames: list[bytes] = session.serialize(message)
    _identities, parts = session.feed_identities(frames)
    return list(parts)


def test_activity_is_read_from_the_headers_and_a_status_content() -> None:
    session = Session(key=b"secret")
    busy = _frames(session, "status", {"execution_state": "busy"}, "execute_request")
    assert read_activity(session, busy) == ("status", "execute_request", "busy")
    comm = _frames(session, "comm_msg", {"comm_id": "x", "data": {}}, "comm_msg")
    assert read_activity(session, comm) == ("comm_msg", "comm_msg", None)
    forged = _frames(Session(key=b"other"), "status", {"execution_state": "idle"}, "x")
    with pytest.raises(ValueError, match="Signature"):
        read_activity(session, forged)


class _Stream:
    def on_recv(self, callback: Any) -> None:
        self.callback = callback


class _Kernel:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.execution_state = "starting"
        self.stream = _Stream()

    def connect_iopub(self) -> _Stream:
        return self.stream


class _Manager(ActivityWatch):
    untracked: ClassVar[set[str]] = {"status", "comm_msg", "comm_info_request"}

    def __init__(self, kernel: _Kernel) -> None:
        self._kernels = {"k": kernel}
        self.last_kernel_activity = None

    def track_message_type(self, message_type: str | None) -> bool:
        return message_type not in self.untracked


def test_activity_records_follow_jupyter_servers_rules() -> None:
    session = Session(key=b"secret")
    kernel = _Kernel(session)
    manager = _Manager(kernel)
    manager.start_watching_activity("k")
    started = kernel.last_activity  # type: ignore[attr-defined]
    receive = kernel.stream.callback

    # a status answering an untracked message: "starting" becomes "idle", no activity
    receive(
        session.serialize(
            session.msg(
                "status", {"execution_state": "busy"}, parent=session.msg_header("comm_msg")
            )
        )
    )
    assert kernel.execution_state == "idle"
    assert kernel.last_activity == started  # type: ignore[attr-defined]
    # a status answering a tracked message sets the state and counts as activity
    receive(
        session.serialize(
            session.msg(
                "status", {"execution_state": "busy"}, parent=session.msg_header("execute_request")
            )
        )
    )
    assert kernel.execution_state == "busy"
    assert kernel.last_activity > started  # type: ignore[attr-defined]
    assert manager.last_kernel_activity == kernel.last_activity  # type: ignore[attr-defined]


def test_the_servers_logger_makes_no_record_its_handler_drops() -> None:
    app = DeskVoila()
    app.log_level = logging.INFO
    assert not app.log.isEnabledFor(logging.DEBUG)
    assert app.log.isEnabledFor(logging.INFO)
    app.log_level = logging.DEBUG
    assert app.log.isEnabledFor(logging.DEBUG)
