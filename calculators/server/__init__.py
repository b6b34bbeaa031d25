"""The desk's Voila server: kernels that die cost one page, pools that fill in the background.

``python -m calculators.server notebooks/ ...`` takes Voila's own arguments and reads
``voila.json`` like ``voila`` does. On top of Voila it:

- never lets a send to a kernel block the event loop (``kernels``),
- fills the preheated kernel pools one kernel at a time, visited pages first, serves visitors
  from a fresh kernel when their page's pool is empty, and replaces kernels that die (``pools``),
- answers a visitor whose kernel died with a short "try again" page, offers ``/health``, tells a
  service manager that the event loop answers, and finishes the pages in flight before it stops
  (``app``).
"""
