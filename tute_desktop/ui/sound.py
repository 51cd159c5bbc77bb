"""Sound on and off, the same from every screen that offers it (the table's key,
the in-game menu, the settings): the setting is saved, the resources follow it
(``Services.set_settings``) and the volume is kept for when the sound is back."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .services import Services


def toggle_mute(app: Services) -> str:
    """Turn the sound off, or back on; the words that say which it is now."""
    muted = not app.settings.muted
    app.set_settings(app.settings.with_(muted=muted))
    return app.tr("sound_off" if muted else "sound_on")


def mute_label(app: Services) -> str:
    """The words of a button that turns the sound off, or back on."""
    return app.tr("pause_unmute" if app.settings.muted else "pause_mute")
