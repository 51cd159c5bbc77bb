"""The hint's comparison in plain words, and what a reason counts (two
newcomers read the hint, "the third best choice ... +0.7 points on average",
and the review's whole-round values as two verdicts on the same card)."""

from __future__ import annotations

import pytest
from test_review_tags import first_decision, review
from test_review_tags import quick as quick  # (a fixture)

from tute_desktop.app import App
from tute_desktop.bots.reasons import TRICKS, Reason
from tute_desktop.i18n import number, tr
from tute_desktop.ui.table.why import action_in_sentence, hint_words, reason_words

NOT_SECOND = Reason(TRICKS, "play 3e", "play 5c", 40, 0.7, -2.0, rank=3)
"""The hint's reason against the third best choice (the next best's deals
told nothing apart)."""
PLAIN = {"en": "Why not the 5 of cups?", "es": "¿Por qué no el 5 de copas?"}
HORIZON = {"en": "only this trick and the next (not the whole round)",
           "es": "solo esta baza y la siguiente (no toda la mano)"}
"""(A casino player read "Solo en esta baza y la siguiente, no en toda la mano:"
as a riddle, cold play nc104: "Contando solo ..." says what the number counts.)"""
PLACE = {"en": ("third", "next best"), "es": ("tercera", "siguiente mejor")}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hint_names_the_card_it_is_compared_with_plainly(lang: str) -> None:
    """Compared with the third best choice, the hint names that card, not its
    place, and says its numbers count this trick and the next, not the round."""
    hint = tr(lang, "hint_is_card", action=action_in_sentence(lang, "play 3e"))
    said = hint_words(lang, hint, NOT_SECOND, "habanero")
    assert said.startswith(hint + ". " + PLAIN[lang] + " "), said
    assert not any(word in said for word in PLACE[lang]), said
    assert HORIZON[lang] in said
    # (the difference, about, in the hint's words; the review says both values)
    assert number(lang, 0.7 - -2.0, 0) in said and number(lang, 0.7, 1, sign=True) not in said
    for points in (0.7, -2.0):
        assert number(lang, points, 1, sign=True) in reason_words(lang, NOT_SECOND, "habanero")
    # Where the reason compares with nothing (every choice equal, the
    # auction's), the hint says the reason alone.
    alone = Reason(TRICKS, "play 3e", "play 3e", 40, 0.7, 0.7)
    assert hint_words(lang, hint, alone, "habanero") == tr(
        lang, "hint_why", hint=hint, reason=reason_words(lang, alone, "habanero", table=True))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_form_of_the_tricks_reason_says_what_it_counts(lang: str) -> None:
    """Two players, three alone, pairs, subastado's bidder and la contra: the
    points of this trick and the next, said as not the whole round's."""
    for variant, form in (("habanero", None), ("tres", None), ("parejas", None),
                          ("subastado", "bidder"), ("subastado", "team")):
        assert HORIZON[lang] in reason_words(lang, NOT_SECOND, variant, form), (variant, form)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_reviews_tricks_reason_says_it_is_not_the_whole_round(
        app: App, quick: None, lang: str) -> None:
    """The review's values are whole-round values: a reason beside them
    counting two tricks says so (in the judgement's panel)."""
    scene = review(app, "tres", (1280, 720), lang)
    step = first_decision(scene)
    assert any(r.kind == TRICKS for r in scene.decisions[step].reasons)
    assert any(HORIZON[lang] in text for text, _, _ in scene.judgement())


def test_a_reason_names_the_cards_it_compares_with_their_article() -> None:
    """"¿Por qué no rey de oros?", "con 2 de copas" read as a translation to a
    Spanish player: a reason's cards take the definite article (la sota, el
    rey), in English too ("with the 2 of cups"); a declaration stays quoted."""
    assert action_in_sentence("es", "play 10o", article=True) == "la sota de oros"
    assert action_in_sentence("es", "play 12c", article=True) == "el rey de copas"
    assert action_in_sentence("en", "play 2c", article=True) == "the 2 of cups"
    assert action_in_sentence("es", "play 2c") == "2 de copas"  # (a line of play: "Ana 2 de copas")
    assert "el" not in action_in_sentence("es", "sing 20 c", article=True).split()
    said = {lang: hint_words(lang, "H", NOT_SECOND, "habanero") for lang in ("en", "es")}
    assert "with the 3 of swords" in said["en"] and "con el 3 de espadas" in said["es"]
    # The face-up card an exchange takes, named with its article too (nc67 read
    # "la carta que pinta, 5 de oros" as translated).
    from tute_desktop.bots.reasons import VALUE

    swap = Reason(VALUE, "swap 7e", "play 12b", 40, 3.2, 1.1, 9, clear=9.0)  # the As de oros
    assert "la carta que pinta, el as de oros," in reason_words("es", swap, "habanero")
    assert "the face-up card, the Ace (1) of coins," in reason_words("en", swap, "habanero")
