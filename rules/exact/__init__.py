"""Exact linear algebra for absorbing Markov chains, with no knowledge of any game.

- :mod:`rules.exact.graph`: strongly connected components and topological orders;
- :mod:`rules.exact.rational`: rationals as integer pairs or over factored denominators;
- :mod:`rules.exact.inverse`: exact inverses of ``I - Q``;
- :mod:`rules.exact.program`: a chain's visits compiled into a straight-line integer program.
"""
