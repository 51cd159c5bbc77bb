"""Issue 27, point 3: boricua's running total read as the rules count it (RULES
§10.3: 0 to 50 are malas, from 51 each point is a buena), with the 50 in one
place (``Rules.malas_buenas``), the same on the table's score panel, in the
round summary and in the protocol's state."""

from __future__ import annotations

from dataclasses import replace

import pytest
from window_helpers import drawn_texts, new_table, settle

from tute_desktop.app import App
from tute_desktop.engine import find_variant, new_game
from tute_desktop.engine.serialize import state_json
from tute_desktop.ui.scoreboard import running_text

# (running total, how the table says it): the same words in both languages.
SAID = [(49, "49 (49 malas)"), (50, "50 (50 malas)"), (51, "51 (1 buena)"),
        (73, "73 (23 buenas)"), (100, "100 (50 buenas)")]


def test_s10_3_the_rules_split_a_total_in_malas_and_buenas() -> None:
    rules = find_variant("boricua")
    assert [rules.malas_buenas(t) for t in (0, 49, 50, 51, 73, 100)] == [
        (0, 0), (49, 0), (50, 0), (50, 1), (50, 23), (50, 50)]


def test_s10_3_the_protocol_state_counts_from_the_rules() -> None:
    st = new_game(find_variant("boricua"), seed=3)
    st.carry = [73, 51]
    d = state_json(st)
    assert d["buenas"] == [23, 1] and d["malas"] == [50, 50]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_s10_3_the_score_panel_says_buenas_and_malas(
        app: App, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app.set_settings(replace(app.settings, language=lang))
    table = new_table(app, "boricua", seed=2)
    settle(app, table)
    st = table.match.state
    for total, said in SAID:
        st.carry = [total - st.points[0], 0]
        texts = drawn_texts(app, monkeypatch)
        assert said in texts, (total, [t for t in texts if "buena" in t or "mala" in t])
        # The opponent, at the start of the round: its own total, in the malas.
        assert f"{st.points[1]} ({st.points[1]} malas)" in texts
        assert f"{total} buenas" not in texts


@pytest.mark.parametrize("lang", ["en", "es"])
def test_s10_3_the_summary_says_the_same_words(app: App, lang: str) -> None:
    app.set_settings(replace(app.settings, language=lang))
    table = new_table(app, "boricua", seed=2)
    for total, said in SAID:
        assert running_text(app, table.match, total) == said
