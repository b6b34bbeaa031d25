"""The desk's pages, one package each: ``page.py`` (the page class), ``labels.py`` (its words),
its parts (one module per tab or part) and ``view.py`` (text and HTML from frozen inputs and
results, without widgets). See docs/architecture.md."""
