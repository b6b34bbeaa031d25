"""The VTES combat page: a combat rebuilt round by round as it was played, resolved."""
