"""The calculators of Vampire Rules Desk: ipywidgets apps built on :mod:`rules`."""
