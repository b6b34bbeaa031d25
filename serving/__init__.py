"""How the desk is served over HTTP: Voila with compression and cache headers."""
