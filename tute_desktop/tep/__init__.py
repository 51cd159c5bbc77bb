"""The Tute Engine Protocol (docs/protocol.md): the rules engine and the bots
spoken to over standard input and output, one JSON object per line.

``python -m tute_desktop.engine`` (and ``tute-engine``) run ``server.main``. The
engine package itself has no I/O and knows nothing of its players; this package
wires the two together and words refusals from the catalog.
"""
