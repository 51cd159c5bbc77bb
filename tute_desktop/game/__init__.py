"""The game layer: what a match, a tournament and a player's files are, above the
engine and the bots and below the window (``docs/architecture.md``).

``match`` (a match and its log), ``tournament``, ``stats``, ``settings``,
``persist`` (the files: atomic writes, versioned and checked), ``review`` (every
decision of a round judged), ``about``; below them ``schema`` (what every file
must hold) and ``names``. No pygame here.
"""
