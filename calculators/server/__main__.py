"""``python -m calculators.server notebooks/ --port=8866``: Voila with the desk's server."""

import os
import sys

# ``python -m`` puts the working folder first on the path; run from the repository root, its
# ``voila.py`` (Voila's configuration file) would hide the ``voila`` package.
sys.path[:] = [p for p in sys.path if p not in ("", os.getcwd())]

from calculators.server.app import main  # noqa: E402

if __name__ == "__main__":
    main()
