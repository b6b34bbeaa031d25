"""The VTES damage page: what happens to one minion dealt damage, step by step."""
