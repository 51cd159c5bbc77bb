"""The About screen: the version, the licence, who made the game, where the
player's files and the log are, and the licences of everything the build bundles
(``tute_desktop.game.about``), to read with the arrows or the wheel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..game.about import About, about
from . import intents as I
from .menus import SCROLL_KEYS, font, page_heading, scrolled
from .scene import Scene
from .widgets import DIM, GOLD, INK

if TYPE_CHECKING:
    from .gfx import Canvas
    from .services import Services

TOP: Final = 0.11
"""Where the first line goes (a share of the height)."""


class AboutScene(Scene):
    """See the module doc. Read once when it opens: the notices are large."""

    def __init__(self, app: Services, info: About | None = None) -> None:
        super().__init__(app)
        self.info = info if info is not None else about()
        self.scroll = 0
        self.lines: list[tuple[str, tuple[int, ...]]] = []
        self.visible = 1
        """Lines the page shows at once: Page Up/Down (and left/right) move one
        fewer, so the last line read stays in sight (it moved by 12 lines, a
        third of a page, and a newcomer found no way to the end)."""

    def layout(self, size: tuple[int, int]) -> None:
        app, info = self.app, self.info
        tr = app.tr
        fs, width = font(app, 0.024), int(size[0] * 0.84)

        def wrapped(text: str, colour: tuple[int, ...]) -> list[tuple[str, tuple[int, ...]]]:
            """The game's own sentences wrapped to the page (the notices keep
            their lines)."""
            return [(line, colour) for line in app.text.wrap(text, fs, width)]

        lines: list[tuple[str, tuple[int, ...]]] = [
            (tr("about_version", name=info.name, version=info.version), GOLD),
            # what the program is, before its licence (a newcomer found no word of it)
            *wrapped(tr("about_what"), INK),
            *wrapped(tr("about_licence", licence=info.licence), INK),
            ("", INK),
        ]
        for role, names in info.credits:
            lines += wrapped(tr(f"about_credit.{role}", names=", ".join(names)), INK)
        lines += [
            ("", INK),
            (tr("about_data", path=str(info.data_dir)), DIM),
            (tr("about_logs", path=str(info.log_dir)), DIM),
            ("", INK),
        ]
        if info.components:
            lines.append((tr("about_bundles"), GOLD))
            lines += [(f"  {name} ({licence})", INK) for name, licence in info.components]
        else:
            lines.append((tr("about_from_source"), DIM))
        for text in (info.notices, info.licence_text):
            if text:
                lines.append(("", INK))
                lines += [(line.rstrip(), DIM) for line in text.splitlines()]
        self.lines = lines
        line_h = int(fs * 1.25)
        self.visible = max(2, (size[1] - line_h * 2 - int(size[1] * TOP)) // line_h + 1)
        self.scroll = min(self.scroll, self._last())

    def _last(self) -> int:
        """The farthest scroll: the last line at the foot of the page."""
        return max(0, len(self.lines) - self.visible)

    def handle(self, intent: I.Intent) -> None:
        k = intent.kind
        if k in (I.BACK, I.CONFIRM):
            self.app.nav.pop()
        elif k in (*SCROLL_KEYS, I.LEFT, I.RIGHT):  # (the licences run to thousands of lines)
            self.scroll = scrolled(self.scroll, intent, self.visible, self._last(), step=1,
                                   pages=(I.LEFT, I.RIGHT, I.PAGE_UP, I.PAGE_DOWN))

    def draw(self, canvas: Canvas) -> None:
        app = self.app
        w, h = page_heading(app, canvas, app.tr("about"))
        fs = font(app, 0.024)
        y = int(h * TOP)
        left = int(w * 0.08)
        line_h = int(fs * 1.25)
        for text, colour in self.lines[self.scroll:]:
            if y > h - line_h * 2:
                break
            if text:
                app.text.draw(canvas, text, fs, (left, y), colour)
            y += line_h
        app.text.draw(canvas, app.tr("about_keys"), int(fs * 0.9), (w // 2, h - 8), DIM,
                      anchor="midbottom")
