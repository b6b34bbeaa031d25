"""The shared kit of every page, one module per concern (import them by name; importing the
kit itself imports nothing else):

- ``page``: the page base (:class:`~calculators.kit.page.Page`), ``part``: the page/part
  contract (:class:`~calculators.kit.part.PartContext`), ``tabs``: tabs built when first shown;
- inputs: ``fields`` (number boxes, slider fields, a message beside an input), ``address``
  (the page's inputs in its address), ``query``;
- results: ``panel`` (result panel), ``charts`` (bar charts), ``trace_view`` (the steps with
  rule links), ``banner`` (the error banner);
- words and HTML without widgets: ``labels``, ``fmt``, ``markup``, ``links``, ``ruling``;
- the page's chrome: ``page_link`` (copy link, address bar), ``page_tools`` (reset, the ruling
  as text), ``layout``, ``style``, ``closing``.
"""
