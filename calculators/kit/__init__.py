"""The shared kit of every calculator page."""

from calculators.kit import fmt
from calculators.kit.address import Field, pack, unpack, widget_fields
from calculators.kit.banner import ErrorBanner
from calculators.kit.charts import Bar, DistributionChart, bar_chart_svg, distribution_bars
from calculators.kit.labels import COMMON, LANGS, Catalog
from calculators.kit.layout import columns
from calculators.kit.markup import Cell, Markup, Row, heading, table
from calculators.kit.page import CalculatorApp, on_failure
from calculators.kit.page_link import PageLink
from calculators.kit.panel import ResultPanel
from calculators.kit.query import page_query, parse_query
from calculators.kit.trace_view import TraceView, rule_link, rule_url, trace_html

__all__ = [
    "COMMON",
    "LANGS",
    "Bar",
    "CalculatorApp",
    "Catalog",
    "Cell",
    "DistributionChart",
    "ErrorBanner",
    "Field",
    "Markup",
    "PageLink",
    "ResultPanel",
    "Row",
    "TraceView",
    "bar_chart_svg",
    "columns",
    "distribution_bars",
    "fmt",
    "heading",
    "on_failure",
    "pack",
    "page_query",
    "parse_query",
    "rule_link",
    "rule_url",
    "table",
    "trace_html",
    "unpack",
    "widget_fields",
]
