"""Screenshots of every scene at 1280x720 and 1920x1080 for docs/screenshots/.

    python tools/take_screenshots.py [--out docs/screenshots]

Drives the real scenes headless (dummy video driver), with bots run inline and
time advanced by hand, so the pictures are the same on every run.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tute_desktop.app import App, parse_args  # noqa: E402
from tute_desktop.match import Match, Seat  # noqa: E402
from tute_desktop.ui import intents as I  # noqa: E402
from tute_desktop.ui import table as table_module  # noqa: E402
from tute_desktop.ui.scenes import (  # noqa: E402
    NewGameScene,
    RulesScene,
    SettingsScene,
    SummaryScene,
    TitleScene,
)
from tute_desktop.ui.table import TableScene  # noqa: E402


def run(app: App, frames: int, dt: float = 0.1) -> None:
    for _ in range(frames):
        if app.top is None:
            return
        app.top.update(dt)


def save(app: App, out: Path, name: str) -> None:
    app._draw()
    w, h = app.size
    pygame.image.save(app.screen, str(out / f"{name}-{w}x{h}.png"))


def table_until(app: App, variant: str, seed: int, want: str) -> TableScene:
    """A table with a person at seat 0 (played by the expert's hint logic: first
    legal play), advanced until ``want``: 'play' (mid-round), 'banner', 'summary'."""
    n = {"tres": 3, "parejas": 4}.get(variant, 2)
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", "medium") for i in range(1, n)]
    table = TableScene(app, Match(variant, seats, seed=seed))
    app.reset_to(table)
    for _ in range(4000):
        top = app.top
        if want == "summary" and isinstance(top, SummaryScene):
            run(app, 15)
            return table
        if want == "banner" and table.banner is not None and table.banner[1] > 0.5:
            return table
        if top is table and table._human_turn():
            st = table.match.state
            if want == "play" and st.tricks_played >= 3 and not st.trick_cards:
                run(app, 5)
                return table
            acts = st.legal_actions()
            specials = [a for a in acts if a.kind in ("sing", "swap")]
            plays = [a for a in acts if a.kind == "play"]
            choice = specials[0] if specials else (plays[0] if plays else acts[-1])
            table._act(choice)
        run(app, 1)
    return table


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    args = p.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    table_module.INLINE_BOTS = True
    with tempfile.TemporaryDirectory() as home:
        os.environ["TUTE_HOME"] = home
        for size in ("1280x720", "1920x1080"):
            app = App(parse_args(["--size", size, "--speed", "3"]))
            app.settings = app.settings.with_(language="es")
            app.push(TitleScene(app))
            save(app, args.out, "title")
            app.reset_to(NewGameScene(app))
            save(app, args.out, "new-game")
            app.reset_to(SettingsScene(app))
            save(app, args.out, "settings")
            app.reset_to(RulesScene(app, "habanero"))
            save(app, args.out, "rules")
            for variant in ("habanero", "corriente", "boricua", "tres", "parejas"):
                table_until(app, variant, 2, "play")
                save(app, args.out, f"table-{variant}")
            table = table_until(app, "habanero", 1, "banner")
            save(app, args.out, "declaration")
            table = table_until(app, "habanero", 2, "play")
            app.dispatch(I.Intent(I.KEY, char="l"))
            save(app, args.out, "last-trick")
            table = table_until(app, "habanero", 3, "summary")
            save(app, args.out, "summary")
            del table
            while app.stack:
                app.stack.pop().exit()
    print(f"screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
