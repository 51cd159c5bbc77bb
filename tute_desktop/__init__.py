"""Tute: the Spanish 40-card trick-taking game for the desktop."""

__version__ = "0.1.0"
