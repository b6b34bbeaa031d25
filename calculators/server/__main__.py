"""``python -m calculators.server notebooks/ --port=8866``: Voila with the desk's server."""

from calculators.server.app import main

if __name__ == "__main__":
    main()
