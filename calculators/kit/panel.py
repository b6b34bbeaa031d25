"""The result panel: a titled box whose body the calculator fills with HTML."""

from __future__ import annotations

import re

import ipywidgets as widgets

from calculators.kit.markup import heading


class ResultPanel:
    def __init__(self, title: str = "") -> None:
        self.widget = widgets.HTML(value="")
        self.widget.add_class("calc-result")
        self.title = title
        self.body = ""

    def show(self, body_html: str, title: str | None = None) -> None:
        if title is not None:
            self.title = title
        self.body = body_html
        title_html = heading(self.title, 3) if self.title else ""
        self.widget.value = f'<div class="calc-result-box">{title_html}{body_html}</div>'

    def clear(self) -> None:
        self.body = ""
        self.widget.value = ""

    @property
    def text(self) -> str:
        """The body without markup, for tests."""
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", self.body)).strip()
