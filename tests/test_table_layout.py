"""Issue 18: at every supported size, in every variant, in both languages and in
large text, no label, plate, pile, hand or button of the table overlaps another,
and all lie inside the window. The rectangles are the ones the table draws with
(``TableScene.regions``)."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pygame
import pytest

from tute_desktop.app import App
from tute_desktop.engine import find_variant
from tute_desktop.match import Match, Seat
from tute_desktop.ui import intents as I
from tute_desktop.ui.table import TableScene

SIZES = [(960, 540), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160), (1024, 768)]
VARIANTS = ["habanero", "corriente", "boricua", "tres", "parejas", "cuatro"]


def _table(app: App, variant: str, lang: str, size: tuple[int, int],
           text_size: str = "normal") -> TableScene:
    app.set_settings(replace(app.settings, language=lang, text_size=text_size))
    app.set_window_size(size)
    app.dispatch(I.Intent(I.RESIZE, size=size))
    n = find_variant(variant).players
    # Long names: the plates and the panel must cut them, not overflow.
    seats = [Seat("Maximiliano Ruiz")] + [
        Seat(f"Bot {i} ({app.tr('level_expert')})", "random") for i in range(1, n)]
    table = TableScene(app, Match(variant, seats, seed=4))
    app.reset_to(table)
    for _ in range(400):  # to the person's first turn
        if table.human_turn():
            break
        table.update(0.1)
    app.draw_frame()
    return table


def _check(table: TableScene, size: tuple[int, int]) -> None:
    found = table.regions()
    screen = pygame.Rect(0, 0, *size)
    for name, rect in found.items():
        if rect.width and rect.height:
            assert screen.contains(rect), (size, name, rect)
    for (a, ra), (b, rb) in combinations(found.items(), 2):
        assert not ra.colliderect(rb), (size, a, ra, b, rb)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(("lang", "text_size"),
                         [("en", "normal"), ("es", "normal"), ("es", "large")])
def test_nothing_on_the_table_overlaps_at_any_size(app: App, variant: str, lang: str,
                                                   text_size: str) -> None:
    for size in SIZES:
        table = _table(app, variant, lang, size, text_size)
        assert table.human_turn()
        _check(table, size)  # the person's turn: their buttons and the rule line
        for _ in range(400):  # a trick complete on the table: its callout shows
            if table.human_turn():
                st = table.match.state
                plays = [a for a in st.legal_actions() if a.kind == "play"]
                table.act(plays[0] if plays else st.legal_actions()[-1])
            table.update(0.05)
            if table.hud.callout is not None:
                break
        assert table.hud.callout is not None
        _check(table, size)
