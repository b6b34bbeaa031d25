"""Rules engines and the rules reference of Vampire Rules Desk.

Pure Python: no widgets, no I/O beyond reading the package's own data files.
"""
