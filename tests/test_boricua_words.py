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


# Issue 29, point 5: boricua's own words (docs/glossary.md). Its rules and lesson
# say «acuso» and «la Vira»; its table, banners, chronicle and hints say the same,
# and a Puerto Rican group is addressed as ustedes. The other variants keep the
# plain words.
OWN_WORDS = {
    "es": {"sing20": "Acuso 20 en copas", "sing40": "Acuso 40", "trumps": "Vira: oros",
           "banner": "¡Bot acusa veinte en copas!", "hint": "acusar veinte en copas",
           "privacy": "Los demás, no miren la pantalla"},
    "en": {"sing20": "Acuso 20 in cups", "sing40": "Acuso 40", "trumps": "Vira: coins",
           "banner": "Bot says «Acuso veinte» in cups!", "hint": "say «acuso veinte» in cups",
           "privacy": "Everyone else, please look away"},
}


def boricua_words(lang: str, variant: str) -> dict[str, str]:
    """What a table of `variant` says for each of boricua's own words."""
    from tute_desktop.engine import Action
    from tute_desktop.engine.cards import Card
    from tute_desktop.engine.events import Ask, Cante, Declared
    from tute_desktop.i18n import in_variant, tr
    from tute_desktop.ui.table.advice import Advice, line
    from tute_desktop.ui.table.chronicle import Names, banner
    from tute_desktop.ui.table.describe import action_words

    sing20 = Action.parse("sing 20 c")
    names = Names(lambda seat: "Bot", variant=variant)
    said = banner(Declared(seat=1, kind=Cante.TWENTY, suit=Card.parse("1c").suit, rank=None,
                           points=20), names)
    assert said is not None
    # the rule line's list of what else the seat may do (asked before the first trick)
    hint = line(tr, lang, Advice(None, Ask.EXCHANGE, (sing20,), -1, variant))
    return {
        "sing20": action_words(lang, sing20, variant),
        "sing40": action_words(lang, Action.parse("sing 40"), variant),
        "trumps": tr(lang, in_variant(variant, "trumps_line"), suit=tr(lang, "suit.0")),
        "banner": said.render(lang),
        "hint": hint,
        "privacy": tr(lang, in_variant(variant, "privacy_others")),
    }


@pytest.mark.parametrize("lang", ["es", "en"])
def test_boricua_says_acuso_and_la_vira_and_speaks_to_ustedes(lang: str) -> None:
    words = boricua_words(lang, "boricua")
    own = OWN_WORDS[lang]
    assert {k: v for k, v in words.items() if k != "hint"} == \
        {k: v for k, v in own.items() if k != "hint"}
    assert own["hint"] in words["hint"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_other_variants_keep_the_plain_words(lang: str) -> None:
    plain = boricua_words(lang, "habanero")
    assert not any(word in text for word in ("Acuso", "acus", "Vira")
                   for text in plain.values())
    assert plain["trumps"] == ("Triunfo: oros" if lang == "es" else "Trumps: coins")
    assert plain["sing20"] == ("Cantar 20 en copas" if lang == "es" else "Declare the 20 in cups")
    if lang == "es":
        assert plain["privacy"] == "Los demás, no miréis la pantalla"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_boricuas_table_says_what_its_rules_and_lesson_say(lang: str) -> None:
    from tute_desktop.i18n import tr
    from tute_desktop.i18n.rules_text import rules_text

    prose = " ".join(p for _, paragraphs in rules_text("boricua", lang) for p in paragraphs)
    lesson = tr(lang, "lesson.boricua.4")
    assert "Acuso veinte" in prose and "Vira" in prose
    assert "acuso veinte" in lesson
    words = boricua_words(lang, "boricua")
    assert words["sing20"].startswith("Acuso") and words["trumps"].startswith("Vira")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_s10_3_the_live_boricua_table_draws_la_vira(
        app: App, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app.set_settings(replace(app.settings, language=lang))
    table = new_table(app, "boricua", seed=2)
    settle(app, table)
    texts = drawn_texts(app, monkeypatch)
    assert any(t.startswith("Vira: ") for t in texts), texts
    assert not any(t.startswith(("Trumps:", "Triunfo:")) for t in texts)
    # the score panel's column of declared points: boricua's acuses
    assert "Acuses" in texts and not {"Cantes", "Declared"} & set(texts)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_boricua_says_the_dealer_deals_again(app: App, lang: str) -> None:
    """RULES §7.3: in boricua the first round's dealer deals every round. nc85
    (from Puerto Rico, where the deal passes) read it as a fault: when that
    dealer first deals again, the table says the rule."""
    import random

    from window_helpers import tick

    from tute_desktop.game.match import Match, Seat
    from tute_desktop.ui.table import TableScene

    app.settings = app.settings.with_(language=lang)
    for variant in ("boricua", "habanero"):
        match = Match(variant, [Seat("Ana"), Seat("Bot", "random")], seed=0)
        rng = random.Random(0)
        while match.state.phase == "play":
            match.apply(rng.choice(match.state.legal_actions()))
        table = TableScene(app, match)
        app.reset_to(table)
        assert match.state.phase == "round_over", variant
        dealer = match.state.dealer
        table.continue_after_round()
        said = []
        for _ in range(40):
            tick(app)
            if table.hud.toast is not None:
                said.append(table.hud.toast[0])
        again = app.tr("same_dealer", name=table.name(dealer))
        again_you = app.tr("same_dealer_you")
        if variant == "boricua":
            assert match.state.dealer == dealer
            assert again in said or again_you in said, said
        else:
            assert again not in said and again_you not in said
